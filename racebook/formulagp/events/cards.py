"""FormulaGP events: card management beyond movement (§5.1, §6.5, §6.7, §8.3, §17.3, §17.4).
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


# ------------------------------------------------------------------ card management beyond movement (issue 37)
@dataclass(frozen=True, slots=True)
class OptionPlayed(Event):
    RULE: ClassVar[str] = "§6.5"
    TEMPLATE: ClassVar[str] = "{car} plays the Option card {card}: draws the EVENT card {event} and holds it face down"
    car: str
    card: str
    event: str  # "-" when every EVENT card is held or out of the game


@dataclass(frozen=True, slots=True)
class EventPlayed(Event):
    RULE: ClassVar[str] = "§6.7"
    TEMPLATE: ClassVar[str] = "{car} plays the EVENT card {card} '{name}': {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name", "effect"})
    car: str
    card: str
    name: str
    effect: str
    rule: str = "§6.7"


@dataclass(frozen=True, slots=True)
class HeldTooLong(Event):
    RULE: ClassVar[str] = "§6.7"
    TEMPLATE: ClassVar[str] = ("{car} uses {card} '{name}' after the turn it should have been applied in: "
                               "{tokens} Penalty token(s), one per penalty icon")
    PROSE: ClassVar[frozenset[str]] = frozenset({"name"})
    car: str
    card: str
    name: str
    tokens: int


@dataclass(frozen=True, slots=True)
class SecondarySpent(Event):
    RULE: ClassVar[str] = "§5.1"
    TEMPLATE: ClassVar[str] = "{car} spends {cards} for a secondary function: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"result"})
    car: str
    cards: tuple[str, ...]
    function: str
    result: str


@dataclass(frozen=True, slots=True)
class ParameterUsed(Event):
    RULE: ClassVar[str] = "§8.3"
    TEMPLATE: ClassVar[str] = "{car} uses its {which} Parameter token: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"result"})
    car: str
    which: str
    result: str


@dataclass(frozen=True, slots=True)
class LadderStep(Event):
    RULE: ClassVar[str] = "§10.1.3"
    TEMPLATE: ClassVar[str] = "{car} holds no playable movement card: step {step}, {what} {card}, draws {drawn}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    step: str
    what: str
    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class ForcedDiscard(Event):
    RULE: ClassVar[str] = "§8.1"
    TEMPLATE: ClassVar[str] = "{car}'s hand limit fell to {limit}: {how} {card} at once"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    card: str
    how: str
    limit: int
    rule: str = "§8.1"


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    RULE: ClassVar[str] = "§17.4"
    TEMPLATE: ClassVar[str] = "{car} shows {cards}: {icons} penalty icon(s)"
    car: str
    cards: tuple[str, ...]
    icons: int
    rule: str = "§17.4"


@dataclass(frozen=True, slots=True)
class PenaltyTaken(Event):
    RULE: ClassVar[str] = "§17.3"
    TEMPLATE: ClassVar[str] = "{car} takes {tokens} Penalty token(s) ({reason}): {total} on its Pit Box tile"
    PROSE: ClassVar[frozenset[str]] = frozenset({"reason"})
    car: str
    tokens: int
    total: int
    reason: str
    rule: str = "§17.3"
