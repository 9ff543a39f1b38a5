"""Typed events: what the rules did, each with a sentence citing the digest.

Every rule step appends one event to the race log. The stepper, the pandas
log table and the track plot are views of that log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from racebook.rf90.car import RobotType, Strategy, Tyre
from racebook.rf90.track import Condition

E = TypeVar("E", bound="Event")  # "an event of this class", for helpers that filter a log by class


def _word(value: Any, sep: str = " ") -> Any:
    """A field as it reads in a sentence and in :meth:`Event.to_dict`: an enum by its value, a tuple joined."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return sep.join(str(_word(v)) for v in value)
    return value


def card_faces(cards: tuple[str, ...], mps: tuple[int, ...], checks: tuple[int, ...]) -> str:
    """Cards as a sentence shows them: ``R12[3](57) R15[4](22)``."""
    return " ".join(f"{c}[{m}]({k:02d})" for c, m, k in zip(cards, mps, checks, strict=True))


def strategy_name(strategy: Strategy) -> str:
    """How a Strategy Card is named in a sentence: ``SAVE TYRES``."""
    return strategy.value.upper().replace("_", " ")


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``RULE`` is the default digest section; ``rule`` overrides it per event.

    Fields are values (ints, bools, enums, card and car codes, tuples of codes); the sentence is derived from them
    by :meth:`body` (``TEMPLATE`` filled with the fields, or a class's own :meth:`body`). ``PROSE`` names the
    fields that still hold words rather than a value (a reason or a name); ``SEP`` says how a tuple field is joined
    in the sentence and in :meth:`to_dict` (a space unless given).
    """

    RULE: ClassVar[str] = ""
    TEMPLATE: ClassVar[str] = ""
    PROSE: ClassVar[frozenset[str]] = frozenset()
    SEP: ClassVar[Mapping[str, str]] = {}

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def citation(self) -> str:
        return getattr(self, "rule", "") or self.RULE

    @property
    def car_id(self) -> str | None:
        return getattr(self, "car", None)

    def words(self) -> dict[str, Any]:
        """The fields as they read in the sentence: enums by value, tuples joined (``SEP``)."""
        return {f.name: _word(getattr(self, f.name), self.SEP.get(f.name, " ")) for f in fields(self)}

    def body(self) -> str:
        """The sentence without its citation."""
        return self.TEMPLATE.format(**self.words())

    def sentence(self) -> str:
        return f"{self.body()} — {self.citation}"

    def __str__(self) -> str:
        return self.sentence()

    def to_dict(self) -> dict:
        """JSON-ready: the fields as :meth:`words` (a tuple of codes is one space-joined string, as before)."""
        return {"kind": self.kind, **self.words(), "sentence": self.sentence()}


@dataclass(frozen=True, slots=True)
class GameTurnStarted(Event):
    RULE = "§10.1"
    turn: int
    start: bool = False  # turn 1: the race start (§22)
    last: bool = False  # the last turn (§22)

    def body(self) -> str:
        note = " (race start: no duels, 1 MP passing, §22)" if self.start else ""
        if self.last:
            note = " (last turn, §22)"
        return f"Game Turn {self.turn} begins{note}"


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
    PROSE = frozenset({"extra"})
    car: str
    extra: str = ""


class DrawReason(Enum):
    """Why a card is drawn into hand (the words the sentence shows; ``{source}``: a car or a card)."""

    PHASE_B = "phase B"  # §13.B
    SAFETY_CAR = "behind the Safety Car"  # §21.3
    PIT = "pit stop: up to the panel limit"  # §13.A.3
    HARD_START = "Hard tyres at the start: +1 Track Card"  # §9.2
    QUALIFY_START = "QUALIFY: 2 Track Cards at the start"  # §27
    HARD_PIT = "Hard tyres: +1 Track Card, not counted in the hand limit"  # §9.2
    PITTING = "PITTING: +1 Track Card, not counted in the hand limit"  # §27
    LUCKY_FIRST = "phase B, LUCKY: first of two"  # §26.4
    LUCKY_SECOND = "phase B, LUCKY: second of two"
    LUCKY_SPECIAL = "LUCKY Special: the two drawn cards share value or colour"
    SAVE_FUEL_FIRST = "phase B, SAVE FUEL: first of two"  # §26.3
    SAVE_FUEL_SECOND = "phase B, SAVE FUEL: second of two"
    WISE_DRIVING = "WISE DRIVING: up to the hand limit; Track Cards do not count"  # §27
    CHASE_TAKEN = "CHASE: taken from {source}'s discards"  # §26.8
    CHASE_DECLINED = "phase B; CHASE: declines the reserved card, no +1 MP"
    HAZARD = "HAZARD Special: a risky blind draw"  # §26.6
    DRAW_SYMBOL = "draw symbol on {source}"  # §13.D.3
    BANGING_WHEELS_DUEL = "BANGING WHEELS Special: won a corner duel against all"  # §26.2
    SAVE_TYRES_SPECIAL = "SAVE TYRES Special: spent at least 1 tyre chip"  # §26
    PUSH_SPECIAL = "PUSH Special: spent 2 or more tyre chips"
    BALANCE_SPECIAL = "BALANCE Special: on a trajectory with a matching card"
    BANGING_WHEELS_SPECIAL = "BANGING WHEELS Special: overtook a same-lap car"
    RECOVERY_SPECIAL = "RECOVERY Special: a Fast/Slow robot ahead on the same lap"
    CHASE_SPECIAL = "CHASE Special: ended the movement in the chased car's section"
    SAVE_FUEL_SPECIAL = "SAVE FUEL Special: moved with cards ≤ 2 only"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    RULE = "§13.B"
    TEMPLATE = "{car} draws {card} {why}"
    car: str
    card: str
    reason: DrawReason
    rule: str = ""
    source: str | None = None  # the chased car (CHASE_TAKEN) or the card with the draw symbol (DRAW_SYMBOL)

    @property
    def why(self) -> str:
        return f"({self.reason.value.format(source=self.source)})"

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "why": self.why}


@dataclass(frozen=True, slots=True)
class DeckEmpty(Event):
    RULE = "§6.1"
    TEMPLATE = "The {deck} deck and its discards are empty: {car} draws nothing"
    deck: str
    car: str


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    RULE = "§6.1"
    TEMPLATE = "The {deck} deck ran out: its discards are reshuffled into a new deck"
    deck: str


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    RULE = "§13.C"
    PROSE = frozenset({"extra"})
    car: str
    cards: tuple[str, ...]
    mps: tuple[int, ...]  # each card's MP
    checks: tuple[int, ...]  # each card's check factor
    mp: int
    extra: str = ""

    def body(self) -> str:
        shown = card_faces(self.cards, self.mps, self.checks) or "no card"
        return f"{self.car} plays {shown} for {self.mp} MP{self.extra}"


@dataclass(frozen=True, slots=True)
class TrajectoryUse(Event):
    RULE = "§13.D"
    TEMPLATE = "{car} {verb} trajectory {trajectory}: {why}"
    PROSE = frozenset({"verb", "why"})
    car: str
    trajectory: str
    verb: str
    why: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TyresPaid(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} pays {cost} tyre unit(s): {how}; {left} chip(s) left"
    PROSE = frozenset({"how"})
    car: str
    cost: int
    how: str
    left: int
    rule: str = ""


class DiscardReason(Enum):
    """Why cards are discarded (the words the sentence shows)."""

    COST = "card-discard cost"  # §13.D.1
    OFF_TRACK = "off-track recovery"  # §18.1
    PIT = "pit stop"  # §13.A.3
    SAFETY_CAR = "end of a turn behind the Safety Car"  # §21.3
    WISE_DRIVING = "WISE DRIVING"  # §27
    SAVE_FUEL = "SAVE FUEL: a card > 2 MP for two draws"  # §26.3
    LUCKY = "LUCKY: draw 2, keep 1"  # §26.4


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} discards {cards} ({why})"
    car: str
    cards: tuple[str, ...]
    why: DiscardReason
    rule: str = ""

    def words(self) -> dict[str, Any]:
        w = Event.words(self)
        if not self.cards and self.why is DiscardReason.WISE_DRIVING:
            w["cards"] = "nothing"
        return w


class Damage(Enum):
    """Why wear tokens are drawn."""

    SYMBOL = "card/trajectory damage symbol"  # §13.D.1
    OFF_TRACK = "off-track wear"  # §18.1
    FAILED_TEST = "failed the test of"  # §13.D.2, with the card
    DUEL = "duel collision"  # §12.2


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} draws a {token} wear token from the bag ({why}); {slots} free slot(s) left"
    car: str
    token: str  # "red", "brown", or "no" when the bag is empty
    cause: Damage
    slots: int
    rule: str = ""
    card: str | None = None  # the card whose test failed (Damage.FAILED_TEST)

    @property
    def why(self) -> str:
        why = f"{self.cause.value} {self.card}" if self.cause is Damage.FAILED_TEST else self.cause.value
        return why + ("; the bag is empty, nothing drawn" if self.token == "no" else "")

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "why": self.why}


class Checked(Enum):
    """What a test is for (§13.D.2)."""

    CARD = "card"  # a card's printed test
    ET = "et"  # an extreme trajectory's blind test (§19.2); subject: the trajectory
    RECOVERY = "recovery"  # a test on an off-track route (§18.1)
    LEADER = "leader"  # a Leader check to lap (§20)
    LATE_BRAKING = "late_braking"  # a late braking test (§13.F.1); subject: the braking zone


@dataclass(frozen=True, slots=True)
class CheckTest(Event):
    RULE = "§13.D.2"
    TEMPLATE = "{car} {what}: {card} vs target {target}{mods} → {result}; Target Check now {new_target}"
    PROSE = frozenset({"what", "mods", "new_target"})
    car: str
    what: str
    card: str
    target: int
    mods: str
    result: str
    new_target: str
    rule: str = ""
    test: Checked = Checked.CARD
    subject: str | None = None  # the trajectory (ET) or section (late braking) tested

    @property
    def passed(self) -> bool:
        return self.result == "pass"


@dataclass(frozen=True, slots=True)
class MovementPoints(Event):
    RULE = "§13.E.1"
    TEMPLATE = "{car} has {mp} MP ({breakdown})"
    PROSE = frozenset({"breakdown"})
    car: str
    mp: int
    breakdown: str


@dataclass(frozen=True, slots=True)
class EnterSection(Event):
    RULE = "§13.E.2"
    TEMPLATE = "{car} enters {section} ({type}) for 1 MP; {left} MP left"
    car: str
    section: str
    type: str
    left: int


@dataclass(frozen=True, slots=True)
class FinishLine(Event):
    RULE = "§10"
    TEMPLATE = "{car} crosses the finish line: lap {lap}"
    car: str
    lap: int


@dataclass(frozen=True, slots=True)
class Pass(Event):
    TEMPLATE = "{car} {verb} {other} in {section} ({why}, {cost} MP); {left} MP left{tokens}"
    PROSE = frozenset({"verb", "why", "tokens"})
    car: str
    other: str
    verb: str
    section: str
    why: str
    cost: int
    left: int
    tokens: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class YellowFlagPassed(Event):
    RULE = "§15.1"
    TEMPLATE = "{car} {how} the yellow flag in {section} ({cost} MP{why}){removed}; {left} MP left"
    PROSE = frozenset({"removed", "how", "why"})
    car: str
    section: str
    left: int
    removed: str = ""
    cost: int = 1
    how: str = "slows past"
    why: str = ""  # e.g. why a car on a trajectory pays nothing (§15.1)


@dataclass(frozen=True, slots=True)
class MovementStops(Event):
    TEMPLATE = "{car} stops in {section}: {why}{lost}"
    PROSE = frozenset({"why", "lost"})
    car: str
    section: str
    why: str
    lost: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TrajectoryOccupied(Event):
    RULE = "§13.F.2"
    TEMPLATE = "{car} occupies trajectory {trajectory} in {section}{why}"
    PROSE = frozenset({"why"})
    car: str
    trajectory: str
    section: str
    why: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class WeatherMoved(Event):
    RULE = "§16.1"
    TEMPLATE = "{car} {verb} the weather pawn: {space} ({condition})"
    car: str
    verb: str  # "moves" or "leaves"
    space: str
    condition: Condition


@dataclass(frozen=True, slots=True)
class FlagEvent(Event):
    TEMPLATE = "{car}: {what}"
    PROSE = frozenset({"what"})
    car: str
    what: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TurnEnds(Event):
    RULE = "§13.F"
    car: str
    section: str
    laps_down: int = 0
    at_reentry: bool = False  # the car ends on a re-entry point (§18.5)
    off_track: bool = False  # … and is off the track until its next turn (a human's own turn)

    def body(self) -> str:
        extra = f", {self.laps_down} lap(s) down" if self.laps_down else ""
        if self.at_reentry:
            extra = " (at the re-entry point, off the track)" if self.off_track else " (at the re-entry point)"
        return f"{self.car} ends the individual turn in {self.section}{extra}"


class Retirement(Enum):
    """Why a car retires (§18.6)."""

    NO_WEAR_SLOT = "no_wear_slot"  # a wear token finds no free slot (§13.D.1)
    CRASH_OUT = "crash_out"  # a Crash Out on an off-track route (§18.1)
    RECOVERY_CHART = "recovery_chart"  # the recovery chart says retire (§18.2)
    TYRES = "tyres"  # off-track tyre wear it cannot pay (§18.1)
    CARDS = "cards"  # off-track discards it cannot make (§18.1)


@dataclass(frozen=True, slots=True)
class Retired(Event):
    RULE = "§18.6"
    TEMPLATE = "{car} retires: {why}"
    car: str
    cause: Retirement
    rule: str = ""
    token: str | None = None  # the wear token that found no slot
    need: int = 0  # chips or cards due
    have: int = 0  # chips or cards held

    @property
    def why(self) -> str:
        c = self.cause
        if c is Retirement.NO_WEAR_SLOT:
            return f"a {self.token} wear token cannot be placed: no free wear slot"
        if c is Retirement.CRASH_OUT:
            return "Crash Out"
        if c is Retirement.RECOVERY_CHART:
            return "the recovery chart says retire"
        if c is Retirement.TYRES:
            return f"off-track tyre wear of {self.need} chip(s) with only {self.have}"
        return f"must discard {self.need} card(s) off track with only {self.have}"

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "why": self.why}


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


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A scenario or engine remark that is not a rule step (e.g. 'scenario stacks the deck')."""

    TEMPLATE = "{text}"
    PROSE = frozenset({"text"})
    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class DuelEvent(Event):
    """Base of the steps of the duel procedure (§12): each names the activated section."""

    RULE = "§12"
    section: str


@dataclass(frozen=True, slots=True)
class NoDuel(DuelEvent):
    RULE = "§12.3"
    TEMPLATE = "No duel in {label}: {why}"
    PROSE = frozenset({"label", "why"})
    label: str  # the activation, e.g. "B2 (subsection 2)"
    why: str  # from rules.duel.duels_possible


@dataclass(frozen=True, slots=True)
class DuelChanceUsed(DuelEvent):
    RULE = "§12.3"
    TEMPLATE = "No duel in {label}: {cars} already had the chance to duel here this Game Turn"
    PROSE = frozenset({"label"})
    SEP = {"cars": ", "}
    label: str
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelsDeclared(DuelEvent):
    RULE = "§12.1"
    PROSE = frozenset({"label", "corner"})
    label: str
    eligible: tuple[str, ...]  # from the last car forward
    corner: str | None = None  # the corner's name
    modifier: int = 0  # its duel modifier

    def body(self) -> str:
        name = f"{self.corner} (duel modifier {self.modifier:+d})" if self.corner else self.section
        return (f"{self.label} is a corner section, {name}: duels are declared from the last car forward "
                f"({', '.join(self.eligible)})")


@dataclass(frozen=True, slots=True)
class NobodyChallenges(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "Nobody challenges: no duel in {label}"
    PROSE = frozenset({"label"})
    label: str


@dataclass(frozen=True, slots=True)
class NotChallenging(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} does not challenge"
    car: str


@dataclass(frozen=True, slots=True)
class Challenged(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} is the CHALLENGER; the cars ahead must say whether they take part ({ahead})"
    SEP = {"ahead": ", "}
    car: str
    ahead: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelAnswer(DuelEvent):
    """A car ahead of the challenger takes part or declines (§12.1); a robot's answer follows §17.2."""

    car: str
    joins: bool
    robot: bool = False

    @property
    def citation(self) -> str:
        return "§17.2" if self.robot else "§12.1"

    def body(self) -> str:
        if self.robot:
            return f"{self.car} (robot) {'joins the duel' if self.joins else 'stays out of the duel'}"
        return f"{self.car} {'takes part in the duel' if self.joins else 'declines the duel'}"


@dataclass(frozen=True, slots=True)
class Unopposed(DuelEvent):
    """Nobody takes up the challenge (§12.2); ``bids``: the challenger still plays cards (house rule)."""

    RULE = "§12.2"
    SEP = {"decliners": ", "}
    car: str
    decliners: tuple[str, ...]
    bids: bool

    def body(self) -> str:
        who = ", ".join(self.decliners)
        if not self.bids:
            return (f"Nobody takes up {self.car}'s challenge: {who} will go behind {self.car}; he lays no card "
                    "(house rule lone_challenger_bids = False)")
        return (f"Nobody takes up {self.car}'s challenge: {who} will go behind {self.car}, who still plays 1 or 2 "
                "cards face down (house rule lone_challenger_bids); with none he is not participating and the order "
                "is kept")


@dataclass(frozen=True, slots=True)
class DuelBids(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "Duel: {cars} each play 1 or 2 cards face down (pair rules do not apply)"
    SEP = {"cars": ", "}
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsFaceDown(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} places {count} card(s) face down"
    car: str
    count: int


@dataclass(frozen=True, slots=True)
class DuelReveal(DuelEvent):
    RULE = "§12.2"
    PROSE = frozenset({"breakdown"})
    car: str
    cards: tuple[str, ...]
    mps: tuple[int, ...]
    checks: tuple[int, ...]
    total: int
    breakdown: str  # e.g. "3 R12 [3] +2 BANGING WHEELS"

    def body(self) -> str:
        return (f"{self.car} reveals {card_faces(self.cards, self.mps, self.checks)}: total {self.total} "
                f"({self.breakdown})")


@dataclass(frozen=True, slots=True)
class NotParticipating(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} played no card: not participating"
    car: str


@dataclass(frozen=True, slots=True)
class DuelOrder(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "New order in {section}: {order}"
    SEP = {"order": ", "}
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelTie(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "{cars} tie on {total}: they collide and each takes 1 damage; their order is kept"
    SEP = {"cars": " and "}
    cars: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True)
class DuelCardsFrozen(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "The duel cards of {cars} are frozen until the next Game Turn"
    SEP = {"cars": ", "}
    cars: tuple[str, ...]


# ------------------------------------------------------------------ set-up (§6, §7, §9)
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


# ------------------------------------------------------------------ pit stops (§8, §13.A.3, §17.3 A, §21.4)
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


# ------------------------------------------------------------------ Safety Car (§21)
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


# ------------------------------------------------------------------ weather (§16.3)
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


# ------------------------------------------------------------------ strategies and skills (§26, §27)
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


# ------------------------------------------------------------------ off track (§18) and late braking (§13.F.1)
@dataclass(frozen=True, slots=True)
class EtFailed(Event):
    RULE = "§18.2"
    TEMPLATE = ("{car} failed the ET {trajectory}: it leaves the ET spot, gets no bonus, and may not re-occupy "
                "{trajectory} or any other trajectory in {section}")
    car: str
    trajectory: str
    section: str


@dataclass(frozen=True, slots=True)
class NoRecoveryChart(Event):
    RULE = "§18.2"
    TEMPLATE = "{trajectory} has no recovery chart in the track data"
    trajectory: str


@dataclass(frozen=True, slots=True)
class ControlRegained(Event):
    RULE = "§18.2"
    TEMPLATE = "{car} regains control and stays in {section}"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class TimeLoss(Event):
    RULE = "§18.1"
    TEMPLATE = "{car} will lose {mp} MP in phase E of the next turn (time loss)"
    car: str
    mp: int


@dataclass(frozen=True, slots=True)
class MpLoss(Event):
    RULE = "§18.2"
    TEMPLATE = "{car} loses {mp} MP this turn (recovery chart)"
    car: str
    mp: int


@dataclass(frozen=True, slots=True)
class ForcedPit(Event):
    RULE = "§18.1"
    TEMPLATE = "{car} must pit at the start of the next turn (forced pit stop)"
    car: str


@dataclass(frozen=True, slots=True)
class LostControl(Event):
    RULE = "§18.3"
    TEMPLATE = "{car} loses control in {section} and follows the off-track route"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class ReEntered(Event):
    RULE = "§18.5"
    TEMPLATE = "{car} re-enters the track at the back of {section} (1 MP)"
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class OnReentryPoint(Event):
    RULE = "§18.5"
    TEMPLATE = ("{car} regains control and is placed on the re-entry point beside {section}; it is off the track "
                "(ignored by the others) until its next turn")
    car: str
    section: str


@dataclass(frozen=True, slots=True)
class LateBrakingAdvance(Event):
    """§13.F.1: a successful late braking (a human's or a robot's): past the cars of the braking zone."""

    RULE = "§13.F.1"
    car: str
    section: str
    zone: str
    passed: tuple[str, ...] = ()
    hazard: bool = False  # HAZARD: two sections (§26.6)

    def body(self) -> str:
        who = f"passes {', '.join(self.passed)} in {self.zone} and " if self.passed else ""
        extra = " (HAZARD: two sections)" if self.hazard else ""
        return (f"{self.car} {who}advances to {self.section}{extra}, behind any car already there (AMB-27); "
                "no Leader check is needed for cars passed this way")


@dataclass(frozen=True, slots=True)
class RobotLbAdvance(Event):
    """§13.F.1 / §15.4: a robot forced to late-brake by the orange flag passes every car of the braking zone."""

    RULE = "§13.F.1"
    TEMPLATE = "{car} passes every car in {zone} and advances to {section}"
    car: str
    zone: str
    section: str
