"""FormulaGP actions: [ADV] TEAM RADIO cards (digest §6.9, §16.2). Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import FgpAction, card_code, register, syntax_error

#   ``Grey radio``            use the held TEAM RADIO card (once per turn, before the move, when it applies)
#   ``Grey radio keep TR5``   keep TR5 of the cards drawn (before the race: one of two; after a draw: one of three)
#   ``Grey radio swap P3``    an Option card played to swap the held card with the top of the discard pile
#                             (``radio swap`` with no card: free during a pit stop)
#   ``Grey radio draw P3``    an Option card played to draw the top 2 (``radio draw``: free during a pit stop)
RADIO_CARD = re.compile(r"TR[1-9][0-9]?")
_WHAT = ("keep", "swap", "draw")


@dataclass(frozen=True, slots=True)
class Radio(FgpAction):
    """A TEAM RADIO decision (§6.9): ``what`` "" (use it), "keep", "swap" or "draw"; ``card`` the TEAM RADIO card
    kept, or the Option card played for a swap or a draw ("" during a pit stop)."""

    VERB: ClassVar[str] = "radio"
    what: str = ""
    card: str = ""

    def _args(self) -> str:
        return " ".join(x for x in (self.what, self.card) if x)

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not words:
            return cls(car)
        if words[0] not in _WHAT or len(words) > 2:
            raise syntax_error(text, "'radio' alone uses the card; 'radio keep TR5', 'radio swap [P3]', "
                                     "'radio draw [P3]'")
        if words[0] == "keep":
            if len(words) != 2 or not RADIO_CARD.fullmatch(words[1]):
                raise syntax_error(text, "'radio keep' names a TEAM RADIO card, e.g. TR5")
            return cls(car, "keep", words[1])
        return cls(car, words[0], card_code(words[1], text) if len(words) == 2 else "")


TEAM_RADIO_CLASSES: tuple[type[FgpAction], ...] = (Radio,)
register(*TEAM_RADIO_CLASSES, listed=False)
