"""SVG primitives every game's picture is built from (string building, standard library only).

RF90's track (:mod:`racebook.rf90.tracksvg`) and Automobiles' board (:mod:`racebook.automobiles.boardsvg`) draw a
position as one ``<svg>`` element: :func:`document` opens it (title, white background), :func:`finish_line` draws the
chequered line, :func:`text` and :func:`label` write centred text (a label placed by
:func:`racebook.core.geometry.place_labels`, with a leader line when it was displaced), :class:`Legend` lays out the
legend strip word by word, and :func:`close` ends the document. Every text goes through :func:`e` (escaped), every
point list through :func:`pts` (one decimal). :func:`ink_on` picks white or black text for a fill. A game keeps only
what it draws; the games' pictures stay byte for byte what they were before these were shared.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from racebook.core.geometry import CHAR_EM, PlacedLabel, Point

FONT_FAMILY = "DejaVu Sans, Arial, Helvetica, sans-serif"


def e(text: object) -> str:
    """``text`` escaped for SVG text and attribute values (quotes included)."""
    return html.escape(str(text), quote=True)


def pts(points: Iterable[Point]) -> str:
    """A ``points`` attribute: ``x,y`` pairs with one decimal."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def text(x: float, y: float, words: str, font: float, colour: str = "#222", weight: str = "bold",
         fit: bool = True, font_format: str = "g") -> str:
    """Centred text at (x, y); ``fit``: stretched to the width the label placer reserved for it (``CHAR_EM`` per
    character); ``font_format``: how the font size is written (``"g"``, or ``".1f"`` for one decimal)."""
    width = len(words) * font * CHAR_EM
    fit_attr = f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs"' if fit and len(words) > 1 else ""
    return (f'<text x="{x:.1f}" y="{y + font * 0.35:.1f}" font-size="{font:{font_format}}" font-weight="{weight}" '
            f'fill="{colour}" text-anchor="middle"{fit_attr}>{e(words)}</text>')


def label(p: PlacedLabel | None, colour: str = "#222", *, backing: bool = False, font_format: str = "g") -> str:
    """A placed label (nothing for None); a displaced one gets a thin leader line to what it names and, with
    ``backing``, a white box behind it."""
    if p is None:
        return ""
    out = ""
    if p.displaced:
        out += (f'<line x1="{p.x:.1f}" y1="{p.y:.1f}" x2="{p.anchor[0]:.1f}" y2="{p.anchor[1]:.1f}" '
                f'stroke="{colour}" stroke-width="1" opacity="0.6"/>')
        if backing:
            out += (f'<rect x="{p.box[0]:.1f}" y="{p.box[1]:.1f}" width="{p.box[2] - p.box[0]:.1f}" '
                    f'height="{p.box[3] - p.box[1]:.1f}" fill="white" opacity="0.85"/>')
    return out + text(p.x, p.y, p.text, p.font, colour, font_format=font_format)


def document(width: int, height: int, title: str) -> list[str]:
    """The opening of a picture: the ``<svg>`` tag, its ``<title>`` and a white background."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}">',
            f'<title>{e(title)}</title>', f'<rect width="{width}" height="{height}" fill="white"/>']


def close(parts: list[str], legend: str) -> str:
    """The picture's parts, the legend and the closing tag, one per line (empty parts left out)."""
    return "\n".join(s for s in [*parts, legend, "</svg>"] if s)


def finish_line(a: Point, b: Point) -> list[str]:
    """The finish line from ``a`` to ``b``: black, dashed white over it."""
    return [f'<line class="finish" x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
            f'stroke="{colour}" stroke-width="7"{dash}/>'
            for colour, dash in (("black", ""), ("white", ' stroke-dasharray="5 5"'))]


def ink_on(fill: str, dark: Iterable[str] | Sequence[str]) -> str:
    """White text on a fill in the game's set of ``dark`` colours, black on any other."""
    return "white" if fill in dark else "black"


class Legend:
    """The legend strip at the bottom of a picture (``height`` high, ``strip`` px tall), laid out left to right:
    swatches and words, each word advancing by its estimated width (15 px type, 0.56 em a character) and ``gap``."""

    FONT = 15

    def __init__(self, height: int, strip: float, gap: float) -> None:
        self.y = height - strip / 2
        self.x = 12.0
        self.gap = gap
        self.parts: list[str] = []

    def word(self, words: str, skip: float = 0) -> None:
        """``words`` at the pen (after ``skip`` px), then the pen moves past them."""
        self.x += skip
        self.parts.append(f'<text x="{self.x:.0f}" y="{self.y + 5:.0f}" font-size="{self.FONT}" fill="#333">'
                          f'{e(words)}</text>')
        self.x += len(words) * self.FONT * 0.56 + self.gap

    def swatch(self, width: float, fill: str, stroke: str, stroke_width: float, extra: str = "") -> None:
        """A 16 px high rectangle at the pen (the pen does not move: a :meth:`word` with ``skip`` follows)."""
        self.parts.append(f'<rect x="{self.x:.0f}" y="{self.y - 8:.0f}" width="{width:g}" height="16" fill="{fill}" '
                          f'stroke="{stroke}" stroke-width="{stroke_width:g}"{extra}/>')

    def add(self, svg: str) -> None:
        """Any other element (drawn where the caller says, e.g. at ``self.x``)."""
        self.parts.append(svg)

    def svg(self) -> str:
        return f'<g class="legend">{"".join(self.parts)}</g>'
