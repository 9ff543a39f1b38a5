"""The Optional weather change modifier (digest §21, the original's 15.14; house rule ``weather_change_modifier``) on
h8's weather: the set-up's Weather token moved by the extra WHITE dice, both ways."""

from __future__ import annotations

from typing import Any

import pytest

from racebook.formulagp.events import weathermodifier as wmev
from racebook.formulagp.options import Rules
from tests.formulagp.test_weather import _events, _race

ON = Rules(weather_change_modifier=True)


@pytest.mark.parametrize(("white", "token", "moved"), [
    ([3, 2, 5, 4], 12, ("forward", 4)),  # WHITE 2 x 4 = 8; green 5, then 4: forward 4
    ([3, 2, 6, 3], 5, ("back", 3)),  # red 6, then 3: back 3
    ([3, 2, 5, 1], 8, ("forward", 0)),  # "a result of 1 has no effect"
    ([3, 1, 4, 6], 2, ("back", 2)),  # 4 - 6: the token stays one space ahead of the flag (a reading)
])
def test_the_set_up_token_is_moved_by_the_modifier(white: list[int], token: int, moved: tuple[str, int]) -> None:
    race = _race("cloudy", white, rules=ON)
    s = race.state
    assert s.weather_token == token
    got: list[Any] = _events(race, wmev.WeatherTokenModified)
    assert [(e.way, e.moved, e.token) for e in got] == [(*moved, token)]
    off = _race("cloudy", white)
    assert off.state.weather_token == white[1] * 4 and not _events(off, wmev.WeatherTokenModified)


def test_a_sunny_race_rolls_no_modifier() -> None:
    race = _race("sunny", [3, 4, 4, 4], rules=ON)
    assert race.state.weather_token == 0 and not _events(race, wmev.WeatherTokenModified)
