"""The Stock: the finite supply every gained cube comes from and every removed cube returns to (§1.2, §0.2).

Gained cubes (wear from cards and from the Decline phase, bought cubes) go to the Used pile (AMB-3) unless a rule
says otherwise (or the house rule ``gains_to`` sends them to the Discard pile). If the Stock runs short, the
player gains what there is (AMB-18).
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.options import GainsTo
from racebook.automobiles.state import GameState
from racebook.automobiles.zones import Zone


def gain(state: GameState, pid: str, code: str, n: int, to: Zone | None = None) -> int:
    """Move up to ``n`` cubes of ``code`` from the Stock to ``to`` (the Used pile by default); returns how many."""
    got = min(n, state.stock.get(code, 0))
    if got:
        zones.take(state.stock, code, got)
        zones.add(gain_zone(state, pid) if to is None else to, code, got)
    return got


def gain_pile(state: GameState) -> str:
    """The name of that pile, for the events."""
    return "Discard pile" if state.rules.gains_to is GainsTo.DISCARD else "Used pile"


def gain_zone(state: GameState, pid: str) -> Zone:
    """Where gained and bought cubes go (AMB-3): the Used pile, or the Discard pile (house rule ``gains_to``)."""
    p = state.players[pid]
    return p.discard if state.rules.gains_to is GainsTo.DISCARD else p.used


def remove(state: GameState, zone: Zone, code: str, n: int = 1) -> None:
    """Return ``n`` cubes of ``code`` from a player's ``zone`` to the Stock ("remove", §0.2)."""
    zones.take(zone, code, n)
    zones.add(state.stock, code, n)
