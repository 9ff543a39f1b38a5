"""Teams and robot teammates (Expansion #1 §5): line-ups, own refuel chits and the four assistance cards."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.rf90.car import RobotType
from racebook.rf90.events.base import Event

X1_TEAMS = "§5.3 (Expansion #1)"


@dataclass(frozen=True, slots=True)
class RobotTeammateJoins(Event):
    """§5.3 X1: a player's robot teammate, a robot of the highest category in his team's colour; it replaces an
    uncoloured robot of that type from the line-up while one is left, else it is an additional robot."""

    RULE = X1_TEAMS
    TEMPLATE = "{car} joins {human}'s team as a {robot} robot teammate{how}"
    car: str
    human: str
    robot: RobotType
    replaced: str | None = None  # the line-up robot it replaces; None = an additional robot

    def words(self) -> dict:
        how = f", replacing {self.replaced}" if self.replaced else ", an additional robot (none of that type left)"
        return {**Event.words(self), "robot": self.robot.value, "how": how}


@dataclass(frozen=True, slots=True)
class RobotTeammateChit(Event):
    RULE = "§5.4 (Expansion #1), AMB-X1-24"
    TEMPLATE = ("{car}'s robot chit is replaced by the refuel chit of its own colour, turn {turn}: it pits when the "
                "turn pawn reaches it")
    car: str
    turn: int


@dataclass(frozen=True, slots=True)
class OwnChitDue(Event):
    RULE = "§5.4 (Expansion #1), §17.3 A"
    TEMPLATE = "{car}'s own refuel chit of turn {turn} is due: it pits and the chit is discarded"
    car: str
    turn: int


class AssistKind(Enum):
    """What an assistance card does (§5.6 X1): its sentence, with ``{detail}``."""

    MP = "+1 MP to its movement"  # red
    LB = "forces a late braking with +20 on the blind check"  # green
    ET = "forces it onto the ET {detail}, +20 on the next blind check"  # green
    DUEL = "forces it to declare a duel, with +3"  # orange
    DEFEND = "makes it take part in the duel, with +3"  # orange
    YELLOW = "places a yellow flag in {detail}"  # yellow, yellow-flag symbol
    GREEN = "removes the yellow flag in {detail}"  # yellow, green-flag symbol
    WEATHER = "moves the weather pawn {detail}"  # yellow, weather symbol
    FORCED_LB = "+20 on the blind check of the late braking the orange flag forced"  # green, §5.7
    FORCED_ET = "+20 on the next blind check of the ET {detail} the orange flag forced"  # green, §5.7


ASSIST_RULES = {AssistKind.MP: "AMB-X1-26", AssistKind.LB: "AMB-X1-27", AssistKind.ET: "AMB-X1-27",
                AssistKind.DUEL: "AMB-X1-28", AssistKind.DEFEND: "AMB-X1-28", AssistKind.YELLOW: "AMB-X1-30",
                AssistKind.GREEN: "AMB-X1-30", AssistKind.WEATHER: "AMB-X1-30", AssistKind.FORCED_LB: "AMB-X1-27",
                AssistKind.FORCED_ET: "AMB-X1-27"}


@dataclass(frozen=True, slots=True)
class Assisted(Event):
    """§5.6 X1: the human discards one card (its icons ignored) to help his robot teammate; one a Game Turn."""

    human: str
    robot: str
    card: str
    what: AssistKind
    detail: str = ""

    @property
    def rule(self) -> str:
        return f"§5.6 (Expansion #1), {ASSIST_RULES[self.what]}"

    def words(self) -> dict:
        return {**Event.words(self), "rule": self.rule}

    def body(self) -> str:
        what = self.what.value.format(detail=self.detail)
        return f"{self.human} discards {self.card} (its icons ignored) to help {self.robot}: {what}"


@dataclass(frozen=True, slots=True)
class NotAssisted(Event):
    RULE = "§5.6 (Expansion #1)"
    TEMPLATE = "{human} does not help {robot} now"
    human: str
    robot: str


@dataclass(frozen=True, slots=True)
class TeammateForced(Event):
    """§5.7 X1: the orange-flag holder forces another player's robot teammate to attempt a late braking
    (``trajectory`` empty) or to take an ET; its human cannot prevent it (he may still add a green card's +20)."""

    RULE = "§5.7 (Expansion #1), AMB-X1-27"
    TEMPLATE = "{holder}'s orange flag forces {human}'s robot teammate {robot} to {what}; {human} cannot prevent it"
    holder: str
    human: str
    robot: str
    trajectory: str = ""

    def words(self) -> dict:
        what = f"take the ET {self.trajectory}" if self.trajectory else "attempt a late braking"
        return {**Event.words(self), "what": what}
