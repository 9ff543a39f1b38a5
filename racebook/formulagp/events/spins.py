"""FormulaGP events: a loss of control at the pit entry (§16.1, the original's 11.1) and the Optional counter-steer
toward the outside of a corner (§21, the original's 15.6). Imported as a module of its own
(``from racebook.formulagp.events import spins``), as the BOT events are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class CounterSteeredOutside(Event):
    """The Optional counter-steer (§21 15.6, house rule ``countersteer_outside_in_corners``): on a corner tile the
    lane change goes toward the outside of the corner, with no WHITE die."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("{car} spends {card} to counter-steer on the corner {tile}: one lane {side}, toward the "
                               "outside of the corner, no WHITE die (Optional 15.6); tyre wear {wear}")
    car: str
    card: str
    tile: str
    side: str
    wear: int


@dataclass(frozen=True, slots=True)
class SpunIntoPitLane(Event):
    """A spin at the pit entry that would shift the car into the pit lane (§16.1): it hits the wall (a DAMAGE card at
    once, logged before), is placed backwards in the pit-lane area and its turn ends; next round it moves to its pit
    box and makes a normal stop."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} spins toward the pit lane at {at}: it hits the wall, is placed backwards in the "
                               "pit-lane area and its turn ends; next round it moves to its pit box for a normal stop")
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class SteeredIntoPitLane(Event):
    """A counter-steer at the pit entry that shifts the car toward the pit lane (§16.1): it crosses the yellow line
    unintentionally (no Penalty token) and goes on to its pit box."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car}'s counter-steer at {at} takes it across the yellow line into the pit lane: "
                               "crossing it unintentionally costs no Penalty token; it goes on to its pit box")
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class PitEntryLost(Event):
    """The dice owed before the pit entry (§16.1) ended in a spin, off track or a counter-steer away from the pit
    lane: the car does not enter the pit lane this turn."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = "{car} does not enter the pit lane this turn: {why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    why: str
