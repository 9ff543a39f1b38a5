"""Listing equivalence (issue 16, items 2–3): the legal phase-C plays (§13.C, §19.1 Track-Card eligibility) of ~100
seeded mid-race positions, on every shipped track, are exactly those recorded from the engine before the Track-Card
dry runs were made cheap — the same action texts in the same order.

The positions come from seeded races with automatic drivers (mixed strategies, tyres and skills, so wrong-tyre
penalties, PUSH pairs, SAVE FUEL, trajectories, ET modes and "-1" corners all occur); each is a phase-C decision of
a human car holding a Track Card. Regenerate the golden file only from an engine known to be right:

    .venv/bin/python tests/rf90/test_listing_equivalence.py --force
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from racebook.rf90.analysis.drivers import GreedyDriver, RandomDriver
from racebook.rf90.car import Skill, Strategy, Tyre
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import Phase, cardplay

if str(Path(__file__).resolve().parents[1]) not in sys.path:  # run as a script (--force): tests/ holds the helpers
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from equivalence import golden_robots  # noqa: E402 - the line-ups the golden file was recorded with

GOLDEN = Path(__file__).parent / "data" / "listing_golden.json"
TRACKS = ("silverstone", "monza", "teaching")
PER_RACE = 9  # positions kept per race, evenly spread over its phase-C decisions with a Track Card in hand
COLOURS = ("Blue", "Red", "Green", "Orange")
# (strategy, tyre, skill) per player: wrong tyres give §16.2 penalties; PUSH pairs (§26.7); FLAT OUT ET modes
LINEUPS = (
    ((Strategy.SAVE_FUEL, Tyre.HARD, None), (Strategy.PUSH, Tyre.SOFT, Skill.FLAT_OUT),
     (Strategy.BANGING_WHEELS, Tyre.RAIN, None), (Strategy.SAVE_TYRES, Tyre.INTERMEDIATE, Skill.LAPPING)),
    ((Strategy.PUSH, Tyre.HARD, None), (Strategy.HAZARD, Tyre.HARD, Skill.RAIN_EXPERT),
     (Strategy.RECOVERY, Tyre.SOFT, None), (Strategy.BALANCE, Tyre.HARD, Skill.FLAT_OUT)),
)
RACES = tuple((track, seed, lineup, driver) for track in TRACKS for seed in (1, 2, 3)
              for lineup, driver in ((0, "greedy"), (1, "random")) if (seed + lineup) % 2 or seed == 3)


def _play_race(track: str, seed: int, lineup: int, driver: str) -> dict[str, list[str]]:
    """Play the race; return the legal action texts of the sampled phase-C positions, keyed by step."""
    players = LINEUPS[lineup]
    drivers = [Driver(COLOURS[i], skill=sk, tyre=ty, strategy=st) for i, (st, ty, sk) in enumerate(players)]
    rs = new_race(load_track(track), drivers, golden_robots(len(players)), seed=seed)
    race = Race(rs.state, frames=False)
    pick = {d.id: GreedyDriver(seed + i) if driver == "greedy" else RandomDriver(seed + i)
            for i, d in enumerate(drivers)}
    seen: list[tuple[int, list[str]]] = []
    while not race.is_over:
        legal = race.legal_actions()
        if not legal:
            break
        who = legal[0].car
        car = race.state.cars.get(who)
        if race.duel is None and race.phase is Phase.PLAY and car is not None and not car.is_robot \
                and any(race.state.card(c).is_track for c in car.hand):
            seen.append((len(race.steps), [str(a) for a in legal]))
        race.apply(pick[who].choose(race, legal))
    if len(seen) > PER_RACE:
        seen = [seen[round(k * (len(seen) - 1) / (PER_RACE - 1))] for k in range(PER_RACE)]
    return {str(step): texts for step, texts in seen}


def listings() -> dict[str, Any]:
    return {f"{track}/seed{seed}/lineup{lineup}/{driver}": _play_race(track, seed, lineup, driver)
            for track, seed, lineup, driver in RACES}


def test_phase_c_listings_match_golden() -> None:
    """§13.C/§19.1: the same legal plays, in the same order, as the engine that wrote the golden file."""
    golden = json.loads(GOLDEN.read_text())
    now = listings()
    assert sum(len(v) for v in golden.values()) >= 90
    assert now.keys() == golden.keys()
    for race, positions in golden.items():
        assert now[race] == positions, race


def test_one_dry_run_answers_every_smaller_mp() -> None:
    """§19.1: a dry run made with the most MP gives, for every smaller MP, the sections a run with that MP enters
    (movement spends MP along one path, §13.E); with or without a "-1" corner (§19.2); the state is unchanged."""
    players = LINEUPS[0]
    drivers = [Driver(COLOURS[i], skill=sk, tyre=ty, strategy=st) for i, (st, ty, sk) in enumerate(players)]
    rs = new_race(load_track("silverstone"), drivers, golden_robots(len(players)), seed=5)
    race = Race(rs.state, frames=False)
    pick = {d.id: GreedyDriver(5 + i) for i, d in enumerate(drivers)}
    compared = 0
    while not race.is_over and compared < 400:
        legal = race.legal_actions()
        who = legal[0].car
        s = race.state
        if race.duel is None and race.phase is Phase.PLAY and not s.cars[who].is_robot and len(race.steps) % 3 == 0:
            car = s.cars[who]
            before = (s.to_dict(), {k: list(v) for k, v in s.order.items()}, s.leader, s.fas_anchor)
            for m1 in (None, *(c.number for c in s.track.corners)):
                run = cardplay._record(s, car, 12, m1, 1)
                for mp in range(13):
                    assert run.visited(mp) == cardplay._record(s, car, mp, m1, 1).visited(mp)
                    compared += 1
            assert (s.to_dict(), s.order, s.leader, s.fas_anchor) == before
        race.apply(pick[who].choose(race, legal))
    assert compared >= 400


if __name__ == "__main__":
    if GOLDEN.exists() and "--force" not in sys.argv:
        sys.exit(f"{GOLDEN} exists: pass --force to overwrite it (only from an engine known to be right)")
    data = listings()
    GOLDEN.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {sum(len(v) for v in data.values())} positions from {len(data)} races to {GOLDEN}")
