"""Monte Carlo on every core: seeded races played in a process pool give the serial run's results, in seed order
(issue 16, item 6). Every race is built from its seed alone, so a worker process cannot change what it plays."""

from __future__ import annotations

import multiprocessing
import os
import pickle
from pathlib import Path

import pytest

from racebook.rf90.analysis import experiments as X
from racebook.rf90.analysis.simulate import (
    MAX_JOBS,
    JobsError,
    _race_job,
    map_in_order,
    resolve_jobs,
    simulate,
    summary,
    to_csv,
)
from racebook.rf90.car import Tyre


@pytest.mark.parametrize(("track", "players", "races", "seed", "driver"), [
    ("teaching", 1, 8, 0, "greedy"),
    ("teaching", 3, 6, 40, "random"),
    ("silverstone", 2, 4, 7, "greedy"),
    ("silverstone", 6, 2, 100, "greedy"),
])
def test_pooled_races_equal_the_serial_run_in_seed_order(track: str, players: int, races: int, seed: int,
                                                         driver: str) -> None:
    serial = simulate(track, races, seed, players=players, driver=driver)
    pooled = simulate(track, races, seed, jobs=2, players=players, driver=driver)
    assert [r.seed for r in serial] == list(range(seed, seed + races))
    assert pooled == serial
    assert summary(pooled) == summary(serial)
    assert to_csv(pooled) == to_csv(serial)


def test_pooled_races_keep_the_one_race_options() -> None:
    kw = {"players": 2, "refuel": 8, "tyre": Tyre.SOFT, "late_brake": True}
    assert simulate("teaching", 6, 3, jobs=2, **kw) == simulate("teaching", 6, 3, **kw)


def test_more_workers_than_races_and_no_races() -> None:
    assert simulate("teaching", 2, 9, jobs=8) == simulate("teaching", 2, 9)
    assert simulate("teaching", 0, 9, jobs=2) == []


def test_the_worker_is_importable_so_spawn_works_from_a_notebook() -> None:
    """The worker is a top-level function of an importable module (pickled by reference), and a ``spawn`` pool,
    which re-imports everything and shares nothing with the parent, still gives the serial results."""
    assert pickle.loads(pickle.dumps(_race_job)) is _race_job
    tasks = [("teaching", s, {"players": 1}) for s in (11, 12)]
    spawned = list(map_in_order(_race_job, tasks, 2, context=multiprocessing.get_context("spawn")))
    assert spawned == simulate("teaching", 2, 11, players=1)


@pytest.mark.parametrize(("jobs", "workers"), [(1, 1), (2, 2), ("3", 3), (" 4 ", 4), (MAX_JOBS, MAX_JOBS),
                                               (0, os.cpu_count() or 1), ("0", os.cpu_count() or 1),
                                               ("auto", os.cpu_count() or 1), ("AUTO", os.cpu_count() or 1),
                                               (None, os.cpu_count() or 1)])
def test_jobs_values(jobs: int | str | None, workers: int) -> None:
    assert resolve_jobs(jobs) == workers


@pytest.mark.parametrize("jobs", [-1, "-1", "two", "", "2.5", 2.0, "²", "1e3", True, MAX_JOBS + 1, "99999999999"])
def test_a_bad_jobs_value_is_one_clean_error(jobs: object) -> None:
    with pytest.raises(JobsError, match=r"^jobs: .* is not a whole number in 0\.\.\d+ or 'auto'") as e:
        resolve_jobs(jobs)  # type: ignore[arg-type]
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)
    with pytest.raises(JobsError):
        simulate("teaching", 2, jobs=jobs)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the CLI
def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from racebook.cli import main

    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_cli_jobs_2_prints_and_writes_the_same_bytes_as_jobs_1(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "--track", "teaching", "--races", "6", "--seed", "5", "--players", "2"]
    outs, csvs = [], []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.csv"
        status, out, err = _cli([*base, "--jobs", jobs, "--csv", str(path)], capsys)
        assert (status, err) == (0, ""), err
        outs.append(out.encode())
        csvs.append(path.read_bytes())
    status, out, _ = _cli(base, capsys)  # no --jobs: the serial path
    assert status == 0
    assert outs[0] == outs[1] == out.encode() and out.startswith("6 races")
    assert csvs[0] == csvs[1] and csvs[0].count(b"\n") == 7


@pytest.mark.parametrize("jobs", ["-1", "two", "", "1.5", "257"])
def test_cli_bad_jobs_is_one_line_exit_2(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _cli(["simulate", "--track", "teaching", "--races", "2", "--jobs", jobs], capsys)
    assert status == 2 and out == ""
    assert err.startswith("racebook: simulate: argument --jobs: ") and err.count("\n") == 1, err
    assert "is not a whole number in 0..256 or 'auto'" in err


# ------------------------------------------------------------------ the notebook's experiments
def test_an_experiment_with_jobs_2_equals_the_serial_run() -> None:
    exp = X.late_braking(track="teaching", players=2, seed=3)
    serial = list(X.iter_runs(exp, 3))
    pooled = list(X.iter_runs(exp, 3, jobs=2))
    assert [(a.label, s) for a, s, _ in pooled] == [(a.label, s) for a, s, _ in serial]
    assert pooled == serial
    by_arm = X.run(exp, 3, jobs=2)
    assert by_arm == {a.label: [o for b, _, outs in serial if b == a for o in outs] for a in exp.arms}
    assert sum(len(v) for v in by_arm.values()) == 3 * 3 * 2


def test_the_experiment_panel_runs_with_jobs() -> None:
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.experiments import ExperimentPanel

    exp = X.tyres(track="teaching", seed=2)
    serial = ExperimentPanel(exp, races=2)
    serial.run()
    pooled = ExperimentPanel(exp, races=2, jobs=2)
    pooled.run()
    assert pooled.results == serial.results and pooled.progress.value == 4
    assert pooled.table().equals(serial.table())
    with pytest.raises(JobsError):
        ExperimentPanel(exp, jobs=-1)


# ------------------------------------------------------------------ workers started once (issue 36 item 4)
def _pid(_task: int) -> int:
    """The worker's process id (a top-level function: a pool pickles it by reference)."""
    return os.getpid()


def test_a_worker_pool_serves_several_maps_with_the_same_workers() -> None:
    """``worker_pool``: the workers are started once for every map of the block (a season's odds after each race),
    so two maps see the same two processes, none of them this one; each map still gives the serial results."""
    from racebook.core.workers import worker_pool

    with worker_pool(2) as pool:
        assert pool is not None
        first = set(map_in_order(_pid, range(32), 2, pool=pool))
        second = set(map_in_order(_pid, range(32), 2, pool=pool))
        tasks = [("teaching", s, {"players": 1}) for s in (3, 4, 5)]
        assert list(map_in_order(_race_job, tasks, 2, pool=pool)) == simulate("teaching", 3, 3, players=1)
    assert len(first | second) <= 2 and os.getpid() not in first | second
    with worker_pool(1) as none:
        assert none is None  # one job: the serial path, no process started


def test_automobiles_purchase_experiments_in_two_processes_equal_the_serial_run() -> None:
    from racebook.automobiles.analysis import purchases

    assert purchases.run(4, 7, jobs=2) == purchases.run(4, 7)
