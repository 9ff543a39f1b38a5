"""FormulaGP race benchmarks (a script, not a timed test; issue 37's target: a 6-car Standard race in under 100 ms
of CPU once the engine is complete). Until bench.py gets FormulaGP rows, this prints:

- a whole race of greedy computer drivers, 2 and 6 cars (CPU per race, median over the seeds, and per action);
- the same 6-car races' actions replayed with ``legal_actions()`` then ``apply`` (the engine without the driver).

    .venv/bin/python benchmarks/bench_formulagp.py [--races N]
"""

from __future__ import annotations

import argparse
import statistics
import time

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
