"""Precomputed Monte Carlo runs: the per-car outcomes of a long experiment, shipped as a small CSV file so that a
notebook (and presenter mode) shows the result at once instead of playing hundreds of races (issue 18 item 4).

Each shipped run is named in :data:`RUNS` (the experiment factory of :mod:`racebook.rf90.analysis.experiments`,
its arguments and the number of races per choice). ``tools/precompute.py`` plays it and writes
``racebook/rf90/data/precomputed/<name>.csv``: ``#`` header lines record the experiment, its seeds, the command
that recomputes it and the racebook version, then one row per human car per race
(:class:`racebook.rf90.analysis.experiments.CarOutcome`). A test replays the first seeds of every file and checks
the rows are reproduced exactly. The standard library only.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from racebook.core.datafile import DATA_ID, parse_json, read_text
from racebook.core.errors import DataError
from racebook.rf90.analysis import experiments as X

#: Where the shipped runs live.
DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "precomputed"

#: The experiment factories a run may name.
FACTORIES: dict[str, Callable[..., X.Experiment]] = {"refuel": X.refuel, "late_braking": X.late_braking,
                                                     "tyres": X.tyres}

#: The shipped runs (notebook 13's long runs): name -> (factory, its keyword arguments, races per choice).
RUNS: dict[str, tuple[str, dict[str, Any], int]] = {
    "refuel_silverstone": ("refuel", {"chits": [8, 12, 16], "track": "silverstone", "players": 1, "seed": 1000}, 300),
    "late_braking_silverstone": ("late_braking", {"track": "silverstone", "players": 1, "seed": 1000}, 300),
    "tyres_silverstone": ("tyres", {"track": "silverstone", "players": 1, "seed": 1000}, 300),
    "tyres_silverstone_seed5000": ("tyres", {"track": "silverstone", "players": 1, "seed": 5000}, 300),
}

COLUMNS = [f.name for f in fields(X.CarOutcome)]


class PrecomputedError(DataError):
    """A precomputed-results file is missing or malformed (names the file, the field and the reason)."""


@dataclass(frozen=True)
class Precomputed:
    """A shipped run: its experiment, races per choice, header (seed, command, version …) and outcomes by arm."""

    name: str
    experiment: X.Experiment
    races: int
    header: dict[str, str]
    results: dict[str, list[X.CarOutcome]]

    def first(self, races: int | None = None) -> dict[str, list[X.CarOutcome]]:
        """The outcomes of the first ``races`` seeds of every arm (all of them by default): exactly what
        :func:`racebook.rf90.analysis.experiments.run` gives for that many races."""
        n = self.races if races is None else races
        if not 0 < n <= self.races:
            raise ValueError(f"{self.name} holds {self.races} races per choice, not {n}")
        last = self.experiment.seed + n
        return {arm: [o for o in outs if o.seed < last] for arm, outs in self.results.items()}

    def describe(self) -> str:
        """Where the shipped numbers come from, in one line for a learner: the seeds and the version that computed
        them, no command line (issue 34 item 7; the command that recomputes them is :func:`command`)."""
        return (f"{self.header['seeds']}; computed in advance and shipped ({self.name}, "
                f"racebook {self.header['racebook']})")


def experiment(name: str) -> X.Experiment:
    """The experiment of shipped run ``name``."""
    factory, kwargs, _ = RUNS[name]
    return FACTORIES[factory](**kwargs)


def command(name: str) -> str:
    return f"python tools/precompute.py {name}"


def compute(name: str, races: int | None = None, jobs: int | str | None = 1,
            on_race: Callable[[X.Arm, int, list[X.CarOutcome]], None] | None = None) -> dict[str, list[X.CarOutcome]]:
    """Play shipped run ``name`` (or only its first ``races`` seeds) with the engine, in ``jobs`` processes."""
    _, _, n = RUNS[name]
    return X.run(experiment(name), n if races is None else races, on_race=on_race, jobs=jobs)


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def dumps(name: str, results: Mapping[str, Iterable[X.CarOutcome]], version: str) -> str:
    """The CSV text of run ``name`` with its ``#`` header (what :func:`load` reads back)."""
    factory, kwargs, races = RUNS[name]
    exp = experiment(name)
    out = io.StringIO()
    out.write(f"# racebook precomputed experiment: {name} (notebook 13; racebook.rf90.analysis.precomputed)\n")
    out.write(f"# experiment: {factory}\n")
    out.write(f"# arguments: {json.dumps(kwargs, sort_keys=True)}\n")
    out.write(f"# races per choice: {races}\n")
    out.write(f"# seeds: {exp.seed}-{exp.seed + races - 1} (the same seeds for every choice)\n")
    out.write(f"# command: {command(name)}\n")
    out.write(f"# racebook: {version}\n")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(COLUMNS)
    for arm in exp.labels:
        for o in results[arm]:
            w.writerow([_cell(getattr(o, c)) for c in COLUMNS])
    return out.getvalue()


def _outcome(row: dict[str, str]) -> X.CarOutcome:
    ints = ("seed", "position", "cars", "lb_attempts", "lb_failures", "blue_tokens")
    return X.CarOutcome(arm=row["arm"], car=row["car"], status=row["status"], why_out=row["why_out"],
                        won=row["won"] == "1", gap=int(row["gap"]) if row["gap"] else None,
                        pit_turns=tuple(int(t) for t in row["pit_turns"].split()),
                        **{k: int(row[k]) for k in ints})


def loads(name: str, text: str, file: str = "<precomputed>") -> Precomputed:
    """Parse the text of run ``name`` (see :func:`dumps`)."""
    lines = text.splitlines()
    body = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))  # the CSV header
    header = {k.strip(): v.strip() for k, _, v in (line[1:].partition(":") for line in lines[:body])}
    try:
        arguments = parse_json(header["arguments"], file, PrecomputedError, "the run's arguments (JSON)")
        if header.get("experiment") != RUNS[name][0] or arguments != RUNS[name][1]:
            raise PrecomputedError(file, "<header>", f"not the run {name!r} of RUNS (experiment or arguments differ)")
        races = int(header["races per choice"])
        rows = list(csv.DictReader(lines[body:]))
        if not rows or list(rows[0]) != COLUMNS:
            raise PrecomputedError(file, "<columns>", f"expected the columns {', '.join(COLUMNS)}")
        exp = experiment(name)
        results: dict[str, list[X.CarOutcome]] = {a: [] for a in exp.labels}
        for i, row in enumerate(rows):
            if row["arm"] not in results:
                raise PrecomputedError(file, f"row {i + 1}.arm", f"{row['arm']!r} is not a choice of {name}")
            results[row["arm"]].append(_outcome(row))
    except (KeyError, ValueError, TypeError) as e:
        if isinstance(e, PrecomputedError):
            raise
        raise PrecomputedError(file, "<csv>", f"malformed ({type(e).__name__}: {e})") from None
    return Precomputed(name, exp, races, header, results)


def load(name: str, directory: Path | None = None) -> Precomputed:
    """Shipped run ``name`` (a key of :data:`RUNS`), read from ``racebook/rf90/data/precomputed/<name>.csv``."""
    if name not in RUNS or not DATA_ID.fullmatch(name):
        raise PrecomputedError(name, "<name>", f"no precomputed run {name!r}; shipped: {', '.join(RUNS)}")
    path = (directory or DATA_DIR) / f"{name}.csv"
    return loads(name, read_text(path, PrecomputedError), str(path))
