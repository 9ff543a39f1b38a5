"""racebook — a rules engine and Jupyter notebooks for Race! Formula 90 (2nd edition, advanced mode).

The engine (everything in this package except ``racebook.ui``) imports only
the standard library. Widgets and plots live in ``racebook.ui``, imported
lazily: ``import racebook`` never imports Jupyter.

Rules are cited by the section numbers of the English digest of the manual
(``§13.E.3``), so a reader can check the engine against the book.
"""

from __future__ import annotations

from typing import Any

from . import scenario
from .actions import Action
from .actions import parse as parse_action
from .errors import (
    DataError,
    IllegalAction,
    NotationError,
    RacebookError,
    RuleUnavailable,
    SaveDataError,
    ScenarioError,
    TrackDataError,
)
from .race import Race
from .state import RaceState

__version__ = "0.1.0"

__all__ = [
    "Action", "DataError", "IllegalAction", "NotationError", "Race", "RaceState", "RacebookError", "RuleUnavailable",
    "SaveDataError", "ScenarioError", "TrackDataError", "load_scenario", "load_track", "parse_action", "scenario", "ui",
]


def load_scenario(name: str, play: bool = True) -> Any:
    from .scenario import load

    return load(name, play)


def load_track(name: str) -> Any:
    from .trackfile import load_track as _load

    return _load(name)


def __getattr__(name: str) -> Any:
    if name == "ui":  # lazy: only notebooks pay for ipywidgets/bqplot
        import importlib

        return importlib.import_module(".ui", __name__)
    raise AttributeError(f"module 'racebook' has no attribute {name!r}")
