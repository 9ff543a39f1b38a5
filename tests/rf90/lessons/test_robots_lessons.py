"""Notebooks 09a/09b's helpers (racebook.rf90.lessons.robots): where the cars are in words, decisions by their
labels, the robots' duel corners (§17.2), refuel chits (§8), the panel a robot lacks (§17.1)."""

from __future__ import annotations

import racebook
from racebook.rf90.lessons.notebook import rpn_race
from racebook.rf90.lessons.robots import (
    DUEL_CASES,
    chits_text,
    choices,
    decide,
    duel_case,
    panel_rows,
    turn_sentences,
    where,
    where_at_start,
)


def test_unlap_case_a_the_robot_drives_past_an_off_track_leader() -> None:
    """§17.4 a: Fast1, a lap down, passes the re-entry point where the leader waits and gets its lap back."""
    race = rpn_race("teaching turn=5 lap=2 | D: Blue*{played,off=E} | F: Fast1-1 | H: Red", seed=9)
    assert where_at_start(race) == ("Red in H; Fast1 (a lap down) in F; "
                                    "Blue (leader) off the track, at the re-entry point beside D")
    assert where(race.state) == "Red in H; Fast1 in C; Blue (leader) off the track, at the re-entry point beside D"
    said = turn_sentences(race)
    assert said[-1].startswith("Red starts an individual turn in H")
    assert any(s.startswith("Fast1 ends the individual turn in C") for s in said)


def test_unlap_case_b_a_forced_late_braking_by_label() -> None:
    """§17.4 b, §13.F.1, AMB-29: Red forces Fast1 to late-brake in E: (31) vs 70 - 20 = 50 passes every car there."""
    race = rpn_race("teaching turn=6 lap=3 | E: Blue*{played} | H: Fast1-1 | I: Red", draws=(31,), seed=9,
                    orange="Red")
    assert choices(race) == "force Fast1 to late-brake or let the robot be"
    out = decide(race, "Red force Fast1 lb", kinds={"CheckTest", "RobotLbAdvance"})
    assert out[0] == "▶ Red: force Fast1 to late-brake"
    assert "(31) vs target 50" in out[1] and "passes every car in E" in out[2] and len(out) == 3
    assert where(race.state, ["Fast1"]) == "Fast1 in D"


def test_unlap_case_d_the_robot_wins_the_duel_ahead_of_the_leader() -> None:
    """§17.4 d, §17.2: Slow1 bids R03 + R14 (7 with the Curve 1 modifier) and ends ahead of the leader Red."""
    race = rpn_race("teaching turn=6 lap=3 | G: Red*{played} Orange-1 Slow1-1", draws=(3, 14), seed=9,
                    cars={"Red": {"hand": ["R22", "R55"]}, "Orange": {"hand": ["R21", "R57"]}})
    assert where_at_start(race) == "Red (leader), Orange (a lap down) and Slow1 (a lap down) in G"
    decide(race, "Orange join", "Red join", "Orange bid R21", "Red bid R22 R55")
    assert where(race.state) == "Slow1, Red (leader) and Orange (a lap down) in G"


def test_many_choices_are_cut_short() -> None:
    race = rpn_race("teaching turn=3 | A: Red*{played} | G: Green (Y) Blue", seed=8)
    said = choices(race, most=2)
    assert said.startswith("start the turn: no declaration; skip the turn … or one of ")
    assert said.endswith(" other decisions")


def test_robot_duel_corners() -> None:
    """§17.2: a robot challenges a same-lap human ahead; no duel among robots or to unlap; it joins a human's
    challenge, but not ahead of the leader."""
    said = {c.what: duel_case(c) for c in DUEL_CASES}
    assert said["a same-lap human ahead"][0].startswith("Slow1 is the CHALLENGER")
    assert said["only robots in the corner"] == said["the robot is a lap down"] == [
        "Nobody challenges: no duel in G — §12.1"]
    assert said["a human challenges the robot"][1] == "Fast1 (robot) joins the duel — §17.2"
    assert said["the robot is ahead of the leader"][1] == "Fast1 (robot) stays out of the duel — §17.2"


def test_the_best_placed_robot_of_the_type_makes_the_fuel_stop() -> None:
    """§8, §17.3 A: the fast chit of turn 8 is Fast2's (ahead of Fast1) and is discarded; the others stay."""
    race = rpn_race("teaching turn=8 lap=3 | A: Red*{played} | E: Fast2 | G: Fast1 | H: Slow1", seed=9,
                    robot_chits=[["fast", 8], ["fast", 12], ["slow", 12]])
    assert chits_text(race.state) == "fast on turn 12, slow on turn 12"
    assert any(s.startswith("Fast2 is the best-placed fast robot") for s in turn_sentences(race))
    race.state.robot_chits.clear()
    assert chits_text(race.state) == "none"


def test_a_robot_has_no_panel() -> None:
    """§17.1: no Target Check card, no tyre chips, no hand; the human beside it has all three."""
    rows = panel_rows(racebook.load_scenario("robots_pass").race, ["Fast1", "Blue"])
    assert rows[0] == {"car": "Fast1", "kind": "robot, fast", "Target Check card": "none", "tyre chips": "none",
                       "cards in hand": "none", "wear tokens": "0"}
    assert rows[1]["Target Check card"] != "none" and rows[1]["tyre chips"] == "10"
