"""The individual turn's entry points: ``begin`` a turn and ``apply`` one decision (§13)."""

from __future__ import annotations

from racebook.core.errors import IllegalAction
from racebook.rf90.actions import (
    Action,
    Chase,
    Discard,
    Draw,
    Force,
    GreenFlag,
    LateBrake,
    LeaderCheck,
    NoFlag,
    NoForce,
    NoLateBrake,
    Occupy,
    Pay,
    Pit,
    PitDiscard,
    PitDone,
    PitStrategy,
    PitTyres,
    Play,
    Skip,
    Start,
    StayOut,
    Take,
    TakeFlag,
    Test,
    Versatility,
    Weather,
    WiseDriving,
    YellowFlag,
)
from racebook.rf90.car import Car, Strategy
from racebook.rf90.events import (
    CardDrawn,
    CardsDiscarded,
    ChaseEnd,
    ChasePlaced,
    DiscardReason,
    DrawReason,
    Event,
    StaysOut,
    TrajectoryOccupied,
    TurnBegins,
    TurnResumes,
    TurnSkipped,
    VersatilityUsed,
)
from racebook.rf90.rules import drawing, flags, latebraking, offtrack, payments, pits, robots, strategies
from racebook.rf90.state import RaceState
from racebook.rf90.turn import legality, phases, pitstop, sc_turn
from racebook.rf90.turn.context import Phase, TurnCtx


def begin(state: RaceState, car_id: str, events: list[Event]) -> TurnCtx | None:
    """Start an individual turn. Robots play at once (returns None)."""
    car = state.cars[car_id]
    events.append(TurnResumes(car_id, car.section) if car.just_pit else TurnBegins(car_id, car.section))
    if state.sc is not None:
        return sc_turn._sc_turn(state, car, events)
    if car.is_robot:
        return robots.robot_turn(state, car, events)
    ctx = TurnCtx(car_id, reentry=car.off_track is not None)
    strategies._chase_check(state, car, events)
    if car.just_pit:  # §13.A.3: phases B–F are played when the new section is activated
        car.just_pit = False
        phases._phase_b(state, car, ctx, events)
    return ctx


def apply(state: RaceState, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    car = state.cars[ctx.car]
    ph = ctx.phase
    if isinstance(action, Start) and ph is Phase.SC_A:
        from racebook.rf90.rules import safetycar

        drawing._draw(state, car, DrawReason.SAFETY_CAR, events, "§21.3")
        safetycar.move(state, car.id, events)
        if car.hand:
            ctx.phase = Phase.SC_DISCARD
        else:
            phases._end(state, car, ctx, events)
        return
    elif isinstance(action, Discard) and ph is Phase.SC_DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.SAFETY_CAR, "§21.3"))
        phases._end(state, car, ctx, events)
        return
    elif isinstance(action, StayOut):
        events.append(StaysOut(car.id))
        car.played = True
        ctx.phase = Phase.DONE
        return
    elif isinstance(action, Start):
        phases._phase_b(state, car, ctx, events)
    elif isinstance(action, Versatility):
        car.strategy = action.strategy
        car.skill_used = True
        strategies._chase_off(state, car, events, ChaseEnd.STRATEGY)
        events.append(VersatilityUsed(car.id, car.strategy))
        return
    elif isinstance(action, WiseDriving):
        car.skill_used = True
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.WISE_DRIVING, "§27"))
        while sum(1 for c in car.hand if not state.card(c).is_track) < car.setup.cards:
            if drawing._draw(state, car, DrawReason.WISE_DRIVING, events,
                     "§27") is None:
                break
        return
    elif isinstance(action, Chase):
        car.chasing = action.target
        events.append(ChasePlaced(car.id, action.target))
        return
    elif isinstance(action, Take):
        deck = state.deck_of(action.card)
        deck.discards.remove(action.card)
        car.hand.append(action.card)
        state.reserved[car.chasing or ""].remove(action.card)
        events.append(CardDrawn(car.id, action.card, DrawReason.CHASE_TAKEN, "§26.8", car.chasing))
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.DRAW and car.strategy is Strategy.CHASE:
        drawing._draw(state, car, DrawReason.CHASE_DECLINED, events, "§26.8")
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.DRAW:
        if action.discard:
            payments.discard_cards(state, car, (action.discard,))
            events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.SAVE_FUEL, "§26.3"))
            drawing._draw(state, car, DrawReason.SAVE_FUEL_FIRST, events, "§26.3")
            drawing._draw(state, car, DrawReason.SAVE_FUEL_SECOND, events, "§26.3")
        else:
            drawing._draw(state, car, DrawReason.PHASE_B, events)
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.LUCKY_DISCARD:
        if action.discard:
            payments.discard_cards(state, car, (action.discard,))
            events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.LUCKY, "§26.4"))
        ctx.phase = Phase.PLAY
    elif isinstance(action, Pit):
        pitstop._pit(state, car, ctx, action.extra, events)
        return
    elif isinstance(action, PitDiscard):
        pits.discard_one(state, car, action.card, events)
        return
    elif isinstance(action, PitDone):
        while pits.hand_limit_count(state, car, ctx.pit_exempt) < car.setup.cards:
            if drawing._draw(state, car, DrawReason.PIT, events, "§13.A.3") is None:
                break
        ctx.phase = Phase.PIT_TYRES
        return
    elif isinstance(action, PitTyres):
        pitstop._pit_tyres(state, car, ctx, action.tyre, events)
        return
    elif isinstance(action, PitStrategy):
        pitstop._pit_finish(state, car, ctx, action.strategy, events)
        return
    elif isinstance(action, Skip):
        if action.strategy is not None:
            strategies._chase_off(state, car, events, ChaseEnd.STRATEGY)
            car.strategy = action.strategy
        car.no_move = True
        events.append(TurnSkipped(car.id, action.strategy))
        phases._end(state, car, ctx, events)
        return
    elif isinstance(action, Play):
        phases._play(state, car, ctx, action, events)
    elif isinstance(action, Pay):
        phases._pay(state, car, ctx, action.chips, action.cards, events)
    elif isinstance(action, Discard) and ph is Phase.DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.COST))
        ctx.discards_due = 0
        phases._after_payment(state, car, ctx, events)
    elif isinstance(action, Discard) and ph is Phase.RECOVERY_DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.OFF_TRACK, "§18.1"))
        ctx.route_discard = 0
        offtrack._walk_route(state, car, ctx, events)
    elif isinstance(action, Test) and ph is Phase.TEST:
        phases._card_test(state, car, ctx, action, events)
    elif isinstance(action, Test) and ph is Phase.RECOVERY:
        offtrack._recovery_test(state, car, ctx, action.using, events)
    elif isinstance(action, (Weather, YellowFlag, GreenFlag, TakeFlag, NoFlag)):
        flags._event(state, car, ctx, action, events)
    elif isinstance(action, (Force, NoForce)):
        flags._orange(state, car, ctx, action, events)
        return
    elif isinstance(action, LateBrake):
        latebraking._late_brake(state, car, ctx, action.card, events)
        return
    elif isinstance(action, NoLateBrake):
        phases._phase_f2(state, car, ctx, events)
        return
    elif isinstance(action, LeaderCheck):
        phases._leader_check(state, car, ctx, action.using, events)
    elif isinstance(action, Occupy):
        if action.trajectory:
            car.trajectory = action.trajectory
            events.append(TrajectoryOccupied(car.id, action.trajectory, car.section,
                                             " after its pit stop" if ctx.after_pit else "",
                                             "§13.A.3" if ctx.after_pit else ""))
        if ctx.after_pit:
            pitstop._pit_pause(state, car, ctx, events)
        else:
            phases._end(state, car, ctx, events)
        return
    else:  # pragma: no cover - Race.apply checks legality first
        raise IllegalAction(action, "§13", f"not handled in phase {ph.value}")
    _auto(state, car, ctx, events)


def _auto(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Apply forced single-option steps so that only real decisions are asked."""
    while ctx.phase in (Phase.PAY, Phase.DISCARD) and car.on_track:
        opts = legality.legal(state, ctx)
        if len(opts) != 1:
            return
        a = opts[0]
        if isinstance(a, Pay):
            phases._pay(state, car, ctx, a.chips, a.cards, events)
        else:
            assert isinstance(a, Discard)
            apply(state, ctx, a, events)
            return
