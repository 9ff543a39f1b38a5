"""racebook benchmarks (a script, not a timed test).

    .venv/bin/python benchmarks/bench.py            # engine figures
    .venv/bin/python benchmarks/bench.py --notebooks  # also time the notebook suite under nbval

Reports: time per individual turn, time per full race (10 cars, the full turn indicator) with robots only and
with automatic human drivers, races per second, 1,000 robot races on one core, exact-odds computation time.
Targets (issue): individual turn < 100 µs, full robot race < 20 ms, 1,000 races < 30 s on one core.
Times are CPU time of this process (time.process_time), so a busy machine does not inflate them.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from racebook.rf90 import events as ev  # noqa: E402
from racebook.rf90.analysis import odds  # noqa: E402
from racebook.rf90.analysis.simulate import one_race  # noqa: E402
from racebook.rf90.car import RobotType  # noqa: E402
from racebook.rf90.game import Race  # noqa: E402
from racebook.rf90.setup import new_race  # noqa: E402
from racebook.rf90.trackfile import load_track  # noqa: E402

TEN_ROBOTS = [(f"SuperFast{i}", RobotType.SUPERFAST) for i in range(1, 4)] + \
    [(f"Fast{i}", RobotType.FAST) for i in range(1, 5)] + [(f"Slow{i}", RobotType.SLOW) for i in range(1, 4)]


def robot_race(seed: int, track: str = "silverstone") -> tuple[float, int]:
    rs = new_race(load_track(track), [], TEN_ROBOTS, seed=seed)
    t0 = time.process_time()
    race = Race(rs.state, frames=False)
    dt = time.process_time() - t0
    assert race.is_over
    turns = sum(1 for e in race.events if isinstance(e, ev.TurnBegins))
    return dt, turns


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=1000)
    ap.add_argument("--notebooks", action="store_true")
    args = ap.parse_args()
    load_track("silverstone")
    robot_race(0)  # warm up imports and caches

    times, turns = [], []
    for i in range(50):
        dt, n = robot_race(i)
        times.append(dt)
        turns.append(n)
    per_race = statistics.median(times)
    per_turn = sum(times) / sum(turns)
    print(f"full robot race (10 cars, {load_track('silverstone').turns.last_turn} turns): "
          f"median {per_race * 1e3:.1f} ms; {per_turn * 1e6:.0f} µs per individual turn")

    t0 = time.process_time()
    human_turns = 0
    for i in range(20):
        race, _ = one_race("silverstone", seed=i, players=4, robots=TEN_ROBOTS[:6])
        human_turns += sum(1 for e in race.events if isinstance(e, ev.TurnBegins))
    dt = time.process_time() - t0
    print(f"full race with 4 automatic human drivers + 6 robots: {dt / 20 * 1e3:.0f} ms per race; "
          f"{dt / human_turns * 1e6:.0f} µs per individual turn (incl. legal-action listing and driver choice)")

    t0 = time.process_time()
    for i in range(args.races):
        robot_race(i)
    dt = time.process_time() - t0
    print(f"{args.races} robot races on one core: {dt:.1f} s ({args.races / dt:.0f} races/s)")

    sc_race, _ = one_race("silverstone", seed=1)
    mid = sc_race.at(len(sc_race.actions) // 2)
    t0 = time.process_time()
    for _ in range(100):
        mid.clone()
    t_clone = (time.process_time() - t0) / 100
    t0 = time.process_time()
    for _ in range(10):
        sc_race.at(len(mid.actions))
    t_at = (time.process_time() - t0) / 10
    print(f"copying a mid-race position ({len(mid.actions)} actions): Race.clone() {t_clone * 1e3:.2f} ms, "
          f"replay by at(n) {t_at * 1e3:.1f} ms")
    s = sc_race.at(40).state
    car = next(c for c in s.cars.values() if not c.is_robot and c.on_track)
    t0 = time.process_time()
    for _ in range(20):
        odds.duel_vs_robot(s, car.id, 5, -2)
    print(f"exact duel odds vs a robot's two blind cards: {(time.process_time() - t0) / 20 * 1e3:.1f} ms "
          f"({odds.duel_vs_robot(s, car.id, 5, -2).pairs} pairs enumerated)")
    zone = next(x for x in s.track.sections if x.lb_modifier is not None)
    s.remove(car.id)
    s.place(car.id, zone.name)
    t0 = time.process_time()
    for _ in range(20):
        odds.late_braking(s, car)
    print(f"exact late-braking odds incl. the off-track route ({zone.name}): "
          f"{(time.process_time() - t0) / 20 * 1e3:.1f} ms")

    if args.notebooks:
        t0 = time.process_time()
        r = subprocess.run([sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "notebooks", "-q"],
                           cwd=ROOT, capture_output=True, text=True)
        print(f"notebook suite under nbval: {time.process_time() - t0:.0f} s "
              f"({r.stdout.strip().splitlines()[-1] if r.stdout.strip() else 'no output'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
