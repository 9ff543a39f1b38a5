"""[ADV] Speed limits by card colour (digest §11.4.2, the original's 8.4.2; §19.2, A12; Standing Water §19.8.4).

A Gear Marker limits the colour of the movement cards that may *leave* its tile: GREEN → GREEN cards only, RED →
RED or GREEN (only the colour counts, never the gear number). A pair obeys the colour of its cards, not the pace it
reaches (GREEN+GREEN = RED pace still obeys a GREEN limit; RED+RED = BLUE pace still obeys a RED limit); an ORANGE
card is the colour it is played as (the digest's "presumably"; the switch ``orange_speed_limit_colour``); BLUE breaks
both. Driving through, or starting a move from, a limited tile with a faster colour owes a RED die after the move
(§19.2); ending the move on it is free. Each speeding tile is one occurrence of the same high-risk event, so two or
more → 1 RED + 1 YELLOW (Example 22; :func:`racebook.formulagp.rules.hazards.dice_owed`, A12). A Standing Water
token is a GREEN limit of its own kind (§19.8.4; the original's 4.12 lists it as a separate high-risk event).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from racebook.formulagp.components import Colour
from racebook.formulagp.rules.hazards import Hazard

__all__ = ["SPEED", "Leaving", "move_colour", "allowed", "speeding"]

#: how fast a colour is (§6.2): GREEN < RED < BLUE; the limit colours are GREEN and RED (§11.4.2)
SPEED = {Colour.GREEN: 0, Colour.RED: 1, Colour.BLUE: 2}


@dataclass(frozen=True, slots=True)
class Leaving:
    """A tile the car left during its move (driven through, or the start tile): its Gear Marker's colour (None: no
    marker) and whether a Standing Water token lies on it (§19.8.4)."""

    tile: int
    limit: Colour | None = None
    water: bool = False


def move_colour(colours: Sequence[Colour], played_as: Colour | None = None, *,
                orange_as_played: bool = True) -> Colour | None:
    """The speed colour of the movement cards played (§11.4.2): the fastest card's colour; an ORANGE card counts as
    the colour it is played as (``orange_as_played``; False: as RED, its fastest reading). None: no movement card
    (nothing to check)."""
    best: Colour | None = None
    for col in colours:
        if col is Colour.ORANGE:
            col = (played_as or Colour.RED) if orange_as_played else Colour.RED
        if best is None or SPEED[col] > SPEED[best]:
            best = col
    return best


def allowed(limit: Colour | None, colour: Colour) -> bool:
    """Whether ``colour`` may leave a tile with a ``limit`` Gear Marker without the RED die (§11.4.2)."""
    return limit is None or SPEED[colour] <= SPEED[limit]


def speeding(left: Iterable[Leaving], colour: Colour | None) -> list[Hazard]:
    """The high-risk events of leaving ``left`` at ``colour`` (§11.4.2, §19.2): one SPEED_LIMIT per tile whose Gear
    Marker the colour breaks, one STANDING_WATER per Standing Water tile left faster than GREEN (§19.8.4)."""
    if colour is None:
        return []
    out: list[Hazard] = []
    for x in left:
        if not allowed(x.limit, colour):
            out.append(Hazard.SPEED_LIMIT)
        if x.water and not allowed(Colour.GREEN, colour):
            out.append(Hazard.STANDING_WATER)
    return out
