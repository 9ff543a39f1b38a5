"""Where the track view draws an Automobiles board: its rows as spans of a loop, its lanes across the band.

The source prints no board (§26): the shipped boards (``data/boards/*.toml``) are loops of ``length`` rows and
``lanes`` lanes, lane 1 the innermost (§13: it wins ties). :class:`BoardGeometry` lays the rows along a rounded
rectangle (:mod:`racebook.core.geometry`), one span per row, the finish line at the back edge of row 0, the race
running clockwise; a lane is a strip of the band (lane 1 along the inside of the loop). A space (§7.3) is drawn as
the strip of its lane over its rows (:meth:`racebook.core.geometry.TrackGeometry.ribbon`).

:class:`BoardPicture` lays a board out in pixels for a screen size: the space polygons, the space ids inside the
spaces, the finish line and chevrons, and for a position (a :class:`racebook.automobiles.game.Frame`) the cars, the
cubes placed on the track this turn (§6.4) and each car's name (placed by :func:`racebook.core.geometry.place_labels`
so no two labels overlap). The SVG renderer (:mod:`racebook.automobiles.boardsvg`) and the bqplot view
(:mod:`racebook.automobiles.ui.boardview`) draw these numbers. Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from racebook.automobiles.board import Board, Space
from racebook.core import svg
from racebook.core.geometry import (
    Box,
    CentreLine,
    LabelRequest,
    PlacedLabel,
    Point,
    TrackGeometry,
    Viewport,
    box_at,
    marker_box,
    overlaps,
    place_labels,
    rounded_rect,
)

#: Space fills by gear colour (§7.1); the ink of text on them.
SPACE_FILL = {"W": "#ffffff", "L": "#c9c9c9", "D": "#6b6b6b", "K": "#1c1c1c"}
SPACE_INK = {"W": "#333333", "L": "#222222", "D": "#ffffff", "K": "#ffffff"}
SPACE_EDGE = "#8a8a8a"
#: Cube fills by code (§1): the four gears, wear (brown) and the five action colours.
CUBE_FILL = {"W": "#ffffff", "L": "#c9c9c9", "D": "#6b6b6b", "K": "#1c1c1c", "X": "#8b5a2b", "Y": "#f2c200",
             "R": "#d62828", "P": "#7b3f99", "B": "#1f6fd1", "G": "#2e9e44"}
#: Car colours in turn order (Okabe & Ito, colour-blind-safe); every marker also carries the player's letter.
CAR_FILL = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")
_DARK = {"#0072B2", "#009E73", "#D55E00", "#6b6b6b", "#1c1c1c", "#8b5a2b", "#d62828", "#7b3f99", "#1f6fd1",
         "#2e9e44"}
HIGHLIGHT = "#e0119d"
CAR_FONT = 14
SPACE_FONT_MAX = 12.0
SPACE_FONT_MIN = 8.0
MARGINS = (0.34, 0.2)  # room beyond the band for the car names, in loop heights


def ink_on(fill: str) -> str:
    """White or black text on ``fill``."""
    return svg.ink_on(fill, _DARK)


@dataclass(frozen=True)
class LoopSpec:
    """The loop a board is drawn on: width/height of the centre line, corner radius (fraction of the height), where
    the finish line lies (fraction of the loop clockwise from the top centre: 0.5 = bottom centre) and the width of
    one lane (fraction of the height)."""

    aspect: float = 2.3
    corner: float = 0.45
    finish: float = 0.5
    lane_width: float = 0.105


class BoardGeometry(TrackGeometry):
    """A board's rows along a rounded rectangle: span ``str(r)`` is row ``r``; lanes split the band."""

    def __init__(self, board: Board, spec: LoopSpec = LoopSpec()) -> None:
        self.board = board
        self.spec = spec
        n = board.length
        spans = [(str(r), spec.finish + r / n, spec.finish + (r + 1) / n) for r in range(n)]
        pts = rounded_rect(spec.aspect, 1.0, spec.corner, 2048)
        super().__init__(CentreLine(pts), spans, board.lanes * spec.lane_width / 2, gap=0.0)

    def row_u(self, row: float) -> float:
        """The loop fraction of the back edge of ``row`` (fractional rows lie inside it)."""
        return self.spec.finish + row / self.board.length

    def lateral(self, lane: int, f: float = 0.5) -> float:
        """Across the band, in half-bands: ``f`` 0 = the inner edge of ``lane`` (1 = innermost) … 1 = its outer edge."""
        return -1.0 + 2.0 * (lane - 1 + f) / self.board.lanes

    def segment_point(self, lane: int, progress: float, t: float = 0.5) -> Point:
        """The centre of the segment at (lane, progress) (``t`` along it: 0 back edge … 1 front edge)."""
        return self.point(self.row_u(progress % self.board.length + t), self.lateral(lane))

    def space_point(self, space: Space, t: float = 0.5) -> Point:
        """A point on the middle line of ``space``: ``t`` 0 = its back edge … 1 = its front edge."""
        return self.point(self.row_u(space.start + space.length * t), self.lateral(space.lane))

    def space_outline(self, space: Space, inset: float = 0.0, samples: int = 12) -> tuple[list[float], list[float]]:
        """Closed polygon (xs, ys) of a space, ``samples`` points a side (the same length for every space);
        ``inset`` (track units) shrinks it on every side."""
        du = inset / self.line.length
        dl = inset / self.half_band
        return self.ribbon(self.row_u(space.start) + du, self.row_u(space.end + 1) - du,
                           self.lateral(space.lane, 0.0) + dl, self.lateral(space.lane, 1.0) - dl,
                           samples)


@dataclass(frozen=True)
class Mark:
    """One car or cube as drawn: ``px`` its centre in pixels, ``xy`` in track units."""

    kind: str  # "car" or "cube"
    owner: str  # the player
    code: str  # the player's letter (car) or the cube's code
    space: str  # the space id it stands in
    xy: Point
    px: Point
    fill: str
    size: float  # px across
    at: tuple[int, int] | None = None  # a car's (lane, progress)


class BoardPicture:
    """A board laid out at ``width`` × ``height`` px (``height`` None: as tall as the loop needs).

    ``bounds`` (track units) frame a stretch of the board instead of the whole loop, ``car_px`` the car tokens' size
    there (:func:`racebook.automobiles.boardframe.framed_picture` gives both for a step); ``geom`` the board's
    geometry when the caller has it."""

    def __init__(self, board: Board, width: float = 1280, height: float | None = 686,
                 spec: LoopSpec = LoopSpec(), *, bounds: tuple[float, float, float, float] | None = None,
                 car_px: float | None = None, geom: BoardGeometry | None = None) -> None:
        self.board = board
        self.geom = geom if geom is not None and geom.board is board and geom.spec == spec else BoardGeometry(
            board, spec)
        self.framed = bounds is not None
        self.view = Viewport.fit(bounds if bounds is not None else self.geom.bounds(*MARGINS), width, height)
        s = self.view.scale
        row_px = self.geom.line.length / board.length * s * 0.62  # a row in a corner's inner lane, roughly
        lane_px = spec.lane_width * s
        self.car_px = car_px if car_px is not None else max(12.0, min(24.0, row_px * 0.9, lane_px * 0.85))
        self.cube_px = self.car_px * 0.8
        self.area: Box = (2.0, 2.0, self.view.width - 2, self.view.height - 2)
        self.reserved: list[Box] = [(0.0, 0.0, 430.0, 34.0)]  # the info line, top left
        self.band_boxes = self._band_boxes()
        self.space_labels = self._space_labels()
        self._spaces: list[tuple[Space, list[Point]]] | None = None

    def px(self, p: Point) -> Point:
        return self.view.px(p)

    def shown(self, q: Point, margin: float = 0.0) -> bool:
        """Whether the pixel ``q`` lies in the picture (``margin`` px beyond its edges count too)."""
        return -margin <= q[0] <= self.view.width + margin and -margin <= q[1] <= self.view.height + margin

    # ------------------------------------------------------------ the board
    def spaces(self) -> list[tuple[Space, list[Point]]]:
        """(space, outline in track units) for every space, lane by lane from the finish line (computed once)."""
        if self._spaces is None:
            self._spaces = []
            for sp in self.board.spaces.values():
                xs, ys = self.geom.space_outline(sp)
                self._spaces.append((sp, list(zip(xs, ys, strict=True))))
        return list(self._spaces)

    def _band_boxes(self) -> list[Box]:
        g, s = self.geom, self.view.scale
        side = g.half_band * 2 * s * 0.92
        n = max(8, math.ceil(g.line.length * s / (side * 0.5)))
        centres = [self.px(g.point(i / n)) for i in range(n)]
        return [marker_box(c, side) for c in centres if not self.framed or self.shown(c, side)]

    def _space_labels(self) -> list[PlacedLabel]:
        """Each space's id inside it, as large as fits; where the id does not fit (a corner's inner lane on a small
        picture) the space's number in its lane (a label that would touch another is left out; the shipped boards
        have none: tested)."""
        g, s = self.geom, self.view.scale
        lane_px = self.geom.spec.lane_width * s
        out: list[PlacedLabel] = []
        boxes: list[Box] = []
        for sp in self.board.spaces.values():
            # the length of the space along its lane's middle line, in px (shorter on a corner's inner side)
            a, b = g.space_point(sp, 0.0), g.space_point(sp, 1.0)
            if self.framed and not (self.shown(self.px(a)) or self.shown(self.px(b))):
                continue  # a framed picture labels only what it shows
            along = math.dist(self.px(a), self.px(b))
            for text in (sp.id, sp.id.partition(".")[2]):  # where "1.17" does not fit, its number "17"
                font = min(SPACE_FONT_MAX, (along - 6) / (len(text) * 0.62 + 0.3), (lane_px - 4) / 1.25)
                if font >= SPACE_FONT_MIN:
                    break
            else:
                continue
            cx, cy = self.px(g.space_point(sp))
            box = box_at(cx, cy, text, font)
            if any(overlaps(box, o) for o in boxes):
                continue
            boxes.append(box)
            out.append(PlacedLabel(f"space:{sp.id}", text, font, cx, cy, box, (cx, cy), False))
        return out

    def visible_space_labels(self, marks: Sequence[Mark] = ()) -> list[PlacedLabel]:
        """The space ids not covered by a car or a cube of ``marks`` (a marker hides the id of the space it is in)."""
        boxes = [marker_box(m.px, m.size) for m in marks]
        return [p for p in self.space_labels if not any(overlaps(p.box, b) for b in boxes)]

    def finish_line(self) -> tuple[Point, Point]:
        u = self.geom.row_u(0)
        return self.px(self.geom.point(u, 1.2)), self.px(self.geom.point(u, -1.2))

    def chevrons(self, every: int = 3) -> list[list[Point]]:
        """Race-direction chevrons (px) inside the loop, every ``every`` rows."""
        g = self.geom
        out = []
        for r in range(0, self.board.length, every):
            u = g.row_u(r + 0.5)
            tx, ty = g.line.at(u)[1]
            if min(abs(tx), abs(ty)) > 0.05:  # on the straights only (a corner's chevron would look bent)
                continue
            tip, back = g.point(u + 0.004, -1.3), g.point(u - 0.004, -1.3)
            nx, ny = g.normal(u)
            k = 0.7 * math.dist(tip, back)
            out.append([self.px((back[0] + nx * k, back[1] + ny * k)), self.px(tip),
                        self.px((back[0] - nx * k, back[1] - ny * k))])
        return out

    # ------------------------------------------------------------ a position
    def marks(self, frame: Any, order: Sequence[str] | None = None) -> list[Mark]:
        """The cars of ``frame`` (``cars``: player -> (lane, progress)) and the cubes on the track this turn
        (``track``: player -> ((cube, space id), …)), cubes first (cars are drawn over them)."""
        g = self.geom
        ids = list(order) if order is not None else list(frame.cars)
        fills = {pid: CAR_FILL[i % len(CAR_FILL)] for i, pid in enumerate(ids)}
        letters = car_letters(ids)
        out: list[Mark] = []
        per_space: dict[str, list[tuple[str, str]]] = {}
        for pid, placed in (frame.track or {}).items():
            for code, sid in placed:
                if sid.partition(":")[0] in self.board.spaces:
                    per_space.setdefault(sid.partition(":")[0], []).append((pid, code))
        for sid, items in per_space.items():
            sp = self.board.spaces[sid]
            n = len(items)
            for k, (pid, code) in enumerate(items):
                xy = g.space_point(sp, 1.0 - (k + 0.5) / n)
                out.append(Mark("cube", pid, code, sid, xy, self.px(xy), CUBE_FILL.get(code, "#999"), self.cube_px))
        for pid, (lane, progress) in frame.cars.items():
            xy = g.segment_point(lane, progress)
            sp = self.board.space_at(lane, progress)
            out.append(Mark("car", pid, letters.get(pid, pid[:1]), sp.id, xy, self.px(xy), fills.get(pid, "#999"),
                            self.car_px, (lane, progress)))
        return out

    def car_labels(self, marks: Sequence[Mark], texts: Mapping[str, str] | None = None) -> list[PlacedLabel | None]:
        """Each car's name just outside the band, abreast of it (a leader line when it had to move away); none
        overlaps another label, a space id, a car or a cube."""
        g = self.geom
        obstacles = self.band_boxes + self.reserved + [marker_box(m.px, m.size + 2) for m in marks]
        reqs = []
        for m in marks:
            if m.kind != "car" or self.framed and not self.shown(m.px):
                continue  # a framed picture names only the cars it shows
            assert m.at is not None
            u = g.row_u(m.at[1] % g.board.length + 0.5)
            nx, ny = g.normal(u)
            edge = self.px(g.point(u, 1.0))
            text = (texts or {}).get(m.owner, m.owner)
            reqs.append(LabelRequest(f"car:{m.owner}", text, CAR_FONT, edge, (nx, -ny), 3, m.px))
        return place_labels(reqs, obstacles, self.area, [p.box for p in self.space_labels])

    def route(self, frame: Any, mover: str | None, spaces: Sequence[str]) -> list[Point]:
        """The polyline (px) of a move by ``mover``: from where it starts — the mover's last cube placed this turn
        (moves chain from it, §7.1), else its car — through the middle of each space of ``spaces``."""
        g = self.geom
        pts: list[Point] = []
        placed = (frame.track or {}).get(mover, ()) if frame is not None and mover else ()
        if placed:
            pts.append(self.px(g.space_point(self.board.space_of(placed[-1][1]))))
        elif frame is not None and mover in frame.cars:
            pts.append(self.px(g.segment_point(*frame.cars[mover])))
        for sid in spaces:
            pts.append(self.px(g.space_point(self.board.space_of(sid))))
        return pts


_PICTURES: dict[tuple[int, float, float | None], tuple[Board, BoardPicture]] = {}


def picture(board: Board, width: float = 1280, height: float | None = 686) -> BoardPicture:
    """The :class:`BoardPicture` of ``board`` at this size, made once (a picture only reads the board, which is
    immutable; the layout is the costly part of drawing a position)."""
    key = (id(board), width, height)
    hit = _PICTURES.get(key)
    if hit is None or hit[0] is not board:
        if len(_PICTURES) > 16:
            _PICTURES.clear()
        hit = _PICTURES[key] = (board, BoardPicture(board, width, height))
    return hit[1]


def car_letters(ids: Sequence[str]) -> dict[str, str]:
    """The letter a car's marker carries: its id's initial, or the first two letters where initials clash."""
    out: dict[str, str] = {}
    for pid in ids:
        clash = [q for q in ids if q != pid and q[:1].upper() == pid[:1].upper()]
        out[pid] = pid[:2] if clash else pid[:1].upper()
    return out
