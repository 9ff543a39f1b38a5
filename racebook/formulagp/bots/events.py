"""The typed events of the Rookie BOTs (digest §22; the BOT rulebook's numbers in brackets): data fields, the
sentence derived from them, the section cited. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class BotCardDrawn(Event):
    RULE: ClassVar[str] = "§22.5 [BOT 1.4.1]"
    TEMPLATE: ClassVar[str] = "{car} draws the {deck} card {card}"
    car: str  # a BOT, or "Rookies" for the TACTICS card they share
    deck: str
    card: str
    rule: str = "§22.5 [BOT 1.4.1]"


@dataclass(frozen=True, slots=True)
class BotStartLeds(Event):
    RULE: ClassVar[str] = "§22.8.1 [BOT 1.7.2.1]"
    TEMPLATE: ClassVar[str] = "{car} draws the BATTLE card {card} for the start: {leds} LEDs (+{pole} on pole)"
    car: str
    card: str
    leds: int
    pole: int


@dataclass(frozen=True, slots=True)
class BotStartDiscarded(Event):
    RULE: ClassVar[str] = "§22.8.1 [BOT 1.7.2.1]"
    TEMPLATE: ClassVar[str] = "The BOTs discard their start BATTLE cards {cards} at the end of round 1"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BotPaced(Event):
    RULE: ClassVar[str] = "§22.9 [BOT 2.1]"
    TEMPLATE: ClassVar[str] = ("{car} (Rookie BOT, {side} side) drives at {pace} pace{die} in gear {gear}: {mp} MP "
                               "from the Control card")
    PROSE: ClassVar[frozenset[str]] = frozenset({"die"})
    car: str
    side: str
    pace: str
    gear: int
    mp: int
    die: str = ""  # ", the WHITE die shows 3 (green)" in rounds 1-2
    rule: str = "§22.9 [BOT 2.1]"


@dataclass(frozen=True, slots=True)
class BotLane(Event):
    RULE: ClassVar[str] = "§22.9.1 [BOT 2.2]"
    TEMPLATE: ClassVar[str] = "{car} ({card}) changes from lane {frm} to lane {to}: {why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    card: str
    frm: int
    to: int
    why: str
    rule: str = "§22.9.1 [BOT 2.2]"


@dataclass(frozen=True, slots=True)
class BotBlocked(Event):
    RULE: ClassVar[str] = "§22.9.1 [BOT 2.2.1]"
    TEMPLATE: ClassVar[str] = ("{car} ({card}) is blocked at {at}: lane {lane} holds {other}; {roll}{symbol}: "
                               "{does}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"roll", "does"})
    car: str
    card: str
    at: str
    lane: int
    other: str
    roll: str  # "the WHITE die shows 5, " or "no roll (the push keeps it on track), "
    symbol: str
    does: str


@dataclass(frozen=True, slots=True)
class BotSurrendered(Event):
    RULE: ClassVar[str] = "§22.9.1 [BOT 2.2.1]"
    TEMPLATE: ClassVar[str] = "{car} gives up its place and waits for the other cars of its tile: sequence {order}"
    SEP: ClassVar[dict[str, str]] = {"order": ", "}
    car: str
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BotStopped(Event):
    RULE: ClassVar[str] = "§22.10.2 [BOT 3.2.1]"
    TEMPLATE: ClassVar[str] = ("{car} stops at {at} ({mp} MP left unused: a BOT takes its OT from a BATTLE card, "
                               "not from MP){why}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    at: str
    mp: int
    why: str = ""


@dataclass(frozen=True, slots=True)
class BotBattled(Event):
    RULE: ClassVar[str] = "§22.10.2 [BOT 3.2]"
    TEMPLATE: ClassVar[str] = ("{car} ({card}) {role}: {decision}; BATTLE card(s) {drawn}, uses {used}: {leds} LEDs, "
                               "{ot} OT{aborted}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"decision", "aborted"})
    car: str
    card: str
    role: str
    decision: str
    drawn: tuple[str, ...]
    used: tuple[str, ...]
    leds: int
    ot: int
    aborted: str = ""


@dataclass(frozen=True, slots=True)
class BotQualified(Event):
    RULE: ClassVar[str] = "§22.6 [BOT 1.5.2]"
    TEMPLATE: ClassVar[str] = ("{car} qualifies with the BATTLE card {card}: max OT {max_ot} + {side_leds} ({side} "
                               "side) + {leds} LEDs = {score}")
    car: str
    card: str
    max_ot: int
    side: str
    side_leds: int
    leds: int
    score: int


@dataclass(frozen=True, slots=True)
class BotAttackDecided(Event):
    RULE: ClassVar[str] = "§22.10.2 [BOT 3.2.2]"
    TEMPLATE: ClassVar[str] = "{car} is in position to attack {opponent}; its TACTICS card {card}: {decision};{does}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"decision", "does"})
    car: str
    opponent: str
    card: str
    decision: str
    does: str


@dataclass(frozen=True, slots=True)
class BotHeld(Event):
    RULE: ClassVar[str] = "§22.10.2, A33"
    TEMPLATE: ClassVar[str] = "{car} is in position to attack {opponent} but may not: {why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    opponent: str
    why: str
