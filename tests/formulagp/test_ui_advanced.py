"""Notebook F4's widgets (racebook.formulagp.ui.advanced, and F3's hazard check with the [ADV] hazards): the radar
shows weatherodds' exact odds for the controls, the tyre table its start-tyre costs, the Pro BOT view prowindow's
window for each example's position; nothing in them decides a rule."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp.analysis import hazardodds as ho  # noqa: E402
from racebook.formulagp.analysis import prowindow as pw  # noqa: E402
from racebook.formulagp.analysis import weatherodds as wo  # noqa: E402
from racebook.formulagp.ui import HazardCheck, ProWindowView, WeatherRadar  # noqa: E402
from racebook.formulagp.ui import advanced as ui  # noqa: E402


def test_the_radar_opens_on_cloudy_with_the_token_on_12() -> None:
    r = WeatherRadar()
    assert r.result == wo.radar("cloudy", 12, "die", now=1)
    assert r.strip.value.count("<rect") > 24 and "it turns rainy" in r.strip.value
    assert r.costs == wo.start_tyre_costs(8, forecast="cloudy") and r.errors.errors == []


@pytest.mark.parametrize(("weather", "token", "side", "flag", "rounds"),
                         [("rainy", 8, "die", 3, 5), ("cloudy", 20, "icon", 10, 12), ("sunny", 0, "die", 1, 24)])
def test_every_control_is_weatherodds(weather: str, token: int, side: str, flag: int, rounds: int) -> None:
    r = WeatherRadar()
    r.weather.value, r.token.value, r.side.value, r.flag.value, r.rounds.value = weather, token, side, flag, rounds
    assert r.result == wo.radar(weather, token, side, now=flag)
    assert r.costs == wo.start_tyre_costs(rounds, forecast=weather)
    assert r.table.value.count("<tr") == 5 and r.errors.errors == []


def test_before_the_draw_the_wet_chance() -> None:
    r = WeatherRadar()
    r.weather.value = ui.BEFORE_DRAW
    assert r.result is None and r.token.disabled
    assert r.wet == {i: wo.wet_chance(i) for i in range(1, 25)} and r.costs == wo.start_tyre_costs(8)


def test_the_pro_view_shows_each_examples_window() -> None:
    v = ProWindowView()
    for _title, sid in v.choice.options:
        v.choice.value = sid
        assert v.result == pw.pro_window(v.race, "P") and v.picture.value.startswith("<svg")
        assert "Pit token" in v.window.value
    assert v.errors.errors == []


def test_the_hazard_check_takes_the_advanced_hazards() -> None:
    box = HazardCheck()
    for k in box.hazards:
        box.hazards[k].value = False
    box.speeding.value = 3
    for w in box.adv.values():
        w.value = True
    want = ho.hazard_odds([ho.Hazard.SPEED_LIMIT] * 3 + [ho.Hazard.STANDING_WATER, ho.Hazard.DRY_TYRES_IN_RAIN])
    assert box.result == want and (want.owed.red, want.owed.yellow) == (3, 2) and box.errors.errors == []
    box.zone.value = True  # Standing Water is a track hazard, off in a zone; the speed limit is not (N8)
    assert (box.result.owed.red, box.result.owed.yellow) == (2, 2)


def test_the_widgets_hold_no_rule() -> None:
    tree = ast.parse(Path(ui.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and (".rules" in m or m.endswith(("weather", "speedlimits", "pro", "playerboard")))
                   for m in imported)
