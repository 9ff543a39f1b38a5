"""The individual turn, phases A–F (§13), for players and robots (§17.3).

A turn is a small state machine held in :class:`TurnCtx`. ``legal(state, ctx)``
lists the decisions open now; ``apply(state, ctx, action, events)`` performs
one and then runs every automatic step (draws, damage, blind tests, movement)
until the next decision or the end of the turn.

The machine lives in this package: ``machine`` holds the one table from phase to handler (``legality``: the
decisions open now, ``dispatch``: applying one, ``reasons``: why one is refused); ``context``: the phase and the
turn context; ``cardplay``: the phase-C plays; ``phases``: the automatic steps of B–F; ``pitstop``; ``sc_turn``; the
mechanics it calls live in :mod:`racebook.rf90.rules` (``drawing``, ``trajectories``, ``offtrack``, ``latebraking``,
``flags``, ``strategies``, ``robots``, …).
"""

from __future__ import annotations

from racebook.rf90.rules.drawing import draw_track_card
from racebook.rf90.rules.flags import BLUE_PAWNS, MAX_YELLOW_FLAGS, orange_options
from racebook.rf90.rules.offtrack import robot_route
from racebook.rf90.rules.robots import robot_turn
from racebook.rf90.rules.strategies import IMPLEMENTED_STRATEGIES, chase_available, chase_targets
from racebook.rf90.rules.trajectories import (
    colour_match,
    fail_et,
    free_trajectories,
    occupiable_trajectories,
    trajectories_available,
)

# The package's modules import each other by their full names (``import racebook.rf90.turn.phases as phases``), never
# through this facade, and without a cycle: machine → dispatch → the player's side (et, latebrake, flagevents, …) →
# phases → legality → cardplay. This facade is for the rest of racebook.
from racebook.rf90.turn.cardplay import _costs, dry_run, legal_plays, pair_legal
from racebook.rf90.turn.dispatch import begin
from racebook.rf90.turn.legality import payable_hand
from racebook.rf90.turn.machine import TABLE, Handler, allows, apply, explain, legal
from racebook.rf90.turn.sc_turn import sc_window_turn
from racebook.rf90.turnctx import LateBrakeCtx, PendingTest, Phase, PitCtx, PlayCtx, RouteCtx, TurnCtx

__all__ = [
    "BLUE_PAWNS", "Handler", "IMPLEMENTED_STRATEGIES", "LateBrakeCtx", "MAX_YELLOW_FLAGS", "PendingTest", "Phase",
    "PitCtx", "PlayCtx", "RouteCtx", "TABLE", "TurnCtx", "colour_match", "_costs", "allows", "apply", "begin",
    "chase_available", "chase_targets", "draw_track_card", "dry_run", "explain", "fail_et", "free_trajectories",
    "legal", "legal_plays", "occupiable_trajectories", "orange_options", "pair_legal", "payable_hand",
    "robot_route", "robot_turn", "sc_window_turn", "trajectories_available",
]
