"""Notebook widgets for racebook: a stepper, a bqplot track view and a player that joins them.

Only this subpackage imports ipywidgets, bqplot, pandas and IPython; the
engine stays pure. Typical use in a notebook::

    import racebook
    from racebook.ui import ScenarioPlayer
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player            # ⏮ ◀ ▶ ⏭ step through the events; the track follows
"""

from __future__ import annotations

from .errors import ErrorLog
from .layout import LAYOUT_OVERRIDES, LayoutSpec, TrackLayout, layout_for, register_layout
from .planner import FuelChart, FuelPlanner, TurnIndicatorChart
from .player import ScenarioPlayer
from .quiz import ActivationQuiz
from .stepper import Stepper, events_table, race_table
from .trackview import TrackView

__all__ = [
    "ActivationQuiz", "LAYOUT_OVERRIDES", "ErrorLog", "LayoutSpec", "ScenarioPlayer", "Stepper", "TrackLayout",
    "TrackView", "FuelPlanner", "FuelChart", "TurnIndicatorChart",
    "events_table", "layout_for", "race_table", "register_layout",
]
