"""What every game's scenario files share (issue 39 item 5): the shipped folder and its ids, resolving a scenario
argument (a shipped id or a path) to a file, reading the TOML document, rewrapping an in-memory field error with the
file's name, replaying the file's actions with each failure naming its index, and the JSON text of a summary.

A game's own scenario module keeps what is its own — the tables of its position, its stacked chance devices, its
summary's fields — and builds on these (every game's ``scenario`` module resolves its ids through a
:class:`Folder`: one message for a name that is neither a file nor a shipped id). Every problem is a
:class:`~racebook.core.errors.ScenarioError` naming the file, the field and the reason. Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from racebook.core.choices import unknown
from racebook.core.datafile import DATA_ID, file_path, load_toml
from racebook.core.errors import DataError, RacebookError, ScenarioError
from racebook.core.registry import short_id


@dataclass(frozen=True)
class Folder:
    """A game's shipped scenarios: one TOML file each in ``path``, the id is the file's stem."""

    path: Path
    game: str  # the game in players' words, for messages ("FormulaGP")

    def ids(self) -> list[str]:
        return sorted(p.stem for p in self.path.glob("*.toml"))

    def resolve(self, source: str | Path) -> Path:
        """The file of ``source``: a shipped id (or its unique prefix before an ``_``, ``fgp_ex10``), else a path (a
        bare id that names no file lists the shipped ids)."""
        if isinstance(source, str) and DATA_ID.fullmatch(source) and not Path(source).exists():
            sid = short_id(source, self.ids())
            if sid in self.ids():
                return self.path / f"{sid}.toml"
        path = file_path(source, ScenarioError)
        try:
            path.stat()
            exists, impossible = True, False
        except FileNotFoundError:
            exists, impossible = False, False
        except (OSError, ValueError):  # a name too long for the file system, an embedded NUL
            exists, impossible = False, True
        named = isinstance(source, str) and DATA_ID.fullmatch(source) and not source.endswith(".toml")
        if not exists and (named or impossible):  # neither a shipped id nor a name a file can have
            raise ScenarioError(str(source), "<file>", "no such file, and " + unknown(
                f"shipped {self.game} scenario", str(source), self.ids()))
        return path  # a path (a missing one is read later, with its own error)

    def read(self, source: str | Path) -> tuple[str, dict[str, Any]]:
        """The file name and its TOML document (a :class:`ScenarioError` for an unreadable or malformed file)."""
        path = self.resolve(source)
        return str(path), load_toml(path, ScenarioError)


def in_file(file: str, e: DataError) -> ScenarioError:
    """A field error found while reading the document of ``file`` (an in-memory ``DataError``), as the file's."""
    return e if isinstance(e, ScenarioError) and e.file == file else ScenarioError(file, e.field, e.reason)


def replay(race: Any, actions: Iterable[str], file: str, field: str = "scenario.actions") -> Any:
    """Apply ``actions`` to ``race``; the first that fails is a ScenarioError naming ``field[i]`` and the reason."""
    for i, a in enumerate(actions):
        try:
            race.apply(a)
        except RacebookError as e:
            raise ScenarioError(file, f"{field}[{i}]", str(e)) from None
    return race


def summary_json(summary: dict[str, Any]) -> str:
    """A final-state summary (docs/json-summary.md) as JSON text: indented, non-ASCII kept."""
    return json.dumps(summary, indent=2, ensure_ascii=False)
