"""[ADV] The weather keys of a FormulaGP scenario (issue 38; digest §4.3, §19.1, §19.8.4): ``[scenario] weather``
stacks the WEATHER card the set-up draws (a grid race), and ``[race]`` (a turn) puts the weather in the position:

    [scenario]
    mode = "advanced"
    weather = "cloudy"          # the WEATHER card drawn at set-up (stacked; a grid race draws it)

    [race]
    forecast = "cloudy"         # the card drawn at set-up (default: the weather below)
    weather = "cloudy"          # the WEATHER card on the panel now: sunny, cloudy, rainy
    temperature = "hot"         # Sunny: normal, hot, extreme
    weather_token = 12          # the Weather token's radar space (1..99)
    weather_side = "die"        # its side up: die (the rain check) or icon (the change there)
    standing_water = ["T05"]    # tile ids holding a Standing Water token
    weather_changed = 10        # the round the weather last changed (Rainy -> Cloudy: the track dries from the next)

Every key needs ``mode = "advanced"`` (the weather is [ADV]); a bad value is one field error. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from racebook.core.fields import as_int, as_str, as_strs, bad
from racebook.formulagp.rules.weather import Forecast, Temperature
from racebook.formulagp.state import RaceState
from racebook.formulagp.weather import STACK

__all__ = ["weather_race_keys", "stack_forecast"]


def _advanced(s: RaceState, path: str) -> None:
    if not s.mode.advanced:
        raise bad(path, "the weather is an Advanced race's ([ADV] §4.3): set [scenario] mode = \"advanced\"")


def _word(path_name: str, words: tuple[str, ...], attr: str, rule: str) -> Callable[[Any, str, RaceState], None]:
    def read(v: Any, path: str, s: RaceState) -> None:
        _advanced(s, path)
        w = as_str(v, path)
        if w not in words:
            raise bad(path, f"{w[:12]!r} is not one of {', '.join(words)} ({rule})")
        setattr(s, attr, w)
        if attr == "weather" and not s.forecast:
            s.forecast = w
    return read


def _token(v: Any, path: str, s: RaceState) -> None:
    _advanced(s, path)
    s.weather_token = as_int(v, path, 1, 99, ": the Weather token's radar space, §19.1")
    s.weather_side = s.weather_side or "die"


def _side(v: Any, path: str, s: RaceState) -> None:
    _advanced(s, path)
    side = as_str(v, path)
    if side not in ("die", "icon"):
        raise bad(path, f"{side[:12]!r} is not 'die' (the rain check) or 'icon' (the change there) (§19.1)")
    s.weather_side = side


def _water(v: Any, path: str, s: RaceState) -> None:
    _advanced(s, path)
    ids = {t.id: i for i, t in enumerate(s.track.tiles) if t.costs_mp}
    tiles = []
    for i, name in enumerate(as_strs(v, path, unique=True)):
        if name not in ids:
            raise bad(f"{path}[{i}]", f"{name[:12]!r} is not a movement tile of the track (§19.8.4)")
        tiles.append(ids[name])
    s.standing_water = tuple(sorted(tiles))


def _changed(v: Any, path: str, s: RaceState) -> None:
    _advanced(s, path)
    s.weather_changed = as_int(v, path, 1, 99, ": a round, §19.1.1")


def weather_race_keys() -> dict[str, Callable[[Any, str, RaceState], None]]:
    forecasts = tuple(f.value for f in Forecast)
    return {"forecast": _word("forecast", forecasts, "forecast", "§4.3"),
            "weather": _word("weather", forecasts, "weather", "§4.3, §19.1.1"),
            "temperature": _word("temperature", tuple(t.value for t in Temperature), "temperature", "§4.3"),
            "weather_token": _token, "weather_side": _side, "standing_water": _water,
            "weather_changed": _changed}


def stack_forecast(v: Any, s: RaceState) -> None:
    """``[scenario] weather``: the WEATHER card the set-up draws (stacked, §4.2 g)."""
    if v is None:
        return
    _advanced(s, "scenario.weather")
    w = as_str(v, "scenario.weather")
    if w not in {f.value for f in Forecast}:
        raise bad("scenario.weather", f"{w[:12]!r} is not a WEATHER card (sunny, cloudy, rainy: §4.3)")
    s.stacked[STACK] = [w]


def tyres_used(v: Any, path: str, car: Any, ctx: Any) -> None:
    """``[[car]] tyres_used = "s"``: the tyre types the car has raced on, initials s, m, h, w (§4.6)."""
    _advanced(ctx.state, path)
    text = as_str(v, path)
    if any(x not in "smhw" for x in text) or len(set(text)) != len(text):
        raise bad(path, f"{text[:12]!r} is not tyre initials s, m, h, w, each once (§4.6)")
    car.tyres_used = text
