"""Robots (§17, §15.4): what the scenarios robots_pass and robots_orange show, and the robot-move panel."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90 import events as ev


def sentences(race: racebook.Race, car: str) -> list[str]:
    return [e.sentence() for e in race.events if e.car_id == car]


def test_robots_pass_each_other_for_0_a_human_for_1_and_stop_behind_humans() -> None:
    """§17.4: robots pass robots for 0 MP, a human on a straight for 1 MP; behind a human in a corner or a
    braking zone a robot stops and loses its remaining MP. §17.3 E: the trajectory bonus without colour or cost."""
    sc = racebook.load_scenario("robots_pass")
    race = sc.race
    passes = [e for e in race.events if isinstance(e, ev.Pass) and e.car == "SuperFast1"]
    assert [(p.other, p.cost) for p in passes] == [("Fast1", 0), ("Slow1", 0), ("Blue", 1)]
    assert all(p.citation == "§17.4" for p in passes)
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "SuperFast1")
    assert mp.mp == 6 and "no colour match or cost" in mp.sentence()  # 4 + the +2 of I.t1
    stops = {e.car: e for e in race.events if isinstance(e, ev.MovementStops)}
    assert stops["SuperFast1"].section == "G" and "3 MP lost" in stops["SuperFast1"].sentence()
    assert "corner" in stops["SuperFast1"].sentence()
    assert stops["Fast2"].section == "E" and "braking zone" in stops["Fast2"].sentence()
    assert "2 MP lost" in stops["Fast2"].sentence()
    s = race.state
    assert s.order["G"] == ["Green", "SuperFast1"] and s.order["E"] == ["Pink", "Fast2"]
    assert s.cars["Fast2"].trajectory == "E.t1"  # §17.3 F: the highest free standard trajectory
    assert s.cars["SuperFast1"].trajectory is None  # G has only an ET: never taken on its own
    assert not sc.actions and race.current_car == "Red" and s.turn == 6  # nothing to decide for robots


def test_robots_orange_forced_late_brakings() -> None:
    """§15.4, AMB-29, AMB-40: the orange-flag holder decides when a robot ends in a braking zone; the robot tests
    blind against 70 + the LB modifier: Slow1 fails and follows E's route (a blind recovery test), Fast1 passes
    every car in E and goes on to D."""
    sc = racebook.load_scenario("robots_orange", play=False)
    race = sc.race
    assert race.current_car == "Red"
    assert [str(a) for a in race.legal_actions()] == ["Red force Slow1 lb", "Red no-force"]
    for a in sc.actions:
        race.apply(a)
    tests = [e for e in race.events if isinstance(e, ev.CheckTest)]
    assert [(t.car, t.card, t.target, t.passed) for t in tests] == [
        ("Slow1", "(77)", 50, False), ("Slow1", "(12)", 50, True), ("Fast1", "(31)", 50, True)]
    s = race.state
    assert s.cars["Slow1"].off_track == "D" and s.cars["Slow1"].time_loss == 2
    assert s.order["D"] == ["Fast1"] and s.order["E"] == ["Pink"]
    assert s.orange == "Red" and s.turn == 7


def test_without_the_orange_flag_a_robot_never_late_brakes() -> None:
    """§17.3 F: a robot late-brakes only when forced; the holder may let it be."""
    sc = racebook.rf90.scenario.load("robots_orange", play=False)
    race = sc.race
    race.apply("Red no-force")
    assert race.state.cars["Slow1"].section == "E" and race.state.cars["Slow1"].off_track is None
    assert not any(isinstance(e, ev.CheckTest) and e.car == "Slow1" for e in race.events)


# ------------------------------------------------------------------ the panel (racebook.rf90.ui.robots)
pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

from racebook.rf90.ui.robots import (  # noqa: E402
    PRESETS,
    AheadCar,
    RobotMovePanel,
    RobotSetup,
    play_robot,
    setup_position,
)


def test_setup_position_lap_tokens() -> None:
    """Lap relations become "-x lap" tokens relative to the leader (§13.E.4)."""
    s = RobotSetup("fast", "I", cars=(AheadCar("human", 1, -1), AheadCar("slow", 2, 0)))
    assert setup_position(s) == ("teaching turn=6 lap=3 | L: Red*{played} | G: Slow3-1{played} | "
                                 "H: Blue{played} | I: Fast1-1")
    lead = RobotSetup("superfast", "H", robot_leads=True, cars=(AheadCar("human", 2, 1), AheadCar("fast", 3, 2)))
    assert setup_position(lead) == ("teaching turn=6 lap=3 | E: Fast3-1{played} | F: Blue{played} | "
                                    "H: SuperFast1* | I: Red")
    with pytest.raises(ValueError, match="§11.1"):
        setup_position(RobotSetup("fast", "I", robot_leads=True, cars=(AheadCar("human", 1, 0),)))


def test_every_preset_plays() -> None:
    for name, setup in PRESETS.items():
        move = play_robot(setup)
        assert move.lines()[0].startswith(f"{move.robot} starts an individual turn"), name
        assert move.lines()[-1].startswith(f"{move.robot} ends the individual turn"), name
        assert "≠" not in move.arithmetic(), name


def test_panel_shows_the_engine_move_and_refuses_bad_positions() -> None:
    panel = RobotMovePanel("the robot leader's Leader check")
    text = panel.text()
    assert "Leader check to lap Green: (40) vs target 70 → pass" in text
    assert "Leader check to lap Slow2: (80) vs target 70 → fail" in text
    assert panel.player.stepper.position == panel.move.last + 1
    panel.rows[0].lap.value = 0  # a car ahead of the leader on his lap: impossible
    assert panel.move is None and "§11.1" in panel.problem
    panel.load_preset("orange flag: a forced late braking")
    assert "decision: Red: force Fast1 to late-brake (the orange-flag holder decides, §15.4)" in panel.text()
    panel.orange.value = "decline"
    assert "decision: Red: let the robot be (the orange-flag holder decides, §15.4)" in panel.text()
    assert "late braking" not in " ".join(panel.move.lines())
    panel.draws.value = "31, 31"
    assert panel.move is None and "once" in panel.problem
