"""Why an action is not legal in a phase: the rule and a sentence saying what would be legal (§13).

One function per phase that has its own reasons; :mod:`racebook.rf90.turn.machine` holds them in its phase table,
next to the phase's legal actions and its application, so the three cannot drift.
"""

from __future__ import annotations

import racebook.rf90.turn.cardplay as cardplay
import racebook.rf90.turn.legality as legality
from racebook.rf90.actions import (
    BLIND,
    Action,
    Discard,
    Extreme,
    LeaderCheck,
    Occupy,
    Pay,
    Pit,
    Play,
    Start,
    StayOut,
    Test,
)
from racebook.rf90.car import Car
from racebook.rf90.cards import PowerKind
from racebook.rf90.rules import extreme_x1, payments, pits, trajectories
from racebook.rf90.state import RaceState
from racebook.rf90.track import Trajectory, TrajectoryKind
from racebook.rf90.turnctx import TurnCtx

Reason = tuple[str, str] | None


def explain_play(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """Phase C (§13.C, §13.D, §19): why this play is refused."""
    if not isinstance(action, Play):
        return None
    for c in action.cards:
        if c not in car.hand:
            return "§13.C", f"{c} is not in {car.id}'s hand (hand: {' '.join(car.hand) or 'empty'})"
    if len(action.cards) == 2:
        a, b = (state.card(c) for c in action.cards)
        ok, why = cardplay.pair_legal(car, a, b)
        if not ok:
            for x in (a, b):
                if x.mp == 2:
                    partners = [c for c in car.hand if c != x.code and cardplay.pair_legal(car, x, state.card(c))[0]]
                    shown = ", ".join(f"{c}{state.card(c)}" for c in partners) or "none"
                    return "§13.C", (f"[2] may only pair with [2] (or a [1]); legal pairs with {x.code} in hand: "
                                     f"{shown}")
            return "§13.C", f"[{a.mp}] and [{b.mp}] cannot be paired: {why}"
    if len(action.cards) > 2:
        return "§13.C", "a player plays one or two cards"
    if action.trajectory:
        if not car.trajectory:
            return "§13.D", f"{car.id} is not on a trajectory"
        if not trajectories.trajectories_available(state):
            return "§22", "trajectories are not available at the start or at a restart (AMB-14 house rule)"
        t = state.track.trajectory(car.trajectory)
        if not trajectories.colour_match(state, car, t, action.cards):
            cols = "/".join(c.value for c in t.colours)
            return "§13.D", f"no played card matches {t.id}'s colour ({cols}); it is ignored for all purposes"
    traj = state.track.trajectory(car.trajectory) if action.trajectory and car.trajectory else None
    power = action.et is not None and action.et != "flat"
    if power:
        why = _et_power_refused(state, car, action, traj)
        if why:
            return "§19.3", why
    tyres, disc, _ = cardplay._costs(state, car, action.cards, traj)
    spare = len(car.hand) - len(action.cards) - (1 if power else 0)
    if not payments.can_pay(car.chips, spare, tyres, disc):
        return "§13.D.1", (f"the cost cannot be paid: {tyres} tyre unit(s) (at least one chip; "
                           f"{car.chips} chip(s)) "
                           f"and {disc} discard(s) with {spare} other card(s) in hand"
                           + (f" ({action.et} is set aside for its ET Discard Power)" if power else ""))
    if action.blue and car.blue <= 0:
        return "§13.D.1", f"{car.id} has no blue token"
    if any(state.card(c).is_track for c in action.cards):
        shown = "; ".join(str(p) for p in cardplay.legal_plays(state, car, x1_et=ctx.play.x1_et)[:6])
        return "§19.1", f"a Track Card needs provable passage through its corner; legal plays include: {shown}"
    return "§13.C", "not a legal play"


def _et_power_refused(state: RaceState, car: Car, action: Play, traj: Trajectory | None) -> str:
    """Why ``et=CODE`` cannot be declared, or "" (§19.3: a Track Card with an ET Discard Power of the ET's
    colour, in hand and not among the movement cards)."""
    code = action.et
    if traj is None or traj.kind is not TrajectoryKind.EXTREME:
        return f"et={code} needs '+traj' on an Extreme Trajectory"
    if code not in car.hand or code in action.cards:
        return f"{code} is not in {car.id}'s hand apart from the movement cards"
    if not any(p.kind is PowerKind.ET and p.colour in traj.colours for p in state.card(code).powers):
        return f"{code} has no ET Discard Power of {traj.id}'s colour"
    if not state.track.et_power_reaches(state.card(code), traj):
        return f"{code}'s ET power holds only in the straight before the corner it names (expansion1 §4.6)"
    return ""


def explain_pay(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """D.1 tyres (§13.D.1)."""
    if not isinstance(action, Pay):
        return None
    hand = legality.payable_hand(car, ctx)
    aside = f"; {ctx.play.et_mode} is set aside for its ET Discard Power, §19.3" if len(hand) < len(car.hand) else ""
    return "§13.D.1", (f"{ctx.play.tyres_due} tyre unit(s) are due: at least one chip, the rest chips or hand cards "
                       f"({car.chips} chip(s), hand {' '.join(hand) or 'empty'}{aside})")


def explain_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """D.1 card discards (§13.D.1)."""
    if not isinstance(action, Discard):
        return None
    hand = legality.payable_hand(car, ctx)
    aside = f"; {ctx.play.et_mode} is set aside for its ET Discard Power, §19.3" if len(hand) < len(car.hand) else ""
    return "§13.D.1", (f"{ctx.play.discards_due} card(s) must be discarded from hand "
                       f"({' '.join(hand) or 'empty'}{aside})")


def explain_test(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """D.2 tests, recovery tests and Leader checks (§13.D.2, §18.1, §20)."""
    if not isinstance(action, (Test, LeaderCheck)):
        return None
    using = action.using
    if using != BLIND and using not in car.hand and using not in ctx.play.cards:
        return "§13.D.2", f"{using} is neither in hand nor a movement card; use a hand card or 'blind'"
    if isinstance(action, Test) and not 1 <= action.test <= max(1, len(ctx.play.tests)):
        return "§13.D.2", f"there are {len(ctx.play.tests)} pending test(s)"
    if isinstance(action, LeaderCheck) and using in ctx.play.cards:
        return "§20", "movement cards are already played and discarded: use a hand card or a blind draw (AMB-26)"
    return "§13.D.2", "that card cannot be used for this test (a Blind test only allows the top card)"


def explain_occupy(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """F.2 (§13.F.2)."""
    if not isinstance(action, Occupy):
        return None
    return "§13.F.2", "only a free trajectory of the section where the car ended its movement"


def explain_none(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    return None


def explain_a(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """Phase A: why Expansion #1's ``extreme`` is refused (expansion1 digest §4.3)."""
    if isinstance(action, Extreme):
        return "§4.3 (Expansion #1)", extreme_x1.refused(state, car, action)
    return None


# ------------------------------------------------------------------------------------------ the Safety Car (§21)
#: What a driver may do behind the Safety Car, said once for every refusal of §21.3.
_BEHIND_SC = ("behind the Safety Car a driver only follows (start: draw one card, move one section, discard one) or "
              "pits; no card is played, no turn is skipped, no strategy, skill or bonus is used")
#: The verbs of an ordinary individual turn that the Safety Car's phases refuse with their own reason.
SC_VERBS = frozenset({"start", "skip", "pit", "play", "chase", "versatility", "wise-driving", "late-brake",
                      "extreme", "stay-out", "discard", "yellow-flag", "occupy"})


def explain_sc_window(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """§21.1: the pit window when the Safety Car comes out: pit now (the normal pit rules) or stay out."""
    if isinstance(action, Pit):
        return "§13.A.3", (f"at most {pits.MAX_EXTRA_SECTIONS} extra sections of fuel: pit 0 to pit "
                           f"{pits.MAX_EXTRA_SECTIONS}")
    return "§21.1", (f"the Safety Car has just come out: {car.id}, who has not played, may only pit now or stay out; "
                     "the rest of his turn is lost at the realignment (AMB-43)")


def explain_sc_a(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """§21.3, §21.4: behind the Safety Car: follow or pit (16 turns of fuel, no extra sections)."""
    if isinstance(action, Pit) and action.extra:
        return "§21.4", "under the Safety Car a pit stop loads up to 16 turns of fuel without extra sections: pit 0"
    if isinstance(action, Start) and pits.must_pit(state, car):
        return "§13.A.3", (f"{car.id}'s refuel chit is due (turn {car.refuel}): he must pit, "
                           "under the Safety Car too (§21.4)")
    if isinstance(action, StayOut):
        return "§21.1", "staying out is the choice of the pit window when the Safety Car comes out, not of its turns"
    return "§21.3", _BEHIND_SC


def explain_sc_discard(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> Reason:
    """§21.3: the end of a turn behind the Safety Car: discard exactly one card."""
    if isinstance(action, Discard):
        if len(action.cards) != 1:
            return "§21.3", ("behind the Safety Car a driver discards exactly one card at the end of his turn "
                             "(it may be the one he drew)")
        return "§21.3", f"{action.cards[0]} is not in {car.id}'s hand (hand: {' '.join(car.hand) or 'empty'})"
    return "§21.3", _BEHIND_SC
