"""The end of the race: penalties, then the classification (digest §17.2, A21, A45).

Penalties (§17.2.1): every car moves back 5 track tiles per Penalty token (tiles only, no-MP tiles not counted, A21),
the tokens held plus one per penalty icon on the cards revealed at the end. A car landing on a tile where a car has
fewer or no tokens is placed behind it; where a car has the same number or more, ahead of it. The classification
(§17.2.2): lapped (Blue Flag) cars behind all others; then the cars that did not cross the line in the final round
behind all that did; among those that crossed, a car that ended its last turn in a spin behind those that did not,
one still on track before one off track; then the farthest distance after penalties; on one tile fewer Penalty tokens
first, then the normal driver sequence (penalised cars are moved back from the last car forwards, so a car landing
next to one with as many tokens, which was behind it, stays ahead of it). The optional Photo Finish (§21) is not
modelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

TILES_PER_TOKEN = 5  # §17.2.1 (the Race Control data's end_penalty_tiles)


class Finish(Enum):
    CROSSED = "crossed the line"
    SPUN = "crossed the line, ended the last turn in a spin (on track)"
    SPUN_OFF = "crossed the line, ended the last turn in a spin off track"
    NOT_CROSSED = "did not cross the line in the final round"
    LAPPED = "lapped (Blue Flag)"
    DISQUALIFIED = "[ADV] disqualified: not two dry tyre types in a dry race (§4.6, §17.2.2 item 6)"


@dataclass(frozen=True, slots=True)
class Finisher:
    """A car at the flag: ``distance`` in movement tiles from the start; ``sequence`` its place in the normal driver
    order (0 first) for ties on a tile."""

    car: str
    distance: int
    sequence: int
    penalties: int = 0
    finish: Finish = Finish.CROSSED


@dataclass(frozen=True, slots=True)
class Classified:
    car: str
    position: int
    distance: int  # after penalties
    finish: Finish


_GROUP = {Finish.CROSSED: 0, Finish.SPUN: 1, Finish.SPUN_OFF: 2, Finish.NOT_CROSSED: 3, Finish.LAPPED: 4,
          Finish.DISQUALIFIED: 5}


def classify(cars: Sequence[Finisher], tiles_per_token: int = TILES_PER_TOKEN) -> tuple[Classified, ...]:
    """The final classification (§17.2), winner first."""
    if len({c.car for c in cars}) != len(cars) or len({c.sequence for c in cars}) != len(cars):
        raise ValueError("§17.2: each car once, each with its own place in the driver sequence")
    if any(c.penalties < 0 for c in cars):
        raise ValueError("§17.2.1: Penalty tokens are not negative")

    def key(c: Finisher) -> tuple[int, int, int, int, int]:
        after = c.distance - tiles_per_token * c.penalties
        # on one tile: fewer tokens first; with as many, the car placed there by its penalty first; else the sequence
        return (_GROUP[c.finish], -after, c.penalties, 0 if c.penalties else 1, c.sequence)

    ranked = sorted(cars, key=key)
    return tuple(Classified(c.car, i + 1, c.distance - tiles_per_token * c.penalties, c.finish)
                 for i, c in enumerate(ranked))
