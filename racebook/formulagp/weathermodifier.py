"""The Optional weather change modifier (digest §21 item 15.14, the original's 15.14; house rule
``weather_change_modifier``, off by default), on h8's weather (:mod:`racebook.formulagp.weather`, which calls
:func:`modify` each time it places the Weather token by a roll).

"To further randomize the timing of weather changes, when the weather is cloudy or rainy, modify the result with an
additional roll of the white die: Green result: roll again and move the Weather token forward by the number rolled on
the white die. A result of 1 has no effect. Red result: roll again and move the Weather token backward by the number
rolled on the white die. A result of 1 has no effect."

Readings (the source is silent): "the result" is each placement of the Weather token by a roll — the set-up's
(WHITE x 4, §4.3) and a rain check's later space (T > R, §19.1); "a result of 1" is the second roll's 1 (the icon
face); moved backward, the token stays at least one space ahead of the Chequered Flag (the next round still reaches
it), and never past the radar's last space.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.components import FaceColour
from racebook.formulagp.events import weathermodifier as wmev
from racebook.formulagp.state import Die, RaceState

__all__ = ["modify", "RADAR_LAST"]

RADAR_LAST = 99  # no printed end of the radar a token could pass (a bound for the notation only)


def modify(s: RaceState, log: EventLog) -> None:
    """The modifier roll after the Weather token was placed by a roll (Cloudy or Rainy)."""
    if not s.rules.weather_change_modifier or not s.weather_token:
        return
    first = s.white_face(s.roll(Die.WHITE))
    second = s.white_face(s.roll(Die.WHITE)).value
    steps = 0 if second == 1 else second
    forward = first.colour is FaceColour.GREEN
    before = s.weather_token
    token = before + steps if forward else max(s.flag + 1, before - steps)
    s.weather_token = min(RADAR_LAST, token)
    log.append(wmev.WeatherTokenModified(first.value, first.colour.value, second, abs(s.weather_token - before),
                                         "forward" if forward else "back", s.weather_token))
