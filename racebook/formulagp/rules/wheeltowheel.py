"""The end-of-round Wheel-to-Wheel check (digest §13.4.1, §13.5, §11.5, A32).

After every driver has moved, each car that ends the round on a tile with other cars, at least one of which stands
on a regular space (cars that all sit in Slipstream spaces are not wheel-to-wheel, §11.5), goes one step along the
token cycle: no token → 'VS' side up; 'VS' → flipped to 'Stress', +1 stress; 'Stress' → +1 stress and removed, so a
W2W battle lasts at most two rounds in a row (A32). A car with a token that ends the round with no other car on its
tile loses the token. No tokens at the end of race rounds 1–2 (§9.6); the Safety Car cancels W2W battles (§19.4.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos, Surface


class W2W(Enum):
    NONE = "none"
    VS = "VS"
    STRESS = "Stress"


@dataclass(frozen=True, slots=True)
class W2WChange:
    """One car's token before and after the check, and the stress it gains."""

    car: str
    before: W2W
    after: W2W
    stress: int


_NEXT = {W2W.NONE: (W2W.VS, 0), W2W.VS: (W2W.STRESS, 1), W2W.STRESS: (W2W.NONE, 1)}


def end_of_round(track: Track, cars: Mapping[str, Pos], tokens: Mapping[str, W2W], *,
                 no_tokens: bool = False) -> tuple[W2WChange, ...]:
    """The W2W check for the cars on track (``cars``: car → position; ``tokens``: car → token, NONE if absent).
    ``no_tokens`` in race rounds 1–2 and under the Safety Car: tokens are removed and none is placed. Only the cars
    whose token or stress changes are listed, in the order of ``cars``."""
    by_tile: dict[int, list[str]] = {}
    for car, pos in cars.items():
        by_tile.setdefault(pos.tile, []).append(car)
    out = []
    for car, pos in cars.items():
        before = tokens.get(car, W2W.NONE)
        mates = by_tile[pos.tile]
        regular = any(track.space(cars[c]).surface is not Surface.SLIPSTREAM for c in mates)
        if no_tokens or len(mates) < 2 or not regular:
            after, stress = W2W.NONE, 0
        else:
            after, stress = _NEXT[before]
        if (after, stress) != (before, 0):
            out.append(W2WChange(car, before, after, stress))
    return tuple(out)


def joined(changes: Sequence[W2WChange]) -> list[str]:
    """The cars that join a W2W battle (a new 'VS' token), e.g. by stopping in a Slipstream space (Example 18)."""
    return [c.car for c in changes if c.before is W2W.NONE and c.after is W2W.VS]
