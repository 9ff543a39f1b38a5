"""FormulaGP events: [ADV] speed limits by card colour (digest §11.4.2, §19.2; Standing Water §19.8.4). Imported as a
module of its own (``from racebook.formulagp.events import speedlimits``); see :mod:`racebook.formulagp.speedlimits`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class SpeedLimitBroken(Event):
    """``car`` left limited tiles (driven through, or its start tile) with movement cards of a faster ``colour``
    than their limit (§11.4.2; Standing Water: a GREEN limit, §19.8.4): ``tiles`` the tile ids, ``limits`` their
    limits (``water`` for Standing Water). The dice follow after the move: one RED die for the first of a kind and a
    YELLOW die for each additional one (§19.2, A12; Example 22)."""

    RULE: ClassVar[str] = "§11.4.2"
    TEMPLATE: ClassVar[str] = ("{car} left {tiles} ({limits}) with {colour} cards, faster than the speed limit: "
                               "the RED die after the move (§19.2)")
    car: str
    tiles: str
    limits: str
    colour: str
