"""Applying a decision, one function per phase (§13), and ``begin`` a turn; :mod:`racebook.rf90.turn.machine`
holds them in its phase table."""

from __future__ import annotations

import racebook.rf90.turn.et as et
import racebook.rf90.turn.flagevents as flagevents
import racebook.rf90.turn.latebrake as latebrake
import racebook.rf90.turn.offtrack_walk as offtrack_walk
import racebook.rf90.turn.phases as phases
import racebook.rf90.turn.pitstop as pitstop
import racebook.rf90.turn.sc_turn as sc_turn
from racebook.core.errors import IllegalAction
from racebook.rf90.actions import (
    Action,
    Chase,
    Discard,
    Draw,
    Extreme,
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
from racebook.rf90.rules import (
    drawing,
    payments,
    pits,
    robots,
    robotwindows,
    safetycar,
    strategies,
)
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import Phase, TurnCtx


def begin(state: RaceState, car_id: str, events: list[Event]) -> TurnCtx | None:
    """Start an individual turn. Robots play at once (returns None)."""
    car = state.cars[car_id]
    events.append(TurnResumes(car_id, car.section) if car.just_pit else TurnBegins(car_id, car.section))
    if state.sc is not None:
        return sc_turn._sc_turn(state, car, events)
    if car.is_robot:
        return robots.robot_turn(state, car, events)
    ctx = TurnCtx(car_id, reentry=car.off_track is not None)
    strategies.chase_check(state, car, events)
    if car.just_pit:  # §13.A.3: phases B–F are played when the new section is activated
        car.just_pit = False
        phases.phase_b(state, car, ctx, events)
    return ctx


def _unhandled(ctx: TurnCtx, action: Action) -> IllegalAction:  # pragma: no cover - legality is checked first
    return IllegalAction(action, "§13", f"not handled in phase {ctx.phase.value}")


def apply_a(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """Phase A (§13.A): start (phase B follows), skip, the A.2 skills, CHASE's token, or a pit stop."""
    if isinstance(action, Start):
        phases.phase_b(state, car, ctx, events)
    elif isinstance(action, Extreme):  # Expansion #1: follow the ET before any card (expansion1 digest §4.3)
        et.follow(state, car, ctx, action, events)
    elif isinstance(action, Versatility):
        car.strategy = action.strategy
        car.skill_used = True
        strategies.chase_off(state, car, events, ChaseEnd.STRATEGY)
        events.append(VersatilityUsed(car.id, car.strategy))
    elif isinstance(action, WiseDriving):
        car.skill_used = True
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.WISE_DRIVING, "§27"))
        while sum(1 for c in car.hand if not state.card(c).is_track) < car.setup.cards:
            if drawing._draw(state, car, DrawReason.WISE_DRIVING, events, "§27") is None:
                break
    elif isinstance(action, Chase):
        car.chasing = action.target
        events.append(ChasePlaced(car.id, action.target))
    elif isinstance(action, Pit):
        pitstop._pit(state, car, ctx, action.extra, events)
    elif isinstance(action, Skip):
        if action.strategy is not None:
            strategies.chase_off(state, car, events, ChaseEnd.STRATEGY)
            car.strategy = action.strategy
        car.no_move = True
        events.append(TurnSkipped(car.id, action.strategy))
        phases._end(state, car, ctx, events)
    else:
        raise _unhandled(ctx, action)


def apply_draw(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """Phase B choices: CHASE takes a reserved card or draws (§26.8); SAVE FUEL's trade (§26.3)."""
    if isinstance(action, Take):
        deck = state.deck_of(action.card)
        deck.discards.remove(action.card)
        car.hand.append(action.card)
        state.reserved[car.chasing or ""].remove(action.card)
        events.append(CardDrawn(car.id, action.card, DrawReason.CHASE_TAKEN, "§26.8", car.chasing))
    elif isinstance(action, Draw) and car.strategy is Strategy.CHASE:
        drawing._draw(state, car, DrawReason.CHASE_DECLINED, events, "§26.8")
    elif isinstance(action, Draw):
        if action.discard:
            payments.discard_cards(state, car, (action.discard,))
            events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.SAVE_FUEL, "§26.3"))
            drawing._draw(state, car, DrawReason.SAVE_FUEL_FIRST, events, "§26.3")
            drawing._draw(state, car, DrawReason.SAVE_FUEL_SECOND, events, "§26.3")
        else:
            drawing._draw(state, car, DrawReason.PHASE_B, events)
    else:
        raise _unhandled(ctx, action)
    ctx.phase = Phase.PLAY


def apply_lucky_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Draw):
        raise _unhandled(ctx, action)
    if action.discard:
        payments.discard_cards(state, car, (action.discard,))
        events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.LUCKY, "§26.4"))
    ctx.phase = Phase.PLAY


def apply_pit_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if isinstance(action, PitDiscard):
        pits.discard_one(state, car, action.card, events)
    elif isinstance(action, PitDone):
        while pits.hand_limit_count(state, car, ctx.pit.pit_exempt) < car.setup.cards:
            if drawing._draw(state, car, DrawReason.PIT, events, "§13.A.3") is None:
                break
        ctx.phase = Phase.PIT_TYRES
    else:
        raise _unhandled(ctx, action)


def apply_pit_tyres(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, PitTyres):
        raise _unhandled(ctx, action)
    pitstop.pit_tyres(state, car, ctx, action.tyre, events)


def apply_pit_strategy(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, PitStrategy):
        raise _unhandled(ctx, action)
    pitstop.pit_finish(state, car, ctx, action.strategy, events)


def apply_play(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Play):
        raise _unhandled(ctx, action)
    phases._play(state, car, ctx, action, events)


def apply_pay(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Pay):
        raise _unhandled(ctx, action)
    phases._pay(state, car, ctx, action.chips, action.cards, events)


def apply_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Discard):
        raise _unhandled(ctx, action)
    payments.discard_cards(state, car, action.cards)
    events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.COST))
    ctx.play.discards_due = 0
    phases.after_payment(state, car, ctx, events)


def apply_recovery_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Discard):
        raise _unhandled(ctx, action)
    payments.discard_cards(state, car, action.cards)
    events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.OFF_TRACK, "§18.1"))
    ctx.offtrack.route_discard = 0
    phases.after_walk(state, car, ctx, offtrack_walk.walk_route(state, car, ctx, events), events)


def apply_test(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Test):
        raise _unhandled(ctx, action)
    phases.card_test(state, car, ctx, action, events)


def apply_recovery(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Test):
        raise _unhandled(ctx, action)
    phases.after_walk(state, car, ctx, offtrack_walk.recovery_test(state, car, ctx, action.using, events), events)


def apply_events(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, (Weather, YellowFlag, GreenFlag, TakeFlag, NoFlag)):
        raise _unhandled(ctx, action)
    flagevents._event(state, car, ctx, action, events)


def apply_orange(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, (Force, NoForce)):
        raise _unhandled(ctx, action)
    robotwindows.apply_orange(state, car, ctx, action, events)


def apply_late_brake(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if isinstance(action, LateBrake):
        latebrake.late_brake(state, car, ctx, action.card, events)
    elif isinstance(action, NoLateBrake):
        phases.phase_f2(state, car, ctx, events)
    else:
        raise _unhandled(ctx, action)


def apply_leader(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, LeaderCheck):
        raise _unhandled(ctx, action)
    phases._leader_check(state, car, ctx, action.using, events)


def apply_occupy(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Occupy):
        raise _unhandled(ctx, action)
    if action.trajectory:
        car.trajectory = action.trajectory
        events.append(TrajectoryOccupied(car.id, action.trajectory, car.section,
                                         " after its pit stop" if ctx.pit.after_pit else "",
                                         "§13.A.3" if ctx.pit.after_pit else ""))
    if ctx.pit.after_pit:
        pitstop.pit_pause(state, car, ctx, events)
    else:
        phases._end(state, car, ctx, events)


def apply_sc_window(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """§21.1: pit now, under the Safety Car, or stay out."""
    if isinstance(action, StayOut):
        events.append(StaysOut(car.id))
        car.played = True
        ctx.phase = Phase.DONE
    elif isinstance(action, Pit):
        pitstop._pit(state, car, ctx, action.extra, events)
    else:
        raise _unhandled(ctx, action)


def apply_sc_a(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """§21.3: behind the Safety Car, go (one card, follow the SC) or pit."""
    if isinstance(action, Start):

        drawing._draw(state, car, DrawReason.SAFETY_CAR, events, "§21.3")
        safetycar.move(state, car.id, events)
        if car.hand:
            ctx.phase = Phase.SC_DISCARD
        else:
            phases._end(state, car, ctx, events)
    elif isinstance(action, Pit):
        pitstop._pit(state, car, ctx, action.extra, events)
    else:
        raise _unhandled(ctx, action)


def apply_sc_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    if not isinstance(action, Discard):
        raise _unhandled(ctx, action)
    payments.discard_cards(state, car, action.cards)
    events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.SAFETY_CAR, "§21.3"))
    phases._end(state, car, ctx, events)


def apply_none(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    raise _unhandled(ctx, action)
