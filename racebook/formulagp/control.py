"""The CONTROL phase (digest §18.1): a driver who lost control decides — counter-steer or spin
(:mod:`racebook.formulagp.losscontrol`, the one loss-of-control rule) — and when no decision is left the play goes
back where the dice interrupted it: the move, the turn's end (:func:`racebook.formulagp.rounds.end_turn`), the
round's end after a W2W token's stress (§13.5, :func:`racebook.formulagp.rounds.start_round`), the pit entry (§16.1,
:func:`racebook.formulagp.pits.after_dice`) or the attack that waited for the dice before a battle (§13.2 a,
:func:`racebook.formulagp.battles.resume_attack`).

The loss-of-control module sits below the round, the pits and the battles (they import it): it answers where the
play goes on and this module, above them all, takes it there. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import losscontrol, pits, rounds
from racebook.formulagp.actions import FgpAction
from racebook.formulagp.battles import resume_attack
from racebook.formulagp.losscontrol import explain_control, legal_control
from racebook.formulagp.state import RaceState, Resume

__all__ = ["legal_control", "apply_control", "explain_control"]


def apply_control(s: RaceState, a: FgpAction, log: EventLog) -> None:
    """§18.1: the decision (:func:`racebook.formulagp.losscontrol.apply_control`), then on where it interrupted."""
    where = losscontrol.apply_control(s, a, log)
    if not where:  # another decision waits, or the move goes on
        return
    if where is Resume.ROUND:  # a W2W token's stress at the round's end (§13.5): the next round now
        rounds.start_round(s, log)
    elif where is Resume.PIT:  # the dice owed at the pit entry are resolved: the entry goes on (§16.1)
        assert s.turn is not None
        pits.after_dice(s, s.cars[s.turn.car], log)
    elif where is Resume.BATTLE:  # the dice before a battle (§13.2 a): the attack that waited
        resume_attack(s, log)
    else:
        rounds.end_turn(s, log)
