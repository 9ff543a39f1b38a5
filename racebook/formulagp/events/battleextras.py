"""FormulaGP events: the dice before a battle (§13.2 a; the original's 4.11.2–4.11.3) and the battle extras (§13.2 c,
§13.3 item 3, §6.7). Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class DiceBeforeBattle(Event):
    """A driver who chose to attack rolls the dice its move owes now, before the battle is declared (§13.2 a)."""

    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = ("{car} chooses to attack {defender}: first the dice it owes, rolled now before the "
                               "battle ({dice}; the original's 4.11.2–4.11.3)")
    SEP: ClassVar[dict[str, str]] = {"dice": ", "}
    car: str
    defender: str
    dice: tuple[str, ...]  # "yellow" / "red", in the order rolled


@dataclass(frozen=True, slots=True)
class BattleCalledOff(Event):
    """After the dice before a battle the attack can no longer be declared (§13.2 b): the move ends, OT to 0."""

    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{car} cannot attack {defender} after its dice ({why}): it ends its move"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    defender: str
    why: str
