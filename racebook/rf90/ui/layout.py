"""Track geometry for the track view: a pleasant closed loop, computed (§3 board elements).

The track files hold no board art, so the view draws each track as a closed
loop (a rounded rectangle or a superellipse) with its sections laid one after
the other along it, in race order, clockwise. Everything here is plain
arithmetic: the same track and spec always give the same picture.

Coordinates are in "track units": the loop is ``aspect`` wide and 1 high,
centred on the origin, y up. A position *along* a section is ``t`` in
[0, 1] (0 = the back edge where cars enter, 1 = the front edge where they
leave), and *across* it is ``lateral`` in [-1, 1] (+1 = the outer edge of the
band, -1 = the inner edge).

A track's look is the ``[view]`` table of its track file (tracks/rf90/SCHEMA.md);
:func:`register_layout` overrides it for the session (:data:`LAYOUT_OVERRIDES`, keyed by track id).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from racebook.rf90.track import Track

Point = tuple[float, float]

_SAMPLES = 2048  # points on the dense outline; arc length is interpolated on it


@dataclass(frozen=True)
class LayoutSpec:
    """How to draw one track's loop.

    * ``shape``: ``"rounded_rect"`` or ``"superellipse"``.
    * ``aspect``: width / height of the loop's centre line.
    * ``corner``: rounded_rect — corner radius as a fraction of the height (≤ 0.5);
      superellipse — the exponent n (2 = ellipse, larger = squarer).
    * ``finish``: where the finish line lies (the back edge of section index 0), as a
      fraction of the loop measured clockwise from the top centre: 0 = top centre,
      0.25 = right middle, 0.5 = bottom centre, 0.75 = left middle.
    * ``band``: width of the section band, as a fraction of the height.
    * ``gap``: blank space between two sections, as a fraction of the loop.
    * ``weights``: relative length of named sections (others weigh 1).
    """

    shape: str = "rounded_rect"
    aspect: float = 1.9
    corner: float = 0.32
    finish: float = 0.5
    band: float = 0.24
    gap: float = 0.006
    weights: Mapping[str, float] = field(default_factory=dict)


DEFAULT_SPEC = LayoutSpec()

# Session overrides (track id -> spec), set by register_layout; they win over the track file's [view] table.
LAYOUT_OVERRIDES: dict[str, LayoutSpec] = {}


def register_layout(track_id: str, spec: LayoutSpec) -> None:
    """Use ``spec`` for the track ``track_id`` from now on (this session), whatever its file's ``[view]`` says."""
    LAYOUT_OVERRIDES[track_id] = spec


def spec_for(track: Track) -> LayoutSpec:
    """The session override of ``track``, else its file's ``[view]`` table over the defaults, else the defaults."""
    if track.id in LAYOUT_OVERRIDES:
        return LAYOUT_OVERRIDES[track.id]
    return LayoutSpec(**track.view.given()) if track.view is not None else DEFAULT_SPEC


# ------------------------------------------------------------------ outline
def _rounded_rect(w: float, h: float, r: float, n: int) -> list[Point]:
    """Clockwise outline (y up) starting at the top centre."""
    r = max(0.0, min(r, w / 2, h / 2))
    a, b = w / 2, h / 2
    pts: list[Point] = []
    # Pieces in clockwise order: (kind, data). Straights give their end point; arcs give centre + angles.
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


def _superellipse(w: float, h: float, expo: float, n: int) -> list[Point]:
    """Clockwise outline (y up) starting at the top centre: |x/a|^e + |y/b|^e = 1."""
    a, b, p = w / 2, h / 2, 2.0 / max(expo, 0.5)
    pts: list[Point] = []
    for i in range(n):
        th = math.pi / 2 - 2 * math.pi * i / n
        c, s = math.cos(th), math.sin(th)
        pts.append((a * math.copysign(abs(c) ** p, c), b * math.copysign(abs(s) ** p, s)))
    return pts


class _Loop:
    """A closed polyline with arc-length lookup: ``at(u)`` for u in [0, 1), clockwise."""

    def __init__(self, pts: list[Point]) -> None:
        self.pts = pts
        cum = [0.0]
        for i in range(len(pts)):
            cum.append(cum[-1] + math.dist(pts[i], pts[(i + 1) % len(pts)]))
        self.cum = cum
        self.length = cum[-1]

    def at(self, u: float) -> tuple[Point, Point]:
        """(point, unit tangent in the race direction) at loop fraction ``u``."""
        s = (u % 1.0) * self.length
        # Tangent from a slightly wider window: smooth across the polyline's vertices.
        q0, q1 = self._raw(s - self.length * 0.002), self._raw(s + self.length * 0.002)
        tx, ty = q1[0] - q0[0], q1[1] - q0[1]
        norm = math.hypot(tx, ty) or 1.0
        return self._raw(s), (tx / norm, ty / norm)

    def _raw(self, s: float) -> Point:
        s %= self.length
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


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class SectionGeom:
    """One section's place on the loop: from loop fraction ``u0`` (back) to ``u1`` (front)."""

    name: str
    index: int
    u0: float
    u1: float


class TrackLayout:
    """Where every section of a track lies; positions inside sections (see the module doc)."""

    def __init__(self, names: Iterable[str], spec: LayoutSpec = DEFAULT_SPEC) -> None:
        self.spec = spec
        self.names: tuple[str, ...] = tuple(names)
        if not self.names:
            raise ValueError("a track layout needs at least one section")
        w, h = spec.aspect, 1.0
        n = _SAMPLES
        if spec.shape == "rounded_rect":
            pts = _rounded_rect(w, h, spec.corner * h, n)
        elif spec.shape == "superellipse":
            pts = _superellipse(w, h, spec.corner, n)
        else:
            raise ValueError(f"unknown layout shape {spec.shape!r} (use 'rounded_rect' or 'superellipse')")
        self.loop = _Loop(pts)
        weights = [max(float(spec.weights.get(s, 1.0)), 1e-6) for s in self.names]
        total = sum(weights)
        self.sections: dict[str, SectionGeom] = {}
        u = spec.finish
        for i, (name, wt) in enumerate(zip(self.names, weights, strict=True)):
            du = wt / total
            self.sections[name] = SectionGeom(name, i, u, u + du)
            u += du
        self.half_band = spec.band * h / 2

    # -------------------------------------------------------- primitives
    def point(self, u: float, lateral: float = 0.0) -> Point:
        """The point at loop fraction ``u``, ``lateral`` half-bands outwards (negative = inwards)."""
        (x, y), (tx, ty) = self.loop.at(u)
        # Clockwise with y up: the outward normal is the tangent turned a quarter to the left.
        nx, ny = -ty, tx
        d = lateral * self.half_band
        return x + nx * d, y + ny * d

    def normal(self, u: float) -> Point:
        """Unit outward normal at loop fraction ``u``."""
        _, (tx, ty) = self.loop.at(u)
        return -ty, tx

    def _span(self, name: str) -> tuple[float, float]:
        g = self.sections[name]
        pad = min(self.spec.gap / 2, (g.u1 - g.u0) * 0.2)
        return g.u0 + pad, g.u1 - pad

    def at(self, name: str, t: float, lateral: float = 0.0) -> Point:
        """A point in section ``name``: ``t`` 0 = back edge … 1 = front edge (race direction)."""
        a, b = self._span(name)
        return self.point(a + (b - a) * t, lateral)

    def normal_at(self, name: str, t: float = 0.5) -> Point:
        a, b = self._span(name)
        return self.normal(a + (b - a) * t)

    def outline(self, name: str, t0: float = 0.0, t1: float = 1.0,
                samples: int = 16) -> tuple[list[float], list[float]]:
        """Closed polygon (xs, ys) of a section's band between ``t0`` and ``t1``; same length for any input."""
        outer = [self.at(name, t0 + (t1 - t0) * i / (samples - 1), 1.0) for i in range(samples)]
        inner = [self.at(name, t0 + (t1 - t0) * i / (samples - 1), -1.0) for i in range(samples)]
        ring = outer + inner[::-1] + [outer[0]]
        return [p[0] for p in ring], [p[1] for p in ring]

    def length(self, name: str) -> float:
        """A section's drawn length along the loop, in track units."""
        a, b = self._span(name)
        return (b - a) * self.loop.length

    def min_length(self) -> float:
        return min(self.length(n) for n in self.names)

    def lanes(self, name: str, n: int, size: float | None = None) -> int:
        """How many files (1–3) the n items of a section need so that markers ``size`` wide don't overlap."""
        size = size if size is not None else self.half_band * 0.62
        return max(1, min(3, math.ceil(n * size * 1.1 / max(self.length(name), 1e-9))))

    def slot(self, name: str, k: int, n: int, size: float | None = None) -> Point:
        """Where the k-th of n items (0 = front) stands in a section.

        Items are spread evenly from front to back, so order on the track is
        order on the screen; when crowded (see :meth:`lanes`) they also
        alternate across the band.
        """
        n = max(n, 1)
        t = 1.0 - (k + 0.5) / n
        lanes = self.lanes(name, n, size)
        lateral = {1: (0.2,), 2: (0.47, -0.12), 3: (0.62, 0.12, -0.38)}[lanes][k % lanes]
        return self.at(name, t, lateral)

    def capacity(self, name: str, size: float | None = None) -> int:
        """How many items fit in one file in a section."""
        size = size if size is not None else self.half_band * 0.62
        return max(1, int(self.length(name) / (size * 1.1)))

    def divider(self, name: str, k: int, n: int) -> float:
        """The ``t`` of the line just ahead of item k of n (its boundary with item k-1)."""
        return 1.0 - k / max(n, 1)

    def finish_line(self) -> tuple[list[float], list[float]]:
        """A segment across the band at the finish line (the back edge of section index 0)."""
        u = self.sections[self.names[0]].u0
        p, q = self.point(u, 1.25), self.point(u, -1.25)
        return [p[0], q[0]], [p[1], q[1]]

    def bounds(self, margin_x: float = 0.30, margin_y: float = 0.17) -> tuple[float, float, float, float]:
        """(xmin, xmax, ymin, ymax) of the loop with room for the labels outside it."""
        w = self.spec.aspect
        return (-w / 2 - self.half_band - margin_x, w / 2 + self.half_band + margin_x,
                -0.5 - self.half_band - margin_y, 0.5 + self.half_band + margin_y)


def layout_for(track: Track) -> TrackLayout:
    """The layout of a :class:`racebook.rf90.track.Track` (see :func:`spec_for`)."""
    return TrackLayout([s.name for s in track.sections], spec_for(track))
