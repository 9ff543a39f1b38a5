"""Human labels for FormulaGP's actions: what a button says ("play G3 (green): 5 MP", "drive to T05.2.1 (lane
change)", "charge the ERS: -1 MP, +1 ERS"), while the action text (``Grey play G3``,
:mod:`racebook.formulagp.actions`) stays the notation and goes in the tooltip. It only describes; what is legal
stays the turn machine's (:mod:`racebook.formulagp.turn`). Each action class registers its words in :data:`BUTTON`
(issue 39 item 4: per-class registration, no ``isinstance`` ladder); the plain words of the guided first race
(notebook F0) are their own table, :data:`racebook.formulagp.lessons.choicewords.PLAIN`. Standard library only.
"""

from __future__ import annotations

from racebook.core.byclass import ByClass
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
    TyreOption,
)
from racebook.formulagp.rules.tyresets import option_words
from racebook.formulagp.state import RaceState

#: The words of each action class's button, in the position where it is legal.
BUTTON: ByClass[RaceState, str] = ByClass("FormulaGP's button words")


def _cards(codes: tuple[str, ...], as_colour: str) -> str:
    return " + ".join(f"{c} as {as_colour}" if c.startswith("O") else c for c in codes)


def label(s: RaceState, a: FgpAction) -> str:
    """The words of ``a``'s button in position ``s`` (where it is legal); an action class with no words of its own:
    its action text."""
    return BUTTON.get(s, a, str(a))


@BUTTON.register(Keep)
def _keep(s: RaceState, a: Keep) -> str:
    return "keep the cards drawn (no ERS return)"


@BUTTON.register(Return)
def _return(s: RaceState, a: Return) -> str:
    return f"return {' '.join(a.cards)} to the deck and draw {len(a.cards)}"


@BUTTON.register(Discard)
def _discard(s: RaceState, a: Discard) -> str:
    return f"discard {a.card} (hand limit)"


@BUTTON.register(Clear)
def _clear(s: RaceState, a: Clear) -> str:
    return f"play Tyre Wear card {a.card} to clear the hand (+1 wear)"


@BUTTON.register(TyreOption)
def _tyre_option(s: RaceState, a: TyreOption) -> str:
    return f"Option {a.option.upper()}: {option_words(a.option)} (§21 15.10)"


@BUTTON.register(Launch)
def _launch(s: RaceState, a: Launch) -> str:
    extra = f", +{len(a.extras)} LED ({' '.join(a.extras)})" if a.extras else ""
    return f"seal the start: {_cards(a.cards, a.as_colour)}{extra}"


@BUTTON.register(Play)
def _play(s: RaceState, a: Play) -> str:
    pair = "pair " if len(a.cards) == 2 else ""
    return f"play {pair}{_cards(a.cards, a.as_colour)}" + (" + Car Characteristic" if a.characteristic else "")


@BUTTON.register(To)
def _to(s: RaceState, a: To) -> str:
    here = s.cars[a.car].pos
    there = s.track.pos(a.to)
    side = " (lane change)" if there.tile == here.tile and there.lane != here.lane else ""
    return f"drive to {a.to}{side}"


@BUTTON.register(Charge)
def _charge(s: RaceState, a: Charge) -> str:
    return "charge the ERS: -1 MP, +1 ERS"


@BUTTON.register(Brake)
def _brake(s: RaceState, a: Brake) -> str:
    return f"Brake! with {a.card}: -1 MP, +1 wear"


@BUTTON.register(Extend)
def _extend(s: RaceState, a: Extend) -> str:
    return "extend with an ERS charge: +1 MP" if a.by == "ers" else f"extend with {a.by}: +1 MP, +1 wear"


@BUTTON.register(Stop)
def _stop(s: RaceState, a: Stop) -> str:
    return "stop here (leftover MP become OT)"


@BUTTON.register(End)
def _end(s: RaceState, a: End) -> str:
    return "end the turn"
