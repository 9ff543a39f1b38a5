"""Automobiles notebook widgets: the bqplot board view, the race player (stepper + board + zones), the zones, draw-odds
and buy panels.

Imported lazily (``import racebook.automobiles`` never imports Jupyter); needs ``pip install 'racebook[ui]'``::

    from racebook.automobiles.ui import RacePlayer
    RacePlayer("auto_drafting")     # ⏮ ◀ ▶ ⏭ step through the events; the board follows
"""

from __future__ import annotations

import racebook.ui  # noqa: F401  (raises a clear ImportError naming the extra when the widgets are missing)
from racebook.automobiles.ui.boardview import BoardView
from racebook.automobiles.ui.cards import CardSandbox
from racebook.automobiles.ui.panels import BuyPanel, OddsPanel, ZonesPanel
from racebook.automobiles.ui.player import RacePlayer

__all__ = ["BoardView", "BuyPanel", "CardSandbox", "OddsPanel", "RacePlayer", "ZonesPanel"]
