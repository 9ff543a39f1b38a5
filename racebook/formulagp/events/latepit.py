"""FormulaGP events: the [ADV] Late Pit Bonus (digest §16.6). Imported as a module of its own
(``from racebook.formulagp.events import latepit``); see :mod:`racebook.formulagp.latepit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class FreshTyresTaken(Event):
    """``car`` made its stop with the Fresh Tyres tokens in the pit boxes (§16.6): the token goes next to its Tyre
    token, +``mp`` MP on each move from now on (its lesser side once the tyres degrade; none once they are worn)."""

    RULE: ClassVar[str] = "§16.6"
    TEMPLATE: ClassVar[str] = ("{car} takes a Fresh Tyres token in round {round}: the Late Pit Bonus, +{mp} MP on "
                               "each move")
    car: str
    round: int
    mp: int
