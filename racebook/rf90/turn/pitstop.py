"""A player's pit stop inside the individual turn (§13.A.3)."""

from __future__ import annotations

from racebook.rf90.car import Car, Strategy, Tyre
from racebook.rf90.events import (
    ChaseEnd,
    DrawReason,
    Event,
    JustPit,
    PitCause,
    PitDeclared,
    PitUnderSafetyCar,
    SafetyCarFuel,
    StrategyChanged,
    TyresKept,
)
from racebook.rf90.rules import drawing, offtrack, pits, safetycar, skills, strategies, trajectories
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import Phase, TurnCtx


def _pit(state: RaceState, car: Car, ctx: TurnCtx, extra: int, events: list[Event]) -> None:
    """§13.A.3: announce, go back, then the procedure (chit, repairs, cards, tyres, strategy)."""
    strategies.chase_off(state, car, events, ChaseEnd.PIT)
    cause = PitCause.FORCED if car.forced_pit else (PitCause.CHIT_DUE if pits.must_pit(state, car) else PitCause.CHOSEN)
    car.forced_pit = False
    if ctx.sc_mode == "running":  # §21.4: straight to the back, up to 16 turns, no extra sections

        events.append(PitUnderSafetyCar(car.id, cause))
        safetycar.pit_to_the_back(state, car.id, events)
        car.refuel = state.turn + safetycar.SC_FUEL
        events.append(SafetyCarFuel(car.id, car.refuel))
        pits.repair(state, car, events)
        ctx.phase = Phase.PIT_DISCARD
        return
    events.append(PitDeclared(car.id, cause, extra))
    # §18.5: from where it lost control, one extra section per penalty point
    penalty = offtrack.pit_from_reentry(state, car) if car.off_track is not None else 0
    pits.move_back(state, car, pits.recoil(state, car, extra) + penalty, events, extra, penalty)
    pits.refuel(state, car, extra, events)
    pits.repair(state, car, events)
    ctx.phase = Phase.PIT_DISCARD


def pit_tyres(state: RaceState, car: Car, ctx: TurnCtx, tyre: str, events: list[Event]) -> None:
    if tyre == "keep":
        events.append(TyresKept(car.id, car.chips, car.blue))
    else:
        t = Tyre(tyre)
        pits.fit_tyres(state, car, t, events)
        if t is Tyre.HARD:  # AMB-32: every new set of Hard tyres
            before = set(car.hand)
            drawing.draw_track_card(state, car, DrawReason.HARD_PIT, events,
                            "§9.2")
            ctx.pit.pit_exempt |= set(car.hand) - before
    skills.hooks(car).on_pit_tyres(state, car, ctx, events)
    ctx.phase = Phase.PIT_STRATEGY


def pit_finish(state: RaceState, car: Car, ctx: TurnCtx, strategy: Strategy | None, events: list[Event]) -> None:
    if strategy is not None:
        strategies.chase_off(state, car, events, ChaseEnd.STRATEGY)
        car.strategy = strategy
        events.append(StrategyChanged(car.id, strategy))
    if skills.hooks(car).refresh_at_pit:
        car.skill_used = False
    car.pits += 1
    if ctx.sc_mode is not None:  # under the Safety Car the stop ends the car's turn (§21.1, §21.4)
        car.played = True
        ctx.phase = Phase.DONE
        return
    if trajectories.trajectories_available(state) and trajectories.free_trajectories(state, car.section):
        ctx.pit.after_pit = True  # §13.A.3: it may occupy a free trajectory (an ET too), still the last car there
        ctx.phase = Phase.OCCUPY
        return
    pit_pause(state, car, ctx, events)


def pit_pause(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    car.just_pit = True
    events.append(JustPit(car.id, car.section))
    ctx.phase = Phase.DONE  # the turn pauses; the car has not finished playing (car.played stays False)
