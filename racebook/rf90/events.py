"""Typed events: what the rules did, each with a sentence citing the digest.

Every rule step appends one event to the race log. The stepper, the pandas
log table and the track plot are views of that log. The base class :class:`Event` is game-agnostic
(:mod:`racebook.core.events`) and re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class GameTurnStarted(Event):
    RULE = "§10.1"
    TEMPLATE = "Game Turn {turn} begins{note}"
    turn: int
    note: str = ""


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
    cards: str


@dataclass(frozen=True, slots=True)
class LeaderToken(Event):
    RULE = "§11.1"
    TEMPLATE = "The Leader token goes to {car} in {section}{why}"
    car: str
    section: str
    why: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class SectionActivated(Event):
    RULE = "§11"
    TEMPLATE = "{label} activates: {cars} {verb} ({why})"
    section: str
    label: str
    cars: str
    verb: str
    why: str
    rule: str = ""
    part: str = "whole"  # "whole", "leader" (subsection 2) or "ahead" (subsection 1), §11.2 case 3


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
    extra: str = ""


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    RULE = "§13.B"
    TEMPLATE = "{car} draws {card} {why}"
    car: str
    card: str
    why: str = ""
    rule: str = ""


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
    car: str
    cards: str
    mp: int
    extra: str = ""


@dataclass(frozen=True, slots=True)
class TrajectoryUse(Event):
    RULE = "§13.D"
    TEMPLATE = "{car} {verb} trajectory {trajectory}: {why}"
    car: str
    trajectory: str
    verb: str
    why: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TyresPaid(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} pays {cost} tyre unit(s): {how}; {left} chip(s) left"
    car: str
    cost: int
    how: str
    left: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} discards {cards} ({why})"
    car: str
    cards: str
    why: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    RULE = "§13.D.1"
    TEMPLATE = "{car} draws a {token} wear token from the bag ({why}); {slots} free slot(s) left"
    car: str
    token: str
    why: str
    slots: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CheckTest(Event):
    RULE = "§13.D.2"
    TEMPLATE = "{car} {what}: {card} vs target {target}{mods} → {result}; Target Check now {new_target}"
    car: str
    what: str
    card: str
    target: int
    mods: str
    result: str
    new_target: str
    rule: str = ""

    @property
    def passed(self) -> bool:
        return self.result == "pass"


@dataclass(frozen=True, slots=True)
class MovementPoints(Event):
    RULE = "§13.E.1"
    TEMPLATE = "{car} has {mp} MP ({breakdown})"
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
    removed: str = ""
    cost: int = 1
    how: str = "slows past"
    why: str = ""  # e.g. why a car on a trajectory pays nothing (§15.1)


@dataclass(frozen=True, slots=True)
class MovementStops(Event):
    TEMPLATE = "{car} stops in {section}: {why}{lost}"
    car: str
    section: str
    why: str
    lost: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TrajectoryOccupied(Event):
    RULE = "§13.F.2"
    TEMPLATE = "{car} occupies trajectory {trajectory} in {section}{why}"
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
    verb: str
    space: str
    condition: str


@dataclass(frozen=True, slots=True)
class FlagEvent(Event):
    TEMPLATE = "{car}: {what}"
    car: str
    what: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TurnEnds(Event):
    RULE = "§13.F"
    TEMPLATE = "{car} ends the individual turn in {section}{extra}"
    car: str
    section: str
    extra: str = ""


@dataclass(frozen=True, slots=True)
class Retired(Event):
    RULE = "§18.6"
    TEMPLATE = "{car} retires: {why}"
    car: str
    why: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class GameTurnEnded(Event):
    RULE = "§10"
    TEMPLATE = "Game Turn {turn} ends: every car on the track has played"
    turn: int


@dataclass(frozen=True, slots=True)
class RaceFinished(Event):
    RULE = "§25"
    TEMPLATE = "The race is over after turn {turn}: {winner} wins; classification {classification}"
    turn: int
    winner: str
    classification: str


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A scenario or engine remark that is not a rule step (e.g. 'scenario stacks the deck')."""

    TEMPLATE = "{text}"
    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class DuelEvent(Event):
    """A step of the duel procedure (declaration, joining, reveal, result)."""

    TEMPLATE = "{text}"
    section: str
    text: str
    car: str | None = None
    rule: str = "§12"
