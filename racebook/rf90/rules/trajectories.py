"""Trajectories: availability (§22, AMB-14), colour match (§13.D), free ones, and the ET test (§13.D.2, §18.2)."""

from __future__ import annotations

from racebook.rf90.car import Car, Strategy
from racebook.rf90.cards import Colour
from racebook.rf90.events import EtFailed, Event
from racebook.rf90.options import EtProcedureRule
from racebook.rf90.state import RaceState
from racebook.rf90.track import EtProcedure, Trajectory, TrajectoryKind
from racebook.rf90.turnctx import TurnCtx


def trajectories_available(state: RaceState) -> bool:
    """AMB-14: not at restarts, and (by default) not in turn 1 either (§22)."""
    if state.restart:
        return False
    return not (state.turn == 1 and not state.rules.trajectories_at_start)


def et_procedure(state: RaceState) -> EtProcedure:
    """The ET procedure of this race: the house rule, or the track file's (expansion1 digest §4.11, AMB-X1-2)."""
    rule = state.rules.et_procedure
    if rule is EtProcedureRule.TRACK:
        return state.track.et_procedure
    return EtProcedure(rule.value)


def expansion1_et(state: RaceState, traj: Trajectory) -> bool:
    """Does ``traj`` follow Expansion #1's procedure (:mod:`racebook.rf90.rules.extreme_x1`)? An ET that prints its
    check value, in a race playing that procedure."""
    return traj.kind is TrajectoryKind.EXTREME and traj.check_value is not None \
        and et_procedure(state) is EtProcedure.EXPANSION1


def colour_match(state: RaceState, car: Car, traj: Trajectory, cards: tuple[str, ...]) -> bool:
    """§13.D: a played card of the trajectory's colour; BALANCE needs none (§26.5) — on an Expansion #1 ET with
    ``balance_non_red_only``, a green, orange or yellow one (expansion1 digest §4.4, AMB-X1-10)."""
    if car.strategy is Strategy.BALANCE:
        if state.rules.balance_non_red_only and expansion1_et(state, traj):
            return any(state.card(c).colour is not Colour.RED for c in cards)
        return True
    return any(state.card(c).colour in traj.colours for c in cards)


def free_trajectories(state: RaceState, section: str) -> list[Trajectory]:
    here = state.track.trajectories_in(section)
    if not here:
        return []
    taken = {c.trajectory for c in state.cars.values() if c.trajectory and c.on_track}
    return [t for t in here if t.id not in taken]


def occupiable_trajectories(state: RaceState, car: Car, ctx: TurnCtx) -> list[Trajectory]:
    """The free trajectories of the car's section it may take now: none in a section where it failed an ET
    this turn, neither that ET nor any other (§18.2). Players and robots alike."""
    if ctx.et_failed_in(car.section):
        return []
    return free_trajectories(state, car.section)


def fail_et(state: RaceState, car: Car, ctx: TurnCtx, traj: Trajectory, events: list[Event]) -> None:
    """§18.2: a failed ET. The car leaves the ET spot (even if it stays in the section) and may not re-occupy
    that ET or any other trajectory of the section this turn; its bonus is lost. Players and robots alike."""
    car.trajectory = None
    ctx.play.traj = None
    ctx.play.traj_failed = True
    ctx.play.traj_failed_in = car.section
    events.append(EtFailed(car.id, traj.id, car.section))


