"""FormulaGP events: the Optional turn order by momentum (§21 15.1; racebook.formulagp.momentum)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class MomentumToShow(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Optional 15.1: cars share a tile at the start of the movement phase; {cars} choose "
                               "their movement cards face down, shown together")
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MomentumSealed(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = "{car} has chosen its movement card(s), face down (Optional 15.1)"
    car: str


@dataclass(frozen=True, slots=True)
class MomentumShown(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = "{car} shows {cards}: {leds} LEDs (Optional 15.1), the card(s) it will play"
    SEP: ClassVar[dict[str, str]] = {"cards": " + "}
    car: str
    cards: tuple[str, ...]
    leds: int


@dataclass(frozen=True, slots=True)
class MomentumDie(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = "BOT {car} rolls the WHITE die for its LEDs: {face} {colour}, {leds} LEDs (Optional 15.1)"
    car: str
    face: int
    colour: str
    leds: int


@dataclass(frozen=True, slots=True)
class MomentumOrder(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("On tile {tile} the momentum decides (Optional 15.1; worn tyres last: {worn}; a tie by "
                               "the standard sequence): {order}")
    SEP: ClassVar[dict[str, str]] = {"order": ", ", "worn": ", "}
    tile: str
    order: tuple[str, ...]
    worn: tuple[str, ...] = ()
