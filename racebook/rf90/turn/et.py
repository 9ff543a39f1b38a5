"""Extreme Trajectories in a player's turn: the base game's ET blind test (§19) and following an Expansion #1 ET
(expansion1 digest §4.3 B), each going on to phase B or to the recovery chart. The ET rules themselves are
:mod:`racebook.rf90.rules.trajectories` and :mod:`racebook.rf90.rules.extreme_x1`."""

from __future__ import annotations

import racebook.rf90.turn.phases as phases
from racebook.rf90.actions import Extreme
from racebook.rf90.car import Car
from racebook.rf90.events import (
    DeckEmpty,
    EtDiscardPower,
    Event,
    FlatOut,
    NoRecoveryChart,
    TrajectoryUse,
)
from racebook.rf90.rules import extreme_x1, strategies, trajectories
from racebook.rf90.rules.extreme_x1 import RULE
from racebook.rf90.state import RaceState
from racebook.rf90.track import Trajectory
from racebook.rf90.turn.offtrack_walk import walk_route
from racebook.rf90.turnctx import TurnCtx


def follow(state: RaceState, car: Car, ctx: TurnCtx, action: Extreme, events: list[Event]) -> None:
    """The player follows the ET (expansion1 §4.3 B): the check (or a Track Card's power, or FLAT OUT), then phase B
    and the cards, or the off-track route and the end of the turn."""
    t = state.track.trajectory(car.trajectory)  # type: ignore[arg-type]
    assert t.check_value is not None
    events.append(TrajectoryUse(car.id, t.id, "follows", f"Extreme Trajectory +{t.bonus}, check value "
                                f"{t.check_value}, before any card (Expansion #1)", RULE))
    if action.card == "flat":
        ctx.play.et_passed = ctx.play.x1_et = True
        ctx.play.mp_bonus.append((-1, "FLAT OUT: the ET without its check"))
        events.append(FlatOut(car.id, t.id))
    elif action.card is not None:
        car.hand.remove(action.card)
        state.discard(action.card)
        ctx.play.et_passed = ctx.play.x1_et = True
        events.append(EtDiscardPower(car.id, action.card, t.id))
    else:
        ev = extreme_x1._check(state, car, t, f"ET check at {t.id} (Expansion #1)", events)
        if ev is None:  # the deck is empty: no check, the car moves with no bonus
            events.append(DeckEmpty("Race", car.id))
        else:
            strategies.hooks(car).on_blind_test(state, car, ctx, "ET", events)  # HAZARD (AMB-X1-9)
            if ev.passed:
                ctx.play.et_passed = ctx.play.x1_et = True
            else:
                _fail(state, car, ctx, t, events)
                return
    phases.phase_b(state, car, ctx, events)


def _fail(state: RaceState, car: Car, ctx: TurnCtx, t: Trajectory, events: list[Event]) -> None:
    """Expansion #1 §4.3 B2: no movement cards; the off-track route against the ET value; the turn ends at re-entry."""
    trajectories.fail_et(state, car, ctx, t, events)
    ctx.play.mp_bonus.clear()  # (a HAZARD +1 needs a followed ET: no movement this turn, AMB-X1-9)
    if t.recovery is None:  # pragma: no cover - the track validator requires a route
        events.append(NoRecoveryChart(t.id))
        phases.phase_b(state, car, ctx, events)
        return
    ctx.offtrack.route, ctx.offtrack.node = t.recovery, state.track.routes[t.recovery].start
    ctx.offtrack.route_kind, ctx.offtrack.against = "x1", t.check_value
    phases.after_walk(state, car, ctx, walk_route(state, car, ctx, events), events)
