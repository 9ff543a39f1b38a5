"""A player's late braking in the turn (§13.F.1): the blind test or a Discard Power, the advance, then phase F.2 or
the off-track route (§18.3). The advance itself (players and robots) is
:func:`racebook.rf90.rules.latebraking.lb_advance`."""

from __future__ import annotations

import racebook.rf90.turn.phases as phases
from racebook.core.errors import TrackDataError
from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car
from racebook.rf90.events import (
    Checked,
    DeckEmpty,
    Event,
    LbDiscardPower,
    LostControl,
)
from racebook.rf90.rules import checks, latebraking, strategies
from racebook.rf90.state import RaceState
from racebook.rf90.turn.offtrack_walk import walk_route
from racebook.rf90.turnctx import TurnCtx


def late_brake(state: RaceState, car: Car, ctx: TurnCtx, card: str | None, events: list[Event]) -> None:
    """§13.F.1: blind test vs Target Check + LB modifier (+ rain, REFLEXES); a Discard Power succeeds outright."""
    ctx.lb.lb_done = True
    sec = state.section(car.section)
    assert sec.lb_modifier is not None
    if card is not None:
        car.hand.remove(card)
        state.discard(card)
        events.append(LbDiscardPower(car.id, card))
        _lb_advance(state, car, ctx, events)
        return
    ev = checks.take_test(state, car, BLIND, f"late braking in {sec.name} (blind)", events, sec.lb_modifier, "LB",
                          rule="§13.F.1", test=Checked.LATE_BRAKING, subject=sec.name)
    if ev is None:
        events.append(DeckEmpty("Race", car.id))
        phases.phase_f2(state, car, ctx, events)
        return
    strategies.hooks(car).on_late_braking(state, car, events)
    if ev.passed:
        _lb_advance(state, car, ctx, events)
        return
    events.append(LostControl(car.id, sec.name))
    if sec.lb_route is None:
        field = f"sections[{state.track.sections.index(sec)}].lb_route"
        raise TrackDataError(state.track.file or state.track.id, field,
                             f"§18.3: track data gives no off-track route for {sec.name}")
    ctx.offtrack.route, ctx.offtrack.node = sec.lb_route, state.track.routes[sec.lb_route].start
    ctx.offtrack.route_kind = "lb"
    phases.after_walk(state, car, ctx, walk_route(state, car, ctx, events), events)


def _lb_advance(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """A player's late braking succeeded (§13.F.1): :func:`lb_advance`, then F.2 (it may take a trajectory)."""
    passed = latebraking.lb_advance(state, car, events)
    if any(state.cars[c].lap == car.lap for c in passed):
        ctx.play.overtook = True  # §26.2: same-lap cars passed anywhere on the track count for BANGING WHEELS
    ctx.lb.lb_advanced = True
    phases.phase_f2(state, car, ctx, events)
