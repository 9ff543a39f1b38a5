"""The action base class: one decision of one car's driver, as a frozen value with a stable text form.

A game's actions subclass :class:`Action` (frozen dataclasses); the game names each class's verb and parses the text
back (``str(action)`` and the game's ``parse`` round-trip, so scenario files, the log and error messages use the
same words, e.g. ``Blue play R13 R45 +traj``). Equal actions are equal values: ``action in race.legal_actions()``.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.core.frozen import fast_init


@dataclass(frozen=True, slots=True)
class Action:
    """A decision of the driver of ``car``: ``str()`` is ``"<car> <verb> <arguments>"``."""

    car: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each action class gets the fast constructor (:func:`racebook.core.frozen.fast_init`): listings build
        every legal action."""
        super(Action, cls).__init_subclass__(**kwargs)  # (a bare super() names the class before slots were added)
        fast_init(cls)

    @property
    def verb(self) -> str:
        """The word naming this kind of action (the game's subclasses say which)."""
        raise NotImplementedError(f"{type(self).__name__} names no verb")

    def __str__(self) -> str:
        rest = self._args()
        return f"{self.car} {self.verb}" + (f" {rest}" if rest else "")

    def _args(self) -> str:
        return ""
