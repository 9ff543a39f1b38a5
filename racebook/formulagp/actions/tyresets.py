"""FormulaGP actions: the Optional limited dry tyre sets chosen by each player (digest §21 15.10, house rule
``limited_tyre_sets = choose``; racebook.formulagp.tyresetchoice). Registered by :mod:`racebook.formulagp.actions`.

``Grey sets b``: before qualifying, Grey takes Option B (1 Soft, 2 Medium, 1 Hard); ``Grey sets a``: Option A
(2 Soft, 1 Medium, 1 Hard).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import FgpAction, register, syntax_error

SET_OPTIONS = ("a", "b")  # the Options of 15.10 (their sets: racebook.formulagp.rules.tyresets.TYRE_SET_OPTIONS)


@dataclass(frozen=True, slots=True)
class TyreOption(FgpAction):
    """A player's Option of the limited dry tyre sets, chosen before qualifying (§21 15.10). Text ``Grey sets b``."""

    VERB: ClassVar[str] = "sets"
    option: str = "a"

    def _args(self) -> str:
        return self.option

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or words[0] not in SET_OPTIONS:
            raise syntax_error(text, "'sets' names the Option of the limited dry tyre sets: a or b (§21 15.10)")
        return cls(car, words[0])


TYRE_SET_CLASSES: tuple[type[FgpAction], ...] = (TyreOption,)
register(*TYRE_SET_CLASSES)
