"""Qualifying (§7, §29.1): Ex. 3, 4, 5."""

from __future__ import annotations

import pytest

from racebook.core.errors import SetupError
from racebook.core.rng import Rng
from racebook.rf90.car import RobotType, Skill
from racebook.rf90.rules.qualifying import FUEL_MODIFIER, draw_robot_entries, grid_order, human_entry


def test_ex_3_tie_break_on_check_factor() -> None:
    """Ex. 3: value 4 with (25) starts ahead of value 4 with (30)."""
    a = human_entry("A", 4, 30, 12)
    b = human_entry("B", 4, 25, 12)
    assert [e.car for e in grid_order([a, b], Rng(1))] == ["B", "A"]


def test_ex_4_chit_8_gives_plus_2() -> None:
    """Ex. 4: chit 8 = fuel until the beginning of turn 8, qualifying +2; the whole table §29.1."""
    assert FUEL_MODIFIER == {8: 2, 10: 1, 12: 0, 14: -1, 16: -2}
    assert human_entry("A", 3, 50, 8).value == 5


def test_ex_5_three_player_qualifying() -> None:
    """Ex. 5: Orange 3 (13) chit 10 → 4; Blue 2 (74) chit 8 → 4; Green 3 (17) chit 14 → 2; Orange ahead of Blue
    on the lower check factor; Green behind both."""
    entries = [human_entry("Blue", 2, 74, 8), human_entry("Green", 3, 17, 14), human_entry("Orange", 3, 13, 10)]
    assert {e.car: e.value for e in entries} == {"Orange": 4, "Blue": 4, "Green": 2}
    assert [e.car for e in grid_order(entries, Rng(5))] == ["Orange", "Blue", "Green"]


def test_qualify_skill_adds_two() -> None:
    assert human_entry("A", 1, 50, 12, Skill.QUALIFY).value == 3


def test_bad_chit_is_refused() -> None:
    with pytest.raises(SetupError, match="§7.1"):
        human_entry("A", 1, 50, 9)


def test_exact_ties_are_broken_by_a_seeded_lot() -> None:
    a, b = human_entry("A", 2, 40, 12), human_entry("B", 2, 40, 12)
    first = [grid_order([a, b], Rng(s))[0].car for s in range(20)]
    assert set(first) == {"A", "B"}
    assert first == [grid_order([a, b], Rng(s))[0].car for s in range(20)]


def test_robot_chits_one_per_robot_of_its_type() -> None:
    entries = draw_robot_entries([("SF1", RobotType.SUPERFAST), ("F1", RobotType.FAST), ("F2", RobotType.FAST)],
                                 Rng(3))
    assert [e.robot for e in entries] == [RobotType.SUPERFAST, RobotType.FAST, RobotType.FAST]
    assert entries[1] != entries[2]
    assert all(e.refuel in (8, 10, 12, 14, 16) for e in entries)
