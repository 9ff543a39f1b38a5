"""The individual-turn machine (§13): one table from phase to the handler that lists the legal decisions, applies
one, and explains why an action is not legal — so legality, application and explanation cannot drift.

``legal(state, ctx)``, ``allows(state, ctx, action)``, ``apply(state, ctx, action, events)`` and
``explain(state, ctx, action)`` all read :data:`TABLE`; :class:`racebook.rf90.game.Race` calls nothing else of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import racebook.rf90.turn.dispatch as dispatch
import racebook.rf90.turn.legality as legality
import racebook.rf90.turn.phases as phases
import racebook.rf90.turn.reasons as reasons
from racebook.rf90.actions import Action, Discard, Pay
from racebook.rf90.car import Car
from racebook.rf90.events import Event
from racebook.rf90.rules import assist, robotwindows
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import Phase, TurnCtx

LegalFn = Callable[[RaceState, Car, TurnCtx], list[Action]]
ApplyFn = Callable[[RaceState, Car, TurnCtx, Action, list[Event]], None]
ExplainFn = Callable[[RaceState, Car, TurnCtx, Action], "tuple[str, str] | None"]
AllowsFn = Callable[[RaceState, Car, TurnCtx, Action], bool]


@dataclass(frozen=True, slots=True)
class Handler:
    """One phase of the turn: its rule, its legal decisions, how one is applied, and why one is refused.

    ``verbs`` are the action verbs that belong to the phase even when none is legal now (e.g. ``start`` in a phase A
    that must pit): such an action gets the phase's own reason rather than "the decisions now are …".

    ``allows`` answers "is this one action legal?" for a replay (:func:`allows`) from the same listing narrowed to
    the action, where the full listing is costly (phase C's plays); None: the phase's listing is short and cheap,
    and membership in it is the check."""

    rule: str
    legal: LegalFn
    apply: ApplyFn
    explain: ExplainFn = reasons.explain_none
    verbs: frozenset[str] = frozenset()
    allows: AllowsFn | None = None


TABLE: dict[Phase, Handler] = {
    Phase.A: Handler("§13.A", legality.legal_a, dispatch.apply_a, reasons.explain_a,
                     verbs=frozenset({"start", "skip", "extreme"})),
    Phase.DRAW: Handler("§13.B", legality.legal_draw, dispatch.apply_draw),
    Phase.LUCKY_DISCARD: Handler("§26.4", legality.legal_lucky_discard, dispatch.apply_lucky_discard),
    Phase.PLAY: Handler("§13.C", legality.legal_play, dispatch.apply_play, reasons.explain_play,
                        frozenset({"play"}), legality.allows_play),
    Phase.PAY: Handler("§13.D.1", legality.legal_pay, dispatch.apply_pay, reasons.explain_pay, frozenset({"pay"})),
    Phase.DISCARD: Handler("§13.D.1", legality.legal_discard, dispatch.apply_discard, reasons.explain_discard,
                           frozenset({"discard"})),
    Phase.TEST: Handler("§13.D.2", legality.legal_test, dispatch.apply_test, reasons.explain_test,
                        frozenset({"test"})),
    Phase.RECOVERY: Handler("§18.1", legality.legal_recovery, dispatch.apply_recovery, reasons.explain_test,
                            frozenset({"test"})),
    Phase.RECOVERY_DISCARD: Handler("§18.1", legality.legal_recovery_discard, dispatch.apply_recovery_discard,
                                    verbs=frozenset({"discard"})),
    Phase.EVENTS: Handler("§13.D.4", legality.legal_events, dispatch.apply_events),
    Phase.LEADER: Handler("§20", legality.legal_leader, dispatch.apply_leader, reasons.explain_test,
                          frozenset({"leader-check"})),
    Phase.OCCUPY: Handler("§13.F.2", legality.legal_occupy, dispatch.apply_occupy, reasons.explain_occupy,
                          frozenset({"occupy"})),
    Phase.LATE_BRAKE: Handler("§13.F.1", legality.legal_late_brake, dispatch.apply_late_brake),
    Phase.PIT_DISCARD: Handler("§13.A.3", legality.legal_pit_discard, dispatch.apply_pit_discard),
    Phase.PIT_TYRES: Handler("§13.A.3", legality.legal_pit_tyres, dispatch.apply_pit_tyres),
    Phase.PIT_STRATEGY: Handler("§13.A.3", legality.legal_pit_strategy, dispatch.apply_pit_strategy),
    Phase.ORANGE: Handler("§15.4", legality.legal_orange, dispatch.apply_orange),
    Phase.ASSIST_START: Handler(assist.RULE, assist.legal_assist, robotwindows.apply_assist, assist.explain_assist,
                                frozenset({"assist", "no-assist"})),
    Phase.ASSIST_END: Handler(assist.RULE, assist.legal_assist, robotwindows.apply_assist, assist.explain_assist,
                              frozenset({"assist", "no-assist"})),
    Phase.ASSIST_FORCED: Handler(assist.FORCED_RULE, assist.legal_assist, robotwindows.apply_assist,
                                 assist.explain_assist, frozenset({"assist", "no-assist"})),
    Phase.SC_WINDOW: Handler("§21.1", legality.legal_sc_window, dispatch.apply_sc_window, reasons.explain_sc_window,
                             reasons.SC_VERBS),
    Phase.SC_A: Handler("§21.3", legality.legal_sc_a, dispatch.apply_sc_a, reasons.explain_sc_a, reasons.SC_VERBS),
    Phase.SC_DISCARD: Handler("§21.3", legality.legal_sc_discard, dispatch.apply_sc_discard,
                              reasons.explain_sc_discard, reasons.SC_VERBS),
    Phase.DUEL: Handler("§12", legality.legal_none, dispatch.apply_none),  # the duel has its own machine
    Phase.DONE: Handler("§13", legality.legal_none, dispatch.apply_none),
}


def legal(state: RaceState, ctx: TurnCtx) -> list[Action]:
    """The decisions open now in this turn."""
    return TABLE[ctx.phase].legal(state, state.cars[ctx.car], ctx)


def allows(state: RaceState, ctx: TurnCtx, action: Action) -> bool:
    """Is ``action`` one of :func:`legal`'s decisions? Answered by the phase's own listing, narrowed to the action
    where the handler can (``Handler.allows``); used to check recorded actions (replays, saves)."""
    h = TABLE[ctx.phase]
    car = state.cars[ctx.car]
    if h.allows is not None:
        return h.allows(state, car, ctx, action)
    return action in h.legal(state, car, ctx)


def apply(state: RaceState, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """Perform one legal decision, then every forced step until the next decision or the end of the turn."""
    car = state.cars[ctx.car]
    TABLE[ctx.phase].apply(state, car, ctx, action, events)
    _auto(state, car, ctx, events)


def explain(state: RaceState, ctx: TurnCtx, action: Action, legal_now: list[Action] | None = None) -> tuple[str, str]:
    """Why ``action`` is not legal now: (rule, reason). ``legal_now`` is the phase's legal list when the caller
    has it already (it is not listed again)."""
    car = state.cars[ctx.car]
    h = TABLE[ctx.phase]
    if legal_now is None:
        legal_now = h.legal(state, car, ctx)
    verbs = sorted({a.verb for a in legal_now})
    if action.verb not in h.verbs and action.verb not in verbs:
        return "§13", f"{car.id} is in phase {ctx.phase.value}; the decisions now are: {', '.join(verbs)}"
    return h.explain(state, car, ctx, action) or ("§13", "not legal now")


def _auto(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Apply forced single-option steps so that only real decisions are asked."""
    if ctx.phase is Phase.PLAY and ctx.play.traj_failed and ctx.offtrack.route_kind == "x1":
        phases._end(state, car, ctx, events)  # a failed Expansion #1 ET: no movement card (digest §4.3 B2)
        return
    while ctx.phase in (Phase.PAY, Phase.DISCARD) and car.on_track:
        opts = legal(state, ctx)
        if len(opts) != 1:
            return
        a = opts[0]
        if isinstance(a, Pay):
            phases._pay(state, car, ctx, a.chips, a.cards, events)
        else:
            assert isinstance(a, Discard)
            apply(state, ctx, a, events)
            return
