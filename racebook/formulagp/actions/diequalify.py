"""FormulaGP actions: the Optional qualifying by die roll (§21 15.3; racebook.formulagp.diequalify).
Registered by :mod:`racebook.formulagp.actions`. Declining a further attempt is ``nopush`` (the qualifying verb).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import FgpAction, register, syntax_error


@dataclass(frozen=True, slots=True)
class Attempt(FgpAction):
    """A qualifying attempt by die roll (the original's 15.3): ``Grey attempt +2`` raises the tyre wear by 2 for +2
    points, then rolls the WHITE die; ``Grey attempt`` spends no wear."""

    VERB: ClassVar[str] = "attempt"
    wear: int = 0

    def _args(self) -> str:
        return f"+{self.wear}" if self.wear else ""

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not words:
            return cls(car, 0)
        if len(words) != 1 or not words[0].startswith("+") or not words[0][1:].isdigit() or len(words[0]) > 3:
            raise syntax_error(text, "'attempt' takes the tyre wear spent for points as +N (0-99), or nothing")
        return cls(car, int(words[0][1:]))


DIE_QUALIFY_CLASSES: tuple[type[FgpAction], ...] = (Attempt,)
register(*DIE_QUALIFY_CLASSES)
