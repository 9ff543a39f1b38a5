"""Phase D.4 events (§13.D.4): weather, yellow/green/blue/orange flags (§15), and the orange-flag holder's
choice (§15.4)."""

from __future__ import annotations

from racebook.rf90.actions import BLIND, Action, Force, NoForce
from racebook.rf90.car import Car, Tyre
from racebook.rf90.events import Checked, Event, RobotsWillPit, TurnEnds, WeatherMoved
from racebook.rf90.rules import checks, latebraking, offtrack, trajectories
from racebook.rf90.state import BASIC, YELLOW_FLAG, RaceState
from racebook.rf90.track import Condition, SectionType, TrajectoryKind
from racebook.rf90.turnctx import Phase, TurnCtx

BLUE_PAWNS = 6  # §2.2

MAX_YELLOW_FLAGS = 6  # §15.1


def move_weather(state: RaceState, by: str, step: int, events: list[Event]) -> None:
    """Move the weather pawn one step (§16.1); leaving an intermediate space for a stable one calls the robots'
    tyre pit stops (§16.3). ``by``: the car whose card moved it."""
    before = state.condition()
    state.weather += step
    sp = state.track.weather.spaces[state.weather]
    events.append(WeatherMoved(by, "moves", sp.label(), sp.condition))
    after = state.condition()
    proper = {Condition.DRY: Tyre.HARD, Condition.RAIN: Tyre.RAIN}.get(after)
    if before is Condition.INTERMEDIATE and proper is not None and state.robot_tyre is not proper:
        state.robot_tyre_change = proper  # §16.3: all robots pit at the end of this individual turn
        events.append(RobotsWillPit(after, state.robot_tyre))


def yellow_flag_places(state: RaceState) -> list[tuple[str, int]]:
    """Where a yellow flag may be placed (§15.1): (corner section, cars ahead of it), at most one per corner and
    :data:`MAX_YELLOW_FLAGS` in all, always behind the cars on trajectories (so they are not affected)."""
    out: list[tuple[str, int]] = []
    if sum(1 for lst in state.order.values() if YELLOW_FLAG in lst) >= MAX_YELLOW_FLAGS:
        return out
    for s in state.track.sections:
        if s.type is SectionType.CORNER and YELLOW_FLAG not in state.order[s.name]:
            lst = state.order[s.name]
            first = max((i + 1 for i, c in enumerate(lst) if state.cars[c].trajectory), default=0)
            out += [(s.name, k) for k in range(first, len(lst) + 1)]
    return out


def forced_lb(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event], bonus: int = 0,
              bonus_why: str = "") -> bool:
    """A robot forced to late-brake (the orange flag, §15.4; its teammate's green card +20, Expansion #1 §5.6): a
    blind test; on success it late-brakes past (§13.F.1), on failure the LB route. True when its turn has ended
    (off track or at a re-entry point)."""
    sec = state.section(car.section)
    why = f"(LB {sec.lb_modifier or 0:+d}, {bonus_why})" if bonus else "LB"
    rule = "§15.4, AMB-29" if not bonus else "§5.6 (Expansion #1), AMB-X1-27"
    ev = checks.take_test(state, car, BLIND, f"late braking in {sec.name} (forced, blind)", events,
                          (sec.lb_modifier or 0) + bonus, why, rule=rule, test=Checked.LATE_BRAKING, subject=sec.name)
    if ev is not None and ev.passed:
        ctx.lb.lb_done = True
        latebraking.lb_advance(state, car, events)
    elif sec.lb_route is not None:
        offtrack.robot_route(state, car, sec.lb_route, events)  # later off-track checks: no +20 (AMB-X1-27)
        if not car.on_track or car.off_track is not None:
            car.played = True
            ctx.phase = Phase.DONE
            if car.on_track:
                events.append(TurnEnds(car.id, car.off_track or car.section, at_reentry=True))
            return True
    return False


def orange_options(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    """§15.4: what the orange-flag holder may force on this robot now (empty when nothing); not an ET in a
    section where the robot has just failed one (§18.2)."""
    holder = state.orange
    if holder is None or not car.is_robot or not car.on_track or car.off_track is not None:
        return []
    if state.cars[holder].is_robot or not state.cars[holder].on_track:
        return []
    opts: list[Action] = []
    if state.section(car.section).lb_modifier is not None:
        opts.append(Force(holder, car.id, "lb"))
    if trajectories.trajectories_available(state) and state.level != BASIC:  # basic: robots ignore ETs (X1 §4.7)
        opts += [Force(holder, car.id, t.id) for t in trajectories.occupiable_trajectories(state, car, ctx)
                 if t.kind is TrajectoryKind.EXTREME]
    return opts + [NoForce(holder)] if opts else []
