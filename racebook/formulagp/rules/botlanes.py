"""A Rookie BOT's lane choice (digest §22.9.1, [BOT 2.2]–[BOT 2.2.3]; Example 28 a–e) and its blocked behaviour
([BOT 2.2.1], [BOT 2.2.2]).

The TACTICS card's green arrow sets a preferred lane for one tile type: on straights counted from the left edge, on
curves from the inside of the curve (a straight arrow with no lanes: stay in lane). The BOT changes to it **once a
turn**, just before it first moves onto a tile of that type, so that it arrives in that lane; a lane that is not
available there gives the nearest available one; once there it stays unless forced out. Forced to change (its lane
ends, the space ahead is taken) or leaving a double-lane space, it goes the way of the yellow arrow, else the other
way (at the edge that is one lane toward the middle). Blocked — the preferred lane's space holds a car — it reads the
card's symbols: surrender (its place in the sequence, waiting for the other cars of its tile), not aggressive
(straight on into a clear space, else surrender), aggressive (a push, with the player rules, §11.3.1). A push that
risks a collision or sends the other car off track is decided by the WHITE die against those symbols; a push that
keeps the other car on track needs no die ([BOT 2.2.2]).

Readings (docs/formulagp.md, "Rookie BOTs"): lanes are counted among the tile's racing lanes from the reference
edge (the far lanes "4" and "outside" are the last racing lane: Example 28c's two-lane straight); the change is made
from the front space of the tile before (the last moment "immediately before"); the once-a-turn preference is spent
on entering the first tile of its type, whether or not a change was needed.

Pure functions over the track and positions; the engine (:mod:`racebook.formulagp.bots.rookie`) feeds them the
steps the movement rules allow (:mod:`racebook.formulagp.moving`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.bots.cards import Block, Shape, Tactics
from racebook.formulagp.track import LANES, Track
from racebook.formulagp.trackparts import Pos, Turn
from racebook.formulagp.trackparts import Shape as TileShape

__all__ = ["Why", "Choice", "Blocked", "matches", "preferred_lane", "yellow_first", "choose", "blocked_choice"]


class Why(Enum):
    """Why a BOT takes the step it takes (each cites its section)."""

    PREFERRED = "toward its preferred lane for the next tile of its TACTICS card's type (§22.9.1, [BOT 2.2])"
    FORWARD = "straight on (§22.9.1: it stays in its lane unless forced out)"
    DOUBLE = "leaving a double-lane space: the lane of its yellow arrow (§22.9.1)"
    FORCED = "forced out of its lane: the yellow arrow's side first, else the other (§22.9.1)"
    ATTACK = "in the lane of the car ahead: one lane over to attack from beside it (§22.10.2, [BOT 3.2.1])"
    BLOCKED = "its preferred lane's space holds a car: blocked (§22.9.1, [BOT 2.2.1])"
    STOP = "no step: a car ahead (§13.2) or no space to go (§11.3)"


@dataclass(frozen=True, slots=True)
class Choice:
    why: Why
    to: Pos | None = None  # the step (None: BLOCKED or STOP)
    lane: int = 0  # the preferred lane aimed at (PREFERRED, BLOCKED), else 0


def matches(track: Track, tile: int, shape: Shape) -> bool:
    """Tile ``tile`` is of the type a TACTICS card's arrow is for (a straight or a curve)."""
    want = TileShape.STRAIGHT if shape is Shape.STRAIGHT else TileShape.CORNER
    return track.tiles[tile].shape is want


def preferred_lane(track: Track, tile: int, card: Tactics) -> int | None:
    """The lane ``card`` prefers on ``tile`` (§22.9.1): the card's number counted among the racing lanes from the
    left edge on a straight, from the inside on a curve; more than there are = the last one (the nearest available,
    Example 28c). None: the card keeps the lane (0), or the tile is not of the card's type."""
    if card.lane == 0 or not matches(track, tile, card.shape):
        return None
    t = track.tiles[tile]
    racing = [ln for ln in range(1, LANES + 1) if t.racing(ln)]
    if card.shape is Shape.CURVE and t.turn is Turn.RIGHT:
        racing.reverse()  # the inside of a right-hander is the right edge
    return racing[min(card.lane, len(racing)) - 1]


def yellow_first(track: Track, here: Pos, yellow: Turn) -> tuple[int, ...]:
    """The lanes beside ``here`` in the order a forced change tries them (§22.9.1): the yellow arrow's side, then
    the other (at the edge: one lane toward the middle). A double-lane space is one lane (§2.3)."""
    covered = track.double_lanes(here)
    right, left = max(covered) + 1, min(covered) - 1
    order = (right, left) if yellow is Turn.RIGHT else (left, right)
    return tuple(ln for ln in order if 1 <= ln <= LANES)


def _key(p: Pos) -> tuple[int, int, int]:
    return (p.tile, p.lane, p.space)


def choose(track: Track, here: Pos, card: Tactics, free: Collection[Pos], *, taken_beside: Collection[int] = (),
           preference_spent: bool = False, stop_ahead: bool = False, same_lane_ahead: bool = False) -> Choice:
    """The BOT's next step from ``here`` (§22.9.1). ``free``: the steps the movement rules allow now (forward and
    to the lane beside, §11.3, §13); ``taken_beside``: lanes whose space beside holds a car; ``preference_spent``:
    the once-a-turn change is used; ``stop_ahead``: a car on the next tile forces a stop (§13.2), and
    ``same_lane_ahead``: one of them is in the BOT's lane (it moves beside it to attack, [BOT 3.2.1])."""
    ok = {_key(p): p for p in free}
    ahead = track.forward(here)
    fwd = [ok[_key(p)] for p in ahead if _key(p) in ok]
    beside = {p.lane: p for p in free if p.tile == here.tile and p.lane != here.lane}
    at_front = bool(ahead) and ahead[0].tile != here.tile
    if not preference_spent and at_front:
        want = preferred_lane(track, ahead[0].tile, card)
        covered = track.double_lanes(here)
        if want is not None and want not in covered:
            lane = max(covered) + 1 if want > max(covered) else min(covered) - 1
            if lane in beside:
                return Choice(Why.PREFERRED, beside[lane], want)
            if lane in taken_beside:
                return Choice(Why.BLOCKED, None, want)
            # that lane is not available from here: the nearest available one is this one (§22.9.1)
        elif want is not None:
            for p in fwd:
                if p.lane == want:
                    return Choice(Why.FORWARD, p)
    if len(fwd) > 1:  # leaving a double-lane space: either of its lanes (§11.3)
        pick = max(fwd, key=lambda p: p.lane) if card.yellow is Turn.RIGHT else min(fwd, key=lambda p: p.lane)
        return Choice(Why.DOUBLE, pick)
    if fwd:
        return Choice(Why.FORWARD, fwd[0])
    if stop_ahead:
        if same_lane_ahead:
            for lane in yellow_first(track, here, card.yellow):
                if lane in beside:
                    return Choice(Why.ATTACK, beside[lane])
        return Choice(Why.STOP)
    for lane in yellow_first(track, here, card.yellow):
        if lane in beside:
            return Choice(Why.FORCED, beside[lane])
    return Choice(Why.STOP)


class Blocked(Enum):
    """What a blocked BOT does ([BOT 2.2.1])."""

    PUSH = "changes lanes toward the other car: a push, with the player rules (§11.3.1)"
    STRAIGHT = "goes straight on into the clear space ahead"
    SURRENDER = "gives up its place in the sequence and moves after the other cars of its tile"
    STOP = "stays: the space ahead is taken and it cannot give up its place"


def blocked_choice(card: Tactics, face: int | None, *, ahead_free: bool, can_surrender: bool) -> tuple[Block,
                                                                                                      Blocked]:
    """The symbol a blocked BOT reads and what it does (§22.9.1, [BOT 2.2.1], [BOT 2.2.2]). ``face``: the WHITE
    die's value when the push risks a collision or going off track; None when the push keeps the other car on
    track (no roll: BOTs may push to reach their preferred lane). A surrender needs cars still to move on its tile
    (else it goes straight on, or stays)."""
    symbol = Block.AGGRESSIVE if face is None else card.blocked[face]
    if symbol is Block.AGGRESSIVE:
        return symbol, Blocked.PUSH
    if symbol is Block.NOT_AGGRESSIVE and ahead_free:
        return symbol, Blocked.STRAIGHT
    if can_surrender:
        return symbol, Blocked.SURRENDER
    return symbol, Blocked.STRAIGHT if ahead_free else Blocked.STOP
