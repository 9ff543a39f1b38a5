"""The fuel planner's two pictures as SVG, standard library only: where bqplot is missing (the offline browser, issue 34
item 4), :mod:`racebook.rf90.ui.planner` draws the Turn Indicator and the fuel chart with these instead of bqplot
figures — the same spaces, colours, outlines and notes; not interactive.

:func:`indicator_svg` draws an :class:`IndicatorPicture` (what :class:`racebook.rf90.ui.planner.TurnIndicatorChart`
marks: one row per Race Stage, §10; stints, pit turns, the wrapped chit, *pane seca*, the finish, §8);
:func:`fuel_svg` the fuel left turn by turn with :mod:`racebook.ui.svgchart`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from racebook.core.svg import FONT_FAMILY, e
from racebook.ui import svgchart

PIT_COLOUR = "#d62728"
CHIT_COLOUR = "#6a1b9a"
DRY_COLOUR = "#7a0000"
CELL_W, CELL_H = 0.92, 0.84  # a space's size in the chart's units (1 = one column / one row)
PAD = 6  # pixels around the picture (the bqplot figure's margins)


@dataclass(frozen=True)
class IndicatorPicture:
    """A Turn Indicator and its marks, in the chart's units: each space's top-left corner ``cells`` {turn: (x, y)}
    (column x, row -y), ``extent`` (x min, x max, y min, y max) and the picture's size in pixels."""

    width: int
    height: int
    extent: tuple[float, float, float, float]
    cells: Mapping[int, tuple[float, float]]
    laps: Mapping[int, str]  # the laps each space covers, as printed ("2-3")
    stage_starts: Sequence[int]  # the first turn of each Race Stage
    last: int
    fills: Mapping[int, str] = field(default_factory=dict)
    outlined: Sequence[int] = ()  # pit turns (or spaces holding chits), in ``outline_colour``
    outline_colour: str = PIT_COLOUR
    wrap: Sequence[int] = ()  # the final chit's space past the race end (dashed)
    dry: Sequence[int] = ()  # where the fuel ran out
    notes1: Mapping[int, str] = field(default_factory=dict)  # first note line, in ``outline_colour``
    notes2: Mapping[int, str] = field(default_factory=dict)  # second note line, in CHIT_COLOUR


def indicator_svg(p: IndicatorPicture) -> str:
    """The Turn Indicator as one ``<svg>``: white (or stint-coloured) spaces with their turn and laps, a black bar
    naming each Race Stage, the last turn boxed in black, then the pit (or chit), wrap and *pane seca* outlines and
    the notes."""
    x0, x1, y0, y1 = p.extent
    sx, sy = (p.width - 2 * PAD) / (x1 - x0), (p.height - 2 * PAD) / (y1 - y0)

    def X(u: float) -> str:
        return f"{PAD + (u - x0) * sx:.1f}"

    def Y(v: float) -> str:
        return f"{PAD + (y1 - v) * sy:.1f}"

    def box(turn: int, inset: float, stroke: str, width: float, extra: str = "", fill: str = "none") -> str:
        x, y = p.cells[turn]
        return (f'<rect x="{X(x + inset)}" y="{Y(y - inset)}" width="{(CELL_W - 2 * inset) * sx:.1f}" '
                f'height="{(CELL_H - 2 * inset) * sy:.1f}" fill="{e(fill)}" stroke="{e(stroke)}" '
                f'stroke-width="{width:g}"{extra}/>')

    def text(x: float, y: float, words: str, size: int, colour: str, anchor: str = "start", bold: bool = True,
             dx: int = 0) -> str:
        weight = ' font-weight="bold"' if bold else ""
        return (f'<text x="{float(X(x)) + dx:.1f}" y="{Y(y)}" font-size="{size}" text-anchor="{anchor}" '
                f'dominant-baseline="middle" fill="{e(colour)}"{weight}>{e(words)}</text>')

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{p.width}" height="{p.height}" '
           f'viewBox="0 0 {p.width} {p.height}" font-family="{FONT_FAMILY}" role="img">',
           "<title>Turn Indicator</title>", f'<rect width="{p.width}" height="{p.height}" fill="white"/>']
    out += [box(t, 0.0, "#555", 2, fill=p.fills.get(t, "white")) for t in p.cells]
    for t in p.stage_starts:
        x, y = p.cells[t]
        out.append(f'<rect x="{X(x)}" y="{Y(y)}" width="{CELL_W * sx:.1f}" height="{0.19 * sy:.1f}" fill="black"/>')
    out += [box(t, 0.025, DRY_COLOUR, 6) for t in p.dry]
    out.append(box(p.last, 0.0, "black", 7))
    out += [box(t, 0.05, CHIT_COLOUR, 4, ' stroke-dasharray="10 6"') for t in p.wrap]
    out += [box(t, 0.025, p.outline_colour, 6) for t in p.outlined]
    for i, t in enumerate(p.stage_starts, 1):
        x, y = p.cells[t]
        out.append(text(x, y - 0.095, f"STAGE {i}", 13, "white", dx=8))
    for t, (x, y) in p.cells.items():
        out.append(text(x, y - 0.40, str(t), 26, "#222", dx=13))
        out.append(text(x + CELL_W, y - 0.33, f"laps {p.laps[t]}", 12, "#666", "end", bold=False, dx=-13))
    for notes, dy, size, colour in ((p.notes1, 0.56, 16, p.outline_colour), (p.notes2, 0.72, 15, CHIT_COLOUR)):
        for t, words in notes.items():
            if words:
                x, y = p.cells[t]
                out.append(text(x + CELL_W / 2, y - dy, words, size, colour, "middle"))
    out.append("</svg>")
    return "\n".join(out)


def fuel_svg(profile: Sequence[tuple[int, int]], stops: Sequence[tuple[int, int]], last_turn: int, tank: int, *,
             width: int = 940, height: int = 280) -> str:
    """The fuel chart: the turns of fuel left at each Game Turn (``profile``: (turn, fuel) pairs), a red triangle
    at each pit stop (``stops``: (turn, fuel after)), the tank (dashed) and 0, where the chit is due (§8)."""
    span = [0.5, last_turn + 0.5]
    x = svgchart.Axis(0.5, last_turn + 0.5, list(range(1, last_turn + 1)), "Game Turn")
    y = svgchart.Axis(-1.0, tank + 2.0, [0, 4, 8, 12, 16], "turns of fuel")
    lines = [svgchart.Line(span, [tank, tank], "#888", f"tank {tank}", dashed=True, width=2),
             svgchart.Line(span, [0, 0], DRY_COLOUR, "0 = chit due: pit now", width=2),
             svgchart.Line([t for t, _ in profile], [f for _, f in profile], "#1f5fbf", "fuel left", markers=True,
                           width=4)]
    pits = svgchart.Points([t for t, _ in stops], [f for _, f in stops], [PIT_COLOUR], "triangle", 9,
                           name="pit stop (fuel after it)")
    return svgchart.chart(x, y, lines=lines, points=[pits], title="Fuel in the tank", width=width, height=height,
                          margins=svgchart.Margins(62, 50, 60, 15), title_size=17, tick_size=13)
