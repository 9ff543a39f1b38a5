"""[ADV] The weather's pure rules (digest §4.3, §19.1, §19.1.1, §14.2; the original's 3.3, 13.1, 13.1.1, 10.2) and
the WEATHER cards' data (``data/weather.toml``: the 5 cards' split, the value printed on the Cloudy and Rainy cards,
the Sunny card's track-temperature table; invented-for-teaching where the source prints nothing, validated on load).

* The forecast (§4.3): one of the 5 WEATHER cards, Sunny, Cloudy or Rainy.
* The track temperature (Sunny, §4.3): the WHITE die's result (the icon counts 1) -> Normal / Hot / Extreme, and the
  extra wear for Soft and Medium tyres (+0 / +1 / +2).
* The rain check (§19.1): the WHITE die times the card's value, the total T against the round R: T < R no change,
  T = R the weather changes now, T > R the Weather token moves to radar space T, weather-icon side up.
* Standing Water (§4.3 Rainy step 3, §19.1.1): the tiles counted from the Start/Finish line.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import kind_of
from racebook.formulagp import provenance as pv

__all__ = ["Forecast", "Temperature", "Check", "WeatherData", "weather_data", "parse_weather", "check",
           "rainy_setup_counts", "change_counts", "die_result", "DRY_TYPES", "wrong_tyres", "wrong_tyre_bonus"]

SCHEMA_VERSION = 1
DATA = Path(__file__).resolve().parent.parent / "data"
DRY_TYPES = ("soft", "medium", "hard")  # §4.6: the two-dry-tyre-types rule counts these


class Forecast(StrEnum):
    """A WEATHER card (§4.3): its value is the notation's word."""

    SUNNY = "sunny"
    CLOUDY = "cloudy"
    RAINY = "rainy"

    @property
    def wet(self) -> bool:
        """The track is wet while the current WEATHER card is Rainy (§14.2, §19.1.1)."""
        return self is Forecast.RAINY


class Temperature(StrEnum):
    """The Sunny card's track temperature (§4.3)."""

    NORMAL = "normal"
    HOT = "hot"
    EXTREME = "extreme"


class Check(Enum):
    """The rain check's outcome (§19.1)."""

    NO_CHANGE = "T < R: the weather won't change; the Weather token is removed"
    NOW = "T = R: the weather changes now"
    LATER = "T > R: the Weather token moves to radar space T, weather-icon side up"


@dataclass(frozen=True)
class WeatherData:
    cards: tuple[Forecast, ...]  # the 5 WEATHER cards, in a fixed order (the deck is shuffled by drawing one)
    multiplier: dict[Forecast, int]  # the value printed on the Cloudy and Rainy cards (§19.1)
    temperature: dict[int, Temperature]  # WHITE die result 1..6 -> the track temperature (§4.3)
    temperature_wear: dict[Temperature, int]  # extra wear for Soft and Medium (§4.3)
    tokens: dict[str, int]  # standing_water, weather, race_control_rain
    sources: dict[str, str]

    def stated(self) -> dict[str, str]:
        return {k: v for k, v in self.sources.items() if pv.is_stated(v)}

    def invented(self) -> dict[str, str]:
        return {k: v for k, v in self.sources.items() if not pv.is_stated(v)}


def die_result(value: int) -> int:
    """The WHITE die's result where the weather rules say "(result = 1)": the icon face counts 1, the others their
    number (§4.3, §19.1.1)."""
    return max(1, value)


def check(total: int, round_: int) -> Check:
    """The rain check (§19.1): the total T (WHITE die x the card's value) against the current round R."""
    if total < round_:
        return Check.NO_CHANGE
    return Check.NOW if total == round_ else Check.LATER


def wrong_tyres(wet_track: bool, wet_tyres: bool) -> str:
    """Which wrong tyres a car runs on (§14.2): "dry" (dry tyres on a wet track), "wet" (wet tyres on a dry track) or
    "" (the right ones)."""
    if wet_track:
        return "" if wet_tyres else "dry"
    return "wet" if wet_tyres else ""


def wrong_tyre_bonus(wrong: str, bonus: int, plus_one_side: int) -> int:
    """The tyre bonus on the wrong tyres (§14.2): dry tyres on a wet track have none (the Tyre Bonus token removed);
    wet tyres on a dry track show the token's +1 side (``plus_one_side``, the Wet token's lower side; no change when
    it already shows it)."""
    if wrong == "dry":
        return 0
    if wrong == "wet":
        return min(bonus, plus_one_side)
    return bonus


def rainy_setup_counts(rolls: Sequence[int]) -> list[int]:
    """The Rainy set-up's Standing Water (§4.3 Rainy step 3): the first token WHITE x the number of tokens tiles
    from the Start/Finish line, each further token the next roll's tiles ahead of the one before; ``rolls`` one result
    a token. Returns each token's distance in tiles from the line."""
    out: list[int] = []
    for i, r in enumerate(rolls):
        out.append(r * len(rolls) if i == 0 else out[-1] + r)
    return out


def change_counts(rolls: Sequence[int]) -> list[int]:
    """Cloudy -> Rainy's Standing Water (§19.1.1 item 2): the first token a WHITE roll's tiles from the line, each
    further one the next roll's tiles ahead ("do the same for each token"). Distances in tiles from the line."""
    out: list[int] = []
    for r in rolls:
        out.append(r if not out else out[-1] + r)
    return out


def _int(t: dict[str, Any], key: str, file: str, path: str, lo: int, hi: int) -> int:
    v = t.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise DataError(file, f"{path}.{key}", f"must be a whole number {lo}..{hi} (got {kind_of(v)} {v!r})")
    return v


def parse_weather(doc: dict[str, Any], file: str) -> WeatherData:
    """Validate a weather document (see ``data/weather.toml``); every problem one DataError naming the field."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA_VERSION:
        raise DataError(file, "schema", f"must be {SCHEMA_VERSION}")
    pv.only_keys(doc, {"schema", "cards", "multiplier", "temperature", "temperature_wear", "tokens", "examples"},
                 file, "")
    c = pv.table(doc, "cards", file)
    pv.only_keys(c, {"count", *Forecast, "source", "sources"}, file, "cards")
    sources = pv.sourced(c, ["count", *Forecast], file, "cards")
    count = _int(c, "count", file, "cards", 1, 20)
    split = {f: _int(c, f.value, file, "cards", 0, count) for f in Forecast}
    if sum(split.values()) != count:
        raise DataError(file, "cards", f"the split ({sum(split.values())} cards) must add up to count = {count}")
    cards = tuple(f for f in Forecast for _ in range(split[f]))
    m = pv.table(doc, "multiplier", file)
    pv.only_keys(m, {"cloudy", "rainy", "source", "sources"}, file, "multiplier")
    sources |= pv.sourced(m, ["cloudy", "rainy"], file, "multiplier")
    mult = {f: _int(m, f.value, file, "multiplier", 1, 10) for f in (Forecast.CLOUDY, Forecast.RAINY)}
    t = pv.table(doc, "temperature", file)
    pv.only_keys(t, {*Temperature, "source", "sources"}, file, "temperature")
    sources |= pv.sourced(t, list(Temperature), file, "temperature")
    temp: dict[int, Temperature] = {}
    for k in Temperature:
        v = t.get(k.value)
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            raise DataError(file, f"temperature.{k.value}", f"must be a list of WHITE die results, not {kind_of(v)}")
        for x in v:
            if not 1 <= x <= 6 or x in temp:
                raise DataError(file, f"temperature.{k.value}", f"{x} is not a WHITE die result 1..6 listed once")
            temp[x] = k
    if sorted(temp) != [1, 2, 3, 4, 5, 6]:
        raise DataError(file, "temperature", "every WHITE die result 1..6 names one temperature (§4.3)")
    w = pv.table(doc, "temperature_wear", file)
    pv.only_keys(w, {*Temperature, "source", "sources"}, file, "temperature_wear")
    sources |= pv.sourced(w, list(Temperature), file, "temperature_wear")
    wear = {k: _int(w, k.value, file, "temperature_wear", 0, 5) for k in Temperature}
    tk = pv.table(doc, "tokens", file)
    pv.only_keys(tk, {"standing_water", "weather", "race_control_rain", "source", "sources"}, file, "tokens")
    sources |= pv.sourced(tk, ["standing_water", "weather", "race_control_rain"], file, "tokens")
    tokens = {k: _int(tk, k, file, "tokens", 1, 10) for k in ("standing_water", "weather", "race_control_rain")}
    if tokens["standing_water"] < 6:
        raise DataError(file, "tokens.standing_water", "a WHITE die result (up to 6) picks that many tokens (§4.3)")
    pv.examples(doc, file)
    return WeatherData(cards, mult, temp, wear, tokens, sources)


def load_weather_file(path: str | Path) -> WeatherData:
    return parse_weather(load_toml(path), str(path))


@cache
def weather_data() -> WeatherData:
    """The shipped WEATHER cards and weather values (``data/weather.toml``)."""
    return load_weather_file(DATA / "weather.toml")
