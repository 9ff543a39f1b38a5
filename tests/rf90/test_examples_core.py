"""The manual's worked examples Ex. 19–24 and 26–30 (digest §30) as scenario tests.

Each test replays a shipped scenario (racebook/rf90/scenarios/exNN.toml) and asserts
the book's own numbers.
"""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.rf90 import events as ev
from racebook.rf90.actions import Pay, Test


def play(name: str) -> racebook.Race:
    return racebook.load_scenario(name).race


def of(race: racebook.Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


def test_ex_19_tyre_payment_options() -> None:
    """Ex. 19: cost 1 → 1 chip; 2 → 2 chips or 1 chip + 1 card; 3 → 3, 2+1 or 1+2; 1+2 = 3 paid 1 chip + 2 cards."""
    race = play("ex19")
    paid = of(race, ev.TyresPaid)[0]
    assert paid.cost == 3 and paid.how == "1 chip(s) + card(s) R55 R56"
    car = race.state.cars["Blue"]
    assert car.chips == 9 and "R55" not in car.hand and "R56" not in car.hand
    before = race.at(2)  # just after "Blue play R36 R21": the payment decision
    opts = {(a.chips, len(a.cards)) for a in before.legal_actions() if isinstance(a, Pay)}
    assert opts == {(3, 0), (2, 1), (1, 2)}


def test_ex_20_card_with_tyres_and_damage() -> None:
    """Ex. 20: a [3] needing 2 tyre chips (or 1 chip + 1 card) and 1 damage draw."""
    race = play("ex20")
    at_pay = race.at(2)
    assert {(a.chips, a.cards) for a in at_pay.legal_actions()} == {(2, ()), (1, ("R55",)), (1, ("R01",))}
    car = race.state.cars["Blue"]
    assert car.chips == 8 and car.red == 1


def test_ex_20_with_save_tyres() -> None:
    """Ex. 20: with SAVE TYRES the same card costs 1 chip and 1 damage (§26.1)."""
    race = play("ex20_save_tyres")
    car = race.state.cars["Blue"]
    assert of(race, ev.TyresPaid)[0].cost == 1
    assert car.chips == 9 and car.red == 1


def test_ex_21_test_comparisons() -> None:
    """Ex. 21: (79) vs (83) succeeds; (79) vs (37) fails (and a failed movement-card test costs 1 damage)."""
    ok = of(play("ex21"), ev.CheckTest)[0]
    assert (ok.card, ok.target, ok.passed) == ("(79)", 83, True)
    race = play("ex21_fail")
    bad = of(race, ev.CheckTest)[0]
    assert (bad.card, bad.target, bad.passed) == ("(79)", 37, False)
    assert race.state.cars["Blue"].red == 1
    assert race.state.cars["Blue"].target == "R79"  # the test card becomes the Target Check either way


def test_ex_22_normal_test_options() -> None:
    """Ex. 22: (33)+(89), Normal test vs (56): (33) passes; (89) fails, 1 damage; a hand card; a blind draw."""
    race = play("ex22")
    at_test = race.at(2)
    using = {a.using for a in at_test.legal_actions() if isinstance(a, Test)}
    assert using == {"R33", "R89", "R55", "R01", "blind"}  # R01 was drawn in phase B
    passed = of(race, ev.CheckTest)[0]
    assert passed.passed and race.state.cars["Blue"].target == "R33"
    alt = race.at(2)
    alt.apply("Blue test 1 R89")
    failed = of(alt, ev.CheckTest)[0]
    assert (failed.card, failed.target, failed.passed) == ("(89)", 56, False)
    assert alt.state.cars["Blue"].red == 1 and alt.state.cars["Blue"].target == "R89"
    blind = race.at(2)
    blind.apply("Blue test 1 blind")
    assert of(blind, ev.CheckTest)[0].card == "(57)"  # the stacked top card
    assert blind.state.cars["Blue"].target == "R57"


def test_ex_23_modifier_arithmetic() -> None:
    """Ex. 23: a -10 test in the rain is a -30 test; REFLEXES makes it -10 again (88 - 30 = 58; 88 - 10 = 78)."""
    rain = of(play("ex23"), ev.CheckTest)[0]
    assert rain.target == 88 - 30 and rain.passed
    reflexes = of(play("ex23_reflexes"), ev.CheckTest)[0]
    assert reflexes.target == 88 - 10 and reflexes.card == "(77)" and reflexes.passed


def test_ex_26_corner_blocks_overtaking() -> None:
    """Ex. 26: Blue (5 MP) loses all remaining MP on entering corner G, where Red is."""
    race = play("ex26")
    stop = of(race, ev.MovementStops)[0]
    assert stop.section == "G" and stop.lost == "; 3 MP lost"
    assert race.state.cars_in("G") == ["Red", "Blue"]


def test_ex_26_with_banging_wheels() -> None:
    """Ex. 26: with BANGING WHEELS Blue passes Red in G for 2 MP and ends in F (H 1 + G 1 + pass 2 + F 1 = 5)."""
    sc = racebook.rf90.scenario.load("ex26", play=False)
    sc.race.state.cars["Blue"].strategy = racebook.rf90.car.Strategy.BANGING_WHEELS
    race = sc.race
    for a in sc.actions:
        race.apply(a)
    p = of(race, ev.Pass)[0]
    assert (p.other, p.section, p.cost) == ("Red", "G", 2)
    assert race.state.cars["Blue"].section == "F"


def test_ex_27_straight_pass_and_banging_wheels_in_braking_zone() -> None:
    """Ex. 27: 7 MP = H, G, F (3) + pass Red on the straight (1) + E (1) + pass Green with BW (1) + D (1)."""
    race = play("ex27")
    assert of(race, ev.MovementPoints)[0].mp == 7
    entered = [e.section for e in of(race, ev.EnterSection)]
    assert entered == ["H", "G", "F", "E", "D"]
    passes = [(p.other, p.section, p.cost) for p in of(race, ev.Pass)]
    assert passes == [("Red", "F", 1), ("Green", "E", 1)]
    assert race.state.cars["Blue"].section == "D"


def test_ex_28_lapping_in_a_corner() -> None:
    """Ex. 28: H, G (2) + lap Orange in corner G (2) + F (1) = 5; Orange gets -1 lap; Blue ends behind Purple."""
    race = play("ex28")
    (p,) = of(race, ev.Pass)
    assert (p.other, p.verb, p.section, p.cost) == ("Orange", "laps", "G", 2)
    s = race.state
    assert s.laps_down("Orange") == 1 and s.laps_down("Purple") == 0
    assert s.cars_in("F") == ["Purple", "Blue"]
    checks = [e for e in of(race, ev.CheckTest) if e.rule == "§20"]
    assert len(checks) == 1  # AMB-18: the Leader check is still required


def test_ex_29_lapping_with_the_blue_flag() -> None:
    """Ex. 29: H, G (2) + lap Orange in G (1) + F (1) + lap Pink on the straight (0) + E (1) = 5; both -1 lap."""
    race = play("ex29")
    passes = [(p.other, p.section, p.cost) for p in of(race, ev.Pass)]
    assert passes == [("Orange", "G", 1), ("Pink", "F", 0)]
    s = race.state
    assert s.cars["Blue"].section == "E"
    assert s.laps_down("Orange") == 1 and s.laps_down("Pink") == 1


def test_ex_30_unlapping() -> None:
    """Ex. 30: Pink (4 MP) enters E (1), unlaps Blue for 1 (token removed), then the next section and C (2)."""
    race = play("ex30")
    (p,) = of(race, ev.Pass)
    assert (p.other, p.verb, p.section, p.cost) == ("Blue", "unlaps", "E", 1)
    assert [e.section for e in of(race, ev.EnterSection)][:3] == ["E", "D", "C"]
    assert race.state.cars["Pink"].section == "C"
    assert race.state.laps_down("Pink") == 0


def test_illegal_pair_names_the_rule() -> None:
    """§13.C: [2]+[3] is not a legal pair; the message names the rule and lists what is legal."""
    sc = racebook.rf90.scenario.load("ex22", play=False)
    race = sc.race
    race.apply("Blue start")
    race.state.cars["Blue"].hand.append("R04")  # [3]
    with pytest.raises(IllegalAction) as exc:
        race.apply("Blue play R33 R04")
    msg = str(exc.value)
    assert msg.startswith("§13.C: [2] may only pair with [2]")
    assert "legal pairs with R33 in hand: R89[1](89)" in msg


def test_ex_24_multiple_tests_et_first() -> None:
    """Ex. 24: ET blind (22) ≤ 83 passes, TC (22); (20) ≤ 22 passes, TC (20); +20 test → 40, (91) fails, TC (91)."""
    race = play("ex24")
    tests = of(race, ev.CheckTest)
    assert [(t.card, t.target, t.passed, t.new_target) for t in tests] == [
        ("(22)", 83, True, "(22)"), ("(20)", 22, True, "(20)"), ("(91)", 40, False, "(91)")]
    assert tests[0].what.startswith("ET blind test") and tests[0].test is ev.Checked.ET
    s = race.state
    assert s.cars["Blue"].red == 1
    assert "R22" in s.race_deck.discards  # the replaced Target Check is discarded
    at_first_test = race.at(2)
    assert {a.test for a in at_first_test.legal_actions()} == {1, 2}  # the cards' tests in any order, after the ET
