"""FormulaGP notebook widgets: the guided first race (notebook F0), the movement calculator and the worked-example
stepper (notebook F1), the battle sandbox (notebook F2), the hazard check and the pit-window planner (notebook F3), the
weather radar and a Pro BOT's pit window (notebook F4).

Imported lazily (``import racebook.formulagp`` never imports Jupyter; each name here is imported on first use); needs
``pip install 'racebook[ui]'``. No rule lives here: the widgets call :mod:`racebook.formulagp.analysis` and the
engine, and draw with :func:`racebook.formulagp.picture.race_svg`::

    from racebook.formulagp.ui import MovementCalculator
    MovementCalculator().widget
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import racebook.ui  # noqa: F401  (raises a clear ImportError naming the extra when the widgets are missing)

if TYPE_CHECKING:  # the real types for mypy; at run time each name is imported on first use (__getattr__)
    from racebook.formulagp.ui.advanced import ProWindowView, WeatherRadar
    from racebook.formulagp.ui.battle import BattleSandbox
    from racebook.formulagp.ui.firstrace import GuidedRace
    from racebook.formulagp.ui.hazards import HazardCheck, PitPlanner
    from racebook.formulagp.ui.movement import ExampleStepper, MovementCalculator

_WHERE = {"MovementCalculator": "movement", "ExampleStepper": "movement", "BattleSandbox": "battle",
          "GuidedRace": "firstrace", "HazardCheck": "hazards", "PitPlanner": "hazards", "WeatherRadar": "advanced",
          "ProWindowView": "advanced"}
__all__ = ["BattleSandbox", "ExampleStepper", "GuidedRace", "HazardCheck", "MovementCalculator", "PitPlanner",
           "ProWindowView", "WeatherRadar"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
