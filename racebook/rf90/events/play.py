"""The steps of an individual turn: draws, plays, payments, tests, movement, flags, weather, retirement
(§13, §15, §16, §18.6)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from racebook.rf90.car import EtCause
from racebook.rf90.events.base import Event, card_faces
from racebook.rf90.track import Condition


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
    TEMPLATE = "{car} plays {cards} for {mp} MP{extra}"
    PROSE = frozenset({"extra"})
    car: str
    cards: tuple[str, ...]
    mps: tuple[int, ...]  # each card's MP
    checks: tuple[int, ...]  # each card's check factor
    mp: int
    extra: str = ""

    def words(self) -> dict[str, Any]:
        """The cards as the sentence (and the old ``cards`` string) shows them: ``R12[3](57) R15[4](22)``."""
        return {**Event.words(self), "cards": card_faces(self.cards, self.mps, self.checks) or "no card"}


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
    forced_by: EtCause | None = None  # a robot's ET check: who put it on the ET (§15.4; Expansion #1 §4.7, §5.6)

    @property
    def passed(self) -> bool:
        return self.result == "pass"

    def body(self) -> str:
        """The sentence; a robot's ET check names who put it there (``forced_by``) after what is tested."""
        w = self.words()
        if self.forced_by is not None:
            w["what"] = f"{self.what} ({self.forced_by.value})"
        return self.TEMPLATE.format(**w)

    def to_dict(self) -> dict:
        """As :meth:`Event.to_dict`; ``forced_by`` only on a robot's ET check (the other tests read as before)."""
        d = Event.to_dict(self)
        if self.forced_by is None:
            del d["forced_by"]
        return d


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
    car: str
    section: str
    left: int
    by_leader: bool = False  # the leader passed it: the flag is removed
    trajectory: str | None = None  # the car is on this trajectory: already past, for 0 MP (§15.1)

    @property
    def cost(self) -> int:
        return 0 if self.trajectory else 1

    @property
    def how(self) -> str:
        return "is already past" if self.trajectory else "slows past"

    @property
    def why(self) -> str:
        if not self.trajectory:
            return ""
        return f": it is on the trajectory {self.trajectory}, and the flag is always behind the trajectories"

    @property
    def removed(self) -> str:
        return "; the leader has passed it, so it is removed" if self.by_leader else ""

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "removed": self.removed, "cost": self.cost, "how": self.how, "why": self.why}


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


class FlagStep(Enum):
    """What a car does with a flag or weather symbol in phase D.4 (§13.D.4, §15)."""

    IDLE = "the {symbol} symbol has no effect now (nothing to choose)"  # §13.D.4
    YELLOW_PLACED = "places a yellow flag in {section} behind {behind} car(s)"  # §15.1
    GREEN = "green flag: removes the yellow flag from {section}"  # §15.2
    BLUE_TAKEN = "takes a blue pawn: cheaper lapping until the Race Stage ends"  # §15.3
    ORANGE_TAKEN = "takes the orange pawn: may force robots to late-brake or take an ET"  # §15.4
    DECLINED = "declines the {symbol} flag"  # §15
    FORCE_LB = "uses the orange flag: {target} must attempt a late braking"  # §15.4
    FORCE_ET = "uses the orange flag: {target} takes the ET {trajectory} and must test it on its next turn"  # §15.4


FLAG_RULES = {FlagStep.IDLE: "§13.D.4", FlagStep.YELLOW_PLACED: "§15.1", FlagStep.GREEN: "§15.2",
              FlagStep.BLUE_TAKEN: "§15.3", FlagStep.ORANGE_TAKEN: "§15.4", FlagStep.DECLINED: "§15",
              FlagStep.FORCE_LB: "§15.4", FlagStep.FORCE_ET: "§15.4"}


@dataclass(frozen=True, slots=True)
class FlagEvent(Event):
    """A flag step (§15) or a symbol with nothing to choose (§13.D.4)."""

    car: str
    step: FlagStep
    symbol: str | None = None  # the card's symbol: "weather" or a flag colour (cards.Flag value)
    section: str | None = None  # where a yellow flag is placed or removed
    behind: int = 0  # cars ahead of a placed yellow flag
    target: str | None = None  # the robot the orange flag forces
    trajectory: str | None = None  # the ET it is forced onto

    @property
    def what(self) -> str:
        return self.step.value.format(symbol=self.symbol, section=self.section, behind=self.behind,
                                      target=self.target, trajectory=self.trajectory)

    @property
    def rule(self) -> str:
        return FLAG_RULES[self.step]

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "what": self.what, "rule": self.rule}

    def body(self) -> str:
        return f"{self.car}: {self.what}"


@dataclass(frozen=True, slots=True)
class TurnEnds(Event):
    RULE = "§13.F"
    car: str
    section: str
    laps_down: int = 0
    at_reentry: bool = False  # the car ends on a re-entry point (§18.5)
    off_track: bool = False  # … and is off the track until its next turn (a human's own turn)

    @property
    def extra(self) -> str:
        if self.at_reentry:
            return " (at the re-entry point, off the track)" if self.off_track else " (at the re-entry point)"
        return f", {self.laps_down} lap(s) down" if self.laps_down else ""

    def words(self) -> dict[str, Any]:
        return {**Event.words(self), "extra": self.extra}

    def body(self) -> str:
        return f"{self.car} ends the individual turn in {self.section}{self.extra}"


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
