"""FormulaGP events: the [ADV] second attempt after a tie and the optional Defending Position (digest §13.4.3, §21
15.7.2). Imported as a module of its own (``from racebook.formulagp.events import secondattempt``); see
:mod:`racebook.formulagp.secondattempt`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class SecondAttemptOffered(Event):
    """A tied battle in an Advanced race: ``attacker`` may attack ``defender`` again with ``ot`` OT (one less) from
    the cards left in each hand (§13.4.3 [ADV]); ``block``: the defender decides first whether to block (§21
    15.7.2)."""

    RULE: ClassVar[str] = "§13.4.3"
    TEMPLATE: ClassVar[str] = ("a tie: {attacker} may attack {defender} again with {ot} OT, from the cards left in "
                               "each hand{how}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    attacker: str
    defender: str
    ot: int
    how: str = ""


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """The defender blocks after the tie with ``card`` (§21 15.7.2): the attacker's tyre wear goes to ``wear`` (+1)
    and it cannot attack again."""

    RULE: ClassVar[str] = "§21 15.7.2"
    TEMPLATE: ClassVar[str] = ("{defender} blocks {attacker} with {card}: {attacker} +1 tyre wear (now {wear}) and "
                               "no second attempt")
    defender: str
    attacker: str
    card: str
    wear: int


@dataclass(frozen=True, slots=True)
class NotBlocked(Event):
    """The defender does not block after the tie (§21 15.7.2): the attacker may attack again."""

    RULE: ClassVar[str] = "§21 15.7.2"
    TEMPLATE: ClassVar[str] = "{defender} does not block: {attacker} may attack again with 1 OT less"
    defender: str
    attacker: str
