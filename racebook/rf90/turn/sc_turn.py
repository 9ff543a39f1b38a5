"""Individual turns behind the Safety Car and in its pit window (§21.1, §21.3–21.4)."""

from __future__ import annotations

from racebook.rf90.car import Car
from racebook.rf90.events import Event, PitCause, PitUnderSafetyCar, TurnEnds
from racebook.rf90.rules import robots, safetycar
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import Phase, TurnCtx


def _sc_turn(state: RaceState, car: Car, events: list[Event]) -> TurnCtx | None:
    """§21.3: behind the Safety Car. Robots follow (or pit when their chit is due); players decide."""

    if car.is_robot:
        if robots.robot_must_pit(state, car):
            events.append(PitUnderSafetyCar(car.id, PitCause.ROBOT_CHIT_DUE))
            safetycar.pit_to_the_back(state, car.id, events)
            car.pits += 1
            due = [i for i, (t, n) in enumerate(state.robot_chits) if t is car.robot and n <= state.turn]
            if car.refuel is not None:  # a robot teammate's own chit (Expansion #1 §5.4), discarded
                car.refuel = None
            elif due:
                state.robot_chits.pop(due[0])
        else:
            safetycar.move(state, car.id, events)
        car.played = True
        events.append(TurnEnds(car.id, car.section))
        return None
    return TurnCtx(car.id, phase=Phase.SC_A, sc_mode="running")


def sc_window_turn(state: RaceState, car_id: str) -> TurnCtx:
    """§21.1: the pit window of a player who has not played when the Safety Car comes out."""
    return TurnCtx(car_id, phase=Phase.SC_WINDOW, sc_mode="window")
