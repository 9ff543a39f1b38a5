"""Expansion #1's Extreme Trajectory procedure (expansion1 digest §4.3–§4.7, §4.11; AMB-X1-1…16).

The track file chooses the procedure (``et_procedure``; the house rule ``Rules.et_procedure`` may override it,
AMB-X1-2); an ET follows this one only if it prints its check value (``check_value``, 60 at Eau Rouge).

* **Decision, at the start of the individual turn, before pit or skip** (§4.3, AMB-X1-5): a player whose car stands
  on such an ET follows it (``Blue extreme``) or declines (``start``, ``skip``, ``pit``: then the car moves with no
  trajectory bonus at all).
* **The check**: blind, against the printed value plus the rain -20 (house rule ``et_check_rain``, AMB-X1-13) but
  **not REFLEXES** (§4.5);
  the card is **discarded** and the Target Check is unchanged (AMB-X1-6). A Track Card with an ET power of the
  ET's colour may be discarded instead (``Blue extreme S03``; a Spa card only in the straight before the corner it
  names, §4.6, AMB-X1-12); FLAT OUT skips the check for bonus -1 (AMB-X1-9).
* **Passed**: phase B, then the cards; the bonus needs a card of the ET's colour (§4.4; BALANCE: any card, or with
  ``balance_non_red_only`` a green, orange or yellow one, AMB-X1-10). BALANCE's Special gives the Track Card
  (AMB-X1-11).
* **Failed**: no movement card this turn; the car follows the ET's off-track route, whose checks are taken against
  the ET value plus the printed modifier (60 - 20 = 40, Ex. X1-3; REFLEXES +20 applies there, a hand card may be
  used, the card is discarded); the turn ends at the re-entry point after the phase-B draw (AMB-X1-5, AMB-X1-7).
* **Robots** (§4.7, AMB-X1-13): forced onto the ET by the orange flag (the manual's §15.4), they check blind
  against the printed value on their next turn; passed, the bonus adds to their MP; failed, they follow the route
  and do not move.
"""

from __future__ import annotations

from racebook.rf90.actions import BLIND, Action, Extreme
from racebook.rf90.car import Car, EtCause
from racebook.rf90.cards import PowerKind
from racebook.rf90.events import (
    Checked,
    CheckTest,
    Event,
)
from racebook.rf90.rules import checks, offtrack, skills, trajectories
from racebook.rf90.state import RaceState
from racebook.rf90.track import EtProcedure, Trajectory, TrajectoryKind
from racebook.rf90.turnctx import TurnCtx

RULE = "§4.3 (Expansion #1)"  # the expansion digest's section
GREEN_WHY = "teammate's green card"  # a robot teammate's +20 (§5.6), as a check's modifier names it


def et_at_start(state: RaceState, car: Car) -> Trajectory | None:
    """The Expansion #1 ET a player's car stands on when its turn starts, if it may follow it now (§4.3;
    trajectories are not available at the start or at a restart, §7.2)."""
    if car.is_robot or car.off_track is not None or not car.trajectory or not car.on_track:
        return None
    if not trajectories.trajectories_available(state):
        return None
    t = state.track.trajectory(car.trajectory)
    return t if trajectories.expansion1_et(state, t) else None


def power_passes(state: RaceState, code: str, traj: Trajectory) -> bool:
    """A Track Card's ET power of the ET's colour (the manual's §19.3), within the card's scope (Expansion #1 §4.6,
    AMB-X1-12)."""
    card = state.card(code)
    return any(p.kind is PowerKind.ET and p.colour in traj.colours for p in card.powers) \
        and state.track.et_power_reaches(card, traj)


def legal_start(state: RaceState, car: Car) -> list[Action]:
    """The phase-A ways to follow the ET (declining is ``start``, ``skip`` or ``pit``)."""
    t = et_at_start(state, car)
    if t is None:
        return []
    acts: list[Action] = [Extreme(car.id)]
    acts += [Extreme(car.id, m) for m in skills.hooks(car).et_modes(state, car)]  # FLAT OUT (AMB-X1-9)
    acts += [Extreme(car.id, c) for c in sorted(car.hand) if power_passes(state, c, t)]
    return acts


def refused(state: RaceState, car: Car, action: Extreme) -> str:
    """Why ``action`` is not open now (for ``explain``)."""
    if trajectories.et_procedure(state) is not EtProcedure.EXPANSION1:
        return "this race plays the manual's ET procedure (§13.D.2); 'extreme' is Expansion #1's (house rule " \
               "et_procedure)"
    if not car.trajectory or state.track.trajectory(car.trajectory).kind is not TrajectoryKind.EXTREME:
        return f"{car.id} does not stand on an Extreme Trajectory (expansion1 §4.3)"
    if et_at_start(state, car) is None:
        return "trajectories are not available now (§22, expansion1 §7.2)"
    if action.card == "flat":
        return "only FLAT OUT skips the ET check (§27)"
    if action.card is not None:
        if action.card not in car.hand:
            return f"{action.card} is not in {car.id}'s hand"
        return f"{action.card} has no ET power for {car.trajectory} here (§19.3; a Spa card holds only in the " \
               "straight before the corner it names, expansion1 §4.6)"
    return "not legal now"


def check_modifiers(state: RaceState, car: Car) -> list[checks.Modifier]:
    """The modifiers of the ET check (players and robots): rain -20 unless the house rule ``et_check_rain`` is off
    (AMB-X1-13), never REFLEXES (§4.5)."""
    return checks.modifiers(state, car, reflexes=False, rain=state.rules.et_check_rain)


def _check(state: RaceState, car: Car, t: Trajectory, what: str, events: list[Event], bonus: int = 0,
           rule: str = RULE, forced_by: EtCause | None = None) -> CheckTest | None:
    """THE ET check of this procedure (§4.3, §4.7): blind, against the printed value plus
    :func:`check_modifiers` (and a robot teammate's green card ``bonus``, §5.6); the card is discarded."""
    return checks.take_test(state, car, BLIND, what, events, bonus, GREEN_WHY, rule=rule,
                            test=Checked.ET, subject=t.id, against=t.check_value, reflexes=False,
                            rain=state.rules.et_check_rain, forced_by=forced_by)


def robot_check(state: RaceState, car: Car, ctx: TurnCtx, t: Trajectory, events: list[Event], bonus: int = 0,
                cause: EtCause = EtCause.ORANGE_FLAG) -> bool:
    """§4.7 (AMB-X1-13): a robot put on the ET (``cause``: by the orange flag, or by its teammate's green card,
    §5.6) checks blind against the printed value (``bonus``: a teammate's green card's +20); on a failure it
    follows the route (against the ET value, no bonus) and does not move this turn. True = passed."""
    ev = _check(state, car, t, f"ET check at {t.id}", events, bonus, "§4.7 (Expansion #1)", cause)
    if ev is not None and ev.passed:
        return True
    trajectories.fail_et(state, car, ctx, t, events)
    if t.recovery is not None:
        offtrack.robot_route(state, car, t.recovery, events, against=t.check_value)
    return False
