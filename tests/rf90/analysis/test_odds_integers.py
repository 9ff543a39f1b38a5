"""Exact odds in integers (issue 16 item 4): racebook.rf90.analysis.odds counts over the unseen cards with a common
denominator and builds Fractions only at its API. Every public result must be the very Fraction the
straightforward Fraction computation gives (§13.D.2 blind tests, §13.F.1 late braking, §17.2 duels, §18.1–§18.6
off-track routes, §26.6 HAZARD, rain and REFLEXES §13.D.2).

The reference below is the Fraction implementation odds.py had before (each draw weighted 1/n, costs summed as
Fractions), kept small and walked by the engine's one route walker.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook.rf90 import cards
from racebook.rf90.analysis import odds
from racebook.rf90.analysis.odds import Resources, RouteOutcome
from racebook.rf90.analysis.simulate import one_race
from racebook.rf90.car import Skill, Strategy
from racebook.rf90.rules import offtrack
from racebook.rf90.rules.checks import base_target
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, EffectKind, NodeKind, Route, RouteNode, Track
from racebook.rf90.trackfile import available_tracks

_KEYS = ("retire", "sc", "pit", "tyres", "damage", "discards", "time", "mp")


# ---------------------------------------------------------------- the Fraction reference
def _reference_p_at_most(pool: Sequence[int], target: int) -> Fraction:
    return Fraction(sum(1 for c in pool if c <= target), len(pool)) if pool else Fraction(0)


def _reference_duel(mps: Sequence[int], my_total: int, robot_modifier: int) -> tuple[Fraction, Fraction, Fraction, int]:
    sums = [a + b + robot_modifier for a, b in combinations(mps, 2)]
    n = len(sums)
    if not n:
        return Fraction(0), Fraction(0), Fraction(0), 0
    return (Fraction(sum(my_total > r for r in sums), n), Fraction(sum(my_total == r for r in sums), n),
            Fraction(sum(my_total < r for r in sums), n), n)


def _reference_has_test(route: Route, nid: str | None) -> bool:
    while nid is not None:
        node = route.nodes[nid]
        if node.kind is NodeKind.TEST:
            return True
        nid = node.next if node.kind is NodeKind.EFFECTS else None
    return False


@dataclass(frozen=True)
class _RefWalk:
    tc: int
    pool: tuple[int, ...]
    res: Resources
    got: dict[str, Fraction]


@dataclass(frozen=True)
class _ReferenceExact:
    """Every card drawn weighted 1/n, costs as Fractions (odds._Exact before issue 16)."""

    mods: int

    def test(self, route: Route, nid: str, node: RouteNode, w: _RefWalk) -> list[tuple[Fraction, bool, _RefWalk]]:
        assert node.test is not None
        res, pool = w.res, w.pool
        target = w.tc + node.test.modifier + self.mods
        if node.test.kind is cards.TestKind.NORMAL:
            sure = [h for h in res.hand if h <= target]
            if sure:
                hand = list(res.hand)
                hand.remove(max(sure))
                return [(Fraction(1), True, _RefWalk(max(sure), pool, Resources(res.chips, res.free_slots,
                                                                                 tuple(hand), res.track_cards), w.got))]
        if not pool:
            return [(Fraction(1), False, w)]
        n = len(pool)
        k = sum(1 for c in pool if c <= target)
        if not _reference_has_test(route, node.on_pass) and not _reference_has_test(route, node.on_fail):
            return [(Fraction(k, n), True, w), (Fraction(n - k, n), False, w)]
        return [(Fraction(1, n), c <= target, _RefWalk(c, pool[:i] + pool[i + 1:], res, w.got))
                for i, c in enumerate(pool)]

    def effects(self, route: Route, nid: str, node: RouteNode, w: _RefWalk) -> tuple[_RefWalk, bool]:
        got = dict(w.got)
        chips, slots, hand, tracks = w.res.chips, w.res.free_slots, list(w.res.hand), w.res.track_cards
        for eff in node.effects:
            if eff.kind is EffectKind.TYRE_WEAR:
                if chips < eff.amount:
                    return _RefWalk(w.tc, w.pool, w.res, {**got, "retire": Fraction(1)}), False
                chips -= eff.amount
                got["tyres"] += eff.amount
            elif eff.kind is EffectKind.DAMAGE:
                if slots < eff.amount:
                    got["damage"] += slots
                    return _RefWalk(w.tc, w.pool, w.res, {**got, "retire": Fraction(1)}), False
                slots -= eff.amount
                got["damage"] += eff.amount
            elif eff.kind is EffectKind.DISCARD:
                if len(hand) + tracks < eff.amount:
                    return _RefWalk(w.tc, w.pool, w.res, {**got, "retire": Fraction(1)}), False
                for _ in range(eff.amount):
                    if hand:
                        hand.remove(max(hand))
                    else:
                        tracks -= 1
                got["discards"] += eff.amount
            elif eff.kind is EffectKind.TIME_LOSS:
                got["time"] += eff.amount
            elif eff.kind is EffectKind.MP_LOSS:
                got["mp"] += eff.amount
            elif eff.kind is EffectKind.FORCED_PIT:
                got["pit"] = Fraction(1)
        return _RefWalk(w.tc, w.pool, Resources(chips, slots, tuple(hand), tracks), got), True

    def end(self, route: Route, nid: str | None, node: RouteNode | None, w: _RefWalk) -> dict[str, Fraction]:
        if node is not None and node.kind is NodeKind.RETIRE:
            return {**w.got, "retire": Fraction(1), "sc": Fraction(1 if node.safety_car else 0)}
        return w.got

    def combine(self, outcomes: list[tuple[Fraction, dict[str, Fraction]]]) -> dict[str, Fraction]:
        return {key: sum((p * d[key] for p, d in outcomes), Fraction(0)) for key in _KEYS}


def _reference_walk(route: Route, tc: int, pool: Sequence[int], res: Resources, mods: int) -> dict[str, Fraction]:
    return offtrack.follow_route(route, route.start, _ReferenceExact(mods),
                                 _RefWalk(tc, tuple(sorted(pool)), res, {k: Fraction(0) for k in _KEYS}))


def _reference_outcome(d: dict[str, Fraction]) -> RouteOutcome:
    return RouteOutcome(*(d[k] for k in _KEYS))


def _reference_late_braking(track: Track, zone: str, tc: int, pool: Sequence[int], res: Resources, *,
                            rain: bool, reflexes: bool, hazard: bool, next_empty: bool,
                            cars_ahead: int) -> odds.LateBrakingChoice:
    sec = track.section(zone)
    assert sec.lb_modifier is not None and sec.lb_route is not None
    extra = odds.recovery_modifier(rain, reflexes)
    target = tc + sec.lb_modifier + extra
    ordered = sorted(pool)
    p = _reference_p_at_most(ordered, target)
    gain = 2 if hazard and next_empty else 1
    route = track.routes[sec.lb_route]
    agg = {k: Fraction(0) for k in _KEYS}
    fails = [i for i, c in enumerate(ordered) if c > target]
    for i in fails:
        sub = _reference_walk(route, ordered[i], ordered[:i] + ordered[i + 1:], res, extra)
        for key in _KEYS:
            agg[key] += sub[key] / len(fails)
    on_fail = _reference_outcome(agg)
    per_attempt = RouteOutcome(*(getattr(on_fail, f) * (1 - p) for f in RouteOutcome.__slots__))
    return odds.LateBrakingChoice(zone, sec.lb_route, target, len(ordered), p, gain, p * gain, cars_ahead,
                                  p * cars_ahead, on_fail, per_attempt)


def _same(new: object, ref: object) -> None:
    """Equal values AND equal types, field by field (a Fraction stays a Fraction, an int an int)."""
    assert new == ref
    assert repr(new) == repr(ref)


# ---------------------------------------------------------------- positions
TRACKS = {name: racebook.load_track(name) for name in available_tracks()}
LB_ZONES = [(name, sec.name) for name, track in TRACKS.items() for sec in track.sections
            if sec.lb_modifier is not None and sec.lb_route is not None]
#: Routes with two tests or more enumerate every first draw: a smaller pool keeps the reference quick.
_DEEP = {(name, zone) for name, zone in LB_ZONES
         if sum(1 for n in TRACKS[name].routes[TRACKS[name].section(zone).lb_route or ""].nodes.values()
                if n.kind is NodeKind.TEST) > 1}

RESOURCES = [Resources(), Resources(chips=0, free_slots=0), Resources(chips=1, free_slots=1, hand=(95,)),
             Resources(chips=3, free_slots=2, hand=(10, 45, 80), track_cards=1), Resources(hand=(30, 30, 60))]


def _pools(seed: int, deep: bool) -> list[list[int]]:
    rng = random.Random(seed)
    sizes = (0, 1, 2, 5, 9) if deep else (0, 1, 2, 5, 12, 30)
    return [sorted(rng.sample(range(1, 100), k)) for k in sizes] + \
        [[rng.randint(1, 99) for _ in range(8)], [50] * 4 + [10, 90]]  # repeated check factors too


def test_every_shipped_track_has_lb_zones_to_check() -> None:
    assert {"silverstone", "monza", "teaching"} <= set(TRACKS)
    assert len(LB_ZONES) >= 8 and _DEEP


@pytest.mark.parametrize(("track", "zone"), LB_ZONES, ids=[f"{t}-{z}" for t, z in LB_ZONES])
def test_late_braking_choice_is_the_fraction_reference_in_every_lb_zone(track: str, zone: str) -> None:
    """§13.F.1, §18.1–§18.6, §26.6: every braking zone with an LB symbol, many pools, hands, rain, REFLEXES and
    HAZARD give exactly the reference Fractions (success, sections, cars passed, the route's expected costs)."""
    t = TRACKS[track]
    rng = random.Random(f"{track}-{zone}")
    checked = 0
    pools = _pools(len(zone), (track, zone) in _DEEP)
    for pool in pools:
        for res in RESOURCES:
            tc = rng.randint(1, 99)
            flags = {"rain": rng.random() < 0.4, "reflexes": rng.random() < 0.4, "hazard": rng.random() < 0.5,
                     "next_empty": rng.random() < 0.7, "cars_ahead": rng.randint(0, 2)}
            new = odds.late_braking_choice(t, zone, tc, pool, res, **flags)
            _same(new, _reference_late_braking(t, zone, tc, pool, res, **flags))
            checked += 1
    assert checked == len(RESOURCES) * len(pools)


@pytest.mark.parametrize(("track", "zone"), LB_ZONES, ids=[f"{t}-{z}" for t, z in LB_ZONES])
def test_walk_route_is_the_fraction_reference(track: str, zone: str) -> None:
    """§18.1–§18.6: the expected costs of a route from its start, for every rain / REFLEXES modifier."""
    t = TRACKS[track]
    route = t.routes[t.section(zone).lb_route or ""]
    for pool in _pools(len(zone) + 1, (track, zone) in _DEEP):
        for res in RESOURCES[:3]:
            for mods in (odds.recovery_modifier(), odds.recovery_modifier(rain=True),
                         odds.recovery_modifier(reflexes=True), odds.recovery_modifier(True, True)):
                for tc in (1, 40, 75, 99):
                    _same(odds.walk_route(route, tc, pool, res, mods),
                          _reference_outcome(_reference_walk(route, tc, pool, res, mods)))


def _race_states() -> list[RaceState]:
    states = []
    for seed in (1, 2, 3):
        race, _ = one_race(("silverstone", "monza", "teaching")[seed - 1], seed=seed)
        for n in (5, len(race.actions) // 3, len(race.actions) // 2):
            states.append(race.at(n).state)
    return states


STATES = _race_states()


def test_late_braking_now_and_duel_odds_from_real_race_positions() -> None:
    """§13.F.1 and §17.2 from a player's seat in real races: each human car is put in each LB zone of its track
    (the unseen pool, its hand and skill as they are) and bids against a robot's two blind cards."""
    compared = 0
    for s in STATES:
        for car in [c for c in s.cars.values() if not c.is_robot and c.on_track][:2]:
            mps = [s.card(c).mp for c in odds.unseen(s, car.id)]
            for total, mod in ((3, -2), (5, -1), (8, 0), (12, 1)):
                d = odds.duel_vs_robot(s, car.id, total, mod)
                _same((d.win, d.tie, d.lose, d.pairs), _reference_duel(mps, total, mod))
            pool = [s.card(c).check for c in odds.unseen(s, car.id)]
            target, p = odds.blind_test(s, car)
            _same(p, _reference_p_at_most(pool, target))
            for sec in [x for x in s.track.sections if x.lb_route is not None][:3]:
                moved = s.copy()
                moved.remove(car.id)
                moved.place(car.id, sec.name)
                mcar = moved.cars[car.id]
                now = odds.late_braking_now(moved, mcar)
                track = moved.track
                nxt = track.sections[track.next_index(sec.index)]
                after = track.sections[track.next_index(nxt.index)]
                ahead = moved.cars_in(sec.name)
                ref = _reference_late_braking(
                    track, sec.name, base_target(moved, mcar), odds.what_if_pool(moved, car.id),
                    odds.resources_of(moved, mcar), rain=moved.condition() is Condition.RAIN,
                    reflexes=mcar.skill is Skill.REFLEXES, hazard=mcar.strategy is Strategy.HAZARD,
                    next_empty=not moved.cars_in(nxt.name) and not moved.cars_in(after.name),
                    cars_ahead=ahead.index(car.id) if car.id in ahead else 0)
                _same(now, ref)
                lb = odds.late_braking(moved, mcar)
                _same((lb.p_success, lb.expected_sections, lb.on_failure), (ref.p_success, ref.expected_sections,
                                                                           ref.on_failure))
                compared += 1
    assert compared >= 20


@pytest.mark.fuzz
@fuzz_settings(25)
@given(zone=st.sampled_from(LB_ZONES), tc=st.integers(1, 99),
       pool=st.lists(st.integers(1, 99), max_size=8),
       hand=st.lists(st.integers(1, 99), max_size=3), chips=st.integers(0, 4), slots=st.integers(0, 3),
       tracks=st.integers(0, 2), rain=st.booleans(), reflexes=st.booleans(), hazard=st.booleans(),
       next_empty=st.booleans(), cars_ahead=st.integers(0, 3))
def test_integer_odds_equal_the_fraction_reference_for_any_position(
        zone: tuple[str, str], tc: int, pool: list[int], hand: list[int], chips: int, slots: int, tracks: int,
        rain: bool, reflexes: bool, hazard: bool, next_empty: bool, cars_ahead: int) -> None:
    """Property: any pool (repeats allowed), hand, chips, slots, rain / REFLEXES / HAZARD give the reference's
    Fractions for the late-braking choice, the route walk and a blind test."""
    track, name = zone
    t = TRACKS[track]
    res = Resources(chips, slots, tuple(sorted(hand)), tracks)
    flags = {"rain": rain, "reflexes": reflexes, "hazard": hazard, "next_empty": next_empty,
             "cars_ahead": cars_ahead}
    _same(odds.late_braking_choice(t, name, tc, pool, res, **flags),
          _reference_late_braking(t, name, tc, pool, res, **flags))
    mods = odds.recovery_modifier(rain, reflexes)
    route = t.routes[t.section(name).lb_route or ""]
    _same(odds.walk_route(route, tc, pool, res, mods), _reference_outcome(_reference_walk(route, tc, pool, res, mods)))
    _same(odds.p_at_most(pool, tc), _reference_p_at_most(pool, tc))
