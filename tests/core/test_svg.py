"""racebook.core.svg: the SVG primitives both games' pictures are built from."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from racebook.core import svg
from racebook.core.geometry import PlacedLabel


def _label(displaced: bool) -> PlacedLabel:
    return PlacedLabel("k", "A&B", 100.0, 50.0, 12.0, (80.0, 40.0, 120.0, 60.0), (90.0, 70.0), displaced)


def test_every_text_is_escaped_and_the_document_is_well_formed() -> None:
    parts = svg.document(200, 100, 'a <b> "c"')
    parts += svg.finish_line((1.0, 2.0), (3.0, 4.0))
    parts.append(svg.text(10, 10, "x<y", 12))
    parts.append(svg.label(_label(True), backing=True))
    leg = svg.Legend(100, 34, gap=18)
    leg.swatch(26, "#fff", "#000", 1.5)
    leg.word("one & two", 32)
    doc = svg.close(parts, leg.svg())
    root = ET.fromstring(doc)  # well-formed
    assert root.find("{http://www.w3.org/2000/svg}title").text == 'a <b> "c"'  # type: ignore[union-attr]
    assert "x&lt;y" in doc and "one &amp; two" in doc and "A&amp;B" in doc


def test_a_displaced_label_gets_a_leader_line_and_optionally_a_box() -> None:
    plain, boxed = svg.label(_label(True)), svg.label(_label(True), backing=True)
    assert plain.startswith("<line") and "<rect" not in plain
    assert '<rect x="80.0" y="40.0" width="40.0" height="20.0" fill="white"' in boxed
    assert svg.label(_label(False)).startswith("<text") and svg.label(None) == ""


def test_font_format_and_fit() -> None:
    assert 'font-size="12.5"' in svg.text(0, 0, "ab", 12.5) and 'font-size="12.0"' in svg.text(0, 0, "ab", 12,
                                                                                                   font_format=".1f")
    assert "textLength" in svg.text(0, 0, "ab", 12) and "textLength" not in svg.text(0, 0, "ab", 12, fit=False)
    assert "textLength" not in svg.text(0, 0, "a", 12)  # one letter is never stretched


def test_legend_words_advance_the_pen() -> None:
    leg = svg.Legend(100, 34, gap=16)
    leg.word("abcd")
    assert leg.x == 12 + 4 * 15 * 0.56 + 16 and leg.y == 83
    assert leg.svg().startswith('<g class="legend"><text x="12" y="88"')


def test_ink_on() -> None:
    assert svg.ink_on("#111", {"#111"}) == "white" and svg.ink_on("#eee", {"#111"}) == "black"
