"""Entering a tile that holds a car (digest §13.1, §13.2): a free pass, a Slipstream shadow, or a forced stop.

A car may move onto an opponent's tile with regular MP without a battle only when at least one empty lane separates
the two cars as it moves on (§13.1); a double-lane space counts as one lane (§2.3), so a car leaving one counts as
both its lanes. Otherwise, in the same or an adjacent lane, it must stop on the forward-most space of its current tile
(§13.2) and its leftover MP become OT (:func:`racebook.formulagp.rules.resources.charge_ot`) — except that in the
same lane it may go one space farther, into a free car shadow of the Slipstream space behind the opponent (§11.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos, Surface


class Entry(Enum):
    FREE = "free: no car on the tile, or an empty lane between (§13.1)"
    SHADOW = "into the free car shadow behind the car in the Slipstream space (§13.2)"
    STOP = "stop on the forward-most space of the current tile: same or adjacent lane (§13.2)"


def lanes_of(track: Track, pos: Pos) -> tuple[int, ...]:
    """The lanes a car counts as for passing: both lanes of a double-lane space (§2.3, §13.1)."""
    return track.double_lanes(pos)


def entering(track: Track, origin: Pos, lane: int, occupants: Sequence[Pos]) -> Entry:
    """Moving from ``origin`` (the front space of a tile) onto the next tile in ``lane``, where ``occupants`` stand
    (cars of that tile that are not spun, off track or on the pit-exit space: those are passed freely, §13.1)."""
    if not occupants:
        return Entry.FREE
    mover = set(lanes_of(track, origin)) | {lane}
    near = [o for o in occupants if min(abs(a - b) for a in mover for b in lanes_of(track, o)) <= 1]
    if not near:
        return Entry.FREE
    entry = Pos(track.next_tile(origin.tile), lane, 0)
    if all(o.lane == lane for o in near) and track.on_track(entry) and _free_shadow(track, entry, occupants):
        return Entry.SHADOW
    return Entry.STOP


def _free_shadow(track: Track, space_pos: Pos, occupants: Sequence[Pos]) -> bool:
    """The Slipstream space at ``space_pos`` has a car shadow free behind the car(s) in it or ahead of it (§11.5)."""
    space = track.space(space_pos)
    if space.surface is not Surface.SLIPSTREAM:
        return False
    key = (space_pos.tile, space_pos.lane, space_pos.space)
    return sum((o.tile, o.lane, o.space) == key for o in occupants) < space.shadows
