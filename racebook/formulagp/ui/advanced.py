"""Notebook F4's widgets: the weather radar with its exact odds, the start-tyre choice, and a Pro BOT's pit window.

No rule lives here. :class:`WeatherRadar` shows :func:`racebook.formulagp.analysis.weatherodds.radar` (or, before the
draw, each WEATHER card's :func:`~racebook.formulagp.analysis.weatherodds.setup_radar`) as a strip of radar spaces
with the chance the weather changes on each, and :func:`~racebook.formulagp.analysis.weatherodds.start_tyre_costs`
for the forecast chosen; :class:`ProWindowView` shows a Pro BOT example's position and
:func:`racebook.formulagp.analysis.prowindow.pro_window`. SVG and HTML only (no numpy, pandas or bqplot): they run
offline on the Lite site.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.analysis import prowindow as pwin
from racebook.formulagp.analysis import weatherodds as wo
from racebook.formulagp.ui.movement import _CSS, picture
from racebook.ui.errors import ErrorLog

#: the Pro BOT examples of notebook F4 (scenario ids), in the book's order
PRO_EXAMPLES = ("fgp_ex27_a_medium_pit_token_past_its_icon_is_flipped_to_pit",
                "fgp_ex29_a_pro_bot_ends_on_a_corner_and_moves_one_forward",
                "fgp_ex31_a_soft_pit_token_saves_tyres_only_up_to_space_8")
#: the speed-limit examples of notebook F4
SPEED_EXAMPLES = ("fgp_ex22_speeding_through_two_corners", "fgp_exx5_pairs_against_speed_limits",
                  "fgp_ex23_speeding_in_a_yellow_zone_no_second_yellow")
BEFORE_DRAW = "not drawn yet"
_W, _H = 26, 90  # one radar space's column
_BEST = ' class="total"'


def _pct(p: Any) -> str:
    return f"{float(p) * 100:.1f}%"


def radar_svg(chances: dict[int, Any], spaces: int = 24, *, flag: int = 0, marks: dict[int, str] | None = None,
              title: str = "", cutoff: int = 0) -> str:
    """The Weather Radar as a strip of ``spaces`` columns: a bar for each space's chance (full height = 50%), the
    flag's space shaded, the spaces from ``cutoff`` on (when given) tinted red, ``marks`` (space -> a short label: a
    token) written under their column."""
    marks = marks or {}
    top = max([float(p) for p in chances.values()] + [0.5])
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W * spaces + 20}" height="{_H + 48}" '
             f'font-family="sans-serif" font-size="11">', f'<text x="10" y="12">{html.escape(title)}</text>']
    for i in range(1, spaces + 1):
        x = 10 + (i - 1) * _W
        fill = "#ddd" if i == flag else ("#fbe3e3" if cutoff and i >= cutoff else "#f7f7f7")
        parts.append(f'<rect x="{x}" y="18" width="{_W - 2}" height="{_H}" fill="{fill}" stroke="#bbb"/>')
        p = float(chances.get(i, 0))
        if p:
            h = _H * p / top
            parts.append(f'<rect x="{x + 3}" y="{18 + _H - h:.1f}" width="{_W - 8}" height="{h:.1f}" '
                         f'fill="#3b6fb6"><title>space {i}: {p:.1%}</title></rect>')
            parts.append(f'<text x="{x + _W / 2 - 1}" y="{14 + _H - h:.1f}" text-anchor="middle" '
                         f'font-size="9">{round(p * 100)}</text>')
        parts.append(f'<text x="{x + _W / 2 - 1}" y="{_H + 31}" text-anchor="middle">{i}</text>')
        if i in marks:
            parts.append(f'<text x="{x + _W / 2 - 1}" y="{_H + 44}" text-anchor="middle" font-weight="bold">'
                         f"{html.escape(marks[i])}</text>")
    parts.append("</svg>")
    return "".join(parts)


def radar_html(r: wo.Radar, *, flag: int = 0, token: int = 0, side: str = "die") -> str:
    """The radar strip (bars: the chance the weather changes when the flag reaches the space, in %) and its sentence."""
    marks = {token: "W" if side == "die" else "W!"} if token else {}
    svg = radar_svg(r.changes, r.horizon, flag=flag, marks=marks,
                    title=f"{r.weather.value}: the chance (%) the weather changes on each radar space")
    return (f'{_CSS}<div class="rb-mp">{svg}<p><b>{html.escape(r.sentence())}</b></p>'
            "<small>grey: the flag's space; W: the Weather token, WHITE-die side (the rain check); W!: its "
            "weather-icon side (the change itself)</small></div>")


def tyres_html(costs: list[wo.TyreCost]) -> str:
    """Each start tyre's expected stint, best first (in bold)."""
    rows = "".join(
        f"<tr{_BEST if i == 0 else ''}><td>{c.tyre.value}</td><td>{float(c.bonus_mp):.2f}</td>"
        f"<td>{float(c.wrong_rounds):.2f}</td><td>{float(c.red_dice):.2f}</td><td>{float(c.spins):.3f}</td>"
        f"<td>{float(c.wear):.1f}</td></tr>" for i, c in enumerate(costs))
    return (f'{_CSS}<div class="rb-mp"><table><tr><th>start tyre</th><th>tyre bonus MP</th><th>rounds on the '
            "wrong tyres</th><th>RED dice</th><th>expected losses of control</th><th>wear after</th></tr>"
            f"{rows}</table><small>expected values over the first {costs[0].rounds} rounds, every weather the "
            "forecast can bring weighted exactly (§4.3, §14.2, §19.1)</small></div>")


class WeatherRadar:
    """The radar's odds for the weather, Weather token and flag chosen, and the start tyres' expected cost."""

    def __init__(self, forecast: str = "cloudy", token: int = 12, rounds: int = 8) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.weather = widgets.ToggleButtons(options=[BEFORE_DRAW, "sunny", "cloudy", "rainy"], value=forecast,
                                             description="weather")
        self.token = widgets.IntSlider(value=token, min=0, max=24, description="token on", continuous_update=False)
        self.side = widgets.ToggleButtons(options=["die", "icon"], value="die", description="token side")
        self.flag = widgets.IntSlider(value=1, min=0, max=23, description="flag on", continuous_update=False)
        self.rounds = widgets.IntSlider(value=rounds, min=1, max=24, description="stint rounds",
                                        continuous_update=False)
        self.strip = widgets.HTML()
        self.table = widgets.HTML()
        for w in (self.weather, self.token, self.side, self.flag, self.rounds):
            w.observe(g(lambda _c: self.show()), names="value")
        self.widget = widgets.VBox([self.weather, widgets.HBox([self.token, self.side]),
                                    widgets.HBox([self.flag, self.rounds]), self.strip, self.table,
                                    self.errors.widget])
        self.show()

    def show(self) -> None:
        drawn = self.weather.value != BEFORE_DRAW
        for w in (self.token, self.side, self.flag):
            w.disabled = not drawn
        if drawn:
            self.result: wo.Radar | None = wo.radar(self.weather.value, self.token.value, self.side.value,
                                                    now=self.flag.value)
            self.strip.value = radar_html(self.result, flag=self.flag.value, token=self.token.value,
                                          side=self.side.value)
        else:  # before the draw: the chance the track is wet, over the 5 WEATHER cards and the set-up's rolls
            self.result = None
            self.wet = {i: wo.wet_chance(i) for i in range(1, 25)}
            self.strip.value = (f'{_CSS}<div class="rb-mp">'
                                + radar_svg(self.wet, title="before the draw: the chance (%) the track is wet on "
                                            "each radar space") + "</div>")
        self.costs = wo.start_tyre_costs(self.rounds.value, forecast=self.weather.value if drawn else None)
        self.table.value = tyres_html(self.costs)


def pro_html(w: pwin.ProWindow) -> str:
    """A Pro BOT's Pit token on the radar and where its tyre checks send it to the pit-lane entry."""
    marks = {w.token.space: {pwin.PitSide.TYRE: "T", pwin.PitSide.PIT: "P", pwin.PitSide.ENTRY: "E"}[w.token.side]}
    svg = radar_svg(w.by_space(), 24, flag=w.flag, marks=marks,
                    title=f"{w.car}: the chance (%) its Pit token goes to the pit-lane entry on each space",
                    cutoff=pwin.CUT_OFF)
    return (f'{_CSS}<div class="rb-mp">{svg}<p><b>{html.escape(w.sentence())}</b></p>'
            f"<small>T / P: the Pit token, TYRE / PIT side up; red spaces: round {pwin.CUT_OFF} on, no Pro BOT stop "
            f"(§22.11.1); the Tyre token lowered by then: {_pct(w.lowered)}</small></div>")


class ProWindowView:
    """A Pro BOT example's position and its pit window (read from its public tokens)."""

    def __init__(self, sid: str = PRO_EXAMPLES[0], car: str = "P") -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.car = car
        titles = [(fgp_scenario.read(x).title[:78], x) for x in PRO_EXAMPLES]
        self.choice = widgets.Dropdown(options=titles, value=sid, layout=widgets.Layout(width="640px"))
        self.picture = widgets.HTML()
        self.window = widgets.HTML()
        self.choice.observe(g(lambda _c: self.show()), names="value")
        self.widget = widgets.VBox([self.choice, self.picture, self.window, self.errors.widget])
        self.show()

    def show(self) -> None:
        self.race = fgp_scenario.read(self.choice.value).race()
        self.result = pwin.pro_window(self.race, self.car)
        self.picture.value = picture(self.race)
        self.window.value = pro_html(self.result)
