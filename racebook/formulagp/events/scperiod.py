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


@dataclass(frozen=True, slots=True)
class FasterVscDeployed(Event):
    """The Optional 15.11.3 (§21, §19.5): the driver who drew the 'Virtual Safety Car' card has finished its turn; the
    round ends (``lost``: the drivers still to move lose that turn) and the next round is the VSC round, in
    ``sequence`` (the current sequence continued)."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Virtual Safety Car (Optional 15.11.3): {car} has finished its turn; the Chequered Flag "
                               "advances now (still to move, their turn lost: {lost}); next round every car moves "
                               "{spaces} spaces, no card drawn or played, in the sequence {sequence}")
    SEP: ClassVar[dict[str, str]] = {"lost": ", ", "sequence": ", "}
    car: str
    lost: tuple[str, ...]
    spaces: int
    sequence: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FasterVscMove(Event):
    """The Optional 15.11.3 (§21, §19.5): in the VSC round a car moves a set number of spaces, no card played."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("under the Virtual Safety Car {car} moves {spaces} spaces, no card played (Optional "
                               "15.11.3); no overtaking, every track event off (§19.5)")
    car: str
    spaces: int


@dataclass(frozen=True, slots=True)
class FasterVscEnded(Event):
    """The Optional 15.11.3 (§21): the VSC lasts one round; normal play resumes with the next."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("the Virtual Safety Car ends after its one round (Optional 15.11.3): the next round is "
                               "a normal one, with its draw phase")
