"""Helping a robot teammate (Expansion #1 §5.6; AMB-X1-25 … AMB-X1-30): the four assistance cards.

During its robot teammate's turn the associated human may discard **one** card of the right colour (a Race Card or
a Track Card; its icons ignored: no cost, check, draw or event) — at most one per robot teammate per Game Turn, in
one of four windows:

* start of the robot's movement — an event (yellow) card showing the matching symbol: place a yellow flag (yellow-
  flag symbol), remove one (green-flag symbol) or move the weather pawn one step (weather symbol) (AMB-X1-30);
* during its movement, also once its MP have run out — a speed (red) card: +1 MP (AMB-X1-26);
* at the end of its movement — a driving (green) card: it must attempt a late braking (where the LB symbol is printed)
  or take a free Extreme Trajectory; the next blind check of that attempt gets +20, later off-track checks do not
  (AMB-X1-27, AMB-X1-29);
* when its section is activated — a gears (orange) card: it declares a duel (robots included) or takes part in one,
  with +3; it plays two random Race Cards as any robot (AMB-X1-28; the duel machine, :mod:`.duel`, asks);
* after the orange-flag holder has forced it to attempt a late braking or take an ET (§5.7: the human cannot
  prevent it) — a driving (green) card: +20 on that attempt's blind check (AMB-X1-27), if he has not helped it yet
  this Game Turn (``Phase.ASSIST_FORCED``).

The windows of the robot's own turn are turn phases (``Phase.ASSIST_START``, ``Phase.ASSIST_END``) decided by the
human; each opens only when he holds a card that can do something there and has not helped this robot this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.rf90.actions import Action, Assist, Force, NoAssist
from racebook.rf90.car import Car
from racebook.rf90.cards import Colour, Flag
from racebook.rf90.events import Assisted, AssistKind, Event, TeammateForced
from racebook.rf90.rules import flags, trajectories
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import SectionType, TrajectoryKind
from racebook.rf90.turnctx import Phase, TurnCtx

if TYPE_CHECKING:
    from racebook.rf90.rules.duel import DuelCtx

RULE = "§5.6 (Expansion #1)"
FORCED_RULE = "§5.7 (Expansion #1), AMB-X1-27"
GREEN_BONUS = 20  # §5.6 X1: the next blind check of the forced LB / ET
ORANGE_BONUS = 3  # §5.6 X1: the forced duel
_KIND = {"mp": AssistKind.MP, "lb": AssistKind.LB, "et": AssistKind.ET, "duel": AssistKind.DUEL,
         "defend": AssistKind.DEFEND, "yellow-flag": AssistKind.YELLOW, "green-flag": AssistKind.GREEN,
         "weather": AssistKind.WEATHER}


def helper(state: RaceState, robot: Car) -> Car | None:
    """The human teammate of a robot teammate — the player associated with it (§5.1, §5.6 X1) — when he is still
    racing; None for any other car (a robot team of two robots has none)."""
    if not robot.is_robot or robot.team is None:
        return None
    for c in state.cars.values():
        if c.team == robot.team and c.id != robot.id and not c.is_robot and c.on_track:
            return c
    return None


def can_help(state: RaceState, robot: Car) -> Car | None:
    """The helper, if he may still discard an assistance card for this robot this Game Turn (AMB-X1-25)."""
    h = helper(state, robot)
    return h if h is not None and robot.assist_turn != state.turn else None


def _cards(state: RaceState, human: Car, colour: Colour) -> list[str]:
    return sorted(c for c in human.hand if state.card(c).colour is colour)


def start_options(state: RaceState, robot: Car) -> list[Action]:
    """The start of the robot's movement: yellow cards with a yellow-flag, green-flag or weather symbol."""
    h = can_help(state, robot)
    if h is None:
        return []
    out: list[Action] = []
    n = len(state.track.weather.spaces)
    for code in _cards(state, h, Colour.YELLOW):
        card = state.card(code)
        if card.flag is Flag.YELLOW:
            out += [Assist(h.id, robot.id, code, "yellow-flag", f"{s}@{k}") for s, k in flags.yellow_flag_places(state)]
        elif card.flag is Flag.GREEN:
            out += [Assist(h.id, robot.id, code, "green-flag", s) for s, lst in state.order.items()
                    if YELLOW_FLAG in lst]
        if card.weather:
            out += [Assist(h.id, robot.id, code, "weather", f"{s:+d}") for s in (-1, 1) if 0 <= state.weather + s < n]
    return out + [NoAssist(h.id)] if out else []


def end_options(state: RaceState, robot: Car, ctx: TurnCtx) -> list[Action]:
    """The robot's movement is over (its MP spent): red +1 MP; green forced late braking or ET."""
    h = can_help(state, robot)
    if h is None or not robot.on_track or robot.off_track is not None:
        return []
    out: list[Action] = [Assist(h.id, robot.id, code, "mp") for code in _cards(state, h, Colour.RED)]
    greens = _cards(state, h, Colour.GREEN)
    if greens:
        whats = ["lb"] if state.section(robot.section).lb_modifier is not None and not ctx.lb.lb_done else []
        if trajectories.trajectories_available(state):  # AMB-X1-29: in the basic game too
            whats += [f"et={t.id}" for t in trajectories.occupiable_trajectories(state, robot, ctx)
                      if t.kind is TrajectoryKind.EXTREME]
        for code in greens:
            for w in whats:
                what, _, arg = w.partition("=")
                out.append(Assist(h.id, robot.id, code, what, arg))
    return out + [NoAssist(h.id)] if out else []


def duel_options(state: RaceState, robot: Car, stage: str) -> list[Action]:
    """Its section is activated and the duel procedure asks it: orange cards force it to declare / take part."""
    h = can_help(state, robot)
    if h is None:
        return []
    what = "duel" if stage == "declare" else "defend"
    out: list[Action] = [Assist(h.id, robot.id, code, what) for code in _cards(state, h, Colour.ORANGE)]
    return out + [NoAssist(h.id)] if out else []


def forced_options(state: RaceState, robot: Car, forced: str) -> list[Action]:
    """The orange flag has forced ``forced`` ("lb" or an ET id) on this robot: its human's green cards add +20 to
    that attempt (AMB-X1-27), within the one card a Game Turn (AMB-X1-25)."""
    h = can_help(state, robot)
    if h is None or not forced:
        return []
    what, arg = ("lb", "") if forced == "lb" else ("et", forced)
    out: list[Action] = [Assist(h.id, robot.id, code, what, arg) for code in _cards(state, h, Colour.GREEN)]
    return out + [NoAssist(h.id)] if out else []


def open_forced(state: RaceState, robot: Car, ctx: TurnCtx, force: Force, events: list[Event]) -> bool:
    """§5.7 X1: the orange-flag holder forced a robot teammate (its human cannot prevent it); open
    ``Phase.ASSIST_FORCED`` when its human may add a green card's +20. False: the attempt goes on at once."""
    h = helper(state, robot)
    if h is None:
        return False
    events.append(TeammateForced(force.car, h.id, robot.id, "" if force.what == "lb" else force.what))
    opts = forced_options(state, robot, force.what)
    if not opts:
        return False
    ctx.phase, ctx.decider, ctx.forced = Phase.ASSIST_FORCED, h.id, force.what
    return True


def open_window(state: RaceState, robot: Car, ctx: TurnCtx, phase: Phase) -> bool:
    """Open the start (``ASSIST_START``) or end (``ASSIST_END``) window when the helper has a choice there."""
    opts = start_options(state, robot) if phase is Phase.ASSIST_START else end_options(state, robot, ctx)
    if not opts:
        return False
    ctx.phase, ctx.decider = phase, opts[-1].car
    return True


def spend(state: RaceState, robot: Car, action: Assist, events: list[Event], kind: AssistKind | None = None) -> None:
    """The card goes to its discard pile, icons ignored; the robot has had its one card this Game Turn."""
    human = state.cars[action.car]
    human.hand.remove(action.card)
    state.discard(action.card)
    robot.assist_turn = state.turn
    detail = action.arg.split("@")[0] if action.what == "yellow-flag" else action.arg
    events.append(Assisted(human.id, robot.id, action.card, kind or _KIND[action.what], detail))


def legal_assist(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    if ctx.phase is Phase.ASSIST_FORCED:
        return forced_options(state, car, ctx.forced)
    return start_options(state, car) if ctx.phase is Phase.ASSIST_START else end_options(state, car, ctx)


def explain_assist(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> tuple[str, str] | None:
    """Why an assistance card is refused here (the same rules as the listing)."""
    return why_not(state, car, action, _window_of(ctx), ctx.forced)


def _window_of(ctx: TurnCtx) -> str:
    return {Phase.ASSIST_START: "start", Phase.ASSIST_FORCED: "forced"}.get(ctx.phase, "end")


_WINDOW = {"yellow-flag": "start", "green-flag": "start", "weather": "start", "mp": "end", "lb": "end", "et": "end",
           "duel": "duel", "defend": "duel"}
_COLOUR = {"start": Colour.YELLOW, "mp": Colour.RED, "lb": Colour.GREEN, "et": Colour.GREEN, "duel": Colour.ORANGE,
           "defend": Colour.ORANGE}
_WINDOW_WORDS = {"forced": "after the orange flag forced it (driving, green: +20 on that attempt)",
                 "start": "at the start of the robot teammate's movement (event, yellow)",
                 "end": "during or at the end of its movement (speed, red: +1 MP; driving, green: LB/ET +20)",
                 "duel": "when its section is activated (gears, orange: a duel with +3)"}


def why_not(state: RaceState, robot: Car, action: Action, window: str, forced: str = "") -> tuple[str, str] | None:
    """The first rule an assistance action breaks in ``window`` ("start", "end", "duel", "forced": after the orange
    flag forced ``forced``; "none": no window is open), as (rule, reason); None when no reason is found."""
    if not isinstance(action, Assist):
        return None
    human = state.cars.get(action.car)
    mate = state.cars.get(action.robot)
    if mate is None or human is None or helper(state, mate) is not human:
        return RULE, f"{action.car} is not the human teammate of a robot teammate {action.robot} (§5.1, §5.6)"
    if mate.assist_turn == state.turn:
        return f"{RULE}, AMB-X1-25", f"{action.robot} has had its one assistance card this Game Turn"
    if action.card not in human.hand:
        return f"{RULE}, AMB-X1-25", f"{action.card} is not in {human.id}'s hand (frozen duel cards cannot be used)"
    if window == "forced":
        want = "lb" if forced == "lb" else f"et={forced}"
        if action.what not in ("lb", "et") or (action.what == "lb") != (forced == "lb") or \
                (action.what == "et" and action.arg != forced):
            return FORCED_RULE, f"the orange flag forced '{want}': only a green card for that attempt ('{want}', " \
                                "+20) may be discarded now"
    elif _WINDOW[action.what] != window:
        return RULE, f"'{action.what}' is played {_WINDOW_WORDS[_WINDOW[action.what]]}" + \
            ("; no assistance window is open now" if window == "none" else "")
    card = state.card(action.card)
    colour = _COLOUR.get(action.what, Colour.YELLOW)
    if card.colour is not colour:
        return RULE, f"'{action.what}' needs a {colour.value} card; {action.card} is {card.colour.value}"
    need = {"yellow-flag": card.flag is Flag.YELLOW, "green-flag": card.flag is Flag.GREEN, "weather": card.weather}
    if not need.get(action.what, True):
        return f"{RULE}, AMB-X1-30", f"{action.card} does not show the {action.what} symbol"
    if action.what == "lb" and state.section(mate.section).lb_modifier is None:
        return f"{RULE}, AMB-X1-18", f"{mate.section} has no late-braking symbol: no forced late braking there"
    sec = action.arg.split("@")[0]
    if action.what in ("yellow-flag", "green-flag") and \
            (not state.track.has_section(sec) or state.section(sec).type is not SectionType.CORNER):
        return "§15.1", f"{sec} is not a corner section: a yellow flag only ever stands in one"
    return None


def refusal(state: RaceState, action: Action, ctx: TurnCtx | None, duel: DuelCtx | None) -> tuple[str, str] | None:
    """Why an assistance action is refused now, wherever the race is (:meth:`racebook.rf90.game.Race.explain`);
    None: not an assistance action, or no specific reason (the phase's own answer then)."""
    if not isinstance(action, Assist):
        return None
    window, robot = None, None
    if duel is not None and duel.helper is not None:
        window, robot = "duel", duel.asked[-1]
    elif duel is None and ctx is not None and ctx.phase in (Phase.ASSIST_START, Phase.ASSIST_END,
                                                           Phase.ASSIST_FORCED):
        window, robot = _window_of(ctx), ctx.car
    mate = state.cars.get(action.robot)
    why = why_not(state, mate, action, window or "none", ctx.forced if ctx is not None else "") \
        if mate is not None else \
        (RULE, f"there is no car {action.robot}")
    if why is not None or window is None:
        return why or (RULE, "no assistance window is open now")
    if action.robot != robot:
        return RULE, f"the window open now is {robot}'s, not {action.robot}'s"
    return None
