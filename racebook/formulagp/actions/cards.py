"""FormulaGP actions: card management beyond movement (§5.1, §6.5, §6.7, §8.3, §10.1.3).
Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import (
    CARD,
    FgpAction,
    OneCard,
    card_code,
    register,
    syntax_error,
)

EVENT_CARD = re.compile(r"E[1-9][0-9]?")
PARAMS = ("white", "yellow", "red")


def _any_card(word: str, text: str) -> str:
    if not (CARD.fullmatch(word) or EVENT_CARD.fullmatch(word)):
        raise syntax_error(text, f"{word!r} is not an ACTION or EVENT card code (G1, O3, W8, P1, E2)")
    return word


@dataclass(frozen=True, slots=True)
class Spend(FgpAction):
    """``Grey spend O1`` (a single-card secondary function, §5.1: +1 OT), ``Grey spend G7 R7`` (a 2× function by the
    matching icons: +1 ERS, a tyre wear point, +1 MP), ``Grey spend G4 E1 white`` (2× regain a Parameter: which)."""

    VERB: ClassVar[str] = "spend"
    cards: tuple[str, ...] = ()
    param: str = ""

    def _args(self) -> str:
        return " ".join(self.cards + ((self.param,) if self.param else ()))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        param = words[-1] if words and words[-1] in PARAMS else ""
        if param:
            words = words[:-1]
        if not 1 <= len(words) <= 2:
            raise syntax_error(text, "'spend' names one card or two (a 2x function), then a Parameter to regain if any")
        if param and len(words) != 2:
            raise syntax_error(text, "a Parameter is regained by spending two cards (2x)")
        return cls(car, tuple(_any_card(w, text) for w in words), param)


@dataclass(frozen=True, slots=True)
class Param(FgpAction):
    """``Grey param yellow`` / ``red``; ``Grey param white G1 R3``: the White Parameter discards the cards named
    (maybe none) and draws up to the hand limit (§8.3)."""

    VERB: ClassVar[str] = "param"
    which: str = "white"
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join((self.which,) + self.cards)

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not words or words[0] not in PARAMS:
            raise syntax_error(text, "'param' names a Parameter token: white, yellow or red")
        if words[0] != "white" and len(words) > 1:
            raise syntax_error(text, "only the White Parameter names cards (those it discards)")
        return cls(car, words[0], tuple(card_code(w, text) for w in words[1:]))


@dataclass(frozen=True, slots=True)
class OptionCard(OneCard):
    """``Grey option P2``: play an Option card for its primary function, draw an EVENT card (§6.5)."""

    VERB: ClassVar[str] = "option"


@dataclass(frozen=True, slots=True)
class PlayEvent(FgpAction):
    """``Grey event E3``: play a held EVENT card (§6.7)."""

    VERB: ClassVar[str] = "event"
    card: str = ""

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not EVENT_CARD.fullmatch(words[0]):
            raise syntax_error(text, "'event' names one EVENT card, e.g. E3")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Ladder(OneCard):
    """``Grey ladder P2``: the no-movement-card ladder (§10.1 step 3): play an Option or Tyre Wear card, resolve it,
    draw one card (step b); ``Grey ladder B1``: discard a BLUE card and draw one (step d)."""

    VERB: ClassVar[str] = "ladder"


register(Spend, Param, OptionCard, PlayEvent, Ladder)
