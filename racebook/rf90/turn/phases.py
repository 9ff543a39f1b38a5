"""The automatic steps of phases B–F (§13.B–§13.F) between two decisions."""

from __future__ import annotations

import racebook.rf90.turn.cardplay as cardplay
import racebook.rf90.turn.legality as legality
from racebook.rf90.actions import BLIND, Play, Test
from racebook.rf90.car import Car
from racebook.rf90.cards import TestKind
from racebook.rf90.events import (
    CardsDiscarded,
    CardsPlayed,
    Checked,
    Damage,
    DeckEmpty,
    DiscardReason,
    DrawReason,
    EtDiscardPower,
    Event,
    FlagEvent,
    FlagStep,
    FlatOut,
    MovementPoints,
    MovementStops,
    NoRecoveryChart,
    Pass,
    TrajectoryUse,
    TurnEnds,
    TyresPaid,
)
from racebook.rf90.rules import checks, drawing, movement, offtrack, payments, strategies, trajectories
from racebook.rf90.rules.movement import Move
from racebook.rf90.rules.trajectories import fail_et
from racebook.rf90.state import RaceState
from racebook.rf90.track import TrajectoryKind
from racebook.rf90.turn.offtrack_walk import WalkEnd, walk_route
from racebook.rf90.turnctx import PendingTest, Phase, TurnCtx


def phase_b(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """§13.B: one Race Card; LUCKY draws two and discards one; SAVE FUEL may trade a card > 2 MP for two."""
    if strategies.hooks(car).on_draw(state, car, ctx, events):
        return
    drawing._draw(state, car, DrawReason.PHASE_B, events)
    ctx.phase = Phase.PLAY


def _play(state: RaceState, car: Car, ctx: TurnCtx, action: Play, events: list[Event]) -> None:
    ctx.play.cards = action.cards
    ctx.play.blue = action.blue
    ctx.play.minus_one = action.minus_one
    ctx.play.et_mode = action.et
    for c in action.cards:
        car.hand.remove(c)
        car.table.append(c)  # on the table until the end of the turn (§23)
    traj = state.track.trajectory(car.trajectory) if action.trajectory and car.trajectory else None
    ctx.play.traj = traj.id if traj else None
    extra = ""
    if not action.cards:
        extra = " (no playable card)"
    events.append(CardsPlayed(car.id, tuple(action.cards), tuple(state.card(c).mp for c in action.cards),
                              tuple(state.card(c).check for c in action.cards),
                              sum(state.card(c).mp for c in action.cards), extra))
    if car.trajectory and not action.trajectory:
        t = state.track.trajectory(car.trajectory)
        why = "not available this turn (§22, AMB-14)" if not trajectories.trajectories_available(state) else \
            ("no played card matches its colour" if not trajectories.colour_match(state, car, t, action.cards)
             else "the player declines it")
        events.append(TrajectoryUse(car.id, t.id, "ignores", why + "; the car still occupies it", "§13.D"))
    if traj is not None:
        colours = "/".join(c.value for c in traj.colours)
        events.append(TrajectoryUse(car.id, traj.id, "uses",
                                    f"{traj.kind.value} +{traj.bonus} {colours}, " + (
                                        "colour matched" if any(state.card(c).colour in traj.colours
                                                                for c in action.cards)
                                        else "no colour match needed with BALANCE (§26.5)"), "§13.D"))
    if action.blue:
        car.blue -= 1
    ctx.play.tyres_due, ctx.play.discards_due, ctx.play.damage_due = cardplay._costs(state, car, action.cards, traj)
    ctx.play.card_damage = sum(state.card(c).damage for c in action.cards)
    strategies.hooks(car).on_play(state, car, ctx, traj, events)
    ctx.phase = Phase.PAY
    if ctx.play.tyres_due == 0:
        _after_tyres(state, car, ctx, events)


def _pay(state: RaceState, car: Car, ctx: TurnCtx, chips: int, cards: tuple[str, ...], events: list[Event]) -> None:
    car.chips -= chips
    ctx.play.chips_spent += chips
    for c in cards:
        car.hand.remove(c)
        state.discard(c)
    how = f"{chips} chip(s)" + (f" + card(s) {' '.join(cards)}" if cards else "")
    events.append(TyresPaid(car.id, ctx.play.tyres_due, how, car.chips))
    ctx.play.tyres_due = 0
    _after_tyres(state, car, ctx, events)


def _after_tyres(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if ctx.play.discards_due:
        ctx.phase = Phase.DISCARD
        payable = legality.payable_hand(car, ctx)
        if len(payable) == ctx.play.discards_due:
            cards = tuple(payable)
            payments.discard_cards(state, car, cards)
            events.append(CardsDiscarded(car.id, tuple(cards), DiscardReason.COST))
            ctx.play.discards_due = 0
        else:
            return
    after_payment(state, car, ctx, events)


def after_payment(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if ctx.play.damage_due:
        if not payments.take_damage(state, car, ctx.play.damage_due, Damage.SYMBOL, events):
            _retired_mid_turn(state, car, ctx, events)
            return
        strategies.hooks(car).on_card_damage(state, car, ctx)
    # D.2: ET blind test first, then the cards' tests
    for c in ctx.play.cards:
        for t in state.card(c).tests:
            ctx.play.tests.append(PendingTest(f"{t} of {c}", t.kind, t.modifier, c))
    ctx.phase = Phase.TEST
    if ctx.play.x1_et:  # Expansion #1: the ET was followed (and passed) at the start of the turn (§4.3)
        pass
    elif ctx.play.traj is not None and state.track.trajectory(ctx.play.traj).kind is TrajectoryKind.EXTREME \
            and ctx.play.et_mode == "flat":
        ctx.play.et_passed = True
        ctx.play.mp_bonus.append((-1, "FLAT OUT: the ET without its test"))
        events.append(FlatOut(car.id, ctx.play.traj))
    elif ctx.play.traj is not None and state.track.trajectory(ctx.play.traj).kind is TrajectoryKind.EXTREME \
            and ctx.play.et_mode is not None:
        car.hand.remove(ctx.play.et_mode)
        state.discard(ctx.play.et_mode)
        ctx.play.et_passed = True
        events.append(EtDiscardPower(car.id, ctx.play.et_mode, ctx.play.traj))
    elif ctx.play.traj is not None and state.track.trajectory(ctx.play.traj).kind is TrajectoryKind.EXTREME:
        _et_test(state, car, ctx, events)
        if not car.on_track or ctx.phase is not Phase.TEST:
            return
    _next_test(state, car, ctx, events)


def _next_test(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if not car.on_track:
        return
    if not ctx.play.tests:
        _phase_d3(state, car, ctx, events)
        return
    if len(ctx.play.tests) == 1 and ctx.play.tests[0].kind is TestKind.BLIND:
        card_test(state, car, ctx, Test(car.id, 1, BLIND), events)


def card_test(state: RaceState, car: Car, ctx: TurnCtx, action: Test, events: list[Event]) -> None:
    t = ctx.play.tests.pop(action.test - 1)
    on_table = action.using in ctx.play.cards
    if on_table:
        ctx.play.test_cards.add(action.using)
        car.table.remove(action.using)  # it becomes the Target Check
    how = "blind draw" if action.using == BLIND else ("movement card" if on_table else "hand card")
    ev = checks.take_test(state, car, action.using, f"{t.label} with a {how}", events, t.modifier, taken=on_table)
    if ev is None:  # the deck is empty: nothing drawn, no test
        _next_test(state, car, ctx, events)
        return
    if action.using == BLIND and state.card(t.card).colour.value == "green":  # type: ignore[arg-type]
        strategies.hooks(car).on_blind_test(state, car, ctx, "green card", events)
    if not ev.passed:
        if not payments.take_damage(state, car, 1, Damage.FAILED_TEST, events, "§13.D.2", t.card):
            _retired_mid_turn(state, car, ctx, events)
            return
    _next_test(state, car, ctx, events)


def _phase_d3(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    for c in ctx.play.cards:
        for _ in range(state.card(c).draw):
            drawing._draw(state, car, DrawReason.DRAW_SYMBOL, events, "§13.D.3", c)
    for c in ctx.play.cards:
        card = state.card(c)
        if card.weather:
            ctx.play.d4.append("weather")
        if card.flag is not None:
            ctx.play.d4.append(card.flag.value)
    ctx.phase = Phase.EVENTS
    next_event(state, car, ctx, events)


def next_event(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    while ctx.play.d4:  # phase D.4's event now: a choice (the EVENTS phase's listing), or nothing to choose
        if len(legality.legal_events(state, car, ctx)) > 1:
            return
        what = ctx.play.d4.pop(0)
        events.append(FlagEvent(car.id, FlagStep.IDLE, what))
    _phase_e(state, car, ctx, events)


def _phase_e(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    traj = state.track.trajectory(ctx.play.traj) if ctx.play.traj else None
    parts = cardplay._base_mp(state, car, ctx.play.cards, traj, bool(ctx.play.et_passed), ctx.play.blue) \
        + ctx.play.mp_bonus
    parts += cardplay.penalties(state, car)
    if ctx.play.mp_loss:
        parts.append((-ctx.play.mp_loss, "recovery chart"))
    if car.off_track is not None:
        parts.append((-1, "re-entering the track (§18.5)"))
        offtrack.reenter(state, car, events)
    car.time_loss = 0
    total = sum(v for v, _ in parts)
    breakdown = " ".join(f"{v:+d} {why}" for v, why in parts if v)
    events.append(MovementPoints(car.id, total, breakdown.lstrip("+") or "nothing"))
    if total <= 0:
        car.no_move = True
        events.append(MovementStops(car.id, car.section, "no MP to move: NO MOVE token until the end of the Game "
                                    "Turn", "", "§13.E.6"))
        _phase_f(state, car, ctx, events)
        return
    ctx.play.move = Move(car.id, total, ctx.play.minus_one)
    _continue_move(state, car, ctx, events)


def _continue_move(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event],
                   check_result: bool | None = None) -> None:
    mv = ctx.play.move
    assert mv is not None
    start = len(events)
    movement.advance(state, mv, events, check_result)
    if any(isinstance(e, Pass) and e.car == car.id and e.verb == "overtakes" for e in events[start:]):
        ctx.play.overtook = True  # for the BANGING WHEELS Special (§26.2)
    if mv.awaiting_check is not None:
        ctx.phase = Phase.LEADER
        return
    _phase_f(state, car, ctx, events)


def _leader_check(state: RaceState, car: Car, ctx: TurnCtx, using: str, events: list[Event]) -> None:
    mv = ctx.play.move
    assert mv is not None and mv.awaiting_check is not None
    ev = checks.take_test(state, car, using, f"Leader check to lap {mv.awaiting_check}", events, leader_check=True,
                          rule="§20", test=Checked.LEADER, subject=mv.awaiting_check)
    if ev is None:
        _continue_move(state, car, ctx, events, check_result=False)
        return
    ctx.phase = Phase.TEST  # placeholder while moving
    _continue_move(state, car, ctx, events, check_result=ev.passed)


def _phase_f(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """F.1: a car that ended its movement in a braking zone with an LB symbol may late-brake (§13.F.1)."""
    if car.on_track and not ctx.lb.lb_done and car.off_track is None and state.section(car.section).lb_modifier \
            is not None:
        ctx.phase = Phase.LATE_BRAKE
        return
    phase_f2(state, car, ctx, events)


def phase_f2(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """F.2: a car that ended its movement in a section with a free trajectory may occupy it (§13.F.2)."""
    mv = ctx.play.move
    entered = (mv is not None and mv.entered) or ctx.lb.lb_advanced or ctx.reentry
    if entered and trajectories.trajectories_available(state) and car.off_track is None \
            and trajectories.occupiable_trajectories(state, car, ctx):
        ctx.phase = Phase.OCCUPY
        return
    _end(state, car, ctx, events)


def _end(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if car.on_track and car.off_track is None:  # §18.3: no strategy helps while off track
        strategies.specials(state, car, ctx, events)
    if any(c.chasing == car.id for c in state.cars.values()):  # §26.8: reserved for its chasers
        state.reserved[car.id] = [c for c in car.table if c in ctx.play.cards]
    for c in car.table:  # §23: every card used this turn goes to its discard pile
        state.discard(c)
    car.table.clear()
    ctx.play.cards = ()
    car.played = True
    ctx.phase = Phase.DONE
    if car.on_track and car.off_track is not None:
        events.append(TurnEnds(car.id, car.off_track, at_reentry=True, off_track=True))
    elif car.on_track:
        events.append(TurnEnds(car.id, car.section, state.laps_down(car.id)))


def _retired_mid_turn(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    for c in car.table:  # retire() already returned them; kept for safety
        state.discard(c)
    car.table.clear()
    ctx.play.cards = ()
    car.played = True
    ctx.phase = Phase.DONE


def _et_test(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    traj = state.track.trajectory(ctx.play.traj)  # type: ignore[arg-type]
    ev = checks.take_test(state, car, BLIND, f"ET blind test at {traj.id}", events, traj.test_modifier, "ET",
                          test=Checked.ET, subject=traj.id)
    if ev is None:
        events.append(DeckEmpty("Race", car.id))
        ctx.play.et_passed = False
        return
    ctx.play.et_passed = ev.passed
    strategies.hooks(car).on_blind_test(state, car, ctx, "ET", events)
    if not ev.passed:
        fail_et(state, car, ctx, traj, events)
        if traj.recovery is None:
            events.append(NoRecoveryChart(traj.id))
            return
        ctx.offtrack.route, ctx.offtrack.node = traj.recovery, state.track.routes[traj.recovery].start
        after_walk(state, car, ctx, walk_route(state, car, ctx, events), events)


def after_walk(state: RaceState, car: Car, ctx: TurnCtx, after: WalkEnd | None, events: list[Event]) -> None:
    """Take a player's turn on from where its off-track walk ended (§18.1–18.5; None: the walk waits for the
    player's decision)."""
    if after is WalkEnd.RETIRED:
        _retired_mid_turn(state, car, ctx, events)
    elif after is WalkEnd.END_TURN:
        _end(state, car, ctx, events)
    elif after is WalkEnd.PHASE_B:
        phase_b(state, car, ctx, events)
    elif after is WalkEnd.NEXT_TEST:
        _next_test(state, car, ctx, events)
