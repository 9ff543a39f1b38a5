"""Saved RF90 races: :func:`dumps` / :func:`loads` (and :func:`load` for files), the public interface of
``Race.to_json`` / ``Race.from_json``. The format, and every check of a save, is :mod:`racebook.rf90.savefile`'s;
the game's codec (:class:`racebook.rf90.game.Saves`) builds the race and replays it. Any problem is one
:class:`~racebook.core.errors.SaveDataError` naming the file (``<save>`` or the path), the field and the reason.
"""

from __future__ import annotations

from racebook.rf90.game import Saves
from racebook.rf90.savefile import FORMAT

__all__ = ["FORMAT", "dumps", "loads", "load"]

dumps = Saves.dumps
loads = Saves.loads
load = Saves.load
