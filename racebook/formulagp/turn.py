"""The FormulaGP turn machine: one table, phase -> (rule, legal, apply, explain), all three answers of a phase
together, running a Standard race round (§10): the Chequered Flag advances on the Weather Radar (the race clock,
§4.2, §17.1), the draw phase (draw to 4 + the ERS LEDs, hand-limit discards, ERS returns, the no-movement-card
ladder; §10.1), the driver sequence (§10.2, :func:`racebook.formulagp.rules.order.driver_order`), each driver's turn
(§10.3: a card or a pair, MP from the board, the move space by space with lane changes and their wear, free passes,
forced stops whose leftover MP become OT with the cap, the Slipstream shadow, extend XOR reduce, Brake!), the final
round and the classification (§17.1, §17.2, :func:`racebook.formulagp.rules.classification.classify`).

Qualifying (§9.1–§9.3: sealed cards, the push, the grid, the pole's bonus card; :mod:`racebook.formulagp.qualify`)
comes before race round 1 unless the race starts from a given grid. Not built yet (the docs' Status): battles
(sealed LED bids),
the dice effects, pushing, pits, race events.

Each phase's three answers live together in the module of its mechanic: the round and its draw phase
(:mod:`racebook.formulagp.rounds`), race round 1's sealed start (:mod:`racebook.formulagp.start`), choosing the
cards (:mod:`racebook.formulagp.cardplay`), the move (:mod:`racebook.formulagp.moving`), a battle after a forced stop
(:mod:`racebook.formulagp.battles`); this module holds only the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import pits
from racebook.formulagp.actions import FgpAction
from racebook.formulagp.battles import apply_battle, explain_battle, legal_battle, offer
from racebook.formulagp.cardplay import apply_play, explain_play, legal_play
from racebook.formulagp.losscontrol import apply_control, explain_control, legal_control
from racebook.formulagp.qualify import apply_qualify, explain_qualify, legal_qualify
from racebook.formulagp.rounds import apply_draw, draw_pending, explain_draw, legal_draw, start_race
from racebook.formulagp.secondary import apply_discard, around_move, around_play, explain_discard, legal_discard
from racebook.formulagp.start import apply_start, explain_start, legal_start
from racebook.formulagp.state import Phase, RaceState

__all__ = ["TABLE", "PhaseRules", "legal", "apply", "explain", "start_race", "draw_pending"]


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """One phase's three answers, together: the rule it cites, what is legal, how an action applies, and why an
    action is refused."""

    rule: str
    legal: Callable[[RaceState], list[FgpAction]]
    apply: Callable[[RaceState, FgpAction, EventLog], None]
    explain: Callable[[RaceState, FgpAction], tuple[str, str]]


def _over_legal(s: RaceState) -> list[FgpAction]:
    return []


def _over_apply(s: RaceState, a: FgpAction, log: EventLog) -> None:
    raise IllegalAction(a, "§17.2", "the race is over")


def _over_explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    return "§17.2", "the race is over"


TABLE: dict[Phase, PhaseRules] = {
    Phase.DRAW: PhaseRules("§10.1", legal_draw, apply_draw, explain_draw),
    Phase.START: PhaseRules("§9.4", legal_start, apply_start, explain_start),
    Phase.PLAY: PhaseRules("§10.3", *around_play(legal_play, apply_play, explain_play)),  # + secondary.py
    Phase.MOVE: PhaseRules("§11", *around_move(pits.legal_move, pits.apply_move, pits.explain_move)),  # + pit entry
    Phase.OVER: PhaseRules("§17.2", _over_legal, _over_apply, _over_explain),
    Phase.BATTLE: PhaseRules("§13.3", legal_battle, apply_battle, explain_battle),
    Phase.DISCARD: PhaseRules("§8.1", legal_discard, apply_discard, explain_discard),
    Phase.CONTROL: PhaseRules("§18.1", legal_control, apply_control, explain_control),  # a loss of control
    Phase.PIT: PhaseRules("§16.2", pits.legal_pit, pits.apply_pit, pits.explain_pit),
    Phase.QUALIFY: PhaseRules("§9.2", legal_qualify, apply_qualify, explain_qualify),
}


def legal(s: RaceState) -> list[FgpAction]:
    return TABLE[s.phase].legal(s)


def apply(s: RaceState, a: FgpAction, log: EventLog) -> None:
    TABLE[s.phase].apply(s, a, log)
    offer(s)  # a forced stop with a battle to declare: the BATTLE phase (§13.2, racebook.formulagp.battles)


def explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    return TABLE[s.phase].explain(s, a)
