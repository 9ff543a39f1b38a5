"""Who stands where: the cars a move meets on a tile and the room a space offers (§2.3, §11.5, §13.5, §16.2, §18.2).

Read by the movement rule (:mod:`racebook.formulagp.moving`), the battles' side-steps and shadows
(:mod:`racebook.formulagp.battles`), the pit entry (:mod:`racebook.formulagp.pitentry`) and the BOTs
(:mod:`racebook.formulagp.bots`), so it lives below them all (issue 39: no private name crosses a module).
"""

from __future__ import annotations

from racebook.formulagp.losscontrol import passable
from racebook.formulagp.state import RaceState
from racebook.formulagp.trackparts import Pos, Surface
from racebook.formulagp.w2w import free_between


def occupants(s: RaceState, me: str, tile: int) -> list[Pos]:
    """The positions of the cars on ``tile`` that a move of car ``me`` meets: not one it may pass through (§18.2),
    not one in the pits (§16.2) or a pit-lane starter not yet started (§9.3), not one it passes freely (two W2W-token
    cars, §13.5)."""
    return [o.pos for o in s.cars.values() if o.pos.tile == tile and o.id != me and not passable(o)  # §18.2
            and not o.pit and not o.pit_start  # in the pits (§16.2), a pit-lane starter not yet started (§9.3)
            and not free_between(s.cars[me], o)]  # two W2W-token cars pass freely (§13.5)


def room(s: RaceState, me: str, p: Pos) -> int | None:
    """The car shadow ``p`` offers (§2.3, §11.5), or None when the space is full."""
    taken = [o.pos.shadow for o in s.cars.values() if (o.pos.tile, o.pos.lane, o.pos.space) == (p.tile, p.lane, p.space)
             and o.id != me and not (o.off or o.pit or o.pit_start)]  # off track / in the pits
    if not taken:
        return 0  # an empty space has room (every space holds at least one car)
    space = s.track.space(p)
    cap = space.shadows if space.surface is Surface.SLIPSTREAM else 1
    here = len(taken)  # the shadow behind the cars there; a car left in a back shadow (the one ahead of it moved
    return here if here < cap and max(taken) < here else None  # away sideways) leaves no room a move could reach
