"""The decisions other drivers take during a robot's turn, and how the turn goes on after them: the associated
human's assistance card (expansion1 §5.6, AMB-X1-25 … AMB-X1-30; the listings and refusals are
:mod:`racebook.rf90.rules.assist`) and the orange-flag holder's force (§15.4; what may be forced is
:func:`racebook.rf90.rules.flags.orange_options`).

This module sits above the robot's turn (:mod:`racebook.rf90.rules.robots`), the assistance rules and the flags,
which do not import it: they open the windows; this module applies the decision taken in them and hands the turn back
to the robot's movement or its end.
"""

from __future__ import annotations

from racebook.rf90.actions import Action, Assist, Force, NoAssist
from racebook.rf90.car import Car, EtCause
from racebook.rf90.events import AssistKind, Event, FlagEvent, FlagStep, NotAssisted, TurnEnds
from racebook.rf90.rules import assist, flags, robots
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.turnctx import Phase, TurnCtx


def apply_assist(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """expansion1 §5.6: the helper's decision in a window of the robot's turn; then the robot's turn goes on
    (:mod:`.robots`)."""
    phase = ctx.phase
    ctx.decider = None
    if phase is Phase.ASSIST_FORCED:
        _apply_forced(state, car, ctx, action, events)
        return
    if isinstance(action, NoAssist):
        events.append(NotAssisted(action.car, car.id))
    elif isinstance(action, Assist):
        assist.spend(state, car, action, events)
        if action.what == "yellow-flag":
            section, _, behind = action.arg.partition("@")
            state.order[section].insert(int(behind), YELLOW_FLAG)
        elif action.what == "green-flag":
            state.order[action.arg].remove(YELLOW_FLAG)
        elif action.what == "weather":
            flags.move_weather(state, action.car, int(action.arg), events)
        elif action.what == "mp":
            robots.extra_mp(state, car, ctx, 1, events)
        elif action.what == "lb":
            if flags.forced_lb(state, car, ctx, events, assist.GREEN_BONUS, "teammate's green card +20"):
                return
        elif action.what == "et":
            car.trajectory, car.et_cause = action.arg, EtCause.TEAMMATE
            car.assist_bonus = assist.GREEN_BONUS  # expansion1 §5.6: the next blind check (its next turn's ET check)
            car.played = True
            ctx.phase = Phase.DONE
            events.append(TurnEnds(car.id, car.section))
            return
    if phase is Phase.ASSIST_START:
        robots.robot_move(state, car, ctx, events)
    else:
        robots.after_move(state, car, ctx, events, assisted=True)


def _apply_forced(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """After the orange flag's force: the human's green card (+20 on that attempt, AMB-X1-27) or none; then the
    forced attempt (:func:`forced_go`)."""
    forced, ctx.forced = ctx.forced, ""
    bonus = 0
    if isinstance(action, Assist):
        assist.spend(state, car, action, events, AssistKind.FORCED_LB if forced == "lb" else AssistKind.FORCED_ET)
        bonus = assist.GREEN_BONUS
    else:
        events.append(NotAssisted(action.car, car.id))
    forced_go(state, car, ctx, forced, events, bonus)


def apply_orange(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    """§15.4: the orange-flag holder forces the robot to late-brake or take an ET, or does not (its turn ends,
    :func:`racebook.rf90.rules.robots.robot_finish`); a robot teammate's human may then add a green card
    (expansion1 §5.7)."""
    ctx.decider = None
    if isinstance(action, Force) and action.what == "lb":
        events.append(FlagEvent(action.car, FlagStep.FORCE_LB, target=car.id))
    elif isinstance(action, Force):
        events.append(FlagEvent(action.car, FlagStep.FORCE_ET, target=car.id, trajectory=action.what))
    else:
        robots.robot_finish(state, car, ctx, events)
        return
    # expansion1 §5.7, AMB-X1-27: a robot teammate's human cannot prevent it, but may add a green card's +20
    if assist.open_forced(state, car, ctx, action, events):
        return
    forced_go(state, car, ctx, action.what, events)


def forced_go(state: RaceState, car: Car, ctx: TurnCtx, what: str, events: list[Event], bonus: int = 0) -> None:
    """The attempt the orange flag forced (§15.4): a late braking now (``what`` = "lb"), or the ET ``what``, tested
    on the robot's next turn; ``bonus``: a robot teammate's green card (+20, expansion1 §5.7, AMB-X1-27)."""
    if what == "lb":
        if flags.forced_lb(state, car, ctx, events, bonus, "teammate's green card +20"):
            return
        robots.robot_finish(state, car, ctx, events)
        return
    car.trajectory, car.et_cause = what, EtCause.ORANGE_FLAG
    if bonus:
        car.assist_bonus = bonus  # its next blind check: the ET check of its next turn
    car.played = True
    ctx.phase = Phase.DONE
    events.append(TurnEnds(car.id, car.section))
