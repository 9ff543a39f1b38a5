"""Off track (§18): recovery charts and off-track routes, going off and re-entering (§18.1–18.5)."""

from __future__ import annotations

from racebook.core.errors import TrackDataError
from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car
from racebook.rf90.cards import TestKind
from racebook.rf90.events import (
    CardsDiscarded,
    Checked,
    ControlRegained,
    Damage,
    DiscardReason,
    Event,
    FinishLine,
    ForcedPit,
    LeaderCause,
    LeaderToken,
    MpLoss,
    OnReentryPoint,
    ReEntered,
    Retirement,
    SafetyCarCalled,
    TimeLoss,
    TyresPaid,
)
from racebook.rf90.rules import checks, drawing, payments
from racebook.rf90.state import RaceState
from racebook.rf90.track import EffectKind, NodeKind
from racebook.rf90.turn import phases
from racebook.rf90.turn.context import Phase, TurnCtx


def _walk_route(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Follow an ET recovery chart (§18.1–18.2) until a decision or its end."""
    route = state.track.routes[ctx.route]  # type: ignore[index]
    while ctx.node is not None:
        node = route.nodes[ctx.node]
        if node.kind is NodeKind.TEST:
            assert node.test is not None
            if node.test.kind is TestKind.NORMAL and car.hand:
                ctx.phase = Phase.RECOVERY
                return
            _recovery_test(state, car, ctx, BLIND, events)
            return
        if node.kind is NodeKind.EFFECTS:
            for eff in node.effects:
                if not _effect(state, car, ctx, eff.kind, eff.amount, events):
                    return
            ctx.node = node.next
            if ctx.route_discard:
                ctx.phase = Phase.RECOVERY_DISCARD
                if len(car.hand) > ctx.route_discard:
                    return
                cards = tuple(car.hand)
                payments.discard_cards(state, car, cards)
                events.append(CardsDiscarded(car.id, tuple(cards), DiscardReason.OFF_TRACK, "§18.1"))
                ctx.route_discard = 0
            continue
        if node.kind is NodeKind.RETIRE:
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART, events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
            phases._retired_mid_turn(state, car, ctx, events)
            return
        if node.kind is NodeKind.BACK_ON_TRACK:
            events.append(ControlRegained(car.id, car.section))
            ctx.node = None
            break
        if node.kind is NodeKind.REENTRY:
            assert node.section is not None
            _go_off_track(state, car, node.section, events)
            ctx.node = None
            break
        raise TrackDataError(state.track.file or state.track.id, f"routes.{ctx.route}.nodes.{node.id}.kind",
                             f"§18: unknown route node kind {node.kind.value!r}")
    ctx.route = None
    if ctx.route_kind == "lb":
        phases._end(state, car, ctx, events)  # §18.5: its turn ends at the re-entry point
        return
    ctx.phase = Phase.TEST
    phases._next_test(state, car, ctx, events)


def _effect(state: RaceState, car: Car, ctx: TurnCtx, kind: EffectKind, n: int, events: list[Event]) -> bool:
    if kind is EffectKind.TYRE_WEAR:
        if car.chips < n:
            payments.retire(state, car, Retirement.TYRES, events, need=n, have=car.chips)
            phases._retired_mid_turn(state, car, ctx, events)
            return False
        car.chips -= n
        events.append(TyresPaid(car.id, n, f"{n} chip(s), cards may not substitute off track", car.chips, "§18.1"))
    elif kind is EffectKind.DAMAGE:
        if not payments.take_damage(state, car, n, Damage.OFF_TRACK, events, "§18.1"):
            phases._retired_mid_turn(state, car, ctx, events)
            return False
    elif kind is EffectKind.DISCARD:
        if len(car.hand) < n:
            payments.retire(state, car, Retirement.CARDS, events, need=n, have=len(car.hand))
            phases._retired_mid_turn(state, car, ctx, events)
            return False
        ctx.route_discard = n
    elif kind is EffectKind.TIME_LOSS:
        car.time_loss += n
        events.append(TimeLoss(car.id, n))
    elif kind is EffectKind.MP_LOSS:
        ctx.mp_loss += n
        events.append(MpLoss(car.id, n))
    elif kind is EffectKind.FORCED_PIT:
        car.forced_pit = True
        events.append(ForcedPit(car.id))
    return True


def _recovery_test(state: RaceState, car: Car, ctx: TurnCtx, using: str, events: list[Event]) -> None:
    node = state.track.routes[ctx.route].nodes[ctx.node]  # type: ignore[index]
    assert node.test is not None
    if using == BLIND:
        code = drawing._blind(state, car, events)
    else:
        car.hand.remove(using)
        code = using
    if code is None:
        ctx.node = node.on_fail
    else:
        ev = checks.resolve(state, car, code, f"{node.test.kind.value} recovery test", node.test.modifier,
                            "printed", rule="§18.1", test=Checked.RECOVERY)
        events.append(ev)
        ctx.node = node.on_pass if ev.passed else node.on_fail
    ctx.phase = Phase.TEST
    _walk_route(state, car, ctx, events)


def _reenter(state: RaceState, car: Car, events: list[Event]) -> None:
    """§18.5: placed behind all other cars of the re-entry section; no duel for it this Game Turn."""
    sec = car.off_track
    assert sec is not None
    car.off_track = car.lost_control = None
    state.place(car.id, sec)
    state.duel_chances.add((car.id, "re-entered"))
    events.append(ReEntered(car.id, sec))
    if state.fas_anchor is not None and state.leader == car.id:
        state.fas_anchor = None
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.REENTERED, car.id))


def _go_off_track(state: RaceState, car: Car, reentry: str, events: list[Event]) -> None:
    """§18.5: the car waits at the re-entry point beside ``reentry``; §18.4 when it was the leader."""
    lost = car.section
    lap = car.lap  # the lap where it lost control
    state.remove(car.id)
    car.off_track, car.lost_control, car.trajectory = reentry, lost, None
    car.section = reentry
    events.append(OnReentryPoint(car.id, reentry))
    if state.crossed_line_off_track(car):  # the re-entry point lies beyond the finish line: a lap like any other
        car.lap += 1
        events.append(FinishLine(car.id, car.lap))
    if state.leader == car.id:
        if state.rules.leader_token_same_lap:
            # house rule (default): the frontmost car there on the leader's lap; a lapped car never holds it (§11.1)
            there = [c for c in state.cars_in(lost) if state.cars[c].lap >= lap]
        else:  # the literal §18.4: «o carro que esteja mais à frente na seção», lapped or not
            there = state.cars_in(lost)[:1]
        if there:
            new = max(there, key=state.key)
            state.leader = new
            events.append(LeaderToken(new, lost, LeaderCause.LEADER_OFF_TRACK, car.id))
        else:
            state.fas_anchor = lost
            events.append(LeaderToken(car.id, lost, LeaderCause.KEPT_OFF_TRACK, fas=lost))


def robot_route(state: RaceState, car: Car, route_id: str, events: list[Event]) -> int:
    """An off-track route for a robot (§18.1): blind tests vs 70; tyre wear, damage and discards ignored; time
    loss, retire and re-entry apply. Returns the MP lost this turn (ET charts)."""
    route = state.track.routes[route_id]
    node_id: str | None = route.start
    loss = 0
    while node_id is not None:
        node = route.nodes[node_id]
        if node.kind is NodeKind.TEST:
            assert node.test is not None
            code = drawing._blind(state, car, events)
            ok = False
            if code is not None:
                ev = checks.resolve(state, car, code, "recovery test (robot, blind)", node.test.modifier, "printed",
                                    rule="§18.1", test=Checked.RECOVERY)
                events.append(ev)
                ok = ev.passed
            node_id = node.on_pass if ok else node.on_fail
        elif node.kind is NodeKind.EFFECTS:
            for eff in node.effects:
                if eff.kind is EffectKind.TIME_LOSS:
                    car.time_loss += eff.amount
                elif eff.kind is EffectKind.MP_LOSS:
                    loss += eff.amount
            node_id = node.next
        elif node.kind is NodeKind.RETIRE:
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART, events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
            return loss
        elif node.kind is NodeKind.REENTRY:
            assert node.section is not None
            _go_off_track(state, car, node.section, events)
            return loss
        else:
            return loss
    return loss
