"""Late braking (§13.F.1) for players and robots; a failed one follows the off-track route (§18.3)."""

from __future__ import annotations

from racebook.rf90.car import Car
from racebook.rf90.events import (
    Event,
    FinishLine,
    LateBrakingAdvance,
    LeaderCause,
    LeaderToken,
    RobotLbAdvance,
)
from racebook.rf90.rules import strategies
from racebook.rf90.state import RaceState


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
