"""Race! Formula 90 notebook widgets: the bqplot track view, the scenario player, quizzes, planners, the full race.

Imported lazily (``import racebook`` never imports Jupyter); needs ``pip install 'racebook[ui]'``. Typical use::

    import racebook
    from racebook.rf90.ui import ScenarioPlayer
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player            # |◀ ◀ ▶ ▶| step through the events; the track follows

Each name is imported when first asked for, so the player and the quiz work where bqplot or pandas are missing (the
JupyterLite site offline: they draw the SVG track view, :func:`racebook.rf90.ui.svgview.track_view`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import racebook.ui  # noqa: F401  (raises a clear ImportError naming the extra when the widgets are missing)

if TYPE_CHECKING:  # the real types for mypy; at run time each name is imported on first use (__getattr__)
    from racebook.rf90.ui.layout import LAYOUT_OVERRIDES, LayoutSpec, TrackLayout, layout_for, register_layout
    from racebook.rf90.ui.planner import FuelChart, FuelPlanner, TurnIndicatorChart
    from racebook.rf90.ui.player import ScenarioPlayer
    from racebook.rf90.ui.quiz import ActivationQuiz
    from racebook.rf90.ui.svgview import SvgTrackView, track_view
    from racebook.rf90.ui.trackview import TrackView
    from racebook.ui.errors import ErrorLog
    from racebook.ui.stepper import Stepper, events_table, race_table

_WHERE = {
    "ActivationQuiz": "quiz", "LAYOUT_OVERRIDES": "layout", "LayoutSpec": "layout", "TrackLayout": "layout",
    "layout_for": "layout", "register_layout": "layout", "FuelChart": "planner", "FuelPlanner": "planner",
    "TurnIndicatorChart": "planner", "ScenarioPlayer": "player", "TrackView": "trackview",
    "SvgTrackView": "svgview", "track_view": "svgview",
}
_GAME_AGNOSTIC = {"ErrorLog": "racebook.ui.errors", "Stepper": "racebook.ui.stepper",
                  "events_table": "racebook.ui.stepper", "race_table": "racebook.ui.stepper"}

__all__ = [
    "ActivationQuiz", "LAYOUT_OVERRIDES", "ErrorLog", "LayoutSpec", "ScenarioPlayer", "Stepper", "SvgTrackView",
    "TrackLayout", "TrackView", "FuelPlanner", "FuelChart", "TurnIndicatorChart",
    "events_table", "layout_for", "race_table", "register_layout", "track_view",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = f"{__name__}.{_WHERE[name]}"
    elif name in _GAME_AGNOSTIC:
        module = _GAME_AGNOSTIC[name]
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
