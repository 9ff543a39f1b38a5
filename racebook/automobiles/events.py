"""Typed events of Automobiles: fields are data, the sentence is derived and cites the digest section (§N).

Cube lists are tuples of codes (``W L L Y``) and zones are zone texts (``W3L2``,
:func:`racebook.automobiles.zones.text`); a colour field holds a gear code and reads as its colour name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.automobiles.cubes import COLOUR_NAMES
from racebook.core.events import Event as _Event


@dataclass(frozen=True, slots=True)
class Event(_Event):
    """An Automobiles event: a ``darkest`` colour field (a code) reads as the colour's name in the sentence."""

    def body(self) -> str:
        w = self.words()
        if "darkest" in w:
            w["darkest"] = COLOUR_NAMES[w["darkest"]]
        return self.TEMPLATE.format(**w)


@dataclass(frozen=True, slots=True)
class StartingOrder(Event):
    RULE: ClassVar[str] = "§4 item 3, AMB-5"
    TEMPLATE: ClassVar[str] = "starting order (and turn order): {order}"
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PreRaceMoney(Event):
    RULE: ClassVar[str] = "§4 item 5"
    TEMPLATE: ClassVar[str] = "{car} may spend ${money} before the race (grid slot {slot})"
    car: str
    money: int
    slot: int


@dataclass(frozen=True, slots=True)
class CubeBought(Event):
    RULE: ClassVar[str] = "§9"
    TEMPLATE: ClassVar[str] = "{car} buys {cube} for ${cost} into the {to} (${left} left)"
    car: str
    cube: str
    cost: int
    left: int
    to: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CubesDrawn(Event):
    RULE: ClassVar[str] = "§12 item 3"
    TEMPLATE: ClassVar[str] = "{car} draws {cubes} into the Active pile ({wanted} wanted)"
    car: str
    cubes: tuple[str, ...]
    wanted: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class BagRefilled(Event):
    RULE: ClassVar[str] = "§12 item 4, AMB-15"
    TEMPLATE: ClassVar[str] = "{car}'s Bag is empty: the Discard pile ({cubes}) goes back into it"
    car: str
    cubes: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    RULE: ClassVar[str] = "§5"
    TEMPLATE: ClassVar[str] = "round {round}: {car}'s turn, Active pile {active}"
    car: str
    round: int
    active: str


@dataclass(frozen=True, slots=True)
class PitStop(Event):
    RULE: ClassVar[str] = "§8, AMB-6"
    TEMPLATE: ClassVar[str] = ("{car} makes a pit stop: no Action, Buy or Car phase; {wear} wear cube(s) leave the "
                               "Active pile for the Stock")
    car: str
    wear: int


@dataclass(frozen=True, slots=True)
class CubePlaced(Event):
    RULE: ClassVar[str] = "§7.1"
    TEMPLATE: ClassVar[str] = "{car} plays {cube} onto {spaces} (planned: the car moves in the Car phase)"
    SEP: ClassVar[dict[str, str]] = {"spaces": " → "}
    car: str
    cube: str
    spaces: tuple[str, ...]
    rule: str = ""


@dataclass(frozen=True, slots=True)
class WearPassed(Event):
    RULE: ClassVar[str] = "§16.5"
    TEMPLATE: ClassVar[str] = "{car} plays a wear cube from the Active pile: it goes straight to the Discard pile"
    car: str


@dataclass(frozen=True, slots=True)
class MoneyCounted(Event):
    RULE: ClassVar[str] = "§9 item 1"
    TEMPLATE: ClassVar[str] = "{car}'s unplayed cubes {cubes} are worth ${money} in the Buy phase"
    car: str
    cubes: str
    money: int


@dataclass(frozen=True, slots=True)
class MoneyLost(Event):
    RULE: ClassVar[str] = "§9 item 3"
    TEMPLATE: ClassVar[str] = "{car}'s unspent ${money} is lost"
    car: str
    money: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CarMoved(Event):
    RULE: ClassVar[str] = "§10"
    TEMPLATE: ClassVar[str] = ("{car}'s car moves to {end} (lane {lane}), through {spaces}: "
                               "{rows} row(s), darkest {darkest}")
    SEP: ClassVar[dict[str, str]] = {"spaces": " → "}
    car: str
    spaces: tuple[str, ...]
    end: str
    lane: int
    rows: int
    darkest: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class LapCompleted(Event):
    RULE: ClassVar[str] = "§14, AMB-29"
    TEMPLATE: ClassVar[str] = "{car} crosses the finish line: {laps} of {of} lap(s) completed"
    car: str
    laps: int
    of: int


@dataclass(frozen=True, slots=True)
class DeclineWear(Event):
    RULE: ClassVar[str] = "§11"
    TEMPLATE: ClassVar[str] = ("Decline: {car} drove through {darkest} at its darkest and gains {wear} wear "
                               "({got} from the Stock)")
    car: str
    darkest: str
    wear: int
    got: int


@dataclass(frozen=True, slots=True)
class Drafting(Event):
    RULE: ClassVar[str] = "§11, AMB-14"
    TEMPLATE: ClassVar[str] = ("Decline: {car} ends right behind {ahead} — drafting, no wear for movement "
                               "(would have been {wear} for {darkest})")
    car: str
    ahead: str
    wear: int
    darkest: str


@dataclass(frozen=True, slots=True)
class Cleanup(Event):
    RULE: ClassVar[str] = "§12 item 2"
    TEMPLATE: ClassVar[str] = "End: {car}'s player sheet and track cubes ({cubes}) go to the Discard pile"
    car: str
    cubes: str


@dataclass(frozen=True, slots=True)
class FinishTriggered(Event):
    RULE: ClassVar[str] = "§14, AMB-17"
    TEMPLATE: ClassVar[str] = ("{car} has completed the laps: the race ends after this round, every player "
                               "gets as many turns")
    car: str


@dataclass(frozen=True, slots=True)
class RoundLimitReached(Event):
    RULE: ClassVar[str] = "§14 (house rule round_limit)"
    TEMPLATE: ClassVar[str] = ("no car has completed the {laps} lap(s) after round {round} ({per_lap} rounds a lap, "
                               "the house rule round_limit): the race ends now")
    round: int
    laps: int
    per_lap: int


@dataclass(frozen=True, slots=True)
class RaceFinished(Event):
    RULE: ClassVar[str] = "§14, §13"
    TEMPLATE: ClassVar[str] = ("the race is over after round {round}: {order} (furthest travelled wins; "
                               "inner lane breaks ties)")
    order: tuple[str, ...]
    round: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    RULE: ClassVar[str] = "§6 item 2"
    TEMPLATE: ClassVar[str] = "{car} plays a {colour} cube: the {card} card — “{printed}”"
    PROSE: ClassVar[frozenset[str]] = frozenset({"printed", "card", "colour"})
    car: str
    cube: str
    colour: str
    card: str
    printed: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CubeMoved(Event):
    RULE: ClassVar[str] = "§3"
    TEMPLATE: ClassVar[str] = "{car} moves a {cube} cube from the {src} to the {dest}"
    car: str
    cube: str
    src: str
    dest: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CubesRemoved(Event):
    RULE: ClassVar[str] = "§3"
    TEMPLATE: ClassVar[str] = "{car} removes all {n} {cube} cube(s) from the {zone} (back to the Stock)"
    car: str
    cube: str
    n: int
    zone: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class CubesGained(Event):
    RULE: ClassVar[str] = "§15.1"
    TEMPLATE: ClassVar[str] = "{car} gains {n} {cube} cube(s) from the Stock into the {to} ({got} available)"
    car: str
    cube: str
    n: int
    got: int
    rule: str = ""
    to: str = "Used pile"


@dataclass(frozen=True, slots=True)
class FlagSet(Event):
    RULE: ClassVar[str] = "§6"
    TEMPLATE: ClassVar[str] = "{car}: {flag} is on for the rest of this turn (×{n})"
    car: str
    flag: str
    n: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class AeroDrafting(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("Decline: {car} counts as drafting (Aerodynamics) — no wear for movement "
                               "(would have been {wear} for {darkest})")
    car: str
    wear: int
    darkest: str


@dataclass(frozen=True, slots=True)
class BonusMove(Event):
    RULE: ClassVar[str] = "§10"
    TEMPLATE: ClassVar[str] = "{car} may move its car up to {most} more space(s) ({why})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    most: int
    why: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class DraftOrder(Event):
    RULE: ClassVar[str] = "§22.2"
    TEMPLATE: ClassVar[str] = "driver draft: {order} choose in this order ({how}), each driver once"
    order: tuple[str, ...]
    how: str


@dataclass(frozen=True, slots=True)
class DriverDrafted(Event):
    RULE: ClassVar[str] = "§22.2"
    TEMPLATE: ClassVar[str] = "{car} chooses the driver {name}: {printed}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name", "printed"})
    car: str
    driver: str
    name: str
    printed: str


@dataclass(frozen=True, slots=True)
class DriverDeclined(Event):
    RULE: ClassVar[str] = "§22.2"
    TEMPLATE: ClassVar[str] = "{car} races without a driver card"
    car: str


@dataclass(frozen=True, slots=True)
class SeasonPoints(Event):
    RULE: ClassVar[str] = "§22.3"
    TEMPLATE: ClassVar[str] = "race {race} of {races}: points {awarded}; season totals {totals}"
    race: int
    races: int
    awarded: str
    totals: str


@dataclass(frozen=True, slots=True)
class SeasonFinished(Event):
    RULE: ClassVar[str] = "§22.3"
    TEMPLATE: ClassVar[str] = "the Season is over: {ranking} ({totals}); {winner} wins the Season"
    winner: str
    ranking: tuple[str, ...]
    totals: str


@dataclass(frozen=True, slots=True)
class SponsorPool(Event):
    RULE: ClassVar[str] = "§22.4"
    TEMPLATE: ClassVar[str] = "sponsors on offer: {pool}; {order} choose in finishing order, the winner first"
    pool: tuple[str, ...]
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SponsorTaken(Event):
    RULE: ClassVar[str] = "§22.4"
    TEMPLATE: ClassVar[str] = "{car} takes the sponsor {sponsor} (gives up: {dropped})"
    car: str
    sponsor: str
    dropped: str = "-"


@dataclass(frozen=True, slots=True)
class SponsorKept(Event):
    RULE: ClassVar[str] = "§22.4"
    TEMPLATE: ClassVar[str] = "{car} keeps the sponsor {sponsor} and discards {discarded} from the pool"
    car: str
    sponsor: str
    discarded: str


@dataclass(frozen=True, slots=True)
class SponsorDeclined(Event):
    RULE: ClassVar[str] = "§22.4"
    TEMPLATE: ClassVar[str] = "{car} takes no sponsor for the next race (gives up: {dropped})"
    car: str
    dropped: str = "-"


@dataclass(frozen=True, slots=True)
class SponsorEffect(Event):
    RULE: ClassVar[str] = "§22.5"
    TEMPLATE: ClassVar[str] = ("{car}'s sponsor {sponsor} ({group}): standard removal of up to {standard}, then the "
                               "{tier}-place effect ({amount}; finished {position} of {players})")
    car: str
    sponsor: str
    group: str
    standard: int
    tier: str
    amount: str
    position: int
    players: int


@dataclass(frozen=True, slots=True)
class SeasonRaceStarted(Event):
    RULE: ClassVar[str] = "§22.4, AMB-26"
    TEMPLATE: ClassVar[str] = ("race {race} of {races}: the grid by the last race's finish ({how}): {order}; every "
                               "player's cubes go back into the Bag; the Stock is not replenished")
    race: int
    races: int
    how: str
    order: tuple[str, ...]
