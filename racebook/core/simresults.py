"""What ``racebook simulate`` prints for a game whose races are played in this process (Automobiles, FormulaGP): the
series of seeded races, the winners and rounds summary, and the CSV of ``--csv``. Each game's hooks supply one
race's result; the printed forms are written once here. Standard library only.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["play_series", "winners_summary", "results_csv"]

R = TypeVar("R")


def play_series(play: Callable[[int], R], races: int, seed: int,
                progress: Callable[[int, int], None] | None = None) -> list[R]:
    """``play(seed)``, ``play(seed + 1)``, … ``races`` times; ``progress(done, races)`` after each."""
    out = []
    for i in range(races):
        out.append(play(seed + i))
        if progress is not None:
            progress(i + 1, races)
    return out


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
