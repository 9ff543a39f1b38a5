"""Automobiles notebook widgets: the board view (bqplot, or SVG where bqplot is missing), the race player (stepper +
board + zones), the zones, draw-odds and buy panels, the card sandbox, notebook A0's guided first race.

Imported lazily (``import racebook.automobiles`` never imports Jupyter; each name here is imported on first use, so
the no-install site can use the SVG views without numpy); needs ``pip install 'racebook[ui]'``::

    from racebook.automobiles.ui import RacePlayer
    RacePlayer("auto_drafting")     # |◀ ◀ ▶ ▶| step through the events; the board follows
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import racebook.ui  # noqa: F401  (raises a clear ImportError naming the extra when the widgets are missing)

if TYPE_CHECKING:  # the real types for mypy; at run time each name is imported on first use (__getattr__)
    from racebook.automobiles.ui.boardview import BoardView
    from racebook.automobiles.ui.cards import CardSandbox
    from racebook.automobiles.ui.firstrace import GuidedRace
    from racebook.automobiles.ui.panels import BuyPanel, OddsPanel, ZonesPanel
    from racebook.automobiles.ui.player import RacePlayer
    from racebook.automobiles.ui.svgboard import SvgBoardView, board_view

_WHERE = {"BoardView": "boardview", "CardSandbox": "cards", "GuidedRace": "firstrace", "BuyPanel": "panels",
          "OddsPanel": "panels", "ZonesPanel": "panels", "RacePlayer": "player", "SvgBoardView": "svgboard",
          "board_view": "svgboard"}
__all__ = ["BoardView", "BuyPanel", "CardSandbox", "GuidedRace", "OddsPanel", "RacePlayer", "SvgBoardView",
           "ZonesPanel", "board_view"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
