"""FormulaGP actions: qualifying and the race start (§9).
Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import (
    FgpAction,
    OneCard,
    card_code,
    register,
    syntax_error,
)


@dataclass(frozen=True, slots=True)
class Qualify(FgpAction):
    """The sealed qualifying cards (§9.1, §9.2 item 2): ``Grey qualify G3 G5 W1 P2`` — a movement card or a pair
    (BLUE + BLUE allowed, as in a battle), any Tyre Wear and Option cards; ``Grey qualify none``: no card (score 0,
    A38)."""

    VERB: ClassVar[str] = "qualify"
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join(self.cards) or "none"

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if words == ["none"]:
            return cls(car, ())
        if not words:
            raise syntax_error(text, "'qualify' names the cards played, or 'none'")
        return cls(car, tuple(card_code(w, text) for w in words))


@dataclass(frozen=True, slots=True)
class Push(FgpAction):
    """Push the limit in qualifying: roll the WHITE die (§9.2 item 4)."""

    VERB: ClassVar[str] = "push"


@dataclass(frozen=True, slots=True)
class NoPush(FgpAction):
    """Decline to push the limit (§9.2 item 4)."""

    VERB: ClassVar[str] = "nopush"


@dataclass(frozen=True, slots=True)
class Steer(OneCard):
    """After a red face on a push: spend this counter-steer card (§9.2 item 4, A41)."""

    VERB: ClassVar[str] = "steer"


@dataclass(frozen=True, slots=True)
class Pole(FgpAction):
    """The pole's bonus card (§9.4 item 1): keep one of the top three cards of the deck; the other two go on top
    or at the bottom of the deck, each list read from the top down: ``Grey pole keep=G3 top=R2 bottom=W1``."""

    VERB: ClassVar[str] = "pole"
    keep: str = ""
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()

    def _args(self) -> str:
        return f"keep={self.keep} top={','.join(self.top) or '-'} bottom={','.join(self.bottom) or '-'}"

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        keys = [w.partition("=")[0] for w in words]
        if keys != ["keep", "top", "bottom"]:
            raise syntax_error(text, "'pole' reads keep=<card> top=<cards> bottom=<cards> (comma lists, '-' for none)")
        vals = [w.partition("=")[2] for w in words]

        def codes(v: str) -> tuple[str, ...]:
            return () if v == "-" else tuple(card_code(x, text) for x in v.split(","))

        return cls(car, card_code(vals[0], text), codes(vals[1]), codes(vals[2]))


QUALIFY_CLASSES: tuple[type[FgpAction], ...] = (Qualify, Push, NoPush, Steer, Pole)
register(*QUALIFY_CLASSES)
