"""FormulaGP actions: loss of control and damage (§18).
Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import (
    FgpAction,
    OneCard,
    card_code,
    register,
    syntax_error,
)

#   ``Grey countersteer G1``   a loss of control: spend a card with the Counter-steer secondary (§18.1)
#   ``Grey spin``              a loss of control: no counter-steer, the car spins (§18.1)
#   ``Grey face``              rejoining after a spin: the 1st MP turns the car the right way (§18.2)
#   ``Grey rejoin``            rejoining from off track: 1 MP back onto the nearest space, pushing a car there
#                              (§18.2 b, §11.3.1)
#   ``Grey repair FL3 G1 G2``  a Quick Repair: spend the cards a FAILURE card names (§18.5)
INCIDENT_CARD = re.compile(r"(RK|DM|FL)[1-9][0-9]?")


@dataclass(frozen=True, slots=True)
class CounterSteer(OneCard):
    VERB: ClassVar[str] = "countersteer"


@dataclass(frozen=True, slots=True)
class Spin(FgpAction):
    VERB: ClassVar[str] = "spin"


@dataclass(frozen=True, slots=True)
class FaceForward(FgpAction):
    VERB: ClassVar[str] = "face"


@dataclass(frozen=True, slots=True)
class Rejoin(FgpAction):
    VERB: ClassVar[str] = "rejoin"


@dataclass(frozen=True, slots=True)
class Repair(FgpAction):
    """A Quick Repair (§18.5): the FAILURE card repaired and the ACTION cards spent."""

    VERB: ClassVar[str] = "repair"
    failure: str = ""
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join((self.failure, *self.cards))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) < 2 or not INCIDENT_CARD.fullmatch(words[0]) or not words[0].startswith("FL"):
            raise syntax_error(text, "'repair' names a FAILURE card, then the cards spent, e.g. repair FL3 G1")
        return cls(car, words[0], tuple(card_code(w, text) for w in words[1:]))


INCIDENT_CLASSES: tuple[type[FgpAction], ...] = (CounterSteer, Spin, FaceForward, Rejoin, Repair)
register(*INCIDENT_CLASSES, listed=False)
