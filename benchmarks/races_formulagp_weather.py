"""Seeded Advanced FormulaGP races with the weather (issue 38, h8): greedy and random drivers mixed with Rookie BOTs,
2-6 cars, qualifying every other race, the start tyres chosen after the forecast in three races of four, Pro BOTs
(§22.2) in one race of three (h16: the 1,000-race run of issue 38; speed limits by card colour are on in every
Advanced race); each race must reach the flag with every car classified and every card in one place. Prints the
engine errors (none expected), the forecasts and changes met, the disqualifications and the CPU time.

    PYTHONPATH=. python benchmarks/races_formulagp_weather.py [FIRST LAST]
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.events import speedlimits as slev
from racebook.formulagp.events import weather as wev
from racebook.formulagp.integrity import problems
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track


def check(seed: int, kinds: Counter[str]) -> str:
    n = 2 + seed % 5
    cars = [f"C{i}" for i in range(n)]
    k = (seed // 5) % n if seed % 3 == 0 else 0
    bots = cars[n - k:] if k else []
    p = (seed // 7) % n if seed % 3 == 1 else 0  # Pro BOTs in one race of three (h16), the first cars
    pros = cars[:p] if p else []
    race = new_race(cars, seed, bots=bots, qualifying=seed % 2 == 0, track=race_track(), mode=Mode.ADVANCED,
                    choose_tyres=seed % 4 != 1, pros=pros)
    drivers = {c: (Greedy(seed + i) if (i + seed) % 2 else RandomDriver(seed + i))
               for i, c in enumerate(cars) if c not in bots and c not in pros}
    steps = 0
    while not race.is_over and steps < 30_000:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
    if not race.is_over:
        return "not over after 30,000 actions"
    if sorted(race.classification()) != sorted(race.state.cars):
        return "not every car classified"
    s = race.state
    kinds[f"{s.forecast}->{s.weather}"] += 1
    kinds["pro cars"] += len(pros)
    for st in race.steps:
        for e in st.events:
            if isinstance(e, (wev.Disqualified, wev.WeatherChanged, wev.TemperatureWear, wev.WetTyresOnDryTrack,
                              slev.SpeedLimitBroken)):
                kinds[type(e).__name__] += 1
    found = problems(s)
    return f"cards: {found[:2]}" if found else ""


def main() -> None:
    lo, hi = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (0, 200)
    bad, kinds = 0, Counter[str]()
    t = time.process_time()
    for seed in range(lo, hi):
        try:
            what = check(seed, kinds)
        except Exception as e:  # an engine error is what this script looks for: print it, go on
            what = f"{type(e).__name__}: {e}"
        if what:
            bad += 1
            print(seed, what)
    print(f"{hi - lo} Advanced races, {bad} with a problem; {dict(sorted(kinds.items()))}; "
          f"CPU {time.process_time() - t:.1f} s")


if __name__ == "__main__":
    main()
