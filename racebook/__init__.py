"""racebook — rules engines and Jupyter notebooks that teach racing board games.

One folder per game, a small shared core:

* ``racebook.core`` — what every game uses: seeded RNG, stackable decks, the error classes, data-file reading.
* ``racebook.rf90`` — Race! Formula 90 (2nd edition, advanced mode); its ``__init__`` describes the skeleton a
  second game copies.
* ``racebook.ui`` — game-agnostic widgets (stepper, error log, style); each game's widgets live in its own
  ``ui`` package (``racebook.rf90.ui``).

The engines (everything except the ``ui`` packages) import only the standard library; widgets are imported
lazily: ``import racebook`` never imports Jupyter, nor any engine (``racebook.Race`` and the other RF90 names —
the first game's — are imported on first use). :func:`games` lists every game of the registry
(:mod:`racebook.core.registry`).

Rules are cited by the section numbers of the English digest of the manual
(``§13.E.3``), so a reader can check the engine against the book.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from racebook import _compat
from racebook.core.errors import (
    ActionSyntaxError,
    DataError,
    DeckDataError,
    EngineError,
    IllegalAction,
    NotationError,
    NotYetImplemented,
    RacebookError,
    RuleUnavailable,
    SaveDataError,
    ScenarioError,
    SetupError,
    TrackDataError,
)
from racebook.core.registry import GameSpec
from racebook.core.registry import games as _games

if TYPE_CHECKING:  # imported on first use (below): `import racebook` and the CLI's start-up import no engine
    from racebook.rf90 import scenario
    from racebook.rf90.actions import Action
    from racebook.rf90.actiontext import parse as parse_action
    from racebook.rf90.game import Race
    from racebook.rf90.state import RaceState

#: RF90's names at the top level (the first game): name -> "module:attribute", imported when first asked for.
_LAZY = {
    "scenario": "racebook.rf90.scenario:",
    "Action": "racebook.rf90.actions:Action",
    "parse_action": "racebook.rf90.actiontext:parse",
    "Race": "racebook.rf90.game:Race",
    "RaceState": "racebook.rf90.state:RaceState",
}

_compat.install()  # racebook.turn, racebook.race, … (0.1 names) still import, with a DeprecationWarning

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionSyntaxError", "DataError", "DeckDataError", "EngineError", "GameSpec", "IllegalAction",
    "NotYetImplemented",
    "NotationError", "Race", "RaceState", "RacebookError", "RuleUnavailable", "SaveDataError", "ScenarioError",
    "SetupError", "TrackDataError", "docs_path", "games", "load_scenario", "load_track", "parse_action", "scenario",
    "ui",
]


def docs_path() -> Path:
    """The folder holding the rules reference ``rules/`` (each game's digest, with an anchor per section): the
    repository's ``docs/`` in a checkout, the copy a wheel ships (``racebook/_docs``) in a pip install."""
    checkout = Path(__file__).resolve().parents[1] / "docs"
    return checkout if (checkout / "rules").is_dir() else Path(__file__).resolve().parent / "_docs"


def load_scenario(name: str, play: bool = True) -> Any:
    from racebook.rf90.scenario import load

    return load(name, play)


def load_track(name: str) -> Any:
    from racebook.rf90.trackfile import load_track as _load

    return _load(name)


def games() -> tuple[GameSpec, ...]:
    """Every game racebook plays, the first game first (:mod:`racebook.core.registry`): each a
    :class:`~racebook.core.registry.GameSpec` (name, title, Race class, scenarios, tracks or boards, …)."""
    return _games()


def __getattr__(name: str) -> Any:
    import importlib

    if name == "ui":  # lazy: only notebooks pay for ipywidgets/bqplot
        return importlib.import_module(".ui", __name__)
    if name in _LAZY:  # lazy: the CLI's --help, scenarios and tracks import no engine
        module, _, attr = _LAZY[name].partition(":")
        value = importlib.import_module(module)
        value = getattr(value, attr) if attr else value
        globals()[name] = value
        return value
    if name.isidentifier() and (Path(__file__).parent / name / "__init__.py").is_file():
        return importlib.import_module(f".{name}", __name__)  # a subpackage: racebook.rf90.scenario … on first use
    raise AttributeError(f"module 'racebook' has no attribute {name!r}")
