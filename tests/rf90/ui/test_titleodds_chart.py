"""The title-odds chart (racebook.rf90.ui.titleodds): built once, the lines follow the engine's odds."""

from __future__ import annotations

import pytest

pytest.importorskip("bqplot")

from racebook.rf90.championship import SeasonRun, load_season  # noqa: E402
from racebook.rf90.championship.titleodds import odds_by_race  # noqa: E402
from racebook.rf90.ui.titleodds import TitleOddsChart  # noqa: E402


def test_the_chart_draws_the_odds_and_keeps_its_marks() -> None:
    run = SeasonRun(load_season("mini"), 1).run(4)
    chart = TitleOddsChart(run)
    lines, figure = chart.lines, chart.figure
    odds = chart.run(samples=1, seed=0)
    assert odds == odds_by_race(run, samples=1, seed=0)
    assert chart.lines is lines and chart.figure is figure and figure.marks == [lines]
    assert list(chart.lines.x) == [0, 1, 2, 3, 4]
    champion = run.drivers()[0].name
    assert chart.lines.y[list(run.season.drivers).index(champion)][-1] == pytest.approx(1.0)
    assert chart.progress.value == chart.progress.max
    teams = TitleOddsChart(run, teams=True)
    teams.show(odds)
    assert len(teams.lines.y) == len(run.season.lineup) and teams.progress.layout.display == "none"


def test_the_sample_button_resamples_from_the_next_seed() -> None:
    run = SeasonRun(load_season("mini"), 1).run(2)
    chart = TitleOddsChart(run)
    chart.run(samples=4, seed=3)
    assert chart.seed_box.value == 4 and chart.samples_box.value == 4 and "seed 3" in chart.status.value
    chart.samples_box.value = 8
    chart.button.click()
    expected = odds_by_race(run, samples=8, seed=4)
    assert [list(y) for y in chart.lines.y] == [[o.driver(n) for o in expected] for n in chart.names]
    assert chart.seed_box.value == 5 and not chart.button.disabled and chart.errors.errors == []
    assert chart.progress.value == chart.progress.max == 8 * 3


def test_the_chart_shows_the_shipped_odds_at_once_and_samples_live_after() -> None:
    from racebook.rf90.championship.oddsfile import OddsFileError, load

    shipped = load("title_odds_mini")
    chart = TitleOddsChart(shipped.season_run())
    odds = chart.show_shipped(shipped)
    assert odds == shipped.odds() and list(chart.lines.x) == [0, 1, 2, 3, 4]
    assert [list(y) for y in chart.lines.y] == [[o.driver(n) for o in odds] for n in chart.names]
    assert chart.progress.layout.display == "none" and chart.progress.value == 0  # nothing was played
    for part in ("100 sampled seasons per point from seed 1", "title_odds_mini.json",
                 "up to 5 percentage points", "sample 12 seasons per point live from seed 2"):
        assert part in chart.status.value, part
    # issue 34 item 7: no command line in a learner's widget; the file's provenance keeps it for developers
    assert "tools/precompute.py" not in chart.status.value and "recompute" not in chart.status.value
    assert shipped.provenance() == f"{shipped.describe()}; recompute: python tools/precompute.py title_odds_mini"
    assert chart.seed_box.value == 2 and chart.samples_box.value == 12
    chart.samples_box.value = 4
    chart.button.click()  # ▶ sample: live, from the next seed
    assert chart.progress.value == chart.progress.max == 4 * 4 and chart.seed_box.value == 3
    teams = TitleOddsChart(shipped.season_run(), teams=True)
    teams.show_shipped(shipped)
    assert list(teams.lines.y[0]) == [o.teams[0][1] for o in odds]
    with pytest.raises(OddsFileError, match="about the mini season from season seed 7 after 4 races"):
        TitleOddsChart(SeasonRun(load_season("mini"), 1).run(4)).show_shipped(shipped)


def test_without_bqplot_the_chart_is_svg_and_follows_the_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook 16 offline (issue 34 item 4): one polyline per driver through the engine's odds, the champion's
    last point at the top of the plot (100 %)."""
    import sys
    import xml.etree.ElementTree as ET

    from racebook.ui.svgchart import SVG_CHART_CLASS

    run = SeasonRun(load_season("mini"), 1).run(4)
    monkeypatch.setitem(sys.modules, "bqplot", None)
    chart = TitleOddsChart(run)
    assert chart.lines is None and SVG_CHART_CLASS in chart.figure._dom_classes
    empty = chart.figure.value
    odds = chart.run(samples=1, seed=0)
    assert odds == odds_by_race(run, samples=1, seed=0) and chart.figure.value != empty
    root = ET.fromstring(chart.figure.value)
    polylines = list(root.iter("{http://www.w3.org/2000/svg}polyline"))
    assert len(polylines) == len(run.season.drivers)
    champion = list(run.season.drivers).index(run.drivers()[0].name)
    last_y = float(polylines[champion].get("points", "").split()[-1].split(",")[1])
    assert last_y == 44.0  # the plot's top: P(title) = 100 %
    assert all(len(p.get("points", "").split()) == 5 for p in polylines)  # before the season + 4 races
