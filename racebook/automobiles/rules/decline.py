"""The Decline phase: wear for moving, by the darkest space colour moved through; none when drafting (§11).

Wear gained goes to the Used pile (AMB-3). Drafting (AMB-14): the segment directly ahead of the car, in its lane,
holds another car at the end of the Car phase. Aerodynamics also counts as drafting (§18.1; the ``drafting`` flag).
"""

from __future__ import annotations

from racebook.automobiles.cubes import WEAR
from racebook.automobiles.events import AeroDrafting, DeclineWear, Drafting
from racebook.automobiles.rules.stock import gain
from racebook.automobiles.state import GameState
from racebook.core.log import EventLog


def car_ahead(state: GameState, pid: str) -> str | None:
    """The car in the segment directly ahead of ``pid``'s car in its lane (AMB-14), or None; with the house rule
    ``drafting_diagonal`` also in an adjacent lane."""
    p = state.players[pid]
    n = state.board.length
    lanes = {p.lane - 1, p.lane, p.lane + 1} if state.rules.drafting_diagonal else {p.lane}
    for q in sorted(state.players.values(), key=lambda q: abs(q.lane - p.lane)):
        if q.id != pid and q.lane in lanes and q.progress % n == (p.progress + 1) % n:
            return q.id
    return None


def decline_wear(state: GameState, colour: str) -> int:
    """The wear for a darkest colour (§11; §24 Ex. 25: W 1, L 2, D 3, K 4 in the shipped data)."""
    return state.comps.decline[colour]


def decline(state: GameState, pid: str, darkest_colour: str | None, events: EventLog, aero: bool = False) -> int:
    """Apply the Decline phase for ``pid`` (``aero``: Aerodynamics was played, §18.1); returns the wear gained."""
    if darkest_colour is None:
        return 0
    wear = decline_wear(state, darkest_colour)
    if aero:
        events.append(AeroDrafting(pid, wear, darkest_colour))
        return 0
    ahead = car_ahead(state, pid)
    if ahead is not None:
        events.append(Drafting(pid, ahead, wear, darkest_colour))
        return 0
    got = gain(state, pid, WEAR, wear)
    events.append(DeclineWear(pid, darkest_colour, wear, got))
    return got
