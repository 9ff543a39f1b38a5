"""Weather and flags in phase D.4 (§13.D.4, §15, §16): Ex. 25 and the robots' tyre change (§16.3)."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import GreenFlag, NoFlag, TakeFlag, Weather, YellowFlag
from racebook.rf90.car import Tyre
from racebook.rf90.cards import Flag, default_race_deck


def build(position: str, cars: dict, stack: list[str], race: dict | None = None) -> racebook.Race:
    return racebook.rf90.scenario.build({"scenario": {"id": "w", "track": "teaching", "seed": 16, "position": position},
                                    "cars": cars, "deck": {"stack": stack}, "race": race or {}})


def test_ex_25_flag_card_readings() -> None:
    """Ex. 25: (a) [2] 1 tyre, yellow flag; (b) [1] green flag; (c) [2] draw 1 + blue flag; (d) [2] 1 tyre,
    orange pawn."""
    d = default_race_deck()
    a, b, c, o = d["R45"], d["R46"], d["R47"], d["R48"]
    assert (a.mp, a.tyres, a.flag) == (2, 1, Flag.YELLOW)
    assert (b.mp, b.flag) == (1, Flag.GREEN)
    assert (c.mp, c.draw, c.flag) == (2, 1, Flag.BLUE)
    assert (o.mp, o.tyres, o.flag) == (2, 1, Flag.ORANGE)


def test_flags_are_optional_choices_in_d4() -> None:
    """§15: a yellow flag goes on a corner without one, anywhere among its cars; it is optional; blue/orange
    pawns are taken; a green flag removes a yellow flag."""
    race = build("teaching turn=3 | A: Red*{played} | I: Blue | G: Green{played}",
                 {"Blue": {"hand": ["R45", "R55"], "target": "R88"}}, ["R01"])
    race.apply("Blue start")
    race.apply("Blue play R45")
    acts = race.legal_actions()
    assert NoFlag("Blue") in acts and YellowFlag("Blue", "G", 0) in acts and YellowFlag("Blue", "G", 1) in acts
    assert not [a for a in acts if isinstance(a, YellowFlag) and a.section in ("A", "F")]  # corners only
    race.apply("Blue yellow-flag G 1")
    assert race.state.order["G"][:2] == ["Green", "(Y)"]  # then Blue moves in behind the flag
    blue = build("teaching turn=3 | A: Red*{played} | I: Blue", {"Blue": {"hand": ["R47"], "target": "R88"}},
                 ["R01", "R02"])
    blue.apply("Blue start")
    blue.apply("Blue play R47")
    assert TakeFlag("Blue", "blue") in blue.legal_actions()
    blue.apply("Blue take-flag blue")
    assert "Blue" in blue.state.blue_flags
    green = build("teaching turn=3 | A: Red*{played} | G: Green{played} (Y) | I: Blue",
                  {"Blue": {"hand": ["R46"], "target": "R88"}}, ["R01"])
    green.apply("Blue start")
    green.apply("Blue play R46")
    assert GreenFlag("Blue", "G") in green.legal_actions()


def test_weather_card_moves_the_pawn_one_step_and_robots_change_tyres() -> None:
    """§16.1: one step either way or none; §16.3: from intermediate to rain with robots on Hard, every robot pits
    at the end of this turn for Rain tyres and all robot refuel chits go."""
    race = build("teaching turn=3 weather=4 | A: Red*{played} | I: Blue | B: Fast1{played} | C: Slow1",
                 {"Blue": {"hand": ["R26", "R55"], "target": "R88", "tyre": "intermediate"}}, ["R01"],
                 {"robot_tyre": "hard", "robot_chits": [["fast", 12], ["slow", 14]]})
    race.apply("Blue start")
    race.apply("Blue play R26")
    assert set(race.legal_actions()) == {Weather("Blue", 0), Weather("Blue", -1), Weather("Blue", 1)}
    race.apply("Blue weather +1")
    while race.current_car == "Blue":
        race.apply(race.legal_actions()[-1])
    s = race.state
    assert s.condition().value == "rain" and s.robot_tyre.value == "rain"
    assert s.robot_chits == [] and s.cars["Fast1"].pits == 1 and s.cars["Slow1"].pits == 1
    assert any(isinstance(e, ev.RobotsWillPit | ev.RobotTyresChanged) and e.tyre is Tyre.RAIN for e in race.events)
