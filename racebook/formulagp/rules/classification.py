"""The end of the race: penalties, then the classification (digest §17.2, A21, A45).

Penalties (§17.2.1): every car moves back 5 track tiles per Penalty token (tiles only, no-MP tiles not counted, A21),
the tokens held plus one per penalty icon on the cards revealed at the end. A car landing on a tile where a car has
fewer or no tokens is placed behind it; where a car has the same number or more, ahead of it. The classification
(§17.2.2): lapped (Blue Flag) cars behind all others; then the cars that did not cross the line in the final round
behind all that did; among those that crossed, a car that ended its last turn in a spin behind those that did not,
one still on track before one off track; then the farthest distance after penalties; on one tile fewer Penalty tokens
first, then the normal driver sequence (penalised cars are moved back from the last car forwards, so a car landing
next to one with as many tokens, which was behind it, stays ahead of it). The optional Photo Finish (§17.2.2 item 7,
§21 15.8; :mod:`racebook.formulagp.photofinish` plays its extra turns): :func:`photo_contenders` names the cars
fighting for the win, and :func:`classify` puts the photo finish's order first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def after_penalties(c: Finisher, tiles_per_token: int = TILES_PER_TOKEN) -> int:
    """The car's distance after its penalties (§17.2.1: back ``tiles_per_token`` tiles per Penalty token)."""
    return c.distance - tiles_per_token * c.penalties


def photo_contenders(cars: Sequence[Finisher], tiles_per_token: int = TILES_PER_TOKEN) -> tuple[str, ...]:
    """§17.2.2 item 7 (Optional 15.8): the cars fighting for the win, in driver sequence — read literally, the cars
    that crossed the line in the final round without ending in a spin (the first group, not lapped, not disqualified)
    on the farthest tile after penalties (penalties first, a spun car excluded). Two or more make a photo finish."""
    crossed = [c for c in cars if c.finish is Finish.CROSSED]
    if not crossed:
        return ()
    top = max(after_penalties(c, tiles_per_token) for c in crossed)
    return tuple(c.car for c in sorted(crossed, key=lambda c: c.sequence)
                 if after_penalties(c, tiles_per_token) == top)


def photo_leaders(after: Mapping[str, int]) -> tuple[str, ...]:
    """After a photo finish's extra turns (15.8.1): the contenders on the farthest tile (``after``: each one's
    distance after penalties, in driver sequence); one alone is the winner, two or more play on."""
    top = max(after.values())
    return tuple(car for car, d in after.items() if d == top)


def classify(cars: Sequence[Finisher], tiles_per_token: int = TILES_PER_TOKEN,
             photo: Sequence[str] = ()) -> tuple[Classified, ...]:
    """The final classification (§17.2), winner first; ``photo``: a photo finish's contenders in their order
    (§17.2.2 item 7, the winner first), classified ahead of every other car."""
    if len({c.car for c in cars}) != len(cars) or len({c.sequence for c in cars}) != len(cars):
        raise ValueError("§17.2: each car once, each with its own place in the driver sequence")
    if any(c.penalties < 0 for c in cars):
        raise ValueError("§17.2.1: Penalty tokens are not negative")
    if len(set(photo)) != len(photo) or not set(photo) <= {c.car for c in cars}:
        raise ValueError("§17.2.2 item 7: a photo finish's contenders are cars of the race, each once")
    rank = {car: i for i, car in enumerate(photo)}

    def key(c: Finisher) -> tuple[int, int, int, int, int, int]:
        if c.car in rank:  # the photo finish decided their order (§17.2.2 item 7)
            return (0, rank[c.car], 0, 0, 0, 0)
        after = after_penalties(c, tiles_per_token)
        # on one tile: fewer tokens first; with as many, the car placed there by its penalty first; else the sequence
        return (1, _GROUP[c.finish], -after, c.penalties, 0 if c.penalties else 1, c.sequence)

    ranked = sorted(cars, key=key)
    return tuple(Classified(c.car, i + 1, after_penalties(c, tiles_per_token), c.finish)
                 for i, c in enumerate(ranked))
