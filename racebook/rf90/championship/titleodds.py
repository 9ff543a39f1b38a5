"""Who wins the title? Monte Carlo over the remaining races (beyond the book).

After ``k`` races, each sample plays the remaining races ``k+1 … n`` through the **real race engine**
(:func:`~racebook.rf90.championship.runner.play_race`, computer drivers), adds them to the results so far and
reads the final standings (§6.5, §6.6, countback included). A title that the countback leaves shared between
``m`` drivers (AMB-X1-36) counts ``1/m`` for each. Sample ``j`` of the odds after race ``k`` plays race ``r`` from
seed ``odds_seed(seed, k, j, r)``, so the odds are reproducible from ``seed`` whatever the number of worker
processes (``jobs``, as :func:`racebook.rf90.analysis.simulate.map_in_order`).

One implementation: :func:`sample_ends` samples ends of season (:class:`SeasonEnd`, the champions), :func:`tally`
counts them; ``title_odds = tally(sample_ends(…))``. :mod:`racebook.rf90.championship.oddsfile` ships the sampled
ends of notebook 16's run and tallies them the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from racebook.core.workers import map_in_order, resolve_jobs, worker_pool
from racebook.rf90.championship.points import RaceResult, score_race
from racebook.rf90.championship.runner import SeasonRun, play_race
from racebook.rf90.championship.season import Season
from racebook.rf90.championship.standings import champions, driver_standings, team_standings
from racebook.rf90.trackfile import load_track


@dataclass(frozen=True)
class TitleOdds:
    """P(title) for every driver and team after ``after`` races (0 = before the season), from ``samples`` seasons."""

    after: int
    samples: int
    drivers: tuple[tuple[str, float], ...]
    teams: tuple[tuple[str, float], ...]

    def driver(self, name: str) -> float:
        return dict(self.drivers)[name]

    def team(self, name: str) -> float:
        return dict(self.teams)[name]


def odds_seed(seed: int, after: int, sample: int, round_no: int) -> int:
    """The seed of race ``round_no`` in sample ``sample`` of the odds after ``after`` races."""
    return ((seed * 16 + after) * 1_000_003 + sample) * 16 + round_no


@dataclass(frozen=True)
class SeasonEnd:
    """One sampled end of season: the drivers' and the teams' champions (more than one each when the countback
    leaves the title shared, AMB-X1-36)."""

    drivers: tuple[str, ...]
    teams: tuple[str, ...]


def sampled_end(season: Season, results: Sequence[RaceResult], seed: int, sample: int) -> SeasonEnd:
    """Sample ``sample`` of the end of ``season`` after the races ``results``: the races left played from
    :func:`odds_seed` ``(seed, len(results), sample, round)``, then the champions of the final standings."""
    done = list(results)
    for r in range(len(results) + 1, len(season.calendar) + 1):
        done.append(play_race(season, r, odds_seed(seed, len(results), sample, r))[1])
    scores = [score_race(season, x) for x in done]
    return SeasonEnd(champions(driver_standings(season, scores)), champions(team_standings(season, scores)))


def _one(task: tuple[Season, tuple[RaceResult, ...], int, int]) -> SeasonEnd:
    """:func:`sampled_end` of one task (a top-level function: worker processes run it)."""
    return sampled_end(*task)


def sample_ends(season: Season, results: Sequence[RaceResult], samples: int = 100, seed: int = 0,
                progress: Callable[[int, int], None] | None = None, jobs: int | str | None = 1,
                pool: ProcessPoolExecutor | None = None) -> list[SeasonEnd]:
    """Samples ``0 … samples-1`` of the end of the season after the races ``results`` (a finished season has one
    end: the list then holds it once); ``progress(done, n)`` after each sample. ``pool``: workers started once for
    several calls (:func:`racebook.rf90.analysis.simulate.worker_pool`)."""
    n = samples if len(results) < len(season.calendar) else 1  # a finished season has one outcome
    ends = []
    for end in iter_sample_ends(season, results, samples, seed, jobs, pool):
        ends.append(end)
        if progress is not None:
            progress(len(ends), n)
    return ends


def iter_sample_ends(season: Season, results: Sequence[RaceResult], samples: int = 100, seed: int = 0,
                     jobs: int | str | None = 1, pool: ProcessPoolExecutor | None = None) -> Iterator[SeasonEnd]:
    """:func:`sample_ends` one end at a time, in sample order."""
    done = tuple(results)
    n = samples if len(done) < len(season.calendar) else 1  # a finished season has one outcome
    tasks = [(season, done, seed, j) for j in range(n)]  # the tracks by id: a worker loads each one once
    if pool is None and n > 1 and resolve_jobs(jobs) > 1:
        _load_tracks(season, len(done))
    yield from map_in_order(_one, tasks, jobs, pool=pool)


def _load_tracks(season: Season, done: int) -> None:
    """The tracks of the races left, parsed once here before the workers start: forked workers inherit the cache
    (a spawned one loads each track itself, once)."""
    for rnd in season.calendar[done:]:
        load_track(rnd.track)


def tally(season: Season, after: int, ends: Sequence[SeasonEnd]) -> TitleOdds:
    """The title odds after ``after`` races from the sampled ends: each end's champion scores 1, a title shared
    between ``m`` champions ``1/m`` each; P = score / number of ends."""
    d_win = {d: 0.0 for d in season.drivers}
    t_win = {name: 0.0 for name, _ in season.lineup}
    for end in ends:
        for d in end.drivers:
            d_win[d] += 1 / len(end.drivers)
        for t in end.teams:
            t_win[t] += 1 / len(end.teams)
    n = len(ends)
    return TitleOdds(after, n, tuple((d, p / n) for d, p in d_win.items()),
                     tuple((t, p / n) for t, p in t_win.items()))


def title_odds(season: Season, results: Sequence[RaceResult], samples: int = 100, seed: int = 0,
               progress: Callable[[int, int], None] | None = None, jobs: int | str | None = 1) -> TitleOdds:
    """P(title) after the races ``results`` (see the module docstring); ``progress(done, samples)`` per sample."""
    return tally(season, len(results), sample_ends(season, results, samples, seed, progress, jobs))


def iter_ends(run: SeasonRun, samples: int = 100, seed: int = 0,
              jobs: int | str | None = 1) -> Iterator[tuple[int, SeasonEnd]]:
    """The sampled ends of season before the season and after each race run so far, one at a time as
    ``(races run, end)``: the ``samples`` ends after 0 races, then after 1, … (one end after a finished season). A
    caller that stops early (a Stop button) closes the iterator; the worker processes are shut down then."""
    if resolve_jobs(jobs) > 1:
        _load_tracks(run.season, 0)
    with worker_pool(jobs) as pool:  # the workers are started once for every race's samples
        for k in range(run.done + 1):
            for end in iter_sample_ends(run.season, run.results[:k], samples, seed, jobs, pool):
                yield k, end


def ends_by_race(run: SeasonRun, samples: int = 100, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None,
                 jobs: int | str | None = 1) -> list[list[SeasonEnd]]:
    """The sampled ends of season before the season and after each race run so far (``run.done + 1`` lists, the
    ``k``-th after ``k`` races); ``progress(done, total)`` counts sampled seasons over all of them."""
    total = samples_total(run, samples)
    out: list[list[SeasonEnd]] = [[] for _ in range(run.done + 1)]
    for i, (k, end) in enumerate(iter_ends(run, samples, seed, jobs), start=1):
        out[k].append(end)
        if progress is not None:
            progress(min(i, total), total)
    return out


def samples_total(run: SeasonRun, samples: int) -> int:
    """The count a progress bar of :func:`iter_ends` runs to: ``samples`` per point before the season's end (the
    one end of a finished season is not counted)."""
    return samples * min(run.done + 1, len(run.season.calendar))


def odds_by_race(run: SeasonRun, samples: int = 100, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None, jobs: int | str | None = 1) -> list[TitleOdds]:
    """The title odds before the season and after each race run so far (``run.done + 1`` entries);
    ``progress(done, total)`` counts sampled seasons over all of them."""
    return [tally(run.season, k, ends) for k, ends in enumerate(ends_by_race(run, samples, seed, progress, jobs))]
