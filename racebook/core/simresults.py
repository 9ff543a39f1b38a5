"""What ``racebook simulate`` does for Automobiles and FormulaGP: the series of seeded races (in worker processes with
``jobs`` > 1, through :mod:`racebook.core.workers`, results in seed order as the serial run's), the winners and
rounds summary, and the CSV of ``--csv``. Each game's hooks supply one race's result; the printed forms are written
once here. Standard library only.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from racebook.core.workers import resolve_jobs, run_in_order

__all__ = ["play_series", "winners_summary", "results_csv"]

R = TypeVar("R")


def play_series(play: Callable[[tuple[Any, ...]], R], races: int, seed: int, options: tuple[Any, ...] = (),
                progress: Callable[[int, int], None] | None = None, jobs: int | str | None = 1) -> list[R]:
    """``play((seed, *options))``, ``play((seed + 1, *options))``, … ``races`` times, in seed order; ``play`` is a
    top-level function and ``options`` small values (ids, counts, words) so that ``jobs`` > 1 plays them in worker
    processes (:func:`racebook.core.workers.run_in_order`: chunks of consecutive seeds, workers started once) with
    the serial results; ``progress(done, races)`` as they come in."""
    resolve_jobs(jobs)  # a bad value fails before any race is run
    return run_in_order(play, [(seed + i, *options) for i in range(races)], jobs, progress)


def winners_summary(orders: Sequence[Sequence[str]], rounds: Sequence[int]) -> str:
    """``N races``, the winners with their share, the rounds' mean and range (each race's order, winner first)."""
    n = len(orders)
    wins = Counter(o[0] for o in orders if o)
    lines = [f"{n} races"]
    lines.append("winners: " + ", ".join(f"{c} {k} ({100 * k / n:.0f}%)" for c, k in wins.most_common()))
    if n:
        lines.append(f"rounds: mean {sum(rounds) / n:.1f}, {min(rounds)}–{max(rounds)}")
    return "\n".join(lines)


def results_csv(rows: Sequence[tuple[int, Sequence[str], int, int]], order_column: str) -> str:
    """One row per race: seed, winner, the order (``order_column``), rounds, actions."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["seed", "winner", order_column, "rounds", "actions"])
    for seed, order, rounds, actions in rows:
        w.writerow([seed, order[0] if order else "-", " ".join(order), rounds, actions])
    return buf.getvalue()
