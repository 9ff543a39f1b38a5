"""FormulaGP events: tyres and pit stops (§14, §16).
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


# ------------------------------------------------------------------ tyres and pit stops (issue 37)
@dataclass(frozen=True, slots=True)
class TyreIcon(Event):
    RULE: ClassVar[str] = "§14.1"
    TEMPLATE: ClassVar[str] = "{car}'s wear marker reaches space {wear}: {what} (tyre bonus now +{bonus})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    wear: int
    what: str
    bonus: int


@dataclass(frozen=True, slots=True)
class PitEntered(Event):
    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} enters the pit lane at {at}{how} and drives to its pit box; {lost} MP "
                               "left are lost")
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    at: str
    how: str
    lost: int


@dataclass(frozen=True, slots=True)
class PitSpeedCheck(Event):
    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = "{car} entered the pit lane {why}: the WHITE die shows {face}{verdict}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why", "verdict"})
    car: str
    why: str
    face: int
    verdict: str


@dataclass(frozen=True, slots=True)
class HeldInBox(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} stays in its pit box this round: {why} ({left} more round(s) to wait)"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    why: str
    left: int
    rule: str = "§16.2"


@dataclass(frozen=True, slots=True)
class PenaltiesServed(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} has served its penalties in the pit box: {tokens} Penalty token(s) discarded"
    car: str
    tokens: int


@dataclass(frozen=True, slots=True)
class PitService(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} starts its pit stop: ERS {ers_from} -> {ers}, stress back to the middle"
    car: str
    ers_from: int
    ers: int


@dataclass(frozen=True, slots=True)
class TyresFitted(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} fits new {tyre} tyres: the wear marker goes to space {wear}, tyre bonus +{bonus}"
    car: str
    tyre: str
    wear: int
    bonus: int


@dataclass(frozen=True, slots=True)
class PitDiscarded(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} discards {card} in the pit box (refreshing its hand)"
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class BoxRepaired(Event):
    RULE: ClassVar[str] = "§16.3"
    TEMPLATE: ClassVar[str] = "{car} repairs {cards} ({option})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"option"})
    car: str
    cards: tuple[str, ...]
    option: str


@dataclass(frozen=True, slots=True)
class LeftBox(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = ("{car} leaves its pit box for the pit-exit space at {at} (drew {drawn}); "
                               "WHITE die {die}{note}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"note"})
    car: str
    at: str
    drawn: tuple[str, ...]
    die: int
    note: str
    rule: str = "§16.2"


@dataclass(frozen=True, slots=True)
class PitExitOrder(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "The cars at the pit exit move in this order: {cars} (§16.2, §16.4)"
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PitRejoined(Event):
    RULE: ClassVar[str] = "§16.5"
    TEMPLATE: ClassVar[str] = ("{car} leaves the pit lane onto {at}: a Cold Tyres token, -2 LED in any battle this "
                               "round and next round")
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class ColdTyresOff(Event):
    RULE: ClassVar[str] = "§16.5"
    TEMPLATE: ClassVar[str] = "{car}'s Cold Tyres token is removed"
    car: str


@dataclass(frozen=True, slots=True)
class PitStopTime(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car}'s pit-stop time: the WHITE die shows {die}{note}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"note"})
    car: str
    die: int
    note: str


@dataclass(frozen=True, slots=True)
class LaunchVoid(Event):
    RULE: ClassVar[str] = "§9.4.4"
    TEMPLATE: ClassVar[str] = ("{car} can no longer play its revealed start cards ({rule}: {reason}): it plays its "
                               "turn as usual")
    PROSE: ClassVar[frozenset[str]] = frozenset({"reason"})
    car: str
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class ShadowStop(Event):
    """A car that does not pit stops on the shadow car of the pit-entry tile (§16.1, §2.5)."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} does not pit: it stops on the shadow car at {at}, ahead of the yellow line; "
                               "{lost} MP left are lost")
    car: str
    at: str
    lost: int


@dataclass(frozen=True, slots=True)
class PitEntryPast(Event):
    """A car that pits drives past a car on the shadow car into the pit lane, without a battle or a forced stop
    (§16.1; the exception to §13.2 for the pitting car, :mod:`racebook.formulagp.pitentry`)."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} pits: from {at} it drives onto the pit-entry tile into its 'PIT LANE' space, "
                               "past {other} on the shadow car at {shadow}, without a battle")
    car: str
    at: str
    other: str
    shadow: str
