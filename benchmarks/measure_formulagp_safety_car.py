"""FormulaGP: how often the Safety Car comes out and why (issue 37 item 1; a script, not a timed test).

Seeded mixed races (2-6 cars, greedy computer drivers, every third race with Rookie BOTs) run to the flag; prints the
Safety Car deployments a race, the rounds under it, the share of races that end under it (§19.4.1), the spins a race,
what deployed it (§19.3, §19.4) and what made cars lose control (§18.1), and the CPU (``time.process_time``).

    .venv/bin/python benchmarks/measure_formulagp_safety_car.py [--races N]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from racebook.formulagp import events as ev
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import race_track


def race_for(seed: int) -> Race:
    """Race ``seed``: 2-6 cars; every third seed some Rookie BOTs (never all), the others greedy players."""
    n = 2 + seed % 5
    cars = [f"C{i}" for i in range(n)]
    k = (seed // 5) % (n + 1) if seed % 3 == 0 else 0
    bots = cars[n - k:][-(n - 1):] if k else []
    race = new_race(cars, seed, bots=bots, track=race_track())
    play_out(race, {c: Greedy(seed + i) for i, c in enumerate(cars) if c not in bots}, max_actions=30_000)
    return race


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--races", type=int, default=100)
    n = ap.parse_args().races
    kinds: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    ended = sc_rounds = 0
    t0 = time.process_time()
    for seed in range(n):
        race = race_for(seed)
        out = False
        for step in race.steps:
            for e in step.events:
                kinds[type(e).__name__] += 1
                if isinstance(e, ev.RoundStarted) and out:
                    sc_rounds += 1
                if isinstance(e, ev.SafetyCarDeployed):
                    causes[e.cause] += 1
                    out = True
                    sc_rounds += 1
                elif isinstance(e, ev.SafetyCarIn):
                    out = False
                elif isinstance(e, ev.LostControl):
                    lost[e.cause.split(";")[0].split(" RK")[0]] += 1
        ended += any(isinstance(e, ev.EndsUnderSafetyCar) for st in race.steps for e in st.events)
    cpu = time.process_time() - t0
    print(f"{n} seeded mixed races, {cpu:.1f} s CPU ({1000 * cpu / n:.0f} ms a race)")
    print(f"  Safety Car deployments {kinds['SafetyCarDeployed'] / n:.2f} a race, rounds under it {sc_rounds / n:.2f}"
          f" a race (the round it came out counted), races ended under it {100 * ended / n:.0f}%")
    print(f"  spins {kinds['Spun'] / n:.2f} a race, losses of control {kinds['LostControl'] / n:.2f}, Yellow Flags "
          f"{kinds['YellowFlag'] / n:.2f}, zones extended {kinds['YellowExtended'] / n:.2f}, Red Flags "
          f"{kinds['RedFlag'] / n:.2f}, pit stops {kinds['PitEntered'] / n:.2f}")
    print("  deployed by: " + "; ".join(f"{v} {k}" for k, v in causes.most_common()))
    print("  lost control by: " + "; ".join(f"{v} {k}" for k, v in lost.most_common()))


if __name__ == "__main__":
    main()
