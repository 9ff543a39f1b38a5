"""Seeded FormulaGP races with Pro BOTs (issue 38, h12): 3-6 cars, 1-3 Pro BOTs, Rookies in every other race, greedy
and random drivers, qualifying every third race, the Advanced race unless ``--standard`` (or both with ``--both``);
each race must reach the flag with every car classified and every card in one place. Prints the engine errors (none
expected), the Pro BOTs' pit stops (and the required stops never made), the other Pro events met and the CPU time.

    PYTHONPATH=. python benchmarks/races_formulagp_pros.py [FIRST LAST] [--pros N] [--standard | --both]
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from racebook.core.log import EventLog
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.bots import propit, rookie
from racebook.formulagp.events import pits as pitev
from racebook.formulagp.integrity import problems
from racebook.formulagp.rules.protyres import PitSide
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, RaceState
from racebook.formulagp.track import race_track


def check(seed: int, kinds: Counter[str], pros_wanted: int | None, mode: Mode) -> str:
    n = 3 + seed % 4
    pros_n = pros_wanted if pros_wanted is not None else 1 + seed % 3
    pros_n = min(pros_n, n)
    rookies_n = min(1, n - pros_n) if seed % 2 else 0
    cars = [f"C{i}" for i in range(n)]
    players = cars[:n - pros_n - rookies_n]
    pros = cars[len(players):len(players) + pros_n]
    bots = cars[len(players) + pros_n:]
    race = new_race(cars, seed, bots=bots, pros=pros, qualifying=seed % 3 == 0, track=race_track(), mode=mode,
                    choose_tyres=mode.advanced)
    drivers = {c: (Greedy(seed + i) if (i + seed) % 2 else RandomDriver(seed + i))
               for i, c in enumerate(cars) if c in players}
    steps = 0
    while not race.is_over and steps < 30_000:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
    if not race.is_over:
        return "not over after 30,000 actions"
    if sorted(race.classification()) != sorted(race.state.cars):
        return "not every car classified"
    s = race.state
    kinds["races"] += 1
    kinds["actions"] += steps
    for st in race.steps:
        for e in st.events:
            name = type(e).__name__
            if name.startswith("Pro"):
                kinds[name] += 1
            if isinstance(e, pitev.PitRejoined) and s.cars[e.car].bot == "pro":
                kinds["Pro pit exits (Cold Tyres)"] += 1
    for pb in s.pro.bots.values():  # required, but the flag reached the cut-off (§22.11.1) or the race ended
        if pb.pit.side is PitSide.ENTRY:
            kinds["stop required at the flag (cut-off or final round)"] += 1
    found = problems(s)
    return f"cards: {found[:2]}" if found else ""


def _watch(kinds: Counter[str]) -> None:
    """Count the turns a pitting Pro BOT (§22.11.1) started on the tile before the pit entry or on it and ended past
    them, on track (N-P7: it pits the next time it comes by)."""
    resolve = rookie.resolve

    def watched(s: RaceState, log: EventLog) -> None:
        assert s.turn is not None
        c = s.cars[s.turn.car]
        near = {propit._approach_tile(s), s.track.pit_entry}
        before = propit.pitting(s, c) and c.pos.tile in near
        resolve(s, log)
        if before and not c.pit and c.pos.tile not in near:
            kinds["pitting Pro BOT drove past the pit entry"] += 1

    rookie.resolve = watched  # type: ignore[assignment]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    pros = int(sys.argv[sys.argv.index("--pros") + 1]) if "--pros" in sys.argv else None
    if pros is not None:
        args.remove(str(pros))
    lo, hi = (int(args[0]), int(args[1])) if len(args) == 2 else (0, 200)
    modes = ([Mode.STANDARD, Mode.ADVANCED] if "--both" in sys.argv else
             [Mode.STANDARD] if "--standard" in sys.argv else [Mode.ADVANCED])
    bad, kinds = 0, Counter[str]()
    _watch(kinds)
    t = time.process_time()
    for seed in range(lo, hi):
        mode = modes[seed % len(modes)]
        try:
            what = check(seed, kinds, pros, mode)
        except Exception as e:  # an engine error is what this script looks for: print it, go on
            what = f"{type(e).__name__}: {e}"
        if what:
            bad += 1
            print(f"seed {seed} ({mode.value}): {what}")
    cpu = time.process_time() - t
    print(f"{hi - lo} races, {bad} with a problem, {cpu:.1f} s CPU")
    for k, v in sorted(kinds.items()):
        print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
