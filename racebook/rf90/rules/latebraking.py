"""Late braking (§13.F.1) for players and robots; a failed one follows the off-track route (§18.3)."""

from __future__ import annotations

from racebook.core.errors import TrackDataError
from racebook.rf90.car import Car, Strategy
from racebook.rf90.events import (
    Checked,
    DeckEmpty,
    DrawReason,
    Event,
    FinishLine,
    LateBrakingAdvance,
    LbDiscardPower,
    LeaderCause,
    LeaderToken,
    LostControl,
    RobotLbAdvance,
)
from racebook.rf90.rules import checks, drawing, offtrack
from racebook.rf90.state import RaceState
from racebook.rf90.turn import phases
from racebook.rf90.turn.context import TurnCtx


def _late_brake(state: RaceState, car: Car, ctx: TurnCtx, card: str | None, events: list[Event]) -> None:
    """§13.F.1: blind test vs Target Check + LB modifier (+ rain, REFLEXES); a Discard Power succeeds outright."""
    ctx.lb_done = True
    sec = state.section(car.section)
    assert sec.lb_modifier is not None
    if card is not None:
        car.hand.remove(card)
        state.discard(card)
        events.append(LbDiscardPower(car.id, card))
        _lb_advance(state, car, ctx, events)
        return
    code = drawing._blind(state, car, events)
    if code is None:
        events.append(DeckEmpty("Race", car.id))
        phases._phase_f2(state, car, ctx, events)
        return
    ev = checks.resolve(state, car, code, f"late braking in {sec.name} (blind)", sec.lb_modifier, "LB",
                        rule="§13.F.1", test=Checked.LATE_BRAKING, subject=sec.name)
    events.append(ev)
    if car.strategy is Strategy.HAZARD:
        drawing.draw_track_card(state, car, DrawReason.HAZARD, events, "§26.6")
    if ev.passed:
        _lb_advance(state, car, ctx, events)
        return
    events.append(LostControl(car.id, sec.name))
    if sec.lb_route is None:
        field = f"sections[{state.track.sections.index(sec)}].lb_route"
        raise TrackDataError(state.track.file or state.track.id, field,
                             f"§18.3: track data gives no off-track route for {sec.name}")
    ctx.route, ctx.node, ctx.route_kind = sec.lb_route, state.track.routes[sec.lb_route].start, "lb"
    offtrack._walk_route(state, car, ctx, events)


def _lb_advance(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Success: pass every car in the braking zone, advance one section (HAZARD: two, if empty) (§13.F.1)."""
    track = state.track
    zone = car.section
    passed = [c for c in state.cars_in(zone) if c != car.id and state.cars_in(zone).index(c) <
              state.cars_in(zone).index(car.id)]
    if any(state.cars[c].lap == car.lap for c in passed):
        ctx.overtook = True  # §26.2: same-lap cars passed anywhere on the track count for BANGING WHEELS
    steps = 1
    nxt = track.sections[track.next_index(state.section(zone).index)]
    after = track.sections[track.next_index(nxt.index)]
    if car.strategy is Strategy.HAZARD and not state.cars_in(nxt.name) and not state.cars_in(after.name):
        steps = 2
    for _ in range(steps):
        cur = state.section(car.section)
        dest = track.sections[track.next_index(cur.index)]
        state.remove(car.id)
        if dest.index == 0:
            car.lap += 1
            events.append(FinishLine(car.id, car.lap))
        state.place(car.id, dest.name)
    car.trajectory = None
    ctx.lb_advanced = True
    events.append(LateBrakingAdvance(car.id, car.section, zone, tuple(passed), steps == 2))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.LATE_BRAKED, car.id))
    phases._phase_f2(state, car, ctx, events)


def _robot_lb_advance(state: RaceState, car: Car, events: list[Event]) -> None:
    track = state.track
    zone = car.section
    dest = track.sections[track.next_index(state.section(zone).index)]
    state.remove(car.id)
    if dest.index == 0:
        car.lap += 1
        events.append(FinishLine(car.id, car.lap))
    state.place(car.id, dest.name)
    car.trajectory = None
    events.append(RobotLbAdvance(car.id, zone, dest.name))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.LATE_BRAKED, car.id))
