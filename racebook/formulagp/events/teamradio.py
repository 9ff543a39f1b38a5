"""FormulaGP events: [ADV] TEAM RADIO cards (digest §6.9). Imported as a module of its own
(``from racebook.formulagp.events import teamradio``); see :mod:`racebook.formulagp.teamradio`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class RadioDrawn(Event):
    """``car`` draws ``count`` TEAM RADIO cards to choose from (§6.9); ``why`` the occasion. The codes are not in
    the sentence (the player sees them; the table sees how many)."""

    RULE: ClassVar[str] = "§6.9"
    TEMPLATE: ClassVar[str] = "{car} draws {count} TEAM RADIO card(s){why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    count: int
    why: str = ""


@dataclass(frozen=True, slots=True)
class RadioKept(Event):
    """``car`` keeps ``card`` (``name``); ``discarded`` go face up on the TEAM RADIO discard pile (§6.9)."""

    RULE: ClassVar[str] = "§6.9"
    TEMPLATE: ClassVar[str] = "{car} keeps the TEAM RADIO card {card} ('{name}'); discarded: {discarded}"
    car: str
    card: str
    name: str
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RadioSwapped(Event):
    """``car`` swaps ``old`` for the top card of the discard pile, ``new`` (§6.9); ``option`` the Option card played
    ("" during a pit stop)."""

    RULE: ClassVar[str] = "§6.9"
    TEMPLATE: ClassVar[str] = "{car} swaps its TEAM RADIO card {old} for {new} from the discard pile{how}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    old: str
    new: str
    how: str = ""


@dataclass(frozen=True, slots=True)
class RadioUsed(Event):
    """``car`` uses its TEAM RADIO card ``card``: ``effect`` (§6.9: once per turn, when it applies)."""

    RULE: ClassVar[str] = "§6.9"
    TEMPLATE: ClassVar[str] = "{car} uses its TEAM RADIO card {card} ('{name}'): {effect}"
    car: str
    card: str
    name: str
    effect: str
