"""Small helpers the card programs share: gear steps up and down (§1.1), colours in a zone, counts."""

from __future__ import annotations

from racebook.automobiles.cubes import GEARS, WEAR
from racebook.automobiles.effects import Cond, Ctx
from racebook.automobiles.zones import Zone

ALL = frozenset(GEARS)


def lower(g: str | None) -> str | None:
    """The gear 1 lower (§1.1): none below white."""
    if g not in GEARS or g == "W":
        return None
    return GEARS[GEARS.index(g) - 1]


def higher(g: str | None) -> str | None:
    """The gear 1 higher (§1.1, §17.1): none above black."""
    if g not in GEARS or g == "K":
        return None
    return GEARS[GEARS.index(g) + 1]


def gears_in(zone: Zone) -> frozenset[str]:
    return frozenset(c for c in GEARS if zone.get(c))


def colours_in(zone: Zone) -> int:
    """Distinct cube colours in a zone: each gear shade counts, and so does wear (brown) (§19.5, §24 Ex. 7, 11)."""
    return sum(1 for n in zone.values() if n)


def below(g: str) -> frozenset[str]:
    """Every gear colour strictly lower than ``g``."""
    return frozenset(GEARS[:GEARS.index(g)])


def wear_if(can_move: Cond) -> Cond:
    """The printed wear of a card that moves (AMB-21): always (the recommended reading), or with the house rule
    ``printed_wear_without_move`` off only when the card gives something to move (``can_move``)."""
    return lambda c: c.state.rules.printed_wear_without_move or can_move(c)


def is_gear(c: Ctx, code: str) -> bool:
    return code in GEARS


def is_wear(c: Ctx, code: str) -> bool:
    return code == WEAR
