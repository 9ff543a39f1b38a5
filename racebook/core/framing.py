"""What a framed picture shows: the stretch of a circuit a step covered, with its neighbours, at a readable scale.

Every game's track view frames the action (issue 33 item 5): the spans (RF90 sections, FormulaGP tiles) the current
step went through, a margin of neighbours on each side, as close as a largest scale allows and no farther than a
smallest scale (the cars stay readable tokens), a toggle showing the whole circuit instead. The arithmetic is the
same for every game and lives here once:

* :func:`arc`: the shortest run of a circular sequence holding some indices (a circuit has no first span);
* :func:`run`: that run with a margin of neighbours, at least ``least`` long; wider than ``most``, the run of the
  ``home`` indices alone (the car to play);
* :func:`widen`: bounds widened round their centre so that a picture ``width`` × ``height`` px shows them no
  closer than ``max_scale`` px per unit;
* :func:`frame_bounds`: bounds with the picture's aspect ratio, between ``min_scale`` and ``max_scale`` (narrowed
  round a ``home`` point when the stretch is too wide to show at ``min_scale``).

Standard library only; no game is imported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Bounds = tuple[float, float, float, float]  # x0, x1, y0, y1 (track units, y up)
Point = tuple[float, float]


def arc(indices: Sequence[int], n: int) -> tuple[int, int]:
    """The shortest run of the circular sequence 0 … n-1 holding every index of ``indices`` (sorted, distinct):
    ``(first, length)``."""
    if len(indices) == 1:
        return indices[0], 1
    gaps = [((indices[(k + 1) % len(indices)] - indices[k]) % n, k) for k in range(len(indices))]
    gap, k = max(gaps)
    first = indices[(k + 1) % len(indices)]
    return first, n - gap + 1


def run(indices: Iterable[int], n: int, *, margin: int = 1, least: int = 1, most: int | None = None,
        home: Iterable[int] = ()) -> list[int]:
    """The indices a framed picture shows, in race order: the shortest run holding ``indices``, ``margin``
    neighbours on each side, at least ``least`` long (grown forwards first, then on both sides); when the run with
    its margins would be longer than ``most``, the run of the ``home`` indices instead (when there are any)."""
    wanted = sorted(set(indices))
    if not wanted:
        raise ValueError("a frame needs at least one index")
    first, size = arc(wanted, n)
    homes = sorted(set(home))
    if most is not None and size + 2 * margin > most and homes:
        first, size = arc(homes, n)
    first, size = first - margin, size + 2 * margin
    while size < least:
        first, size = (first - 1, size + 2) if size + 2 <= least else (first, size + 1)
    return [(first + k) % n for k in range(min(size, n))]


def bounds_of(points: Iterable[Point]) -> Bounds:
    """The smallest bounds holding ``points``."""
    pts = list(points)
    if not pts:
        raise ValueError("bounds of no points")
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), max(xs), min(ys), max(ys)


def widen(bounds: Bounds, width: float, height: float, max_scale: float) -> Bounds:
    """``bounds`` widened round their centre, each axis on its own, so that ``width`` × ``height`` px show them no
    closer than ``max_scale`` px per unit."""
    x0, x1, y0, y1 = bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hw, hh = max((x1 - x0) / 2, width / max_scale / 2), max((y1 - y0) / 2, height / max_scale / 2)
    return cx - hw, cx + hw, cy - hh, cy + hh


def frame_bounds(bounds: Bounds, width: float, height: float, *, max_scale: float | None = None,
                 min_scale: float | None = None, home: Point | None = None) -> Bounds:
    """Bounds with the aspect ratio of ``width`` × ``height`` px holding ``bounds`` centred, at a scale (px per
    unit) of at most ``max_scale`` (a short stretch is shown with room round it) and at least ``min_scale`` (a long
    one is cut down round ``home``, else its centre, so that what is drawn stays readable)."""
    x0, x1, y0, y1 = bounds
    bw, bh = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
    scale = min(width / bw, height / bh)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if max_scale is not None and scale > max_scale:
        scale = max_scale
    if min_scale is not None and scale < min_scale:
        scale = min_scale
        if home is not None:  # the home point in view, the centre as near the stretch's as the frame allows
            hw, hh = width / scale / 2, height / scale / 2
            cx = min(max(cx, home[0] - hw * 0.7), home[0] + hw * 0.7)
            cy = min(max(cy, home[1] - hh * 0.7), home[1] + hh * 0.7)
    hw, hh = width / scale / 2, height / scale / 2
    return cx - hw, cx + hw, cy - hh, cy + hh


def keep_inside(bounds: Bounds, outer: Bounds) -> Bounds:
    """``bounds`` moved (not resized), each axis on its own, to lie inside ``outer`` where they fit in it, else
    centred on it: a framed picture shows no empty page beyond the whole picture's edges."""
    out = []
    for lo, hi, olo, ohi in ((bounds[0], bounds[1], outer[0], outer[1]), (bounds[2], bounds[3], outer[2], outer[3])):
        size = hi - lo
        if size >= ohi - olo:
            lo = (olo + ohi - size) / 2
        else:
            lo = min(max(lo, olo), ohi - size)
        out += [lo, lo + size]
    return out[0], out[1], out[2], out[3]


def bring_in(bounds: Bounds, inner: Bounds) -> Bounds:
    """``bounds`` moved (not resized), each axis on its own, as little as holds ``inner`` inside them where it fits,
    else centred on it: what a framed picture is about stays wholly in view."""
    out = []
    for lo, hi, ilo, ihi in ((bounds[0], bounds[1], inner[0], inner[1]), (bounds[2], bounds[3], inner[2], inner[3])):
        size = hi - lo
        if size <= ihi - ilo:
            lo = (ilo + ihi - size) / 2
        else:
            lo = max(min(lo, ilo), ihi - size)
        out += [lo, lo + size]
    return out[0], out[1], out[2], out[3]
