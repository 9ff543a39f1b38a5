"""Robots (§17.3): their whole individual turn, their refuel chits (§8) and their trajectory (§17.3 F)."""

from __future__ import annotations

from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car, EtCause
from racebook.rf90.events import (
    Checked,
    Event,
    JustPitRemoved,
    MovementPoints,
    OwnChitDue,
    RobotChitDue,
    TrajectoryOccupied,
    TurnEnds,
)
from racebook.rf90.rules import assist, checks, extreme_x1, flags, movement, offtrack, pits, trajectories
from racebook.rf90.rules.movement import Move
from racebook.rf90.state import RaceState
from racebook.rf90.track import TrajectoryKind
from racebook.rf90.turnctx import Phase, TurnCtx


def robot_must_pit(state: RaceState, car: Car) -> bool:
    """§8: a due chit of this type binds the best-placed robot of the type on the track that has not pitted yet; a
    robot teammate pits at its own chit (Expansion #1 §5.4, AMB-X1-24), also from the re-entry point (§18.5: then
    from the section where it lost control, :func:`racebook.rf90.rules.offtrack.pit_from_reentry`)."""
    if car.pits:
        return False
    if car.refuel is not None:
        return car.refuel <= state.turn
    robot, turn = car.robot, state.turn
    for t, n in state.robot_chits:
        if t is robot and n <= turn:
            break
    else:
        return False
    same = [c.id for c in state.on_track() if c.is_robot and c.robot is car.robot and not c.pits]
    return bool(same) and max(same, key=state.key) == car.id


def robot_turn(state: RaceState, car: Car, events: list[Event]) -> TurnCtx | None:
    """§17.3: base MP plus trajectory bonus, no cards; all MP must be used. Returns a context only when the
    orange-flag holder has a decision to make at the end of the robot's movement (§15.4, AMB-40)."""
    assert car.robot is not None
    if car.just_pit:  # §17.3 A: back in play after its stop
        car.just_pit = False
        events.append(JustPitRemoved(car.id))
    elif robot_must_pit(state, car):
        if car.refuel is not None:  # a robot teammate's own chit (Expansion #1 §5.4), then discarded
            events.append(OwnChitDue(car.id, car.refuel))
            car.refuel = None
        else:  # the chit is this robot's from now on (discarded): the next robot of the type is not bound by it (§8)
            due = [i for i, (t, n) in enumerate(state.robot_chits) if t is car.robot and n <= state.turn]
            chit, chit_turn = state.robot_chits.pop(min(due, key=lambda i: state.robot_chits[i][1]))
            events.append(RobotChitDue(car.id, car.robot, chit, chit_turn))
        # at the re-entry point (§18.5), it pits from where it lost control, as a player does: never from two places
        penalty = offtrack.pit_from_reentry(state, car) if car.off_track is not None else 0
        pits.move_back(state, car, state.track.pit_time + penalty, events, penalty=penalty)
        car.pits += 1
        car.just_pit = True
        return None
    ctx = TurnCtx(car.id)
    # Expansion #1 §5.6: a yellow card first; only a robot of a team has a human teammate to help it (assist.helper)
    if car.team is not None and assist.open_window(state, car, ctx, Phase.ASSIST_START):
        return ctx
    return robot_move(state, car, ctx, events)


def robot_move(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> TurnCtx | None:
    """§17.3 B–E: the robot's MP (base, trajectory or ET, time loss) and its movement; then :func:`after_move`.
    Returns the context while someone has a decision to make in this turn, else None (the turn is over)."""
    assert car.robot is not None
    parts = [(car.robot.mp, f"{car.robot.value} robot")]
    if car.off_track is not None:  # §18.5: re-entering costs 1 MP
        parts.append((-1, "re-entering the track (§18.5)"))
        offtrack.reenter(state, car, events)
    if car.trajectory and trajectories.trajectories_available(state):
        t = state.track.trajectory(car.trajectory)
        if t.kind is TrajectoryKind.STANDARD:
            parts.append((t.bonus, f"trajectory {t.id} (no colour match or cost for robots)"))
        elif trajectories.expansion1_et(state, t):  # Expansion #1: vs the printed value (digest §4.7, AMB-X1-13)
            if not extreme_x1.robot_check(state, car, ctx, t, events, _bonus(car), _et_cause(car)):
                car.played = True
                ctx.phase = Phase.DONE
                if car.on_track:  # no movement: its turn ends on the re-entry point (or where it stands)
                    events.append(TurnEnds(car.id, car.off_track or car.section, at_reentry=car.off_track is not None,
                                           off_track=car.off_track is not None))
                return None
            parts.append((t.bonus, f"ET {t.id}"))
        else:  # §17.3 D: a robot forced onto an ET tests blind against 70 ± modifiers
            bonus = _bonus(car)
            why = f"(ET {t.test_modifier:+d}, {extreme_x1.GREEN_WHY} {bonus:+d})" if bonus else "ET"
            ev = checks.take_test(state, car, BLIND, f"ET blind test at {t.id}", events, t.test_modifier + bonus, why,
                                  rule="§17.3 D", test=Checked.ET, subject=t.id, forced_by=_et_cause(car))
            if ev is not None and ev.passed:
                parts.append((t.bonus, f"ET {t.id}"))
            else:
                trajectories.fail_et(state, car, ctx, t, events)
                loss = offtrack.robot_route(state, car, t.recovery, events) if t.recovery else 0
                if not car.on_track:
                    car.played = True
                    ctx.phase = Phase.DONE
                    return None
                if loss:
                    parts.append((-loss, "recovery chart"))
    if car.time_loss:
        parts.append((-car.time_loss, "time loss"))
        car.time_loss = 0
    total = sum(v for v, _ in parts)
    events.append(MovementPoints(car.id, total, " ".join([f"{v:+d} {w}" for v, w in parts]).lstrip("+")))
    mv = Move(car.id, total)
    if car.team is not None:  # kept for a red assistance card (Expansion #1 §5.6)
        ctx.play.move = mv
    if total > 0:
        _run(state, car, mv, events)
    if total <= 0:
        car.no_move = True
    ctx.robot_entered = bool(mv.entered)
    return after_move(state, car, ctx, events)


def _run(state: RaceState, car: Car, mv: Move, events: list[Event]) -> None:
    """Spend all the MP (§17.3 E): robots test the Leader check blind (§20)."""
    while not mv.done:
        movement.advance(state, mv, events)
        if mv.awaiting_check is not None:
            ev = checks.take_test(state, car, BLIND, f"Leader check to lap {mv.awaiting_check}", events,
                                  leader_check=True, rule="§20", test=Checked.LEADER, subject=mv.awaiting_check)
            movement.advance(state, mv, events, check_result=ev is not None and ev.passed)


def extra_mp(state: RaceState, car: Car, ctx: TurnCtx, mp: int, events: list[Event]) -> None:
    """Expansion #1 §5.6 (AMB-X1-26): a red assistance card adds MP after the robot's own are spent; they are spent
    under the normal robot rules."""
    mv = ctx.play.move if ctx.play.move is not None else Move(car.id, 0)
    mv.mp, mv.done = mv.mp + mp, False
    events.append(MovementPoints(car.id, mp, f"{mp:+d} teammate's red card (Expansion #1 §5.6)"))
    _run(state, car, mv, events)
    car.no_move = car.no_move and not mv.entered
    ctx.robot_entered = bool(mv.entered)


def _bonus(car: Car) -> int:
    """The +20 of a green assistance card on this blind check, used up by it (Expansion #1 §5.6, AMB-X1-27)."""
    bonus, car.assist_bonus = car.assist_bonus, 0
    return bonus


def _et_cause(car: Car) -> EtCause:
    """Who put the robot on the ET it tests now, used up by the test: its teammate's green card (Expansion #1
    §5.6), else the orange flag (§15.4, Expansion #1 §4.7) — the only two ways a robot takes an ET."""
    cause, car.et_cause = car.et_cause or EtCause.ORANGE_FLAG, None
    return cause


def after_move(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event],
               assisted: bool = False) -> TurnCtx | None:
    """The end of the robot's movement: its teammate's red or green card (Expansion #1 §5.6), the orange-flag
    holder's choice (§15.4), then phase F."""
    if not assisted and car.team is not None and assist.open_window(state, car, ctx, Phase.ASSIST_END):
        return ctx  # only a robot of a team has a human teammate to help it (Expansion #1 §5.6, assist.helper)
    if ctx.phase is Phase.DONE:
        return None
    if flags.orange_options(state, car, ctx):
        ctx.phase, ctx.decider = Phase.ORANGE, state.orange
        return ctx
    robot_finish(state, car, ctx, events)
    return None


def robot_finish(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """§17.3 F: the highest free standard trajectory (outermost on ties) if the robot entered the section."""
    if (ctx.robot_entered or ctx.lb.lb_done) and trajectories.trajectories_available(state) and car.on_track:
        free = [t for t in trajectories.occupiable_trajectories(state, car, ctx) if t.kind is TrajectoryKind.STANDARD]
        if free:
            best = max(free, key=lambda t: (t.bonus, t.lateral))
            car.trajectory = best.id
            events.append(TrajectoryOccupied(car.id, best.id, car.section,
                                             " (robots take the highest bonus, outermost on ties)", "§17.3 F"))
    car.played = True
    ctx.phase = Phase.DONE
    events.append(TurnEnds(car.id, car.section))
