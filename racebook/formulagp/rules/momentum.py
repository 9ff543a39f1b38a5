"""The Optional turn order by momentum (digest §21 item 15.1, the original's 15.1 "Player Turn Sequence (Determined by
Momentum)"; beside :mod:`racebook.formulagp.rules.order`, whose standard driver sequence it reorders).

"When two or more cars start their turn on the same track tile, the drivers' sequence is determined by the LEDs of
the played Movement cards. All drivers on the track tile show their selected movement cards at the same time, and
the car with the highest number of LEDs moves first. In case of a tie, use the standard drivers' sequence rules. A
car with worn tyres always moves last. BOT cars roll the WHITE die to determine their LEDs (green result = 1). This
does not apply to cars in slipstream spaces."

Readings (the source is silent; docs/formulagp.md "Optional rules"): "moves last" is last among the cars of its
tile (the rule is about that tile's order); the group's cars keep the places the standard sequence gave the group
(a car of another tile, a Slipstream car or a spun car between them keeps its place); a car that holds no movement
card to show counts 0 LEDs. Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["groups", "momentum_order", "shown_cards"]


def groups(order: Sequence[str], tile_of: Mapping[str, int]) -> list[tuple[str, ...]]:
    """The cars that share a tile, two or more a tile, each group in the standard ``order``; ``tile_of`` names only
    the cars the rule applies to (on track, not in a Slipstream space, not spun)."""
    by_tile: dict[int, list[str]] = {}
    for car in order:
        if car in tile_of:
            by_tile.setdefault(tile_of[car], []).append(car)
    return [tuple(cars) for cars in by_tile.values() if len(cars) > 1]


def momentum_order(order: Sequence[str], group_list: Sequence[Sequence[str]], leds: Mapping[str, int],
                   worn: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The driver sequence with each group reordered: worn tyres last, then the most LEDs first, a tie to the
    standard ``order``; each group fills the places its cars had."""
    out = list(order)
    place = {car: i for i, car in enumerate(order)}
    for group in group_list:
        if any(car not in place or car not in leds for car in group):
            raise ValueError("§21 15.1: each car of a group is in the sequence and has its LEDs")
        slots = sorted(place[car] for car in group)
        ranked = sorted(group, key=lambda c: (c in worn, -leds[c], place[c]))
        for i, car in zip(slots, ranked, strict=True):
            out[i] = car
    return tuple(out)


def shown_cards(words: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """The cards and the ORANGE card's colour of a shown play's words (``G3``, ``O1=red G2``)."""
    cards, colour = [], ""
    for w in words:
        code, _, as_colour = w.partition("=")
        cards.append(code)
        colour = as_colour or colour
    return tuple(cards), colour
