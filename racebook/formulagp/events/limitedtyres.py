"""FormulaGP events: the Optional limited dry tyre sets (§21 15.10; racebook.formulagp.limitedtyres)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class TyreSetTaken(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = "{car} takes a {tyre} set from its limited stock (Optional 15.10): left {left}"
    car: str
    tyre: str
    left: str


@dataclass(frozen=True, slots=True)
class TyreSetsChosen(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("{car} chooses Option {option} of the limited dry tyre sets before qualifying "
                               "(Optional 15.10): left {left} besides the set it starts on")
    car: str
    option: str
    left: str
