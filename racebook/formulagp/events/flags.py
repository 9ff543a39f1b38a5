"""FormulaGP events: the race events (§19): Yellow Flags, the Safety Car, the VSC, the Red Flag, lapping, Gravel.
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


# ------------------------------------------------------------------ race events (§19; issue 37)
@dataclass(frozen=True, slots=True)
class RaceControl(Event):
    RULE: ClassVar[str] = "§19.3.2"
    TEMPLATE: ClassVar[str] = ("The Race Control Yellow Flag token advances {spaces} ({cause}): space {at} of "
                               "{threshold} (the Safety Car space)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    spaces: int
    cause: str
    at: int
    threshold: int


@dataclass(frozen=True, slots=True)
class YellowFlag(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("Yellow Flag on {tile} for {car}'s incident; the WHITE die shows {die}: the Green Flag "
                               "on {green}; the zone lasts until the Chequered Flag reaches radar space {until}")
    car: str
    tile: str
    die: int
    green: str
    until: int


@dataclass(frozen=True, slots=True)
class YellowExtended(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car}'s incident on {tile} is inside a Yellow Flag zone: no second Yellow Flag; the "
                               "radar's Green Flag moves to space {until}")
    car: str
    tile: str
    until: int


@dataclass(frozen=True, slots=True)
class NoYellowFlag(Event):
    RULE: ClassVar[str] = "§19.3"
    TEMPLATE: ClassVar[str] = "{car}'s incident on {tile}: no Yellow Flag ({why})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    tile: str
    why: str
    rule: str = "§19.3"


@dataclass(frozen=True, slots=True)
class YellowPending(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car}'s incident on {tile} in race round 1: the Yellow Flag is placed once every "
                               "driver has ended the round")
    car: str
    tile: str


@dataclass(frozen=True, slots=True)
class FlagsCleared(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches the radar's Green Flag (space {flag}): the zone from {tile} "
                               "ends")
    flag: int
    tile: str


@dataclass(frozen=True, slots=True)
class YellowStop(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car} drove through the Yellow Flag zone at {pace} pace: it stops on the Green Flag "
                               "tile {at}, {mp} MP are lost")
    car: str
    pace: str
    at: str
    mp: int


@dataclass(frozen=True, slots=True)
class SafetyCarDeployed(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = ("Safety Car ({cause}): on {tile} in front of the leader {leader}; the round ends at once"
                               " (turns lost: {lost}); the track is cleared; it leaves at the end of the round the "
                               "Chequered Flag reaches radar space {until}; stress to the middle, ERS to the maximum")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    SEP: ClassVar[dict[str, str]] = {"lost": ", "}
    cause: str
    tile: str
    leader: str
    lost: tuple[str, ...]
    until: int


@dataclass(frozen=True, slots=True)
class SafetyCarMoved(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "The Safety Car drives 3 tiles, from {frm} to {to}"
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class SafetyCarIn(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag is on the SC token (radar space {flag}): the Safety Car leaves the "
                               "track at the end of this round; racing resumes")
    flag: int


@dataclass(frozen=True, slots=True)
class EndsUnderSafetyCar(Event):
    RULE: ClassVar[str] = "§19.4.1"
    TEMPLATE: ClassVar[str] = ("The Safety Car is still out at radar space {flag}: the race ends under the Safety Car, "
                               "every car stopped where it is")
    flag: int


@dataclass(frozen=True, slots=True)
class SafetyCarRoll(Event):
    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = "The 'Safety Car' EVENT: the WHITE die shows {face} ({colour}): {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    face: int
    colour: str
    outcome: str


@dataclass(frozen=True, slots=True)
class MpWasted(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "{car} stops behind the car ahead at {at} ({why}): {mp} MP are lost, no OT"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    at: str
    mp: int
    why: str


@dataclass(frozen=True, slots=True)
class ScDiscard(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "Under the Safety Car {car} discards {card}"
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class RedFlag(Event):
    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = ("Red Flag ({cause}): every car stops; the grid in the sequence of the moment: {grid}; "
                               "stress to the middle, ERS to the maximum; the race restarts next round ({restart})")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause", "restart"})
    SEP: ClassVar[dict[str, str]] = {"grid": ", "}
    cause: str
    grid: tuple[str, ...]
    restart: str


@dataclass(frozen=True, slots=True)
class Lapped(Event):
    RULE: ClassVar[str] = "§19.7.1"
    TEMPLATE: ClassVar[str] = ("The leader {leader} laps {car}: a {flag} Blue Flag{lost} (it is {laps} lap(s) down "
                               "on the leader's distance)")
    car: str
    leader: str
    flag: str
    laps: int
    lost: str = ""
    rule: str = "§19.7.1"


@dataclass(frozen=True, slots=True)
class Unlapped(Event):
    RULE: ClassVar[str] = "§19.7.4"
    TEMPLATE: ClassVar[str] = "{car} ends a tile ahead of the leader {leader}: it gets a lap back ({flag})"
    car: str
    leader: str
    flag: str


@dataclass(frozen=True, slots=True)
class LappingFailed(Event):
    RULE: ClassVar[str] = "§19.7.3"
    TEMPLATE: ClassVar[str] = ("{car} cannot lap {slower}: a {marker} Blue Flag marker behind {slower}{free}")
    car: str
    slower: str
    marker: str
    free: str = ""


@dataclass(frozen=True, slots=True)
class LappingMarkerRemoved(Event):
    RULE: ClassVar[str] = "§19.7.3"
    TEMPLATE: ClassVar[str] = "The Blue Flag marker behind {car} is removed at the end of the round"
    car: str


@dataclass(frozen=True, slots=True)
class GravelPlaced(Event):
    RULE: ClassVar[str] = "§19.8.1"
    TEMPLATE: ClassVar[str] = "A Gravel token on {tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class GravelHit(Event):
    RULE: ClassVar[str] = "§19.8.1"
    TEMPLATE: ClassVar[str] = "{car} {how} the Gravel on {tile}: {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "effect"})
    car: str
    how: str
    tile: str
    effect: str


@dataclass(frozen=True, slots=True)
class VscDeployed(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = ("Virtual Safety Car: {car} moved {spaces} spaces; every other driver now moves as many "
                               "(again: {twice}; they skip their turn next round); stress to the middle")
    SEP: ClassVar[dict[str, str]] = {"twice": ", "}
    car: str
    spaces: int
    twice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VscMove(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = "Under the Virtual Safety Car {car} moves {spaces} spaces, no card played, no overtaking"
    car: str
    spaces: int


@dataclass(frozen=True, slots=True)
class VscEnded(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = ("After the Virtual Safety Car: no draw phase; {car} starts the round; {skip} moved "
                               "twice and skip this round")
    SEP: ClassVar[dict[str, str]] = {"skip": ", "}
    car: str
    skip: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SequenceRejoined(Event):
    """An unlapped car returns to the normal driver sequence at once (§19.7.4): it takes its place among the cars
    still to move, and moves (again) when its turn comes — it may move twice in the round."""

    RULE: ClassVar[str] = "§19.7.4"
    TEMPLATE: ClassVar[str] = "{car} rejoins the driver sequence at once: the cars still to move are {order}{again}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"again"})
    SEP: ClassVar[dict[str, str]] = {"order": ", "}
    car: str
    order: tuple[str, ...]
    again: str


@dataclass(frozen=True, slots=True)
class GridTyres(Event):
    """A car fits fresh tyres on the Red Flag grid (§19.6 step 2)."""

    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = ("{car} fits fresh {tyre} tyres on the Red Flag grid: the wear marker goes to space "
                               "{wear}, tyre bonus +{bonus}")
    car: str
    tyre: str
    wear: int
    bonus: int


@dataclass(frozen=True, slots=True)
class EventCardRemoved(Event):
    """The 'Safety Car' EVENT card leaves the deck after a Red Flag (§19.6 step 5)."""

    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = "The '{name}' EVENT card {card} is removed from the deck"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name"})
    card: str
    name: str
