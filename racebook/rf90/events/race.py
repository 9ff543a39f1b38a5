"""Game Turns, the Leader token, activations and the race's end (§10, §11, §25)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from racebook.rf90.car import Strategy
from racebook.rf90.events.base import Event, strategy_name


@dataclass(frozen=True, slots=True)
class GameTurnStarted(Event):
    RULE = "§10.1"
    turn: int
    start: bool = False  # turn 1: the race start (§22)
    last: bool = False  # the last turn (§22)

    @property
    def note(self) -> str:
        if self.last:
            return " (last turn, §22)"
        return " (race start: no duels, 1 MP passing, §22)" if self.start else ""

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "note": self.note}

    def body(self) -> str:
        return f"Game Turn {self.turn} begins{self.note}"


@dataclass(frozen=True, slots=True)
class RaceStageStarted(Event):
    RULE = "§10.1"
    TEMPLATE = "The turn pawn drops to a black space: Race Stage {stage} begins; blue and orange pawns are discarded"
    stage: int


@dataclass(frozen=True, slots=True)
class FrozenCardsReturned(Event):
    RULE = "§12.2"
    TEMPLATE = "{car} takes back the frozen duel cards {cards}"
    car: str
    cards: tuple[str, ...]


class LeaderCause(Enum):
    """Why the Leader token moves (or stays): the sentence's tail, with ``{other}`` a car and ``{fas}`` a section."""

    TURN_START = " (start of the Game Turn)"  # §11.1
    TURN_START_OFF_TRACK = (" (start of the Game Turn; he is off track, so the FAS stays in {fas}, where he lost "
                            "control)")  # §18.4
    PASSED = ": {other} passed {passed} on the same lap"  # §11.2 case 2
    MOVED_AHEAD = ": {other} moved ahead"  # §11.2 case 2
    DUEL = ": {other} won the duel"  # §12.2
    PITTED = ": {other} pitted and lost the lead"  # §13.A.3
    LATE_BRAKED = ": {other} late-braked past"  # §13.F.1
    REENTERED = ": {other} re-entered behind"  # §18.4
    LEADER_OFF_TRACK = ": the leader {other} went off track there"  # §18.4
    KEPT_OFF_TRACK = (": he went off track with nobody in that section, so he keeps the token and the FAS stays in "
                      "{fas}")


LEADER_RULES = {
    LeaderCause.TURN_START: "", LeaderCause.TURN_START_OFF_TRACK: "§18.4", LeaderCause.PASSED: "§11.2 case 2",
    LeaderCause.MOVED_AHEAD: "§11.2 case 2", LeaderCause.DUEL: "§12.2", LeaderCause.PITTED: "§13.A.3",
    LeaderCause.LATE_BRAKED: "§13.F.1", LeaderCause.REENTERED: "§18.4", LeaderCause.LEADER_OFF_TRACK: "§18.4",
    LeaderCause.KEPT_OFF_TRACK: "§18.4",
}


@dataclass(frozen=True, slots=True)
class LeaderToken(Event):
    RULE = "§11.1"
    TEMPLATE = "The Leader token goes to {car} in {section}{why}"
    car: str
    section: str
    cause: LeaderCause = LeaderCause.TURN_START
    other: str | None = None  # the car whose move gave or cost the lead
    passed: str | None = None  # the car it passed (PASSED)
    fas: str | None = None  # where the FAS stays (off track, §18.4)

    @property
    def why(self) -> str:
        return self.cause.value.format(other=self.other, passed=self.passed, fas=self.fas)

    @property
    def rule(self) -> str:
        return LEADER_RULES[self.cause]

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "why": self.why, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class SectionActivated(Event):
    RULE = "§11"
    TEMPLATE = "{label} activates: {cars} {verb} ({why})"
    PROSE = frozenset({"label", "why"})
    SEP = {"cars": ", "}
    section: str
    label: str
    cars: tuple[str, ...]  # the cars still to play, in order
    why: str
    rule: str = ""
    part: str = "whole"  # "whole", "leader" (subsection 2) or "ahead" (subsection 1), §11.2 case 3

    @property
    def verb(self) -> str:
        return "play" if len(self.cars) > 1 else "plays"

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "verb": self.verb}


@dataclass(frozen=True, slots=True)
class TurnBegins(Event):
    RULE = "§13"
    TEMPLATE = "{car} starts an individual turn in {section}"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class TurnResumes(Event):
    RULE = "§13.A.3"
    TEMPLATE = "{car} resumes the individual turn in {section}: phases B–F after the pit stop"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    RULE = "§13.A.1"
    TEMPLATE = "{car} skips the turn{extra} and takes the NO MOVE token"
    car: str
    strategy: Strategy | None = None  # the strategy changed while skipping

    @property
    def extra(self) -> str:
        return f", changes strategy to {strategy_name(self.strategy)}" if self.strategy else ""

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "extra": self.extra}


@dataclass(frozen=True, slots=True)
class GameTurnEnded(Event):
    RULE = "§10"
    TEMPLATE = "Game Turn {turn} ends: every car on the track has played"
    turn: int


@dataclass(frozen=True, slots=True)
class RaceFinished(Event):
    RULE = "§25"
    TEMPLATE = "The race is over after turn {turn}: {winner} wins; classification {classification}"
    SEP = {"classification": ", "}
    turn: int
    winner: str
    classification: tuple[str, ...]  # car ids in race order (§25)
