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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import gcd

from racebook.rf90.car import Car, Skill, Strategy
from racebook.rf90.cards import TestKind
from racebook.rf90.rules import offtrack
from racebook.rf90.rules.checks import RAIN_MODIFIER, REFLEXES_MODIFIER, base_target, modifiers, target_value
from racebook.rf90.rules.extreme_x1 import check_modifiers
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, EffectKind, NodeKind, Route, RouteNode, Track, Trajectory


def unseen(state: RaceState, viewer: str | None) -> list[str]:
    """Race Cards the viewer cannot see (his candidates for the next blind draw)."""
    seen: set[str] = set(state.race_deck.discards)
    for car in state.cars.values():
        if car.target:
            seen.add(car.target)
        seen.update(car.frozen)
        if car.id == viewer:
            seen.update(car.hand)
            seen.update(car.table)
        else:  # face-up movement cards are seen; face-down duel bids are not (§12.1)
            seen.update(c for c in car.table if c not in state.face_down)
    return [c for c in state.cards.codes() if c not in seen]


def p_at_most(pool_checks: list[int], target: int) -> Fraction:
    """P(a card drawn uniformly from the pool has check ≤ target) — the success of a blind test."""
    if not pool_checks:
        return Fraction(0)
    ordered = sorted(pool_checks)
    return Fraction(bisect_right(ordered, target), len(ordered))


def blind_test(state: RaceState, car: Car, printed: int = 0, leader_check: bool = False) -> tuple[int, Fraction]:
    """(modified target, exact success probability) of a blind test for ``car`` now."""

    target = target_value(state, car, modifiers(state, car, printed, leader_check=leader_check))
    pool = [state.card(c).check for c in unseen(state, car.id)]
    return target, p_at_most(pool, target)


def et_check_x1(state: RaceState, car: Car, traj: Trajectory) -> tuple[int, Fraction]:
    """(target, exact success probability) of Expansion #1's ET check for ``car`` now: the value printed in the
    diamond plus rain (house rule ``et_check_rain``), never REFLEXES (expansion1 digest §4.3, §4.5)."""

    target = (traj.check_value or 0) + sum(m.value for m in check_modifiers(state, car))
    return target, p_at_most([state.card(c).check for c in unseen(state, car.id)], target)


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
    counts = sorted(Counter(state.card(c).mp for c in unseen(state, viewer)).items())
    win = tie = lose = 0
    for i, (a, ca) in enumerate(counts):  # every pair of distinct cards, counted by MP value (integers)
        for b, cb in counts[i:]:
            pairs = ca * (ca - 1) // 2 if a == b else ca * cb
            r = a + b + robot_modifier
            if my_total > r:
                win += pairs
            elif my_total == r:
                tie += pairs
            else:
                lose += pairs
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


def route_outcome(state: RaceState, car: Car, route_id: str, tc: int, viewer_pool: list[int] | None = None) \
        -> RouteOutcome:
    """Expected cost of following ``route_id`` from the start with Target Check ``tc``, from ``car``'s seat."""
    pool = viewer_pool if viewer_pool is not None else [state.card(c).check for c in unseen(state, car.id)]
    return walk_route(state.track.routes[route_id], tc, pool, resources_of(state, car),
                      recovery_modifier(state.condition() is Condition.RAIN, car.skill is Skill.REFLEXES))


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
    c = late_braking_now(state, car)
    return LateBrakingOdds(c.target, c.p_success, c.sections_on_success, c.expected_sections, c.on_failure,
                           c.cars_passed)


@dataclass(frozen=True, slots=True)
class Resources:
    """What an off-track route can take from a car (§18.1, §18.6).

    ``hand`` holds the check factors of the Race Cards in hand (a Normal recovery test may use one);
    ``track_cards`` counts the Track Cards in hand (they count for a "discard N cards" symbol only).
    """

    chips: int = 10
    free_slots: int = 5
    hand: tuple[int, ...] = ()
    track_cards: int = 0

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.track_cards


def resources_of(state: RaceState, car: Car) -> Resources:
    """The :class:`Resources` of a car now: chips, free wear slots, hand (§4, §18.1)."""
    race = tuple(sorted(state.card(c).check for c in car.hand if not state.card(c).is_track))
    tracks = sum(1 for c in car.hand if state.card(c).is_track)
    return Resources(car.chips, car.free_slots, race, tracks)


class _Paths:
    """Every arrow of every test (no chance): the walk yields its paths, green arrows first."""

    def test(self, route: Route, nid: str, node: RouteNode, path: tuple[str, ...]) \
            -> list[tuple[Fraction, bool, tuple[str, ...]]]:
        return [(Fraction(1), ok, path + (nid,)) for ok, nxt in ((True, node.on_pass), (False, node.on_fail))
                if nxt is not None]

    def effects(self, route: Route, nid: str, node: RouteNode, path: tuple[str, ...]) -> tuple[tuple[str, ...], bool]:
        return path + (nid,), True

    def end(self, route: Route, nid: str | None, node: RouteNode | None, path: tuple[str, ...]) \
            -> list[tuple[str, ...]]:
        return [path + ((nid,) if nid is not None else ())]

    def combine(self, outcomes: list[tuple[Fraction, list[tuple[str, ...]]]]) -> list[tuple[str, ...]]:
        return [p for _, paths in outcomes for p in paths]


def route_paths(route: Route) -> list[tuple[str, ...]]:
    """Every path of node ids from the route's start to an end node, green arrows (pass) first (§18.1); walked by
    the engine's one route walker (:func:`racebook.rf90.rules.offtrack.follow_route`)."""
    return offtrack.follow_route(route, route.start, _Paths(), ())


class _Trace:
    """Given test results in order; the walk stops at the first test not yet taken."""

    def test(self, route: Route, nid: str, node: RouteNode, s: tuple[tuple[bool, ...], tuple[str, ...]]) \
            -> list[tuple[Fraction, bool, tuple[tuple[bool, ...], tuple[str, ...]]]] | None:
        left, trace = s
        if not left:
            return None
        return [(Fraction(1), left[0], (left[1:], trace + (nid,)))]

    def effects(self, route: Route, nid: str, node: RouteNode, s: tuple[tuple[bool, ...], tuple[str, ...]]) \
            -> tuple[tuple[tuple[bool, ...], tuple[str, ...]], bool]:
        return (s[0], s[1] + (nid,)), True

    def end(self, route: Route, nid: str | None, node: RouteNode | None,
            s: tuple[tuple[bool, ...], tuple[str, ...]]) -> tuple[str, ...]:
        return s[1] + ((nid,) if nid is not None else ())

    def combine(self, outcomes: list[tuple[Fraction, tuple[str, ...]]]) -> tuple[str, ...]:  # pragma: no cover
        raise AssertionError("a trace follows given results")


def route_trace(route: Route, results: Sequence[bool]) -> tuple[str, ...]:
    """The nodes a car visits given its recovery-test results in order: pass → green arrow, fail → red (§18.1).

    The trace stops at the first test not yet taken (included) or at the end node.
    """
    return offtrack.follow_route(route, route.start, _Trace(), (tuple(results), ()))


_KEYS = ("retire", "sc", "pit", "tyres", "damage", "discards", "time", "mp")
_RETIRE, _SC, _PIT, _TYRES, _DAMAGE, _DISCARDS, _TIME, _MP = range(len(_KEYS))

#: Costs paid on one path: integers in the order of :data:`_KEYS` (retire, safety car and forced pit are 0 or 1).
_Costs = tuple[int, ...]
#: An exact expectation in integers: ``(denominator, numerators in the order of _KEYS)``; every field is
#: numerator / denominator. Inside the walk the arithmetic stays in integers; Fractions are built only at the API.
_Expect = tuple[int, _Costs]

_NONE: _Costs = (0,) * len(_KEYS)


@cache
def _count(k: int) -> Fraction:
    """The weight of an outcome that ``k`` equally likely cards lead to (a count; ``combine`` divides by the
    total), cached: the walk's chance outcomes are counts over the unseen cards, never fractions."""
    return Fraction(k)


def _has_test(route: Route, nid: str | None) -> bool:
    while nid is not None:
        node = route.nodes[nid]
        if node.kind is NodeKind.TEST:
            return True
        nid = node.next if node.kind is NodeKind.EFFECTS else None
    return False


@dataclass(frozen=True, slots=True)
class _Walk:
    """What the exact walk carries: the Target Check, the unseen check factors (sorted), the car's resources and
    the costs paid so far on this path (integers, in the order of :data:`_KEYS`)."""

    tc: int
    pool: tuple[int, ...]
    res: Resources
    got: _Costs


@dataclass(frozen=True, slots=True)
class _Exact:
    """Every chance outcome of every test, weighted (the walk yields expected costs, §18.1, §18.6). A Normal test
    uses the highest hand card that surely passes; a blind draw is any unseen card, and becomes the new Target
    Check for the next test (grouped into pass/fail when no test follows; equal check factors are one outcome
    counted as many times as there are such cards). Weights are counts of unseen cards and expectations are
    integer numerators over a common denominator (:data:`_Expect`)."""

    mods: int
    last: frozenset[str]  # the test spots after which no test follows (:func:`_last_tests`)

    def test(self, route: Route, nid: str, node: RouteNode, w: _Walk) -> list[tuple[Fraction, bool, _Walk]]:
        assert node.test is not None
        res, pool = w.res, w.pool
        target = w.tc + node.test.modifier + self.mods  # AMB-6: the printed value modifies the car's Target Check
        if node.test.kind is TestKind.NORMAL:
            sure = [h for h in res.hand if h <= target]
            if sure:  # a hand card that passes: the highest one (it becomes the Target Check, §13.D.2)
                h = max(sure)
                hand = list(res.hand)
                hand.remove(h)
                return [(_count(1), True, _Walk(h, pool, Resources(res.chips, res.free_slots, tuple(hand),
                                                                    res.track_cards), w.got))]
        if not pool:  # the deck is empty: nothing drawn, the test is lost (racebook.rf90.rules.checks.take_test)
            return [(_count(1), False, w)]
        n = len(pool)
        k = bisect_right(pool, target)
        if nid in self.last:
            return [(_count(k), True, w), (_count(n - k), False, w)]
        out: list[tuple[Fraction, bool, _Walk]] = []
        i = 0
        while i < n:  # one outcome per distinct check factor, counted once per card
            c = pool[i]
            j = bisect_right(pool, c, i)
            out.append((_count(j - i), c <= target, _Walk(c, pool[:i] + pool[i + 1:], res, w.got)))
            i = j
        return out

    def effects(self, route: Route, nid: str, node: RouteNode, w: _Walk) -> tuple[_Walk, bool]:
        got = list(w.got)
        res = w.res
        chips, slots, hand, tracks = res.chips, res.free_slots, list(res.hand), res.track_cards
        for eff in node.effects:
            if eff.kind is EffectKind.TYRE_WEAR:  # chips only, cards may not substitute (§18.1)
                if chips < eff.amount:
                    got[_RETIRE] = 1
                    return _Walk(w.tc, w.pool, res, tuple(got)), False
                chips -= eff.amount
                got[_TYRES] += eff.amount
            elif eff.kind is EffectKind.DAMAGE:  # a token that finds no free slot retires the car (§18.6)
                if slots < eff.amount:
                    got[_DAMAGE] += slots
                    got[_RETIRE] = 1
                    return _Walk(w.tc, w.pool, res, tuple(got)), False
                slots -= eff.amount
                got[_DAMAGE] += eff.amount
            elif eff.kind is EffectKind.DISCARD:  # keeps the lowest Race Cards for later tests
                if len(hand) + tracks < eff.amount:
                    got[_RETIRE] = 1
                    return _Walk(w.tc, w.pool, res, tuple(got)), False
                for _ in range(eff.amount):
                    if hand:
                        hand.remove(max(hand))
                    else:
                        tracks -= 1
                got[_DISCARDS] += eff.amount
            elif eff.kind is EffectKind.TIME_LOSS:
                got[_TIME] += eff.amount
            elif eff.kind is EffectKind.MP_LOSS:
                got[_MP] += eff.amount
            elif eff.kind is EffectKind.FORCED_PIT:
                got[_PIT] = 1
        return _Walk(w.tc, w.pool, Resources(chips, slots, tuple(hand), tracks), tuple(got)), True

    def end(self, route: Route, nid: str | None, node: RouteNode | None, w: _Walk) -> _Expect:
        if node is not None and node.kind is NodeKind.RETIRE:
            got = list(w.got)
            got[_RETIRE] = 1
            got[_SC] = 1 if node.safety_car else 0
            return 1, tuple(got)
        return 1, w.got  # re-entry point, back on track, past the last arrow, or retired by an effect

    def combine(self, outcomes: list[tuple[Fraction, _Expect]]) -> _Expect:
        return _mean([(w.numerator, e) for w, e in outcomes])


def _mean(weighted: Sequence[tuple[int, _Expect]]) -> _Expect:
    """The weighted mean of exact expectations, in integers: numerators over the lcm of the denominators, times
    the total weight (weights are counts of equally likely cards)."""
    den = 1
    for _, (d, _) in weighted:
        if den % d:
            den = den * d // gcd(den, d)
    total = 0
    nums = [0] * len(_KEYS)
    for w, (d, e) in weighted:
        total += w
        f = w * (den // d)
        if f:
            for key, x in enumerate(e):
                if x:
                    nums[key] += f * x
    return den * total, tuple(nums)


def _last_tests(route: Route) -> frozenset[str]:
    """The test spots of ``route`` after which no test follows on either arrow (their draws group into pass/fail)."""
    return frozenset(nid for nid, node in route.nodes.items() if node.kind is NodeKind.TEST
                     and not _has_test(route, node.on_pass) and not _has_test(route, node.on_fail))


def _walk_exact(route: Route, nid: str | None, tc: int, pool: tuple[int, ...], res: Resources,
                mods: int, policy: _Exact | None = None) -> _Expect:
    """Expected costs from node ``nid``; ``pool`` = the unseen check factors, sorted (§18.1, §18.6): the engine's
    route walker (:func:`racebook.rf90.rules.offtrack.follow_route`) over every chance outcome. ``policy``: an
    :class:`_Exact` for this route and ``mods`` made once for many walks."""
    walker = _Exact(mods, _last_tests(route)) if policy is None else policy
    return offtrack.follow_route(route, nid, walker, _Walk(tc, pool, res, _NONE))


def _outcome(e: _Expect) -> RouteOutcome:
    den, nums = e
    return RouteOutcome(*(Fraction(x, den) for x in nums))


def walk_route(route: Route, tc: int, pool: Sequence[int], resources: Resources = Resources(),
               modifier: int = 0) -> RouteOutcome:
    """Exact expected cost of following ``route`` from its start with Target Check ``tc`` (§18.1–§18.3, §18.6).

    ``pool``: the check factors of the cards that may be blind-drawn. ``modifier``: rain (-20) and REFLEXES
    (+20) together; each recovery test adds its printed value (AMB-6). A Normal test uses the highest hand card
    that surely passes, else a blind draw. Retirement: too few chips for a tyre symbol, no free slot for a wear
    token, too few cards to discard, or a retire / Crash Out spot; the route stops there.
    """
    return _outcome(_walk_exact(route, route.start, tc, tuple(sorted(pool)), resources, modifier))


def recovery_modifier(rain: bool = False, reflexes: bool = False) -> int:
    """Modifiers besides the printed one on an LB or recovery test: rain -20, REFLEXES +20 (§13.D.2, §18.3)."""
    return (RAIN_MODIFIER if rain else 0) + (REFLEXES_MODIFIER if reflexes else 0)


def scale(outcome: RouteOutcome, p: Fraction) -> RouteOutcome:
    """Every field of ``outcome`` times ``p`` (e.g. the cost per attempt = P(fail) × the cost given failure)."""
    return RouteOutcome(*(getattr(outcome, f) * p for f in RouteOutcome.__slots__))


@dataclass(frozen=True, slots=True)
class LateBrakingChoice:
    """'Should I late-brake?', exact over the pool (§13.F.1, §18, §26.6)."""

    zone: str
    route: str
    target: int  # TC + LB modifier + rain + REFLEXES
    pool_size: int
    p_success: Fraction
    sections_on_success: int  # 1; HAZARD 2 when both sections ahead are empty (AMB-10, AMB-27)
    expected_sections: Fraction
    cars_passed: int  # every car ahead in the braking zone is passed on success
    expected_cars_passed: Fraction
    on_failure: RouteOutcome  # given failure: the failed card is the new TC for the recovery tests
    per_attempt: RouteOutcome  # P(fail) × on_failure


def late_braking_choice(track: Track, zone: str, tc: int, pool: Sequence[int], resources: Resources = Resources(),
                        *, lb_modifier: int | None = None, rain: bool = False, reflexes: bool = False,
                        hazard: bool = False, next_empty: bool = True, cars_ahead: int = 0) -> LateBrakingChoice:
    """The odds of a late braking in ``zone`` with every input explicit (§13.F.1, §18.1–§18.3, §26.6).

    ``tc``: the Target Check; ``lb_modifier``: None = as printed on the track; ``pool``: check factors of the
    cards the blind draw may reveal (the Target Check card is on the panel, so not among them); ``next_empty``:
    the two sections ahead hold no car (HAZARD's two-section advance needs it).
    """
    sec = track.section(zone)
    if sec.lb_modifier is None or sec.lb_route is None:
        raise ValueError(f"{zone} has no LB symbol (§13.F.1)")
    mod = sec.lb_modifier if lb_modifier is None else lb_modifier
    extra = recovery_modifier(rain, reflexes)
    target = tc + mod + extra
    ordered = tuple(sorted(pool))
    p = p_at_most(list(ordered), target)
    gain = 2 if hazard and next_empty else 1
    route = track.routes[sec.lb_route]
    n, k = len(ordered), bisect_right(ordered, target)
    subs: list[tuple[int, _Expect]] = []
    walker = _Exact(extra, _last_tests(route))
    i = k
    while i < n:  # every failing card (check > target) is equally likely; equal check factors walk once
        c = ordered[i]
        j = bisect_right(ordered, c, i)
        subs.append((j - i, _walk_exact(route, route.start, c, ordered[:i] + ordered[i + 1:], resources, extra,
                                               walker)))
        i = j
    if subs:
        den, nums = _mean(subs)  # den = lcm × number of failing cards
        on_fail = _outcome((den, nums))
        per_attempt = _outcome((den // (n - k) * n, nums))  # P(fail) = (n - k) / n
    else:
        on_fail = per_attempt = _outcome((1, _NONE))
    return LateBrakingChoice(zone, sec.lb_route, target, n, p, gain, p * gain, cars_ahead,
                             p * cars_ahead, on_fail, per_attempt)


def what_if_pool(state: RaceState, viewer: str, tc: int | None = None) -> list[int]:
    """Check factors the viewer cannot see (:func:`unseen`), with his Target Check card swapped for a card of
    check ``tc`` (a what-if Target Check lies on his panel, so that card cannot be drawn)."""
    pool = [state.card(c).check for c in unseen(state, viewer)]
    car = state.cars.get(viewer)
    if tc is None or car is None or car.target is None:
        return pool
    own = state.card(car.target).check
    if own != tc:
        pool.append(own)
        if tc in pool:
            pool.remove(tc)
    return pool


def late_braking_now(state: RaceState, car: Car) -> LateBrakingChoice:
    """:func:`late_braking_choice` for ``car`` in its braking zone now, from its seat (§13.F.1, §26.6)."""
    track = state.track
    sec = state.section(car.section)
    nxt = track.sections[track.next_index(sec.index)]
    after = track.sections[track.next_index(nxt.index)]
    ahead = state.cars_in(sec.name)
    empty = not state.cars_in(nxt.name) and not state.cars_in(after.name)
    return late_braking_choice(
        track, sec.name, base_target(state, car), what_if_pool(state, car.id), resources_of(state, car),
        rain=state.condition() is Condition.RAIN, reflexes=car.skill is Skill.REFLEXES,
        hazard=car.strategy is Strategy.HAZARD, next_empty=empty,
        cars_ahead=ahead.index(car.id) if car.id in ahead else 0)
