"""Strategies (§26): the implemented ones, CHASE's token, HAZARD's blind draws and the Specials."""

from __future__ import annotations

from racebook.rf90.car import Car, RobotType, Strategy
from racebook.rf90.events import Event, Note
from racebook.rf90.rules import drawing
from racebook.rf90.state import RaceState
from racebook.rf90.turn.context import TurnCtx

IMPLEMENTED_STRATEGIES = frozenset({
    Strategy.SAVE_TYRES, Strategy.BANGING_WHEELS, Strategy.BALANCE, Strategy.HAZARD, Strategy.PUSH,
    Strategy.RECOVERY, Strategy.LUCKY, Strategy.SAVE_FUEL, Strategy.CHASE,
})


def chase_targets(state: RaceState, car: Car) -> list[str]:
    """§26.8 (AMB-11 notes): a driver ahead of you on the same lap."""
    if car.off_track is not None:
        return []
    me = state.key(car.id)
    return [c.id for c in state.on_track() if c.id != car.id and c.lap == car.lap and state.key(c.id) > me]


def chase_available(state: RaceState, car: Car) -> list[str]:
    """The chased car's reserved movement cards still in its discard pile (shared first-come, §26.8)."""
    if car.chasing is None:
        return []
    piles = set(state.race_deck.discards) | set(state.track_deck.discards)
    return [c for c in state.reserved.get(car.chasing, []) if c in piles]


def _chase_off(state: RaceState, car: Car, events: list[Event], why: str) -> None:
    if car.chasing is not None:
        events.append(Note(f"{car.id}'s Chased token comes off {car.chasing}: {why}", "§26.8"))
        car.chasing = None


def _chase_check(state: RaceState, car: Car, events: list[Event]) -> None:
    """§26.8: the token is removed when the chased car is behind you, off track or out of the race."""
    t = state.cars.get(car.chasing) if car.chasing else None
    if t is None:
        return
    if not t.on_track or t.off_track is not None:
        _chase_off(state, car, events, "the chased car is off the track")
    elif car.off_track is None and state.key(car.chasing) < state.key(car.id):  # type: ignore[arg-type]
        _chase_off(state, car, events, "the chased car is behind")


def _hazard_blind(car: Car, ctx: TurnCtx, state: RaceState, events: list[Event], what: str) -> None:
    if car.strategy is Strategy.HAZARD:
        ctx.play.mp_bonus.append((1, f"HAZARD: blind test ({what})"))
        drawing.draw_track_card(state, car, "(HAZARD Special: a risky blind draw)", events, "§26.6")


def _specials(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Strategy Specials: a Track Card when the condition is met (§26; AMB-35: drawn at once)."""
    s = car.strategy
    got = False
    if s is Strategy.SAVE_TYRES and ctx.play.chips_spent >= 1:
        got, why = True, "SAVE TYRES Special: spent at least 1 tyre chip"
    elif s is Strategy.PUSH and ctx.play.chips_spent >= 2:
        got, why = True, "PUSH Special: spent 2 or more tyre chips"
    elif s is Strategy.BALANCE and ctx.play.traj is not None and any(
            state.card(c).colour in state.track.trajectory(ctx.play.traj).colours for c in ctx.play.cards):
        got, why = True, "BALANCE Special: on a trajectory with a matching card"
    elif s is Strategy.BANGING_WHEELS and ctx.play.overtook and car.bw_card_turn != state.turn:
        got, why = True, "BANGING WHEELS Special: overtook a same-lap car"
        car.bw_card_turn = state.turn  # §26.2: only 1 Track Card per turn
    elif s is Strategy.RECOVERY and _robot_ahead_same_lap(state, car):
        got, why = True, "RECOVERY Special: a Fast/Slow robot ahead on the same lap"
    elif s is Strategy.CHASE and car.chasing is not None and car.chasing in state.cars \
            and state.cars[car.chasing].section == car.section and state.cars[car.chasing].off_track is None:
        got, why = True, "CHASE Special: ended the movement in the chased car's section"
    elif s is Strategy.SAVE_FUEL and ctx.play.cards and all(state.card(c).mp <= 2 for c in ctx.play.cards):
        if car.refuel is not None:  # §26.3 Bonus: the refuel chit moves 1 space forward
            car.refuel += 1
            events.append(Note(f"{car.id} moved with cards ≤ 2 only: the refuel chit moves forward to turn "
                               f"{car.refuel} (SAVE FUEL)", "§26.3"))
        got, why = True, "SAVE FUEL Special: moved with cards ≤ 2 only"
    if got:
        drawing.draw_track_card(state, car, f"({why})", events, "§26")


def _robot_ahead_same_lap(state: RaceState, car: Car) -> bool:
    me = state.key(car.id)
    return any(c.is_robot and c.robot in (RobotType.FAST, RobotType.SLOW) and c.lap == car.lap
               and state.key(c.id) > me for c in state.on_track())
