"""FormulaGP events: [ADV] the Safety Car period by die (digest §19.4.1, §19.6, A13; the original's 13.9.1, 13.10).
Imported as a module of its own (``from racebook.formulagp.events import scperiod``); see
:mod:`racebook.formulagp.scperiod`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class SafetyCarPeriod(Event):
    """[ADV] The WHITE die that sets how long the Safety Car stays out (§19.4.1): the SC token ``face`` spaces ahead
    of the Chequered Flag (the icon counts 1), or a major incident, the Red Flag (§19.6, A13)."""

    RULE: ClassVar[str] = "§19.4.1"
    TEMPLATE: ClassVar[str] = "the Safety Car's period: the WHITE die shows {face} ({colour}): {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    face: int
    colour: str
    outcome: str


@dataclass(frozen=True, slots=True)
class SafetyCarCardBack(Event):
    """The Optional 15.11.1 (§21): the first 'Safety Car' EVENT card drawn goes back into the draw pile, reshuffled;
    the driver draws again (``drawn``, "-" when no card is left)."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("the 'Safety Car' EVENT card {card} is drawn for the first time: back into the draw "
                               "pile, reshuffled (Optional 15.11.1); drawn instead: {drawn}")
    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class FasterSafetyCarMove(Event):
    """The Optional 15.11.2 (§21): under the Safety Car a player drives a set number of spaces, no card played."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("under the Safety Car {car} drives {spaces} spaces, no card played (Optional 15.11.2); "
                               "no overtaking, one tile behind the car ahead (§19.4.2)")
    car: str
    spaces: int
