"""Notebook F3's widgets (racebook.formulagp.ui.hazards): the hazard check shows hazardodds' exact odds for what is
ticked and opens on Example 21's own position, the planner shows pitwindow's plans for the sliders, the stepper
walks F3's examples through the shipped scenarios, and nothing in them decides a rule."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp.analysis import hazardodds as ho  # noqa: E402
from racebook.formulagp.analysis import pitwindow as pw  # noqa: E402
from racebook.formulagp.ui import HazardCheck, PitPlanner  # noqa: E402
from racebook.formulagp.ui import hazards as ui  # noqa: E402


def test_the_check_opens_on_example_21_with_the_engines_odds() -> None:
    """Ex. 21: the skid marks and worn tyres are two different hazards, two RED dice; the ticks the widget opens
    with give the odds the engine's own position gives."""
    box = HazardCheck()
    assert box.picture.value.startswith("<svg") and box.race.current_car == "Grey"
    assert (box.result.owed.red, box.result.owed.yellow) == (2, 0)
    assert box.result.outcomes == ho.odds_if_ending(box.race).outcomes
    assert "2 RED + 0 YELLOW" in box.table.value and box.errors.errors == []


@pytest.mark.parametrize("ticks", [(True, False, False, False, False, "Stressed"),
                                   (False, True, True, False, False, "Focus"),
                                   (True, True, False, True, False, "middle"),
                                   (True, True, True, False, True, "middle")])
def test_every_tick_is_hazard_odds(ticks: tuple[bool, bool, bool, bool, bool, str]) -> None:
    tricky, worn, pair, zone, sc, stress = ticks
    box = HazardCheck()
    for (key, w), value in zip(box.hazards.items(), (tricky, worn), strict=True):
        assert ui.HAZARDS[key] in (ho.Hazard.TRICKY_CORNER, ho.Hazard.WORN_TYRES)
        w.value = value
    box.pair.value, box.zone.value, box.sc.value, box.stress.value = pair, zone, sc, stress
    hazards = [h for h, on in ((ho.Hazard.TRICKY_CORNER, tricky), (ho.Hazard.WORN_TYRES, worn)) if on]
    want = ho.hazard_odds(hazards, pair=pair, yellow_zone=zone, safety_car=sc, stress=ui.STRESS[stress])
    assert box.result == want and box.errors.errors == []
    if sc:
        assert "no dice to roll" in box.table.value


def test_the_planner_shows_pitwindow_for_the_sliders() -> None:
    p = PitPlanner()
    for tyre, wear, rounds, pens in (("soft", 13, 10, 0), ("hard", 2, 20, 3), ("medium", 9, 3, 1)):
        p.tyre.value, p.wear.value, p.rounds.value, p.penalties.value = tyre, wear, rounds, pens
        want = pw.teaching_plan(tyre, wear, rounds, first=p.first.value, lap_rounds=p.lap.value,
                                wear_per_round=p.rate.value, penalties=pens)
        assert p.result == want
        assert want.sentence().split(" — ")[0].split(":")[0] in p.table.value
        assert p.strip.value.count("<td") == len(pw.wear_track(tyre))
    assert p.errors.errors == []


def test_the_stepper_walks_f3s_examples(walk_examples: Callable[[Sequence[str]], None]) -> None:
    """Each example to its last action, on the SVG picture (the offline browser's) and on the bqplot figure."""
    walk_examples(ui.EXAMPLES)


def test_the_widget_holds_no_rule() -> None:
    tree = ast.parse(Path(ui.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and (".rules" in m or m.endswith(("pits", "losscontrol", "playerboard", "aftermove")))
                   for m in imported)
