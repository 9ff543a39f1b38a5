"""FormulaGP events: [ADV] the Debris and Oil tokens (digest §19.8, §19.8.2, §19.8.3, §18.1, §18.4, A19; the
original's 13.13, 13.13.2, 13.13.3, 13.4.4). Imported as a module of its own (``from racebook.formulagp.events import
hazardtokens``); see :mod:`racebook.formulagp.hazardtokens` and :mod:`racebook.formulagp.debrisoil`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class HazardTokenPlaced(Event):
    """A Debris or Oil token on a tile (§19.8: it covers the whole tile): a wall hit's Debris (§18.1 Wall_A/Wall_B,
    the original's 13.4.4) or a three-dot card's token (§6.7's "Debris / Oil token required" icons)."""

    RULE: ClassVar[str] = "§19.8"
    TEMPLATE: ClassVar[str] = "a {token} token on {tile} ({why}); {left} left beside the track"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    token: str
    tile: str
    why: str
    left: int


@dataclass(frozen=True, slots=True)
class HazardTokenNone(Event):
    """No token placed: the box's two are on the track, the tile holds one already, or the Safety Car is out."""

    RULE: ClassVar[str] = "§19.8"
    TEMPLATE: ClassVar[str] = "no {token} token on {tile}: {why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    token: str
    tile: str
    why: str


@dataclass(frozen=True, slots=True)
class DebrisMet(Event):
    """A car drove through or stopped on a Debris tile (§19.8.2): it changed lanes on it (avoided: the token stays) or
    not (a DAMAGE card, the token removed)."""

    RULE: ClassVar[str] = "§19.8.2"
    TEMPLATE: ClassVar[str] = "{car} {how} the Debris tile {tile}: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "result"})
    car: str
    how: str
    tile: str
    result: str


@dataclass(frozen=True, slots=True)
class OilMet(Event):
    """A car drove onto an Oil tile (§19.8.3): it spent a Counter-steer card (avoided: the token stays) or hit the
    oil (a spin, §18.1, the token removed)."""

    RULE: ClassVar[str] = "§19.8.3"
    TEMPLATE: ClassVar[str] = "{car} drives onto the Oil tile {tile}: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"result"})
    car: str
    tile: str
    result: str
    card: str = ""
