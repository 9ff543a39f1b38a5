"""FormulaGP's hooks for the game registry (:class:`racebook.core.registry.GameHooks`): what ``racebook replay``,
``simulate`` and the conformance suite (``tests/conformance``) ask of a game, each answered by the module that does
it — the scenarios (:mod:`racebook.formulagp.scenario`), the labels (:mod:`racebook.formulagp.actionlabels`), the
conservation check (:mod:`racebook.formulagp.integrity`); the circuits' hooks are
:mod:`racebook.formulagp.trackfiles`' (``racebook tracks`` imports no engine). :func:`simulate` plays seeded races
of computer-driven player cars (``racebook simulate --game formulagp``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from racebook.core.agents import Driver, play_out
from racebook.core.agents import RandomDriver as CoreRandom
from racebook.core.choices import unknown
from racebook.core.errors import DataError
from racebook.core.simresults import play_series, results_csv, winners_summary
from racebook.formulagp import integrity
from racebook.formulagp.actionlabels import label as _label
from racebook.formulagp.agents import Greedy
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.replayhooks import play_scenario, summary_json  # noqa: F401 - the replay's hooks (issue 36)
from racebook.formulagp.setup import MAX_CARS, MIN_CARS
from racebook.formulagp.setup import new_race as _new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track, track_ids

CARS = ("Grey", "Red", "Blue", "Orange", "Green", "Yellow")  # the car colours of the rulebook's examples first


#: how a full race starts: "qualifying" (the Standard race, §9; the default of the registry and ``simulate``) or
#: "grid" (the cars' order is the grid, as ``new_race(..., qualifying=False)``)
STARTS = ("qualifying", "grid")


def new_race(seed: int, frames: bool = False, start: str = "qualifying") -> Race:
    """A full Standard race on the race circuit (:func:`racebook.formulagp.track.race_track`) from ``seed`` (set-up,
    qualifying §9, the start, the race; with ``start="grid"`` from the cars' order): seeds 0-1 two cars, 2-3 three, …
    10-11 six, then again."""
    n = MIN_CARS + seed // 2 % (MAX_CARS - MIN_CARS + 1)
    return _new_race(CARS[:n], seed, frames=frames, qualifying=_qualifying(start), track=race_track())


def _qualifying(start: str) -> bool:
    if start not in STARTS:
        raise DataError("<args>", "--start", unknown("FormulaGP race start", start, list(STARTS)))
    return start == "qualifying"


def _mode(mode: str) -> Mode:
    if mode not in {m.value for m in Mode}:
        raise DataError("<args>", "--mode", unknown("FormulaGP race mode", mode, [m.value for m in Mode]))
    return Mode(mode)


class GreedyDriver:
    """The greedy computer driver (:class:`racebook.formulagp.agents.Greedy`) as a core driver (``choose(race,
    legal)``), for any car."""

    def __init__(self, seed: int = 0) -> None:
        self.greedy = Greedy(seed)

    def choose(self, race: Race, legal: list[Any]) -> Any:
        return self.greedy.choose(race)


def driver(seed: int) -> Driver:
    """Uniformly random on even seeds, the greedy computer driver on odd ones."""
    return CoreRandom(seed) if seed % 2 == 0 else GreedyDriver(seed)


def label(race: Race, action: Any) -> str:
    return _label(race.state, action)


def problems(race: Race) -> list[str]:
    """Each car's 45 ACTION cards in one place, resources on their tracks, one car a space
    (:func:`racebook.formulagp.integrity.problems`)."""
    return integrity.problems(race.state)


# ------------------------------------------------------------------ racebook simulate --game formulagp
@dataclass(frozen=True)
class RaceResult:
    seed: int
    classification: tuple[str, ...]  # winner first (§17.2)
    rounds: int
    actions: int


def house_rules(text: str) -> Rules:
    """The house rules' text (``name=value,…``, :meth:`racebook.core.houserules.HouseRules.parse_text`; empty: the
    defaults), a bad one a clean one-line error naming ``--rules``."""
    try:
        return Rules.parse_text(text) if text else Rules()
    except ValueError as e:
        raise DataError("<args>", "--rules", str(e)) from None


def one_race(track: str, seed: int, players: int = 3, driver: str = "greedy",
             start: str = "qualifying", mode: str = "standard", pros: int = 0, rookies: int = 0,
             rules: str = "") -> RaceResult:
    """One full race of computer-driven cars: qualifying first (§9) unless ``start="grid"``; the Standard race, or
    the Advanced race with ``mode="advanced"`` (§1, §4.2 b; issue 38); ``pros`` Pro BOTs (§22.2) and ``rookies``
    Rookie BOTs (§22.5) after the players, run by the rules; ``rules`` the house rules' text (§21, §24)."""
    cars = CARS[:players + pros + rookies]
    race = _new_race(cars, seed, track=track, qualifying=_qualifying(start), mode=_mode(mode), rules=house_rules(rules),
                     pros=cars[players:players + pros], bots=cars[players + pros:],
                     choose_tyres=_mode(mode).advanced)  # [ADV] start tyres for the forecast (§4.6, weather)
    chosen: Driver = GreedyDriver(seed) if driver == "greedy" else CoreRandom(seed)
    play_out(race, chosen, max_steps=10**6)
    return RaceResult(seed, race.classification(), race.state.round, len(race.actions))


def _race_job(task: tuple[int, str, int, str, str, str, int, int, str]) -> RaceResult:
    """One race of :func:`simulate` (a top-level function: a worker process runs it), from its seed, track id,
    players, driver, start, mode, BOTs and house rules' text alone."""
    seed, track, players, driver, start, mode, pros, rookies, rules = task
    return one_race(track, seed, players, driver, start, mode, pros, rookies, rules)


def simulate(track: str | None, races: int, seed: int = 0, players: int = 3, driver: str = "greedy",
             jobs: int | str | None = 1, progress: Callable[[int, int], None] | None = None,
             start: str = "qualifying", mode: str = "standard", pros: int = 0, rookies: int = 0,
             rules: str = "") -> list[RaceResult]:
    """Races ``seed``, ``seed + 1``, … of ``players`` computer-driven cars on ``track`` (default: the race circuit,
    :func:`racebook.formulagp.track.race_track`), each a full Standard race from qualifying (§9; ``start="grid"``:
    from the cars' order, ``racebook simulate --start grid``), in seed order; ``jobs`` > 1 plays them in that many
    worker processes with the serial results (:func:`racebook.core.simresults.play_series`); ``progress(done,
    races)`` as they come in. ``mode="advanced"`` plays the Advanced race (§1, §4.2 b; ``racebook simulate --mode
    advanced``). ``pros`` Pro BOTs and ``rookies`` Rookie BOTs join the ``players`` (``--pros``, ``--rookies``; the
    field 2..6 cars in all); ``rules`` the house and optional rules that differ from the defaults, as
    ``name=value,…`` (``--rules``, §21)."""
    _qualifying(start)
    _mode(mode)
    house_rules(rules)  # a bad text fails before any race is played
    track = track or race_track()
    if track not in track_ids():
        raise DataError(track, "--track", unknown("FormulaGP track", track, track_ids()))
    if not MIN_CARS <= players <= MAX_CARS and not (pros or rookies):
        raise DataError("<args>", "--players", f"{players} is not in {MIN_CARS}..{MAX_CARS} (FormulaGP §4.6: "
                                               "the circuits' grids)")
    if not MIN_CARS <= players + pros + rookies <= MAX_CARS:
        raise DataError("<args>", "--pros", f"{players} players + {pros} Pro BOTs + {rookies} Rookie BOTs is not "
                                            f"{MIN_CARS}..{MAX_CARS} cars (FormulaGP §4.6: the circuits' grids)")
    return play_series(_race_job, races, seed, (track, players, driver, start, mode, pros, rookies, rules), progress,
                       jobs)


def summary(results: list[RaceResult]) -> str:
    return winners_summary([r.classification for r in results], [r.rounds for r in results])


def to_csv(results: list[RaceResult]) -> str:
    return results_csv([(r.seed, r.classification, r.rounds, r.actions) for r in results], "classification")
