"""FormulaGP actions: the optional Defending Position after a tied battle (digest §21 15.7.2, §13.4.3).
Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import FgpAction, OneCard, register

#   ``Red block G3``   after a tie, the defender plays a GREEN, RED or ORANGE card to block: the attacker +1 tyre
#                      wear and no second attempt (§21 15.7.2, the switch ``defending_position``)
#   ``Red noblock``    after a tie, the defender does not block: the attacker may attack again (§13.4.3 [ADV])


@dataclass(frozen=True, slots=True)
class Block(OneCard):
    """The defender blocks with one GREEN, RED or ORANGE card (§21 15.7.2). Text ``Red block G3``."""

    VERB: ClassVar[str] = "block"


@dataclass(frozen=True, slots=True)
class NoBlock(FgpAction):
    """The defender does not block after the tie (§21 15.7.2). Text ``Red noblock``."""

    VERB: ClassVar[str] = "noblock"


SECOND_ATTEMPT_CLASSES: tuple[type[FgpAction], ...] = (Block, NoBlock)
register(*SECOND_ATTEMPT_CLASSES, listed=False)
