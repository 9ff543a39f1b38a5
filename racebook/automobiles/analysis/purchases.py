"""Which purchases win races? A seeded Monte Carlo over whole Automobiles races (notebook A3).

Every race seats one computer player per *plan*: the same :class:`racebook.automobiles.agents.GreedyDriver` (it
plays the gear that goes furthest and pits at 3 wear in the Active pile), differing only in what it buys (§9; before
the race §4 item 5): the first affordable cube of its ``buy`` list, again and again, then pass. The plans swap grid
seats from race to race (the starting order is drawn from the race's seed, §4 item 3), so no plan keeps the pole.
The engine is the referee; this module only counts. Results are plain data (JSON), so a notebook can show shipped
results at once and recompute them with::

    .venv/bin/python -m racebook.automobiles.analysis.purchases   # data/precomputed/{purchases,prices,fallbacks}.json
    .venv/bin/python -m racebook.automobiles.analysis.purchases --jobs 2   # the same results, in 2 processes

Standard library only.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from racebook import __version__
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.cubes import DATA, Components
from racebook.automobiles.game import Race
from racebook.automobiles.setup import DEFAULT_IDS, new_state
from racebook.core.agents import play_out
from racebook.core.workers import map_in_order, worker_pool

#: The plans compared: a name and the cubes bought, first choice first (codes of racebook.automobiles.cubes). Fair
#: opponents: every plan keeps buying (three gears in a different order, or two gears and the two card cubes the
#: computer player plays, Performance and Pit), so none loses by leaving its money unspent.
PLANS: dict[str, tuple[str, ...]] = {
    "black first": ("K", "D", "L"),
    "dark grey first": ("D", "K", "L"),
    "light grey first": ("L", "D", "K"),
    "gears, then cards": ("K", "D", "G", "P"),
    "cards first": ("G", "P", "K", "D"),
}
#: When every player wants black: the Stock is finite (§1.2), so what a plan buys once black runs out matters.
FALLBACKS: dict[str, tuple[str, ...]] = {
    "black only": ("K",),
    "black, then dark grey": ("K", "D"),
    "black, dark, light": ("K", "D", "L"),
    "black, then yellow": ("K", "Y"),
    "dark grey, then black": ("D", "K"),
}
EXPERIMENTS: dict[str, dict[str, tuple[str, ...]]] = {"purchases": PLANS, "prices": PLANS, "fallbacks": FALLBACKS}
#: The invented prices an experiment changes (cube code -> $), the others as in data/cubes.toml: "prices" replays
#: "purchases" with the two card cubes dearer (Performance $6 -> $10, Pit $4 -> $9), to see how far the ranking
#: follows prices that the source never printed (§26).
PRICES: dict[str, dict[str, int]] = {"prices": {"G": 10, "P": 9}}
PRECOMPUTED_DIR = DATA / "precomputed"
PRECOMPUTED = PRECOMPUTED_DIR / "purchases.json"
RECOMPUTE = "python -m racebook.automobiles.analysis.purchases"
RACES = 200
SEED = 2200


@dataclass(frozen=True)
class RaceResult:
    seed: int
    order: tuple[str, ...]  # plan names, winner first (§13, §14)
    rounds: int
    owned: dict[str, dict[str, int]]  # plan -> every cube it owns at the end (cube code -> count)


def priced(comps: Components, prices: Mapping[str, int]) -> Components:
    """``comps`` with the cube prices of ``prices`` changed (cube code -> $; every other number kept)."""
    unknown = [c for c in prices if c not in comps.cubes]
    if unknown:
        raise ValueError(f"no cube {unknown[0]!r} ({' '.join(comps.cubes)})")
    return replace(comps, cubes={**comps.cubes, **{c: replace(comps.cubes[c], cost=v) for c, v in prices.items()}})


def one_race(seed: int, plans: Mapping[str, Sequence[str]] = PLANS, board: str = "teaching",
             laps: int | None = None, prices: Mapping[str, int] | None = None) -> RaceResult:
    """One race, one greedy player per plan; plan i sits as player ``DEFAULT_IDS[(i + seed) % n]``; ``prices``
    changes the price of those cubes for this race (:data:`PRICES`)."""
    names = list(plans)
    n = len(names)
    ids = DEFAULT_IDS[:n]
    who = {ids[(i + seed) % n]: name for i, name in enumerate(names)}
    state = new_state(list(ids), seed=seed, board=board, laps=laps)
    if prices:
        state.comps = priced(state.comps, prices)
    race = Race(state, frames=False)
    play_out(race, {pid: GreedyDriver(buy=tuple(plans[who[pid]])) for pid in ids})
    state = race.state
    return RaceResult(seed, tuple(who[pid] for pid in race.standings()), state.round,
                      {who[pid]: dict(p.owned()) for pid, p in state.players.items()})


def _race_job(task: tuple[int, dict[str, tuple[str, ...]], str, dict[str, int] | None]) -> RaceResult:
    """One race of :func:`run` in a worker process, built from its seed, plans, board and prices alone."""
    seed, plans, board, prices = task
    return one_race(seed, plans, board, prices=prices)


def run(races: int = RACES, seed: int = SEED, plans: Mapping[str, Sequence[str]] = PLANS,
        board: str = "teaching", prices: Mapping[str, int] | None = None,
        jobs: int | str | None = 1, pool: ProcessPoolExecutor | None = None) -> list[RaceResult]:
    """``races`` races with seeds ``seed``, ``seed + 1``, … (at ``prices``, the shipped ones if None); ``jobs`` > 1
    (0 or ``"auto"``: every core) plays them in that many processes, in chunks of consecutive seeds, with results
    identical to the serial run (:func:`racebook.core.workers.map_in_order`); ``pool``: the workers of a
    :func:`racebook.core.workers.worker_pool` block, started once for several experiments."""
    plain = {k: tuple(v) for k, v in plans.items()}
    priced = dict(prices) if prices is not None else None
    return list(map_in_order(_race_job, [(seed + i, plain, board, priced) for i in range(races)], jobs, pool=pool))


def race_of(experiment: str, seed: int) -> RaceResult:
    """The race of ``experiment`` with ``seed``: its plans at its prices (:data:`EXPERIMENTS`, :data:`PRICES`)."""
    return one_race(seed, EXPERIMENTS[experiment], prices=PRICES.get(experiment))


@dataclass(frozen=True)
class PlanSummary:
    plan: str
    races: int
    wins: int
    win_share: float
    win_low: float  # 95 % Wilson interval of the win share
    win_high: float
    mean_place: float
    place_sd: float
    mean_owned: dict[str, float]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def summarise(results: Sequence[RaceResult]) -> list[PlanSummary]:
    """Per plan: wins, win share with its interval, mean finishing place, mean cubes owned at the end."""
    known = [p for plans in EXPERIMENTS.values() for p in plans]
    plans = list(results[0].order) if results else []
    out = []
    for plan in sorted(plans, key=lambda p: known.index(p) if p in known else 99):
        places = [r.order.index(plan) + 1 for r in results]
        wins = sum(1 for r in results if r.order[0] == plan)
        n = len(results)
        mean = sum(places) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in places) / max(1, n - 1))
        owned: dict[str, float] = {}
        for r in results:
            for c, k in r.owned[plan].items():
                owned[c] = owned.get(c, 0.0) + k / n
        lo, hi = wilson(wins, n)
        out.append(PlanSummary(plan, n, wins, wins / n, lo, hi, mean, sd, owned))
    return out


def dumps(results: Sequence[RaceResult], seconds: float | None = None, experiment: str = "purchases") -> str:
    """The results as JSON: a header (the experiment, its plans, the seeds, the command that recomputes it), then
    one line per race."""
    doc = {"experiment": experiment, "plans": {k: list(v) for k, v in EXPERIMENTS[experiment].items()},
           "prices": PRICES.get(experiment, {}), "board": "teaching",
           "seed": results[0].seed if results else SEED, "races": len(results),
           "command": f"{RECOMPUTE} {experiment}", "racebook": __version__,
           "seconds": round(seconds, 1) if seconds is not None else None, "results": []}
    head = json.dumps(doc, indent=1)
    rows = ",\n".join("  " + json.dumps({"seed": r.seed, "order": list(r.order), "rounds": r.rounds, "owned": r.owned})
                      for r in results)
    return head[:head.rindex("[]")] + "[\n" + rows + "\n ]\n}\n"  # one line per race


def loads(text: str) -> tuple[dict[str, Any], list[RaceResult]]:
    doc = json.loads(text)
    results = [RaceResult(r["seed"], tuple(r["order"]), r["rounds"], r["owned"]) for r in doc["results"]]
    return doc, results


def path_of(experiment: str) -> Path:
    return PRECOMPUTED_DIR / f"{experiment}.json"


def describe(doc: Mapping[str, Any]) -> str:
    """Where a shipped experiment's numbers come from, for a learner: computed in advance by which version, no command
    line (issue 34 item 7; the header's ``command`` recomputes them, for developers)."""
    return f"computed in advance and shipped ({doc['experiment']}, racebook {doc['racebook']})"


def load(experiment: str = "purchases") -> tuple[dict[str, Any], list[RaceResult]]:
    """The shipped results of ``experiment`` (their header: plans, seeds, the command that recomputes them)."""
    return loads(path_of(experiment).read_text(encoding="utf-8"))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m racebook.automobiles.analysis.purchases [EXPERIMENT …] [--races N] [--jobs N]``: recompute the
    shipped results (every experiment by default; ``--jobs``: worker processes, the same results)."""
    args = list(sys.argv[1:] if argv is None else argv)
    races, jobs = RACES, "1"
    if "--races" in args:
        i = args.index("--races")
        races = int(args[i + 1])
        del args[i:i + 2]
    if "--jobs" in args:
        i = args.index("--jobs")
        jobs = args[i + 1]
        del args[i:i + 2]
    unknown = [a for a in args if a not in EXPERIMENTS]
    if unknown:
        print(f"unknown experiment {unknown[0]!r}; choose from {', '.join(EXPERIMENTS)}", file=sys.stderr)
        return 2
    with worker_pool(jobs) as pool:  # the workers are started once for every experiment
        for name in args or list(EXPERIMENTS):
            t0 = time.perf_counter()
            results = run(races, SEED, EXPERIMENTS[name], prices=PRICES.get(name), jobs=jobs, pool=pool)
            path = path_of(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dumps(results, time.perf_counter() - t0, name), encoding="utf-8")
            print(f"wrote {path} ({races} races, {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
