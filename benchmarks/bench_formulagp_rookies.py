"""FormulaGP races with Rookie BOTs (issue 37 item 2; a script, not a timed test): seeded races of greedy computer
drivers (player cars) and Rookie BOTs mixed, 2-6 cars, from one BOT to all BOTs, run to the classification. Prints
the engine errors (the goal: 0), the CPU per race (``time.process_time``) by field size, what the Rookies did (the
battles they started, their results, their pushes), and issue 37's target race: 6 cars, 4 players and 2 Rookies (the
target for the finished engine is 100 ms).

    .venv/bin/python benchmarks/bench_formulagp_rookies.py [--races N]
"""

from __future__ import annotations

import argparse
import statistics
import time
import traceback
from collections import Counter

from racebook.formulagp import events as ev
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import race_track

BOT_CODES = Counter([x.code for x in bot_cards().tactics] + [x.code for x in bot_cards().battle])
DID: Counter[str] = Counter()  # what the Rookies did in the seeded races


def _count(race: object, bots: list[str]) -> None:
    for e in race.events:  # type: ignore[attr-defined]
        if isinstance(e, bev.BotAttackDecided):
            DID["in position"] += 1
            DID["attacks" if " attacks" in e.does else "aborts"] += 1
        elif isinstance(e, bev.BotHeld):
            DID["held (zone/SC/VSC)"] += 1
        elif isinstance(e, ev.BattleResolved) and e.attacker in bots:
            DID[f"vs {'BOT' if e.defender in bots else 'player'}: {e.result}"] += 1
        elif isinstance(e, ev.Pushed) and e.car in bots:
            DID["pushes"] += 1


def one(seed: int, n: int, bots: list[str], each: bool = False, count: bool = False) -> tuple[float, int]:
    cars = [f"C{i}" for i in range(n)]
    t = time.process_time()
    race = new_race(cars, seed, bots=bots, rules=Rules(rookie_tactics_each=each), track=race_track())
    acts = play_out(race, {c: Greedy(seed + i) for i, c in enumerate(cars) if c not in bots}, max_actions=20_000)
    cpu = time.process_time() - t
    if sorted(race.classification()) != sorted(cars) or Counter(race.state.bots.cards()) != BOT_CODES:
        raise AssertionError(f"seed {seed}: not classified, or a BOT card lost")
    if count:
        _count(race, bots)
    return cpu, acts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--races", type=int, default=200)
    n_races = ap.parse_args().races
    errors, by_size, actions, bots_total = 0, {}, 0, 0
    t0 = time.process_time()
    for seed in range(n_races):
        n = 2 + seed % 5
        k = 1 + (seed // 5) % n  # 1 .. n BOTs
        cars = [f"C{i}" for i in range(n)]
        bots = cars[n - k:] if seed % 2 else cars[:k]
        try:
            cpu, acts = one(seed, n, bots, each=seed % 3 == 0, count=True)
        except Exception:  # noqa: BLE001 - counted and shown: the measurement is the error count
            errors += 1
            traceback.print_exc()
            continue
        by_size.setdefault(n, []).append(cpu)
        actions += acts
        bots_total += k
    total = time.process_time() - t0
    print(f"{n_races} seeded mixed races (greedy players + Rookie BOTs, {bots_total} BOT cars): {errors} engine "
          f"errors, {actions:,} player actions, {total:.1f} s CPU, {1000 * total / n_races:.0f} ms a race")
    for n in sorted(by_size):
        print(f"  {n} cars: {1000 * statistics.median(by_size[n]):.0f} ms CPU (median of {len(by_size[n])})")
    print("  the Rookies: " + ", ".join(f"{k} {v}" for k, v in sorted(DID.items())))
    target, alone, players = [], [], []
    for seed in range(20):  # interleaved, so that the machine's load falls on all three alike
        target.append(one(seed, 6, ["C4", "C5"])[0])
        alone.append(one(seed, 6, [f"C{i}" for i in range(6)])[0])
        t = time.process_time()
        ids = [f"C{i}" for i in range(6)]
        play_out(new_race(ids, seed, track=race_track()), {c: Greedy(seed + i) for i, c in enumerate(ids)})
        players.append(time.process_time() - t)
    m, a, p = (1000 * statistics.median(x) for x in (target, alone, players))
    print(f"6 cars, 4 greedy players + 2 Rookies: {m:.0f} ms CPU (median of 20; the finished engine's target is "
          f"100 ms); 6 Rookies: {a:.0f} ms; 6 greedy players: {p:.0f} ms (ratio 4+2 / 6 players {m / p:.2f})")


if __name__ == "__main__":
    main()
