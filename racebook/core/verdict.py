"""The verdict on one action (``game.explain(action)``): legal now or not, the rule section and a sentence saying why.

Every game's ``explain`` returns one, built from the same handlers that list and apply the actions; ``apply`` raises
:meth:`Verdict.error` for a refused action. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.actions import Action
from racebook.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether an action is legal now: the rule section and a sentence saying why (not).

    ``legal_now`` are the actions legal in this position; :meth:`error` is the :class:`IllegalAction` that
    ``apply`` raises for a refused action."""

    action: Action
    legal: bool
    rule: str
    reason: str
    legal_now: tuple[Action, ...] = ()

    def error(self) -> IllegalAction:
        return IllegalAction(self.action, self.rule, self.reason, self.legal_now)

    def __str__(self) -> str:
        return self.reason if self.legal else f"{self.action} is not legal — {self.rule}: {self.reason}"
