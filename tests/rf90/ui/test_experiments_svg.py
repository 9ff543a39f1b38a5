"""Notebook 13 offline (issue 34 item 4): the experiment panel without bqplot and pandas draws its two charts as SVG
(racebook.ui.svgchart) and its tables as HTML, from the engine's statistics; ▶ Run and Stop work as with bqplot."""

from __future__ import annotations

import asyncio
import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("ipywidgets")

from racebook.rf90.analysis import experiments as X  # noqa: E402
from racebook.ui.backend import HtmlTable  # noqa: E402
from racebook.ui.svgchart import SVG_CHART_CLASS  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
EXP = X.refuel((8, 16), track="teaching", seed=3)


def _hide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)
    monkeypatch.setitem(sys.modules, "pandas", None)


def _bars(svg: str) -> list[ET.Element]:
    return [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]


def test_without_bqplot_the_charts_are_svg_and_follow_the_races(monkeypatch: pytest.MonkeyPatch) -> None:
    from racebook.rf90.ui.experiments import ExperimentPanel

    pd = pytest.importorskip("pandas")
    with_pandas = ExperimentPanel(EXP, races=3, extra=("pit stops",))  # the same races, tables as DataFrames
    with_pandas.run(3)
    frames = [with_pandas.table(), with_pandas.pits(), with_pandas.endings(), with_pandas.retirements()]
    assert all(isinstance(f, pd.DataFrame) for f in frames)
    _hide(monkeypatch)
    panel = ExperimentPanel(EXP, races=3, extra=("pit stops",))
    assert panel.svg and {SVG_CHART_CLASS} <= set(panel.fig_mean._dom_classes) & set(panel.fig_dist._dom_classes)
    assert ET.fromstring(panel.fig_mean.value).find(f".//{SVG}circle") is None  # no race yet: no mean
    panel.button.click()  # ▶ Run (no event loop: played at once)
    assert panel.progress.value == panel.progress.max == 6 and panel.errors.errors == []
    # the tables: the same cells as the DataFrames
    tables = [panel.table(), panel.pits(), panel.endings(), panel.retirements()]
    for t, df in zip(tables, frames, strict=True):
        assert isinstance(t, HtmlTable) and t.columns == list(df.columns) and t.index == list(df.index)
        assert [[r[c] for c in t.columns] for r in t.rows] == df.values.tolist()
    assert "<table" in panel.table_html.value and "chit 16" in panel.table_html.value
    # the mean chart: one circle per choice at its mean, 1 (the winner) at the top, labelled with the mean
    stats = {s.arm: s for s in X.stats(panel.results)}
    mean_svg = ET.fromstring(panel.fig_mean.value)
    circles = list(mean_svg.iter(f"{SVG}circle"))
    assert [c.find(f"{SVG}title").text for c in circles] == [  # type: ignore[union-attr]
        f"{a}: {stats[a].mean_position:g}" for a in EXP.labels]
    texts = ["".join(t.itertext()) for t in mean_svg.iter(f"{SVG}text")]
    assert all(f"{stats[a].mean_position:.2f}" in texts for a in EXP.labels) and "chit 8" in texts
    top, bottom = (float(next(t for t in mean_svg.iter(f"{SVG}text") if t.text == str(p)).get("y", "0"))
                   for p in (1, panel.cars))
    assert top < bottom  # reversed: 1st above last
    assert len(list(mean_svg.iter(f"{SVG}polyline"))) == 3 * len(EXP.labels)  # each interval: a bar and two caps
    # the distribution: one bar per choice and place, as high as the engine's share
    bars = _bars(panel.fig_dist.value)
    assert len(bars) == len(EXP.labels) * panel.cars
    plot_h = 380 - 50 - 50
    shares = [s for a in EXP.labels for s in X.position_distribution(panel.results[a], panel.cars)]
    assert [float(b.get("height", "0")) for b in bars] == pytest.approx([s * plot_h for s in shares], abs=0.06)
    assert [b.get("fill") for b in bars] == [panel.colours[a] for a in EXP.labels for _ in range(panel.cars)]
    assert {"chit 8", "chit 16", "1st"} <= {"".join(t.itertext()) for t in ET.fromstring(panel.fig_dist.value)
                                           .iter(f"{SVG}text")}


def test_without_bqplot_run_and_stop_in_the_background_redraw_the_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    from racebook.rf90.ui.experiments import ExperimentPanel

    _hide(monkeypatch)

    async def scenario() -> None:
        panel = ExperimentPanel(EXP, races=50)
        empty = panel.fig_dist.value
        panel.button.click()
        assert panel.background.running and panel.button.disabled
        while panel.progress.value < 3:
            await asyncio.sleep(0)
        panel.background.stop_button.click()
        while panel.background.running:
            await asyncio.sleep(0)
        assert "stopped after" in panel.status.value and not panel.errors.errors
        assert panel.fig_dist.value != empty and ET.fromstring(panel.fig_mean.value).find(f".//{SVG}circle") \
            is not None  # the races done are drawn
        assert sum(len(v) for v in panel.results.values()) == panel.progress.value * panel.exp.players

    asyncio.run(scenario())
