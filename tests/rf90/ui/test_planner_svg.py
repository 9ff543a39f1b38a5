"""Notebook 07 offline (issue 34 item 4): the fuel planner without bqplot and pandas draws its Turn Indicator and its
fuel chart as SVG (racebook.rf90.ui.plannersvg) and its comparison as an HTML table, from the planner's own numbers."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("ipywidgets")

from racebook.rf90.analysis import planner  # noqa: E402
from racebook.rf90.ui import plannersvg  # noqa: E402
from racebook.ui.backend import HtmlTable  # noqa: E402
from racebook.ui.svgchart import SVG_CHART_CLASS  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)
    monkeypatch.setitem(sys.modules, "pandas", None)


def _texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _boxes(svg: str, stroke: str) -> list[ET.Element]:
    return [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("stroke") == stroke]


@pytest.mark.usefixtures("offline")
def test_the_planner_draws_the_plan_as_svg() -> None:
    from racebook.rf90.ui.planner import FuelPlanner

    w = FuelPlanner("silverstone", 8, (0, 0))
    assert w.chart.marks == [] and w.fuel.marks == []
    assert SVG_CHART_CLASS in w.chart.figure._dom_classes and SVG_CHART_CLASS in w.fuel.figure._dom_classes
    plan = planner.plan("silverstone", 8, [0, 0])
    svg = w.chart.figure.value
    texts = _texts(svg)
    assert [str(t) for t in range(1, 25)] == [t for t in texts if t.isdigit()]  # every turn of the indicator
    assert texts.count("STAGE 1") == 1 and "STAGE 4" in texts and "STAGE 5" not in texts
    for s in plan.stops:
        assert f"PIT {s.number}: back {s.sections_lost}" in texts
    assert "FINISH" in texts and f"chit {plan.final_chit} ↺" in texts or f"chit → {plan.final_chit} ↺" in texts
    assert len(_boxes(svg, plannersvg.PIT_COLOUR)) == len(plan.stops) == 2
    assert len(_boxes(svg, plannersvg.CHIT_COLOUR)) == 1  # the wrapped chit's dashed box
    fills = {r.get("fill") for r in ET.fromstring(svg).iter(f"{SVG}rect")}
    assert {"#dbe9ff", "#dff3d6", "#ffe8cc"} <= fills  # three stints
    # the fuel chart: one marker per turn of the profile, one triangle per stop
    fuel = ET.fromstring(w.fuel.figure.value)
    assert w.fuel.profile == [(t, f) for t, f, *_ in plan.fuel_profile()]
    assert len(list(fuel.iter(f"{SVG}circle"))) == len(plan.fuel_profile()) == 24 + 2  # a stop: before, after
    assert len(list(fuel.iter(f"{SVG}polygon"))) == 2 and "fuel left" in _texts(w.fuel.figure.value)
    # the comparison: an HTML table with the planner's rows
    assert isinstance(w.comparison, HtmlTable)
    assert w.comparison.columns[0].startswith("best 1-stop: chit 16") and "sections lost" in w.comparison.index
    assert "<table" in w.compare_html.value and w.errors.text == ""


@pytest.mark.usefixtures("offline")
def test_an_impossible_plan_shows_where_the_fuel_runs_out() -> None:
    from racebook.rf90.ui.planner import FuelPlanner

    w = FuelPlanner("silverstone", 8, (0,))
    assert w.plan is None and w.error is not None and w.error.turn == 18
    svg = w.chart.figure.value
    assert {"OUT OF FUEL", "pane seca", "PIT 1: back 8"} <= set(_texts(svg))
    assert len(_boxes(svg, plannersvg.DRY_COLOUR)) == 1
    white_after = [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("stroke") == "#555"][18:]
    assert {r.get("fill") for r in white_after} == {"white"}  # eliminated on 18: no stint after it
    before = w.chart.figure.value
    w.w_stops.value = 2  # a click: the SVG is redrawn
    assert w.plan is not None and w.chart.figure.value != before and "OUT OF FUEL" not in _texts(w.chart.figure.value)
    w.set(track="teaching", chit=16, extras=[])
    assert w.chart.figure.layout.width == "636px" and _texts(w.chart.figure.value).count("STAGE 1") == 1


@pytest.mark.usefixtures("offline")
def test_the_chits_on_the_indicator() -> None:
    from racebook.rf90.ui.planner import TurnIndicatorChart

    c = TurnIndicatorChart("teaching")
    c.show_chits({"Blue": 8, "SuperFast1": 8, "Orange": 10})
    assert c.texts == {8: ["Blue", "SuperFast1"], 10: ["Orange"], 16: ["FINISH"]}
    texts = _texts(c.figure.value)
    assert {"Blue", "SuperFast1", "Orange", "FINISH"} <= set(texts)
    assert len(_boxes(c.figure.value, plannersvg.CHIT_COLOUR)) == 2


def test_the_indicator_svg_is_well_formed_and_inside_its_box() -> None:
    pic = plannersvg.IndicatorPicture(300, 160, (-0.04, 1.96, -0.96, 0.04), {1: (0.0, 0.0), 2: (1.0, 0.0)},
                                      {1: "1", 2: "2-3"}, [1], 2, notes1={2: "<&>"}, outlined=[2])
    root = ET.fromstring(plannersvg.indicator_svg(pic))
    for r in root.iter(f"{SVG}rect"):
        assert 0 <= float(r.get("x", "0")) <= 300 and 0 <= float(r.get("y", "0")) <= 160
    assert "<&>" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
