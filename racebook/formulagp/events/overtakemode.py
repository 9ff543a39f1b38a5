"""FormulaGP events: the Optional New Overtake Mode (digest §21 15.13, §11.6, §8.2; the original's 15.13). Imported as
a module of its own (``from racebook.formulagp.events import overtakemode``); see
:mod:`racebook.formulagp.overtakemode`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class OvertakeBankSet(Event):
    """A car entered the control zone (§21 15.13): it caught ``caught`` ``tiles`` tiles ahead (that car's tile
    included) and banks that many OT up to its maximum (``bank``), or caught nobody ("-", 0 tiles): the bank is 0."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("{car} enters the control zone {zone} (New Overtake Mode, Optional 15.13, §11.6): "
                               "caught {caught} {tiles} tiles ahead; its OT bank is now {bank} (was {was}), kept "
                               "until its next entry or its next battle")
    car: str
    zone: str
    caught: str
    tiles: int
    bank: int
    was: int


@dataclass(frozen=True, slots=True)
class OvertakeBankUsed(Event):
    """The banked OT goes into the battle the car declares (§21 15.13): used once, it does not come back after it."""

    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("{car} attacks with its banked OT ({bank}, New Overtake Mode, Optional 15.13): used "
                               "once, the bank is 0 after the battle")
    car: str
    bank: int
