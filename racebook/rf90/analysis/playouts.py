"""Seeded computer races of RF90 for the game registry (:mod:`racebook.core.registry`): the race and the driver
the conformance tests (``tests/conformance``) play out, and ``racebook simulate``'s run, summary and CSV
(:func:`racebook.rf90.analysis.simulate.simulate` — called, never rewritten)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from racebook.core.agents import Driver
from racebook.core.agents import RandomDriver as UniformDriver
from racebook.rf90 import trackfile
from racebook.rf90.analysis import simulate as sim
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.simulate import robots_for
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver as Entry
from racebook.rf90.setup import new_race as _new_race

PLAYERS = ("Blue", "Red", "Green")
TRACK = "teaching"


def new_race(seed: int, frames: bool = False) -> Race:
    """A race on the teaching track: two or three drivers (by seed) and the recommended robots, set up by
    :func:`racebook.rf90.setup.new_race` from ``seed``."""
    players = 2 + seed % 2
    rs = _new_race(trackfile.load_track(TRACK), [Entry(c) for c in PLAYERS[:players]], robots_for(players), seed=seed)
    return Race(rs.state, frames=frames)


def driver(seed: int) -> Driver:
    """Uniformly random on even seeds (short, chaotic races), the greedy computer driver on odd ones (full races)."""
    return UniformDriver(seed) if seed % 2 == 0 else GreedyDriver(seed)


# ------------------------------------------------------------------ racebook simulate (the first game's default)
def simulate(track: str | None, races: int, seed: int = 0, players: int = 3, driver: str = "greedy",
             jobs: int = 1, progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """:func:`racebook.rf90.analysis.simulate.simulate` on ``track`` (default silverstone), the track checked
    before any race is run; ``players=0``: robot races (:data:`~racebook.rf90.analysis.simulate.ROBOTS_ONLY`).
    ``progress(done, races)`` as the results come in (in seed order; the workers are started once)."""
    track = track or "silverstone"
    trackfile.load_track(track)  # a bad track fails before any race is run
    return sim.simulate(track, races, seed, jobs=jobs, progress=progress, players=players, driver=driver)


def summary(results: list[Any]) -> str:
    return sim.summary(results)


def to_csv(results: list[Any]) -> str:
    return sim.to_csv(results)
