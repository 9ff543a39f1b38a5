"""Strategy Cards and skills that change a step (§19.3, §26, §27)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.rf90.car import Strategy
from racebook.rf90.events.base import Event, strategy_name


class ChaseEnd(Enum):
    """Why the Chased token comes off (§26.8)."""

    STRATEGY = "the strategy changed"
    OFF_TRACK = "the chased car is off the track"
    BEHIND = "the chased car is behind"
    PIT = "a pit stop was declared"


@dataclass(frozen=True, slots=True)
class ChasePlaced(Event):
    RULE = "§26.8"
    TEMPLATE = "{car} places the Chased token on {target}"
    car: str
    target: str


@dataclass(frozen=True, slots=True)
class ChaseEnded(Event):
    RULE = "§26.8"
    TEMPLATE = "{car}'s Chased token comes off {target}: {why}"
    car: str
    target: str
    why: ChaseEnd


@dataclass(frozen=True, slots=True)
class VersatilityUsed(Event):
    RULE = "§27"
    car: str
    strategy: Strategy | None

    def body(self) -> str:
        if self.strategy is None:
            return f"{self.car} uses VERSATILITY"
        return f"{self.car} uses VERSATILITY: strategy now {strategy_name(self.strategy)}"


@dataclass(frozen=True, slots=True)
class PushRefuel(Event):
    RULE = "§26.7"
    TEMPLATE = "{car}'s refuel chit moves back to turn {turn} (PUSH combination)"
    car: str
    turn: int


@dataclass(frozen=True, slots=True)
class SaveFuelRefuel(Event):
    RULE = "§26.3"
    TEMPLATE = "{car} moved with cards ≤ 2 only: the refuel chit moves forward to turn {turn} (SAVE FUEL)"
    car: str
    turn: int


@dataclass(frozen=True, slots=True)
class SaveTyres(Event):
    RULE = "§26.1"
    TEMPLATE = "SAVE TYRES: one of the {units} tyre unit(s) is free, {due} to pay"
    car: str
    units: int
    due: int


@dataclass(frozen=True, slots=True)
class FlatOut(Event):
    RULE = "§27"
    TEMPLATE = "{car} takes {trajectory} flat out: no blind test, the bonus is 1 less"
    car: str
    trajectory: str


@dataclass(frozen=True, slots=True)
class EtDiscardPower(Event):
    RULE = "§19.3"
    TEMPLATE = "{car} discards {card} for its ET Discard Power: {trajectory} succeeds with no test"
    car: str
    card: str
    trajectory: str


@dataclass(frozen=True, slots=True)
class LbDiscardPower(Event):
    RULE = "§19.3"
    TEMPLATE = "{car} discards {card} for its LB Discard Power: late braking succeeds with no test"
    car: str
    card: str
