"""FormulaGP: seeded random Standard races to the flag (issue 37 item 5; a script, not a timed test).

Races of 2-6 cars, player cars driven by the greedy and the random computer drivers, Rookie BOTs in every third race,
every other race from qualifying; checks that every position lists a legal action, nothing raises, every race ends
classified and every card is in one place at the end. Prints each failure and a summary line.

    .venv/bin/python benchmarks/races_formulagp.py [FIRST_SEED LAST_SEED]     # default 0 2000
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import race_track


def race_for(seed: int) -> tuple[Race, dict[str, Greedy | RandomDriver], list[str]]:
    """Race ``seed``: its cars, the Rookies among them and the computer drivers of the others."""
    n = 2 + seed % 5
    cars = [f"C{i}" for i in range(n)]
    k = (seed // 5) % n if seed % 3 == 0 else 0
    bots = cars[n - k:] if k else []
    race = new_race(cars, seed, bots=bots, qualifying=seed % 2 == 0, track=race_track())
    drivers: dict[str, Greedy | RandomDriver] = {
        c: (Greedy(seed + i) if (i + seed) % 2 else RandomDriver(seed + i))
        for i, c in enumerate(cars) if c not in bots}
    return race, drivers, bots


def check(seed: int) -> tuple[str, int]:
    """One race to the flag: "" when it is sound, else what went wrong; and the actions applied."""
    race, drivers, _ = race_for(seed)
    steps = 0
    while not race.is_over and steps < 30_000:
        if not race.legal_actions():
            return f"no legal action at step {steps} ({race.current_car}, {race.phase.value})", steps
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
    if not race.is_over:
        return "not over after 30,000 actions", steps
    if sorted(race.classification()) != sorted(race.state.cars):
        return "not every car classified", steps
    found = problems(race.state)
    return (f"cards: {found[:2]}" if found else ""), steps


def main() -> None:
    lo, hi = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (0, 2000)
    bad, actions, kinds = 0, 0, Counter[str]()
    t = time.process_time()
    for seed in range(lo, hi):
        try:
            what, steps = check(seed)
        except Exception as e:  # an engine error is what this script looks for: print it, go on
            what, steps = f"{type(e).__name__}: {str(e)[:200]}", 0
        actions += steps
        kinds["with Rookies" if seed % 3 == 0 and (seed // 5) % (2 + seed % 5) else "players only"] += 1
        if what:
            bad += 1
            print(f"seed {seed}: {what}")
    cpu = time.process_time() - t
    print(f"{hi - lo} races ({dict(kinds)}): {bad} with a problem; {actions:,} actions, {cpu:.1f} s CPU "
          f"({1000 * cpu / max(1, hi - lo):.0f} ms a race)")


if __name__ == "__main__":
    main()
