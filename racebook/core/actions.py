"""The action base class: one decision of one car's driver, as a frozen value with a stable text form.

A game's actions subclass :class:`Action` (frozen dataclasses); the game names each class's verb and parses the text
back (``str(action)`` and the game's ``parse`` round-trip, so scenario files, the log and error messages use the
same words, e.g. ``Blue play R13 R45 +traj``). Equal actions are equal values: ``action in race.legal_actions()``.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """A decision of the driver of ``car``: ``str()`` is ``"<car> <verb> <arguments>"``."""

    car: str

    @property
    def verb(self) -> str:
        """The word naming this kind of action (the game's subclasses say which)."""
        raise NotImplementedError(f"{type(self).__name__} names no verb")

    def __str__(self) -> str:
        rest = self._args()
        return f"{self.car} {self.verb}" + (f" {rest}" if rest else "")

    def _args(self) -> str:
        return ""
