"""Pushing a car by changing lanes into its space (digest §11.3.1, §13.5, §18.2, §18.3, A20).

A car already on an opponent's tile (rejoining the track, in a W2W battle, after a free pass) may change lanes into
the opponent's space: the opponent is pushed one lane farther, away from the mover, even off track. A push into a
wall, or into another car, is a collision instead. The pusher takes one Penalty token at once when the push sends
the other car off track or causes a collision (A20: one per incident); the victim resolves going off track (§18.1)
before the next player's turn. The mover's lane is a number beside the victim's lane: a car rejoining from the grass
beyond lane 4 comes from "lane 5" (and from "lane 0" beyond lane 1).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.track import LANES, Track
from racebook.formulagp.trackparts import Pos, Turn


class PushOutcome(Enum):
    ON_TRACK = "pushed into the next lane"
    OFF_TRACK = "pushed off track (§18.1)"
    WALL = "pushed into a wall: a collision (§18.3)"
    CAR = "pushed into another car: a collision (§18.3)"


@dataclass(frozen=True, slots=True)
class Push:
    outcome: PushOutcome
    victim_to: Pos | None  # where the victim goes when it stays on track
    penalty: int  # Penalty tokens for the pusher


def push(track: Track, mover_lane: int, victim: Pos, occupied: Collection[Pos] = (), all_walls: bool = False) -> Push:
    """The mover comes from ``mover_lane`` (beside the victim's lane) into ``victim``'s space; ``occupied`` are the
    other cars' places. ``all_walls``: a street circuit's every edge is a wall (§21 15.2)."""
    if abs(mover_lane - victim.lane) != 1:
        raise ValueError(f"§11.3.1: a push comes from the lane beside (lane {mover_lane} is not beside "
                         f"{victim.lane})")
    lane = victim.lane + (victim.lane - mover_lane)
    tile = track.tiles[victim.tile]
    if not tile.racing(lane):
        side = Turn.RIGHT if lane > victim.lane else Turn.LEFT
        beyond = lane < 1 or lane > LANES
        if all_walls or side in tile.walls and (beyond or all(not tile.racing(x) for x in _towards(lane, side))):
            return Push(PushOutcome.WALL, None, 1)
        return Push(PushOutcome.OFF_TRACK, None, 1)
    to = track.lateral(victim, lane)
    assert to is not None  # the lane is racing on this tile
    taken = {(p.tile, p.lane, p.space) for p in occupied}
    if (to.tile, to.lane, to.space) in taken:
        return Push(PushOutcome.CAR, None, 1)
    return Push(PushOutcome.ON_TRACK, to, 0)


def _towards(lane: int, side: Turn) -> range:
    """The lanes from ``lane`` to the edge on ``side``."""
    return range(lane, LANES + 1) if side is Turn.RIGHT else range(1, lane + 1)
