"""Notebook 08 offline (issue 34 item 4): the weather table without bqplot is SVG (racebook.rf90.ui.weather.weather_svg)
— every space of the track's table in its condition's colour, the pawn on the space of the card drawn, moved by the
weather-card buttons."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("ipywidgets")

from racebook.rf90.trackfile import load_track  # noqa: E402
from racebook.rf90.ui.weather import FILL, WeatherTableView  # noqa: E402
from racebook.ui.svgchart import SVG_CHART_CLASS  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _pawn_space(svg: str, n: int) -> int:
    """Which of the ``n`` spaces the pawn's circle stands over."""
    root = ET.fromstring(svg)
    spaces = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(spaces) == n
    cx = float(next(root.iter(f"{SVG}circle")).get("cx", "0"))
    return next(i for i, r in enumerate(spaces)
                if float(r.get("x", "0")) <= cx <= float(r.get("x", "0")) + float(r.get("width", "0")))


def test_without_bqplot_the_weather_table_is_svg_and_the_pawn_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)
    v = WeatherTableView("silverstone", check=38)
    assert v.marks == [] and SVG_CHART_CLASS in v.fig._dom_classes
    spaces = load_track("silverstone").weather.spaces
    root = ET.fromstring(v.fig.value)
    rects = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert [r.get("fill") for r in rects] == [FILL[sp.condition] for sp in spaces]
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert [sp.label() for sp in spaces] == texts[0:2 * len(spaces):2]
    assert {"◀ dry side", "rain side ▶", "pawn", "card (38) → this space"} <= set(texts)
    assert v.space == 5 and _pawn_space(v.fig.value, len(spaces)) == 5  # 45-36 (Ex. 9)
    v.left.click()
    v.left.click()
    assert v.space == 3 and _pawn_space(v.fig.value, len(spaces)) == 3
    assert "moved by a weather card" in v.fig.value and v.errors.errors == []
    v.set(track="teaching", check=99)
    teaching = load_track("teaching").weather.spaces
    assert _pawn_space(v.fig.value, len(teaching)) == v.space
    assert f">{teaching[v.space].label()}<" in v.fig.value and "card (99) → this space" in v.fig.value
