"""RF90's hooks for the game registry (:class:`racebook.core.registry.GameHooks`): what ``racebook replay``,
``scenarios``, ``tracks`` and ``simulate`` and the conformance tests (``tests/conformance``) ask of a game, each
answered by the module that already does it (nothing is implemented twice here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from racebook.core.agents import Driver
from racebook.core.agents import RandomDriver as UniformDriver
from racebook.core.registry import Played
from racebook.rf90 import integrity, scenario, trackfile
from racebook.rf90.actionlabels import label as _label
from racebook.rf90.analysis import simulate as sim
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.simulate import robots_for
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver as Entry
from racebook.rf90.setup import new_race as _new_race

PLAYERS = ("Blue", "Red", "Green")
TRACK = "teaching"


def play_scenario(source: str) -> Played:
    sc = scenario.load(source)
    return Played(sc.id, sc.title, sc.cite, sc.assumed, sc.race)


def summary_json(race: Race, scenario_id: str | None) -> str:
    return scenario.summary_json(race, scenario_id)


def track_ids() -> list[str]:
    return trackfile.available_tracks()  # looked up when called (a test may replace it)


def describe_track(track_id: str) -> str:
    tr = trackfile.load_track(track_id)
    return f"{tr.name} ({len(tr)} sections, pit -{tr.pit_time}, {tr.turns.last_turn} turns)"


def new_race(seed: int, frames: bool = False) -> Race:
    """A race on the teaching track: two or three drivers (by seed) and the recommended robots, set up by
    :func:`racebook.rf90.setup.new_race` from ``seed``."""
    players = 2 + seed % 2
    rs = _new_race(trackfile.load_track(TRACK), [Entry(c) for c in PLAYERS[:players]], robots_for(players), seed=seed)
    return Race(rs.state, frames=frames)


def driver(seed: int) -> Driver:
    """Uniformly random on even seeds (short, chaotic races), the greedy computer driver on odd ones (full races)."""
    return UniformDriver(seed) if seed % 2 == 0 else GreedyDriver(seed)


def label(race: Race, action: Any) -> str:
    return _label(action, race.state)


def problems(race: Race) -> list[str]:
    """§6.1/§23 every card in exactly one place, §2.2 the box's wear tokens, the counts in range
    (:func:`racebook.rf90.integrity.problems`, the check scenario files and saves pass)."""
    return [f"{field}: {reason}" for field, reason in integrity.problems(race.state)]


def check_track(path_or_id: str) -> str:
    """``racebook tracks --check``: load a track file (or id) with the track loader; its one-line description."""
    return describe_track(path_or_id)


# ------------------------------------------------------------------ racebook simulate (the first game's default)
def simulate(track: str | None, races: int, seed: int = 0, players: int = 3, driver: str = "greedy",
             jobs: int = 1, progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """:func:`racebook.rf90.analysis.simulate.simulate` on ``track`` (default silverstone), the track checked
    before any race is run. With ``progress`` the races are played in a few consecutive blocks of seeds (the same
    races and results: race i is built from seed ``seed + i`` alone) and ``progress(done, races)`` is called after
    each block."""
    track = track or "silverstone"
    trackfile.load_track(track)  # a bad track fails before any race is run
    if progress is None:
        return sim.simulate(track, races, seed, players=players, driver=driver, jobs=jobs)
    block = max(1, races // 20, 25 * jobs)
    out: list[Any] = []
    progress(0, races)
    while len(out) < races:
        n = min(block, races - len(out))
        out += sim.simulate(track, n, seed + len(out), players=players, driver=driver, jobs=jobs)
        progress(len(out), races)
    return out


def summary(results: list[Any]) -> str:
    return sim.summary(results)


def to_csv(results: list[Any]) -> str:
    return sim.to_csv(results)
