"""The track view: a bqplot figure of the loop, its sections, the cars and the tokens.

The figure and its marks are built once; :meth:`TrackView.show` moves
everything by setting the marks' traits inside ``hold_sync`` blocks, so a
notebook never re-renders the widget while stepping.

What is drawn (§3, §11, §13.E.4, §15.1, §17):

* sections along the loop, border colour by type (straight brown, braking grey,
  corner yellow), names inside the loop, corner names with their duel modifier;
* the finish line (checkered) and chevrons giving the race direction (clockwise);
* trajectories as small circles (standard) and diamonds (Extreme), bonus beside;
* cars as coloured markers in their order within the section (front = further
  along the race direction): circles for players, squares for robots; cars that
  already played this Game Turn are faded;
* the Leader token (a gold ring), "-N" lap-down badges, yellow-flag tokens "(Y)";
* the active section (or leader subsection, §11.2 case 3) with a magenta halo.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping
from typing import Any

import bqplot as bq
import ipywidgets as widgets

from ..state import YELLOW_FLAG
from . import style
from .errors import ErrorLog
from .layout import TrackLayout, layout_for

_FONT = "px"
SECTION_FONT = 26
CORNER_FONT = 17
CAR_FONT = 16
INFO_FONT = 20
CAR_SIZE = 520  # marker area, px²
_SAMPLES = 16  # outline points per side of a section polygon


def _active_of(frame: Any, event: Any) -> tuple[str, str] | None:
    """(section, part) to highlight. A SectionActivated event names its section before the frame does."""
    if event is not None and getattr(event, "kind", "") == "SectionActivated":
        section, label = getattr(event, "section", None), getattr(event, "label", "")
        if section:
            suffix = label[len(section):] if label.startswith(section) else ""
            return section, {"2": "leader", "1": "ahead"}.get(suffix, "whole")
    act = getattr(frame, "activation", None)
    if act is None:
        return None
    return act.section, act.part


class TrackView:
    """A bqplot picture of one track; :meth:`show` draws a :class:`racebook.race.Frame` on it.

    ``cars`` maps car id -> :class:`racebook.car.Car` (for the robot types);
    without it, robots are told by their id (SuperFast*, Fast*, Slow*).
    """

    def __init__(self, track: Any, cars: Mapping[str, Any] | None = None, *, width: int = 980,
                 errors: ErrorLog | None = None) -> None:
        self.errors = errors or ErrorLog()
        self.width = width
        self.track: Any = None
        self.layout: TrackLayout | None = None
        self.cars: dict[str, Any] = {}
        self.frame: Any = None
        self.positions: dict[str, tuple[float, float]] = {}  # car -> (x, y) as last drawn
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
        self.m_halo = L(x=[], y=[], scales=sc, close_path=True, stroke_width=9, colors=[style.HIGHLIGHT],
                        opacities=[0.9])
        self.m_finish_black = L(x=[], y=[], scales=sc, stroke_width=9, colors=["black"])
        self.m_finish_white = L(x=[], y=[], scales=sc, stroke_width=9, colors=["white"], line_style="dashed")
        self.m_chevrons = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, stroke_width=3, colors=["#b0b0b0"])
        self.m_traj_links = L(x=[], y=[], scales=sc, stroke_width=2, colors=["#555"], line_style="dashed")
        S = bq.Scatter
        self.m_traj_std = S(x=[], y=[], scales=sc, marker="circle", default_size=170, stroke="#333",
                            stroke_width=1.5, colors=["white"])
        self.m_traj_std_in = S(x=[], y=[], scales=sc, marker="circle", default_size=50, stroke_width=0,
                               colors=["white"])
        self.m_traj_et = S(x=[], y=[], scales=sc, marker="diamond", default_size=220, stroke="#333",
                           stroke_width=1.5, colors=["white"])
        self.m_traj_et_in = S(x=[], y=[], scales=sc, marker="diamond", default_size=65, stroke_width=0,
                              colors=["white"])
        Lb = bq.Label
        self.m_traj_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=13, font_unit=_FONT, align="middle",
                                colors=["#333"], y_offset=-12)
        self.m_section_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=SECTION_FONT, font_unit=_FONT,
                                   font_weight="bold", align="middle", colors=["#444"], y_offset=9)
        self.m_corner_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CORNER_FONT, font_unit=_FONT,
                                  align="middle", colors=["#8a6d00"], font_weight="bold", y_offset=6)
        self.m_leader = S(x=[], y=[], scales=sc, marker="circle", default_size=int(CAR_SIZE * 2.9),
                          fill=False, stroke=style.LEADER_RING, stroke_width=5, colors=[style.LEADER_RING])
        self.m_flags = S(x=[], y=[], scales=sc, marker="triangle-up", default_size=CAR_SIZE, stroke="#333",
                         stroke_width=1.5, colors=[style.YELLOW_FLAG_COLOUR])
        self.m_flag_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=13, font_unit=_FONT,
                                font_weight="bold", align="middle", colors=["#333"], y_offset=-16)
        tip = bq.Tooltip(fields=["name"], labels=["car"])
        self.m_humans = S(x=[], y=[], scales=sc, marker=style.HUMAN_MARKER, default_size=CAR_SIZE, stroke="#222",
                          stroke_width=2, colors=["black"], names=[], display_names=False, tooltip=tip)
        self.m_robots = S(x=[], y=[], scales=sc, marker=style.ROBOT_MARKER, default_size=CAR_SIZE, stroke="#222",
                          stroke_width=2, colors=["black"], names=[], display_names=False,
                          tooltip=bq.Tooltip(fields=["name"], labels=["robot"]))
        self.m_car_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CAR_FONT, font_unit=_FONT,
                               font_weight="bold", align="middle", colors=["#222"], y_offset=6)
        self.m_lap_badges = Lb(x=[], y=[], text=[], scales=sc, default_size=15, font_unit=_FONT, font_weight="bold",
                               align="start", colors=[style.LAP_DOWN], x_offset=12, y_offset=-10)
        self.m_info = Lb(x=[], y=[], text=[], scales=sc, default_size=INFO_FONT, font_unit=_FONT, align="middle",
                         colors=["#333"], font_weight="bold")
        self.marks = [
            self.m_sections, self.m_halo, self.m_finish_black, self.m_finish_white, self.m_chevrons,
            self.m_traj_links, self.m_traj_std, self.m_traj_std_in, self.m_traj_et, self.m_traj_et_in,
            self.m_traj_labels, self.m_section_labels, self.m_corner_labels, self.m_leader, self.m_flags,
            self.m_flag_labels, self.m_humans, self.m_robots, self.m_car_labels, self.m_lap_badges, self.m_info,
        ]
        self.figure = bq.Figure(marks=self.marks, axes=[], fig_margin={"top": 8, "bottom": 8, "left": 8, "right": 8},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": "white"},
                                animation_duration=0, layout=widgets.Layout(width=f"{self.width}px"))
        self.legend = widgets.HTML(self._legend_html())
        self.widget = widgets.VBox([self.figure, self.legend])

    @staticmethod
    def _legend_html() -> str:
        def sw(edge: str, fill: str) -> str:
            return (f'<span style="display:inline-block;width:22px;height:12px;border:3px solid {edge};'
                    f'background:{fill};vertical-align:middle"></span>')
        e, f = style.SECTION_EDGE, style.SECTION_FILL
        return ('<div style="font-size:15px;line-height:1.8">'
                f'{sw(e["straight"], f["straight"])} straight &nbsp; {sw(e["braking"], f["braking"])} braking '
                f'&nbsp; {sw(e["corner"], f["corner"])} corner &nbsp;│&nbsp; ● player car &nbsp; ■ robot &nbsp; '
                f'<span style="color:{style.LEADER_RING};font-weight:bold">◯</span> Leader token &nbsp; '
                f'<span style="color:{style.HIGHLIGHT};font-weight:bold">▭</span> active section &nbsp; '
                f'<b style="color:{style.LAP_DOWN}">-1</b> laps down &nbsp; faded = played this Game Turn &nbsp; '
                '○ trajectory ◇ Extreme trajectory &nbsp; race direction: clockwise</div>')

    def _holding(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        stack.enter_context(self.figure.hold_sync())
        for m in self.marks:
            stack.enter_context(m.hold_sync())
        return stack

    # ------------------------------------------------------------ the track
    @property
    def px_per_unit(self) -> float:
        assert self.layout is not None
        x0, x1, _, _ = self.layout.bounds()
        return (self.width - 16) / (x1 - x0)

    def _text_clearance(self, normal: tuple[float, float], text: str, font: int) -> float:
        """Extra distance (track units) so a centred label clears the band whatever side it is on."""
        w = len(text) * font * 0.58 / self.px_per_unit
        h = font * 1.0 / self.px_per_unit
        return abs(normal[0]) * w / 2 + abs(normal[1]) * h / 2

    def _beside(self, section: str, t: float, lateral: float, gap: float, text: str, font: int,
                ) -> tuple[float, float]:
        """A label position ``gap`` track units past the band edge (outside if lateral > 0, else inside)."""
        assert self.layout is not None
        lay = self.layout
        nx, ny = lay.normal_at(section, t)
        sign = 1.0 if lateral > 0 else -1.0
        x, y = lay.at(section, t, sign * 1.0)
        d = gap + self._text_clearance((nx, ny), text, font)
        return x + sign * nx * d, y + sign * ny * d

    def set_track(self, track: Any, cars: Mapping[str, Any] | None = None) -> None:
        """Draw another track (or the same one again) on the same figure."""
        self.track = track
        self.cars = dict(cars or {})
        lay = self.layout = layout_for(track)
        x0, x1, y0, y1 = lay.bounds()
        height = int((self.width - 16) * (y1 - y0) / (x1 - x0)) + 16
        xs, ys, edges, fills = [], [], [], []
        for s in track.sections:
            px, py = lay.outline(s.name, samples=_SAMPLES)
            xs.append(px)
            ys.append(py)
            edges.append(style.SECTION_EDGE.get(s.type.value, "#999"))
            fills.append(style.SECTION_FILL.get(s.type.value, "#eee"))
        lx, ly, lt = [], [], []
        for s in track.sections:
            x, y = self._beside(s.name, 0.5, -1, 0.05, s.name, SECTION_FONT)
            lx.append(x)
            ly.append(y)
            lt.append(s.name)
        cx, cy, ct = [], [], []
        for c in track.corners:
            names = [n for n in c.sections if track.has_section(n)]
            if not names:
                continue
            text = f"{c.name} ({c.duel_modifier:+d})"
            mid = names[(len(names) - 1) // 2]
            t = 1.0 if len(names) % 2 == 0 else 0.5
            x, y = self._beside(mid, t, -1, 0.05 + SECTION_FONT * 1.25 / self.px_per_unit, text, CORNER_FONT)
            cx.append(x)
            cy.append(y)
            ct.append(text)
        chx, chy = [], []
        for s in track.sections:  # one chevron per section, on the inner side, pointing along the race
            tip = lay.at(s.name, 0.62, -1.28)
            back = lay.at(s.name, 0.46, -1.28)
            dx, dy = tip[0] - back[0], tip[1] - back[1]
            nx, ny = lay.normal_at(s.name, 0.5)
            k = 0.55 * math.hypot(dx, dy)
            a = (back[0] + nx * k, back[1] + ny * k)
            b = (back[0] - nx * k, back[1] - ny * k)
            chx.append([a[0], tip[0], b[0]])
            chy.append([a[1], tip[1], b[1]])
        fx, fy = lay.finish_line()
        traj = self._trajectory_points()
        with self._holding():
            self.sx.min, self.sx.max, self.sy.min, self.sy.max = x0, x1, y0, y1
            ratio = (x1 - x0) / (y1 - y0)
            self.figure.min_aspect_ratio = 0.01
            self.figure.max_aspect_ratio = 100.0
            self.figure.layout.height = f"{height}px"
            self.figure.min_aspect_ratio = ratio * 0.98
            self.figure.max_aspect_ratio = ratio * 1.02
            self.m_sections.x, self.m_sections.y = xs, ys
            self.m_sections.colors, self.m_sections.fill_colors = edges, fills
            self.m_sections.fill_opacities = [1.0] * len(xs)
            self.m_section_labels.x, self.m_section_labels.y, self.m_section_labels.text = lx, ly, lt
            self.m_corner_labels.x, self.m_corner_labels.y, self.m_corner_labels.text = cx, cy, ct
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
            labels = traj["std"] + traj["et"]
            self.m_traj_labels.x, self.m_traj_labels.y = [p[0] for p in labels], [p[1] for p in labels]
            self.m_traj_labels.text = [p[4] for p in labels]
        self._traj_pos = {p[5]: (p[0], p[1]) for p in traj["std"] + traj["et"]}
        if self.frame is not None:
            self.show(self.frame)

    def set_cars(self, cars: Mapping[str, Any] | None) -> None:
        self.cars = dict(cars or {})

    def _trajectory_points(self) -> dict[str, list[tuple[float, float, str, str, str, str]]]:
        """Per kind: (x, y, outer colour, inner colour, label, id), spread along each section's inner side."""
        assert self.layout is not None
        out: dict[str, list[tuple[float, float, str, str, str, str]]] = {"std": [], "et": []}
        by_section: dict[str, list[Any]] = {}
        for t in self.track.trajectories:
            if self.track.has_section(t.section):
                by_section.setdefault(t.section, []).append(t)
        for sec, trajs in by_section.items():
            trajs.sort(key=lambda t: -t.lateral)
            for j, t in enumerate(trajs):
                x, y = self.layout.at(sec, (j + 0.5) / len(trajs), -0.6)
                cols = [style.TRAJECTORY_COLOURS.get(getattr(c, "value", str(c)), "#888") for c in t.colours]
                inner = cols[1] if len(cols) > 1 else cols[0]
                kind = "et" if getattr(t.kind, "value", t.kind) == "extreme" else "std"
                out[kind].append((x, y, cols[0], inner, f"+{t.bonus}", t.id))
        return out

    # ------------------------------------------------------------ a frame
    def show(self, frame: Any, event: Any = None) -> None:
        """Draw the position ``frame`` (a :class:`racebook.race.Frame`); ``event`` is the one it follows."""
        assert self.layout is not None
        lay = self.layout
        track = self.track
        humans: tuple[list[Any], ...] = ([], [], [], [], [])  # x, y, colour, id, opacity
        robots: tuple[list[Any], ...] = ([], [], [], [], [])
        fx, fy = [], []
        clx, cly, clt = [], [], []
        bx, by, bt = [], [], []
        positions: dict[str, tuple[float, float]] = {}
        for section, items in frame.order.items():
            if not track.has_section(section):
                continue
            n = len(items)
            crowded = n > lay.capacity(section)
            for k, item in enumerate(items):
                x, y = lay.slot(section, k, n)
                if item == YELLOW_FLAG:
                    fx.append(x)
                    fy.append(y)
                    continue
                positions[item] = (x, y)
                st = style.car_style(item, self.cars.get(item))
                alpha = 0.4 if item in frame.played else 1.0
                for lst, v in zip(humans if st.robot is None else robots, (x, y, st.colour, item, alpha),
                                  strict=True):
                    lst.append(v)
                t = 1.0 - (k + 0.5) / n
                gap = 0.03 + (CAR_FONT * 1.1 / self.px_per_unit if crowded and k % 2 else 0.0)
                lx, ly = self._beside(section, t, +1, gap, item, CAR_FONT)
                clx.append(lx)
                cly.append(ly)
                clt.append(item)
                down = frame.laps_down.get(item, 0)
                if down:
                    bx.append(x)
                    by.append(y)
                    bt.append(f"-{down}")
        self.positions = positions
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
        with self._holding():
            for mark, (xs, ys, cs, ns, os_) in ((self.m_humans, humans), (self.m_robots, robots)):
                mark.x, mark.y = xs, ys
                mark.colors, mark.names, mark.opacities = cs or ["black"], ns, os_ or [1.0]
            self.m_flags.x, self.m_flags.y = fx, fy
            self.m_flag_labels.x, self.m_flag_labels.y = fx, fy
            self.m_flag_labels.text = ["(Y)"] * len(fx)
            self.m_car_labels.x, self.m_car_labels.y, self.m_car_labels.text = clx, cly, clt
            self.m_lap_badges.x, self.m_lap_badges.y, self.m_lap_badges.text = bx, by, bt
            self.m_leader.x, self.m_leader.y = [p[0] for p in lpos], [p[1] for p in lpos]
            self.m_halo.x, self.m_halo.y = halo_x, halo_y
            self.m_traj_links.x, self.m_traj_links.y = tlx, tly
            self.m_info.x, self.m_info.y, self.m_info.text = [0.0, 0.0], [0.09, -0.13], info
        self.frame = frame
