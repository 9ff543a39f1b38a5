"""The optional ``[layout]`` table of a track file: the circuit's shape, for the track view (issue 17).

A centre line drawn in the race direction (points in the file's own units, y up, closed: the last point repeats
the first, which is the finish line), the width of the band, and each section's span along the line in race
order. The view (:mod:`racebook.rf90.trackgeom`) draws the sections there instead of on the computed loop of
``[view]``. Drawing only: no rule reads it, and its ``source`` is always ``"invented-for-teaching"`` (the
manual prints no board; a circuit's well-known shape is still not the printed board).

Checked here, each with the file, the field and the reason: a closed loop of at least 4 distinct points with
coordinates from -:data:`MAX_COORD` to :data:`MAX_COORD`; ``band`` positive, at most a quarter of the drawing's size
and at least a :data:`MAX_BANDS`-th of the centre line's length (the overlap check below samples the line every third
of a band: a coordinate of 1e19 or a band of 1e-300 would make that billions of samples); every section placed once,
in race order, each span inside 0..1 and after the one before it; the band, once drawn, does not overlap itself
(two parts of the circuit closer than the band's width would hide sections under each other).

Standard library only: the engine checks the table, the renderers draw it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NoReturn, Protocol

from racebook.core.fields import short
from racebook.core.geometry import CentreLine, self_overlap, smooth
from racebook.rf90.track import INVENTED, CircuitLayout

KEYS = {"points", "band", "smooth", "spans", "source", "sources"}
SPAN_KEYS = {"section", "from", "to"}
MAX_POINTS = 2000
MAX_SMOOTH = 4
#: The largest coordinate of a layout point (the shipped circuits are drawn within 0..2; any unit up to this works).
MAX_COORD = 10_000.0
#: The longest centre line, in bands (the shipped circuits are about 90 bands long).
MAX_BANDS = 5_000


class _Checker(Protocol):
    def fail(self, field: str, reason: str) -> NoReturn: ...

    def table(self, raw: Any, where: str, keys: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]: ...

    def provenance(self, raw: dict[str, Any], where: str, key: str, default: str | None = None,
                   ids: tuple[str, ...] = ()) -> str: ...


def _num(raw: Any) -> bool:
    return isinstance(raw, (int, float)) and not isinstance(raw, bool) and math.isfinite(raw)


def _coord(raw: Any) -> bool:
    return _num(raw) and -MAX_COORD <= raw <= MAX_COORD


def centre_line(layout: CircuitLayout) -> CentreLine:
    """The drawn centre line of a layout (its points smoothed ``smooth`` times)."""
    pts = list(layout.points[:-1])
    return CentreLine(smooth(pts, layout.smooth) if layout.smooth else pts)


def _points(p: _Checker, raw: Any) -> tuple[tuple[float, float], ...]:
    if not isinstance(raw, list) or not 5 <= len(raw) <= MAX_POINTS:
        p.fail("layout.points", f"must be an array of 5 to {MAX_POINTS} [x, y] points (a closed loop of at "
               "least 4 corners, the first repeated at the end)")
    pts: list[tuple[float, float]] = []
    for i, pt in enumerate(raw):
        if not isinstance(pt, list) or len(pt) != 2 or not all(_num(v) for v in pt):
            p.fail(f"layout.points[{i}]", f"{short(pt)} is not an [x, y] pair of finite numbers")
        if not all(_coord(v) for v in pt):
            p.fail(f"layout.points[{i}]", f"{short(pt)}: each coordinate must be a number from {-MAX_COORD:g} to "
                   f"{MAX_COORD:g}")
        q = (float(pt[0]), float(pt[1]))
        if pts and q == pts[-1]:
            p.fail(f"layout.points[{i}]", f"{short(pt)} repeats the point before it")
        pts.append(q)
    if pts[0] != pts[-1]:
        p.fail("layout.points", f"the centre line must be a closed loop: it ends at {list(pts[-1])}, not at "
               f"its first point {list(pts[0])}")
    if len(set(pts)) < 4:
        p.fail("layout.points", "a closed loop needs at least 4 distinct points")
    return tuple(pts)


def _spans(p: _Checker, raw: Any, sections: Sequence[str]) -> tuple[tuple[str, float, float], ...]:
    if not isinstance(raw, list):
        p.fail("layout.spans", "must be an array of { section, from, to } tables, one per section in race order")
    known = set(sections)
    out: list[tuple[str, float, float]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        where = f"layout.spans[{i}]"
        t = p.table(item, where, SPAN_KEYS, ("section", "from", "to"))
        name = t["section"]
        if not isinstance(name, str) or name not in known:
            p.fail(f"{where}.section", f"{short(name)} is not a section of this track")
        if name in seen:
            p.fail(f"{where}.section", f"{name!r} is placed twice (every section is placed once)")
        seen.add(name)
        for key in ("from", "to"):
            if not _num(t[key]) or not 0.0 <= t[key] <= 1.0:
                p.fail(f"{where}.{key}", f"{short(t[key])} must be a fraction of the centre line from 0 to 1")
        a, b = float(t["from"]), float(t["to"])
        if b <= a:
            p.fail(f"{where}.to", f"{b:g} must be greater than from = {a:g} (a span runs in the race direction)")
        if name != sections[len(out)]:
            p.fail(f"{where}.section", f"{name!r} is out of race order: span {i} must place "
                   f"{sections[len(out)]!r}")
        if out and a < out[-1][2]:
            p.fail(f"{where}.from", f"{a:g} overlaps the span before it ({out[-1][0]!r} ends at {out[-1][2]:g})")
        out.append((name, a, b))
    missing = [s for s in sections if s not in seen]
    if missing:
        p.fail("layout.spans", f"every section must be placed once; missing: {', '.join(missing)}")
    return tuple(out)


def parse_layout(p: _Checker, raw: Any, sections: Sequence[str]) -> CircuitLayout | None:
    """Check a ``[layout]`` table (``None``: the file has none) against the track's ``sections`` (race order)."""
    if raw is None:
        return None
    t = p.table(raw, "layout", KEYS, ("points", "band", "spans"))
    if p.provenance(t, "layout", "layout") != INVENTED:
        p.fail("layout.source", f"a circuit drawing is not a board value: source = {INVENTED!r}")
    pts = _points(p, t["points"])
    xs, ys = [q[0] for q in pts], [q[1] for q in pts]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    band = t["band"]
    if not _num(band) or not 0 < band <= size / 4:
        p.fail("layout.band", f"{short(band)} must be a number above 0 and at most a quarter of the drawing's "
               f"size ({size / 4:g})")
    rounds = t.get("smooth", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= MAX_SMOOTH:
        p.fail("layout.smooth", f"{short(rounds)} must be an integer from 0 to {MAX_SMOOTH}")
    spans = _spans(p, t["spans"], sections)
    layout = CircuitLayout(points=pts, band=float(band), spans=spans, smooth=rounds)
    length = centre_line(layout).length
    if length / band > MAX_BANDS:
        p.fail("layout.band", f"{band:g} is too narrow for the drawing: its centre line is {length / band:.3g} bands "
               f"long (at most {MAX_BANDS}); widen the band or draw the circuit smaller")
    hit = self_overlap(centre_line(layout), float(band))
    if hit is not None:
        u, v = hit
        p.fail("layout.points", f"the band overlaps itself: the circuit at {u:.3f} and at {v:.3f} of the lap "
               f"lies closer than the band's width ({float(band):g}); move the parts apart or narrow the band")
    return layout
