"""The fuel-strategy planner view: a bqplot Turn Indicator, a fuel chart and the controls (§7.1, §8, §13.A.3).

Every number shown comes from :mod:`racebook.rf90.analysis.planner`; this module only draws it. Where bqplot is
missing (the offline browser, issue 34 item 4) both pictures are SVG in HTML widgets
(:mod:`racebook.rf90.ui.plannersvg`: the same spaces, colours and notes) and the comparison is an HTML table
(:func:`racebook.ui.backend.table_of_columns`): the planner works with ipywidgets alone.

* :class:`TurnIndicatorChart` draws a track's Turn Indicator (Indicador de Turno) as on the board, one row
  per Race Stage, and marks a plan on it (stints, pit turns, chits, the race end) or a set of refuel chits.
* :class:`FuelChart` draws the fuel left (turns until the chit is due) turn by turn, with the 16-turn tank.
* :class:`FuelPlanner` joins them with the controls: track, starting chit, stops and extra sections per
  stop, skill; and a side-by-side comparison of the best one-stop and two-stop plans with the user's plan.
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from racebook.rf90.analysis import planner
from racebook.rf90.car import Skill
from racebook.rf90.rules.pits import MAX_EXTRA_SECTIONS, TANK_MAX
from racebook.rf90.rules.qualifying import FUEL_MODIFIER, QUALIFY_BONUS
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui import plannersvg
from racebook.rf90.ui.plannersvg import CELL_H, CELL_W, CHIT_COLOUR, DRY_COLOUR, PIT_COLOUR
from racebook.rf90.ui.tracks import has_turn_indicator, track_options
from racebook.ui import backend, bqfigure, svgchart
from racebook.ui.errors import ErrorLog

STINT_FILLS = ("#dbe9ff", "#dff3d6", "#ffe8cc", "#eadcff", "#fff3b0")
STINT_NAMES = ("blue", "green", "orange", "purple", "yellow")
MAX_STOPS = 3
_FONT = "px"


def _auto() -> widgets.Layout:
    """A fresh Layout: widgets must not share one, or hiding one hides them all."""
    return widgets.Layout(width="auto")


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[list[float], list[float]]:
    return [x0, x1, x1, x0, x0], [y0, y0, y1, y1, y0]


class TurnIndicatorChart:
    """The Turn Indicator of one track, one row per Race Stage (§10); the figure is built once.

    :meth:`show_plan` marks a :class:`racebook.rf90.analysis.planner.FuelPlan` (or the stops worked out before an
    :class:`racebook.rf90.analysis.planner.ImpossiblePlan`); :meth:`show_chits` marks refuel chits per space (Ex. 6).
    :attr:`picture` is what is drawn (:class:`racebook.rf90.ui.plannersvg.IndicatorPicture`); without bqplot
    :attr:`figure` is an HTML widget holding its SVG and :attr:`marks` is empty.
    """

    def __init__(self, track: Any = "teaching", *, width: int = 940, errors: ErrorLog | None = None) -> None:
        self.errors = errors or ErrorLog()
        self.width = width
        self.track: Any = None
        self.cells: dict[int, tuple[float, float]] = {}  # turn -> (x, y) of the cell's top-left corner
        self.texts: dict[int, list[str]] = {}  # turn -> the annotation lines last drawn (for tests)
        self.picture: plannersvg.IndicatorPicture | None = None
        self._build()
        self.set_track(track)

    # ------------------------------------------------------------ building
    def _build(self) -> None:
        self.legend = widgets.HTML()
        if not backend.has_bqplot():  # the offline browser: the picture is SVG (plannersvg)
            self.marks: list[Any] = []
            self.figure: Any = widgets.HTML(layout=widgets.Layout(width=f"{self.width}px"))
            self.figure.add_class(svgchart.SVG_CHART_CLASS)
            self.widget = widgets.VBox([self.figure, self.legend])
            return
        import bqplot as bq

        self.sx = bq.LinearScale(min=0.0, max=6.0)
        self.sy = bq.LinearScale(min=-4.0, max=0.0)
        sc = {"x": self.sx, "y": self.sy}
        L, Lb = bq.Lines, bq.Label
        self.m_cells = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, fill="inside", close_path=True, stroke_width=2,
                         colors=["#555"], fill_colors=["white"], fill_opacities=[1.0])
        self.m_stage = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, fill="inside", close_path=True, stroke_width=1,
                         colors=["black"], fill_colors=["black"], fill_opacities=[1.0])
        self.m_finish = L(x=[], y=[], scales=sc, close_path=True, stroke_width=7, colors=["black"])
        self.m_wrap = L(x=[], y=[], scales=sc, close_path=True, stroke_width=4, colors=[CHIT_COLOUR],
                        line_style="dashed")
        self.m_pits = L(x=[], y=[], scales=sc, close_path=True, stroke_width=6, colors=[PIT_COLOUR])
        self.m_dry = L(x=[], y=[], scales=sc, close_path=True, stroke_width=6, colors=[DRY_COLOUR])
        self.m_stage_text = Lb(x=[], y=[], text=[], scales=sc, default_size=13, font_unit=_FONT, font_weight="bold",
                               colors=["white"], align="start", x_offset=8, y_offset=0)
        self.m_turns = Lb(x=[], y=[], text=[], scales=sc, default_size=26, font_unit=_FONT, font_weight="bold",
                          colors=["#222"], align="start", x_offset=13, y_offset=0)
        self.m_laps = Lb(x=[], y=[], text=[], scales=sc, default_size=12, font_unit=_FONT, colors=["#666"],
                         align="end", x_offset=-13, y_offset=0)
        self.m_note1 = Lb(x=[], y=[], text=[], scales=sc, default_size=16, font_unit=_FONT, font_weight="bold",
                          colors=[PIT_COLOUR], align="middle")
        self.m_note2 = Lb(x=[], y=[], text=[], scales=sc, default_size=15, font_unit=_FONT, font_weight="bold",
                          colors=[CHIT_COLOUR], align="middle")
        self.marks = [self.m_cells, self.m_stage, self.m_dry, self.m_finish, self.m_wrap, self.m_pits,
                      self.m_stage_text, self.m_turns, self.m_laps, self.m_note1, self.m_note2]
        self.figure = bq.Figure(marks=self.marks, axes=[], fig_margin={"top": 6, "bottom": 6, "left": 6, "right": 6},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": "white"},
                                animation_duration=0,
                                layout=widgets.Layout(width=f"{self.width}px", height="420px"))
        self.widget = widgets.VBox([self.figure, self.legend])

    def _holding(self) -> contextlib.ExitStack:
        return bqfigure.holding(self.figure, self.marks) if self.marks else contextlib.ExitStack()

    # ------------------------------------------------------------ the indicator
    def set_track(self, track: Any) -> None:
        """Draw another track's Turn Indicator (a Track or a track id) and clear the marks."""
        tr = load_track(track) if isinstance(track, str) else track
        self.track = tr
        rows = planner.stages(tr)
        cols = max(len(r) for r in rows)
        self.cells = {sp.turn: (float(c), -float(r)) for r, row in enumerate(rows) for c, sp in enumerate(row)}
        height = 20 + 128 * len(rows)
        width = min(self.width, 12 + 156 * cols)  # keep the spaces about square
        self.picture = plannersvg.IndicatorPicture(
            width, height, (-0.04, cols - (1 - CELL_W) + 0.04, -len(rows) + (1 - CELL_H) - 0.04, 0.04), self.cells,
            {s.turn: s.laps for s in tr.turns.spaces}, [row[0].turn for row in rows], tr.turns.last_turn)
        if not self.marks:
            self.figure.layout.width = f"{width}px"
            self._mark({}, [], PIT_COLOUR, [], [], {}, {})
            self.legend.value = ""
            return
        with self._holding():
            self.figure.layout.width = f"{width}px"
            self.sx.min, self.sx.max = -0.04, cols - (1 - CELL_W) + 0.04
            self.sy.min, self.sy.max = -len(rows) + (1 - CELL_H) - 0.04, 0.04
            self.figure.layout.height = f"{height}px"
            xs, ys = zip(*(_rect(x, y, x + CELL_W, y - CELL_H) for x, y in self.cells.values()), strict=True)
            self.m_cells.x, self.m_cells.y = list(xs), list(ys)
            starts = [(i + 1, self.cells[row[0].turn]) for i, row in enumerate(rows)]
            bx, by = zip(*(_rect(x, y, x + CELL_W, y - 0.19) for _, (x, y) in starts), strict=True)
            self.m_stage.x, self.m_stage.y = list(bx), list(by)
            self.m_stage.fill_colors = ["black"] * len(starts)
            self.m_stage.colors = ["black"] * len(starts)
            self.m_stage_text.x = [x for _, (x, _y) in starts]
            self.m_stage_text.y = [y - 0.135 for _, (_x, y) in starts]
            self.m_stage_text.text = [f"STAGE {i}" for i, _ in starts]
            spaces = tr.turns.spaces
            self.m_turns.x = [self.cells[s.turn][0] for s in spaces]
            self.m_turns.y = [self.cells[s.turn][1] - 0.40 for s in spaces]
            self.m_turns.text = [str(s.turn) for s in spaces]
            self.m_laps.x = [self.cells[s.turn][0] + CELL_W for s in spaces]
            self.m_laps.y = [self.cells[s.turn][1] - 0.33 for s in spaces]
            self.m_laps.text = [f"laps {s.laps}" for s in spaces]
            last = tr.turns.last_turn
            fx, fy = _rect(*self._corner(last), *self._corner(last, far=True))
            self.m_finish.x, self.m_finish.y = [fx], [fy]
        self._mark({}, [], PIT_COLOUR, [], [], {}, {})
        self.legend.value = ""

    def _corner(self, turn: int, far: bool = False) -> tuple[float, float]:
        x, y = self.cells[turn]
        return (x + CELL_W, y - CELL_H) if far else (x, y)

    def _mark(self, fills: Mapping[int, str], outlined: Sequence[int], colour: str, wrap: Sequence[int],
              dry: Sequence[int], notes1: Mapping[int, str], notes2: Mapping[int, str]) -> None:
        """Draw the marks: space fills, outlines (pit turns or chits, in ``colour``), the wrapped chit's dashed box,
        *pane seca*, and the two note lines per space (an empty note is not drawn)."""
        assert self.picture is not None
        self.picture = dataclasses.replace(
            self.picture, fills=dict(fills), outlined=list(outlined), outline_colour=colour, wrap=list(wrap),
            dry=list(dry), notes1={t: s for t, s in notes1.items() if s}, notes2={t: s for t, s in notes2.items() if s})
        self.texts = {t: [s for s in (notes1.get(t, ""), notes2.get(t, "")) if s]
                      for t in sorted(set(notes1) | set(notes2))}
        if not self.marks:
            self.figure.value = plannersvg.indicator_svg(self.picture)
            return
        with self._holding():
            self.m_pits.colors = self.m_note1.colors = [colour]
            self.m_pits.x, self.m_pits.y = self._outline(outlined, inset=0.025)
            self.m_wrap.x, self.m_wrap.y = self._outline(wrap, inset=0.05)
            self.m_dry.x, self.m_dry.y = self._outline(dry, inset=0.025)
            for lb, notes, dy in ((self.m_note1, notes1, 0.56), (self.m_note2, notes2, 0.72)):
                turns = [t for t in notes if notes[t]]
                lb.x = [self.cells[t][0] + CELL_W / 2 for t in turns]
                lb.y = [self.cells[t][1] - dy for t in turns]
                lb.text = [notes[t] for t in turns]
            self.m_cells.fill_colors = [fills.get(t, "white") for t in self.cells]
            self.m_cells.colors = ["#555"] * len(self.cells)

    def _outline(self, turns: Sequence[int], inset: float = 0.0) -> tuple[list[list[float]], list[list[float]]]:
        xs, ys = [], []
        for t in turns:
            x, y = self.cells[t]
            rx, ry = _rect(x + inset, y - inset, x + CELL_W - inset, y - CELL_H + inset)
            xs.append(rx)
            ys.append(ry)
        return xs, ys

    # ------------------------------------------------------------ what to show
    def show_plan(self, plan: Any = None, error: planner.ImpossiblePlan | None = None) -> None:
        """Mark a FuelPlan; or, for an impossible plan, its stops so far and where the fuel runs out."""
        stops = list(plan.stops) if plan is not None else list(error.stops if error is not None else ())
        last = self.track.turns.last_turn
        fills: dict[int, str] = {}
        bounds = [1] + [s.turn for s in stops] + [last + 1]
        for i in range(len(bounds) - 1):
            for t in range(bounds[i], min(bounds[i + 1], last + 1)):
                fills[t] = STINT_FILLS[i % len(STINT_FILLS)]
        notes1: dict[int, str] = {}
        notes2: dict[int, str] = {}
        start_chit = plan.chit if plan is not None else None
        if start_chit is not None and start_chit <= last and not any(s.turn == start_chit for s in stops):
            notes2[start_chit] = f"chit {start_chit}"
        for s in stops:
            notes1[s.turn] = f"PIT {s.number}: back {s.sections_lost}"
            notes2[s.turn] = f"chit → {s.chit_after}" + (" ↺" if s.chit_after > last else "")
        dry = error.turn if error is not None and error.turn is not None and error.turn in self.cells else None
        wraps = []
        if plan is not None:
            wrap = planner.chit_space(self.track, plan.final_chit)
            wraps.append(wrap)
            if wrap not in notes2:
                notes2[wrap] = f"chit {plan.final_chit} ↺"
        if dry is not None:
            for t in range(dry + 1, last + 1):
                fills.pop(t, None)  # eliminated: the car runs no more turns
            fills[dry] = "#ffd6d6"
            notes1[dry] = "OUT OF FUEL"
            notes2[dry] = "pane seca"
        if last not in notes1 and last not in notes2:
            notes1[last] = "FINISH"
        self._mark(fills, [s.turn for s in stops], PIT_COLOUR, wraps, [dry] if dry is not None else [], notes1,
                   notes2)
        self.legend.value = self._legend(len(bounds) - 1)

    def show_chits(self, chits: Mapping[str, int]) -> None:
        """Mark refuel chits: {car: turn}; a chit past the last turn wraps to the top (§8; Ex. 6)."""
        on = planner.chits_on_indicator(self.track, chits)
        last = self.track.turns.last_turn
        notes1 = {t: cars[0] for t, cars in on.items()}
        notes2 = {t: " ".join(cars[1:2]) + (f" +{len(cars) - 2}" if len(cars) > 2 else "") for t, cars in on.items()}
        if last not in on:
            notes1[last] = "FINISH"
        self._mark({}, list(on), CHIT_COLOUR, [], [], notes1, notes2)
        self.legend.value = (f'<div style="font-size:16px"><span style="color:{CHIT_COLOUR};font-weight:bold">▭'
                             '</span> a space holding refuel chits: the cars named must pit on that Game Turn (or '
                             'earlier) — §8 &nbsp; <b>▭ FINISH</b> the last turn &nbsp; <b>STAGE</b> = a '
                             'black-marked space: a new Race Stage — §10</div>')

    @staticmethod
    def _legend(stints: int) -> str:
        sw = "".join(f'<span style="display:inline-block;width:22px;height:14px;background:{STINT_FILLS[i]};'
                     f'border:1px solid #555;vertical-align:middle"></span> stint {i + 1} &nbsp; '
                     for i in range(stints))
        return ('<div style="font-size:16px;line-height:1.9">' + sw
                + f'│ <b style="color:{PIT_COLOUR}">▭ PIT</b> pit turn (sections lost) &nbsp; '
                f'<b style="color:{CHIT_COLOUR}">chit</b> refuel chit; ↺ = past the race end, it wraps to the top '
                f'(dashed box) — §8 &nbsp; <b>▭ FINISH</b> the last turn &nbsp; <b>STAGE</b> black-marked space — '
                '§10</div>')


class FuelChart:
    """Fuel left (turns until the chit is due) at each Game Turn, with the 16-turn tank (§8); without bqplot an SVG
    chart (:func:`racebook.rf90.ui.plannersvg.fuel_svg`) in an HTML widget, and :attr:`marks` is empty."""

    def __init__(self, *, width: int = 940) -> None:
        self.width = width
        self.profile: list[tuple[int, int]] = []  # (turn, fuel left): what is drawn
        if not backend.has_bqplot():
            self.marks: list[Any] = []
            self.figure: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            self.figure.add_class(svgchart.SVG_CHART_CLASS)
            self.widget = self.figure
            return
        import bqplot as bq

        self.sx = bq.LinearScale(min=0.5, max=16.5)
        self.sy = bq.LinearScale(min=-1.0, max=float(TANK_MAX) + 2)
        sc = {"x": self.sx, "y": self.sy}
        self.m_tank = bq.Lines(x=[0.5, 16.5], y=[TANK_MAX, TANK_MAX], scales=sc, colors=["#888"],
                               line_style="dashed", stroke_width=2)
        self.m_zero = bq.Lines(x=[0.5, 16.5], y=[0, 0], scales=sc, colors=[DRY_COLOUR], stroke_width=2)
        self.m_fuel = bq.Lines(x=[], y=[], scales=sc, colors=["#1f5fbf"], stroke_width=4, marker="circle",
                               marker_size=40)
        self.m_pits = bq.Scatter(x=[], y=[], scales=sc, colors=[PIT_COLOUR], marker="triangle-up",
                                 default_size=220, stroke="#222")
        self.m_text = bq.Label(x=[1.0, 1.0], y=[TANK_MAX + 0.9, 0.6],
                               text=[f"tank {TANK_MAX}", "0 = chit due: pit now"], scales=sc, default_size=14,
                               font_unit=_FONT, colors=["#555", DRY_COLOUR],
                               align="start")
        self.ax = ax = bq.Axis(scale=self.sx, label="Game Turn", tick_format="d", tick_values=list(range(1, 17)))
        ay = bq.Axis(scale=self.sy, side="left", label="turns of fuel", tick_format="d",
                     tick_values=[0, 4, 8, 12, 16])
        self.marks = [self.m_tank, self.m_zero, self.m_fuel, self.m_pits, self.m_text]
        self.figure = bq.Figure(marks=self.marks, axes=[ax, ay], title="Fuel in the tank",
                                fig_margin={"top": 40, "bottom": 45, "left": 60, "right": 15},
                                animation_duration=0, layout=widgets.Layout(width=f"{width}px", height="260px"))
        self.widget = self.figure

    def show(self, plan: Any, last_turn: int, error: planner.ImpossiblePlan | None = None) -> None:
        """Draw a plan's fuel; for an impossible plan, the fuel up to the turn it runs out."""
        pts = plan.fuel_profile() if plan is not None else list(error.profile if error is not None else ())
        stops = plan.stops if plan is not None else (error.stops if error is not None else ())
        self.profile = [(p[0], p[1]) for p in pts]
        if not self.marks:
            self.figure.value = plannersvg.fuel_svg(self.profile, [(s.turn, s.fuel_after) for s in stops],
                                                    last_turn, TANK_MAX, width=self.width)
            return
        with self.figure.hold_sync(), self.m_fuel.hold_sync(), self.m_pits.hold_sync():
            self.sx.min, self.sx.max = 0.5, last_turn + 0.5
            self.ax.tick_values = list(range(1, last_turn + 1))
            self.m_tank.x = self.m_zero.x = [0.5, last_turn + 0.5]
            self.m_fuel.x, self.m_fuel.y = [p[0] for p in pts], [p[1] for p in pts]
            self.m_pits.x = [s.turn for s in stops]
            self.m_pits.y = [s.fuel_after for s in stops]


class FuelPlanner:
    """Pick a track, a starting refuel chit, stops and extra sections: see the plan on the Turn Indicator.

    ``set(track=…, chit=…, stops=…, extras=[…], skill=…)`` drives it from code. :attr:`plan` is the current
    :class:`racebook.rf90.analysis.planner.FuelPlan` (None when the plan is impossible; :attr:`error` then says why).
    """

    def __init__(self, track: str = "silverstone", chit: int = 8, extras: Sequence[int] = (0, 0), *,
                 skill: Skill | None = None, width: int = 940) -> None:
        self.errors = ErrorLog()
        self.plan: planner.FuelPlan | None = None
        self.error: planner.ImpossiblePlan | None = None
        self.comparison: Any = None  # a DataFrame, or an HtmlTable without pandas
        big = {"description_width": "170px", "button_width": "120px", "font_weight": "bold"}
        self.w_track = widgets.ToggleButtons(options=track_options(has_turn_indicator), value=track,
                                             description="Track",
                                             style=big, layout=_auto())
        self.w_chit = widgets.ToggleButtons(
            options=[(f"{c} ({FUEL_MODIFIER[c]:+d})", c) for c in planner.CHITS], value=chit,
            description="Refuel chit (qual.)", style=big, layout=_auto())
        self.w_stops = widgets.ToggleButtons(options=list(range(MAX_STOPS + 1)), value=len(extras),
                                             description="Pit stops", style=big, layout=_auto())
        self.w_extras = [widgets.ToggleButtons(options=list(range(MAX_EXTRA_SECTIONS + 1)),
                                               value=(list(extras) + [0] * MAX_STOPS)[i],
                                               description=f"Stop {i + 1}: extra sections", style=big, layout=_auto())
                         for i in range(MAX_STOPS)]
        skills = [("none", "none"), ("PITTING (fewer sections)", Skill.PITTING.value),
                  (f"QUALIFY ({QUALIFY_BONUS:+d} qualifying)", Skill.QUALIFY.value)]
        self.w_skill = widgets.ToggleButtons(options=skills, value=skill.value if skill else "none",
                                             description="Skill", style={**big, "button_width": "210px"},
                                             layout=_auto())
        self.summary = widgets.HTML()
        self.chart = TurnIndicatorChart(track, width=width, errors=self.errors)
        self.fuel = FuelChart(width=width)
        self.compare_html = widgets.HTML()
        controls = widgets.VBox([self.w_track, self.w_chit, self.w_stops, *self.w_extras, self.w_skill])
        self.widget = widgets.VBox([controls, self.summary, self.chart.widget, self.fuel.widget,
                                    self.compare_html, self.errors.widget],
                                   layout=widgets.Layout(width=f"{width + 20}px"))
        self._busy = False
        for w in [self.w_track, self.w_chit, self.w_stops, *self.w_extras, self.w_skill]:
            w.observe(self.errors.guard(self._on_change), names="value")
        self.update()

    # ------------------------------------------------------------ API
    def set(self, *, track: str | None = None, chit: int | None = None, stops: int | None = None,
            extras: Sequence[int] | None = None, skill: Skill | None | str = "keep") -> None:
        """Change several controls at once, then redraw once."""
        self._busy = True
        try:
            if track is not None:
                self.w_track.value = track
            if chit is not None:
                self.w_chit.value = chit
            if extras is not None:
                for w, e in zip(self.w_extras, extras, strict=False):
                    w.value = e
                if stops is None:
                    stops = len(extras)
            if stops is not None:
                self.w_stops.value = stops
            if skill != "keep":
                self.w_skill.value = skill.value if isinstance(skill, Skill) else (skill or "none")
        finally:
            self._busy = False
        self.update()

    @property
    def skill(self) -> Skill | None:
        v = self.w_skill.value
        return None if v == "none" else Skill(v)

    @property
    def extras(self) -> list[int]:
        return [w.value for w in self.w_extras[: self.w_stops.value]]

    def _on_change(self, _change: Any) -> None:
        if not self._busy:
            self.update()

    def update(self) -> None:
        """Recompute the plan with the engine and redraw everything."""
        track = self.w_track.value
        if self.chart.track is None or self.chart.track.id != track:
            self.chart.set_track(track)
        for i, w in enumerate(self.w_extras):
            w.layout.display = "" if i < self.w_stops.value else "none"
        skill = self.skill
        try:
            self.plan = planner.plan(track, self.w_chit.value, self.extras, skill=skill)
            self.error = None
        except planner.ImpossiblePlan as exc:
            self.plan, self.error = None, exc
        self.chart.show_plan(self.plan, self.error)
        self.fuel.show(self.plan, self.chart.track.turns.last_turn, self.error)
        self.summary.value = self._summary_html()
        self._compare(track, skill)

    # ------------------------------------------------------------ text
    def _summary_html(self) -> str:
        box = 'style="font-size:18px;line-height:1.5;padding:8px 12px;margin:6px 0;border-radius:6px;'
        if self.plan is None:
            assert self.error is not None
            return (f'<div {box}background:#ffe3e3;border:2px solid {PIT_COLOUR}"><b>Impossible plan</b> — '
                    f'{html.escape(self.error.reason)} <i>({html.escape(self.error.rule)})</i></div>')
        items = "".join(f"<li>{html.escape(s)}</li>" for s in self.plan.lines())
        return f'<div {box}background:#f4f8ff;border:2px solid #1f5fbf"><ul style="margin:0">{items}</ul></div>'

    def _compare(self, track: str, skill: Skill | None) -> None:
        cols: dict[str, planner.FuelPlan] = {}
        missing = []
        for n in (1, 2):
            best = planner.best_plan(track, n, skill=skill)
            if best is None:
                missing.append(n)
            else:
                cols[f"best {n}-stop: {best.label}"] = best
        if self.plan is not None:
            cols[f"your plan: {self.plan.label}"] = self.plan
        df = backend.table_of_columns(planner.compare(cols))
        self.comparison = df
        name = self.chart.track.name
        note = "".join(f"<p>No {n}-stop plan at {html.escape(name)} with each stop made when its chit is due: a "
                       "stop is only due while the chit is still on the indicator (§8).</p>" for n in missing)
        head = (f'<div style="font-size:18px;font-weight:bold;margin-top:8px">{html.escape(name)}: one stop vs two '
                'stops (best = fewest sections lost, then the best qualifying; only fuel and pit time are counted, '
                'not fresh tyres or cards)</div>')
        table = df.to_html(classes="rb-plan", border=0, escape=True)
        css = ('<style>.rb-plan{border-collapse:collapse;font-size:16px}.rb-plan th,.rb-plan td{padding:3px 10px;'
               'border-bottom:1px solid #ddd;text-align:left}.rb-plan thead th{background:#f0f0f0}</style>')
        self.compare_html.value = css + head + table + f'<div style="font-size:15px">{note}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
