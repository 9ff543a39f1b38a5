"""The track view: a bqplot figure of the circuit (or loop), its sections, the cars and the tokens.

The figure and its marks are built once; :meth:`TrackView.show` moves
everything by setting the marks' traits inside ``hold_sync`` blocks, so a
notebook never re-renders the widget while stepping. It draws the geometry of
:class:`racebook.rf90.trackpicture.TrackPicture` (issue 17), the one the SVG
renderer draws: the same section polygons, car slots, and labels placed so that
none overlaps another or covers a car marker.

What is drawn (§3, §11, §13.E.4, §15.1, §17):

* sections along the circuit's centre line (``[layout]``) or the computed loop, border colour by type
  (straight brown, braking grey, corner yellow), names inside the loop, corner names with their duel modifier;
* the finish line (checkered) and chevrons giving the race direction (clockwise);
* trajectories as small circles (standard) and diamonds (Extreme), bonus beside;
* cars as coloured markers (colour-blind-safe shades) with a letter in each, in their order within the section
  (front = further along the race direction): squares for players, upright rectangles for robots (never the
  trajectory marks' circles and diamonds); cars that already played this Game Turn are faded; each car's name
  beside the band (a thin leader line when it had to move away);
* the Leader token (a gold square ring, drawn under the cars), "-N" lap-down badges, yellow-flag tokens "(Y)";
* framed (``framed=True``, the scenario player; issue 33 item 5): each step's sections and their neighbours
  (:mod:`racebook.rf90.trackframe`), only the sections in view named, car tokens at least 18 px;
  :meth:`TrackView.set_whole` (the player's "whole circuit" checkbox) shows the whole circuit;
* the active section (or leader subsection, §11.2 case 3) with a magenta halo;
* off-track cars (``Frame.off_track``) on the re-entry point beside their section (§18.5);
* on request (:meth:`TrackView.show_route`), an off-track route or ET recovery chart beside the track (§18):
  its recovery tests (white = Normal, black = blind, with the printed modifier), green and red arrows, the
  symbols on each arrow, the re-entry points (green car icon) and the retire spots; :meth:`TrackView.follow`
  puts a car on a node of the route and highlights the trail it took.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import bqplot as bq
import ipywidgets as widgets

from racebook.core.geometry import box_at, marker_box
from racebook.rf90 import trackpicture as tp
from racebook.rf90.analysis.odds import route_paths
from racebook.rf90.state import YELLOW_FLAG
from racebook.rf90.trackpicture import CarMark, TrackPicture
from racebook.rf90.trackpicture import active_of as _active_of
from racebook.rf90.tracksvg import TEAM_RINGS
from racebook.rf90.ui import colours
from racebook.rf90.ui.layout import TrackLayout
from racebook.ui import bqfigure
from racebook.ui.errors import ErrorLog

_FONT = "px"
SECTION_FONT = tp.SECTION_FONT
CORNER_FONT = tp.CORNER_FONT
CAR_FONT = tp.CAR_FONT
INFO_FONT = 20
CAR_PX = 26.0  # largest car marker diameter, px
_SAMPLES = 16  # outline points per side of a section polygon
ROUTE_FONT = 14
ROUTE_PASS, ROUTE_FAIL = colours.ROUTE_PASS, colours.ROUTE_FAIL  # green / red arrows (§18.1)
ROUTE_PLAIN = "#555555"  # from the braking zone to the first symbol
ROUTE_TRAIL = "#ffb000"  # the way the car went
REENTRY_FILL = "#22c55e"  # the green car icon (§18.5)
FRAMED_ASPECT = 2.0  # a framed figure's width / height: the stepper's ▶ stays within one screen of the picture
DEFAULT_MARGINS = (0.30, 0.17)  # x, y beyond the band (racebook.rf90.ui.layout.TrackLayout.bounds)
ROUTE_MARGINS = (0.62, 0.40)  # with an off-track route drawn outside the band, and its labels
_LANE0, _LANE_STEP = 1.6, 0.8  # lateral of the route lanes, in half-bands (1 = the band's outer edge)
_LABEL_INK = {ROUTE_PASS: "#15803d", ROUTE_FAIL: "#b91c1c"}  # darker, for text
_EFFECT_TEXT = {"tyre_wear": "{n} tyre", "damage": "{n} wear", "discard": "discard {n}", "time_loss": "-{n} MP next",
                "mp_loss": "-{n} MP now", "forced_pit": "PIT next"}


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class TrackView:
    """A bqplot picture of one track; :meth:`show` draws a :class:`racebook.rf90.game.Frame` on it.

    ``cars`` maps car id -> :class:`racebook.rf90.car.Car` (for the robot types);
    without it, robots are told by their id (SuperFast*, Fast*, Slow*).
    """

    def __init__(self, track: Any, cars: Mapping[str, Any] | None = None, *, width: int = 980,
                 errors: ErrorLog | None = None, framed: bool = False) -> None:
        """``framed``: frame the sections of each step with their neighbours (:meth:`show`'s ``before``; issue 33
        item 5) in a figure :data:`FRAMED_ASPECT` wide for one high, the car tokens at least
        :data:`racebook.rf90.trackpicture.FRAMED_CAR_PX`; :meth:`set_whole` switches to the whole circuit."""
        self.errors = errors or ErrorLog()
        self.width = width
        self.framed = framed
        self.whole = not framed
        self.focus: tuple[list[str], list[str]] | None = None  # (framed sections, home sections) last drawn
        self._event: Any = None
        self.track: Any = None
        self.layout: TrackLayout | None = None
        self.cars: dict[str, Any] = {}
        self.frame: Any = None
        self.positions: dict[str, tuple[float, float]] = {}  # car -> (x, y) as last drawn
        self.margins = DEFAULT_MARGINS  # room around the loop (track units): more while a route is drawn
        self.routes: tuple[str, ...] = ()  # route ids drawn by show_route
        self.route_xy: dict[tuple[str, str], tuple[float, float]] = {}  # (route, node) -> (x, y)
        self.reentry_xy: dict[str, tuple[float, float]] = {}  # section -> its re-entry point as drawn
        self._route_boxes: list[tuple[float, float, float, float]] = []
        self._cursor: tuple[str, str, str] | None = None  # (car, route, node) the car stands on
        self._crowded_labels: set[int] = set()
        self._trail: tuple[str, tuple[str, ...]] | None = None  # (route, visited nodes)
        self._build()
        self.set_track(track, cars)

    # ------------------------------------------------------------ building
    def _build(self) -> None:
        self.sx = bq.LinearScale(min=-1.0, max=1.0)
        self.sy = bq.LinearScale(min=-1.0, max=1.0)
        sc = {"x": self.sx, "y": self.sy}
        L = bq.Lines
        self.m_sections = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, fill="inside", close_path=True,
                            stroke_width=5, colors=["#999"], fill_colors=["#eee"], fill_opacities=[1.0])
        self.m_halo = L(x=[], y=[], scales=sc, close_path=True, stroke_width=9, colors=[colours.HIGHLIGHT],
                        opacities=[0.9])
        self.m_finish_black = L(x=[], y=[], scales=sc, stroke_width=9, colors=["black"])
        self.m_finish_white = L(x=[], y=[], scales=sc, stroke_width=9, colors=["white"], line_style="dashed")
        self.m_chevrons = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, stroke_width=3, colors=["#b0b0b0"])
        self.m_traj_links = L(x=[], y=[], scales=sc, stroke_width=3, colors=["#333"])
        self.m_leader_lines = L(x=[], y=[], scales=sc, stroke_width=1, colors=["#555"], opacities=[0.6])
        S = bq.Scatter
        self.m_traj_std = S(x=[], y=[], scales=sc, marker="circle", default_size=240, stroke="#333",
                            stroke_width=1.5, colors=["white"])
        self.m_traj_std_in = S(x=[], y=[], scales=sc, marker="circle", default_size=70, stroke_width=0,
                               colors=["white"])
        self.m_traj_et = S(x=[], y=[], scales=sc, marker="diamond", default_size=300, stroke="#333",
                           stroke_width=1.5, colors=["white"])
        self.m_traj_et_in = S(x=[], y=[], scales=sc, marker="diamond", default_size=90, stroke_width=0,
                              colors=["white"])
        Lb = bq.Label
        self.m_traj_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=tp.TRAJ_FONT, font_unit=_FONT,
                                align="middle", colors=["#333"], font_weight="bold", y_offset=5)
        self.m_section_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=SECTION_FONT, font_unit=_FONT,
                                   font_weight="bold", align="middle", colors=["#333"], y_offset=6)
        self.m_corner_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CORNER_FONT, font_unit=_FONT,
                                  align="middle", colors=["#7a5c00"], font_weight="bold", y_offset=5)
        # Off-track routes (§18): trail under the arrows, arrows, symbols, re-entry points, retire spots, labels.
        self.m_route_trail = L(x=[], y=[], scales=sc, stroke_width=11, colors=[ROUTE_TRAIL], opacities=[0.55])
        self.m_route = L(x=[], y=[], scales=sc, stroke_width=4, colors=[ROUTE_PLAIN])
        self.m_reentry = S(x=[], y=[], scales=sc, marker="rectangle", default_size=700, stroke="#14532d",
                           stroke_width=2, colors=[REENTRY_FILL], opacities=[0.9])
        self.m_route_tests = S(x=[], y=[], scales=sc, marker="circle", default_size=300, stroke="#111",
                               stroke_width=2.5, colors=["white"])
        self.m_route_effects = S(x=[], y=[], scales=sc, marker="circle", default_size=70, stroke_width=0,
                                 colors=[ROUTE_PASS])
        self.m_route_retire = S(x=[], y=[], scales=sc, marker="cross", default_size=420, stroke="#111",
                                stroke_width=1, colors=[ROUTE_FAIL])
        self.m_route_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=ROUTE_FONT, font_unit=_FONT,
                                 font_weight="bold", align="middle", colors=["#222"], y_offset=5)
        self.m_leader = S(x=[], y=[], scales=sc, marker="square", default_size=1200,
                          fill=False, stroke=colours.LEADER_RING, stroke_width=5, colors=[colours.LEADER_RING])
        # teammates (Expansion #1 §5): a ring in their team's colour (racebook.rf90.tracksvg.TEAM_RINGS)
        self.m_teams = S(x=[], y=[], scales=sc, marker="circle", default_size=900, fill=False, stroke_width=3.5,
                         colors=["#6a3d9a"])
        self.m_flags = S(x=[], y=[], scales=sc, marker="triangle-up", default_size=500, stroke="#333",
                         stroke_width=1.5, colors=[colours.YELLOW_FLAG_COLOUR])
        self.m_flag_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT,
                                font_weight="bold", align="middle", colors=["#7a5c00"], y_offset=-24)
        tip = bq.Tooltip(fields=["name"], labels=["car"])
        self.m_humans = S(x=[], y=[], scales=sc, marker=colours.HUMAN_MARKER, default_size=500, stroke="#222",
                          stroke_width=2.5, colors=["black"], names=[], display_names=False, tooltip=tip)
        self.m_robots = S(x=[], y=[], scales=sc, marker=colours.ROBOT_MARKER, default_size=500, stroke="#222",
                          default_skew=colours.ROBOT_SKEW, stroke_width=2, colors=["black"], names=[],
                          display_names=False, tooltip=bq.Tooltip(fields=["name"], labels=["robot"]))
        self.m_car_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CAR_FONT, font_unit=_FONT,
                               font_weight="bold", align="middle", colors=["#222"], y_offset=5)
        self.m_car_letters = Lb(x=[], y=[], text=[], scales=sc, default_size=12, font_unit=_FONT, align="middle",
                                font_weight="bold", colors=["white"], y_offset=4)
        self.m_lap_badges = Lb(x=[], y=[], text=[], scales=sc, default_size=15, font_unit=_FONT, font_weight="bold",
                               align="start", colors=[colours.LAP_DOWN], x_offset=15, y_offset=5)
        self.m_info = Lb(x=[], y=[], text=[], scales=sc, default_size=INFO_FONT, font_unit=_FONT, align="start",
                         colors=["#333"], font_weight="bold")
        self.m_sc = Lb(x=[], y=[], text=[], scales=sc, default_size=CAR_FONT, font_unit=_FONT, align="middle",
                       colors=["white"], font_weight="bold", y_offset=6)
        self.m_sc_box = S(x=[], y=[], scales=sc, marker="square", default_size=900, colors=["#111"], stroke="#f5c400",
                          stroke_width=3)
        self.marks = [
            self.m_sections, self.m_halo, self.m_finish_black, self.m_finish_white, self.m_chevrons,
            self.m_traj_links, self.m_leader_lines, self.m_traj_std, self.m_traj_std_in, self.m_traj_et,
            self.m_traj_et_in,
            self.m_traj_labels, self.m_section_labels,
            self.m_corner_labels, self.m_route_trail, self.m_route, self.m_reentry, self.m_route_tests,
            self.m_route_effects, self.m_route_retire, self.m_route_labels, self.m_leader, self.m_teams, self.m_flags,
            self.m_flag_labels, self.m_humans, self.m_robots,
            self.m_car_letters, self.m_car_labels, self.m_lap_badges, self.m_info,
            self.m_sc_box, self.m_sc,
        ]
        self.figure = bq.Figure(marks=self.marks, axes=[], fig_margin={"top": 8, "bottom": 8, "left": 8, "right": 8},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": "white"},
                                animation_duration=0, layout=widgets.Layout(width=f"{self.width}px"))
        self.legend = widgets.HTML(self._legend_html())
        self.route_legend = widgets.HTML("")
        self.widget = widgets.VBox([self.figure, self.legend, self.route_legend])
        self.picture_widget = self.figure  # what a player puts its ▶ right under (racebook.ui.player.Player)
        self.notes_widgets = (self.legend, self.route_legend)

    @staticmethod
    def _legend_html() -> str:
        def sw(edge: str, fill: str, dash: str = "solid") -> str:
            return (f'<span style="display:inline-block;width:22px;height:12px;border:3px {dash} {edge};'
                    f'background:{fill};vertical-align:middle"></span>')
        e, f = colours.SECTION_EDGE, colours.SECTION_FILL
        return ('<div style="font-size:15px;line-height:1.8">'
                f'{sw(e["straight"], f["straight"])} straight &nbsp; {sw(e["braking"], f["braking"])} braking '
                f'&nbsp; {sw(e["corner"], f["corner"])} corner &nbsp;│&nbsp; ■ player ▮ robot (letter = car) &nbsp; '
                f'<span style="color:{colours.LEADER_RING};font-weight:bold">□</span> Leader &nbsp; '
                f'<span style="color:{colours.HIGHLIGHT};font-weight:bold">▭</span> active &nbsp; '
                f'<b style="color:{colours.LAP_DOWN}">-1</b> laps down &nbsp; faded = has played &nbsp; '
                '○ ◇ trajectory (+bonus) &nbsp; › race direction</div>')

    def _holding(self) -> contextlib.ExitStack:
        return bqfigure.holding(self.figure, self.marks)

    # ------------------------------------------------------------ the track
    @property
    def px_per_unit(self) -> float:
        """Pixels per track unit of the picture drawn: the whole circuit's, or a framed picture's (closer)."""
        pic = getattr(self, "picture", None)
        if pic is not None and pic.framed:
            return float(pic.view.scale)
        assert self.layout is not None
        x0, x1, _, _ = self.layout.bounds(*self.margins)
        return (self.width - 16) / (x1 - x0)

    def _text_clearance(self, normal: tuple[float, float], text: str, font: int) -> float:
        """Extra distance (track units) so a centred label clears the band whatever side it is on."""
        w = len(text) * font * 0.58 / self.px_per_unit
        h = font * 1.0 / self.px_per_unit
        return abs(normal[0]) * w / 2 + abs(normal[1]) * h / 2

    def _clamp(self, x: float, y: float, text: str, font: int) -> tuple[float, float]:
        """Keep a centred label wholly inside the figure."""
        assert self.layout is not None
        x0, x1, y0, y1 = self.layout.bounds(*self.margins)
        hw, hh = len(text) * font * 0.29 / self.px_per_unit, font * 0.55 / self.px_per_unit
        return min(max(x, x0 + hw), x1 - hw), min(max(y, y0 + hh), y1 - hh)

    def set_track(self, track: Any, cars: Mapping[str, Any] | None = None) -> None:
        """Draw another track (or the same one again) on the same figure."""
        self.track = track
        self.cars = dict(cars or {})
        x0, x1, y0, y1 = 0.0, 1.0, 0.0, 1.0
        self.picture = pic = TrackPicture(track, self.width - 16, None, self.margins)
        lay = self.layout = pic.geom
        self.car_px = pic.car_px
        x0, x1, y0, y1 = lay.bounds(*self.margins)
        height = int((self.width - 16) * (y1 - y0) / (x1 - x0)) + 16  # the whole circuit (a framed view reframes)
        xs, ys, edges, fills = [], [], [], []
        for s in track.sections:
            px, py = lay.outline(s.name, samples=_SAMPLES)
            xs.append(px)
            ys.append(py)
            edges.append(colours.SECTION_EDGE.get(s.type.value, "#999"))
            fills.append(colours.SECTION_FILL.get(s.type.value, "#eee"))
        chx, chy = [], []
        for s in track.sections:  # a chevron at each section's back edge, inside the loop, along the race
            ch = lay.chevron(s.name)
            chx.append([p[0] for p in ch])
            chy.append([p[1] for p in ch])
        fx, fy = lay.finish_line()
        traj = self._trajectory_points()
        with self._holding():
            bqfigure.fit(self.figure, self.sx, self.sy, (x0, x1, y0, y1), height)
            self.m_sections.x, self.m_sections.y = xs, ys
            self.m_sections.colors, self.m_sections.fill_colors = edges, fills
            self.m_sections.fill_opacities = [1.0] * len(xs)
            self._labels_drawn: Any = None
            self._draw_static(pic.labels)
            self._size_marks()
            self.m_chevrons.x, self.m_chevrons.y = chx, chy
            self.m_finish_black.x, self.m_finish_black.y = fx, fy
            self.m_finish_white.x, self.m_finish_white.y = fx, fy
            for mark, key in ((self.m_traj_std, "std"), (self.m_traj_et, "et")):
                pts = traj[key]
                mark.x, mark.y = [p[0] for p in pts], [p[1] for p in pts]
                mark.colors = [p[2] for p in pts] or ["white"]
            for mark, key in ((self.m_traj_std_in, "std"), (self.m_traj_et_in, "et")):
                pts = traj[key]
                mark.x, mark.y = [p[0] for p in pts], [p[1] for p in pts]
                mark.colors = [p[3] for p in pts] or ["white"]
        self._traj_pos = {p[5]: (p[0], p[1]) for p in traj["std"] + traj["et"]}
        routes = tuple(r for r in self.routes if r in track.routes)
        self.routes, self._cursor, self._trail = (), None, None
        self._draw_routes(routes)
        if self.frame is not None:
            self.show(self.frame)

    def _size_marks(self) -> None:
        """The car, flag and ring markers' sizes for the picture's car size (squares: the token's side is
        ``car_px``; the Leader's square ring round it, under it)."""
        d = self.car_px
        for mark, area in ((self.m_humans, d * d), (self.m_robots, d * d * 0.8), (self.m_flags, d * d * 0.7),
                           (self.m_leader, (d + 12) ** 2), (self.m_teams, math.pi * (d * 0.85) ** 2)):
            mark.default_size = int(area)

    @property
    def height(self) -> int:
        """The figure's height, px: the whole circuit's, or :data:`FRAMED_ASPECT` for a framed view."""
        if self.framed and not self.whole:
            return int((self.width - 16) / FRAMED_ASPECT) + 16
        assert self.layout is not None
        x0, x1, y0, y1 = self.layout.bounds(*self.margins)
        return int((self.width - 16) * (y1 - y0) / (x1 - x0)) + 16

    def set_whole(self, whole: bool) -> None:
        """Show the whole circuit (``whole``) or frame each step (a framed view only)."""
        if whole == self.whole or not self.framed:
            return
        self.whole = whole
        self.focus = None
        self._whole_picture()
        if self.frame is not None:
            self.show(self.frame, self._event)

    def _whole_picture(self) -> None:
        """Back to the whole circuit's picture (its bounds, labels and car size)."""
        from racebook.rf90.trackpicture import TrackPicture as _Pic
        self._use_picture(_Pic(self.track, self.width - 16, None, self.margins, geom=self.layout))

    def _use_picture(self, pic: Any) -> None:
        """Draw on ``pic``: its bounds (the figure keeps its height), its labels, its car size."""
        self.picture = pic
        self.car_px = pic.car_px
        v = pic.view
        with self._holding():
            bqfigure.fit(self.figure, self.sx, self.sy, (v.x0, v.x1, v.y0, v.y1), self.height)
            self._labels_drawn = None
            self._draw_static(pic.labels)
            self._size_marks()

    def _frame_step(self, frame: Any, event: Any, before: Any) -> None:
        """Frame the step ``before`` -> ``frame`` (``event``): its sections and their neighbours
        (:func:`racebook.rf90.trackframe.focus_of`); the current picture stays while it shows them all."""
        from racebook.rf90.trackframe import focus_of, framed_picture

        assert self.layout is not None
        focus = focus_of(self.track, frame, event, before)
        pic = self.picture
        if pic.framed and all(n in pic.shown for n in focus[0][1:-1] or focus[0]) and \
                all(pic.in_view(pic.px(self.layout.at(n, 0.5)), self.car_px) for n in focus[1]):
            return  # what the step covers is in view already: no jump
        w = self.width - 16
        self.focus = focus
        self._use_picture(framed_picture(self.track, w, self.height - 16, focus[0], focus[1], w, geom=self.layout))

    def _draw_static(self, labels: list[tuple[str, Any]], leaders: Sequence[Any] = ()) -> None:
        """Section names, corner names and trajectory bonuses where the picture placed them (track units), and
        the leader lines of displaced labels (with ``leaders``, the car labels')."""
        if labels == self._labels_drawn and not leaders and not len(self.m_leader_lines.x):
            return
        unit = self.picture.view.unit
        by_kind: dict[str, tuple[list[float], list[float], list[str]]] = {k: ([], [], []) for k in
                                                                            ("section", "corner", "traj")}
        lx: list[list[float]] = []
        ly: list[list[float]] = []
        for kind, p in list(labels) + [("car", q) for q in leaders]:
            if p is None:
                continue
            x, y = unit((p.x, p.y))
            if kind in by_kind:
                by_kind[kind][0].append(x)
                by_kind[kind][1].append(y)
                by_kind[kind][2].append(p.text)
            if p.displaced:
                ax, ay = unit(p.anchor)
                lx.append([x, ax])
                ly.append([y, ay])
        with self._holding():
            for mark, kind in ((self.m_section_labels, "section"), (self.m_corner_labels, "corner"),
                               (self.m_traj_labels, "traj")):
                mark.x, mark.y, mark.text = by_kind[kind]
            fonts = [p.font for kind, p in labels if kind == "section" and p is not None]
            self.m_section_labels.default_size = int(fonts[0]) if fonts else SECTION_FONT
            self.m_section_labels.y_offset = int((fonts[0] if fonts else SECTION_FONT) * 0.36)
            self.m_leader_lines.x, self.m_leader_lines.y = lx, ly
        self._labels_drawn = labels
        self._static_boxes = [p.box for _, p in labels if p is not None]

    def _box(self, x: float, y: float, text: str, font: int) -> tuple[float, float, float, float]:
        """The screen box (px, y down) of a label centred on track point (x, y)."""
        cx, cy = self.picture.px((x, y))
        return box_at(cx, cy, text, font)

    def set_cars(self, cars: Mapping[str, Any] | None) -> None:
        self.cars = dict(cars or {})

    def _trajectory_points(self) -> dict[str, list[tuple[Any, ...]]]:
        """Per kind: (x, y, outer colour, inner colour, label, id) of each trajectory mark (the picture's)."""
        out: dict[str, list[tuple[Any, ...]]] = {"std": [], "et": []}
        by_id = {t.id: t for t in self.track.trajectories}
        for tid, (x, y) in self.picture.trajectories.items():
            t = by_id[tid]
            cols = [colours.TRAJECTORY_COLOURS.get(getattr(c, "value", str(c)), "#888") for c in t.colours]
            inner = cols[1] if len(cols) > 1 else cols[0]
            kind = "et" if getattr(t.kind, "value", t.kind) == "extreme" else "std"
            out[kind].append((x, y, cols[0], inner, f"+{t.bonus}", t.id))
        return out

    # ------------------------------------------------------------ off-track routes (§18)
    def resolve_route(self, where: str) -> tuple[str, str, bool]:
        """(route id, zone section, is an ET chart) for a route id, a braking zone with the LB symbol, or an
        Extreme Trajectory id."""
        track = self.track
        if track.has_section(where):
            sec = track.section(where)
            if sec.lb_route is None:
                raise ValueError(f"{where} has no LB symbol, so no off-track route (§13.F.1)")
            return sec.lb_route, where, False
        if where in track.routes:
            for sec in track.sections:
                if sec.lb_route == where:
                    return where, sec.name, False
            for t in track.trajectories:
                if t.recovery == where:
                    return where, t.section, True
            raise ValueError(f"route {where!r} is used by no section or trajectory of {track.id}")
        for t in track.trajectories:
            if t.id == where and t.recovery is not None:
                return t.recovery, t.section, True
        zones = ", ".join(s.name for s in track.sections if s.lb_route)
        raise ValueError(f"{where!r} is no route, LB braking zone or ET of {track.id} (LB zones: {zones})")

    def show_route(self, where: str | Iterable[str] | None, track: Any = None) -> None:
        """Draw the off-track route(s) beside the track (§18.1–§18.3): ``where`` is a route id, a braking zone
        with the LB symbol (its route) or an ET id (its recovery chart), or several of them; None clears.
        ``track``: draw on this track first (when it is not the one shown)."""
        if track is not None and track is not self.track:
            self.set_track(track, self.cars)
        names = [] if where is None else [where] if isinstance(where, str) else list(where)
        routes = tuple(dict.fromkeys(self.resolve_route(w)[0] for w in names))
        margins = ROUTE_MARGINS if routes else DEFAULT_MARGINS
        if margins != self.margins:  # make room beside the loop (or give it back): lay the track out again
            self.margins = margins
            self.set_track(self.track, self.cars)
        if self._trail is not None and self._trail[0] not in routes:
            self._trail = None
        if self._cursor is not None and self._cursor[1] not in routes:
            self._cursor = None
        self._draw_routes(routes)
        if self.frame is not None:
            self.show(self.frame)

    def follow(self, car: str | None = None, route: str | None = None, node: str | None = None,
               trail: Sequence[str] = ()) -> None:
        """Stand ``car`` on ``node`` of ``route`` (drawn there instead of in its section) and highlight
        ``trail``, the nodes it went through (see :func:`racebook.rf90.analysis.odds.route_trace`). No arguments: clear.
        Takes effect at the next :meth:`show`."""
        self._cursor = (car, route, node) if car and route and node else None
        self._trail = (route, tuple(trail)) if route and trail else None
        self._draw_trail()

    def _u(self, section: str, t: float) -> float:
        assert self.layout is not None
        a, b = self.layout._span(section)
        return a + (b - a) * t

    def _pt(self, u: float, lateral: float) -> tuple[float, float]:
        assert self.layout is not None
        return self.layout.point(u, lateral)

    def _curve(self, a: tuple[float, float], b: tuple[float, float], n: int = 10) -> tuple[list[float], list[float]]:
        """Points from (u, lateral) ``a`` to ``b`` along the loop (edges bend with the track)."""
        xs, ys = [], []
        for i in range(n):
            f = i / (n - 1)
            x, y = self._pt(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            xs.append(x)
            ys.append(y)
        return xs, ys

    def _route_layout(self, rid: str) -> dict[str, Any]:
        """Where each node of a route is drawn: {node: (u, lateral)} plus its edges (from, to, colour)."""
        route = self.track.routes[rid]
        _, zone, et = self.resolve_route(rid)
        lanes: dict[str, int] = {}
        colour: dict[str, str] = {}
        edges: list[tuple[str, str, str]] = []
        counter = [0]

        def assign(nid: str | None, lane: int, col: str) -> None:
            if nid is None or nid in lanes:
                return
            lanes[nid] = lane
            colour[nid] = col
            node = route.nodes[nid]
            if node.kind.value == "test":
                if node.on_pass is not None:
                    edges.append((nid, node.on_pass, ROUTE_PASS))
                    assign(node.on_pass, lane, ROUTE_PASS)
                if node.on_fail is not None:
                    edges.append((nid, node.on_fail, ROUTE_FAIL))
                    counter[0] += 1
                    assign(node.on_fail, counter[0], ROUTE_FAIL)
            elif node.kind.value == "effects" and node.next is not None:
                edges.append((nid, node.next, col))
                assign(node.next, lane, col)

        assign(route.start, 0, ROUTE_PLAIN)
        u0 = self._u(zone, 0.3 if et else 0.5)
        span = self._u(zone, 1.0) - self._u(zone, 0.0)
        step = 0.45 * span
        where: dict[str, tuple[float, float]] = {}
        for path in route_paths(route):
            end = route.nodes[path[-1]]
            if end.kind.value == "reentry":
                u_end = self._u(end.section, 0.5)
                if u_end < u0:
                    u_end += 1.0
            elif end.kind.value == "back_on_track":
                u_end = self._u(zone, 0.95)
            else:  # retire
                u_end = u0 + step * (len(path) - 1)
            for i, nid in enumerate(path):
                u = u0 + (u_end - u0) * i / max(len(path) - 1, 1)
                if nid not in where or u < where[nid][0]:
                    where[nid] = (u, where.get(nid, (0.0, 0.0))[1])
        for nid, (u, _) in where.items():
            kind = route.nodes[nid].kind.value
            lat = 1.0 if kind == "back_on_track" else _LANE0 if kind == "reentry" else _LANE0 + _LANE_STEP * lanes[nid]
            where[nid] = (u, lat)
        return {"route": route, "zone": zone, "et": et, "nodes": where, "edges": edges, "colour": colour,
                "entry": (self._u(zone, 0.3 if et else 0.5) - 0.0001, 1.0)}

    def _draw_routes(self, routes: tuple[str, ...]) -> None:
        self.routes = routes
        self._geo = {rid: self._route_layout(rid) for rid in routes}
        lx: list[list[float]] = []
        ly: list[list[float]] = []
        lc: list[str] = []
        tests: tuple[list[float], list[float], list[str]] = ([], [], [])
        effects: tuple[list[float], list[float], list[str]] = ([], [], [])
        retire: tuple[list[float], list[float]] = ([], [])
        reentry: tuple[list[float], list[float]] = ([], [])
        labels: tuple[list[float], list[float], list[str], list[str]] = ([], [], [], [])
        self.route_xy, self.reentry_xy, self._route_boxes = {}, {}, []
        ppu = self.px_per_unit if self.layout is not None else 1.0
        for rid, g in self._geo.items():
            route, nodes = g["route"], g["nodes"]
            xs, ys = self._curve(g["entry"], nodes[route.start])
            lx.append(xs)
            ly.append(ys)
            lc.append(ROUTE_PLAIN)
            for a, b, col in g["edges"]:
                xs, ys = self._curve(nodes[a], nodes[b])
                lx.append(xs)
                ly.append(ys)
                lc.append(col)
            for nid, (u, lat) in nodes.items():
                node = route.nodes[nid]
                x, y = self._pt(u, lat)
                self.route_xy[(rid, nid)] = (x, y)
                kind = node.kind.value
                text = ""
                if kind == "test":
                    assert node.test is not None
                    tests[0].append(x)
                    tests[1].append(y)
                    tests[2].append("white" if node.test.kind.value == "normal" else "#111")
                    text = f"{node.test.modifier:+d}" if node.test.modifier else "±0"
                elif kind == "effects":
                    effects[0].append(x)
                    effects[1].append(y)
                    effects[2].append(g["colour"].get(nid, ROUTE_PLAIN))
                    text = " · ".join(_EFFECT_TEXT[e.kind.value].format(n=e.amount) for e in node.effects)
                elif kind == "retire":
                    retire[0].append(x)
                    retire[1].append(y)
                    text = ("Crash Out" if node.crash_out else "retire") + (" · SC" if node.safety_car else "")
                elif kind == "reentry":
                    reentry[0].append(x)
                    reentry[1].append(y)
                    self.reentry_xy[node.section] = (x, y)
                if text:
                    tx, ty = self._route_label_at(u, x, y, text, ppu)
                    labels[0].append(tx)
                    labels[1].append(ty)
                    labels[2].append(text)
                    branch = g["colour"].get(nid, ROUTE_PLAIN)  # a symbol's label in its arrow's colour
                    labels[3].append(ROUTE_FAIL if kind == "retire" else _LABEL_INK.get(branch, "#222")
                                     if kind == "effects" else "#222")
                    self._route_boxes.append(self._box(tx, ty, text, ROUTE_FONT))
        with self._holding():
            self.m_route.x, self.m_route.y = lx, ly
            self.m_route.colors = lc or [ROUTE_PLAIN]
            self.m_route_tests.x, self.m_route_tests.y = tests[0], tests[1]
            self.m_route_tests.colors = tests[2] or ["white"]
            self.m_route_effects.x, self.m_route_effects.y = effects[0], effects[1]
            self.m_route_effects.colors = effects[2] or [ROUTE_PASS]
            self.m_route_retire.x, self.m_route_retire.y = retire
            self.m_reentry.x, self.m_reentry.y = reentry
            self.m_route_labels.x, self.m_route_labels.y, self.m_route_labels.text = labels[0], labels[1], labels[2]
            self.m_route_labels.colors = labels[3] or ["#222"]
            d = self.car_px if self.layout is not None else CAR_PX
            self.m_reentry.default_size = int(math.pi * (d / 2) ** 2 * 1.25)
            self.m_route_tests.default_size = int(math.pi * (d / 2) ** 2 * 0.55)
        self._draw_trail()
        self.route_legend.value = self._route_legend_html() if routes else ""

    def _route_label_at(self, u: float, x: float, y: float, text: str, ppu: float) -> tuple[float, float]:
        """A route label just outside its node; one that would overlap a label already placed moves outwards,
        then along the track."""
        assert self.layout is not None
        nx, ny = self.layout.normal(u)
        d0 = (self.car_px / 2 + 6) / ppu + self._text_clearance((nx, ny), text, ROUTE_FONT)
        step = ROUTE_FONT * 1.2 / ppu
        # sliding along the track: by the label's extent in that direction (its width on the top and bottom
        # straights, its height on the sides)
        shift = (abs(ny) * len(text) * ROUTE_FONT * 0.62 + abs(nx) * ROUTE_FONT * 1.2 + 4) / ppu
        placed = list(self._static_boxes) + self._route_boxes
        best = (0.0, 0.0)
        for out, along in [(o, 0) for o in range(3)] + [(o, a) for o in range(3) for a in (1, -1)]:
            tx, ty = x + nx * (d0 + out * step) + ny * along * shift, y + ny * (d0 + out * step) - nx * along * shift
            tx, ty = self._clamp(tx, ty, text, ROUTE_FONT)
            if out == 0 and along == 0:
                best = (tx, ty)
            if not any(_overlap(self._box(tx, ty, text, ROUTE_FONT), b) for b in placed):
                return tx, ty
        return best

    def section_at(self, u: float) -> tuple[str, float]:
        """(section, t) at loop fraction ``u`` (the nearest section when ``u`` falls in a gap)."""
        assert self.layout is not None
        best, dist = self.layout.names[0], 2.0
        for name in self.layout.names:
            a, b = self.layout._span(name)
            for k in (0.0, 1.0, -1.0):
                uu = u + k
                if a <= uu <= b:
                    return name, (uu - a) / (b - a)
                dd = min(abs(uu - a), abs(uu - b))
                if dd < dist:
                    best, dist = name, dd
        a, b = self.layout._span(best)
        return best, 0.5

    def _draw_trail(self) -> None:
        xs_all: list[list[float]] = []
        ys_all: list[list[float]] = []
        if self._trail is not None and self._trail[0] in getattr(self, "_geo", {}):
            rid, trail = self._trail
            g = self._geo[rid]
            nodes = g["nodes"]
            if trail:
                xs, ys = self._curve(g["entry"], nodes[trail[0]])
                xs_all.append(xs)
                ys_all.append(ys)
            for a, b in zip(trail, trail[1:], strict=False):
                if a in nodes and b in nodes:
                    xs, ys = self._curve(nodes[a], nodes[b])
                    xs_all.append(xs)
                    ys_all.append(ys)
        with self.m_route_trail.hold_sync():
            self.m_route_trail.x, self.m_route_trail.y = xs_all, ys_all

    def _route_legend_html(self) -> str:
        parts = []
        for rid, g in self._geo.items():
            what = "ET recovery chart" if g["et"] else "off-track route"
            parts.append(f"<b>{rid}</b> ({what} of {g['zone']})")
        return ('<div style="font-size:15px;line-height:1.8">Off-track: ' + ", ".join(parts) + ' &nbsp;│&nbsp; '
                '<span style="font-size:17px">○</span> Normal recovery test &nbsp; ● blind test (printed modifier '
                'beside it) &nbsp; '
                f'<b style="color:{ROUTE_PASS}">━</b> green arrow (pass) &nbsp; '
                f'<b style="color:{ROUTE_FAIL}">━</b> red arrow (fail) &nbsp; '
                f'<span style="color:{REENTRY_FILL};font-size:17px">▬</span> re-entry point &nbsp; '
                f'<b style="color:{ROUTE_FAIL}">✚</b> retire &nbsp; '
                f'<b style="color:{ROUTE_TRAIL}">━</b> the way the car went &nbsp; '
                '"next" = time loss next turn</div>')

    # ------------------------------------------------------------ a frame
    def _place_labels(self, wanted: list[tuple[Any, ...]], points: list[tuple[float, float]],
                      others: Sequence[tuple[float, float]] = (),
                      boxes: Sequence[tuple[float, float, float, float]] = ()) -> list[tuple[float, float] | None]:
        """Car-name positions (track units) by the picture's label placer: just outside the band abreast of the
        car, never over another label, a car marker (``points``, ``others``: the flags) or a route label; a
        static label a car would cover moves. None: no free place (the car's colour and letter still say who).

        ``wanted``: (section, t, text) or (section, t, text, gap) — a ``gap`` marks a car drawn beside the band
        (off track, or on an off-track route): its label starts at the car."""
        pic = self.picture
        marks = [CarMark(text, section, t, xy, pic.px(xy), "", "", None, False, 0, off_track=bool(rest), label=text)
                 for (section, t, text, *rest), xy in zip(wanted, points, strict=True)]
        extra = [marker_box(pic.px(xy), self.car_px) for xy in others] + list(self._route_boxes) + list(boxes)
        static, labels = pic.car_labels(marks, extra)
        self._draw_static(static, labels)
        self._crowded_labels = {k for k, p in enumerate(labels) if p is None}
        return [None if p is None else pic.view.unit((p.x, p.y)) for p in labels]

    def show(self, frame: Any, event: Any = None, before: Any = None) -> None:
        """Draw the position ``frame`` (a :class:`racebook.rf90.game.Frame`); ``event`` is the one it follows,
        ``before`` the position before it (a framed view frames what changed; default: the position last drawn)."""
        assert self.layout is not None
        self._event = event
        if self.framed and not self.whole and not self.routes:
            self._frame_step(frame, event, before if before is not None else self.frame)
        lay = self.layout
        track = self.track
        humans: tuple[list[Any], ...] = ([], [], [], [], [])  # x, y, colour, id, opacity
        robots: tuple[list[Any], ...] = ([], [], [], [], [])
        fx, fy = [], []
        clx, cly, clt = [], [], []
        bx, by, bt = [], [], []
        positions: dict[str, tuple[float, float]] = {}
        size = self.car_px / self.px_per_unit
        wanted: list[tuple[Any, ...]] = []  # car labels: (section, t, text[, gap])
        cursor = self._cursor if self._cursor is not None and self._cursor[1:] and \
            (self._cursor[1], self._cursor[2]) in self.route_xy else None
        beside = (_LANE0 - 1.0) * lay.half_band + size / 2 + 0.01  # label gap for a car drawn beside the band

        def put(item: str, x: float, y: float, label: tuple[Any, ...]) -> None:
            positions[item] = (x, y)
            st = colours.car_style(item, self.cars.get(item))
            alpha = 0.5 if item in frame.played else 1.0
            colour = tp.car_colour(item, self.cars.get(item))  # the colour-blind-safe shade of st.colour
            for lst, v in zip(humans if st.robot is None else robots, (x, y, colour, item, alpha), strict=True):
                lst.append(v)
            wanted.append(label)
            down = frame.laps_down.get(item, 0)
            if down:
                bx.append(x)
                by.append(y)
                bt.append(f"-{down}")

        for section, items in frame.order.items():
            if not track.has_section(section):
                continue
            items = tuple(i for i in items if cursor is None or i != cursor[0])
            n = len(items)
            for k, item in enumerate(items):
                x, y = lay.slot(section, k, n, size)
                if item == YELLOW_FLAG:
                    fx.append(x)
                    fy.append(y)
                    continue
                put(item, x, y, (section, 1.0 - (k + 0.5) / n, item))
        if cursor is not None:  # a car losing control: on its node of the off-track route (§18.1)
            car, rid, nid = cursor
            x, y = self.route_xy[(rid, nid)]
            u, lat = self._geo[rid]["nodes"][nid]
            sec, t = self.section_at(u)
            put(car, x, y, (sec, t, car, (max(lat, 1.0) - 1.0) * lay.half_band + size / 2 + 0.01))
        off: dict[str, list[str]] = {}
        for car, section in sorted(getattr(frame, "off_track", {}).items()):
            if track.has_section(section) and car not in positions:
                off.setdefault(section, []).append(car)
        for section, cars in off.items():  # §18.5: off track, on the re-entry point beside the section
            n = len(cars)
            for k, car in enumerate(cars):
                t = 0.5 + (k - (n - 1) / 2) * min(0.3, 0.9 / n)
                x, y = lay.at(section, t, _LANE0)
                put(car, x, y, (section, t, f"{car} (off track)", beside))
        reentry_x = [lay.at(sec, 0.5, _LANE0)[0] for sec in off if sec not in self.reentry_xy]
        reentry_y = [lay.at(sec, 0.5, _LANE0)[1] for sec in off if sec not in self.reentry_xy]
        self.positions = positions
        badges = [box_at(*self.picture.px((x, y)), text, 15) for x, y, text in zip(bx, by, bt, strict=True)]
        badges = [(b[0] + 15, b[1] - 5, b[2] + 15, b[3] - 5) for b in badges]  # x_offset 15, y_offset 5
        spots = self._place_labels(wanted, list(positions.values()), list(zip(fx, fy, strict=True)), badges)
        for spot, (_s, _t, text, *_gap) in zip(spots, wanted, strict=True):
            if spot is None:
                continue  # no free place (e.g. the car on the route, among the route's labels): its colour and
                # letter say who it is
            lx, ly = spot
            clx.append(lx)
            cly.append(ly)
            clt.append(text)
        # Leader token.
        lead = frame.leader if frame.leader in positions else None
        lpos = [positions[lead]] if lead else []
        # Active section / subsection.
        halo_x: list[float] = []
        halo_y: list[float] = []
        active = _active_of(frame, event)
        label = ""
        if active and track.has_section(active[0]):
            sec, part = active
            t0, t1 = 0.0, 1.0
            items = list(frame.order.get(sec, ()))
            if part != "whole" and frame.leader in items:
                div = lay.divider(sec, items.index(frame.leader), len(items))
                t0, t1 = (0.0, div) if part == "leader" else (div, 1.0)
            halo_x, halo_y = lay.outline(sec, t0, t1, samples=_SAMPLES)
            label = sec + {"leader": "2", "ahead": "1"}.get(part, "")
        # Trajectory links (car -> the trajectory it occupies).
        tlx, tly = [], []
        for car, tid in frame.trajectories.items():
            if car in positions and tid in self._traj_pos:
                (ax, ay), (bx2, by2) = positions[car], self._traj_pos[tid]
                tlx.append([ax, bx2])
                tly.append([ay, by2])
        info = [f"Turn {frame.turn}", f"Leader: {frame.leader or '—'}" + (f"   ·   active: {label}" if label else "")]
        team_of = {c: car.team for c, car in self.cars.items() if getattr(car, "team", None)}
        rings = {name: TEAM_RINGS[i % len(TEAM_RINGS)] for i, name in enumerate(sorted(set(team_of.values())))}
        mates = [(positions[c], rings[team_of[c]]) for c in sorted(positions) if c in team_of]
        if rings:
            info.append("teams (ringed): " + ", ".join(rings))
        # keep each car at a fixed index in the scatter marks (sorted by id): the browser then never has to
        # re-colour points when cars swap places (bqplot's front end kept stale colours on reordering)
        humans = _by_id(humans)
        robots = _by_id(robots)
        with self._holding():
            for mark, (xs, ys, cs, ns, os_) in ((self.m_humans, humans), (self.m_robots, robots)):
                mark.x, mark.y = xs, ys
                mark.colors, mark.names, mark.opacities = cs or ["black"], ns, os_ or [1.0]
            self.m_flags.x, self.m_flags.y = fx, fy
            self.m_flag_labels.x, self.m_flag_labels.y = fx, fy
            self.m_flag_labels.text = ["(Y)"] * len(fx)
            self.m_car_labels.x, self.m_car_labels.y, self.m_car_labels.text = clx, cly, clt
            letters = tp.car_letters(positions)
            pic = self.picture  # a framed picture letters only the tokens in view (the others lie outside it)
            seen = [k for k, (x, y) in enumerate(zip(humans[0] + robots[0], humans[1] + robots[1], strict=True))
                    if not pic.framed or pic.in_view(pic.px((x, y)))]
            ids, xs_all, ys_all = humans[3] + robots[3], humans[0] + robots[0], humans[1] + robots[1]
            inks = [tp.ink_on(c) for c in humans[2] + robots[2]]
            self.m_car_letters.x, self.m_car_letters.y = [xs_all[k] for k in seen], [ys_all[k] for k in seen]
            self.m_car_letters.text = [letters[ids[k]] for k in seen]
            self.m_car_letters.colors = [inks[k] for k in seen] or ["white"]
            self.m_car_letters.default_size = int(self.car_px * 0.58)
            self.m_lap_badges.x, self.m_lap_badges.y, self.m_lap_badges.text = bx, by, bt
            self.m_leader.x, self.m_leader.y = [p[0] for p in lpos], [p[1] for p in lpos]
            self.m_teams.x, self.m_teams.y = [p[0][0] for p in mates], [p[0][1] for p in mates]
            self.m_teams.colors = [p[1] for p in mates] or ["#6a3d9a"]
            self.m_halo.x, self.m_halo.y = halo_x, halo_y
            self.m_traj_links.x, self.m_traj_links.y = tlx, tly
            ix, iy = self.picture.view.unit((12, 22))
            ys = [self.picture.view.unit((0, 22 + INFO_FONT * 1.2 * k))[1] for k in range(len(info))]
            self.m_info.x, self.m_info.y, self.m_info.text = [ix] * len(info), [iy, *ys[1:]], info
            sc_sec = getattr(frame, "sc", None)  # the Safety Car, at the front of its section (§21)
            if sc_sec and track.has_section(sc_sec):
                scx, scy = lay.at(sc_sec, 0.97, 1.75)
                self.m_sc_box.x, self.m_sc_box.y = [scx], [scy]
                self.m_sc.x, self.m_sc.y, self.m_sc.text = [scx], [scy], ["SC"]
            else:
                self.m_sc_box.x, self.m_sc_box.y = [], []
                self.m_sc.x, self.m_sc.y, self.m_sc.text = [], [], []
            rx = [p[0] for p in self.reentry_xy.values()] + reentry_x
            ry = [p[1] for p in self.reentry_xy.values()] + reentry_y
            self.m_reentry.x, self.m_reentry.y = rx, ry
        self.frame = frame


def _by_id(cols: tuple[list[Any], ...]) -> tuple[list[Any], ...]:
    """Reorder parallel point lists (x, y, colour, id, opacity) by car id."""
    order = sorted(range(len(cols[3])), key=lambda i: cols[3][i])
    return tuple([c[i] for i in order] for c in cols)
