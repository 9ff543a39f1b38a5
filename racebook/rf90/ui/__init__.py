"""Race! Formula 90 notebook widgets: the bqplot track view, the scenario player, quizzes, planners, the full race.

Imported lazily (``import racebook`` never imports Jupyter); needs ``pip install 'racebook[ui]'``. Typical use::

    import racebook
    from racebook.rf90.ui import ScenarioPlayer
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player            # ⏮ ◀ ▶ ⏭ step through the events; the track follows
"""

from __future__ import annotations

import racebook.ui  # noqa: F401  (raises a clear ImportError naming the extra when the widgets are missing)
from racebook.rf90.ui.layout import LAYOUT_OVERRIDES, LayoutSpec, TrackLayout, layout_for, register_layout
from racebook.rf90.ui.planner import FuelChart, FuelPlanner, TurnIndicatorChart
from racebook.rf90.ui.player import ScenarioPlayer
from racebook.rf90.ui.quiz import ActivationQuiz
from racebook.rf90.ui.trackview import TrackView
from racebook.ui.errors import ErrorLog
from racebook.ui.stepper import Stepper, events_table, race_table

__all__ = [
    "ActivationQuiz", "LAYOUT_OVERRIDES", "ErrorLog", "LayoutSpec", "ScenarioPlayer", "Stepper", "TrackLayout",
    "TrackView", "FuelPlanner", "FuelChart", "TurnIndicatorChart",
    "events_table", "layout_for", "race_table", "register_layout",
]
