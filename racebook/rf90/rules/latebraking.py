"""Late braking (§13.F.1) for players and robots; a failed one follows the off-track route (§18.3)."""

from __future__ import annotations

from racebook.core.errors import TrackDataError
from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car
from racebook.rf90.events import (
    Checked,
    DeckEmpty,
    Event,
    FinishLine,
    LateBrakingAdvance,
    LbDiscardPower,
    LeaderCause,
    LeaderToken,
    LostControl,
    RobotLbAdvance,
)
from racebook.rf90.rules import checks, offtrack, strategies
from racebook.rf90.state import RaceState
from racebook.rf90.turn import phases
from racebook.rf90.turnctx import TurnCtx


def _late_brake(state: RaceState, car: Car, ctx: TurnCtx, card: str | None, events: list[Event]) -> None:
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
        phases._phase_f2(state, car, ctx, events)
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
    offtrack._walk_route(state, car, ctx, events)


def _lb_advance(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """A player's late braking succeeded (§13.F.1): :func:`lb_advance`, then F.2 (it may take a trajectory)."""
    passed = lb_advance(state, car, events)
    if any(state.cars[c].lap == car.lap for c in passed):
        ctx.play.overtook = True  # §26.2: same-lap cars passed anywhere on the track count for BANGING WHEELS
    ctx.lb.lb_advanced = True
    phases._phase_f2(state, car, ctx, events)


def lb_advance(state: RaceState, car: Car, events: list[Event]) -> list[str]:
    """THE late-braking advance (§13.F.1), for players, robots and a robot forced by the orange flag (§15.4): pass
    every car ahead in the braking zone and advance one section — two with HAZARD when both are empty (§26.6) —
    behind any car already there (AMB-27), no Leader check for the cars passed; the Leader token is reassigned.
    Returns the cars passed."""
    track = state.track
    zone = car.section
    passed = [c for c in state.cars_in(zone) if c != car.id and state.cars_in(zone).index(c) <
              state.cars_in(zone).index(car.id)]
    steps = 1 if car.is_robot else strategies.hooks(car).late_braking_sections(state, car)
    for _ in range(steps):
        cur = state.section(car.section)
        dest = track.sections[track.next_index(cur.index)]
        state.remove(car.id)
        if dest.index == 0:
            car.lap += 1
            events.append(FinishLine(car.id, car.lap))
        state.place(car.id, dest.name)
    car.trajectory = None
    if car.is_robot:
        events.append(RobotLbAdvance(car.id, zone, car.section))
    else:
        events.append(LateBrakingAdvance(car.id, car.section, zone, tuple(passed), steps == 2))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.LATE_BRAKED, car.id))
    return passed
