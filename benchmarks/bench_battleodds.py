"""FormulaGP battle odds (racebook.formulagp.analysis.battleodds; a script, not a timed test): the exact chance of
winning against 2, 4, 6 and 8 unseen cards — Example 17's battle (Orange attacks Green), Green's hand the last cards
of its deck — by the fast path (multisets of card kinds as polynomials) and by the reference (each multiset through
the engine's bid list), CPU per call (process_time, the median of ``--repeat``; the first call includes building the
legality tables), the ratio, and whether the two answers are equal (exact Fractions). Issue 32 item 4's target: under
50 ms for 8 unseen cards (a click); issue 37 item 3's: under 100 ms with the opponent's unseen EVENT cards and skill
weighed — the ``+extras`` lines: Green holds 2 EVENT cards face down (drawn, as Orange sees it, from the 30 it cannot
place, 'Late Braking' among them) and ``driver_skills`` is on (Green's public skill, +2 defending).

    .venv/bin/python benchmarks/bench_battleodds.py [--repeat N] [--reference-max 6]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from racebook.formulagp import scenario
from racebook.formulagp.analysis import battlekinds
from racebook.formulagp.analysis import battleodds as bo
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race

EX17 = "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"


def _race(unseen: int, extras: bool = False) -> Race:
    sc = scenario.read(EX17)
    race = sc.race(play=False)
    for a in sc.actions[:sc.actions.index("Orange end")]:
        race.apply(a)
    race.apply("Orange attack Green")
    s = race.state
    s.cars["Green"].hand = [c.code for c in cards().action][-unseen:]
    if extras:
        s.rules = replace(s.rules, driver_skills=True)
        for x in ("E1", "E2"):
            s.events.pile.remove(x)
            s.cars["Green"].events.append(x)
    return race


def _cpu(f: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        battlekinds._extras.cache_clear()  # each call pays for its legality tables, as a first click does
        t = time.process_time()
        out = f()
        times.append(time.process_time() - t)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--reference-max", type=int, default=6, help="largest hand for the slow reference")
    args = ap.parse_args()
    for model, extras in ((bo.strongest, False), (bo.strongest, True), (bo.uniform, False), (bo.uniform, True)):
        for n in (2, 4, 6, 8):
            race = _race(n, extras)
            fast, a = _cpu(lambda: bo.battle_odds(race, "Orange", model=model), args.repeat)  # noqa: B023
            name = model.__name__ + (" +extras" if extras else "")
            line = f"{name:17} {n} unseen cards: fast {fast * 1000:7.1f} ms CPU"
            if n <= args.reference_max:
                ref, b = _cpu(lambda: bo.battle_odds(race, "Orange", model=model, reference=True), 1)  # noqa: B023
                line += f", reference {ref * 1000:7.1f} ms ({ref / fast:.0f}×), equal: {a == b}"
            print(line)


if __name__ == "__main__":
    main()
