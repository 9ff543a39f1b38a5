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
CAR_PX = 26.0  # largest car marker diameter, px
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


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


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
        self.m_traj_links = L(x=[], y=[], scales=sc, stroke_width=3, colors=["#333"])
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
        self.m_traj_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT, align="middle",
                                colors=["#333"], font_weight="bold", y_offset=5)
        self.m_section_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=SECTION_FONT, font_unit=_FONT,
                                   font_weight="bold", align="middle", colors=["#444"], y_offset=9)
        self.m_section_labels_down = Lb(x=[], y=[], text=[], scales=sc, default_size=SECTION_FONT, font_unit=_FONT,
                                        font_weight="bold", align="start", colors=["#444"], rotate_angle=90)
        self.m_section_labels_up = Lb(x=[], y=[], text=[], scales=sc, default_size=SECTION_FONT, font_unit=_FONT,
                                      font_weight="bold", align="start", colors=["#444"], rotate_angle=-90)
        self.m_corner_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CORNER_FONT, font_unit=_FONT,
                                  align="middle", colors=["#8a6d00"], font_weight="bold", y_offset=6)
        self.m_leader = S(x=[], y=[], scales=sc, marker="circle", default_size=1200,
                          fill=False, stroke=style.LEADER_RING, stroke_width=5, colors=[style.LEADER_RING])
        self.m_flags = S(x=[], y=[], scales=sc, marker="triangle-up", default_size=500, stroke="#333",
                         stroke_width=1.5, colors=[style.YELLOW_FLAG_COLOUR])
        self.m_flag_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT,
                                font_weight="bold", align="middle", colors=["#7a5c00"], y_offset=-24)
        tip = bq.Tooltip(fields=["name"], labels=["car"])
        self.m_humans = S(x=[], y=[], scales=sc, marker=style.HUMAN_MARKER, default_size=500, stroke="#222",
                          stroke_width=2, colors=["black"], names=[], display_names=False, tooltip=tip)
        self.m_robots = S(x=[], y=[], scales=sc, marker=style.ROBOT_MARKER, default_size=500, stroke="#222",
                          stroke_width=2, colors=["black"], names=[], display_names=False,
                          tooltip=bq.Tooltip(fields=["name"], labels=["robot"]))
        self.m_car_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=CAR_FONT, font_unit=_FONT,
                               font_weight="bold", align="middle", colors=["#222"], y_offset=6)
        self.m_lap_badges = Lb(x=[], y=[], text=[], scales=sc, default_size=15, font_unit=_FONT, font_weight="bold",
                               align="start", colors=[style.LAP_DOWN], x_offset=15, y_offset=5)
        self.m_info = Lb(x=[], y=[], text=[], scales=sc, default_size=INFO_FONT, font_unit=_FONT, align="middle",
                         colors=["#333"], font_weight="bold")
        self.marks = [
            self.m_sections, self.m_halo, self.m_finish_black, self.m_finish_white, self.m_chevrons,
            self.m_traj_links, self.m_traj_std, self.m_traj_std_in, self.m_traj_et, self.m_traj_et_in,
            self.m_traj_labels, self.m_section_labels, self.m_section_labels_down, self.m_section_labels_up,
            self.m_corner_labels, self.m_leader, self.m_flags,
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
        return self._clamp(x + sign * nx * d, y + sign * ny * d, text, font)

    def _clamp(self, x: float, y: float, text: str, font: int) -> tuple[float, float]:
        """Keep a centred label wholly inside the figure."""
        assert self.layout is not None
        x0, x1, y0, y1 = self.layout.bounds()
        hw, hh = len(text) * font * 0.29 / self.px_per_unit, font * 0.55 / self.px_per_unit
        return min(max(x, x0 + hw), x1 - hw), min(max(y, y0 + hh), y1 - hh)

    def set_track(self, track: Any, cars: Mapping[str, Any] | None = None) -> None:
        """Draw another track (or the same one again) on the same figure."""
        self.track = track
        self.cars = dict(cars or {})
        lay = self.layout = layout_for(track)
        self._static_boxes: list[tuple[float, float, float, float]] = []
        # Car markers: as big as the shortest section allows (px diameter), for projectors.
        self.car_px = max(15.0, min(CAR_PX, lay.min_length() * self.px_per_unit * 0.4))
        x0, x1, y0, y1 = lay.bounds()
        height = int((self.width - 16) * (y1 - y0) / (x1 - x0)) + 16
        xs, ys, edges, fills = [], [], [], []
        for s in track.sections:
            px, py = lay.outline(s.name, samples=_SAMPLES)
            xs.append(px)
            ys.append(py)
            edges.append(style.SECTION_EDGE.get(s.type.value, "#999"))
            fills.append(style.SECTION_FILL.get(s.type.value, "#eee"))
        labels = self._section_labels(track)
        corners = self._corner_labels(track, labels["font"])
        chx, chy = [], []
        for s in track.sections:  # a chevron at each section's back edge, inside the loop, along the race
            tip = lay.at(s.name, 0.06, -1.3)
            back = lay.at(s.name, -0.06, -1.3)
            nx, ny = lay.normal_at(s.name, 0.0)
            k = 0.7 * math.hypot(tip[0] - back[0], tip[1] - back[1])
            chx.append([back[0] + nx * k, tip[0], back[0] - nx * k])
            chy.append([back[1] + ny * k, tip[1], back[1] - ny * k])
        fx, fy = lay.finish_line()
        traj = self._trajectory_points()
        with self._holding():
            self.sx.min, self.sx.max, self.sy.min, self.sy.max = x0, x1, y0, y1
            ratio = (x1 - x0) / (y1 - y0)
            self.figure.layout.height = f"{height}px"
            self.figure.min_aspect_ratio = ratio * 0.98
            self.figure.max_aspect_ratio = ratio * 1.02
            self.m_sections.x, self.m_sections.y = xs, ys
            self.m_sections.colors, self.m_sections.fill_colors = edges, fills
            self.m_sections.fill_opacities = [1.0] * len(xs)
            for mark, key in ((self.m_section_labels, "flat"), (self.m_section_labels_down, "down"),
                              (self.m_section_labels_up, "up")):
                pts = labels[key]
                mark.x, mark.y, mark.text = [p[0] for p in pts], [p[1] for p in pts], [p[2] for p in pts]
                mark.default_size = labels["font"]
            self.m_corner_labels.x, self.m_corner_labels.y = [p[0] for p in corners], [p[1] for p in corners]
            self.m_corner_labels.text = [p[2] for p in corners]
            d = self.car_px
            for mark, scale in ((self.m_humans, 1.0), (self.m_robots, 0.85), (self.m_flags, 0.9),
                                (self.m_leader, 2.3)):
                mark.default_size = int(math.pi * (d / 2) ** 2 * scale)
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
            self.m_traj_labels.x, self.m_traj_labels.y = [p[6] for p in labels], [p[7] for p in labels]
            self.m_traj_labels.text = [p[4] for p in labels]
        self._traj_pos = {p[5]: (p[0], p[1]) for p in traj["std"] + traj["et"]}
        if self.frame is not None:
            self.show(self.frame)

    def _section_labels(self, track: Any) -> dict[str, Any]:
        """Section names inside the loop: big letters for short names; long names upright on the sides and
        turned a quarter on the top and bottom, in a font that fits."""
        lay = self.layout
        assert lay is not None
        ppu = self.px_per_unit
        longest = max(len(s.name) for s in track.sections)
        out: dict[str, Any] = {"flat": [], "down": [], "up": [], "font": SECTION_FONT}
        if longest <= 3:
            for s in track.sections:
                x, y = self._beside(s.name, 0.5, -1, 0.05, s.name, SECTION_FONT)
                out["flat"].append((x, y, s.name))
            return out
        interior = (1.0 - 2 * lay.half_band) * ppu  # px between the top and bottom bands
        font = min(SECTION_FONT - 8, lay.min_length() * ppu * 0.55, (interior / 2 - 12) / (longest * 0.58))
        font = out["font"] = max(9, int(font))
        boxes: list[tuple[float, float, float, float]] = []
        flat: list[str] = []
        for s in track.sections:
            nx, ny = lay.normal_at(s.name, 0.5)
            if abs(ny) < 0.75:
                flat.append(s.name)
                continue
            x, y = lay.at(s.name, 0.5, -1.0)
            x, y = x - nx * 0.025, y - ny * 0.025
            out["down" if ny > 0 else "up"].append((x, y, s.name))
            length = len(s.name) * font * 0.58
            px, py = x * ppu, y * ppu
            boxes.append((px - font / 2, py - length, px + font / 2, py) if ny > 0 else
                         (px - font / 2, py, px + font / 2, py + length))
        for name in flat:  # upright names on the sides; one that would overlap another moves inwards
            x = y = 0.0
            for tries in range(5):
                x, y = self._beside(name, 0.5, -1, 0.03 + tries * font * 1.1 / ppu, name, font)
                box = self._box(x, y, name, font)
                if not any(_overlap(box, b) for b in boxes):
                    break
            boxes.append(box)
            out["flat"].append((x, y, name))
        return out

    def _corner_labels(self, track: Any, section_font: int) -> list[tuple[float, float, str]]:
        """"Curve 2 (-2)" near each corner: inside the loop beyond short section names, else outside it."""
        out: list[tuple[float, float, str]] = []
        short = section_font == SECTION_FONT
        self._static_boxes = []
        for c in track.corners:
            names = [n for n in c.sections if track.has_section(n)]
            if not names:
                continue
            text = f"{c.name} ({c.duel_modifier:+d})"
            mid = names[(len(names) - 1) // 2]
            t = 1.0 if len(names) % 2 == 0 else 0.5
            if short:
                x, y = self._beside(mid, t, -1, 0.05 + SECTION_FONT * 1.25 / self.px_per_unit, text, CORNER_FONT)
            else:
                x, y = self._beside(mid, t, +1, 0.03, text, CORNER_FONT)
                self._static_boxes.append(self._box(x, y, text, CORNER_FONT))
            out.append((x, y, text))
        return out

    def _box(self, x: float, y: float, text: str, font: int) -> tuple[float, float, float, float]:
        ppu = self.px_per_unit
        w, h = len(text) * font * 0.64, font * 1.1
        return x * ppu - w / 2, y * ppu - h / 2, x * ppu + w / 2, y * ppu + h / 2

    def set_cars(self, cars: Mapping[str, Any] | None) -> None:
        self.cars = dict(cars or {})

    def _trajectory_points(self) -> dict[str, list[tuple[Any, ...]]]:
        """Per kind: (x, y, outer colour, inner colour, label, id, label x, label y), along each section's inner
        side; the "+N" bonus sits just ahead of its marker in the race direction."""
        assert self.layout is not None
        out: dict[str, list[tuple[Any, ...]]] = {"std": [], "et": []}
        ppu = self.px_per_unit
        by_section: dict[str, list[Any]] = {}
        for t in self.track.trajectories:
            if self.track.has_section(t.section):
                by_section.setdefault(t.section, []).append(t)
        for sec, trajs in by_section.items():
            trajs.sort(key=lambda t: -t.lateral)
            for j, t in enumerate(trajs):
                tt = (j + 0.5) / len(trajs)
                x, y = self.layout.at(sec, tt, -0.68)
                nx, ny = self.layout.normal_at(sec, tt)
                text = f"+{t.bonus}"
                d = (11 + len(text) * 14 * 0.32) / ppu
                cols = [style.TRAJECTORY_COLOURS.get(getattr(c, "value", str(c)), "#888") for c in t.colours]
                inner = cols[1] if len(cols) > 1 else cols[0]
                kind = "et" if getattr(t.kind, "value", t.kind) == "extreme" else "std"
                out[kind].append((x, y, cols[0], inner, text, t.id, x + ny * d, y - nx * d))
        return out

    # ------------------------------------------------------------ a frame
    def _place_labels(self, wanted: list[tuple[str, float, str]]) -> list[tuple[float, float]]:
        """Car-name positions outside the band; a label that would overlap one already placed moves outwards."""
        assert self.layout is not None
        ppu = self.px_per_unit
        placed: list[tuple[float, float, float, float]] = list(self._static_boxes)  # px: x0, y0, x1, y1
        out: list[tuple[float, float]] = []
        step = CAR_FONT * 1.15 / ppu
        for section, t, text in wanted:
            nx, ny = self.layout.normal_at(section, t)
            shift = (len(text) * CAR_FONT * 0.6 + 6) / ppu
            x = y = 0.0
            box = (0.0, 0.0, 0.0, 0.0)
            # Prefer moving outwards (the name stays beside its car), then sliding along the track.
            candidates = [(o, 0) for o in range(4)] + [(o, a) for o in range(4) for a in (1, -1)]
            for tries, along in candidates:
                x, y = self._beside(section, t, +1, 0.03 + tries * step, text, CAR_FONT)
                if along:  # slide along the track (perpendicular to the normal), then keep inside the figure
                    x, y = self._clamp(x + ny * along * shift, y - nx * along * shift, text, CAR_FONT)
                box = self._box(x, y, text, CAR_FONT)
                if not any(_overlap(box, b) for b in placed):
                    break
            placed.append(box)
            out.append((x, y))
        return out

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
        size = self.car_px / self.px_per_unit
        wanted: list[tuple[str, float, str]] = []  # car labels: (section, t, text)
        for section, items in frame.order.items():
            if not track.has_section(section):
                continue
            n = len(items)
            for k, item in enumerate(items):
                x, y = lay.slot(section, k, n, size)
                if item == YELLOW_FLAG:
                    fx.append(x)
                    fy.append(y)
                    continue
                positions[item] = (x, y)
                st = style.car_style(item, self.cars.get(item))
                alpha = 0.5 if item in frame.played else 1.0
                for lst, v in zip(humans if st.robot is None else robots, (x, y, st.colour, item, alpha),
                                  strict=True):
                    lst.append(v)
                wanted.append((section, 1.0 - (k + 0.5) / n, item))
                down = frame.laps_down.get(item, 0)
                if down:
                    bx.append(x)
                    by.append(y)
                    bt.append(f"-{down}")
        self.positions = positions
        for (lx, ly), (_s, _t, text) in zip(self._place_labels(wanted), wanted, strict=True):
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
            self.m_info.x, self.m_info.y, self.m_info.text = [0.0, 0.0], [0.04, -0.08], info
        self.frame = frame
