"""Notebook 16's helpers (the RF90 Championship, Expansion #1 §6): standings as table rows, the three invented
races of the tie-break walkthrough, and a season file with a calendar too short, read to show its one-line error.

The rules are in :mod:`racebook.rf90.championship`; this module only lays the numbers out.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from racebook.rf90.championship import RaceResult, RoundScore, SeasonDataError, load_season, score_race
from racebook.rf90.championship.season import Season
from racebook.rf90.championship.seasonfile import SEASONS_DIR
from racebook.rf90.championship.standings import Standing


def standing_rows(rows: Iterable[Standing], places: int = 4) -> list[dict[str, Any]]:
    """Standings as table rows: a shared position is shown ``2=`` (AMB-X1-36); the first ``places`` countback
    columns (how many 1st, 2nd, … places)."""
    names = ("1st", "2nd", "3rd") + tuple(f"{n}th" for n in range(4, places + 1))
    return [{"pos": f"{r.position}=" if r.tied else str(r.position), "name": r.name, "points": r.points,
             **{names[i]: r.places[i] if i < len(r.places) else 0 for i in range(places)}} for r in rows]


#: three invented races of the ``mini`` season (invented-for-teaching): Dana and Daye end level on points and wins
TIE_BREAK_RACES: tuple[tuple[str, ...], ...] = (
    ("Dana", "Eli", "Fay", "FayMate", "Kurtz", "Daye", "Tyrone", "Giuffre"),
    ("Daye", "Eli", "Dana", "Fay", "FayMate", "Tyrone", "Kurtz", "Giuffre"),
    ("Eli", "Daye", "Fay", "Dana", "FayMate", "Tyrone", "Kurtz", "Giuffre"),
)


def tie_break_scores(season: Season, track: str = "monza") -> list[RoundScore]:
    """The :data:`TIE_BREAK_RACES` scored for ``season`` (Expansion #1 §6.5), race 1, 2, 3."""
    return [score_race(season, RaceResult(i + 1, track, 0, order)) for i, order in enumerate(TIE_BREAK_RACES)]


def short_calendar_error(name: str = "x1_14", keep: int = 3) -> SeasonDataError:
    """The error of reading season ``name`` with its calendar cut to its first ``keep`` circuits (Expansion #1 §6.2
    asks for 4 to 12): a copy of the file in a temporary folder is read with :func:`load_season`."""
    text = (SEASONS_DIR / f"{name}.toml").read_text(encoding="utf-8")
    season = load_season(name)
    head, rest = text.split("calendar = [", 1)
    body, tail = rest.split("]", 1)
    items = [line for line in body.splitlines() if line.strip() and not line.strip().startswith("#")]
    if len(items) != len(season.calendar):
        raise ValueError(f"{name}.toml: expected one calendar entry a line")
    cut = head + "calendar = [\n" + "\n".join(items[:keep]) + "\n]" + tail
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}_short.toml"
        path.write_text(cut, encoding="utf-8")
        try:
            load_season(path)
        except SeasonDataError as e:
            return e
    raise AssertionError(f"a calendar of {keep} circuits was accepted")
