"""The DRS catch-up move (digest §11.6, A39, §19.7).

A car that ends all its movement behind one or more cars in the same DRS zone must at once move forward in its own
lane to the tile behind the next car ahead, as far forward on that tile as it can; if that car stopped in a
Slipstream space of the trailing car's lane, the trailing car may go onto its tile, into the free shadow right behind
it. The car caught must be in the same zone and have the same lapping status (lead lap with lead lap, single Blue
Flag with single Blue Flag, Example 26). DRS is inactive in race rounds 1–2, under the Safety Car and in Yellow Flag
zones (the caller's ``inactive``); after the DRS move there is no extension or reduction (§11.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos, Surface


@dataclass(frozen=True, slots=True)
class DrsCar:
    pos: Pos
    blue_flags: int = 0  # the lapping status: 0 lead lap, 1 single Blue Flag, 2 double


def _ahead(track: Track, a: int, b: int) -> int:
    """Movement tiles from tile ``a`` forward to tile ``b`` (0 for the same tile)."""
    n, i = 0, a
    while i != b:
        i = track.next_tile(i)
        n += 1
    return n


def caught(track: Track, car: str, cars: Mapping[str, DrsCar]) -> tuple[int, str] | None:
    """The tiles to the car ``car`` catches in its DRS zone, and that car, or None: the nearest car ahead in the same
    zone with the same lapping status (§11.6, §19.7); the tiles from ``car``'s tile to its tile, that tile included
    (1 on the next tile: the New Overtake Mode's count, §21 15.13)."""
    me = cars[car]
    zone = track.tiles[me.pos.tile].drs
    if zone is None:
        return None
    ahead = [(d, c) for c, o in cars.items() if c != car and track.tiles[o.pos.tile].drs == zone
             and o.blue_flags == me.blue_flags and (d := _ahead(track, me.pos.tile, o.pos.tile)) > 0]
    return min(ahead, key=lambda x: x[0]) if ahead else None


def drs_move(track: Track, car: str, cars: Mapping[str, DrsCar], *, inactive: bool = False) -> Pos | None:
    """Where ``car`` goes by DRS, or None (no DRS zone, nobody to catch in it, inactive, or its lane ends)."""
    me = cars[car]
    got = None if inactive else caught(track, car, cars)
    if got is None:
        return None
    target = cars[got[1]]
    lane = me.pos.lane
    taken = {(o.pos.tile, o.pos.lane, o.pos.space) for c, o in cars.items() if c != car}
    i = me.pos.tile
    while i != target.pos.tile:  # the trailing car's lane must go on to the target's tile
        i = track.next_tile(i)
        if not track.tiles[i].racing(lane):
            return None
    if target.pos.lane == lane and track.space(target.pos).surface is Surface.SLIPSTREAM:
        here = sum((o.pos.tile, o.pos.lane, o.pos.space) == (target.pos.tile, lane, target.pos.space)
                   for o in cars.values())
        if here < track.space(target.pos).shadows:
            return Pos(target.pos.tile, lane, target.pos.space, here)
    behind = _previous(track, target.pos.tile)
    spaces = track.tiles[behind].spaces(lane)
    for s in range(len(spaces) - 1, -1, -1):
        pos = Pos(behind, lane, s)
        if (behind, lane, s) not in taken and (behind != me.pos.tile or s >= me.pos.space):
            return pos if pos != Pos(me.pos.tile, me.pos.lane, me.pos.space) else None
    return None


def _previous(track: Track, index: int) -> int:
    """The movement tile before ``index``."""
    i = (index - 1) % len(track.tiles)
    while not track.tiles[i].costs_mp:
        i = (i - 1) % len(track.tiles)
    return i
