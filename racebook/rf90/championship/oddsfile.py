"""Shipped title odds: notebook 16's Monte Carlo run, computed in advance and shipped as a small JSON file so that
the notebook (and presenter mode) shows the odds at once instead of playing a thousand races (issue 18).

Each shipped run is named in :data:`SHIPPED` (:class:`OddsRun`: a shipped season, its season seed and the races
run, then the sampled seasons per point and the odds seed). ``tools/precompute.py NAME`` plays the season run, then
every sampled end of season through :func:`racebook.rf90.championship.titleodds.ends_by_race` (the title odds'
one implementation) and writes ``racebook/rf90/data/precomputed/NAME.json``::

    {"format": "racebook-title-odds/1", "name": "title_odds_mini", "season": "mini", "season_seed": 7,
     "races": 4, "samples": 100, "seed": 1, "command": "python tools/precompute.py title_odds_mini",
     "racebook": "0.1.0",
     "results": [{"round": 1, "track": "monza", "seed": 113, "order": [...], "retired": []}, ...],
     "ends": [{"after": 0, "drivers": [["Eli"], ["Dana", "Daye"], ...], "teams": [["Eli/Dana"], ...]}, ...]}

``results`` are the season run's races (``RaceResult.to_dict``); ``ends[k]`` holds every sampled end of season
after ``k`` races, sample ``j`` at index ``j``, as its champions (two or more when the countback leaves the title
shared). :meth:`ShippedOdds.odds` tallies them with :func:`~racebook.rf90.championship.titleodds.tally`, exactly
as the live computation does; a test replays the first samples and checks they are reproduced. A malformed file,
or one whose parameters are not those of :data:`SHIPPED`, is one :class:`OddsFileError` naming the file and the
field. The standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from racebook.core.datafile import DATA_ID, parse_json, read_text
from racebook.core.errors import DataError
from racebook.core.fields import as_strs, bad, get, get_int, get_str, kind_of, short
from racebook.rf90.championship.points import RaceResult
from racebook.rf90.championship.runner import SeasonRun
from racebook.rf90.championship.savefile import read_results
from racebook.rf90.championship.season import Season
from racebook.rf90.championship.seasonfile import load_season
from racebook.rf90.championship.titleodds import SeasonEnd, TitleOdds, ends_by_race, tally

FORMAT = "racebook-title-odds/1"

#: Where the shipped runs live (beside notebook 13's precomputed experiments).
DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "precomputed"


@dataclass(frozen=True)
class OddsRun:
    """A title-odds run: the shipped season ``season`` played from ``season_seed`` for its first ``races`` races
    (a :class:`~racebook.rf90.championship.runner.SeasonRun`), then ``samples`` sampled seasons per point (before the
    season and after each race) from the odds seed ``seed``."""

    season: str
    season_seed: int
    races: int
    samples: int
    seed: int


#: The shipped title-odds runs: notebook 16's resumed mini-season (season seed 7, the whole 4-race calendar).
SHIPPED: dict[str, OddsRun] = {
    "title_odds_mini": OddsRun(season="mini", season_seed=7, races=4, samples=100, seed=1),
}

_KEYS = ("format", "name", "season", "season_seed", "races", "samples", "seed", "command", "racebook", "results",
         "ends")


class OddsFileError(DataError):
    """A shipped title-odds file is missing or malformed, or not the run :data:`SHIPPED` names (names the file, the
    field and the reason)."""


def command(name: str) -> str:
    """The command that recomputes shipped run ``name``."""
    return f"python tools/precompute.py {name}"


@dataclass(frozen=True)
class ShippedOdds:
    """A title-odds run with every sampled end of season: ``ends[k]`` after ``k`` races (sample ``j`` at ``j``)."""

    name: str
    run: OddsRun
    season: Season
    results: tuple[RaceResult, ...]
    ends: tuple[tuple[SeasonEnd, ...], ...]
    version: str
    file: str = ""  # where it was read from ("" when computed here)

    @property
    def command(self) -> str:
        return command(self.name)

    def odds(self) -> list[TitleOdds]:
        """The title odds before the season and after each race: what
        :func:`~racebook.rf90.championship.titleodds.odds_by_race` gives for this run, samples and seed."""
        return [tally(self.season, k, ends) for k, ends in enumerate(self.ends)]

    def is_about(self, run: SeasonRun) -> bool:
        """Whether these are the odds of ``run``: the same season, season seed and races (the same results)."""
        return (run.season == self.season and run.seed == self.run.season_seed and run.done == self.run.races
                and tuple(run.results) == self.results)

    def season_run(self) -> SeasonRun:
        """The season run these odds are about (a fresh copy: running it on does not change this object)."""
        return SeasonRun(self.season, self.run.season_seed, list(self.results))

    def describe(self) -> str:
        """Where the numbers come from, in one sentence for a learner (no command line: issue 34 item 7; the
        command that recomputes them is :attr:`command`, and :meth:`provenance` adds it for developers)."""
        where = Path(self.file).name if self.file else "computed here"
        return (f"{self.run.samples} sampled seasons per point from seed {self.run.seed} for the {self.run.season} "
                f"season (season seed {self.run.season_seed}, {self.run.races} races), computed in advance "
                f"({where}, racebook {self.version})")

    def provenance(self) -> str:
        """:meth:`describe` and the command that recomputes the file (for developers and the CLI)."""
        return f"{self.describe()}; recompute: {self.command}"


def compute(name: str, jobs: int | str | None = 1, progress: Callable[[int, int], None] | None = None,
            version: str | None = None) -> ShippedOdds:
    """Play shipped run ``name``: its season run, then every sampled end of season (``jobs`` worker processes give
    the same ends); ``progress(done, total)`` counts sampled seasons."""
    run = _shipped(name)
    if version is None:
        import racebook

        version = racebook.__version__
    season = load_season(run.season)
    played = SeasonRun(season, run.season_seed).run(run.races)
    ends = ends_by_race(played, run.samples, run.seed, progress, jobs)
    return ShippedOdds(name, run, season, tuple(played.results), tuple(tuple(e) for e in ends), version)


def dumps(shipped: ShippedOdds) -> str:
    """The JSON text of a shipped run (what :func:`loads` reads back): one line per race result and per point."""
    r = shipped.run
    head = {"format": FORMAT, "name": shipped.name, "season": r.season, "season_seed": r.season_seed,
            "races": r.races, "samples": r.samples, "seed": r.seed, "command": command(shipped.name),
            "racebook": shipped.version}

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["{"] + [f" {line(k)}: {line(v)}," for k, v in head.items()]
    out.append(' "results": [')
    out.append(",\n".join(f"  {line(x.to_dict())}" for x in shipped.results))
    out.append(" ],")
    out.append(' "ends": [')
    points = [{"after": k, "drivers": [list(e.drivers) for e in ends], "teams": [list(e.teams) for e in ends]}
              for k, ends in enumerate(shipped.ends)]
    out.append(",\n".join(f"  {line(p)}" for p in points))
    out.append(" ]")
    out.append("}")
    return "\n".join(x for x in out if x) + "\n"


def loads(name: str, text: str, file: str = "<title odds>") -> ShippedOdds:
    """Read the text of shipped run ``name`` (see the module docstring); any problem is one :class:`OddsFileError`."""
    run = _shipped(name)
    d = parse_json(text, file, OddsFileError, "a title-odds file (malformed JSON)")
    try:
        return _read(name, run, d, file)
    except OddsFileError:
        raise
    except DataError as e:
        raise OddsFileError(file, e.field, e.reason) from None


def load(name: str, directory: Path | None = None) -> ShippedOdds:
    """Shipped run ``name`` (a key of :data:`SHIPPED`), read from ``racebook/rf90/data/precomputed/<name>.json``."""
    _shipped(name)
    path = (directory or DATA_DIR) / f"{name}.json"
    return loads(name, read_text(path, OddsFileError), str(path))


def _shipped(name: str) -> OddsRun:
    if name not in SHIPPED or not DATA_ID.fullmatch(name):
        raise OddsFileError(name, "<name>", f"no shipped title odds {name!r}; shipped: {', '.join(SHIPPED)}")
    return SHIPPED[name]


def _read(name: str, run: OddsRun, d: Any, file: str) -> ShippedOdds:
    if not isinstance(d, dict):
        raise bad("<json>", f"a title-odds file is a JSON object, not {kind_of(d)}")
    unknown = sorted(set(d) - set(_KEYS))
    if unknown:
        raise bad(unknown[0], "unknown field")
    if get(d, "format", "format") != FORMAT:
        raise bad("format", f"{d['format']!r} is not {FORMAT!r}")
    if get(d, "name", "name") != name:
        raise bad("name", f"{d['name']!r} is not {name!r}")
    for key in ("season", "season_seed", "races", "samples", "seed"):  # the parameters of SHIPPED[name]
        want = getattr(run, key)
        if get(d, key, key) != want or type(d[key]) is not type(want):
            raise bad(key, f"{d[key]!r} is not {want!r}, the {key} of SHIPPED[{name!r}]: recompute with "
                           f"{command(name)}")
    if get_str(d, "command", "command") != command(name):
        raise bad("command", f"{d['command']!r} is not {command(name)!r}")
    version = get_str(d, "racebook", "racebook")
    season = load_season(run.season)
    results = read_results(get(d, "results", "results"), season, run.season_seed)
    if len(results) != run.races:
        raise bad("results", f"{len(results)} race results, not the {run.races} races of the run")
    rows = get(d, "ends", "ends")
    if not isinstance(rows, list) or len(rows) != run.races + 1:
        raise bad("ends", f"a list of {run.races + 1} points (before the season and after each race), "
                          f"not {kind_of(rows) if not isinstance(rows, list) else len(rows)}")
    ends = tuple(_point(row, k, run, season) for k, row in enumerate(rows))
    return ShippedOdds(name, run, season, tuple(results), ends, version, file)


def _point(row: Any, k: int, run: OddsRun, season: Season) -> tuple[SeasonEnd, ...]:
    at = f"ends[{k}]"
    if not isinstance(row, dict) or set(row) != {"after", "drivers", "teams"}:
        raise bad(at, "a table with after, drivers and teams")
    get_int(row, "after", f"{at}.after", lo=k, hi=k)
    n = run.samples if k < len(season.calendar) else 1  # a finished season has one end
    drivers = _champions(row["drivers"], f"{at}.drivers", n, season.drivers)
    teams = _champions(row["teams"], f"{at}.teams", n, tuple(t for t, _ in season.lineup))
    return tuple(SeasonEnd(a, b) for a, b in zip(drivers, teams, strict=True))


def _champions(v: Any, path: str, n: int, names: Sequence[str]) -> list[tuple[str, ...]]:
    if not isinstance(v, list) or len(v) != n:
        got = len(v) if isinstance(v, list) else kind_of(v)
        raise bad(path, f"a list of {n} sampled ends (the champions of each), not {got}")
    out = []
    for j, x in enumerate(v):
        champs = as_strs(x, f"{path}[{j}]")
        if not champs or any(c not in names for c in champs) or len(set(champs)) < len(champs):
            raise bad(f"{path}[{j}]", f"the champions: one or more of {', '.join(names)}, each once (got {short(x)})")
        out.append(tuple(champs))
    return out
