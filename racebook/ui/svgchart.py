"""Charts as SVG, standard library only: what a bqplot chart shows, for a browser without bqplot (issue 34 item 4).

In the no-install site offline (Pyodide without numpy, so without bqplot) a widget draws its chart with
:func:`chart` into an ipywidgets ``HTML`` widget instead of a bqplot ``Figure``: the same bars and lines, axes with
their ticks and labels, a title and a legend — not interactive (no tooltip, no pan). Where bqplot imports the
widgets keep their bqplot figures (:func:`racebook.ui.backend.has_bqplot` decides, in each widget)::

    from racebook.ui.svgchart import Axis, Bars, chart
    svg = chart(Axis(0, 100, [1, 50, 99], "Target Check"), Axis(0, 1, [0, 0.5, 1], "P(pass)", "{:.0%}"),
                bars=[Bars([1, 2, 3], [0.1, 0.5, 0.9], ["#2ca02c"])], title="P(pass)")

Every text is escaped (:func:`racebook.core.svg.e`); numbers are written with one decimal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from racebook.core.svg import FONT_FAMILY, e

#: The CSS class of a chart's HTML widget (a page or a test finds every SVG chart with one selector).
SVG_CHART_CLASS = "rb-svgchart"


@dataclass(frozen=True, slots=True)
class Axis:
    """A linear axis from ``lo`` to ``hi``; ``ticks`` where to mark it, each written with ``fmt`` (a format
    string such as ``"{:.0%}"`` or a function: ``names.__getitem__`` for categories at 0, 1, 2, …); ``reverse``:
    ``hi`` at the bottom (a y axis) or on the left (an x axis), as bqplot's ``LinearScale(reverse=True)``."""

    lo: float
    hi: float
    ticks: Sequence[float] = ()
    label: str = ""
    fmt: str | Callable[[Any], str] = "{:g}"
    reverse: bool = False

    def __post_init__(self) -> None:
        if not self.hi > self.lo:
            raise ValueError(f"Axis: hi ({self.hi}) must be above lo ({self.lo})")

    def text(self, value: float) -> str:
        return self.fmt(value) if callable(self.fmt) else self.fmt.format(value)


@dataclass(frozen=True, slots=True)
class Bars:
    """Vertical bars centred on ``xs``, ``ys`` high, from 0 (or from ``base``, one per bar: stacked bars are
    several Bars, each on the last one's tops); ``colours`` one per bar (or one for all); ``width`` in x units;
    ``labels`` (optional) written above the bars in ``label_colour``."""

    xs: Sequence[float]
    ys: Sequence[float]
    colours: Sequence[str] = ("#1f77b4",)
    width: float = 0.85
    labels: Sequence[str] = ()
    name: str = ""
    base: Sequence[float] = ()
    label_colour: str = "#222"
    stroke: str = "white"

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys) or not self.colours or len(self.colours) not in (1, len(self.xs)):
            raise ValueError(f"Bars: {len(self.xs)} x, {len(self.ys)} y and {len(self.colours)} colours")
        if self.base and len(self.base) != len(self.xs):
            raise ValueError(f"Bars: {len(self.base)} bases for {len(self.xs)} bars")
        if self.labels and len(self.labels) != len(self.xs):
            raise ValueError(f"Bars: {len(self.labels)} labels for {len(self.xs)} bars")

    def colour(self, i: int) -> str:
        return self.colours[i if len(self.colours) > 1 else 0]


@dataclass(frozen=True, slots=True)
class Line:
    """A polyline through (``xs``, ``ys``); ``name`` goes in the legend; ``dashed``; ``markers`` draws dots."""

    xs: Sequence[float]
    ys: Sequence[float]
    colour: str = "#1f77b4"
    name: str = ""
    dashed: bool = False
    markers: bool = False
    width: float = 2.5

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys):
            raise ValueError(f"Line: {len(self.xs)} x for {len(self.ys)} y")


@dataclass(frozen=True, slots=True)
class Points:
    """Markers at (``xs``, ``ys``), as a bqplot ``Scatter``: ``shape`` ``"circle"`` or ``"triangle"`` (pointing
    up), ``size`` their radius in pixels, ``colours`` one per point (or one for all), a dark outline; ``labels``
    (optional) written beside them, right of the marker; ``name`` goes in the legend."""

    xs: Sequence[float]
    ys: Sequence[float]
    colours: Sequence[str] = ("#1f77b4",)
    shape: str = "circle"
    size: float = 6.0
    labels: Sequence[str] = ()
    name: str = ""

    def __post_init__(self) -> None:
        if len(self.xs) != len(self.ys) or not self.colours or len(self.colours) not in (1, len(self.xs)):
            raise ValueError(f"Points: {len(self.xs)} x, {len(self.ys)} y and {len(self.colours)} colours")
        if self.labels and len(self.labels) != len(self.xs):
            raise ValueError(f"Points: {len(self.labels)} labels for {len(self.xs)} points")
        if self.shape not in ("circle", "triangle"):
            raise ValueError(f"Points: shape {self.shape!r} is not 'circle' or 'triangle'")

    def colour(self, i: int) -> str:
        return self.colours[i if len(self.colours) > 1 else 0]


@dataclass(frozen=True, slots=True)
class Margins:
    """Pixels between the picture's edges and the plot (room for the title, the ticks and the axis labels)."""

    top: int = 44
    bottom: int = 56
    left: int = 72
    right: int = 20


def _n(v: float) -> str:
    return f"{v:.1f}"


def chart(x: Axis, y: Axis, *, bars: Sequence[Bars] = (), lines: Sequence[Line] = (), title: str = "",
          width: int = 980, height: int = 330, margins: Margins = Margins(), title_size: int = 18,
          tick_size: int = 14, points: Sequence[Points] = ()) -> str:
    """One ``<svg>``: the ``bars``, ``lines`` and ``points`` on the axes ``x`` and ``y`` (clipped to them), dashed
    horizontal grid lines at ``y``'s ticks, the title on top and a legend of the named lines, bars and points between
    the two. An x tick label wider than its share of the axis is broken at its first space onto two lines."""
    m = margins
    pw, ph = width - m.left - m.right, height - m.top - m.bottom
    if pw <= 0 or ph <= 0:
        raise ValueError(f"chart: {width}×{height} px leaves no room inside the margins")

    def px(v: float) -> float:
        share = (v - x.lo) / (x.hi - x.lo)
        return m.left + (1 - share if x.reverse else share) * pw

    def py(v: float) -> float:
        share = (min(max(v, y.lo), y.hi) - y.lo) / (y.hi - y.lo)
        return m.top + ph - (1 - share if y.reverse else share) * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}" role="img">',
           f"<title>{e(title or 'chart')}</title>", f'<rect width="{width}" height="{height}" fill="white"/>']
    for t in y.ticks:  # grid and y tick labels
        yy = py(t)
        out.append(f'<line x1="{m.left}" y1="{_n(yy)}" x2="{m.left + pw}" y2="{_n(yy)}" stroke="#ccc" '
                   f'stroke-dasharray="4 3"/>')
        out.append(f'<text x="{m.left - 6}" y="{_n(yy + 5)}" font-size="{tick_size}" text-anchor="end" '
                   f'fill="#333">{e(y.text(t))}</text>')
    for b in bars:
        half = b.width / 2
        for i, (bx, by) in enumerate(zip(b.xs, b.ys, strict=True)):
            foot = b.base[i] if b.base else 0.0
            zero, by = py(max(y.lo, min(foot, y.hi))), by + foot
            if bx + half < x.lo or bx - half > x.hi:  # outside the axis: not drawn (as a clipped bqplot bar)
                continue
            x0, x1 = sorted((px(max(bx - half, x.lo)), px(min(bx + half, x.hi))))
            top = py(by)
            out.append(f'<rect x="{_n(x0)}" y="{_n(min(top, zero))}" width="{_n(max(x1 - x0, 0.5))}" '
                       f'height="{_n(abs(zero - top))}" fill="{e(b.colour(i))}" stroke="{e(b.stroke)}" '
                       f'stroke-width="0.5">'
                       f"<title>{e(x.text(bx))}: {e(y.text(by - foot))}</title></rect>")
            if b.labels:
                out.append(f'<text x="{_n((x0 + x1) / 2)}" y="{_n(min(top, zero) - 4)}" font-size="13" '
                           f'text-anchor="middle" fill="{e(b.label_colour)}" font-weight="bold">'
                           f"{e(b.labels[i])}</text>")
    for ln in lines:
        inside = [(px(a), py(b)) for a, b in zip(ln.xs, ln.ys, strict=True) if x.lo <= a <= x.hi]
        if not inside:
            continue
        dash = ' stroke-dasharray="7 4"' if ln.dashed else ""
        pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in inside)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{e(ln.colour)}" '
                   f'stroke-width="{ln.width:g}"{dash}/>')
        if ln.markers:
            out += [f'<circle cx="{_n(a)}" cy="{_n(b)}" r="3.5" fill="{e(ln.colour)}"/>' for a, b in inside]
    for pt in points:
        r = pt.size
        for i, (u, v) in enumerate(zip(pt.xs, pt.ys, strict=True)):
            if not (x.lo <= u <= x.hi and y.lo <= v <= y.hi):
                continue
            cx, cy = px(u), py(v)
            tip = f"<title>{e(x.text(u))}: {e(y.text(v))}</title>"
            if pt.shape == "circle":
                out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{r:g}" fill="{e(pt.colour(i))}" stroke="#222" '
                           f'stroke-width="1">{tip}</circle>')
            else:
                corners = f"{_n(cx)},{_n(cy - r)} {_n(cx + r)},{_n(cy + r * 0.8)} {_n(cx - r)},{_n(cy + r * 0.8)}"
                out.append(f'<polygon points="{corners}" fill="{e(pt.colour(i))}" stroke="#222" '
                           f'stroke-width="1">{tip}</polygon>')
            if pt.labels:
                out.append(f'<text x="{_n(cx + r + 6)}" y="{_n(cy + 6)}" font-size="{tick_size + 3}" '
                           f'font-weight="bold" fill="#222">{e(pt.labels[i])}</text>')
    # the axes: the x axis at the bottom with its ticks, the y axis on the left
    base = m.top + ph
    out.append(f'<line x1="{m.left}" y1="{base}" x2="{m.left + pw}" y2="{base}" stroke="#333"/>')
    out.append(f'<line x1="{m.left}" y1="{m.top}" x2="{m.left}" y2="{base}" stroke="#333"/>')
    slot = pw / max(len(x.ticks), 1)
    for t in x.ticks:
        xx = px(t)
        words = x.text(t)
        out.append(f'<line x1="{_n(xx)}" y1="{base}" x2="{_n(xx)}" y2="{base + 5}" stroke="#333"/>')
        if len(words) * tick_size * 0.6 > slot and " " in words:
            first, rest = words.split(" ", 1)
            words_svg = (f'<tspan x="{_n(xx)}">{e(first)}</tspan>'
                         f'<tspan x="{_n(xx)}" dy="{tick_size + 1}">{e(rest)}</tspan>')
        else:
            words_svg = e(words)
        out.append(f'<text x="{_n(xx)}" y="{base + 6 + tick_size}" font-size="{tick_size}" text-anchor="middle" '
                   f'fill="#333">{words_svg}</text>')
    if x.label:
        out.append(f'<text x="{_n(m.left + pw / 2)}" y="{height - 8}" font-size="15" text-anchor="middle" '
                   f'fill="#222">{e(x.label)}</text>')
    if y.label:
        cy = m.top + ph / 2
        out.append(f'<text x="16" y="{_n(cy)}" font-size="15" text-anchor="middle" fill="#222" '
                   f'transform="rotate(-90 16 {_n(cy)})">{e(y.label)}</text>')
    if title:
        out.append(f'<text x="{_n(width / 2)}" y="{6 + title_size}" font-size="{title_size}" text-anchor="middle" '
                   f'font-weight="bold" fill="#222">{e(title)}</text>')
    named = ([(ln.name, ln.colour) for ln in lines if ln.name] + [(b.name, b.colour(0)) for b in bars if b.name]
             + [(pt.name, pt.colour(0)) for pt in points if pt.name])
    lx = m.left + 10
    for name, colour in named:  # the legend, in the top margin just above the plot (never over a bar or line)
        out.append(f'<rect x="{lx}" y="{m.top - 14}" width="14" height="10" fill="{e(colour)}" stroke="#444" '
                   f'stroke-width="0.5"/><text x="{lx + 18}" y="{m.top - 4}" font-size="13" fill="#222">'
                   f"{e(name)}</text>")
        lx += 30 + int(len(name) * 7.5)
    out.append("</svg>")
    return "\n".join(out)
