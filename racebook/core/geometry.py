"""Track geometry for any racing board game: a closed centre line, named spans along it, lanes across it.

Pure Python (no numpy, no Jupyter): the SVG renderer and the bqplot track view draw the same numbers.
A game describes its board as

* a **centre line**: a closed polyline in the race direction, in any units, y up
  (:class:`CentreLine`; :func:`rounded_rect` and :func:`superellipse` make schematic loops);
* **spans**: named stretches of it (an RF90 section, an Automobiles space, a FormulaGP tile), each from
  loop fraction ``u0`` to ``u1`` (0 = the first point, 1 = a full lap);
* a **band** (the track's width) and **lanes**: offsets across the band in half-bands, ``+1`` the outer edge,
  ``-1`` the inner edge (outer = away from the loop's inside, whichever way the centre line turns).

:class:`TrackGeometry` answers where things are: section polygons, points inside a span, car slots per lane,
direction chevrons, the finish line, the bounds. :class:`Viewport` maps track units to screen pixels
(y down) and :func:`place_labels` puts text boxes so that no two overlap, none covers an obstacle (a car
marker, the band) and all stay inside the picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (any axis direction, x0 <= x1, y0 <= y1)

#: The most points :meth:`CentreLine.samples` returns.
MAX_SAMPLES = 200_000

# Lateral positions of items in a span by the number of files they need (1-3); the default ``lanes``.
DEFAULT_LANES: tuple[tuple[float, ...], ...] = ((0.2,), (0.47, -0.12), (0.62, 0.12, -0.38))


# ------------------------------------------------------------------ loops
def rounded_rect(w: float, h: float, r: float, n: int = 2048) -> list[Point]:
    """A clockwise rounded rectangle (y up) ``w`` × ``h`` with corner radius ``r``, starting at the top centre."""
    r = max(0.0, min(r, w / 2, h / 2))
    a, b = w / 2, h / 2
    pts: list[Point] = []
    pieces: list[tuple[str, tuple[float, ...]]] = [
        ("line", (0.0, b, a - r, b)),
        ("arc", (a - r, b - r, math.pi / 2, 0.0)),
        ("line", (a, b - r, a, -b + r)),
        ("arc", (a - r, -b + r, 0.0, -math.pi / 2)),
        ("line", (a - r, -b, -a + r, -b)),
        ("arc", (-a + r, -b + r, -math.pi / 2, -math.pi)),
        ("line", (-a, -b + r, -a, b - r)),
        ("arc", (-a + r, b - r, math.pi, math.pi / 2)),
        ("line", (-a + r, b, 0.0, b)),
    ]
    lengths = [math.dist(d[:2], d[2:]) if k == "line" else r * abs(d[3] - d[2]) for k, d in pieces]
    total = sum(lengths) or 1.0
    for (kind, d), length in zip(pieces, lengths, strict=True):
        m = max(2, round(n * length / total))
        for i in range(m):
            f = i / m
            if kind == "line":
                pts.append((d[0] + (d[2] - d[0]) * f, d[1] + (d[3] - d[1]) * f))
            else:
                ang = d[2] + (d[3] - d[2]) * f
                pts.append((d[0] + r * math.cos(ang), d[1] + r * math.sin(ang)))
    return pts


def superellipse(w: float, h: float, expo: float, n: int = 2048) -> list[Point]:
    """A clockwise superellipse (y up) |x/a|^e + |y/b|^e = 1, starting at the top centre."""
    a, b, p = w / 2, h / 2, 2.0 / max(expo, 0.5)
    pts: list[Point] = []
    for i in range(n):
        th = math.pi / 2 - 2 * math.pi * i / n
        c, s = math.cos(th), math.sin(th)
        pts.append((a * math.copysign(abs(c) ** p, c), b * math.copysign(abs(s) ** p, s)))
    return pts


def signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area: positive when the polyline runs anticlockwise (y up)."""
    return sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts))) / 2


def smooth(pts: Sequence[Point], rounds: int = 3) -> list[Point]:
    """Chaikin corner cutting of a closed polyline: a hand-drawn circuit becomes a smooth one."""
    out = list(pts)
    for _ in range(rounds):
        nxt: list[Point] = []
        for i, p in enumerate(out):
            q = out[(i + 1) % len(out)]
            nxt.append((0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]))
            nxt.append((0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]))
        out = nxt
    return out


class CentreLine:
    """A closed polyline with arc-length lookup: :meth:`at` for loop fraction ``u`` (wraps), race direction."""

    def __init__(self, pts: Sequence[Point]) -> None:
        pts = [(float(x), float(y)) for x, y in pts]
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts = pts[:-1]
        if len(pts) < 3:
            raise ValueError("a centre line needs at least 3 distinct points")
        self.pts = pts
        cum = [0.0]
        for i in range(len(pts)):
            cum.append(cum[-1] + math.dist(pts[i], pts[(i + 1) % len(pts)]))
        self.cum = cum
        self.length = cum[-1]
        if self.length <= 0:
            raise ValueError("a centre line needs a positive length")
        # Outward = left of the race direction on a clockwise loop (y up), right on an anticlockwise one.
        self.out_sign = -1.0 if signed_area(pts) > 0 else 1.0

    def raw(self, u: float) -> Point:
        """The point at loop fraction ``u``."""
        s = (u % 1.0) * self.length
        lo, hi = 0, len(self.pts)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.cum[mid] <= s:
                lo = mid
            else:
                hi = mid
        p0, p1 = self.pts[lo], self.pts[(lo + 1) % len(self.pts)]
        seg = self.cum[lo + 1] - self.cum[lo] or 1.0
        f = (s - self.cum[lo]) / seg
        return p0[0] + (p1[0] - p0[0]) * f, p0[1] + (p1[1] - p0[1]) * f

    def at(self, u: float) -> tuple[Point, Point]:
        """(point, unit tangent in the race direction) at loop fraction ``u``."""
        # Tangent from a slightly wider window: smooth across the polyline's vertices.
        q0, q1 = self.raw(u - 0.002), self.raw(u + 0.002)
        tx, ty = q1[0] - q0[0], q1[1] - q0[1]
        norm = math.hypot(tx, ty) or 1.0
        return self.raw(u), (tx / norm, ty / norm)

    def normal(self, u: float) -> Point:
        """Unit outward normal at loop fraction ``u``."""
        _, (tx, ty) = self.at(u)
        return -ty * self.out_sign, tx * self.out_sign

    def samples(self, step: float) -> list[tuple[float, Point]]:
        """(u, point) every ``step`` units along the line, at most :data:`MAX_SAMPLES` of them (a bound on time and
        memory whatever the numbers: the loaders refuse the drawings that would need more, e.g.
        racebook.rf90.layouttable's ``MAX_BANDS``)."""
        ratio = self.length / max(step, 1e-9)
        n = max(8, int(min(ratio, MAX_SAMPLES)) if math.isfinite(ratio) else MAX_SAMPLES)
        return [(i / n, self.raw(i / n)) for i in range(n)]


def self_overlap(line: CentreLine, band: float) -> tuple[float, float] | None:
    """Two loop fractions whose bands would overlap (non-neighbouring parts of the line closer than ``band``
    centre to centre), or None. Parts less than 2.5 bands apart along the line are neighbours."""
    pts = line.samples(band / 3)
    near = 2.5 * band / line.length
    cell: dict[tuple[int, int], list[int]] = {}
    for i, (_u, (x, y)) in enumerate(pts):
        cell.setdefault((math.floor(x / band), math.floor(y / band)), []).append(i)
    for i, (u, (x, y)) in enumerate(pts):
        cx, cy = math.floor(x / band), math.floor(y / band)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in cell.get((cx + dx, cy + dy), ()):
                    if j <= i:
                        continue
                    v, q = pts[j]
                    along = abs(v - u)
                    if min(along, 1 - along) > near and math.dist((x, y), q) < band * 0.999:
                        return u, v
    return None


# ------------------------------------------------------------------ geometry
@dataclass(frozen=True)
class Span:
    """One named stretch of the centre line: from loop fraction ``u0`` (back edge) to ``u1`` (front edge)."""

    name: str
    index: int
    u0: float
    u1: float


class TrackGeometry:
    """Where every span lies, and positions inside spans.

    A position *along* a span is ``t`` in [0, 1] (0 = the back edge where cars enter, 1 = the front edge),
    *across* it ``lateral`` in half-bands (+1 = outer edge, -1 = inner edge). ``gap`` is the blank space
    between two spans as a fraction of the loop; ``lanes`` the laterals of 1, 2, 3 … files of items.
    """

    def __init__(self, line: CentreLine, spans: Iterable[tuple[str, float, float]], half_band: float,
                 gap: float = 0.006, lanes: Sequence[Sequence[float]] = DEFAULT_LANES) -> None:
        self.line = self.loop = line
        self.sections: dict[str, Span] = {}
        for i, (name, u0, u1) in enumerate(spans):
            if name in self.sections:
                raise ValueError(f"span {name!r} is given twice")
            self.sections[name] = Span(name, i, u0, u1)
        if not self.sections:
            raise ValueError("a track geometry needs at least one span")
        self.names: tuple[str, ...] = tuple(self.sections)
        self.half_band = half_band
        self.gap = gap
        self.lane_sets = tuple(tuple(s) for s in lanes)

    # -------------------------------------------------------- primitives
    def point(self, u: float, lateral: float = 0.0) -> Point:
        """The point at loop fraction ``u``, ``lateral`` half-bands outwards (negative = inwards)."""
        x, y = self.line.raw(u)
        nx, ny = self.line.normal(u)
        d = lateral * self.half_band
        return x + nx * d, y + ny * d

    def normal(self, u: float) -> Point:
        """Unit outward normal at loop fraction ``u``."""
        return self.line.normal(u)

    def span(self, name: str) -> tuple[float, float]:
        """The drawn part of a span (loop fractions), the gap taken off both ends."""
        g = self.sections[name]
        pad = min(self.gap / 2, (g.u1 - g.u0) * 0.2)
        return g.u0 + pad, g.u1 - pad

    _span = span

    def u(self, name: str, t: float) -> float:
        a, b = self.span(name)
        return a + (b - a) * t

    def at(self, name: str, t: float, lateral: float = 0.0) -> Point:
        """A point in span ``name``: ``t`` 0 = back edge … 1 = front edge (race direction)."""
        return self.point(self.u(name, t), lateral)

    def normal_at(self, name: str, t: float = 0.5) -> Point:
        return self.normal(self.u(name, t))

    def tangent_at(self, name: str, t: float = 0.5) -> Point:
        return self.line.at(self.u(name, t))[1]

    def outline(self, name: str, t0: float = 0.0, t1: float = 1.0,
                samples: int = 16) -> tuple[list[float], list[float]]:
        """Closed polygon (xs, ys) of a span's band between ``t0`` and ``t1``; same length for any input."""
        outer = [self.at(name, t0 + (t1 - t0) * i / (samples - 1), 1.0) for i in range(samples)]
        inner = [self.at(name, t0 + (t1 - t0) * i / (samples - 1), -1.0) for i in range(samples)]
        ring = outer + inner[::-1] + [outer[0]]
        return [p[0] for p in ring], [p[1] for p in ring]

    def ribbon(self, u0: float, u1: float, lat0: float, lat1: float,
               samples: int = 16) -> tuple[list[float], list[float]]:
        """Closed polygon (xs, ys) of the band between loop fractions ``u0`` and ``u1`` (race direction) and the
        laterals ``lat0`` (inner) and ``lat1`` (outer), in half-bands: a lane of a run of spans (an Automobiles
        space, a FormulaGP tile)."""
        n = max(2, samples)
        outer = [self.point(u0 + (u1 - u0) * i / (n - 1), lat1) for i in range(n)]
        inner = [self.point(u0 + (u1 - u0) * i / (n - 1), lat0) for i in range(n)]
        ring = outer + inner[::-1] + [outer[0]]
        return [p[0] for p in ring], [p[1] for p in ring]

    def length(self, name: str) -> float:
        """A span's drawn length along the loop, in track units."""
        a, b = self.span(name)
        return (b - a) * self.line.length

    def min_length(self) -> float:
        return min(self.length(n) for n in self.names)

    def lanes(self, name: str, n: int, size: float | None = None) -> int:
        """How many files the n items of a span need so that markers ``size`` wide don't overlap."""
        size = size if size is not None else self.half_band * 0.62
        most = len(self.lane_sets)
        return max(1, min(most, math.ceil(n * size * 1.1 / max(self.length(name), 1e-9))))

    def slot(self, name: str, k: int, n: int, size: float | None = None) -> Point:
        """Where the k-th of n items (0 = front) stands in a span: spread evenly from front to back (order on
        the track is order on the screen); when crowded (see :meth:`lanes`) they alternate across the band."""
        n = max(n, 1)
        t = 1.0 - (k + 0.5) / n
        lanes = self.lane_sets[self.lanes(name, n, size) - 1]
        return self.at(name, t, lanes[k % len(lanes)])

    def lane_point(self, name: str, t: float, lane: int, n_lanes: int) -> Point:
        """The centre of lane ``lane`` (0 = innermost) of ``n_lanes`` equal lanes at ``t`` in a span
        (Automobiles spaces, FormulaGP tiles)."""
        lateral = -1.0 + (2 * lane + 1) / n_lanes
        return self.at(name, t, lateral)

    def capacity(self, name: str, size: float | None = None) -> int:
        """How many items fit in one file in a span."""
        size = size if size is not None else self.half_band * 0.62
        return max(1, int(self.length(name) / (size * 1.1)))

    def divider(self, name: str, k: int, n: int) -> float:
        """The ``t`` of the line just ahead of item k of n (its boundary with item k-1)."""
        return 1.0 - k / max(n, 1)

    def finish_line(self) -> tuple[list[float], list[float]]:
        """A segment across the band at the finish line (the back edge of the first span)."""
        u = self.sections[self.names[0]].u0
        p, q = self.point(u, 1.25), self.point(u, -1.25)
        return [p[0], q[0]], [p[1], q[1]]

    def chevron(self, name: str, lateral: float = -1.3, size: float = 0.06) -> list[Point]:
        """A race-direction chevron (three points, tip ahead) at a span's back edge."""
        tip, back = self.at(name, size, lateral), self.at(name, -size, lateral)
        nx, ny = self.normal_at(name, 0.0)
        k = 0.7 * math.dist(tip, back)
        return [(back[0] + nx * k, back[1] + ny * k), tip, (back[0] - nx * k, back[1] - ny * k)]

    def extent(self) -> Box:
        """(xmin, ymin, xmax, ymax) of the band."""
        xs, ys = [], []
        for u, _p in self.line.samples(self.line.length / 720):
            for lat in (1.0, -1.0):
                x, y = self.point(u, lat)
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def bounds(self, margin_x: float = 0.30, margin_y: float = 0.17) -> tuple[float, float, float, float]:
        """(xmin, xmax, ymin, ymax) of the band with room around it (track units) for the labels."""
        x0, y0, x1, y1 = self._extent_cached()
        return x0 - margin_x, x1 + margin_x, y0 - margin_y, y1 + margin_y

    def _extent_cached(self) -> Box:
        ext = getattr(self, "_ext", None)
        if ext is None:
            ext = self._ext = self.extent()
        return ext


# ------------------------------------------------------------------ screen
@dataclass(frozen=True)
class Viewport:
    """Track units (y up) -> pixels (y down): a uniform scale, the bounds centred in ``width`` × ``height``."""

    x0: float
    x1: float
    y0: float
    y1: float
    width: float
    height: float

    @property
    def scale(self) -> float:
        return min(self.width / (self.x1 - self.x0), self.height / (self.y1 - self.y0))

    @classmethod
    def fit(cls, bounds: tuple[float, float, float, float], width: float, height: float | None = None) -> Viewport:
        """``bounds`` = (xmin, xmax, ymin, ymax); ``height`` None: as tall as the bounds need at ``width``."""
        x0, x1, y0, y1 = bounds
        if height is None:
            height = width * (y1 - y0) / (x1 - x0)
        return cls(x0, x1, y0, y1, float(width), float(height))

    def px(self, p: Point) -> Point:
        s = self.scale
        ox = (self.width - (self.x1 - self.x0) * s) / 2
        oy = (self.height - (self.y1 - self.y0) * s) / 2
        return ox + (p[0] - self.x0) * s, oy + (self.y1 - p[1]) * s

    def unit(self, q: Point) -> Point:
        """The inverse of :meth:`px`."""
        s = self.scale
        ox = (self.width - (self.x1 - self.x0) * s) / 2
        oy = (self.height - (self.y1 - self.y0) * s) / 2
        return self.x0 + (q[0] - ox) / s, self.y1 - (q[1] - oy) / s


# ------------------------------------------------------------------ labels
CHAR_EM = 0.62  # mean advance of a bold sans-serif character, in ems (the SVG renderer stretches text to it)
LINE_EM = 1.2


def text_size(text: str, font: float) -> Point:
    """(width, height) in px of one line of bold sans-serif text (the box the placer reserves)."""
    return len(text) * font * CHAR_EM + 4, font * LINE_EM


def box_at(cx: float, cy: float, text: str, font: float) -> Box:
    w, h = text_size(text, font)
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Box, area: Box) -> bool:
    return a[0] >= area[0] and a[1] >= area[1] and a[2] <= area[2] and a[3] <= area[3]


@dataclass(frozen=True)
class LabelRequest:
    """A label to place (pixels, y down): next to ``anchor``, pushed along ``direction`` (a unit vector),
    its nearest edge ``gap`` px away."""

    key: str
    text: str
    font: float
    anchor: Point
    direction: Point
    gap: float = 4.0
    target: Point | None = None  # what a leader line points at when the label is displaced (default: anchor)


@dataclass(frozen=True)
class PlacedLabel:
    key: str
    text: str
    font: float
    x: float  # centre, px
    y: float
    box: Box
    anchor: Point
    displaced: bool  # far from its preferred spot: a renderer draws a leader line to the anchor


class _Grid:
    """Boxes hashed on a coarse grid, for fast overlap queries."""

    def __init__(self, cell: float = 48.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for i in range(math.floor(b[0] / c), math.floor(b[2] / c) + 1):
            for j in range(math.floor(b[1] / c), math.floor(b[3] / c) + 1):
                yield i, j

    def add(self, b: Box) -> None:
        for k in self._keys(b):
            self.cells.setdefault(k, []).append(b)

    def hits(self, b: Box) -> bool:
        return any(overlaps(b, o) for k in self._keys(b) for o in self.cells.get(k, ()))


def _candidates(r: LabelRequest, area: Box) -> Iterable[tuple[Point, bool]]:
    """Centres to try, best first: beside the anchor, then pushed further out, slid along, or on the other
    side, in order of how far the label strays; then a spiral (the guarantee of a free place if any)."""
    w, h = text_size(r.text, r.font)
    dx, dy = r.direction
    reach = abs(dx) * w / 2 + abs(dy) * h / 2  # centre-to-edge distance along the direction
    ax, ay = r.anchor
    step = h * 0.9
    slide = (abs(dy) * w + abs(dx) * h) * 0.6 + 4
    tries = [(side, out, along) for side in (1, -1) for out in range(4) for along in (0, 1, -1, 2, -2)]
    tries.sort(key=lambda t: t[1] + 1.2 * abs(t[2]) + (0.8 if t[0] < 0 else 0.0))
    for side, out, along in tries:
        d = side * (r.gap + reach + out * step)
        far = out + 1.2 * abs(along) + (0.8 if side < 0 else 0.0) > 1.3
        yield (ax + dx * d - dy * along * slide, ay + dy * d + dx * along * slide), far
    radius = step
    while radius < max(area[2] - area[0], area[3] - area[1]):
        n = max(8, int(2 * math.pi * radius / (h * 0.8)))
        for i in range(n):
            a = 2 * math.pi * i / n
            yield (ax + radius * math.cos(a) * 1.6, ay + radius * math.sin(a)), True
        radius += h * 0.8


def place_labels(requests: Sequence[LabelRequest], obstacles: Iterable[Box], area: Box,
                 placed: Iterable[Box] = ()) -> list[PlacedLabel | None]:
    """Place each label (in order: earlier ones get the better spots) so that no two overlap, none overlaps
    an obstacle or a box already ``placed``, and each lies inside ``area``. A label with no free place at all
    is None (the renderers leave it out); shipped tracks are tested to have none."""
    grid = _Grid()
    for b in obstacles:
        grid.add(b)
    for b in placed:
        grid.add(b)
    out: list[PlacedLabel | None] = []
    for r in requests:
        found: PlacedLabel | None = None
        for (cx, cy), far in _candidates(r, area):
            b = box_at(cx, cy, r.text, r.font)
            if inside(b, area) and not grid.hits(b):
                found = PlacedLabel(r.key, r.text, r.font, cx, cy, b, r.target or r.anchor, far)
                break
        if found is not None:
            grid.add(found.box)
        out.append(found)
    return out


def marker_box(p: Point, size: float) -> Box:
    """The box of a marker ``size`` px across centred on ``p`` (px)."""
    return p[0] - size / 2, p[1] - size / 2, p[0] + size / 2, p[1] + size / 2
