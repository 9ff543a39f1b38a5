"""Why an action is illegal: the rule and a sentence saying what would be legal (§13).

The reasons live with the turn machine's phase handlers (:mod:`racebook.rf90.turn.reasons`, in the table of
:mod:`racebook.rf90.turn.machine`); :meth:`racebook.rf90.game.Race.explain` gives the whole verdict. This function
is kept for callers of the 0.1 interface.
"""

from __future__ import annotations

from racebook.rf90.actions import Action
from racebook.rf90.state import RaceState
from racebook.rf90.turn import TurnCtx, machine


def why_illegal(state: RaceState, ctx: TurnCtx, action: Action) -> tuple[str, str]:
    """(rule, reason) for an action refused in this turn's phase (the turn machine's own explanation)."""
    return machine.explain(state, ctx, action)
