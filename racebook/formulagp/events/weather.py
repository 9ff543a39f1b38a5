"""FormulaGP events: [ADV] the weather (digest §4.3, §19.1, §19.1.1, §14.2, §4.6, §17.2.2 item 6; the original's 3.3,
13.1, 13.1.1, 10.2, 5.1.3). Imported as a module of its own (``from racebook.formulagp.events import weather``); see
:mod:`racebook.formulagp.weather`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class ForecastDrawn(Event):
    """The WEATHER card drawn at set-up: the race's forecast (§4.2 g, §4.3)."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = "the WEATHER card drawn is {forecast}: the forecast of the race (§4.2 g)"
    forecast: str


@dataclass(frozen=True, slots=True)
class WeatherTokenPlaced(Event):
    """The Weather token on the radar: the set-up's WHITE die x 4 (§4.3), or a rain check's total above the round
    (§19.1); ``side`` "die" (a rain check there) or "icon" (the weather changes there)."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = ("the WHITE die shows {roll} x {multiplier} = {space}: the Weather token goes on radar "
                               "space {space}, its {side} side up")
    roll: int
    multiplier: int
    space: int
    side: str
    rule: str = "§4.3"


@dataclass(frozen=True, slots=True)
class StandingWaterPlaced(Event):
    """Standing Water tokens placed on the track (§4.3 Rainy step 3, §19.1.1 item 2): the WHITE die's count and
    each token's tile."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = "{count} Standing Water token(s) on the track: {tiles} ({how})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    SEP: ClassVar[Mapping[str, str]] = {"tiles": ", "}
    count: int
    tiles: tuple[str, ...]
    how: str
    rule: str = "§4.3"


@dataclass(frozen=True, slots=True)
class StandingWaterRemoved(Event):
    """A Standing Water token leaves the track (§19.1.1 Rainy -> Cloudy item 3; §19.8.4 triggered when not raining)."""

    RULE: ClassVar[str] = "§19.1.1"
    TEMPLATE: ClassVar[str] = "the Standing Water token on {tile} is removed ({why}); {left} left"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    tile: str
    why: str
    left: int
    rule: str = "§19.1.1"


@dataclass(frozen=True, slots=True)
class RaceControlCloud(Event):
    """The Rainy set-up puts the Race Control Yellow Flag token on the cloud space (§4.3, A31)."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = ("Rainy: the Race Control Yellow Flag token starts on the cloud space ({space}), a head "
                               "start toward the Safety Car (A31)")
    space: int


@dataclass(frozen=True, slots=True)
class TrackTemperature(Event):
    """Sunny: the WHITE die at the race start picks the track temperature (§4.3, [7.2])."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = ("Sunny: the WHITE die shows {roll}: the track temperature is {temperature} (Soft and "
                               "Medium tyres +{extra} wear)")
    roll: int
    temperature: str
    extra: int


@dataclass(frozen=True, slots=True)
class TemperatureWear(Event):
    """Hot or Extreme track: a Soft or Medium set takes its extra wear (§4.3, §14.1, A17)."""

    RULE: ClassVar[str] = "§4.3"
    TEMPLATE: ClassVar[str] = "{car}'s {tyre} tyres on a {temperature} track: tyre wear +{extra}, now {wear} (A17)"
    car: str
    tyre: str
    temperature: str
    extra: int
    wear: int


@dataclass(frozen=True, slots=True)
class RainCheck(Event):
    """The Chequered Flag reaches the Weather token's WHITE-die side: T = die x the card's value against R (§19.1)."""

    RULE: ClassVar[str] = "§19.1"
    TEMPLATE: ClassVar[str] = ("the weather check in round {round}: WHITE die {roll} x {multiplier} = T {total}: "
                               "{outcome}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    round: int
    roll: int
    multiplier: int
    total: int
    outcome: str


@dataclass(frozen=True, slots=True)
class WeatherChanged(Event):
    """The weather changes (§19.1.1): the matching WEATHER card on the panel."""

    RULE: ClassVar[str] = "§19.1.1"
    TEMPLATE: ClassVar[str] = "round {round}: the weather changes from {before} to {after}"
    round: int
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class WetTyresOnDryTrack(Event):
    """Wet tyres on a dry track: +1 wear at the end of each move, unless the car drove through or stopped on a tile
    with a Standing Water token (§14.2, §19.8.4)."""

    RULE: ClassVar[str] = "§14.2"
    TEMPLATE: ClassVar[str] = "{car}'s wet tyres on a dry track: {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    what: str


@dataclass(frozen=True, slots=True)
class Disqualified(Event):
    """A dry Advanced race: a car that did not race on two dry tyre types is disqualified, classified last (§4.6,
    §17.2.2 item 6)."""

    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = ("{car} raced on {used} only, not two dry tyre types in a dry race: disqualified, "
                               "classified last (§4.6)")
    car: str
    used: str


@dataclass(frozen=True, slots=True)
class StartTyres(Event):
    """A driver chooses its start tyres after the forecast (§4.6 item e): the wear marker on their start position."""

    RULE: ClassVar[str] = "§4.6"
    TEMPLATE: ClassVar[str] = "{car} starts the race on {tyre} tyres: the wear marker on space {wear}"
    car: str
    tyre: str
    wear: int
