"""FormulaGP's track view in a widget: a bqplot figure on the SVG picture's geometry where bqplot imports, else the
SVG picture in an HTML widget (the offline browser: no numpy, pandas or bqplot).

:func:`track_view` is what a stepping widget builds (notebooks F1–F3's :class:`racebook.formulagp.ui.movement.
ExampleStepper`); both views have ``widget`` and :meth:`show` (a race's current position, framed on the current step
or the ``whole`` circuit).

:class:`TrackView` builds its figure and marks once; :meth:`TrackView.show` only sets the marks' traits, inside one
``hold_sync`` (:func:`racebook.ui.bqfigure.holding`), so a step reaches the browser as one update and the widget is
never drawn again from scratch. Its geometry is the SVG picture's, not a copy of it:
:func:`racebook.formulagp.picture.frame` frames the step and lays the tiles out
(:mod:`racebook.formulagp.views.layout`), and the picture's own drawing pass records every part, text, car token and
badge in pixels (:class:`racebook.formulagp.views.tokens.Shape`, :class:`~racebook.formulagp.views.tokens.Text`);
the figure's scales are those pixels, so each mark lies where the SVG draws it. Around the figure, the top line, the
key panel and the legend are the SVG picture's (:mod:`racebook.formulagp.views.key`). A car's token shows, on hover,
its name, team number and space. The kerb's red and white stripes and the yellow zone's hatching are plain fills here
(a bqplot mark has no pattern): the kerb a light red, the yellow zone yellow with a dark edge.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.core import svg
from racebook.core.geometry import Point
from racebook.formulagp.picture import frame, frame_words, race_svg
from racebook.formulagp.track import Surface
from racebook.formulagp.views import framing
from racebook.formulagp.views.key import KeyLine, key_inside, legend, panel, top, where
from racebook.formulagp.views.layout import layout
from racebook.formulagp.views.style import (
    BADGE_FONT,
    DRS_FILL,
    FILL,
    GRASS,
    LEGEND_PX,
    PANEL_PX,
    PIT_FILL,
    PIT_LINE,
    SC_FILL,
    SKID,
    TOP_PX,
    WALL,
    YELLOW,
    defs,
)
from racebook.formulagp.views.tokens import Shape, Text
from racebook.ui import backend, bqfigure

SVG_CLASS = backend.SVG_VIEW_CLASS
WIDTH, HEIGHT = 900, 530  # px: a notebook's picture (racebook.formulagp.ui.movement.PICTURE_WIDTH / _HEIGHT)
KERB_TINT = "#f2b49c"  # the kerb's red and white stripes, as one fill
#: A space's fill by its surface's name (the SVG's; the kerb's stripes as one tint).
SPACE_FILL = {s.name.lower(): FILL.get(s, FILL[Surface.ASPHALT]) for s in Surface} | {"kerb": KERB_TINT}
LABEL_MARKS = 6  # the texts' font sizes, in at most this many Label marks


class SvgTrackView:
    """The picture as SVG in an HTML widget (class ``rb-trackview-svg``, as every game's SVG view).

    The picture's pattern ids (the kerb's stripes, the yellow zone's hatching) are made unique to this view: the same
    position drawn elsewhere on the page (another widget, a cell's picture) has the same ids, and a browser resolves
    ``url(#id)`` to the first of them in the page — drawing nothing when that one lies in a hidden cell."""

    figure = None  # no bqplot figure
    _made = 0

    def __init__(self, *, width: int = WIDTH, height: int = HEIGHT) -> None:
        SvgTrackView._made += 1
        self.suffix = f"v{SvgTrackView._made}"
        self.width, self.height = width, height
        self.picture = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.picture.add_class(SVG_CLASS)
        self.widget = self.picture

    @property
    def value(self) -> str:
        return str(self.picture.value)

    def show(self, race: Any, whole: bool = False) -> None:
        picture = race_svg(race, whole=whole, width=self.width, height=self.height, title="")
        for kind in ("kerb", "yellow"):
            picture = re.sub(f'(id="|url\\(#){kind}-([0-9a-f]+)', f"\\g<1>{kind}-\\g<2>{self.suffix}", picture)
        self.picture.value = picture


def _rows(shapes: Sequence[Shape], closed: bool = False) -> tuple[list[list[float]], list[list[float]]]:
    """The shapes' x and y as rows of one length (a bqplot ``Lines`` mark's lines): each padded with its last point
    (a closed shape: its first point, so that it closes)."""
    if not shapes:
        return [], []
    pts = [list(s.pts) + ([s.pts[0]] if closed else []) for s in shapes]
    n = max(len(p) for p in pts)
    pts = [p + [p[-1]] * (n - len(p)) for p in pts]
    return [[x for x, _y in p] for p in pts], [[y for _x, y in p] for p in pts]


def _box(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class TrackView:
    """A bqplot figure of a FormulaGP race on the SVG picture's geometry; :meth:`show` draws a race's position."""

    def __init__(self, *, width: int = WIDTH, height: int = HEIGHT) -> None:
        import bqplot as bq

        self.width, self.height = width, height
        self.main_w, self.main_h = width - PANEL_PX, height - TOP_PX - LEGEND_PX
        self.sx = bq.LinearScale(min=0.0, max=float(self.main_w))
        self.sy = bq.LinearScale(min=float(TOP_PX), max=float(height - LEGEND_PX), reverse=True)
        sc = {"x": self.sx, "y": self.sy}

        def filled(stroke_width: float = 1.5, **kw: Any) -> Any:
            return bq.Lines(x=[], y=[], scales=sc, fill="inside", close_path=True, stroke_width=stroke_width,
                            colors=["#ffffff"], fill_colors=["#c9c9c9"], fill_opacities=[1.0], **kw)

        def line(colour: str, stroke_width: float, **kw: Any) -> Any:
            return bq.Lines(x=[], y=[], scales=sc, colors=[colour], stroke_width=stroke_width, **kw)

        self.m_under = filled(1.0)  # the pit lane, the DRS zones
        self.m_track = filled(1.5)  # spaces, off track, feature tiles
        self.m_shadows = line("#3a78c2", 1.3, line_style="dashed")
        self.m_skids = line(SKID, 3.0, line_style="dashed")
        self.m_walls = line(WALL, 5.0)
        self.m_lane_ends = line("#111111", 4.0)
        self.m_edges = line("#555555", 2.0)
        self.m_pit_line = line(PIT_LINE, 3.0)
        self.m_pit = filled(1.5)  # the pit-lane entry and exit spaces, the Pit Boxes
        self.m_zones = filled(1.0)  # the yellow zones, the gravel tokens
        self.m_finish_black = line("black", 7.0)
        self.m_finish_white = line("white", 7.0, line_style="dashed")
        self.m_trail_under = line("white", 6.0, opacities=[0.8])
        self.m_trail = line("#222222", 2.5, line_style="dashed")
        self.m_trail_dots = bq.Scatter(x=[], y=[], scales=sc, marker="circle", default_size=40, colors=["#222222"],
                                       stroke_width=0)
        self.m_chips = filled(1.5)  # gear chips, DRS zone names, the Safety Car
        self.m_labels = [bq.Label(x=[], y=[], text=[], scales=sc, default_size=13, font_unit="px",
                                  font_weight="bold", align="middle", colors=["#222222"]) for _ in range(LABEL_MARKS)]
        self.m_leaders = line("#333333", 1.2, opacities=[0.7])
        self.m_ring_white = bq.Scatter(x=[], y=[], scales=sc, marker="circle", default_size=900, fill=False,
                                       stroke="white", stroke_width=7, colors=["white"])
        self.m_ring = bq.Scatter(x=[], y=[], scales=sc, marker="circle", default_size=900, fill=False,
                                 stroke="#111111", stroke_width=3.5, colors=["#111111"])
        tip = bq.Tooltip(fields=["name"], labels=["car"])
        self.m_cars = bq.Scatter(x=[], y=[], scales=sc, marker="circle", default_size=576, stroke="#111111",
                                 stroke_width=2, colors=["#666666"], names=[], display_names=False, tooltip=tip)
        self.m_letters = bq.Label(x=[], y=[], text=[], scales=sc, default_size=14, font_unit="px", font_weight="bold",
                                  align="middle", colors=["white"])
        self.m_key_rows = bq.Label(x=[], y=[], text=[], scales=sc, default_size=15, font_unit="px",
                                   align="start", colors=["#333333"])  # the whole circuit's key, a line a car
        self.m_key_cars = bq.Scatter(x=[], y=[], scales=sc, marker="circle", default_size=400, stroke="#111111",
                                     stroke_width=1.5, colors=["#666666"])
        self.m_key_letters = bq.Label(x=[], y=[], text=[], scales=sc, default_size=11, font_unit="px",
                                      font_weight="bold", align="middle", colors=["white"])
        self.m_badge_boxes = filled(2.5)
        self.m_badges = bq.Label(x=[], y=[], text=[], scales=sc, default_size=BADGE_FONT, font_unit="px",
                                 font_weight="bold", align="middle", colors=["#111111"])
        self.marks = [self.m_under, self.m_track, self.m_shadows, self.m_skids, self.m_walls, self.m_lane_ends,
                      self.m_edges, self.m_pit_line, self.m_pit, self.m_zones, self.m_finish_black,
                      self.m_finish_white, self.m_trail_under, self.m_trail, self.m_trail_dots, self.m_chips,
                      *self.m_labels, self.m_key_rows, self.m_key_cars, self.m_key_letters, self.m_ring_white,
                      self.m_ring, self.m_cars, self.m_letters, self.m_leaders, self.m_badge_boxes, self.m_badges]
        self.figure = bq.Figure(marks=self.marks, axes=[], fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": "white"},
                                animation_duration=0, layout=widgets.Layout(width=f"{self.main_w}px"))
        bqfigure.fit(self.figure, self.sx, self.sy, (0.0, float(self.main_w), float(TOP_PX),
                                                     float(height - LEGEND_PX)), self.main_h)
        self.figure.add_class("rb-fgp-figure")
        self.top = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.note = widgets.HTML()
        self.panel = widgets.HTML(layout=widgets.Layout(width=f"{PANEL_PX}px"))
        self.legend = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.widget = widgets.VBox([self.top, self.note, widgets.HBox([self.figure, self.panel]), self.legend],
                                   layout=widgets.Layout(width=f"{width + 8}px"))
        self.view: Any = None  # the picture's view of the position drawn (racebook.formulagp.picture.frame)

    # ------------------------------------------------------------ drawing
    def show(self, race: Any, whole: bool = False) -> None:
        """Draw ``race``'s current position: framed on the current step (its last move), with the key panel on the
        right, or the ``whole`` circuit across the width, its key inside the loop (as the SVG picture)."""
        state, mover = race.state, race.current_car
        moved = () if whole else framing.last_move(race)
        main_w = float(self.width if whole else self.main_w)
        area = (0.0, float(TOP_PX), main_w, float(self.height - LEGEND_PX))
        view = self.view = frame(state, mover=mover, whole=whole, moved=moved, area=area)
        lines: list[KeyLine] = []
        if whole:  # first, as the SVG: the key's lines are obstacles to the badges
            key_inside(state, view.lay, view.s, view.live, view.obstacles, lines)
        view.draw(set(view.tiles), whole)  # the SVG's drawing pass: every part, text, token and badge in px
        by: dict[str, list[Shape]] = {}
        for s in view.shapes:
            by.setdefault(s.kind, []).append(s)
        with bqfigure.holding(self.figure, self.marks):
            self.figure.layout.width = f"{main_w:.0f}px"
            bqfigure.fit(self.figure, self.sx, self.sy, area[0::2] + area[1::2], self.main_h)  # and any zoom undone
            self._circuit(by)
            self._texts(view.texts + [Text(k.x, k.y, k.words, 14, "#666666") for k in lines if k.livery is None])
            self._cars(view)
            self._key([k for k in lines if k.livery is not None])
        self.panel.layout.display = "none" if whole else None
        uid = view.uid
        head = svg.document(self.width, TOP_PX, "")[:1]
        self.top.value = "\n".join([*head, *top(state, mover, self.width), "</svg>"])
        y0, h = TOP_PX, self.main_h
        x0 = self.width - PANEL_PX
        self.panel.value = "\n".join([
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{PANEL_PX}" height="{h}" '
            f'viewBox="{x0} {y0} {PANEL_PX} {h}" font-family="{svg.FONT_FAMILY}">',
            *panel(state, layout(state.track), view.tiles, view.live, self.width, self.height), "</svg>"])
        self.legend.value = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{LEGEND_PX}" '
                             f'viewBox="0 {self.height - LEGEND_PX} {self.width} {LEGEND_PX}" '
                             f'font-family="{svg.FONT_FAMILY}">{defs(uid)}{legend(self.height, uid, bool(state.zones))}'
                             "</svg>")
        self.note.value = "" if whole else (f'<div style="color:#555;font-size:14px;margin-left:12px">'
                                            f"{html.escape(frame_words(state.track, view.tiles))}</div>")

    def _circuit(self, by: dict[str, list[Shape]]) -> None:
        def fill(mark: Any, shapes: list[Shape], fills: list[str], strokes: list[str]) -> None:
            mark.x, mark.y = _rows(shapes, closed=True)
            mark.fill_colors = fills or ["#ffffff"]
            mark.colors = strokes or ["#ffffff"]
            mark.fill_opacities = [1.0] * max(1, len(shapes))

        def stroke(mark: Any, shapes: list[Shape], closed: bool = False) -> None:
            mark.x, mark.y = _rows(shapes, closed)

        under = by.get("pit-lane", []) + by.get("drs", [])
        fill(self.m_under, under, [PIT_FILL if s.kind == "pit-lane" else DRS_FILL for s in under],
             ["#555555" if s.kind == "pit-lane" else DRS_FILL for s in under])
        track = by.get("space", []) + by.get("off", []) + by.get("feature", [])
        fill(self.m_track, track,
             [SPACE_FILL.get(s.name, FILL[Surface.ASPHALT]) if s.kind == "space" else GRASS if s.kind == "off"
              else "#efefef" for s in track],
             ["#ffffff" if s.kind == "space" else GRASS if s.kind == "off" else "#999999" for s in track])
        stroke(self.m_shadows, by.get("shadow", []), closed=True)
        stroke(self.m_skids, by.get("skid", []) + by.get("skid-path", []))
        stroke(self.m_walls, by.get("wall", []))
        stroke(self.m_lane_ends, by.get("lane-end", []))
        stroke(self.m_edges, by.get("edge", []))
        stroke(self.m_pit_line, by.get("pit-line", []))
        pit = by.get("pit-entry", []) + by.get("pit-box", []) + by.get("pit-exit", [])
        fill(self.m_pit, pit, ["#dcdcdc" if s.kind == "pit-box" else "#b0b0b0" for s in pit], ["#ffffff"] * len(pit))
        zones = by.get("yellow-zone", []) + by.get("gravel", [])
        fill(self.m_zones, zones, [YELLOW if s.kind == "yellow-zone" else "#a0785a" for s in zones],
             ["#222222" if s.kind == "yellow-zone" else "#a0785a" for s in zones])
        finish = by.get("finish", [])
        stroke(self.m_finish_black, finish)
        stroke(self.m_finish_white, finish)
        trail = by.get("trail", [])
        stroke(self.m_trail_under, trail)
        stroke(self.m_trail, trail)
        dots = [p for s in trail for p in s.pts[:-1]]
        self.m_trail_dots.x, self.m_trail_dots.y = [p[0] for p in dots], [p[1] for p in dots]
        chips = by.get("gear-chip", []) + by.get("drs-label", []) + by.get("safety-car", [])
        fill(self.m_chips, chips,
             ["white" if s.kind == "gear-chip" else DRS_FILL if s.kind == "drs-label" else SC_FILL for s in chips],
             [("#a04000" if s.name == "corner" else "#777777") if s.kind == "gear-chip"
              else DRS_FILL if s.kind == "drs-label" else "#111111" for s in chips])
        stroke(self.m_leaders, by.get("leader", []))

    def _texts(self, texts: list[Text]) -> None:
        """The texts in :data:`LABEL_MARKS` Label marks by font size (sizes beyond that many: the nearest mark's)."""
        sizes = sorted({round(t.font) for t in texts})
        while len(sizes) > len(self.m_labels):  # merge the two closest sizes
            k = min(range(len(sizes) - 1), key=lambda i: sizes[i + 1] - sizes[i])
            sizes[k:k + 2] = [sizes[k + 1]]
        groups: list[list[Text]] = [[] for _ in self.m_labels]
        for t in texts:
            groups[min(range(len(sizes)), key=lambda i: abs(sizes[i] - t.font))].append(t)
        for k, mark in enumerate(self.m_labels):
            got = groups[k]
            mark.x, mark.y = [t.x for t in got], [t.y for t in got]
            mark.text = [t.words for t in got]
            mark.colors = [t.colour for t in got] or ["#222222"]
            if k < len(sizes):
                mark.default_size = sizes[k]

    def _key(self, lines: list[KeyLine]) -> None:
        """The whole circuit's key: a line a car, its token before it (``key_inside``'s)."""
        self.m_key_rows.x, self.m_key_rows.y = [k.x for k in lines], [k.y for k in lines]
        self.m_key_rows.text = [k.words for k in lines]
        self.m_key_cars.x, self.m_key_cars.y = [k.x - 16 for k in lines], [k.y for k in lines]
        self.m_key_cars.colors = [k.livery.fill for k in lines if k.livery] or ["#666666"]
        self.m_key_letters.x, self.m_key_letters.y = self.m_key_cars.x, self.m_key_cars.y
        self.m_key_letters.text = [k.livery.code for k in lines if k.livery]
        self.m_key_letters.colors = [k.livery.ink for k in lines if k.livery] or ["white"]

    def _cars(self, view: Any) -> None:
        state, size = view.state, view.token
        cars = list(state.cars.values())
        pts = [view.tokens[c.id] for c in cars]
        self.m_cars.x, self.m_cars.y = [p[0] for p in pts], [p[1] for p in pts]
        self.m_cars.colors = [view.live[c.id].fill for c in cars] or ["#666666"]
        self.m_cars.default_size = round(size * size)
        self.m_cars.names = [f"{c.id} (team #{view.live[c.id].number}): {where(state.track, c)}" for c in cars]
        self.m_letters.x, self.m_letters.y = self.m_cars.x, self.m_cars.y
        self.m_letters.text = [view.live[c.id].code for c in cars]
        self.m_letters.colors = [view.live[c.id].ink for c in cars] or ["white"]
        self.m_letters.default_size = round(size * 0.6)
        ring = [view.tokens[view.mover]] if view.mover in view.tokens else []
        for mark in (self.m_ring_white, self.m_ring):
            mark.x, mark.y = [p[0] for p in ring], [p[1] for p in ring]
            mark.default_size = round((size + 10) ** 2)
        placed = view.badges
        self.m_badges.x, self.m_badges.y = [p.x for p, _lv in placed], [p.y for p, _lv in placed]
        self.m_badges.text = [p.text for p, _lv in placed]
        boxes = [Shape("badge", _box(*p.box)) for p, _lv in placed]
        self.m_badge_boxes.x, self.m_badge_boxes.y = _rows(boxes, closed=True)
        self.m_badge_boxes.fill_colors = ["white"] * max(1, len(boxes))
        self.m_badge_boxes.colors = [lv.fill for _p, lv in placed] or ["#111111"]
        self.m_badge_boxes.fill_opacities = [0.93] * max(1, len(boxes))


def track_view(*, width: int = WIDTH, height: int = HEIGHT, kind: str = "auto") -> TrackView | SvgTrackView:
    """The track view this environment can draw (``kind`` ``"auto"``): bqplot's :class:`TrackView` where
    :func:`racebook.ui.backend.has_bqplot`, else :class:`SvgTrackView`; ``"bqplot"`` or ``"svg"`` to choose."""
    if kind not in ("auto", "bqplot", "svg"):
        raise ValueError(f"track_view: kind {kind!r} is not 'auto', 'bqplot' or 'svg'")
    if kind == "bqplot" or (kind == "auto" and backend.has_bqplot()):
        return TrackView(width=width, height=height)
    return SvgTrackView(width=width, height=height)


__all__ = ["SvgTrackView", "TrackView", "track_view"]
