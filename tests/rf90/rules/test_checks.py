"""Check tests (§13.D.2, §16.2, §17.1, §20, §27 REFLEXES, §29.4): racebook.rf90.rules.checks.

Weather spaces on the teaching track: 0 = dry, 3 = intermediate, 6 = rain.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from racebook.rf90.car import ROBOT_TARGET_CHECK, Skill
from racebook.rf90.events import CheckTest
from racebook.rf90.rules import checks
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition

DRY, INTERMEDIATE, RAIN = 0, 3, 6

MakeState = Callable[..., RaceState]
Take = Callable[[RaceState, str], str]


@pytest.fixture
def dry(make_state: MakeState) -> RaceState:
    return make_state(f"teaching turn=5 weather={DRY} | G: Blue* FastRobot")


@pytest.fixture
def rain(make_state: MakeState) -> RaceState:
    return make_state(f"teaching turn=5 weather={RAIN} | G: Blue* FastRobot")


def _panel(state: RaceState, take: Take, target: str, car: str = "Blue") -> None:
    state.cars[car].target = take(state, target)


def test_weather_fixture_spaces(dry: RaceState, rain: RaceState, make_state: MakeState) -> None:
    assert dry.condition() is Condition.DRY and rain.condition() is Condition.RAIN
    assert make_state(f"teaching weather={INTERMEDIATE} | G: Blue").condition() is Condition.INTERMEDIATE


# ------------------------------------------------------------------ success rule


def test_ex_21_79_vs_83_passes(dry: RaceState, take_card: Take) -> None:
    """Ex. 21 / §13.D.2: (79) vs Target Check (83) → success (check ≤ target)."""
    _panel(dry, take_card, "R83")
    ev = checks.resolve(dry, dry.cars["Blue"], take_card(dry, "R79"), "a test")
    assert ev.passed and ev.target == 83 and ev.result == "pass"


def test_ex_21_79_vs_37_fails(dry: RaceState, take_card: Take) -> None:
    """Ex. 21 / §13.D.2: (79) vs (37) → failure."""
    _panel(dry, take_card, "R37")
    ev = checks.resolve(dry, dry.cars["Blue"], take_card(dry, "R79"), "a test")
    assert not ev.passed and ev.result == "fail"


@pytest.mark.parametrize(("card", "passed"), [("R82", True), ("R83", True), ("R84", False)])
def test_equal_to_the_target_passes(dry: RaceState, take_card: Take, card: str, passed: bool) -> None:
    """§13.D.2: EQUAL TO OR LOWER THAN the modified Target Check succeeds. TC (80) +3 printed = 83."""
    _panel(dry, take_card, "R80")
    ev = checks.resolve(dry, dry.cars["Blue"], take_card(dry, card), "a test", printed=3)
    assert ev.target == 83
    assert ev.passed is passed


# ------------------------------------------------------------------ modifiers


def test_printed_modifier_applies(dry: RaceState, take_card: Take) -> None:
    """§13.D.2: a printed -10 makes the test harder; +20 makes it easier (Ex. 23)."""
    _panel(dry, take_card, "R56")
    car = dry.cars["Blue"]
    assert checks.target_value(dry, car, checks.modifiers(dry, car, printed=-10)) == 46
    assert checks.target_value(dry, car, checks.modifiers(dry, car, printed=20)) == 76
    assert checks.target_value(dry, car, checks.modifiers(dry, car)) == 56


def test_rain_is_minus_20_on_every_test(rain: RaceState, take_card: Take) -> None:
    """§13.D.2 / §16.2: rain gives -20 on every test."""
    _panel(rain, take_card, "R56")
    car = rain.cars["Blue"]
    mods = checks.modifiers(rain, car)
    assert [m.value for m in mods] == [-20]
    assert checks.target_value(rain, car, mods) == 36


def test_no_rain_modifier_in_dry_or_intermediate_weather(make_state: MakeState, take_card: Take) -> None:
    """§16.2: only Rain gives -20 (drizzle does not)."""
    for weather in (DRY, 1, 2, INTERMEDIATE, 4):
        s = make_state(f"teaching weather={weather} | G: Blue")
        _panel(s, take_card, "R56")
        assert checks.modifiers(s, s.cars["Blue"]) == []


def test_rain_does_not_apply_to_the_leader_check(rain: RaceState, take_card: Take) -> None:
    """§20 / §29.4: the Leader lapping check is not subject to the rain -20."""
    _panel(rain, take_card, "R56")
    car = rain.cars["Blue"]
    assert checks.modifiers(rain, car, leader_check=True) == []
    ev = checks.resolve(rain, car, take_card(rain, "R50"), "Leader check", leader_check=True)
    assert ev.target == 56 and ev.passed


def test_reflexes_is_plus_20(dry: RaceState, take_card: Take) -> None:
    """§27 REFLEXES: +20 on any test."""
    _panel(dry, take_card, "R56")
    car = dry.cars["Blue"]
    car.skill = Skill.REFLEXES
    assert [m.value for m in checks.modifiers(dry, car)] == [20]
    assert checks.target_value(dry, car, checks.modifiers(dry, car)) == 76


def test_reflexes_applies_to_the_leader_check(rain: RaceState, take_card: Take) -> None:
    """§20: the Leader check gets the REFLEXES +20 (and still no rain -20)."""
    _panel(rain, take_card, "R56")
    car = rain.cars["Blue"]
    car.skill = Skill.REFLEXES
    mods = checks.modifiers(rain, car, leader_check=True)
    assert [m.value for m in mods] == [20]
    ev = checks.resolve(rain, car, take_card(rain, "R76"), "Leader check", leader_check=True)
    assert ev.target == 76 and ev.passed


@pytest.mark.parametrize(("weather", "skill", "total"), [
    pytest.param(DRY, None, -10, id="plain -10"),
    pytest.param(RAIN, None, -30, id="rain: -10 becomes -30"),
    pytest.param(DRY, Skill.REFLEXES, 10, id="REFLEXES: -10 becomes +10"),
    pytest.param(RAIN, Skill.REFLEXES, -10, id="REFLEXES in rain at -10 = -10"),
])
def test_ex_23_modifiers_add_up(make_state: MakeState, take_card: Take, weather: int, skill: Skill | None,
                                total: int) -> None:
    """Ex. 23 / §13.D.2: modifiers add up (-10 test in rain = -30; REFLEXES -10 → +10; both → -10)."""
    s = make_state(f"teaching weather={weather} | G: Blue")
    _panel(s, take_card, "R83")
    car = s.cars["Blue"]
    car.skill = skill
    mods = checks.modifiers(s, car, printed=-10)
    assert sum(m.value for m in mods) == total
    assert checks.target_value(s, car, mods) == 83 + total
    ev = checks.resolve(s, car, take_card(s, "R01"), "a -10 test", printed=-10)
    assert ev.target == 83 + total


def test_modifier_text_is_listed_in_the_event(rain: RaceState, take_card: Take) -> None:
    _panel(rain, take_card, "R83")
    car = rain.cars["Blue"]
    car.skill = Skill.REFLEXES
    ev = checks.resolve(rain, car, take_card(rain, "R01"), "a test", printed=-10, printed_why="LB")
    assert isinstance(ev, CheckTest)
    assert ev.mods == " (= 83 -10 LB -20 rain +20 REFLEXES)"
    assert ev.rule == "§13.D.2"


# ------------------------------------------------------------------ the Target Check is replaced


def test_used_card_replaces_the_target_check_and_the_old_one_is_discarded(dry: RaceState, take_card: Take) -> None:
    """§13.D.2: whatever the result, the test card replaces the Target Check; the old one is discarded."""
    _panel(dry, take_card, "R83")
    car = dry.cars["Blue"]
    n = dry.card_count()
    ev = checks.resolve(dry, car, take_card(dry, "R79"), "a test")
    assert car.target == "R79" and ev.new_target == "(79)"
    assert dry.race_deck.discards == ["R83"]
    assert dry.card_count() == n  # R79 went from the pile (taken) to the panel: nothing lost
    ev = checks.resolve(dry, car, take_card(dry, "R91"), "a test")  # a failure replaces it too
    assert not ev.passed and car.target == "R91"
    assert dry.race_deck.discards == ["R83", "R79"]


def test_ex_24_target_check_chain(dry: RaceState, take_card: Take) -> None:
    """Ex. 24: TC (83); blind (22) passes → TC (22); (20) passes vs 22 → TC (20); (91) at +20 = 40 fails."""
    _panel(dry, take_card, "R83")
    car = dry.cars["Blue"]
    assert checks.resolve(dry, car, take_card(dry, "R22"), "ET blind test").passed
    assert checks.resolve(dry, car, take_card(dry, "R20"), "normal test").passed
    ev = checks.resolve(dry, car, take_card(dry, "R91"), "normal test +20", printed=20)
    assert ev.target == 40 and not ev.passed and car.target == "R91"
    assert dry.race_deck.discards == ["R83", "R22", "R20"]


def test_a_track_card_target_is_discarded_to_the_track_pile(dry: RaceState, take_card: Take) -> None:
    """§23: Track Cards go to their own discard pile, also when replaced as the Target Check."""
    _panel(dry, take_card, "T01")
    car = dry.cars["Blue"]
    assert checks.base_target(dry, car) == dry.card("T01").check
    checks.resolve(dry, car, take_card(dry, "R05"), "a test")
    assert dry.track_deck.discards == ["T01"] and dry.race_deck.discards == []


# ------------------------------------------------------------------ robots


def test_robot_target_check_is_70(dry: RaceState) -> None:
    """§17.1 / §29.3: robots test against a fixed Target Check of 70."""
    assert ROBOT_TARGET_CHECK == 70
    assert checks.base_target(dry, dry.cars["FastRobot"]) == 70


@pytest.mark.parametrize(("card", "passed"), [("R70", True), ("R69", True), ("R71", False)])
def test_robot_tests_vs_70(dry: RaceState, take_card: Take, card: str, passed: bool) -> None:
    """§17.1: robot test card vs 70; robots have no panel, so the card is discarded."""
    robot = dry.cars["FastRobot"]
    ev = checks.resolve(dry, robot, take_card(dry, card), "ET blind test")
    assert ev.target == 70 and ev.passed is passed
    assert robot.target is None
    assert dry.race_deck.discards == [card]


def test_robot_tests_get_the_rain_modifier_but_not_on_the_leader_check(rain: RaceState, take_card: Take) -> None:
    """§16.2: rain -20 applies to robots too; §20: not on the Leader check."""
    robot = rain.cars["FastRobot"]
    assert checks.resolve(rain, robot, take_card(rain, "R55"), "ET blind test").target == 50
    assert checks.resolve(rain, robot, take_card(rain, "R65"), "Leader check", leader_check=True).target == 70
