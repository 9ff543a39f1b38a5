"""Off-track routes, exactly (racebook.rf90.analysis.odds: route_paths, route_trace, walk_route, late_braking_choice,
…).

§13.F.1 late braking, §18.1–§18.3 recovery symbols, §18.6 retirement, §26.6 HAZARD, AMB-6 / AMB-10 / AMB-27.
The numbers are worked by hand on small pools, checked against the older ``odds.late_braking`` where the two
must agree, and against the turn engine itself for Ex. 34.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import racebook
from racebook.rf90.analysis import odds
from racebook.rf90.analysis.odds import Resources


def _before_lb(name: str) -> racebook.Race:
    """The scenario's race just before its late-braking decision (all actions but the LB ones)."""
    sc = racebook.rf90.scenario.load(name, play=False)
    race = sc.race
    for a in sc.actions:
        if "late-brake" in a:
            break
        race.apply(a)
    assert race.phase is not None and race.phase.name == "LATE_BRAKE"
    return race


@pytest.fixture(scope="module")
def monza() -> racebook.rf90.track.Track:
    return racebook.load_track("monza")


@pytest.fixture(scope="module")
def silverstone() -> racebook.rf90.track.Track:
    return racebook.load_track("silverstone")


# ---------------------------------------------------------------- walking the chart
def test_route_paths_list_every_path_green_arrow_first(monza, silverstone) -> None:
    assert odds.route_paths(monza.routes["ascari-lb"]) == [("t1", "pass", "in"), ("t1", "fail", "in")]
    assert odds.route_paths(silverstone.routes["copse-lb"]) == [
        ("t1", "ok", "in-Copse"), ("t1", "hit", "t2", "slow", "in-Maggotts"), ("t1", "hit", "t2", "out")]


def test_route_trace_follows_green_and_red_arrows(monza, silverstone) -> None:
    """§18.1: success → green arrow, failure → red arrow; the trace stops at a test not yet taken."""
    r = monza.routes["ascari-lb"]
    assert odds.route_trace(r, []) == ("t1",)
    assert odds.route_trace(r, [True]) == ("t1", "pass", "in")
    assert odds.route_trace(r, [False]) == ("t1", "fail", "in")
    c = silverstone.routes["copse-lb"]
    assert odds.route_trace(c, [False]) == ("t1", "hit", "t2")
    assert odds.route_trace(c, [False, False]) == ("t1", "hit", "t2", "out")


def test_blind_recovery_on_a_small_pool(silverstone) -> None:
    """Stowe: blind recovery at -20 (AMB-6: a modifier to the TC). TC 73 → target 53: (10), (50) pass, (60) fails.
    Pass: 1 tyre chip and -2 MP next turn; fail: Crash Out (no SC symbol there)."""
    o = odds.walk_route(silverstone.routes["stowe-lb"], 73, [60, 10, 50], Resources(chips=5))
    assert o.p_retire == Fraction(1, 3) and o.p_safety_car == 0
    assert o.tyres == Fraction(2, 3) and o.time_loss == Fraction(4, 3)


def test_modifier_adds_rain_and_reflexes_to_every_recovery_test(silverstone) -> None:
    """§13.D.2 / §18.3: rain -20 applies; REFLEXES +20 is the only help off track."""
    route = silverstone.routes["stowe-lb"]
    pool = [10, 40, 50, 60]
    assert odds.recovery_modifier(rain=True) == -20 and odds.recovery_modifier(reflexes=True) == 20
    assert odds.walk_route(route, 73, pool, modifier=odds.recovery_modifier(rain=True)).p_retire == Fraction(3, 4)
    assert odds.walk_route(route, 73, pool, modifier=odds.recovery_modifier(reflexes=True)).p_retire == 0


def test_normal_test_uses_the_highest_hand_card_that_surely_passes(monza) -> None:
    """Ex. 34's chart: a Normal test may use a hand card (§18.1); 73 - 20 = 53 and (50) in hand passes for sure."""
    o = odds.walk_route(monza.routes["ascari-lb"], 73, [1, 2, 99], Resources(hand=(40, 50, 60)))
    assert (o.tyres, o.time_loss, o.damage) == (1, 2, 0)
    blind = odds.walk_route(monza.routes["ascari-lb"], 73, [1, 2, 99], Resources(hand=(60,)))
    assert blind.tyres == Fraction(2, 3) and blind.damage == Fraction(2, 3)  # (99) fails: 2 wear tokens, -3 MP
    assert blind.time_loss == Fraction(2 * 2 + 3, 3)


def test_a_route_that_takes_what_the_car_lacks_retires_it(silverstone) -> None:
    """§18.1 / §18.6: no chip for a tyre symbol, no slot for a wear token, no card to discard → retire."""
    abbey = silverstone.routes["abbey-lb"]
    assert odds.walk_route(abbey, 99, [1], Resources(chips=0)).p_retire == 1  # green arrow: 1 tyre chip
    red = odds.walk_route(abbey, 21, [99], Resources(free_slots=1))  # red arrow: 2 wear tokens
    assert red.p_retire == 1 and red.damage == 1 and red.time_loss == 0
    priory = silverstone.routes["priory-lb"]  # green arrow: discard 1 card
    assert odds.walk_route(priory, 99, [1], Resources()).p_retire == 1
    kept = odds.walk_route(priory, 99, [1], Resources(hand=(90,)))
    assert kept.p_retire == 0 and kept.discards == 1


def test_forced_pit_and_safety_car_symbols(silverstone) -> None:
    """Priory's red arrow: forced pit next turn + -2 MP; Copse's last red arrow: retire with the SC symbol."""
    red = odds.walk_route(silverstone.routes["priory-lb"], 11, [99], Resources(hand=(95,)))
    assert red.p_forced_pit == 1 and red.time_loss == 2
    crash = odds.walk_route(silverstone.routes["copse-lb"], 11, [98, 99], Resources())
    assert crash.p_retire == 1 and crash.p_safety_car == 1 and crash.damage == 1


def test_two_blind_tests_enumerate_the_first_card_as_the_new_target(silverstone) -> None:
    """Copse: Normal -10, then (red arrow, 1 wear) a blind -20 whose target is the first drawn card - 20."""
    pool = [5, 30, 70]
    o = odds.walk_route(silverstone.routes["copse-lb"], 40, pool)  # target 30: (5) and (30) pass
    # draw (70) first (1/3): 1 wear, then target 70 - 20 = 50 over [5, 30]: both pass → -3 MP, re-entry
    assert o.p_retire == 0 and o.damage == Fraction(1, 3)
    assert o.time_loss == Fraction(2, 3) * 1 + Fraction(1, 3) * 3


# ---------------------------------------------------------------- the late braking itself
def test_late_braking_choice_agrees_with_late_braking_on_ex_31_and_ex_34() -> None:
    for name in ("ex31", "ex34"):
        race = _before_lb(name)
        s = race.state
        car = s.cars["Blue"]
        old, new = odds.late_braking(s, car), odds.late_braking_now(s, car)
        assert (new.target, new.p_success, new.sections_on_success) == (old.target, old.p_success,
                                                                          old.sections_on_success)
        assert new.on_failure == old.on_failure and new.cars_passed == old.cars_passed
        assert new.per_attempt == odds.scale(new.on_failure, 1 - new.p_success)


def test_ex_34_numbers() -> None:
    """Ex. 34: TC (77) - 10 = 67; with (40) in hand every failed draw (> 67) gives 73+ - 20 ≥ 48: a sure green
    arrow — 1 tyre chip and -2 MP next turn."""
    race = _before_lb("ex34")
    s = race.state
    c = odds.late_braking_now(s, s.cars["Blue"])
    pool = odds.what_if_pool(s, "Blue")
    assert c.target == 67 and c.pool_size == len(pool)
    assert c.p_success == Fraction(sum(1 for x in pool if x <= 67), len(pool))
    assert (c.on_failure.tyres, c.on_failure.time_loss, c.on_failure.p_retire) == (1, 2, 0)


def test_ex_34_against_the_turn_engine() -> None:
    """Every failing LB draw played through the real turn code gives what ``on_failure`` says."""
    race = _before_lb("ex34")
    s = race.state
    c = odds.late_braking_now(s, s.cars["Blue"])
    failing = [code for code in odds.unseen(s, "Blue") if s.card(code).check > c.target]
    tyres = time = 0
    for code in failing:
        sc = racebook.rf90.scenario.load("ex34", play=False)
        r = sc.race
        for a in sc.actions[:2]:
            r.apply(a)
        r.state.race_deck.stack([code])
        r.apply("Blue late-brake")
        r.apply("Blue test 1 R40")
        blue = r.state.cars["Blue"]
        assert blue.off_track == "Ascari-2"
        tyres += 9 + 1 - blue.chips
        time += blue.time_loss
    assert Fraction(tyres, len(failing)) == c.on_failure.tyres
    assert Fraction(time, len(failing)) == c.on_failure.time_loss


def test_modifiers_on_the_lb_test(silverstone) -> None:
    """§13.F.1: TC + LB modifier, rain -20, REFLEXES +20 (Ex. 23's arithmetic); a slider may override the LB value."""
    pool = list(range(1, 88))
    t = [odds.late_braking_choice(silverstone, "Abbey-brake", 88, pool, rain=r, reflexes=x).target
         for r, x in ((False, False), (True, False), (False, True), (True, True))]
    assert t == [68, 48, 88, 68]
    assert odds.late_braking_choice(silverstone, "Abbey-brake", 88, pool, lb_modifier=0).target == 88
    with pytest.raises(ValueError, match="no LB symbol"):
        odds.late_braking_choice(silverstone, "Abbey", 88, pool)


def test_hazard_advances_two_sections_only_into_empty_sections(silverstone) -> None:
    """§26.6 / AMB-10 / AMB-27: HAZARD's LB gain is two sections when both are empty, else one."""
    pool = list(range(1, 99))
    two = odds.late_braking_choice(silverstone, "Abbey-brake", 99, pool, hazard=True)
    one = odds.late_braking_choice(silverstone, "Abbey-brake", 99, pool, hazard=True, next_empty=False)
    assert (two.sections_on_success, one.sections_on_success) == (2, 1)
    assert two.expected_sections == 2 * two.p_success
    race = _before_lb("ex31")  # Red is in Bridge, two sections ahead of Abbey-brake
    s = race.state
    s.cars["Blue"].strategy = racebook.rf90.car.Strategy.HAZARD
    assert odds.late_braking_now(s, s.cars["Blue"]).sections_on_success == 1


def test_success_passes_every_car_ahead_in_the_zone() -> None:
    race = _before_lb("ex31")
    s = race.state
    c = odds.late_braking_now(s, s.cars["Blue"])
    assert c.cars_passed == 2 and c.expected_cars_passed == 2 * c.p_success


def test_what_if_pool_swaps_the_target_check_card() -> None:
    race = _before_lb("ex34")
    s = race.state
    base = odds.what_if_pool(s, "Blue")
    assert 77 not in base and 73 in base
    swapped = odds.what_if_pool(s, "Blue", 73)
    assert 77 in swapped and 73 not in swapped and len(swapped) == len(base)
    assert odds.what_if_pool(s, "Blue", 77) == base


def test_resources_of_reads_the_panel() -> None:
    race = _before_lb("ex38")
    s = race.state
    r = odds.resources_of(s, s.cars["Green"])
    assert r.hand == (1, 56) and r.track_cards == 1 and r.hand_size == 3 and r.chips == 10 and r.free_slots == 5
