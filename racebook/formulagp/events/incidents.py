"""FormulaGP events: loss of control, collisions, damage and failures, pushing (§18, §6.8).
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


# ------------------------------------------------------------------ loss of control, collisions, damage (issue 37)
@dataclass(frozen=True, slots=True)
class IncidentCardDrawn(Event):
    RULE: ClassVar[str] = "§6.8"
    TEMPLATE: ClassVar[str] = "{car} draws the {deck} card {card} '{name}': {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"effect", "name"})
    car: str
    deck: str
    card: str
    name: str
    effect: str
    rule: str = "§6.8"


@dataclass(frozen=True, slots=True)
class DamageSpared(Event):
    RULE: ClassVar[str] = "§18.4"
    TEMPLATE: ClassVar[str] = "{car} was damaged already this round: no DAMAGE card (at most one damage a round)"
    car: str


@dataclass(frozen=True, slots=True)
class Repaired(Event):
    RULE: ClassVar[str] = "§18.5"
    TEMPLATE: ClassVar[str] = "{car} repairs {card} '{name}' ({how}) and discards it"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "name"})
    car: str
    card: str
    name: str
    how: str
    spent: tuple[str, ...] = ()
    rule: str = "§18.5"


@dataclass(frozen=True, slots=True)
class LostControl(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} loses control at {at} ({cause})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    car: str
    at: str
    cause: str


@dataclass(frozen=True, slots=True)
class CounterSteered(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spends {card} to counter-steer: the WHITE die shows {face} ({colour}), one lane "
                               "{side}; tyre wear {wear}")
    car: str
    card: str
    face: int
    colour: str
    side: str
    wear: int


@dataclass(frozen=True, slots=True)
class Shifted(Event):
    """Where a counter-steer or a spin puts the car (§18.1): ``outcome`` on track / off track / wall / car."""

    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} {how} from {frm}: {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "outcome"})
    car: str
    how: str
    frm: str
    to: str
    outcome: str


@dataclass(frozen=True, slots=True)
class SpinDirection(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} spins: the WHITE die shows {face} ({colour}), one lane {side}"
    car: str
    face: int
    colour: str
    side: str


@dataclass(frozen=True, slots=True)
class Spun(Event):
    """The car is rotated (spun), on track, off track or against a wall: +1 wear, +1 stress (§18.1)."""

    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spins {where} at {at}: rotated, tyre wear {wear}; it rejoins next round, last "
                               "in the driver sequence (§18.2)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"where"})
    car: str
    at: str
    where: str
    wear: int


@dataclass(frozen=True, slots=True)
class HeldOffTrack(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spends {card} to keep control off track at {at}: pointing forward, no Yellow "
                               "Flag, no DAMAGE card; it rejoins next round (§18.2 b)")
    car: str
    card: str
    at: str


@dataclass(frozen=True, slots=True)
class HitWall(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} hits the wall at {at} and stays on its space{spun} (no Debris token in a "
                               "Standard game, A19)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"spun"})
    car: str
    at: str
    spun: str = ""


@dataclass(frozen=True, slots=True)
class YellowFlagIncident(Event):
    """A spin or an off-track spin calls the Yellow Flag procedure (§19.3): the race-events module places it."""

    RULE: ClassVar[str] = "§19.3"
    TEMPLATE: ClassVar[str] = "Yellow Flag procedure for {car}'s incident at {at}"
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class Collided(Event):
    RULE: ClassVar[str] = "§18.3"
    TEMPLATE: ClassVar[str] = ("{car} collides with {other} at {at}: each draws a DAMAGE card, {car} takes a "
                               "Penalty token ({penalties}) and stays on its space; {other} loses control")
    car: str
    other: str
    at: str
    penalties: int


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    RULE: ClassVar[str] = "§11.3.1"
    TEMPLATE: ClassVar[str] = "{car} moves into {other}'s space {at}: {other} is {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    car: str
    other: str
    at: str
    to: str
    outcome: str


@dataclass(frozen=True, slots=True)
class Rejoined(Event):
    RULE: ClassVar[str] = "§18.2"
    TEMPLATE: ClassVar[str] = "{car} {how} ({left} MP left)"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    how: str
    at: str
    left: int


@dataclass(frozen=True, slots=True)
class SitsOut(Event):
    RULE: ClassVar[str] = "§18.2"
    TEMPLATE: ClassVar[str] = "{car} spun or went off track this round before its turn: it rejoins next round"
    car: str
