"""Monte Carlo through one path for every game (issue 36 item 4): ``racebook simulate --jobs N`` for RF90, Automobiles
and FormulaGP, ``racebook season odds --jobs N`` and Automobiles' purchase experiments play their seeded races in
worker processes started once (:mod:`racebook.core.workers`), each task naming its track by id, and print or write
the serial run's bytes; ``--players 0`` plays RF90's robot races; parsing ``--jobs`` imports no engine."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from racebook import cli
from racebook.core import workers

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the process pools :mod:`racebook.core.workers` starts (each a real pool, with its worker count)."""
    started: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, max_workers: int | None = None, **kw: Any) -> None:
            started.append(max_workers or 0)
            super().__init__(max_workers, **kw)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counted)
    yield started


@pytest.mark.parametrize("argv", [
    ["--track", "teaching", "--races", "5", "--seed", "11", "--players", "2"],
    ["--track", "teaching", "--races", "5", "--seed", "3", "--players", "0"],
    ["--game", "automobiles", "--races", "4", "--seed", "2", "--players", "3", "--driver", "random"],
    ["--game", "formulagp", "--races", "3", "--seed", "5", "--players", "2", "--start", "grid"],
])
def test_simulate_with_jobs_2_prints_and_writes_the_serial_bytes(argv: list[str], tmp_path: Path,
                                                                  pools: list[int]) -> None:
    outs, csvs = [], []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.csv"
        rc, out, err = run(["simulate", *argv, "--jobs", jobs, "--csv", str(path)])
        assert (rc, err) == (0, ""), err
        outs.append(out.encode())
        csvs.append(path.read_bytes())
    assert outs[0] == outs[1] and outs[0].startswith(f"{argv[argv.index('--races') + 1]} races".encode())
    assert csvs[0] == csvs[1] and csvs[0].count(b"\n") == int(argv[argv.index("--races") + 1]) + 1
    assert pools == [2]  # jobs 1: no pool at all; jobs 2: one pool of two workers for every race


def test_robot_races_are_ten_robots_and_no_players() -> None:
    from racebook.rf90.analysis.simulate import ROBOTS_ONLY, simulate

    results = simulate("teaching", 2, 4, players=0)
    assert len(ROBOTS_ONLY) == 10
    for r in results:
        assert set(r.order) | set(r.retired) == {name for name, _ in ROBOTS_ONLY}
        assert r.actions == 0  # robots play by themselves: no decision was taken
    rc, out, _ = run(["simulate", "--track", "teaching", "--races", "2", "--seed", "4", "--players", "0"])
    assert rc == 0 and out.startswith("2 races\nwinners: ")


@pytest.mark.parametrize(("game", "bounds"), [("automobiles", "2..5"), ("formulagp", "2..6")])
def test_no_players_is_refused_where_the_game_needs_players(game: str, bounds: str) -> None:
    rc, out, err = run(["simulate", "--game", game, "--players", "0", "--races", "1"])
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("racebook: <args>: --players: 0 is not in " + bounds)


def test_simulate_with_progress_starts_the_workers_once(pools: list[int]) -> None:
    """The progress line's callback sees every race in seed order, and one pool plays them all (no pool per block
    of races)."""
    from racebook.rf90.analysis import playouts

    seen: list[tuple[int, int]] = []
    pooled = playouts.simulate("teaching", 30, 7, players=1, jobs=2, progress=lambda d, n: seen.append((d, n)))
    assert pools == [2]
    assert seen == [(i, 30) for i in range(31)]
    assert pooled == playouts.simulate("teaching", 30, 7, players=1)


@pytest.mark.parametrize("game", ["automobiles", "formulagp"])
def test_the_other_games_report_progress_in_seed_order(game: str) -> None:
    from racebook.core.registry import game as spec_of

    api: Any = spec_of(game).api
    seen: list[tuple[int, int]] = []
    pooled = api.simulate(None, 2, 8, players=2, jobs=2, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(0, 2), (1, 2), (2, 2)]
    assert pooled == api.simulate(None, 2, 8, players=2) and [r.seed for r in pooled] == [8, 9]


def test_season_odds_with_jobs_2_prints_the_serial_odds(tmp_path: Path, pools: list[int]) -> None:
    save = str(tmp_path / "s.json")
    assert run(["season", "run", "mini", "--seed", "3", "--races", "2", "--save", save])[0] == 0
    outs = []
    for jobs in ("1", "2"):
        rc, out, err = run(["season", "odds", save, "--samples", "6", "--seed", "4", "--jobs", jobs])
        assert (rc, err) == (0, ""), err
        outs.append(out)
    assert outs[0] == outs[1] and outs[0].startswith("title odds after 2 of 4 races (6 sampled seasons):")
    assert pools == [2]


def test_the_purchase_experiments_share_one_pool(pools: list[int]) -> None:
    from racebook.automobiles.analysis import purchases

    serial = [purchases.run(3, 5, purchases.EXPERIMENTS[n], prices=purchases.PRICES.get(n)) for n in
              purchases.EXPERIMENTS]
    with workers.worker_pool(2) as pool:
        pooled = [purchases.run(3, 5, purchases.EXPERIMENTS[n], prices=purchases.PRICES.get(n), jobs=2, pool=pool)
                  for n in purchases.EXPERIMENTS]
    assert pooled == serial and pools == [2]


def test_run_in_order_checks_jobs_before_any_progress() -> None:
    seen: list[tuple[int, int]] = []
    with pytest.raises(workers.JobsError):
        workers.run_in_order(abs, [1, 2], "two", lambda d, n: seen.append((d, n)))
    assert seen == []
    assert workers.run_in_order(abs, [-3, 4, -5], 1, lambda d, n: seen.append((d, n))) == [3, 4, 5]
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]


_PARSE = """
import sys, json
from racebook.cliparser import build_parser
args = build_parser().parse_args({argv!r})
print(json.dumps([args.jobs, sorted(m for m in sys.modules if m.startswith(("racebook.rf90.", "racebook.formulagp.",
                                                                             "racebook.automobiles.")))]))
"""


@pytest.mark.parametrize("argv", [["simulate", "--game", "formulagp", "--jobs", "2"],
                                  ["season", "odds", "FILE", "--jobs", "auto"]])
def test_parsing_jobs_imports_no_engine(argv: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", _PARSE.format(argv=argv)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert out.returncode == 0, out.stderr
    jobs, engine = json.loads(out.stdout)
    assert jobs == (2 if argv[-1] == "2" else os.cpu_count() or 1)
    assert set(engine) <= {"racebook.rf90.spec", "racebook.automobiles.spec", "racebook.formulagp.spec"}


def test_the_race_jobs_are_top_level_so_a_spawned_worker_plays_them() -> None:
    """Each game's race job is pickled by reference (a notebook or a ``spawn`` pool re-imports it); a ``spawn`` pool,
    which shares nothing with this process and loads the board itself, gives the serial results."""
    import multiprocessing
    import pickle

    from racebook.automobiles import hooks as auto
    from racebook.formulagp import hooks as fgp
    from racebook.rf90.analysis import simulate as rf90

    for job in (auto._race_job, fgp._race_job, rf90._race_job):
        assert pickle.loads(pickle.dumps(job)) is job
    tasks = [(s, "teaching", 2, "random") for s in (21, 22)]
    spawned = list(workers.map_in_order(auto._race_job, tasks, 2, context=multiprocessing.get_context("spawn")))
    assert spawned == auto.simulate(None, 2, 21, players=2, driver="random")
