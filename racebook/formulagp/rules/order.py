"""The driver order (digest §10.2) and the Red Flag grid (§19.6).

The order works back from the race leader's tile around the loop (§10.2): a car alone on a tile moves before every
car on the tiles behind it; cars sharing a tile move inside lane first, the inside of the current corner or, on a
straight, of the next corner ahead (item 2); a car in a lane that ends before the next corner moves after the cars in
lanes that go on (item 3); the lane counts, not the space (item 4: in one lane the car ahead first); cars in a
Slipstream space count as the lane of the car they are tucked behind, front shadow first (item 5, A26); Blue Flag
cars after the cars without one (item 6); spun or off-track cars last of all, in normal sequence among themselves
(item 7, §18.2); cars waiting on the pit-exit space in the order the pit-exit procedure set (item 8, §16.2).

A double-lane space counts as one lane (§2.3): a car in it counts as the more inside of its two lanes (a reading:
the source is silent). The pit lane and the pit-exit space lie beside the outermost lane on the pit side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from racebook.core.frozen import fast_init
from racebook.formulagp.track import LANES, Track
from racebook.formulagp.trackparts import Pos, Surface, Turn


class Place(Enum):
    TRACK = "track"
    PIT_EXIT = "pit exit"  # on the pit-exit tile's 'Pit Lane' space, waiting to rejoin (§16.5)
    PIT_LANE = "pit lane"  # in the pit lane beside ``pos.tile`` (its lane and space are ignored)


@dataclass(frozen=True, slots=True)
class Runner:
    """A car as the order reads it: where it is, how many laps it has completed, and its flags."""

    car: str
    pos: Pos
    lap: int = 0
    place: Place = Place.TRACK
    spun: bool = False  # spun or off track: moves last next round (§18.2)
    blue_flags: int = 0  # 0, 1 or 2 (a double Blue Flag has the same priority as a single one, §10.2)
    exit_rank: int = 0  # the pit-exit order (§16.2), for cars on the pit-exit space


fast_init(Runner)  # built per car whenever the order is read: the slot-storing constructor (racebook.core.frozen)


class Why(Enum):
    """Why a car has its place in the order (the first rule that separated it from the car before it)."""

    LEADER = "the race leader's tile comes first (§10.2)"
    TILE = "a car on a tile ahead moves first (§10.2 item 1)"
    LANE_ENDS = "a lane that ends before the next corner moves after the lanes that go on (§10.2 item 3)"
    BLUE_FLAG = "a Blue Flag car moves after the cars on its tile without one (§10.2 item 6)"
    INSIDE = "the lane nearer the inside of the corner moves first (§10.2 item 2)"
    SAME_LANE = "in one lane the car ahead moves first (§10.2 item 4); a Slipstream space after its lane's car (item 5)"
    SLIPSTREAM = "the cars in a Slipstream space move before the other lanes of the tile (§10.2 item 5)"
    PIT_EXIT = "cars on the pit-exit space move in the order the pit exit set (§10.2 item 8)"
    SPUN = "spun and off-track cars move last of all (§10.2 item 7)"


@dataclass(frozen=True, slots=True)
class Slot:
    car: str
    why: Why


fast_init(Slot)  # built per car whenever the order is read: the slot-storing constructor (racebook.core.frozen)


def _lane_for_order(track: Track, r: Runner) -> int:
    """The lane a car counts as for item 2: a double-lane space is one lane (its inner lane is taken by the caller
    through the inside rank); the pit lane and pit-exit space lie beyond the pit-side lane."""
    if r.place is not Place.TRACK:
        return LANES + 1 if track.pit_side is Turn.RIGHT else 0
    return r.pos.lane


def _inside_rank(track: Track, r: Runner) -> int:
    turn = track.inside_lane_order(r.pos.tile)
    lanes = (_lane_for_order(track, r),) if r.place is not Place.TRACK else track.double_lanes(r.pos)
    return min(lanes) if turn is Turn.LEFT else min(LANES + 1 - ln for ln in lanes)


def _in_slipstream(track: Track, r: Runner) -> bool:
    return r.place is Place.TRACK and track.space(r.pos).surface is Surface.SLIPSTREAM


def _tile_key(track: Track, r: Runner, slipstream_first: bool) -> tuple[int, ...]:
    ends = r.place is Place.TRACK and track.lane_ends(r.pos.tile, r.pos.lane)
    slip = _in_slipstream(track, r)
    return (int(ends), int(r.blue_flags > 0), 0 if slipstream_first and slip else 1, _inside_rank(track, r),
            r.exit_rank if r.place is Place.PIT_EXIT else 0, -r.pos.space, int(slip), r.pos.shadow)


def _why(track: Track, a: Runner, b: Runner, slipstream_first: bool) -> Why:
    """The first rule that puts ``b`` after ``a``."""
    if b.spun and not a.spun:
        return Why.SPUN
    if a.pos.tile != b.pos.tile:
        return Why.TILE
    ka, kb = _tile_key(track, a, slipstream_first), _tile_key(track, b, slipstream_first)
    reasons = (Why.LANE_ENDS, Why.BLUE_FLAG, Why.SLIPSTREAM, Why.INSIDE, Why.PIT_EXIT)
    for x, y, why in zip(ka, kb, reasons, strict=False):
        if x != y:
            return why
    return Why.SAME_LANE


def leader(track: Track, runners: Sequence[Runner]) -> Runner:
    """The race leader: the most laps, then the tile farthest round (ties on one tile: the first in tile order)."""
    best = max(r.lap * len(track.tiles) + r.pos.tile for r in runners)
    on_tile = [r for r in runners if r.lap * len(track.tiles) + r.pos.tile == best]
    return on_tile[0] if len(on_tile) == 1 else min(on_tile, key=lambda r: _tile_key(track, r, False))


def driver_order(track: Track, runners: Sequence[Runner], *, slipstream_first: bool = False) -> tuple[Slot, ...]:
    """The driver sequence of a round (§10.2), each car with the rule that placed it.

    ``slipstream_first`` is the literal reading of item 5 ("all cars in a Slipstream space move before cars in any
    other lane", even before the car they follow when it is not in the inside lane); the default reads item 5 with
    its second sentence and Example 9: they count as the lane of the car ahead and move right after it."""
    if not runners:
        return ()
    if len({r.car for r in runners}) != len(runners):
        raise ValueError("§10.2: each car once")
    head = leader(track, runners)
    n = len(track.tiles)

    def key(r: Runner) -> tuple[int, ...]:
        back = (head.pos.tile - r.pos.tile) % n
        return (int(r.spun), back) + _tile_key(track, r, slipstream_first)

    ordered = sorted(runners, key=key)
    slots = [Slot(ordered[0].car, Why.LEADER)]
    for a, b in zip(ordered, ordered[1:], strict=False):
        slots.append(Slot(b.car, _why(track, a, b, slipstream_first)))
    return tuple(slots)


def red_flag_grid(track: Track, sequence: Sequence[str], runners: Sequence[Runner]) -> tuple[str, ...]:
    """The grid after a Red Flag (§19.6 item 1): the turn sequence at that moment, except that a car in the pit lane
    lines up by the tile it is on, behind the on-track cars of that tile (Example 24)."""
    by_car = {r.car: r for r in runners}
    if sorted(sequence) != sorted(by_car):
        raise ValueError("§19.6: the sequence names every car once")
    n = len(track.tiles)
    head = by_car[sequence[0]].pos.tile
    back = {c: (head - by_car[c].pos.tile) % n for c in sequence}
    grid = [c for c in sequence if by_car[c].place is not Place.PIT_LANE]
    for c in (c for c in sequence if by_car[c].place is Place.PIT_LANE):
        at = next((i for i, other in enumerate(grid) if back[other] > back[c]), len(grid))
        grid.insert(at, c)
    return tuple(grid)


def race_start_order(leds: dict[str, int], grid: Sequence[str], stuck: Sequence[str] = (), *,
                     by_grid: bool = False) -> tuple[str, ...]:
    """The order of race round 1 (§9.4 item 3): the most LEDs on the revealed cards first, a tie to the better grid
    place; a car "stuck in neutral" (every movement card used in qualifying) after all the others (§9.3).

    ``by_grid`` is the Optional rule 15.4 (§21, house rule ``race_start_by_grid``): "players take their turn in the
    driver sequence based on their grid position instead of the LEDs on their movement cards" — the grid order; a
    car stuck in neutral still moves after all the others (§9.3 is not about the LEDs)."""
    if sorted(leds) != sorted(grid) or len(set(grid)) != len(grid):
        raise ValueError("§9.4: the LEDs and the grid name the same cars, each once")
    if not set(stuck) <= set(grid):
        raise ValueError("§9.3: a stuck car is on the grid")
    place = {car: i for i, car in enumerate(grid)}
    return tuple(sorted(grid, key=lambda c: (c in stuck, 0 if by_grid else -leds[c], place[c])))
