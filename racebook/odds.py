"""Exact odds from what a player can see (§13.D.2, §13.F.1, §12.2, §18): no sampling.

A blind draw takes the top of the Race deck. From one player's seat, every
Race Card he cannot see — the draw pile and the other players' hidden
hands — is equally likely to be that top card. Cards he can see are out of
the pool: his own hand, the discard pile, every Target Check on the panels,
frozen duel cards and cards on the table. The probabilities below are exact
fractions over that pool, computed by enumeration.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .car import Car, Strategy
from .checks import modifiers
from .state import RaceState
from .track import EffectKind, NodeKind, Route


def unseen(state: RaceState, viewer: str | None) -> list[str]:
    """Race Cards the viewer cannot see (his candidates for the next blind draw)."""
    seen: set[str] = set(state.race_deck.discards)
    for car in state.cars.values():
        if car.target:
            seen.add(car.target)
        seen.update(car.frozen)
        seen.update(car.table)
        if car.id == viewer:
            seen.update(car.hand)
    return [c for c in state.cards.codes() if c not in seen]


def p_at_most(pool_checks: list[int], target: int) -> Fraction:
    """P(a card drawn uniformly from the pool has check ≤ target) — the success of a blind test."""
    if not pool_checks:
        return Fraction(0)
    ordered = sorted(pool_checks)
    return Fraction(bisect_right(ordered, target), len(ordered))


def blind_test(state: RaceState, car: Car, printed: int = 0, leader_check: bool = False) -> tuple[int, Fraction]:
    """(modified target, exact success probability) of a blind test for ``car`` now."""
    from .checks import target_value

    target = target_value(state, car, modifiers(state, car, printed, leader_check=leader_check))
    pool = [state.card(c).check for c in unseen(state, car.id)]
    return target, p_at_most(pool, target)


@dataclass(frozen=True, slots=True)
class DuelOdds:
    win: Fraction
    tie: Fraction
    lose: Fraction
    pairs: int  # number of equally likely two-card draws enumerated


def duel_vs_robot(state: RaceState, viewer: str, my_total: int, robot_modifier: int = 0) -> DuelOdds:
    """P(my bid total beats / ties / loses to a robot's two blind cards + its modifier) (§17.2, §12.2).

    Enumerates every unordered pair of cards the viewer cannot see.
    """
    mps = [state.card(c).mp for c in unseen(state, viewer)]
    win = tie = lose = 0
    for a, b in combinations(mps, 2):
        r = a + b + robot_modifier
        if my_total > r:
            win += 1
        elif my_total == r:
            tie += 1
        else:
            lose += 1
    n = win + tie + lose
    if n == 0:
        return DuelOdds(Fraction(0), Fraction(0), Fraction(0), 0)
    return DuelOdds(Fraction(win, n), Fraction(tie, n), Fraction(lose, n), n)


@dataclass(frozen=True, slots=True)
class RouteOutcome:
    """Expected cost of an off-track route, exact over the unseen pool (§18.1)."""

    p_retire: Fraction
    p_safety_car: Fraction
    p_forced_pit: Fraction
    tyres: Fraction  # expected tyre chips paid
    damage: Fraction  # expected wear tokens drawn
    discards: Fraction
    time_loss: Fraction  # expected MP lost next turn
    mp_loss: Fraction  # expected MP lost this turn (ET charts)


def _walk(route: Route, node_id: str | None, tc: int, pool: list[int], best_hand: int | None,
          mods: int, chips: int) -> dict[str, Fraction]:
    """Expected values from ``node_id`` with Target Check ``tc``; ``pool`` = unseen check factors (sorted).

    Normal tests use the best hand card when it surely passes (the player holds it); otherwise the blind draw.
    """
    zero = {k: Fraction(0) for k in ("retire", "sc", "pit", "tyres", "damage", "discards", "time", "mp")}
    if node_id is None:
        return zero
    node = route.nodes[node_id]
    if node.kind is NodeKind.TEST:
        assert node.test is not None
        target = tc + node.test.modifier + mods
        if node.test.kind.value == "normal" and best_hand is not None and best_hand <= target:
            return _walk(route, node.on_pass, best_hand, pool, None, mods, chips)
        if not pool:
            return _walk(route, node.on_fail, tc, pool, best_hand, mods, chips)
        out = dict(zero)
        n = len(pool)
        for i, c in enumerate(pool):  # enumerate the drawn card: it becomes the new Target Check
            rest = pool[:i] + pool[i + 1:]
            sub = _walk(route, node.on_pass if c <= target else node.on_fail, c, rest, best_hand, mods, chips)
            for k, v in sub.items():
                out[k] += v / n
        return out
    if node.kind is NodeKind.EFFECTS:
        out = _walk(route, node.next, tc, pool, best_hand, mods, chips)
        out = dict(out)
        for eff in node.effects:
            key = {EffectKind.TYRE_WEAR: "tyres", EffectKind.DAMAGE: "damage", EffectKind.DISCARD: "discards",
                   EffectKind.TIME_LOSS: "time", EffectKind.MP_LOSS: "mp", EffectKind.FORCED_PIT: "pit"}[eff.kind]
            out[key] += eff.amount if key != "pit" else 1
            if eff.kind is EffectKind.TYRE_WEAR and chips < eff.amount:
                out["retire"] = Fraction(1)
        return out
    if node.kind is NodeKind.RETIRE:
        out = dict(zero)
        out["retire"] = Fraction(1)
        out["sc"] = Fraction(1 if node.safety_car else 0)
        return out
    return zero


def route_outcome(state: RaceState, car: Car, route_id: str, tc: int, viewer_pool: list[int] | None = None) \
        -> RouteOutcome:
    """Expected cost of following ``route_id`` from the start with Target Check ``tc``."""
    pool = sorted(viewer_pool if viewer_pool is not None else [state.card(c).check for c in unseen(state, car.id)])
    hand = [state.card(c).check for c in car.hand if not state.card(c).is_track]
    mods = sum(m.value for m in modifiers(state, car))
    r = _walk(state.track.routes[route_id], state.track.routes[route_id].start, tc, pool,
              min(hand) if hand else None, mods, car.chips)
    return RouteOutcome(r["retire"], r["sc"], r["pit"], r["tyres"], r["damage"], r["discards"], r["time"], r["mp"])


@dataclass(frozen=True, slots=True)
class LateBrakingOdds:
    target: int
    p_success: Fraction
    sections_on_success: int
    expected_sections: Fraction
    on_failure: RouteOutcome  # expected cost given failure
    cars_passed: int


def late_braking(state: RaceState, car: Car) -> LateBrakingOdds:
    """'Should I late-brake?' for a car in a braking zone with the LB symbol (§13.F.1, §18.3, §26.6)."""
    sec = state.section(car.section)
    if sec.lb_modifier is None or sec.lb_route is None:
        raise ValueError(f"{sec.name} has no LB symbol (§13.F.1)")
    target, _ = blind_test(state, car, sec.lb_modifier)
    pool = sorted(state.card(c).check for c in unseen(state, car.id))
    p = p_at_most(pool, target)
    track = state.track
    nxt = track.sections[track.next_index(sec.index)]
    after = track.sections[track.next_index(nxt.index)]
    gain = 2 if car.strategy is Strategy.HAZARD and not state.cars_in(nxt.name) and not state.cars_in(after.name) \
        else 1
    # given failure, the failed card (check > target) is the new TC for the recovery tests
    fails = [c for c in pool if c > target]
    agg = {k: Fraction(0) for k in ("retire", "sc", "pit", "tyres", "damage", "discards", "time", "mp")}
    route = track.routes[sec.lb_route]
    hand = [state.card(c).check for c in car.hand if not state.card(c).is_track]
    mods = sum(m.value for m in modifiers(state, car))
    for c in fails:
        rest = [x for x in pool if x != c]
        sub = _walk(route, route.start, c, rest, min(hand) if hand else None, mods, car.chips)
        for k, v in sub.items():
            agg[k] += v / len(fails)
    ahead = state.cars_in(sec.name)
    passed = ahead.index(car.id) if car.id in ahead else 0
    return LateBrakingOdds(target, p, gain, p * gain, RouteOutcome(agg["retire"], agg["sc"], agg["pit"], agg["tyres"],
                           agg["damage"], agg["discards"], agg["time"], agg["mp"]), passed)
