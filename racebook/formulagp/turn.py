"""The FormulaGP turn machine: one table, phase -> (rule, legal, apply, explain), all three answers of a phase
together, on the platform's phase-table type (:class:`racebook.core.machine.PhaseTable`), running a Standard race:
qualifying (§9, :mod:`racebook.formulagp.qualify`, unless the race starts from a given grid), race round 1's sealed
start (§9.4, :mod:`racebook.formulagp.start`), then each round (§10): the Chequered Flag on the Weather Radar (the
race clock, §4.2, §17.1), the draw phase (§10.1, :mod:`racebook.formulagp.rounds`), the driver sequence (§10.2), each
driver's turn — the cards (§10.3, :mod:`racebook.formulagp.cardplay` with the secondary functions and EVENT cards of
:mod:`racebook.formulagp.secondary`), the move (§11, :mod:`racebook.formulagp.moving`, the pit entry of
:mod:`racebook.formulagp.pits`), a battle after a forced stop (§13, :mod:`racebook.formulagp.battles`), a loss of
control's decision (§18.1, :mod:`racebook.formulagp.control` on :mod:`racebook.formulagp.losscontrol`), a forced
discard (§8.1), a pit stop (§16) — and the classification (§17.2). Rookie BOTs take no decision here: their turns
are resolved by :mod:`racebook.formulagp.bots`. This module holds only the table.
"""

from __future__ import annotations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.core.machine import PhaseRules, PhaseTable
from racebook.formulagp import pits, teamradio
from racebook.formulagp.actions import FgpAction
from racebook.formulagp.battles import apply_battle, explain_battle, legal_battle, offer
from racebook.formulagp.bots import attack  # noqa: F401 - sets the Rookie BOTs' attack (rookie.ATTACK)
from racebook.formulagp.cardplay import apply_play, explain_play, legal_play
from racebook.formulagp.control import apply_control, explain_control, legal_control
from racebook.formulagp.qualify import apply_qualify, explain_qualify, legal_qualify
from racebook.formulagp.redflaggrid import apply_grid, explain_grid, legal_grid
from racebook.formulagp.rounds import apply_draw, draw_pending, explain_draw, legal_draw, start_race
from racebook.formulagp.secondary import apply_discard, around_move, around_play, explain_discard, legal_discard
from racebook.formulagp.start import apply_start, explain_start, legal_start
from racebook.formulagp.state import Phase, RaceState
from racebook.formulagp.tyresetchoice import apply_sets, explain_sets, legal_sets

__all__ = ["TABLE", "MACHINE", "PhaseRules", "legal", "apply", "explain", "start_race", "draw_pending"]


def _over_legal(s: RaceState) -> list[FgpAction]:
    return []


def _over_apply(s: RaceState, a: FgpAction, log: EventLog) -> None:
    raise IllegalAction(a, "§17.2", "the race is over")


def _over_explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    return "§17.2", "the race is over"


TABLE: dict[Phase, PhaseRules[RaceState, FgpAction]] = {
    Phase.DRAW: PhaseRules("§10.1", legal_draw, apply_draw, explain_draw),
    Phase.START: PhaseRules("§9.4", *teamradio.around(Phase.START, legal_start, apply_start, explain_start)),
    Phase.PLAY: PhaseRules("§10.3", *teamradio.around(Phase.PLAY, *around_play(legal_play, apply_play,
                                                                                explain_play))),  # + secondary.py
    Phase.MOVE: PhaseRules("§11", *around_move(pits.legal_move, pits.apply_move, pits.explain_move)),  # + pit entry
    Phase.OVER: PhaseRules("§17.2", _over_legal, _over_apply, _over_explain),
    Phase.BATTLE: PhaseRules("§13.3", legal_battle, apply_battle, explain_battle),
    Phase.DISCARD: PhaseRules("§8.1", legal_discard, apply_discard, explain_discard),
    Phase.CONTROL: PhaseRules("§18.1", legal_control, apply_control, explain_control),  # a loss of control
    Phase.PIT: PhaseRules("§16.2", *teamradio.around(Phase.PIT, pits.legal_pit, pits.apply_pit, pits.explain_pit)),
    Phase.QUALIFY: PhaseRules("§9.2", legal_qualify, apply_qualify, explain_qualify),
    Phase.GRID: PhaseRules("§19.6", legal_grid, apply_grid, explain_grid),  # the Red Flag grid's tyres
    Phase.SETS: PhaseRules("§21", legal_sets, apply_sets, explain_sets),  # 15.10: each player's tyre sets
}


#: the turn machine on the platform's phase-table type (racebook.core.machine): the phase is the state's own
MACHINE: PhaseTable[Phase, RaceState, FgpAction] = PhaseTable(lambda s: s.phase, TABLE, tuple(Phase))


def legal(s: RaceState) -> list[FgpAction]:
    return MACHINE.legal(s)


def apply(s: RaceState, a: FgpAction, log: EventLog) -> None:
    MACHINE.apply(s, a, log)
    offer(s)  # a forced stop with a battle to declare: the BATTLE phase (§13.2, racebook.formulagp.battles)


def explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    return MACHINE.explain(s, a)
