"""Human labels for FormulaGP's actions: what a button says ("play G3 (green): 5 MP", "drive to T05.2.1 (lane
change)", "charge the ERS: -1 MP, +1 ERS"), while the action text (``Grey play G3``,
:mod:`racebook.formulagp.actions`) stays the notation and goes in the tooltip. It only describes; what is legal
stays the turn machine's (:mod:`racebook.formulagp.turn`). Standard library only.
"""

from __future__ import annotations

from racebook.formulagp.actions import (
    Brake,
    Charge,
    Clear,
    Discard,
    End,
    Extend,
    FgpAction,
    Keep,
    Launch,
    Play,
    Return,
    Stop,
    To,
)
from racebook.formulagp.state import RaceState


def _cards(codes: tuple[str, ...], as_colour: str) -> str:
    return " + ".join(f"{c} as {as_colour}" if c.startswith("O") else c for c in codes)


def label(s: RaceState, a: FgpAction) -> str:
    """The words of ``a``'s button in position ``s`` (where it is legal)."""
    if isinstance(a, Keep):
        return "keep the cards drawn (no ERS return)"
    if isinstance(a, Return):
        return f"return {' '.join(a.cards)} to the deck and draw {len(a.cards)}"
    if isinstance(a, Discard):
        return f"discard {a.card} (hand limit)"
    if isinstance(a, Clear):
        return f"play Tyre Wear card {a.card} to clear the hand (+1 wear)"
    if isinstance(a, Launch):
        extra = f", +{len(a.extras)} LED ({' '.join(a.extras)})" if a.extras else ""
        return f"seal the start: {_cards(a.cards, a.as_colour)}{extra}"
    if isinstance(a, Play):
        pair = "pair " if len(a.cards) == 2 else ""
        return f"play {pair}{_cards(a.cards, a.as_colour)}" + (" + Car Characteristic" if a.characteristic else "")
    if isinstance(a, To):
        here = s.cars[a.car].pos
        there = s.track.pos(a.to)
        side = " (lane change)" if there.tile == here.tile and there.lane != here.lane else ""
        return f"drive to {a.to}{side}"
    if isinstance(a, Charge):
        return "charge the ERS: -1 MP, +1 ERS"
    if isinstance(a, Brake):
        return f"Brake! with {a.card}: -1 MP, +1 wear"
    if isinstance(a, Extend):
        return "extend with an ERS charge: +1 MP" if a.by == "ers" else f"extend with {a.by}: +1 MP, +1 wear"
    if isinstance(a, Stop):
        return "stop here (leftover MP become OT)"
    if isinstance(a, End):
        return "end the turn"
    return str(a)
