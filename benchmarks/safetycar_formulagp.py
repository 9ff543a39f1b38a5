"""FormulaGP: how often seeded Standard races meet the Safety Car (issue 37; a script, not a timed test).

The same races as ``races_formulagp.py`` (2-6 cars, greedy and random player drivers, Rookie BOTs in every third
race, every other race from qualifying), counted from their event logs: the share of races that end under the Safety
Car (§19.4.1), Safety Car periods per race by cause (two zones, the Race Control token, the 'Safety Car' EVENT card;
§19.3.2, §19.4), Red Flags, the 'Incident on Track' cards played (§19.3.2), and the race's length in rounds (all of it,
and from the final-lap space 24 to the end, §17.1), its laps and the rounds the leader takes for a lap. Used to
calibrate the invented Race Control track and teaching EVENT deck (docs/formulagp.md, "Incident on Track and the
calibration") and the race circuit (the same, "Lap length calibration"); the races run on the race circuit
(``track.race_track()``) unless ``--track ID`` names another shipped circuit.

    .venv/bin/python benchmarks/safetycar_formulagp.py [FIRST_SEED LAST_SEED] [--still] [--track ID]   # default 0 100
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from functools import partial

from benchmarks import measure_formulagp_safety_car, races_formulagp
from racebook.formulagp import events as ev
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.setup import new_race

#: radar spaces a Safety Car came out on, latest first: the final lap starts on space 24 (§17.1) and a Safety Car still
#: out on round 24 ends the race (§19.4.1): one that comes out on 22 or later does.
BINS = (("25+", 25), ("22-24", 22), ("16-21", 16), ("9-15", 0))


def run(seed: int, greedy: bool) -> Race:
    """Race ``seed`` to the flag: ``greedy`` the greedy drivers and Rookies of ``measure_formulagp_safety_car.py``,
    else the greedy and random drivers of ``races_formulagp.py``."""
    if greedy:
        return measure_formulagp_safety_car.race_for(seed)
    race, drivers, _ = races_formulagp.race_for(seed)
    steps = 0
    while not race.is_over and steps < 30_000:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
    return race


def measure(seed: int, greedy: bool) -> Counter[str]:
    """One race to the flag, counted."""
    race = run(seed, greedy)
    n: Counter[str] = Counter()
    for st in race.steps:
        for e in st.events:
            if isinstance(e, ev.SafetyCarDeployed):
                n["sc"] += 1
                at = e.until - panel().periods["safety_car"]  # the radar space it came out on
                n["sc at " + next(k for k, lo in BINS if at >= lo)] += 1
                n["sc: " + ("zones" if "zones" in e.cause else "race control" if "Race Control" in e.cause
                            else "card")] += 1
            elif isinstance(e, ev.EndsUnderSafetyCar):
                n["ended under sc"] += 1
            elif isinstance(e, ev.RedFlag):
                n["red flag"] += 1
            elif isinstance(e, ev.YellowFlag):
                n["yellow flag"] += 1
            elif isinstance(e, ev.EventPlayed) and e.name == "Incident on Track":
                n["incident on track"] += 1
    s = race.state
    crossed: dict[int, int] = {}  # lap -> the round the first car (the leader) crossed the line onto it (§17.1)
    rnd = 0
    for st in race.steps:
        for e in st.events:
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            elif isinstance(e, ev.CrossedLine):
                crossed.setdefault(e.lap, rnd)
    laps = sorted(crossed)
    n["lap rounds"] = sum(crossed[b] - crossed[a] for a, b in zip(laps, laps[1:], strict=False))
    n["leader laps"] = max(0, len(laps) - 1)  # the grid is behind the line: its crossing in round 1 is no lap
    n["rounds"] = s.flag - panel().radar["standard_start"] + 1  # the radar counts on through a Red Flag restart
    n["rounds after 24"] = max(0, s.flag - s.final_lap_at + 1)
    n["laps"] = max(c.lap for c in s.cars.values())
    return n


def report(lo: int, hi: int, greedy: bool) -> None:
    t = time.process_time()
    runs = [measure(seed, greedy) for seed in range(lo, hi)]
    cpu = time.process_time() - t
    k = len(runs)
    ended = sum(1 for r in runs if r["ended under sc"])
    tot = sum(runs, Counter[str]())
    who = "greedy players and Rookies" if greedy else "greedy and random players, Rookies"
    print(f"{k} races ({who}): {ended} ended under the Safety Car ({100 * ended / k:.0f} %); per race: "
          f"{tot['sc'] / k:.2f} SC (zones {tot['sc: zones'] / k:.2f}, Race Control {tot['sc: race control'] / k:.2f}, "
          f"card {tot['sc: card'] / k:.2f}), {tot['red flag'] / k:.2f} Red Flags, {tot['yellow flag'] / k:.2f} Yellow "
          f"Flags, {tot['incident on track'] / k:.2f} 'Incident on Track'")
    print("  Safety Cars by the radar space they came out on: "
          + ", ".join(f"{b} {tot['sc at ' + b] / k:.2f}" for b, _ in reversed(BINS)))
    for key in ("rounds", "rounds after 24", "laps", "leader laps"):  # laps: crossings, the start's included
        xs = [r[key] for r in runs]
        print(f"  {key}: mean {statistics.mean(xs):.1f}, median {statistics.median(xs)}, min {min(xs)}, max {max(xs)}")
    lap = tot["lap rounds"] / max(1, tot["leader laps"])
    print(f"  the leader's lap (a crossing of the line to the next): {lap:.1f} rounds")
    print(f"  {cpu:.1f} s CPU ({1000 * cpu / k:.0f} ms a race)")


def main() -> None:
    args = sys.argv[1:]
    if "--track" in args:  # another shipped circuit (the lap's length, docs/formulagp.md "Lap length calibration")
        i = args.index("--track")
        tid = args[i + 1]
        del args[i:i + 2]
        for module in (measure_formulagp_safety_car, races_formulagp):
            module.race_track = lambda: tid  # type: ignore[attr-defined]
        print(f"track {tid}")
    args = [a for a in args if a != "--still"]
    lo, hi = (int(args[0]), int(args[1])) if len(args) == 2 else (0, 100)
    if "--still" in sys.argv:  # the house rule's other reading (§19.4.1): only a Safety Car out since before space 24
        rules = Rules(safety_car_in_final_lap_ends_race=False)
        for module in (measure_formulagp_safety_car, races_formulagp):
            module.new_race = partial(new_race, rules=rules)  # type: ignore[attr-defined]
        print("safety_car_in_final_lap_ends_race = false")
    for greedy in (True, False):
        report(lo, hi, greedy)


if __name__ == "__main__":
    main()
