"""Random Automobiles races, checked after every action (issue 35, items 2 and 5).

``race(seed)``: 2–5 players, a random card of each action colour, drivers in half the races, the Weaving module in a
third, the default laps; house rules as given. ``play`` applies uniformly random legal actions
(``racebook.core.agents.RandomDriver``) to the end or ``cap`` actions, and after every action checks (``check``):

* §1.2: every cube is in exactly one place — the totals by type over the players' zones (Bag, Active, Used, track,
  Discard, held) and the Stock never change, and no zone holds a zero or negative count;
* §2/§22.2: the five action cards stay the race's, one per colour; each driver card is with one player at most
  (and stays with him);
* §7.3: one car per segment.

It reports the length of each race (actions, rounds) and whether it ended by the laps (§14) or by the house rule
``round_limit``. By hand::

    .venv/bin/python tests/autofuzz.py 1000                      # 1,000 races, default rules, checked
    .venv/bin/python tests/autofuzz.py 200 --no-limit --cap 20000 --no-checks   # the source's rule: lengths only
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import ACTIONS
from racebook.automobiles.drivers import drivers
from racebook.automobiles.events import RoundLimitReached
from racebook.automobiles.game import Race
from racebook.automobiles.options import ROUNDS_PER_LAP, Rules
from racebook.automobiles.setup import new_state
from racebook.core.agents import RandomDriver
from racebook.core.rng import Rng

CAP = 20_000  # actions: only stops a race that would not end


class AutoFuzzFailure(AssertionError):
    """A broken promise found by random play; the message names the seed."""


@dataclass
class Tally:
    races: int = 0
    finished: int = 0
    by_limit: int = 0
    actions: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    verbs: Counter = field(default_factory=Counter)


def race(seed: int, rules: Rules | None = None) -> Race:
    """A random race set-up for ``seed`` (see the module docstring)."""
    rng = Rng(seed ^ 0xA5A5)
    players = 2 + seed % 4
    ids = ["A", "B", "C", "D", "E"][:players]
    cards = {c: (ks := card_set().of_colour(c))[rng.below(len(ks))].id for c in ACTIONS}
    chosen: dict[str, str] = {}
    if seed % 2:
        pool = sorted(drivers())
        rng.shuffle(pool)
        chosen = dict(zip(ids, pool, strict=False))
    return Race(new_state(ids, seed=seed, cards=cards, drivers=chosen, weaving=seed % 3 == 0, rules=rules),
                frames=False)


def check(r: Race, totals: dict[str, int], cards: dict[str, str], held: dict[str, str], where: str) -> None:
    s = r.state
    if s.totals() != totals:
        raise AutoFuzzFailure(f"§1.2 cubes not conserved: {s.totals()} != {totals}; {where}")
    for p in s.players.values():
        for name, z in p.zones().items():
            if any(n <= 0 for n in z.values()):
                raise AutoFuzzFailure(f"§1.2 {p.id}'s {name} holds a count <= 0: {z}; {where}")
    if dict(s.cards) != cards:
        raise AutoFuzzFailure(f"§2 the action cards changed: {s.cards} != {cards}; {where}")
    now = {pid: p.driver for pid, p in s.players.items() if p.driver}
    if now != held or len(set(now.values())) != len(now):
        raise AutoFuzzFailure(f"§22.2 the driver cards moved or doubled: {now} != {held}; {where}")
    cars = [(p.lane, p.progress % s.board.length) for p in s.players.values()]
    if len(set(cars)) != len(cars):
        raise AutoFuzzFailure(f"§7.3 two cars on one segment: {cars}; {where}")


def play(r: Race, seed: int, tally: Tally | None = None, cap: int = CAP, checks: bool = True) -> Race:
    """Uniformly random legal play to the end or ``cap`` actions; with ``checks``, :func:`check` after each."""
    driver = RandomDriver(seed)
    s = r.state
    totals, cards = s.totals(), dict(s.cards)
    held = {pid: p.driver for pid, p in s.players.items() if p.driver}
    n = 0
    while not r.is_over and n < cap:
        legal = r.legal_actions()
        if not legal:
            raise AutoFuzzFailure(f"no legal action but the race is not over; seed {seed}, action {n}")
        a = driver.choose(r, legal)
        try:
            r.apply(a)
        except Exception as e:  # noqa: BLE001 - any exception is the finding
            raise AutoFuzzFailure(f"the legal action {a} raised {type(e).__name__}: {e}; seed {seed}, "
                                  f"action {n}") from e
        n += 1
        if tally is not None:
            tally.verbs[a.verb if hasattr(a, "verb") else type(a).__name__] += 1
        if checks:
            check(r, totals, cards, held, f"seed {seed}, after action {n} ({a}), round {s.round}")
    if tally is not None:
        tally.races += 1
        tally.finished += r.is_over
        tally.by_limit += any(isinstance(e, RoundLimitReached) for e in r.events)
        tally.actions.append(n)
        tally.rounds.append(s.round)
    return r


def spread(xs: list[int]) -> str:
    x, k = sorted(xs), len(xs)
    return (f"min {x[0]}, p10 {x[k // 10]}, median {x[k // 2]}, p90 {x[9 * k // 10]}, max {x[-1]}, "
            f"mean {statistics.mean(x):.0f}")


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("races", type=int)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--cap", type=int, default=CAP)
    ap.add_argument("--no-limit", action="store_true", help="the source's rule: round_limit off")
    ap.add_argument("--no-checks", action="store_true")
    args = ap.parse_args(argv)
    rules = Rules(round_limit=not args.no_limit)
    tally, failures = Tally(), Counter()
    t0 = time.process_time()
    for i in range(args.races):
        seed = args.start + i
        try:
            play(race(seed, rules), seed, tally, args.cap, not args.no_checks)
        except AutoFuzzFailure as e:
            failures[str(e).split(";")[0][:120]] += 1
            print(f"FAIL seed {seed}: {e}", flush=True)
        if (i + 1) % 25 == 0:
            print(f"... {i + 1} races, {tally.finished} ended ({tally.by_limit} by the round limit), "
                  f"{sum(tally.actions)} actions, {sum(failures.values())} failures, "
                  f"{time.process_time() - t0:.0f} s CPU; actions {spread(tally.actions)}; rounds "
                  f"{spread(tally.rounds)}", flush=True)
    print(f"{args.races} races (round_limit {'off' if args.no_limit else f'on: {ROUNDS_PER_LAP} rounds a lap'}, cap "
          f"{args.cap} actions, checks {'off' if args.no_checks else 'after every action'}): {tally.finished} ended "
          f"({tally.by_limit} by the round limit), {tally.races - tally.finished} still running at the cap, "
          f"{sum(failures.values())} failures, {sum(tally.actions)} actions in {time.process_time() - t0:.0f} s CPU")
    print("  actions per race:", spread(tally.actions))
    print("  rounds per race: ", spread(tally.rounds))
    over = sum(a > 3000 for a in tally.actions)
    print(f"  races longer than 3,000 actions: {over}")
    for sig, n in failures.most_common():
        print(f"  {n} x {sig}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
