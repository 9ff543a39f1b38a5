"""FormulaGP events: the Optional rule 15.9, "let the Race Director decide" (§21 15.9;
racebook.formulagp.racedirector)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class RaceDirectorRoll(Event):
    """The WHITE die rolled for a penalty from an incident involving another car: ``range`` 1 racing incident,
    2 warning, 3 penalty (``outcome`` names it)."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Optional 15.9: the Race Director judges {car} ({reason}, with {other}): the WHITE die "
                               "shows {face}, range {range}: {outcome}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"reason"})
    car: str
    other: str
    reason: str
    face: int
    range: int
    outcome: str


@dataclass(frozen=True, slots=True)
class RaceDirectorWarning(Event):
    """A warning (the black-and-white flag token); from the 2nd in the race each one gives 1 Penalty token."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Optional 15.9: {car} receives a warning (the black-and-white flag), its warning "
                               "number {count} this race; Penalty tokens for it: {tokens}")
    car: str
    count: int
    tokens: int
