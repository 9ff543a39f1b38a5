"""FormulaGP race benchmarks (a script, not a timed test; issue 37's target: a 6-car Standard race in under 100 ms
of CPU once the engine is complete). This prints:

- a whole race of greedy computer drivers, 2 and 6 cars (CPU per race, median over the seeds, and per action);
- the same 6-car races' actions replayed with ``legal_actions()`` then ``apply`` (the engine without the driver).

:func:`figures` gives benchmarks/bench.py its FormulaGP rows (issue 36 item 5): the apply-only floor per action (the
greedy races' actions replayed unchecked, as bench.py's RF90 and Automobiles floors), the engine (``legal_actions()``
+ ``apply``) and the full loop per action, whole 2- and 6-car races, issue 37's target race of 4 greedy players and
2 Rookie BOTs (benchmarks/bench_formulagp_rookies.py), and ``Race.clone()`` against a replay by ``at(n)``.

    .venv/bin/python benchmarks/bench_formulagp.py [--races N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import race_track


def _races(cars: int, n: int) -> tuple[list[float], list[int], list[list[str]]]:
    times, actions, texts = [], [], []
    for seed in range(n):
        ids = [f"C{i}" for i in range(cars)]
        t = time.process_time()
        race = new_race(ids, seed, track=race_track())
        actions.append(play_out(race, {c: Greedy(seed + i) for i, c in enumerate(ids)}))
        times.append(time.process_time() - t)
        texts.append([str(a) for a in race.actions])
    return times, actions, texts


def figures(n: int, replay: Callable[[Any, list[Any], bool], float],
            per_call: Callable[[Callable[[], Any], int], float]) -> list[dict[str, Any]]:
    """bench.py's FormulaGP rows from ``n`` seeded races (``replay`` and ``per_call`` are bench.py's: the same
    unchecked replay and per-call timer as the other games' rows)."""
    import bench_formulagp_rookies as rookies

    ids = [f"C{i}" for i in range(6)]
    loop = floor = engine = 0.0
    actions, six, two, target = 0, [], [], []
    races = []
    for seed in range(n):
        t = time.process_time()
        race = new_race(ids, seed)
        play_out(race, {c: Greedy(seed + i) for i, c in enumerate(ids)})
        six.append(time.process_time() - t)
        loop += six[-1]
        actions += len(race.actions)
        races.append(race)
        floor += replay(race, race.actions, False)
        engine += replay(race, race.actions, True)
        two.append(_one_two(seed))
        target.append(rookies.one(seed, 6, ["C4", "C5"])[0])
    mid = races[0].at(len(races[0].actions) // 2, frames=False)
    t_clone = per_call(mid.clone, 50)
    t_at = per_call(lambda: races[0].at(len(mid.actions), frames=False), 3)
    return [
        {"key": "fgp_floor", "label": "FormulaGP: apply-only floor: 6-car greedy races' actions replayed unchecked",
         "seconds": floor / actions, "unit": "action", "note": f"{n} races, {actions:,} actions"},
        {"key": "fgp_engine", "label": "FormulaGP: engine: legal_actions() + apply per action",
         "seconds": engine / actions, "unit": "action"},
        {"key": "fgp_loop", "label": "FormulaGP: full loop: listing + Greedy's choice + apply",
         "seconds": loop / actions, "unit": "action", "note": f"{actions / n:.0f} actions a race"},
        {"key": "fgp_race6", "label": "FormulaGP: a whole 6-car race of greedy drivers (grid start)",
         "seconds": statistics.median(six), "unit": "race (median)", "target": 0.1},
        {"key": "fgp_race2", "label": "FormulaGP: a whole 2-car race of greedy drivers (grid start)",
         "seconds": statistics.median(two), "unit": "race (median)"},
        {"key": "fgp_rookies", "label": "FormulaGP: 6 cars, 4 greedy players + 2 Rookie BOTs (issue 37's target race)",
         "seconds": statistics.median(target), "unit": "race (median)", "target": 0.1},
        {"key": "fgp_clone", "label": f"FormulaGP: Race.clone() mid-race ({len(mid.actions)} actions)",
         "seconds": t_clone, "unit": "call"},
        {"key": "fgp_replay_at", "label": "FormulaGP: the same position by replay, at(n)", "seconds": t_at,
         "unit": "call", "note": f"clone is {t_at / t_clone:.0f}x faster"},
    ]


def _one_two(seed: int) -> float:
    ids = ["C0", "C1"]
    t = time.process_time()
    play_out(new_race(ids, seed), {c: Greedy(seed + i) for i, c in enumerate(ids)})
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--races", type=int, default=20)
    n = ap.parse_args().races
    for cars in (2, 6):
        times, actions, texts = _races(cars, n)
        med = statistics.median(times)
        per = sum(times) / sum(actions)
        print(f"{cars}-car greedy race: {med * 1000:.0f} ms CPU (median of {n}), {statistics.median(actions):.0f} "
              f"actions, {per * 1e6:.0f} µs an action")
        if cars == 6:
            replay = []
            for seed, acts in enumerate(texts):
                race = new_race([f"C{i}" for i in range(cars)], seed, track=race_track())
                t = time.process_time()
                for a in acts:
                    race.legal_actions()
                    race.apply(a)
                replay.append(time.process_time() - t)
            print(f"6-car race replayed (legal_actions + apply): {statistics.median(replay) * 1000:.0f} ms CPU "
                  f"(ratio to the greedy race {statistics.median(replay) / med:.2f})")


if __name__ == "__main__":
    main()
