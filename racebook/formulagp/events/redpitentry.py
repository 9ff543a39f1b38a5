"""FormulaGP events: the worn-tyres RED die and the pit entry (digest §14.1 Appendix B's RED die icon, §16.1; the
original's Appendix "RED die icon": "If the result of this RED die roll prevents you from entering pit lane, do not
roll the RED die when you enter pit lane during your next turn"). Imported as a module of its own
(``from racebook.formulagp.events import redpitentry``), as the spin events are; see
:mod:`racebook.formulagp.redpitentry`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class RedDieExcusedNextEntry(Event):
    """The worn-tyres RED die's loss of control stopped the pit entry (§16.1): at a pit entry in its next turn (round
    ``round``) the car does not roll that die (§14.1, Appendix B)."""

    RULE: ClassVar[str] = "§14.1"
    TEMPLATE: ClassVar[str] = ("{car}'s worn-tyres RED die stopped its pit entry: if it enters the pit lane in its "
                               "next turn (round {round}) it does not roll the RED die for its tyres there (§14.1, "
                               "§16.1, Appendix B)")
    car: str
    round: int


@dataclass(frozen=True, slots=True)
class RedDieSparedAtEntry(Event):
    """At the pit entry of the turn after the one its worn-tyres RED die stopped, that die is not owed (§14.1,
    §16.1, Appendix B); any other die the move owes (a pair's YELLOW die, a tricky corner's RED die) still is."""

    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} enters the pit lane from {at} without rolling the RED die for its worn tyres: "
                               "that die stopped its pit entry last turn (§14.1, §16.1, Appendix B)")
    car: str
    at: str
