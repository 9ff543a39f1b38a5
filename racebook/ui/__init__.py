"""Game-agnostic notebook widgets: a stepper over any event log, the error log, the shared style.

Only the ``ui`` packages import ipywidgets, bqplot, pandas and IPython; the engines stay pure. bqplot and pandas
are optional at run time: :mod:`racebook.ui.backend` decides, and the views fall back to SVG and HTML tables.
Each game's widgets live in its own ``ui`` package; for Race! Formula 90 that is :mod:`racebook.rf90.ui`::

    import racebook
    from racebook.rf90.ui import ScenarioPlayer
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player            # |◀ ◀ ▶ ▶| step through the events; the track follows

The RF90 names that racebook 0.1 exported from here (``racebook.ui.TrackView``, …) still work for one
release, with a DeprecationWarning.
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from typing import Any

# ipywidgets is the one requirement; without bqplot or pandas (the JupyterLite site offline) the views fall back to
# SVG and HTML tables (racebook.ui.backend).
if importlib.util.find_spec("ipywidgets") is None:  # a core install (pip install racebook): say what to install
    raise ImportError("racebook.ui needs ipywidgets: pip install 'racebook[ui]' "
                      "(or 'racebook[lab]' for JupyterLab and presenter mode)")

from racebook.ui.errors import ErrorLog  # noqa: E402
from racebook.ui.stepper import Stepper, events_table, race_table  # noqa: E402

__all__ = ["ErrorLog", "Stepper", "events_table", "race_table"]

# racebook 0.1 exported RF90 widgets from here; they moved to racebook.rf90.ui.
_MOVED_TO_RF90 = frozenset({
    "ActivationQuiz", "LAYOUT_OVERRIDES", "LayoutSpec", "ScenarioPlayer", "TrackLayout", "TrackView", "FuelPlanner",
    "FuelChart", "TurnIndicatorChart", "layout_for", "register_layout",
})


def __getattr__(name: str) -> Any:
    if name in _MOVED_TO_RF90:
        warnings.warn(f"racebook.ui.{name} moved to racebook.rf90.ui.{name}; the old name will be removed in the "
                      "next release", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module("racebook.rf90.ui"), name)
    raise AttributeError(f"module 'racebook.ui' has no attribute {name!r}")
