"""The weather-table widget: a track's weather table, the pawn, the robots' tyres and wrong-tyre penalties
(§9.1, §9.2, §16.1–§16.3; AMB-5, AMB-33).

Thin, like the other views. The space a card's check factor lands on is :func:`racebook.rf90.setup.weather_space`,
the robots' tyres :func:`racebook.rf90.setup.robot_tyre_for` and each tyre's penalty
:func:`racebook.rf90.rules.movement.tyre_penalty`, all through :func:`racebook.rf90.lessons.explore.weather_reading`; a
weather card's
one-step move is played in a real race by :func:`racebook.rf90.lessons.explore.weather_step`::

    from racebook.rf90.ui.weather import WeatherTableView
    WeatherTableView("silverstone", check=38)       # Ex. 9

Where bqplot is missing (the offline browser, issue 34 item 4) the table is drawn as SVG in an HTML widget
(:func:`weather_svg`: the same spaces, colours, pawn and card line); the rest is ipywidgets alone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.core.svg import FONT_FAMILY, e
from racebook.rf90.car import Skill, Tyre
from racebook.rf90.lessons import explore
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.track import Condition
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui.tracks import has_weather_table, track_options
from racebook.ui import backend, style, svgchart
from racebook.ui.errors import ErrorLog

FILL = {Condition.DRY: "#f6c445", Condition.INTERMEDIATE: "#b7c9d9", Condition.RAIN: "#2f6db3"}
INK = {Condition.DRY: "#3b2a00", Condition.INTERMEDIATE: "#1f2d3a", Condition.RAIN: "#ffffff"}
WORD = {Condition.DRY: "dry (Sol)", Condition.INTERMEDIATE: "drizzle (Garoa)", Condition.RAIN: "rain (Chuva)"}
PAWN = "#111111"
_CSS = """<style>
.rb-wx {font-size: 17px; line-height: 1.45;}
.rb-wx table {border-collapse: collapse; margin: 6px 0;}
.rb-wx th, .rb-wx td {padding: 4px 12px; border-bottom: 1px solid #ddd; text-align: left;}
.rb-wx thead th {background: #f0f0f0;}
.rb-wx .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 5px; font-size: 13px;
              white-space: nowrap;}
.rb-wx .big {font-size: 22px; font-weight: bold;}
.rb-wx .ok {color: #1a7f1a; font-weight: bold;} .rb-wx .bad {color: #b00020; font-weight: bold;}
</style>"""
_WIDE = {"description_width": "150px"}


def _labelled(text: str, w: widgets.Widget) -> widgets.HBox:
    """A control with its label on the left, aligned with the slider's description."""
    label = widgets.HTML(f"<div style='text-align:right;padding-right:8px'>{html.escape(text)}</div>",
                         layout=widgets.Layout(width="158px"))
    return widgets.HBox([label, w], layout=widgets.Layout(align_items="center"))


def _tyre_name(t: Tyre) -> str:
    return t.value.capitalize()


class WeatherTableView:
    """A track's weather table drawn with bqplot: each space coloured by its condition, the weather pawn on the
    space of the drawn card's check factor (slider). Below: the robots' tyres there, and the MP each player tyre
    loses per turn (with the AMB-5 house rule and RAIN EXPERT). "◀ / ▶ weather card" moves the pawn one step as
    a weather symbol does, and says whether the robots must pit for new tyres (§16.3).

    ``reading`` is the last :class:`racebook.rf90.lessons.explore.WeatherReading`; ``step`` the last
    :class:`racebook.rf90.lessons.explore.WeatherStep` (None until a weather button is used).
    """

    def __init__(self, track: str = "silverstone", check: int = 38, *, width: int = 980) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self._quiet = True
        self.width = width
        self.reading: explore.WeatherReading | None = None
        self.step: explore.WeatherStep | None = None
        self.space: int = 0
        self.robot_tyre = Tyre.HARD
        self.track = widgets.ToggleButtons(options=track_options(has_weather_table), value=track,
                                           style={"button_width": "150px"})
        self.check = widgets.IntSlider(value=check, min=1, max=99, description="card drawn (check)",
                                       continuous_update=False, layout=widgets.Layout(width="700px"), style=_WIDE)
        self.row = widgets.ToggleButtons(options=[("corrected (recommended)", IntermediateRow.CORRECTED.value),
                                                  ("as printed", IntermediateRow.PRINTED.value)],
                                         value=IntermediateRow.CORRECTED.value, style={"button_width": "210px"})
        self.rain_expert = widgets.Checkbox(value=False, indent=False, description="RAIN EXPERT skill (§27)",
                                            layout=widgets.Layout(width="auto"))
        bl = widgets.Layout(width="230px", height="38px")
        self.left = widgets.Button(description="◀ weather card: 1 step", layout=bl)
        self.right = widgets.Button(description="weather card: 1 step ▶", layout=bl)
        self.left.on_click(g(lambda _b: self.move(-1)))
        self.right.on_click(g(lambda _b: self.move(+1)))
        self.out = widgets.HTML()
        self._build_figure()
        head = widgets.HTML("<div style='font-size:22px;font-weight:bold'>The weather table (<i>tabela de "
                            "meteorologia</i>)</div><div style='font-size:15px;color:#555'>Draw a Race Card: the "
                            "weather pawn goes on the space covering its check factor (§9.1). The robots choose "
                            "their tyres from it (§9.2); a player on the wrong tyres loses MP every turn (§16.2)."
                            "</div>")
        self.widget = widgets.VBox([
            head, _labelled("track", self.track), self.check, self.fig,
            widgets.HBox([self.left, self.right], layout=widgets.Layout(margin="0 0 0 162px", grid_gap="12px")),
            _labelled("AMB-5 house rule", self.row),
            widgets.HBox([self.rain_expert], layout=widgets.Layout(margin="0 0 0 162px")),
            self.out, self.errors.widget])
        self.track.observe(g(self._on_reset), names="value")
        self.check.observe(g(self._on_reset), names="value")
        self.row.observe(g(self._on_change), names="value")
        self.rain_expert.observe(g(self._on_change), names="value")
        self._quiet = False
        self.reset()

    # ------------------------------------------------------------ figure
    def _build_figure(self) -> None:
        if not backend.has_bqplot():  # the offline browser: the same picture as SVG (weather_svg)
            self.marks: list[Any] = []
            self.fig: Any = widgets.HTML(layout=widgets.Layout(width=f"{self.width}px"))
            self.fig.add_class(svgchart.SVG_CHART_CLASS)
            return
        import bqplot as bq

        self.sx = bq.LinearScale(min=0.0, max=1.0)
        self.sy = bq.LinearScale(min=-0.9, max=1.55)
        sc = {"x": self.sx, "y": self.sy}
        self.m_spaces = bq.Lines(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, fill="inside", close_path=True,
                                 stroke_width=3, colors=["#333"], fill_colors=["#eee"], fill_opacities=[1.0])
        self.m_ranges = bq.Label(x=[], y=[], text=[], scales=sc, default_size=20, font_unit="px",
                                 font_weight="bold", align="middle", colors=["#222"])
        self.m_conds = bq.Label(x=[], y=[], text=[], scales=sc, default_size=14, font_unit="px", align="middle",
                                colors=["#222"])
        self.m_sides = bq.Label(x=[], y=[], text=[], scales=sc, default_size=16, font_unit="px", align="middle",
                                colors=["#555"], font_weight="bold")
        self.m_pawn = bq.Scatter(x=[0.5], y=[1.22], scales=sc, marker="circle", default_size=2300, colors=[PAWN],
                                 stroke="white", stroke_width=2)
        self.m_pawn_label = bq.Label(x=[0.5], y=[1.22], text=["pawn"], scales=sc, default_size=13, font_unit="px",
                                     align="middle", colors=["white"], font_weight="bold", y_offset=5)
        self.m_card = bq.Label(x=[0.5], y=[-0.62], text=[""], scales=sc, default_size=18, font_unit="px",
                               align="middle", colors=["#b00020"], font_weight="bold")
        self.marks = [self.m_spaces, self.m_ranges, self.m_conds, self.m_sides, self.m_pawn, self.m_pawn_label,
                      self.m_card]
        self.fig = bq.Figure(marks=self.marks, axes=[], animation_duration=0, padding_x=0.0, padding_y=0.0,
                             fig_margin={"top": 6, "bottom": 6, "left": 10, "right": 10},
                             background_style={"fill": "white"},
                             layout=widgets.Layout(width=f"{self.width}px", height="230px"))

    def _card_line(self) -> str:
        return f"card ({self.check.value:02d}) → this space" if self.step is None else "moved by a weather card"

    def _draw_table(self) -> None:
        track = load_track(self.track.value)
        spaces = track.weather.spaces
        if not self.marks:
            self.fig.value = weather_svg(spaces, track.weather.rain_side, self.space, self._card_line(), self.width)
            return
        n = len(spaces)
        w = 1.0 / n
        xs, ys, fills = [], [], []
        for i, sp in enumerate(spaces):
            x0, x1 = i * w + 0.006, (i + 1) * w - 0.006
            xs.append([x0, x1, x1, x0])
            ys.append([0.0, 0.0, 0.9, 0.9])
            fills.append(FILL[sp.condition])
        mids = [(i + 0.5) * w for i in range(n)]
        rain_right = track.weather.rain_side == "right"
        with self.fig.hold_sync(), self.m_spaces.hold_sync(), self.m_ranges.hold_sync(), self.m_conds.hold_sync():
            self.m_spaces.x, self.m_spaces.y = xs, ys
            self.m_spaces.fill_colors = fills
            self.m_spaces.colors = ["#333"] * n
            self.m_spaces.fill_opacities = [1.0] * n
            self.m_ranges.x, self.m_ranges.y = mids, [0.5] * n
            self.m_ranges.text = [sp.label() for sp in spaces]
            self.m_ranges.colors = [INK[sp.condition] for sp in spaces]
            self.m_conds.x, self.m_conds.y = mids, [0.18] * n
            self.m_conds.text = [sp.condition.value for sp in spaces]
            self.m_conds.colors = [INK[sp.condition] for sp in spaces]
            self.m_sides.x, self.m_sides.y = [0.06, 0.94], [-0.3, -0.3]
            self.m_sides.text = (["◀ dry side", "rain side ▶"] if rain_right else ["◀ rain side", "dry side ▶"])

    def _draw_pawn(self) -> None:
        track = load_track(self.track.value)
        n = len(track.weather.spaces)
        x = (self.space + 0.5) / n
        card = self._card_line()
        if not self.marks:
            self.fig.value = weather_svg(track.weather.spaces, track.weather.rain_side, self.space, card, self.width)
            return
        with self.m_pawn.hold_sync(), self.m_pawn_label.hold_sync(), self.m_card.hold_sync():
            self.m_pawn.x, self.m_pawn_label.x, self.m_card.x = [x], [x], [min(max(x, 0.12), 0.88)]
            self.m_card.text = [card]

    # ------------------------------------------------------------ API
    @property
    def rules(self) -> Rules:
        return Rules(intermediate_row=IntermediateRow(self.row.value))

    @property
    def skill(self) -> Skill | None:
        return Skill.RAIN_EXPERT if self.rain_expert.value else None

    def set(self, **values: Any) -> None:
        """Move controls: ``track``, ``check``, ``intermediate_row`` ('corrected'/'printed'), ``rain_expert``."""
        by_name = {"track": self.track, "check": self.check, "intermediate_row": self.row,
                   "rain_expert": self.rain_expert}
        unknown = set(values) - set(by_name)
        if unknown:
            raise TypeError(f"unknown control(s): {', '.join(sorted(unknown))} (known: {', '.join(by_name)})")
        self._quiet = True
        try:
            for k, v in values.items():
                by_name[k].value = v
        finally:
            self._quiet = False
        self.reset()

    def reset(self) -> None:
        """Put the pawn where the drawn card says and let the robots choose their tyres (§9.1, §9.2)."""
        r = explore.weather_reading(self.track.value, self.check.value, self.rules, self.skill)
        self.space = r.space
        self.robot_tyre = r.robot_tyres[0]
        self.step = None
        self._draw_table()
        self._show(r)

    def move(self, step: int) -> None:
        """Play a weather card and move the pawn ``step`` (-1 / +1) (§16.1); the robots may pit (§16.3)."""
        self.step = explore.weather_step(self.track.value, self.space, step, self.robot_tyre)
        self.space = self.step.after
        self.robot_tyre = self.step.robot_tyre
        self._show(explore.space_reading(self.track.value, self.space, self.rules, self.skill))

    def text(self) -> str:
        """The reading as plain text (for tests)."""
        r = self.reading
        if r is None:
            return ""
        pens = ", ".join(f"{_tyre_name(t)} -{p}" if p else f"{_tyre_name(t)} 0" for t, p in r.penalties.items())
        return f"{r.track} space {r.label} ({r.condition.value}); robots on {self.robot_tyre.value}; {pens}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ callbacks / drawing
    def _on_reset(self, change: dict) -> None:
        if not self._quiet:
            self.reset()

    def _on_change(self, change: dict) -> None:
        if not self._quiet:
            self._show(explore.space_reading(self.track.value, self.space, self.rules, self.skill))

    def _show(self, r: explore.WeatherReading) -> None:
        self.reading = r
        n = len(load_track(self.track.value).weather.spaces)
        self.left.disabled = self.space <= 0
        self.right.disabled = self.space >= n - 1
        self._draw_pawn()
        cond = WORD[r.condition]
        if self.step is None:
            head = (f"<div class='big'>Card ({r.check:02d}) → space {html.escape(r.label)}: {cond}</div>"
                    f"<div>Robots: {html.escape(r.robot_sentence())} {style.rule_html('§9.2')}</div>")
        else:
            st = self.step
            moved = "".join(f"<li>{html.escape(s)}</li>" for s in st.sentences)
            pit = (f"<span class='bad'>the robots all pit for {_tyre_name(st.robot_tyre)} tyres</span> (this stop also "
                   "counts as their refuelling: every robot refuel chit is removed)" if st.robots_pit else
                   f"the robots stay on {_tyre_name(st.robot_tyre)} tyres")
            head = (f"<div class='big'>Weather card: the pawn is now on {html.escape(r.label)}: {cond}</div>"
                    f"<ul style='margin:2px 0'>{moved}</ul><div>{pit} {style.rule_html('§16.3')}</div>")
        rows = []
        for tyre, pen in r.penalties.items():
            verdict = "<span class='ok'>no penalty</span>" if pen == 0 else \
                f"<span class='bad'>wrong tyres: -{pen} MP every turn</span>"
            lot = self.step is None and r.random
            robots = ""
            if lot and tyre in r.robot_tyres:
                robots = " ← the robots' tyres if the lot draws them"
            elif not lot and tyre is self.robot_tyre:
                robots = " ← the robots' tyres (robots never lose MP for tyres)"
            rows.append(f"<tr><td><b>{_tyre_name(tyre)}</b></td><td>{verdict}{robots}</td></tr>")
        rain = ("<div><b>Rain:</b> every test is at <b>-20</b>, robots' too — except the Leader lapping check "
                f"{style.rule_html('§13.D.2')} {style.rule_html('§16.2')}</div>"
                if r.condition is Condition.RAIN else "<div>No rain: tests are not modified by the weather.</div>")
        notes = []
        if r.condition is not Condition.DRY:
            notes.append(f"Intermediate tyres here: AMB-5 reading <b>{html.escape(self.row.value)}</b>.")
        if self.step is None and r.random:
            notes.append(f"The weather-card buttons continue as if the lot drew {_tyre_name(self.robot_tyre)}.")
        if self.rain_expert.value:
            notes.append("RAIN EXPERT: no penalty for Rain or Hard tyres in intermediate weather (AMB-33).")
        self.out.value = (
            f"{_CSS}<div class='rb-wx'>{head}<table><thead><tr><th>player tyre</th><th>in this weather "
            f"{style.rule_html('§16.2')}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{rain}"
            f"<div style='color:#555;font-size:15px'>{' '.join(notes)}</div></div>")


def weather_svg(spaces: Sequence[Any], rain_side: str, pawn: int, card: str, width: int = 980,
                height: int = 230) -> str:
    """The weather table as one ``<svg>`` (what :class:`WeatherTableView`'s bqplot figure shows): each space
    coloured by its condition with its check range and condition, the dry and rain sides, the weather pawn on space
    ``pawn`` and the ``card`` line under it (§9.1, §16.1)."""
    pad_x, pad_y = 10 / (width - 20), 6 * 2.45 / (height - 12)  # the bqplot figure's margins, in its units
    x_lo, x_hi, y_lo, y_hi = -pad_x, 1 + pad_x, -0.9 - pad_y, 1.55 + pad_y

    def X(u: float) -> float:
        return (u - x_lo) / (x_hi - x_lo) * width

    def Y(v: float) -> float:
        return (y_hi - v) / (y_hi - y_lo) * height

    def text(u: float, v: float, words: str, size: int, colour: str, bold: bool = False) -> str:
        weight = ' font-weight="bold"' if bold else ""
        return (f'<text x="{X(u):.1f}" y="{Y(v):.1f}" font-size="{size}" text-anchor="middle" '
                f'dominant-baseline="middle" fill="{e(colour)}"{weight}>{e(words)}</text>')

    n = len(spaces)
    w = 1.0 / n
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}" role="img">',
           "<title>the weather table</title>", f'<rect width="{width}" height="{height}" fill="white"/>']
    for i, sp in enumerate(spaces):
        x0, x1 = i * w + 0.006, (i + 1) * w - 0.006
        out.append(f'<rect x="{X(x0):.1f}" y="{Y(0.9):.1f}" width="{X(x1) - X(x0):.1f}" '
                   f'height="{Y(0.0) - Y(0.9):.1f}" fill="{FILL[sp.condition]}" stroke="#333" stroke-width="3">'
                   f"<title>{e(sp.label())}: {e(WORD[sp.condition])}</title></rect>")
        out.append(text((i + 0.5) * w, 0.5, sp.label(), 20, INK[sp.condition], bold=True))
        out.append(text((i + 0.5) * w, 0.18, sp.condition.value, 14, INK[sp.condition]))
    sides = ["◀ dry side", "rain side ▶"] if rain_side == "right" else ["◀ rain side", "dry side ▶"]
    out += [text(0.06, -0.3, sides[0], 16, "#555", bold=True), text(0.94, -0.3, sides[1], 16, "#555", bold=True)]
    x = (pawn + 0.5) / n
    out.append(f'<circle cx="{X(x):.1f}" cy="{Y(1.22):.1f}" r="27" fill="{PAWN}" stroke="white" stroke-width="2"/>')
    out.append(text(x, 1.22, "pawn", 13, "white", bold=True))
    out.append(text(min(max(x, 0.12), 0.88), -0.62, card, 18, "#b00020", bold=True))
    out.append("</svg>")
    return "\n".join(out)
