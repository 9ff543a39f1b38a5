"""FormulaGP events: the race: the round, the draw, the start, the move, the finish.
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class PanelSide(Event):
    RULE: ClassVar[str] = "§4.2"
    TEMPLATE: ClassVar[str] = "The WHITE die shows {face} ({colour}): the Race Control Panel is used {colour} side up"
    face: int
    colour: str


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    RULE: ClassVar[str] = "§10"
    TEMPLATE: ClassVar[str] = "Round {round}: the Chequered Flag is on space {flag} of the Weather Radar"
    round: int
    flag: int


@dataclass(frozen=True, slots=True)
class FinalLap(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches space {flag}: this lap is the final lap; the round in which "
                               "the race leader next crosses the line is the final round")
    flag: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    RULE: ClassVar[str] = "§10.1.1"
    TEMPLATE: ClassVar[str] = "{car} draws {cards} up to the hand limit of {limit} (4 + the ERS LEDs)"
    car: str
    cards: tuple[str, ...]
    limit: int


@dataclass(frozen=True, slots=True)
class Returned(Event):
    RULE: ClassVar[str] = "§10.1.2"
    TEMPLATE: ClassVar[str] = "{car} returns {cards} to the bottom of its deck and draws {drawn}"
    car: str
    cards: tuple[str, ...]
    drawn: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kept(Event):
    RULE: ClassVar[str] = "§10.1.2"
    TEMPLATE: ClassVar[str] = "{car} returns no card"
    car: str


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    RULE: ClassVar[str] = "§10.1.1"
    TEMPLATE: ClassVar[str] = "{car} discards {card} down to the hand limit of {limit}"
    car: str
    card: str
    limit: int


@dataclass(frozen=True, slots=True)
class LadderSwap(Event):
    RULE: ClassVar[str] = "§10.1.3"
    TEMPLATE: ClassVar[str] = "{car} holds no playable movement card: discards {card} and draws {drawn} (step e)"
    car: str
    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    RULE: ClassVar[str] = "§10.2"
    TEMPLATE: ClassVar[str] = "Driver sequence: {order}"
    SEP: ClassVar[dict[str, str]] = {"order": ", "}
    order: tuple[str, ...]
    rule: str = "§10.2"  # race round 1: the start cards' LEDs (§9.4.3)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car}'s turn, from {at}"
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class DrawFailurePlayed(Event):
    RULE: ClassVar[str] = "§6.6"
    TEMPLATE: ClassVar[str] = ("{car} plays the Draw Failure card {card} first (the FAILURE card it draws is not "
                               "resolved yet)")
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class Cleared(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car} plays {card} just to clear its hand: tyre wear {wear}"
    car: str
    card: str
    wear: int


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car} plays {cards} in gear {gear}: {pace} pace, {breakdown}"
    car: str
    cards: tuple[str, ...]
    pace: str
    gear: int
    mp: int
    breakdown: str
    ers: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    RULE: ClassVar[str] = "§11.3"
    TEMPLATE: ClassVar[str] = "{car} moves {how} from {frm} to {to} ({left} MP left, tyre wear +{wear})"
    car: str
    frm: str
    to: str
    how: str
    left: int
    wear: int


@dataclass(frozen=True, slots=True)
class Adjusted(Event):
    RULE: ClassVar[str] = "§11.2"
    TEMPLATE: ClassVar[str] = "{car}: {step} ({left} MP left, ERS {ers}, tyre wear {wear})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"step"})
    car: str
    step: str
    card: str
    left: int
    ers: int
    wear: int
    rule: str = "§11.2"


@dataclass(frozen=True, slots=True)
class ForcedStop(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = ("{car} stops at {at} behind a car: {mp} MP left become OT, OT {ot} ({lost} lost over "
                               "the maximum{slip})")
    car: str
    at: str
    mp: int
    ot: int
    lost: int
    slip: str = ""


@dataclass(frozen=True, slots=True)
class NoWay(Event):
    RULE: ClassVar[str] = "§11.3"
    TEMPLATE: ClassVar[str] = "{car} has no space to move to from {at}: {mp} MP are lost"
    car: str
    at: str
    mp: int


@dataclass(frozen=True, slots=True)
class CrossedLine(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = "{car} crosses the finish line (lap {lap})"
    car: str
    lap: int


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = ("The race leader {car} crosses the line on the final lap: this is the final round, "
                               "every remaining driver takes a last turn")
    car: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{car} ends its turn at {at} with {ot} OT, which drop to 0 (no battle declared)"
    car: str
    at: str
    ot: int


@dataclass(frozen=True, slots=True)
class Classified(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = "{position}. {car} ({finish}, {distance} tiles)"
    car: str
    position: int
    distance: int
    finish: str


@dataclass(frozen=True, slots=True)
class StartSealed(Event):
    RULE: ClassVar[str] = "§9.4.3"
    TEMPLATE: ClassVar[str] = "{car} lays its start cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class StartRevealed(Event):
    RULE: ClassVar[str] = "§9.4.3"
    TEMPLATE: ClassVar[str] = "{car} reveals {cards} (+{extras}): {leds} LEDs, tyre wear {wear}"
    car: str
    cards: tuple[str, ...]
    extras: tuple[str, ...]
    leds: int
    wear: int


@dataclass(frozen=True, slots=True)
class StressMoved(Event):
    RULE: ClassVar[str] = "§15"
    TEMPLATE: ClassVar[str] = ("{car}: stress {delta:+d}, now {space} ({red} RED dice at once for stress beyond "
                               "the track)")
    car: str
    delta: int
    space: str
    red: int
    rule: str = "§15"


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    RULE: ClassVar[str] = "§19.2"
    TEMPLATE: ClassVar[str] = "{car} rolls the {die} die: {face} — {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"effect"})
    car: str
    die: str
    face: str
    effect: str
