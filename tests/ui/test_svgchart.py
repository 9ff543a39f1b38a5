"""Issue 34 item 4: charts as SVG where bqplot is missing (racebook.ui.svgchart), and the widgets that use them."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.ui.svgchart import Axis, Bars, Line, chart

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def test_bars_are_drawn_to_scale_with_their_colours() -> None:
    svg = chart(Axis(0, 10, [0, 5, 10], "x"), Axis(0.0, 1.0, [0.0, 0.5, 1.0], "p", "{:.0%}"),
                bars=[Bars([2, 4], [0.5, 1.0], ["#aaa", "#bbb"], width=1)], width=400, height=200)
    root = _parse(svg)
    rects = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert [r.get("fill") for r in rects] == ["#aaa", "#bbb"]
    plot_h = 200 - 44 - 56
    assert [float(r.get("height", "0")) for r in rects] == [plot_h / 2, plot_h]
    assert [r.find(f"{SVG}title").text for r in rects] == ["2: 50%", "4: 100%"]  # type: ignore[union-attr]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"0%", "50%", "100%", "0", "5", "10", "x", "p"} <= set(texts)


def test_lines_have_a_legend_and_stay_inside_the_x_axis() -> None:
    svg = chart(Axis(1, 3, [1, 2, 3]), Axis(0, 1), lines=[Line([0, 1, 2, 3], [0.2, 0.4, 0.6, 5.0], "#123", "Ann",
                                                              dashed=True, markers=True)], title="odds <&>")
    root = _parse(svg)
    line = next(root.iter(f"{SVG}polyline"))
    assert len(line.get("points", "").split()) == 3 and line.get("stroke-dasharray")  # x=0 is outside the axis
    ys = [float(p.split(",")[1]) for p in line.get("points", "").split()]
    assert min(ys) == 44  # 5.0 is clipped to the top of the plot
    assert len(list(root.iter(f"{SVG}circle"))) == 3
    assert "Ann" in [t.text for t in root.iter(f"{SVG}text")] and "odds &lt;&amp;&gt;" in svg


def test_categorical_axis_names_its_ticks() -> None:
    names = ["no LB", "LB 1", "LB 2"]
    svg = chart(Axis(-0.5, 2.5, [0, 1, 2], fmt=names.__getitem__), Axis(0, 1), bars=[Bars([0, 1, 2], [1, 1, 1])])
    assert [t for t in names if f">{t}<" in svg] == names


def test_bad_charts_are_refused() -> None:
    with pytest.raises(ValueError, match="hi"):
        Axis(1, 1)
    with pytest.raises(ValueError, match="colours"):
        Bars([1, 2], [1, 2], ["a", "b", "c"])
    with pytest.raises(ValueError, match="labels"):
        Bars([1], [1], labels=["a", "b"])
    with pytest.raises(ValueError, match="Line"):
        Line([1], [1, 2])
    with pytest.raises(ValueError, match="room"):
        chart(Axis(0, 1), Axis(0, 1), width=50, height=50)


@given(st.lists(st.tuples(st.floats(-5, 15), st.floats(-2, 3)), max_size=20),
       st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=8))  # XML has no control characters
@settings(max_examples=60, deadline=None)
def test_any_chart_is_well_formed_and_inside_its_box(points: list[tuple[float, float]], label: str) -> None:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    svg = chart(Axis(0, 10, [0, 10], label), Axis(0, 1, [0, 1], label), bars=[Bars(xs, ys, labels=[label] * len(xs))],
                lines=[Line(xs, ys, name=label)], title=label, width=500, height=250)
    root = _parse(svg)
    for r in root.iter(f"{SVG}rect"):
        assert 0 <= float(r.get("x", "0")) <= 500 and 0 <= float(r.get("y", "0")) <= 250
    for pl in root.iter(f"{SVG}polyline"):
        for x, y in (map(float, p.split(",")) for p in pl.get("points", "").split()):
            assert 72 <= x <= 480 and 44 <= y <= 250 - 56


def test_check_calculator_without_bqplot_draws_the_bars_as_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook 02 offline: the test calculator's 99 bars, the current Target Check's in blue, follow the controls."""
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui import checks

    monkeypatch.setitem(sys.modules, "bqplot", None)
    calc = checks.TestCalculator()
    calc.set(target_check=56, printed=-10, weather="rain")
    svg = calc.fig.value
    root = _parse(svg)
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 99 and [r.get("fill") for r in bars].count(checks.NOW) == 1
    assert bars[55].get("fill") == checks.NOW and "TC (56): 26.5%" in svg
    assert re.search(r"<title>56: 2[67]%</title>", svg)
    calc.set(target_check=80)
    assert calc.fig.value != svg and bars[55].get("fill") == checks.NOW
    assert [r.get("fill") for r in _parse(calc.fig.value).iter(f"{SVG}rect")
            if r.find(f"{SVG}title") is not None][79] == checks.NOW


def test_check_tables_without_pandas_have_the_dataframe_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pandas")
    import racebook
    from racebook.rf90.ui import checks
    from racebook.ui.backend import HtmlTable

    race = racebook.load_scenario("ex24").race
    cases = {"plain": checks.TestSetup(), "rain": checks.TestSetup(60, -10, "rain", True)}
    frames = [checks.test_options(race, 3, next_blind=True), checks.modifier_table(cases)]
    monkeypatch.setitem(sys.modules, "pandas", None)
    tables = [checks.test_options(race, 3, next_blind=True), checks.modifier_table(cases)]
    for t, df in zip(tables, frames, strict=True):
        assert isinstance(t, HtmlTable) and t.columns == list(df.columns) and t.index == list(df.index)
        assert [[r[c] for c in t.columns] for r in t.rows] == df.values.tolist()


def test_stacked_bars_stand_on_their_base() -> None:
    svg = chart(Axis(-0.5, 0.5, [0]), Axis(0, 1), bars=[Bars([0], [0.25], ["#0a0"]), Bars([0], [0.5], ["#a00"],
                base=[0.25], labels=["25%"], label_colour="#0a0")], width=300, height=200)
    rects = [r for r in _parse(svg).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    (y0, h0), (y1, h1) = [(float(r.get("y", "0")), float(r.get("height", "0"))) for r in rects]
    assert y1 + h1 == y0 and h1 == 2 * h0  # the second bar starts where the first ends, twice as high
    assert rects[1].find(f"{SVG}title").text == "0: 0.5"  # type: ignore[union-attr]  # its own height, not the top
    assert 'fill="#0a0" font-weight="bold">25%</text>' in svg
    with pytest.raises(ValueError, match="bases"):
        Bars([0, 1], [1, 1], base=[0])


def test_points_and_a_reversed_axis() -> None:
    """Markers as bqplot's Scatter (circles, triangles, labels beside them, legend); ``reverse``: 1 at the top."""
    from racebook.ui.svgchart import Points

    svg = chart(Axis(-0.5, 1.5, [0, 1]), Axis(0.5, 6.5, [1, 6], "place", reverse=True),
                points=[Points([0, 1], [1, 6], ["#a00", "#0a0"], labels=["1.00", "6.00"], name="mean"),
                        Points([1], [9], shape="triangle")], width=300, height=200)
    root = _parse(svg)
    circles = list(root.iter(f"{SVG}circle"))
    assert [c.get("fill") for c in circles] == ["#a00", "#0a0"]
    assert float(circles[0].get("cy", "0")) < float(circles[1].get("cy", "0"))  # place 1 above place 6
    assert float(circles[0].get("cy", "0")) == pytest.approx(44 + (200 - 44 - 56) / 12, abs=0.05)
    assert list(root.iter(f"{SVG}polygon")) == []  # y = 9 is off the axis: not drawn
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"1.00", "6.00", "mean"} <= set(texts)
    with pytest.raises(ValueError, match="shape"):
        Points([1], [1], shape="star")
    with pytest.raises(ValueError, match="labels"):
        Points([1], [1], labels=["a", "b"])
    bars = chart(Axis(0, 2, [1], reverse=True), Axis(0, 1), bars=[Bars([0.5], [1.0], width=1)], width=300,
                 height=200)
    rect = next(r for r in _parse(bars).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None)
    assert float(rect.get("x", "0")) == pytest.approx(72 + 208 / 2) and float(rect.get("width", "0")) > 0
