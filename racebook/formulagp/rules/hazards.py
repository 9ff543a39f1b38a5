"""Which dice a car owes at the end of its move (digest §7, §19.2, §6.3, A12).

Each *different* high-risk event gets its own RED die (Example 21: a tricky-corner space and the wear marker on the
RED die icon → two RED dice). The *same* event more than once (Example 22: speeding through two corners, [ADV]) →
one RED die and a YELLOW die for each extra occurrence (A12, from [4.11.3]; for two occurrences both readings of the
source give 1 RED + 1 YELLOW). A movement pair owes the YELLOW die (§6.3). In a Yellow Flag zone the tricky corners
and hazard tokens are off (§19.3.1) but a speed limit still rolls (Example 23 has a speed-limit roll inside a zone),
and under the Safety Car every event is off (§19.4.2). Over-stress is rolled at once when it happens (§15), not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum


class Hazard(Enum):
    TRICKY_CORNER = "ended the move on a skid-mark space (§11.7)"
    WORN_TYRES = "the wear marker has reached the RED die icon (§14.1)"
    SPEED_LIMIT = "[ADV] drove through or started from a tile faster than its limit (§11.4.2)"
    STANDING_WATER = "[ADV] drove through Standing Water faster than GREEN pace (§19.8.4)"
    DRY_TYRES_IN_RAIN = "[ADV] dry tyres in the rain (§14.2)"

    @property
    def on_track(self) -> bool:
        """A track hazard switched off in a Yellow Flag zone (§19.3.1)."""
        return self in (Hazard.TRICKY_CORNER, Hazard.STANDING_WATER)


@dataclass(frozen=True, slots=True)
class DiceOwed:
    red: int
    yellow: int


def dice_owed(hazards: Sequence[Hazard], *, pair: bool = False, yellow_zone: bool = False,
              safety_car: bool = False, one_yellow: bool = False) -> DiceOwed:
    """The RED and YELLOW dice owed after a move, one hazard per occurrence in ``hazards``; ``one_yellow`` (A12's
    other reading, ``repeated_hazard_dice = one_yellow``): one YELLOW die for a repeated kind however often."""
    if safety_car:
        return DiceOwed(0, 0)
    live = [h for h in hazards if not (yellow_zone and h.on_track)]
    kinds = set(live)
    extra = sum(1 for k in kinds if live.count(k) > 1) if one_yellow else len(live) - len(kinds)
    return DiceOwed(len(kinds), extra + int(pair))
