"""Set-up and qualifying (§6, §7, §9)."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.rf90.car import RobotType, Tyre
from racebook.rf90.events.base import Event
from racebook.rf90.track import Condition


@dataclass(frozen=True, slots=True)
class ResourcesTaken(Event):
    RULE = "§6.2"
    TEMPLATE = "{car} takes {tyres} tyre chips' worth of panel and draws {cards} Race Cards"
    car: str
    tyres: int
    cards: int


@dataclass(frozen=True, slots=True)
class SubstituteCar(Event):
    RULE = "§6.3"
    TEMPLATE = "{car} takes the substitute car: a new hand of {cards}"
    car: str
    cards: int


@dataclass(frozen=True, slots=True)
class QualifyingResult(Event):
    """One car's qualifying value (§7.2): a human's card MP + the chit modifier (+ QUALIFY), or a robot's chit."""

    RULE = "§7.2"
    car: str
    mp: int
    check: int
    refuel: int
    value: int
    modifier: int = 0  # the refuel chit's modifier (humans)
    bonus: int = 0  # the QUALIFY skill's bonus (humans)
    robot: RobotType | None = None

    def body(self) -> str:
        if self.robot is not None:
            return f"{self.car}: robot chit {self.mp} ({self.check:02d}), pits on turn {self.refuel}"
        q = f" {self.bonus:+d} QUALIFY" if self.bonus else ""
        return (f"{self.car}: card [{self.mp}] ({self.check:02d}) {self.modifier:+d} for chit {self.refuel}{q} "
                f"= {self.value}")


@dataclass(frozen=True, slots=True)
class InitialWeather(Event):
    RULE = "§9.1"
    TEMPLATE = "Weather card ({check:02d}): the pawn starts on {space} ({condition})"
    check: int
    space: str  # the space's range label, e.g. "45-36"
    condition: Condition


@dataclass(frozen=True, slots=True)
class RobotTyres(Event):
    RULE = "§9.2"
    TEMPLATE = "Robots fit {tyre} tyres"
    tyre: Tyre


@dataclass(frozen=True, slots=True)
class RainExpertStart(Event):
    RULE = "§27"
    TEMPLATE = "{car} starts on Rain tyres with RAIN EXPERT: +3 blue tokens (+1 MP each, one a turn)"
    car: str
