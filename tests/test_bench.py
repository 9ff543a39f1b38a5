"""The benchmark script's figures for every game (issue 36 item 5): FormulaGP's rows with their own apply-only floor,
the Monte Carlo rows (serial CPU, pooled wall, the workers' CPU ratio and the idle estimate; the pooled results
checked against the serial ones), and the committed previous run (benchmarks/baseline.json) holding every game's
figures, so that the next run shows a regression in any of them."""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"


@pytest.fixture
def modules(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, ModuleType]]:
    """bench.py and its helper scripts, imported as the script imports them (benchmarks/ on the path)."""
    monkeypatch.syspath_prepend(str(BENCH))
    names = ("bench", "bench_montecarlo", "bench_formulagp", "bench_formulagp_rookies")
    yield {n: importlib.import_module(n) for n in names}
    for n in names:
        sys.modules.pop(n, None)


def test_every_game_has_its_floor_and_formulagp_rows_are_over_theirs(modules: dict[str, ModuleType]) -> None:
    bench = modules["bench"]
    assert bench.FLOORS == {"rf90": "floor_turn", "automobiles": "auto_floor", "formulagp": "fgp_floor"}
    games = {"formulagp": [bench.Figure("fgp_floor", "floor", 80e-6, "action"),
                           bench.Figure("fgp_engine", "engine", 120e-6, "action")],
             "cli": [bench.Figure("cli_help", "help", 0.09, "process", target=0.2)]}
    bench.with_ratios(games, {"games": {"formulagp": [{"key": "fgp_engine", "seconds": 100e-6}]}})
    assert [f.floor_ratio for f in games["formulagp"]] == [1.0, pytest.approx(1.5)]
    assert games["formulagp"][1].previous_ratio == pytest.approx(1.2) and games["cli"][0].floor_ratio is None
    assert "| help | process | 90.00 ms | — | — | — | 200.00 ms | — |" in bench.readme_table(games, 1.0, None)
    saved = json.loads(json.dumps(bench.as_json(games, 3.0)))  # --from-json: a saved run's table, not measured
    again = bench.from_json(saved)
    assert again == games
    block = bench.readme_table(again, saved["machine"]["load1"], {"when": "then", "machine": {"load1": 10.676}},
                               "2026-01-02 03:04 UTC")
    assert "(2026-01-02 03:04 UTC; " in block and ", load average 3.0; " in block
    assert "the previous run's JSON (then, load 10.7)" in block


def test_formulagp_figures_time_the_floor_the_engine_and_the_loop(modules: dict[str, ModuleType]) -> None:
    bench = modules["bench"]
    rows = modules["bench_formulagp"].figures(1, lambda r, a, listing: bench.replay(r, a, listing), bench.per_call)
    by = {d["key"]: bench.Figure(**d) for d in rows}
    assert set(by) == {"fgp_floor", "fgp_engine", "fgp_loop", "fgp_race6", "fgp_race2", "fgp_rookies", "fgp_clone",
                       "fgp_replay_at"}
    assert all(f.seconds > 0 for f in by.values())
    assert by["fgp_floor"].seconds < by["fgp_engine"].seconds  # listing costs something on top of applying
    assert by["fgp_floor"].note.startswith("1 races, ")


def _pid(_task: int) -> int:
    """The process that ran the task (a top-level function: a pool pickles it by reference)."""
    return os.getpid()


def test_pooled_figures_say_whether_the_pool_gave_the_serial_results(modules: dict[str, ModuleType]) -> None:
    mc = modules["bench_montecarlo"]
    same = mc.pooled("x", "absolute values", abs, list(range(-40, 40)), "race")
    assert [d["key"] for d in same] == ["x_serial", "x_jobs2", "x_jobs2_idle"]
    assert same[1]["note"].startswith("results identical to the serial run; the pool's own CPU ")
    assert same[1]["unit"] == "race (wall)" and same[2]["note"] == "(serial CPU + the pool's own CPU) / 2"
    assert mc.timed((abs, -3))[0] == 3
    differs = mc.pooled("y", "process ids", _pid, list(range(8)))
    assert differs[1]["note"].startswith("results DIFFERENT from the serial run")


def test_the_committed_previous_run_holds_every_games_figures(modules: dict[str, ModuleType]) -> None:
    """benchmarks/baseline.json is the previous run of the next ``bench.py``: it has each game's floor and the
    figures of issue 36 (the Monte Carlo in two processes, the CLI start-up), each with a value."""
    bench = modules["bench"]
    saved = json.loads((BENCH / "baseline.json").read_text(encoding="utf-8"))
    keys = {g: {f["key"] for f in fs if f["seconds"] is not None} for g, fs in saved["games"].items()}
    for game, floor in bench.FLOORS.items():
        assert floor in keys[game], game
    assert {"races_serial", "races_jobs2", "races_jobs2_idle", "odds_jobs2"} <= keys["rf90"]
    assert {"auto_sim_jobs2"} <= keys["automobiles"] and {"fgp_sim_jobs2", "fgp_rookies"} <= keys["formulagp"]
    assert {key for key, _ in modules["bench_montecarlo"].CLI} <= keys["cli"]
