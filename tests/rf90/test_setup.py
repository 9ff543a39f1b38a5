"""Race set-up (§6–§9): Ex. 1, 2, 8, 9 and a whole grid."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import SetupError
from racebook.rf90.car import RobotType, Setup, Skill, Tyre
from racebook.rf90.setup import Driver, new_race, robot_tyre_for, weather_space
from racebook.rf90.trackfile import load_track


def test_ex_1_setup_points() -> None:
    """Ex. 1: default 10/6/5 = 6 points; 12/5/5 = 6; TUNING allows 8, never more than 3 in one category."""
    Setup(10, 6, 5).validate()
    Setup(12, 5, 5).validate()
    assert sum(Setup(12, 5, 5).points().values()) == 6
    with pytest.raises(SetupError, match="§6.2"):
        Setup(12, 7, 5).validate()  # 3 + 3 + 2 = 8 > 6
    Setup(12, 7, 5).validate(Skill.TUNING)


def test_ex_2_hand_size_is_the_card_setup() -> None:
    """Ex. 2 / AMB-3: a player draws as many Race Cards as the card setup shows (then lays one to qualify)."""
    rs = new_race(load_track("teaching"), [Driver("Blue", setup=Setup(12, 5, 5))], [], seed=2)
    s = rs.state
    blue = s.cars["Blue"]
    race_cards = [c for c in blue.hand if not s.card(c).is_track]
    assert len(race_cards) == 4 and blue.target is not None  # 5 dealt, 1 laid for qualifying = the Target Check
    assert sum(1 for c in blue.hand if s.card(c).is_track) == 1  # Hard tyres at the start


def test_ex_8_initial_weather() -> None:
    """Ex. 8: a card (34) puts the weather pawn on the space covering 34."""
    t = load_track("silverstone")
    assert t.weather.spaces[weather_space(t, 34)].label() == "35-26"


def test_ex_9_robot_tyres_at_silverstone() -> None:
    """Ex. 9: (38) → intermediate, nearer the rain side: robots fit Rain; on 55-46 (the middle) they choose at
    random."""
    t = load_track("silverstone")
    assert robot_tyre_for(t, weather_space(t, 38), coin=0) is Tyre.RAIN
    middle = weather_space(t, 50)
    assert t.weather.spaces[middle].label() == "55-46"
    assert {robot_tyre_for(t, middle, 0), robot_tyre_for(t, middle, 1)} == {Tyre.HARD, Tyre.RAIN}


def test_a_whole_grid() -> None:
    rs = new_race(load_track("teaching"),
                  [Driver("Blue", refuel=8), Driver("Green", refuel=16, tyre=Tyre.SOFT, skill=Skill.QUALIFY)],
                  [("SuperFast1", RobotType.SUPERFAST), ("Slow1", RobotType.SLOW)], seed=11)
    s = rs.state
    assert len(rs.grid) == 4 and s.leader == rs.grid[0].car
    assert [s.cars[e.car].section for e in rs.grid] == ["A", "A", "B", "B"]
    assert s.cars["Green"].chips == 7 and s.cars["Green"].blue == 3
    assert sum(1 for c in s.cars["Green"].hand if s.card(c).is_track) == 2  # QUALIFY
    assert s.cars["Blue"].refuel == 8 and len(s.robot_chits) == 2
    race = racebook.Race(s)
    assert race.current_car == s.leader or race.current_car is not None


def test_ex_6_refuel_chits_on_the_turn_indicator() -> None:
    """Ex. 6: after Ex. 5 Blue's chit is on turn 8, Orange's on 10, Green's on 14; each robot's chit is placed on
    the Turn Indicator with its type (the SuperFast one on turn 8 in the book; robot chit values are invented
    here, so only their placement is checked)."""
    from racebook.rf90.rules.qualifying import FUEL_MODIFIER

    rs = new_race(load_track("silverstone"),
                  [Driver("Orange", refuel=10), Driver("Blue", refuel=8), Driver("Green", refuel=14)],
                  [("SuperFast1", RobotType.SUPERFAST), ("Fast1", RobotType.FAST), ("Slow1", RobotType.SLOW)],
                  seed=6)
    s = rs.state
    assert {c: s.cars[c].refuel for c in ("Blue", "Orange", "Green")} == {"Blue": 8, "Orange": 10, "Green": 14}
    assert sorted(t.value for t, _ in s.robot_chits) == ["fast", "slow", "superfast"]
    assert all(turn in FUEL_MODIFIER for _, turn in s.robot_chits)
