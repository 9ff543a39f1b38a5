"""Monte Carlo in worker processes and the CLI's start-up, for benchmarks/bench.py (issue 36 items 4 and 5; a script,
not a timed test). Each function returns plain figures (``dict`` of bench.Figure's fields), by game.

- ``pooled``: for every game's Monte Carlo — RF90's robot races (``racebook simulate --players 0``), the season's
  title odds, Automobiles' and FormulaGP's ``simulate`` — the game's own race job and tasks through
  ``racebook.core.workers.run_in_order`` serially and with two workers: the serial CPU per race, the pooled wall
  time, whether the results are identical, the pool's own CPU (the workers' CPU outside the races: forking,
  unpickling tasks, pickling results, queues) and the wall time on an idle 2-core machine estimated from CPU figures
  alone, (serial CPU + the pool's CPU) / 2: on a shared machine the wall clock shows the other sessions' load, the
  CPU figures much less (a loaded machine still slows each core a little: shared caches).
- ``cli_figures``: whole ``racebook`` processes (``--help``, ``scenarios``, ``replay`` of one scenario per game),
  CPU (user + sys) of each, median of ``runs``, with a bytecode cache (as an installed package has: a temporary
  ``PYTHONPYCACHEPREFIX``, filled by a first run) — the 0.2 s target of issue 36 — and the first run's, which
  compiles every module, in the note.

    .venv/bin/python benchmarks/bench_montecarlo.py [--races N]      # the figures alone
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

IDLE_TARGET = 6.0  # issue 36: 1,000 robot races with --jobs 2 in under 6 s of wall time on an idle 2-core machine


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, once the pool has joined them
    return r.ru_utime + r.ru_stime


def timed(item: tuple[Callable[[Any], Any], Any]) -> tuple[Any, float]:
    """``job(task)`` and the CPU it took in the process that ran it (a top-level function: a worker runs it)."""
    job, task = item
    t = time.process_time()
    return job(task), time.process_time() - t


def pooled(key: str, label: str, job: Callable[[Any], Any], tasks: list[Any], unit: str = "race", per: int = 1,
           target: float | None = None) -> list[dict[str, Any]]:
    """The game's own race job over ``tasks`` through :func:`racebook.core.workers.run_in_order` — the path its
    ``simulate`` / title odds take — serially and with two workers: the serial CPU per ``unit`` (``per`` tasks in one:
    1,000 races), the pooled wall per ``unit``, and the pool's own CPU (the workers' CPU outside the races, plus this
    process's: forking, pickling, queues), from which the idle 2-core wall is estimated: (serial CPU + the pool's
    CPU) / 2 — CPU figures only, so the other sessions' load is not in it, except that it slows every core."""
    from racebook.core.workers import run_in_order
    items = [(job, t) for t in tasks]
    scale = per / len(tasks)
    w0, c0 = time.perf_counter(), time.process_time()
    serial = run_in_order(timed, items, 1)
    wall1, cpu1 = time.perf_counter() - w0, time.process_time() - c0
    k0, c0, w0 = _children_cpu(), time.process_time(), time.perf_counter()
    par = run_in_order(timed, items, 2)
    wall2, parent, workers = time.perf_counter() - w0, time.process_time() - c0, _children_cpu() - k0
    same = [r for r, _ in par] == [r for r, _ in serial]
    machinery = workers - sum(dt for _, dt in par) + parent
    idle = (cpu1 + machinery) * scale / 2
    return [
        {"key": f"{key}_serial", "label": f"{label}, serial ({len(tasks):,})", "seconds": cpu1 * scale, "unit": unit,
         "note": f"wall {wall1 * scale:.2f} s"},
        {"key": f"{key}_jobs2", "label": f"{label}, jobs=2 ({len(tasks):,})", "seconds": wall2 * scale,
         "unit": f"{unit} (wall)", "target": target,
         "note": f"results {'identical to' if same else 'DIFFERENT from'} the serial run; the pool's own CPU "
                 f"{machinery / len(tasks) * 1e3:.2f} ms a task ({100 * machinery / cpu1:.1f} % of the serial CPU); "
                 f"workers' CPU {(workers + parent) / cpu1:.2f}x the serial CPU and wall speed-up "
                 f"{wall1 / wall2:.2f}x at this load"},
        {"key": f"{key}_jobs2_idle", "label": f"{label}, jobs=2 on an idle 2-core machine, estimated", "seconds": idle,
         "unit": f"{unit} (est. wall)", "target": target,
         "note": "(serial CPU + the pool's own CPU) / 2"},
    ]


def rf90_races(n: int) -> list[dict[str, Any]]:
    from racebook.rf90.analysis import simulate as sim
    sim.simulate("silverstone", 1, 10_000, players=0)  # imports and caches first
    tasks = [("silverstone", seed, {"players": 0}) for seed in range(n)]  # simulate()'s own tasks
    return pooled("races", "RF90 robot races (10 robots, silverstone; racebook simulate --players 0)",
                  sim._race_job, tasks, "1,000 races", 1000, target=IDLE_TARGET)


def season_odds(samples: int) -> list[dict[str, Any]]:
    from racebook.rf90.championship import SeasonRun, load_season
    from racebook.rf90.championship import titleodds as T
    season = load_season("mini")
    run = SeasonRun(season, 0).run(1)
    T._load_tracks(season, 1)
    done = tuple(run.results)
    return pooled("odds", "title odds after race 1 of 4 (mini; 3 races a sample)", T._one,
                  [(season, done, 0, j) for j in range(samples)], "sampled season")


def game_races(game: str, n: int) -> list[dict[str, Any]]:
    from racebook.core.registry import game as spec
    hooks = spec(game).load(spec(game).hooks)
    hooks.simulate(None, 1, 10_000, players=3)  # the engine imported and its caches filled before the serial run
    words = {"automobiles": "Automobiles races (3 greedy players, teaching board)",
             "formulagp": "FormulaGP Standard races (3 greedy cars, qualifying first, teaching circuit)"}
    tasks: list[tuple[Any, ...]] = {
        "automobiles": [(seed, "teaching", 3, "greedy") for seed in range(n)],
        "formulagp": [(seed, "teaching", 3, "greedy", "qualifying") for seed in range(n)]}[game]
    prefix = {"automobiles": "auto", "formulagp": "fgp"}[game]
    return pooled(f"{prefix}_sim", words[game] + ": racebook simulate", hooks._race_job, tasks)


CLI = [("cli_help", ["--help"]), ("cli_scenarios", ["scenarios"]), ("cli_replay_rf90", ["replay", "ex01"]),
       ("cli_replay_auto", ["replay", "auto_ex01_maintenance_crew"]), ("cli_replay_fgp", ["replay", "fgp_ex10"])]


def _process_cpu(argv: list[str], env: dict[str, str], root: Path) -> float:
    k0 = _children_cpu()
    subprocess.run([sys.executable, "-m", "racebook.cli", *argv], env=env, cwd=root, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return _children_cpu() - k0


def cli_figures(runs: int, root: Path = ROOT) -> list[dict[str, Any]]:
    """Whole ``racebook`` processes of the checkout at ``root``: CPU with a bytecode cache (median of ``runs``, the
    commands interleaved), the first run's (no cache: every module compiled) in the note."""
    with tempfile.TemporaryDirectory(prefix="racebook-pyc-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(root), PYTHONPYCACHEPREFIX=cache)
        cold = {key: _process_cpu(argv, env, root) for key, argv in CLI}
        warm: dict[str, list[float]] = {key: [] for key, _ in CLI}
        for _ in range(runs):
            for key, argv in CLI:
                warm[key].append(_process_cpu(argv, env, root))
    return [{"key": key, "label": f"CLI start-up: racebook {' '.join(argv)} (whole process, bytecode cached)",
             "seconds": statistics.median(warm[key]), "unit": "process", "target": 0.2,
             "note": f"median of {runs}; without a bytecode cache {cold[key]:.2f} s"} for key, argv in CLI]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--races", type=int, default=200)
    ap.add_argument("--cli-runs", type=int, default=5)
    args = ap.parse_args()
    rows = rf90_races(args.races) + season_odds(20) + game_races("automobiles", 8) + game_races("formulagp", 4)
    rows += cli_figures(args.cli_runs)
    for r in rows:
        print(f"{r['label']:<100} {r['seconds']:>9.4f} s / {r['unit']:<22} {r.get('note', '')}")


if __name__ == "__main__":
    main()
