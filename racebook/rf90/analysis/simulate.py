"""Monte Carlo: many seeded races with automatic drivers, and what happened in them (§25 classification)."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from racebook.core.workers import (  # noqa: F401 - re-exported: the names were defined here first
    MAX_JOBS,
    JobsError,
    chunk_size,
    map_in_order,
    resolve_jobs,
    run_in_order,
    worker_pool,
)
from racebook.rf90.analysis.drivers import Driver as Agent
from racebook.rf90.analysis.drivers import GreedyDriver, RandomDriver
from racebook.rf90.analysis.drivers import play_out as _play
from racebook.rf90.car import RobotType, Status, Strategy, Tyre
from racebook.rf90.game import Race
from racebook.rf90.rules.classification import classification
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.teams import lineup, lineup_robots
from racebook.rf90.trackfile import load_track

COLOURS = ("Blue", "Red", "Green", "Orange", "Pink", "Yellow")
#: Robots (SuperFast, Fast, Slow) by number of players: Expansion #1's recommended advanced line-ups for 2-6 players
#: (§5.3; racebook/rf90/data/robot_lineups.toml); the one-player row is invented-for-teaching.
ROBOTS_BY_PLAYERS = {p: lineup(p, "advanced").counts for p in range(1, 7)}
#: The field of a race without players (``players=0``, ``racebook simulate --players 0``: the benchmarks' robot
#: races): ten robots, 3 SuperFast, 4 Fast and 3 Slow. invented-for-teaching: no rule sets up a race without players
#: (Expansion #1 §5.3's table starts at two); ten cars of the three kinds, as a full grid of robots.
ROBOTS_ONLY: tuple[tuple[str, RobotType], ...] = (
    *((f"SuperFast{i}", RobotType.SUPERFAST) for i in range(1, 4)),
    *((f"Fast{i}", RobotType.FAST) for i in range(1, 5)),
    *((f"Slow{i}", RobotType.SLOW) for i in range(1, 4)))


@dataclass(frozen=True)
class RaceResult:
    seed: int
    winner: str
    order: tuple[str, ...]
    retired: tuple[str, ...]
    pit_turns: dict[str, tuple[int, ...]] = field(default_factory=dict)
    actions: int = 0


def robots_for(players: int, level: str = "advanced") -> list[tuple[str, RobotType]]:
    """The recommended robot line-up for ``players`` (Expansion #1 §5.3): SuperFast1…, Fast1…, Slow1…; no players:
    :data:`ROBOTS_ONLY`."""
    return lineup_robots(players, level) if players else list(ROBOTS_ONLY)


def one_race(track: str, seed: int, players: int = 3, driver: str = "greedy", refuel: int = 12,
             tyre: Tyre = Tyre.HARD, strategy: Strategy = Strategy.SAVE_TYRES, late_brake: bool | None = None,
             frames: bool = False, robots: list[tuple[str, RobotType]] | None = None) -> tuple[Race, RaceResult]:
    """Set up and play one race; every player uses the same chit, tyres and strategy unless told otherwise."""
    t = load_track(track)
    drivers = [Driver(COLOURS[i], refuel=refuel, qualify_card=0, tyre=tyre, strategy=strategy)
               for i in range(players)]
    rs = new_race(t, drivers, robots_for(players) if robots is None else robots, seed=seed)
    race = Race(rs.state, frames=frames)
    pick: dict[str, Agent] = {
        d.id: (GreedyDriver(seed + i, late_brake=late_brake) if driver == "greedy" else RandomDriver(seed + i))
        for i, d in enumerate(drivers)}
    pits: dict[str, list[int]] = {c: [] for c in race.state.cars}
    seen = {c: 0 for c in race.state.cars}
    steps = 0

    def record(r: Race) -> None:
        nonlocal steps
        steps += 1
        for cid, car in r.state.cars.items():
            if car.pits != seen[cid]:
                seen[cid] = car.pits
                pits[cid].append(r.state.turn)

    _play(race, pick, on_step=record)
    s = race.state
    # the §25 classification of the cars on the track (cars at a re-entry point and retired cars are not listed)
    order = tuple(c for c in classification(s, in_race_only=True) if s.cars[c].off_track is None)
    return race, RaceResult(seed, s.leader or "-", order,
                            tuple(c.id for c in s.cars.values() if c.status is not Status.RACING),
                            {c: tuple(v) for c, v in pits.items() if v}, steps)


# ------------------------------------------------------------------ Monte Carlo on every core (racebook.core.workers)
def _race_job(task: tuple[str, int, dict[str, Any]]) -> RaceResult:
    """One race of :func:`simulate` in a worker process: built from the track, the seed and the options alone."""
    track, seed, kw = task
    return one_race(track, seed, **kw)[1]


def simulate(track: str, races: int, seed: int = 0, jobs: int | str | None = 1,
             progress: Callable[[int, int], None] | None = None, **kw: Any) -> list[RaceResult]:
    """Races ``seed``, ``seed + 1``, … (``races`` of them) played by :func:`one_race` with the options ``kw``; the
    results in seed order. ``jobs`` > 1 (0 or ``"auto"``: every core) plays them in that many processes, started
    once, in chunks of consecutive seeds, each task naming the track by its id (a worker loads it once), with results
    identical to the serial run (:func:`run_in_order`); ``progress(done, races)`` as the results come in."""
    if races > 1 and resolve_jobs(jobs) > 1:
        load_track(track)  # parsed once here: forked workers inherit the cache instead of each parsing the file
    return run_in_order(_race_job, [(track, seed + i, kw) for i in range(races)], jobs, progress)


def summary(results: list[RaceResult]) -> str:
    n = len(results)
    wins = Counter(r.winner for r in results)
    rets = Counter(c for r in results for c in r.retired)
    pit_turns = Counter(t for r in results for ts in r.pit_turns.values() for t in ts)
    lines = [f"{n} races"]
    lines.append("winners: " + ", ".join(f"{c} {k} ({100 * k / n:.0f}%)" for c, k in wins.most_common()))
    lines.append("retirements: " + (", ".join(f"{c} {k}" for c, k in rets.most_common()) or "none"))
    lines.append("pit stops by turn: " + (", ".join(f"t{t}: {k}" for t, k in sorted(pit_turns.items())) or "none"))
    return "\n".join(lines)


def to_csv(results: list[RaceResult]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["seed", "winner", "order", "retired", "pit_turns", "actions"])
    for r in results:
        w.writerow([r.seed, r.winner, " ".join(r.order), " ".join(r.retired),
                    "; ".join(f"{c}:{'/'.join(map(str, t))}" for c, t in sorted(r.pit_turns.items())), r.actions])
    return buf.getvalue()
