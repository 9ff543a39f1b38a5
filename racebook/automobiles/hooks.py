"""Automobiles' hooks for the game registry (:class:`racebook.core.registry.GameHooks`): what ``racebook replay``,
``simulate`` and the conformance tests (``tests/conformance``) ask of a game, each answered by the module that
already does it (the boards' hooks are :mod:`racebook.automobiles.board`'s own functions, so ``racebook tracks``
imports no engine); :func:`simulate` plays seeded computer races for ``racebook simulate --game automobiles``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from racebook.automobiles import integrity
from racebook.automobiles.actionlabels import label as _label
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.board import board_ids
from racebook.automobiles.game import Race
from racebook.automobiles.replayhooks import play_scenario, summary_json  # noqa: F401 - the replay's hooks (issue 36)
from racebook.automobiles.setup import new_state
from racebook.core.agents import Driver, RandomDriver, play_out
from racebook.core.choices import unknown
from racebook.core.errors import DataError
from racebook.core.simresults import play_series, results_csv, winners_summary

PLAYERS = (2, 5)  # §1: two to five players


def new_race(seed: int, frames: bool = False) -> Race:
    """A race on the teaching board set up from ``seed``: seeds 0–1 two players, 2–3 three, … five, then again."""
    return Race(new_state(PLAYERS[0] + seed // 2 % (PLAYERS[1] - PLAYERS[0] + 1), seed=seed), frames=frames)


def driver(seed: int) -> Driver:
    """Uniformly random on even seeds, the greedy computer player on odd ones."""
    return RandomDriver(seed) if seed % 2 == 0 else GreedyDriver()


def label(race: Race, action: Any) -> str:
    return _label(race.state, action)


def problems(race: Race) -> list[str]:
    """§1.2 cubes conserved, §7.3 one car per segment, one card per colour, sponsors in one place
    (:func:`racebook.automobiles.integrity.problems`)."""
    return integrity.problems(race.state)


# ------------------------------------------------------------------ racebook simulate --game automobiles
@dataclass(frozen=True)
class RaceResult:
    seed: int
    order: tuple[str, ...]  # player ids, the winner first (§13, §14)
    rounds: int
    actions: int


def one_race(board: str, seed: int, players: int = 3, driver: str = "greedy") -> RaceResult:
    race = Race(new_state(players, seed=seed, board=board), frames=False)
    play_out(race, GreedyDriver() if driver == "greedy" else RandomDriver(seed), max_steps=10**6)
    return RaceResult(seed, tuple(race.standings()), race.state.round, len(race.actions))


def _race_job(task: tuple[int, str, int, str]) -> RaceResult:
    """One race of :func:`simulate` (a top-level function: a worker process runs it), from its seed, board id,
    players and driver alone."""
    seed, board, players, driver = task
    return one_race(board, seed, players, driver)


def simulate(board: str | None, races: int, seed: int = 0, players: int = 3, driver: str = "greedy",
             jobs: int | str | None = 1, progress: Callable[[int, int], None] | None = None) -> list[RaceResult]:
    """Races ``seed``, ``seed + 1``, … of ``players`` computer players on ``board`` (default: the teaching
    board), in seed order; ``jobs`` > 1 plays them in that many worker processes with the serial results
    (:func:`racebook.core.simresults.play_series`); ``progress(done, races)`` as they come in."""
    board = board or "teaching"
    if board not in board_ids():
        raise DataError(board, "--track", unknown("Automobiles board", board, board_ids()))
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise DataError("<args>", "--players", f"{players} is not in {PLAYERS[0]}..{PLAYERS[1]} (Automobiles §1)")
    return play_series(_race_job, races, seed, (board, players, driver), progress, jobs)


def summary(results: list[RaceResult]) -> str:
    return winners_summary([r.order for r in results], [r.rounds for r in results])


def to_csv(results: list[RaceResult]) -> str:
    return results_csv([(r.seed, r.order, r.rounds, r.actions) for r in results], "order")
