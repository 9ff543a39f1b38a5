"""A season in progress as a file: the season table, the season seed and the results so far (JSON).

::

    {"format": "racebook-season/1", "season": {...the season file's table...}, "seed": 7,
     "results": [{"round": 1, "track": "monza", "seed": 113, "order": ["Bob", ...], "retired": []}, ...]}

It is self-contained (the season travels with it) and **resumes exactly**: race ``n`` is always played from
``race_seed(seed, n)``. Loading checks the JSON, every field (a dotted path names the bad one), that each result
belongs to its round and seed and names every car once, and (``verify=True``, the default) that replaying the
races gives the saved results. Any problem is one :class:`SeasonSaveError` naming the file, the field and why.
"""

from __future__ import annotations

import json
import os
from typing import Any

from racebook.core.datafile import parse_json, read_text, write_text
from racebook.core.errors import DataError
from racebook.core.fields import as_strs, bad, get, get_int, kind_of
from racebook.rf90.championship.points import RaceResult
from racebook.rf90.championship.runner import SeasonRun, race_seed, replayed
from racebook.rf90.championship.season import Season
from racebook.rf90.championship.seasonfile import season_from_dict, season_to_dict

FORMAT = "racebook-season/1"


class SeasonSaveError(DataError):
    """A saved season is malformed, tampered with, or does not replay to its saved results."""


def to_json(run: SeasonRun) -> str:
    return json.dumps({"format": FORMAT, "season": season_to_dict(run.season), "seed": run.seed,
                       "results": [r.to_dict() for r in run.results]}, indent=1, ensure_ascii=False)


def save(run: SeasonRun, path: str | os.PathLike[str]) -> None:
    write_text(path, to_json(run) + "\n", SeasonSaveError)  # a FIFO or a device is refused, never waited on


def load(path: str | os.PathLike[str], verify: bool = True) -> SeasonRun:
    """Read a saved season (see the module docstring)."""
    return from_json(read_text(path, SeasonSaveError), str(path), verify)


def from_json(text: str, file: str = "<save>", verify: bool = True) -> SeasonRun:
    if not isinstance(text, str):
        raise SeasonSaveError(file, "<json>", f"a saved season is JSON text, not {kind_of(text)}")
    d = parse_json(text, file, SeasonSaveError, "a saved season (malformed JSON)")
    try:
        return _read(d, file, verify)
    except SeasonSaveError:
        raise
    except DataError as e:
        raise SeasonSaveError(file, e.field, e.reason) from None


def _read(d: Any, file: str, verify: bool) -> SeasonRun:
    if not isinstance(d, dict):
        raise bad("<json>", f"a saved season is a JSON object, not {kind_of(d)}")
    unknown = set(d) - {"format", "season", "seed", "results"}
    if unknown:
        raise bad(sorted(unknown)[0], "unknown field")
    if get(d, "format", "format") != FORMAT:
        raise bad("format", f"{d['format']!r} is not {FORMAT!r}")
    try:
        season = season_from_dict(get(d, "season", "season"), file)
    except DataError as e:
        raise SeasonSaveError(file, f"season.{e.field}", e.reason) from None
    seed = get_int(d, "seed", "seed", lo=0, hi=2**62)
    rows = get(d, "results", "results")
    results = read_results(rows, season, seed)
    run = SeasonRun(season, seed, results)
    if verify:
        again = replayed(season, seed, results)
        for i, (a, b) in enumerate(zip(results, again, strict=True)):
            if a != b:
                raise SeasonSaveError(file, f"results[{i}]", "does not replay: the race played from its seed "
                                      f"classifies {', '.join(b.order)}")
    return run


def read_results(rows: Any, season: Season, seed: int, path: str = "results") -> list[RaceResult]:
    """The race results of a season played from ``seed``, read from their JSON list (``RaceResult.to_dict``): each
    belongs to its round, track and seed and names every car once; a problem is a :class:`DataError` at ``path``
    (the caller names the file). Saved seasons and shipped title odds (``oddsfile``) read their results here."""
    if not isinstance(rows, list) or len(rows) > len(season.calendar):
        raise bad(path, f"a list of at most {len(season.calendar)} race results")
    cars = set(season.drivers)
    results = []
    for i, r in enumerate(rows):
        at = f"{path}[{i}]"
        if not isinstance(r, dict) or set(r) != {"round", "track", "seed", "order", "retired"}:
            raise bad(at, "a table with round, track, seed, order and retired")
        n = get_int(r, "round", f"{at}.round", lo=i + 1, hi=i + 1)
        track = get(r, "track", f"{at}.track")
        if track != season.calendar[i].track:
            raise bad(f"{at}.track", f"race {n} is raced on {season.calendar[i].track!r}")
        rseed = get_int(r, "seed", f"{at}.seed", lo=race_seed(seed, n), hi=race_seed(seed, n))
        order = as_strs(r["order"], f"{at}.order", unique=True)
        gone = as_strs(r["retired"], f"{at}.retired", unique=True)
        if sorted(order + gone) != sorted(cars):
            raise bad(at, "order and retired must name every car of the season exactly once")
        results.append(RaceResult(n, track, rseed, tuple(order), tuple(gone)))
    return results
