"""Optional tyre rules (digest §21; the original's 15.5 and 15.10): where a new set's wear marker starts, and the
limited dry tyre sets. Pure functions over the player board; the engine calls them from the fitting code
(:func:`racebook.formulagp.rules.tyres.fit`, the set-up).

* 15.5 Medium Tyre Wear Placement (house rule ``medium_one_space_early``): "When a player chooses Medium tyres, place
  the Tyre Wear marker one space before the matching Tyre type space on the Player Board". The marker never starts
  before the track's first space (position 0).
"""

from __future__ import annotations

from racebook.formulagp.playerboard import PlayerBoard, Tyre

__all__ = ["start_wear"]


def start_wear(board: PlayerBoard, tyre: Tyre, medium_early: bool = False) -> int:
    """The wear marker's start position of a new ``tyre`` set (§14.1, §4.6); one space earlier for Medium with the
    Optional 15.5 (``medium_early``)."""
    start = board.wear_start[tyre]
    return max(0, start - 1) if medium_early and tyre is Tyre.MEDIUM else start
