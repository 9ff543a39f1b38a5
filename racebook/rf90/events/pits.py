"""Pit stops, the robots' tyre change and the Safety Car (§8, §13.A.3, §16.3, §17.3 A, §21)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.rf90.car import RobotType, Strategy, Tyre
from racebook.rf90.events.base import Event, strategy_name
from racebook.rf90.track import Condition


class PitCause(Enum):
    """Why a pit stop is made, as its announcement says."""

    CHOSEN = ""
    FORCED = " (forced)"  # §18.1
    CHIT_DUE = " (its refuel chit is due)"  # §13.A.3
    ROBOT_CHIT_DUE = " (its type's refuel chit is due)"  # §17.3 A


@dataclass(frozen=True, slots=True)
class PitDeclared(Event):
    RULE = "§13.A.3"
    TEMPLATE = "{car} declares a pit stop{cause}, {extra} extra section(s) for fuel"
    car: str
    cause: PitCause
    extra: int


@dataclass(frozen=True, slots=True)
class PitUnderSafetyCar(Event):
    RULE = "§21.4"
    TEMPLATE = "{car} pits under the Safety Car{cause}"
    car: str
    cause: PitCause


@dataclass(frozen=True, slots=True)
class SafetyCarFuel(Event):
    RULE = "§21.4"
    TEMPLATE = "{car} loads fuel up to turn {turn} (16 turns, no extra sections)"
    car: str
    turn: int


@dataclass(frozen=True, slots=True)
class MovedBack(Event):
    """A pit stop's recoil (§13.A.3), or the robots' tyre change (§16.3)."""

    RULE = "§13.A.3"
    car: str
    sections: int
    section: str
    pit_time: int
    extra: int = 0  # extra sections for fuel
    penalty: int = 0  # the off-track penalty (§18.5)
    pitting: bool = False  # PITTING -2 (§27)
    tyre_change: Tyre | None = None  # §16.3: every robot pits for these tyres

    @property
    def why(self) -> str:
        if self.tyre_change is not None:
            return f"§16.3 tyre change to {self.tyre_change.value}"
        return f"pit time -{self.pit_time}" + (f" and {self.extra} extra" if self.extra else "") \
            + (f" and {self.penalty} for the off-track penalty" if self.penalty else "") \
            + (", PITTING -2" if self.pitting else "")

    def body(self) -> str:
        return (f"{self.car} goes back {self.sections} section(s) to {self.section} and is placed last there "
                f"({self.why})")


@dataclass(frozen=True, slots=True)
class RefuelChitMoved(Event):
    """§8 / reading 20: the chit after a stop; ``wrap`` spaces past the last turn (>1: more than the race needs)."""

    RULE = "§8"
    car: str
    old: int
    new: int
    wrap: int = 0

    def body(self) -> str:
        tail = (f"; {self.wrap - 1} turn(s) more than the race needs (the chit wraps {self.wrap} space(s) to the top "
                "of the indicator)") if self.wrap > 1 else ""
        return f"{self.car}'s refuel chit moves from turn {self.old} to turn {self.new}{tail}"


@dataclass(frozen=True, slots=True)
class Repaired(Event):
    RULE = "§13.A.3"
    car: str
    red: int
    brown: int  # brown tokens that stay
    tuning: bool = False  # TUNING removed one brown token (§27)

    def body(self) -> str:
        tuned = " (TUNING removes one brown token)" if self.tuning else ""
        return f"{self.car} removes {self.red} red wear token(s){tuned}; {self.brown} brown stay"


@dataclass(frozen=True, slots=True)
class TyresFitted(Event):
    RULE = "§13.A.3"
    car: str
    tyre: Tyre
    chips: int
    lost_blue: int = 0  # unused blue tokens discarded

    def body(self) -> str:
        bonus = " + 3 blue tokens" if self.tyre is Tyre.SOFT else ""
        extra = f"; {self.lost_blue} unused blue token(s) discarded" if self.lost_blue else ""
        return f"{self.car} fits {self.tyre.value} tyres: {self.chips} chips{bonus}{extra}"


@dataclass(frozen=True, slots=True)
class TyresKept(Event):
    RULE = "§13.A.3"
    TEMPLATE = "{car} keeps the tyres: {chips} chip(s), {blue} blue token(s)"
    car: str
    chips: int
    blue: int


@dataclass(frozen=True, slots=True)
class StrategyChanged(Event):
    RULE = "§13.A.3"
    car: str
    strategy: Strategy

    def body(self) -> str:
        return f"{self.car} changes strategy to {strategy_name(self.strategy)}"


@dataclass(frozen=True, slots=True)
class JustPit(Event):
    RULE = "§13.A.3"
    TEMPLATE = "{car} takes the JUST PIT token and plays phases B–F when {section} is activated again"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class JustPitRemoved(Event):
    RULE = "§17.3 A"
    TEMPLATE = "{car} removes the Just Pit token and moves on"
    car: str


@dataclass(frozen=True, slots=True)
class RobotChitDue(Event):
    RULE = "§8, §17.3 A"
    TEMPLATE = ("{car} is the best-placed {robot} robot and the {chit} refuel chit of turn {turn} is due: it pits and "
                "the chit is discarded")
    car: str
    robot: RobotType
    chit: RobotType
    turn: int


@dataclass(frozen=True, slots=True)
class SafetyCarCalled(Event):
    RULE = "§18.1, §21.1"
    TEMPLATE = "The SC symbol is at this spot: the Safety Car comes out"


@dataclass(frozen=True, slots=True)
class SafetyCarDeployed(Event):
    RULE = "§21.1"
    TEMPLATE = ("The Safety Car comes out: every yellow flag is removed; players who have not played may pit now, in "
                "track order")


@dataclass(frozen=True, slots=True)
class SafetyCarRealigned(Event):
    """§21.2: the leader in the SC's section, the others one per section behind; ``pitted`` went last (§21.4)."""

    RULE = "§21.2"
    sc: str
    cars: tuple[str, ...]
    sections: tuple[str, ...]
    pitted: str | None = None

    def body(self) -> str:
        why = (f"{self.pitted} pitted under the Safety Car and goes last; the gaps close" if self.pitted
               else "the Safety Car is out")
        queue = ", ".join(f"{c} {s}" for c, s in zip(self.cars, self.sections, strict=True))
        return f"Realignment ({why}): the Safety Car in {self.sc}, then {queue}; every lap token is discarded"


@dataclass(frozen=True, slots=True)
class TurnsLost(Event):
    RULE = "§21.2"
    TEMPLATE = "All remaining individual turns are lost: the turn pawn advances"


@dataclass(frozen=True, slots=True)
class SafetyCarAdvances(Event):
    RULE = "§21.3"
    TEMPLATE = "The Safety Car advances to {section}"
    section: str


@dataclass(frozen=True, slots=True)
class FollowsSafetyCar(Event):
    RULE = "§21.3"
    car: str
    section: str
    closed_up: bool = False  # already there, right behind the car ahead

    def body(self) -> str:
        if self.closed_up:
            return f"{self.car} is already in {self.section}, right behind the car ahead (the queue closed up)"
        return f"{self.car} follows the Safety Car to {self.section}"


@dataclass(frozen=True, slots=True)
class StaysOut(Event):
    RULE = "§21.1"
    TEMPLATE = "{car} stays out"
    car: str


@dataclass(frozen=True, slots=True)
class SafetyCarIn(Event):
    RULE = "§21.5, §22"
    TEMPLATE = ("The Safety Car leaves the track: restart — the leader plays first; 1 MP passing, no duels, no "
                "trajectories this turn")


@dataclass(frozen=True, slots=True)
class RobotsWillPit(Event):
    RULE = "§16.3"
    TEMPLATE = ("The weather turns {condition}: the robots, on {tyre} tyres, will all pit for the right tyres at the "
                "end of this turn")
    condition: Condition
    tyre: Tyre


@dataclass(frozen=True, slots=True)
class RobotTyresChanged(Event):
    RULE = "§16.3"
    TEMPLATE = "All robots now run on {tyre} tyres; every robot refuel chit is removed"
    tyre: Tyre
