"""Notebook widgets for racebook: a stepper, a bqplot track view and a player that joins them.

Only this subpackage imports ipywidgets, bqplot, pandas and IPython; the
engine stays pure. Typical use in a notebook::

    import racebook
    from racebook.ui import ScenarioPlayer
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player            # ⏮ ◀ ▶ ⏭ step through the events; the track follows
"""

from __future__ import annotations

import importlib.util

_MISSING = [m for m in ("ipywidgets", "bqplot", "pandas") if importlib.util.find_spec(m) is None]
if _MISSING:  # a core install (pip install racebook): say what to install instead of a bare ModuleNotFoundError
    raise ImportError(f"racebook.ui needs {', '.join(_MISSING)}: pip install 'racebook[ui]' "
                      "(or 'racebook[lab]' for JupyterLab and presenter mode)")

from .errors import ErrorLog  # noqa: E402
from .layout import LAYOUT_OVERRIDES, LayoutSpec, TrackLayout, layout_for, register_layout  # noqa: E402
from .planner import FuelChart, FuelPlanner, TurnIndicatorChart  # noqa: E402
from .player import ScenarioPlayer  # noqa: E402
from .quiz import ActivationQuiz  # noqa: E402
from .stepper import Stepper, events_table, race_table  # noqa: E402
from .trackview import TrackView  # noqa: E402

__all__ = [
    "ActivationQuiz", "LAYOUT_OVERRIDES", "ErrorLog", "LayoutSpec", "ScenarioPlayer", "Stepper", "TrackLayout",
    "TrackView", "FuelPlanner", "FuelChart", "TurnIndicatorChart",
    "events_table", "layout_for", "race_table", "register_layout",
]
