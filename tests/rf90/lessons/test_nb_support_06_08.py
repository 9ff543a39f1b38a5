"""Support for notebooks 06 (trajectories) and 08 (flags, weather, tyres): racebook.rf90.lessons.explore, the
yellow-flag
scenario and the two views (racebook.rf90.ui.trajectories, racebook.rf90.ui.weather)."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90.car import Skill, Tyre
from racebook.rf90.cards import Colour
from racebook.rf90.events import MovementStops, YellowFlagPassed
from racebook.rf90.lessons import explore
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.setup import robot_tyre_for
from racebook.rf90.track import Condition, Trajectory, TrajectoryKind
from racebook.rf90.trackfile import available_tracks

S = explore.TrajectorySetup


def _by_text(setup: explore.TrajectorySetup) -> dict[str, explore.PlayOutcome]:
    return {o.text: o for o in explore.play_outcomes(setup)}


# ------------------------------------------------------------------ trajectories (§13.D, §13.E.1)
def test_ex_18_shape_costs_and_mp() -> None:
    """Ex. 18 on F.t1 (+2 green/orange, 1 tyre): [2] orange + [2] yellow = 6 MP for 2 tyres, 4 MP for 1 without."""
    got = _by_text(S("teaching", "F.t1", ("R15", "R22")))
    assert (got["R15 R22 +traj"].tyres, got["R15 R22 +traj"].run.mp) == (2, 6)
    assert (got["R15 R22"].tyres, got["R15 R22"].run.mp) == (1, 4)
    assert "R15 +traj" not in got  # yellow matches neither colour
    assert got["R15"].trajectory.startswith("ignores F.t1: no played card matches its colour")
    missing = {c: (rule, why) for c, rule, why in explore.why_no_trajectory(S("teaching", "F.t1", ("R15", "R22")))}
    assert list(missing) == [("R15",)] and missing[("R15",)][0] == "§13.D"


def test_a_cost_that_cannot_be_paid_removes_the_trajectory() -> None:
    """§13.D: with no tyre chip a trajectory with a tyre symbol cannot be used."""
    s = S("teaching", "F.t1", ("R15", "R22"), chips=0)
    assert [o.text for o in explore.play_outcomes(s)] == ["R22"]
    assert {rule for _c, rule, _w in explore.why_no_trajectory(s)} == {"§13.D.1"}


def test_balance_lifts_the_colour_condition_and_damage_symbol() -> None:
    """§26.5 BALANCE: a red card uses the green/orange F.t1; I.t1's damage symbol draws one token (§13.D.1)."""
    got = _by_text(S("teaching", "F.t1", ("R14",), strategy="balance"))
    assert got["R14 +traj"].run.mp == 6 and got["R14 +traj"].tyres == 3
    dmg = _by_text(S("teaching", "I.t1", ("R14",)))
    assert dmg["R14 +traj"].damage == 1 and dmg["R14"].damage == 0


def test_et_branches_flat_out_and_discard_power() -> None:
    """§13.D.2 / §18.2: D.et1 (+3, chart -2/-4): 7 MP on a pass, 2 or 0 after a failure; §19.3: T04 (et:red)
    succeeds outright for one discard; §27 FLAT OUT on G.et1: 2 + 2 - 1."""
    got = _by_text(S("teaching", "D.et1", ("R14", "T04")))
    blind = got["R14 +traj"]
    assert blind.et_mode == "blind test" and blind.run.et_test == "pass" and blind.run.mp == 7
    assert [(r.et_test, r.recovery, r.mp) for r in blind.fail_runs] == [("fail", "pass", 2), ("fail", "fail", 0)]
    power = got["R14 +traj et=T04"]
    assert power.power_card == "T04" and power.run.mp == 7 and not power.fail_runs and power.run.et_test == ""
    flat = _by_text(S("teaching", "G.et1", ("R20",), skill="flat_out"))["R20 +traj et=flat"]
    assert flat.et_mode == "FLAT OUT" and flat.run.mp == 3 and flat.run.et_test == ""


def test_the_et_power_respects_colour() -> None:
    """§19.3: T04's power is red, G.et1 is green: no et=T04 play."""
    texts = set(_by_text(S("teaching", "G.et1", ("R20", "T04"))))
    assert "R20 +traj" in texts and not any("et=T04" in t for t in texts)


def test_amb_14_turn_one_and_restarts() -> None:
    """§22 / AMB-14: no trajectory in turn 1 by default; the house rule allows it; never at a restart."""
    assert not any(o.play.trajectory for o in explore.play_outcomes(S(turn=1)))
    reasons = explore.why_no_trajectory(S(turn=1))
    assert {r for _c, r, _w in reasons} == {"§22, AMB-14"}
    house = Rules(trajectories_at_start=True)
    assert any(o.play.trajectory for o in explore.play_outcomes(S(turn=1, rules=house)))
    assert not any(o.play.trajectory for o in explore.play_outcomes(S(restart=True, rules=house)))


def test_an_illegal_combination_gets_the_pair_rule() -> None:
    """§13.C: [4] + [3] is no legal pair, with or without the trajectory."""
    missing = dict((c, r) for c, r, _w in explore.why_no_trajectory(S("teaching", "D.et1", ("R14", "T04"))))
    assert missing == {("R14", "T04"): "§13.C"}


def test_outcome_rows_are_plain_data() -> None:
    rows = explore.outcome_rows(explore.play_outcomes(S()))
    assert rows[-1] == {"play": "R15 R22 +traj", "card MP": 4, "trajectory": "yes", "ET": "—", "tyre units": 2,
                        "card discards": 0, "damage draws": 0, "MP": "6 MP"}


def test_labels() -> None:
    t = racebook.load_track("teaching")
    assert explore.trajectory_label(t.trajectory("F.t1")) == "F.t1 — standard +2 green/orange, 1 tyre"
    assert explore.trajectory_label(t.trajectory("D.et1")) == "D.et1 — Extreme +3 red, recovery chart d-et"
    assert explore.cost_text(t.trajectory("E.t1")) == ""


# ------------------------------------------------------------------ robots (§17.3 F, §15.4)
def test_robots_take_the_highest_free_standard_trajectory() -> None:
    free = explore.robot_turn("teaching turn=3 | A: Red*{played} | H: Fast1", "Fast1")
    assert (free.section, free.trajectory) == ("E", "E.t1")
    held = explore.robot_turn("teaching turn=3 | A: Red*{played} | E: Blue@E.t1{played} | H: Fast1", "Fast1")
    assert held.trajectory == "E.t2"
    assert "§17.3 F" in explore.robot_choice_line(held)
    start = explore.robot_turn("teaching turn=1 | A: Red*{played} | H: Fast1", "Fast1")
    assert start.trajectory is None and explore.robot_choice_line(start).endswith("takes no trajectory")


def test_ties_go_to_the_outermost_on_a_what_if_board() -> None:
    extra = Trajectory("E.t3", "E", TrajectoryKind.STANDARD, (Colour.RED,), 2, lateral=2)
    track = explore.with_trajectory("teaching", extra)
    assert racebook.load_track("teaching").trajectories_in("E") != track.trajectories_in("E")
    assert explore.robot_turn("teaching turn=3 | A: Red*{played} | H: Fast1", "Fast1", track=track).trajectory \
        == "E.t3"
    inside = Trajectory("E.t3", "E", TrajectoryKind.STANDARD, (Colour.RED,), 2, lateral=-1)
    track = explore.with_trajectory("teaching", inside)
    assert explore.robot_turn("teaching turn=3 | A: Red*{played} | H: Fast1", "Fast1", track=track).trajectory \
        == "E.t1"


def test_robots_take_an_et_only_when_forced() -> None:
    pos = "teaching turn=4 lap=2 | A: Red*{played} | J: Fast1"
    alone = explore.robot_turn(pos, "Fast1")
    assert (alone.section, alone.trajectory, alone.pending) == ("G", None, ())
    forced = explore.robot_turn(pos, "Fast1", orange="Red")
    assert forced.pending == ("Red force Fast1 G.et1", "Red no-force")


# ------------------------------------------------------------------ weather and tyres (§9, §16)
def test_ex_8_and_ex_9_readings() -> None:
    assert explore.weather_reading("silverstone", 34).label == "35-26"
    r = explore.weather_reading("silverstone", 38)
    assert (r.label, r.condition, r.robot_tyres, r.to_dry, r.to_rain) == ("45-36", Condition.INTERMEDIATE,
                                                                          (Tyre.RAIN,), 4, 2)
    assert "Rain tyres" in r.robot_sentence()
    mid = explore.weather_reading("silverstone", 50)
    assert mid.label == "55-46" and mid.random and set(mid.robot_tyres) == {Tyre.HARD, Tyre.RAIN}
    assert "random" in mid.robot_sentence()


@pytest.mark.parametrize("tid", available_tracks())
def test_robot_tyres_agree_with_the_engine_on_every_space(tid: str) -> None:
    tr = racebook.load_track(tid)
    for i, sp in enumerate(tr.weather.spaces):
        picks = explore.robot_tyres(tr, i)
        assert set(picks) == {robot_tyre_for(tr, i, 0), robot_tyre_for(tr, i, 1)}
        if sp.condition is not Condition.INTERMEDIATE:
            assert picks == ((Tyre.HARD,) if sp.condition is Condition.DRY else (Tyre.RAIN,))
        d, r = explore.stable_distances(tr, i)
        assert (len(picks) == 2) == (d == r)


def test_wrong_tyre_table_and_house_rules() -> None:
    """§16.2: the corrected AMB-5 row by default, the printed one on request; RAIN EXPERT (AMB-33)."""
    t = explore.wrong_tyre_table()
    assert t[Condition.DRY] == {Tyre.SOFT: 0, Tyre.HARD: 0, Tyre.INTERMEDIATE: 1, Tyre.RAIN: 2}
    assert t[Condition.INTERMEDIATE][Tyre.INTERMEDIATE] == 0 and t[Condition.RAIN][Tyre.INTERMEDIATE] == 1
    printed = explore.wrong_tyre_table(rules=Rules(intermediate_row=IntermediateRow.PRINTED))
    assert printed[Condition.INTERMEDIATE][Tyre.INTERMEDIATE] == 1 and printed[Condition.RAIN][Tyre.INTERMEDIATE] == 0
    expert = explore.wrong_tyre_table(skill=Skill.RAIN_EXPERT)
    assert expert[Condition.INTERMEDIATE] == {Tyre.SOFT: 1, Tyre.HARD: 0, Tyre.INTERMEDIATE: 0, Tyre.RAIN: 0}
    assert expert[Condition.RAIN][Tyre.HARD] == 2 and expert[Condition.DRY][Tyre.RAIN] == 2


def test_rain_is_minus_20_on_every_test_but_the_leader_check() -> None:
    dry = {r["test"]: r["target"] for r in explore.test_targets(Condition.DRY)}
    rain = {r["test"]: r["target"] for r in explore.test_targets(Condition.RAIN)}
    for test, target in dry.items():
        assert rain[test] == (target if test == "Leader lapping check" else target - 20)
    robot = {r["test"]: r["target"] for r in explore.test_targets(Condition.RAIN, robot=True)}
    assert robot["ET blind test"] == 50 and robot["Leader lapping check"] == 70


def test_space_reading_bounds() -> None:
    assert explore.space_reading("teaching", 0).condition is Condition.DRY
    with pytest.raises(ValueError, match="§9.1"):
        explore.space_reading("teaching", 7)


def test_weather_step_and_the_robot_tyre_change() -> None:
    """§16.1 one step; §16.3 intermediate → rain with robots on Hard: they pit; already on Rain: they do not."""
    st = explore.weather_step("teaching", 4, +1, Tyre.HARD)
    assert (st.after, st.condition_after, st.robots_pit, st.robot_tyre) == (5, Condition.RAIN, True, Tyre.RAIN)
    assert any("§16.3" in s for s in st.sentences)
    assert not explore.weather_step("teaching", 4, +1, Tyre.RAIN).robots_pit
    assert explore.weather_step("teaching", 2, -1, Tyre.RAIN).robot_tyre is Tyre.HARD
    assert explore.weather_step("teaching", 3, 0).after == 3
    with pytest.raises(ValueError, match="§16.1"):
        explore.weather_step("teaching", 0, -1)


def test_d4_choices_of_the_ex_25_cards() -> None:
    """Ex. 25 / §13.D.4: every flag is optional; one yellow flag per corner section; one orange pawn."""
    text, _ev, yellow = explore.d4_choices("R45")
    assert text == "R45 [2] yellow (45): 1 tyre, yellow flag"
    assert yellow[0] == "no-flag" and "yellow-flag G 1" in yellow and not any(c.startswith("yellow-flag D")
                                                                                for c in yellow)
    assert explore.d4_choices("R46")[2] == ["no-flag", "green-flag D"]
    assert explore.d4_choices("R47")[2] == ["no-flag", "take-flag blue"]
    assert explore.d4_choices("R48")[2] == ["no-flag", "take-flag orange"]
    _t, events, none = explore.d4_choices("R48", orange="Red")
    assert none == [] and "no effect now" in events[-1]
    assert explore.d4_choices("R26")[2] == ["weather 0", "weather +1"]


def test_the_yellow_flag_scenario() -> None:
    """flags_yellow: Green's flag behind Orange costs Blue 1 MP and stops him (2 MP lost); Red removes it."""
    race = racebook.load_scenario("flags_yellow").race
    passed = [e for e in race.events if isinstance(e, YellowFlagPassed)]
    assert [(e.car, bool(e.removed)) for e in passed] == [("Blue", False), ("Red", True)]
    assert [e.by_leader for e in passed] == [False, True]
    stop = next(e for e in race.events if isinstance(e, MovementStops) and e.car == "Blue")
    assert stop.citation == "§15.1" and stop.lost == "; 2 MP lost"
    assert all("(Y)" not in lst for lst in race.state.order.values())
    assert race.state.cars_in("G") == ["Orange", "Blue", "Red"]


# ------------------------------------------------------------------ the views
def test_trajectory_panel() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui.trajectories import TrajectoryPanel

    p = TrajectoryPanel()
    assert "R15 R22 +traj: uses F.t1" in p.text() and "6 MP" in p.text()
    p.set(track="silverstone", trajectory="Luffield-2.et1", card1="R22", card2="T07")
    assert "R22 +traj et=T07" in p.text()
    p.set(turn="start")
    assert "+traj" not in "".join(o.text for o in p.outcomes) and "AMB-14" in p.out.value
    p.set(house_rule=True)
    assert any(o.play.trajectory for o in p.outcomes)
    p.set(card2="R22")  # the same card twice is one card
    assert p.setup.hand == ("R22",)
    with pytest.raises(TypeError, match="unknown control"):
        p.set(colour="red")
    assert p.errors.errors == []


def test_weather_view() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")  # the figure's marks (without bqplot: tests/rf90/ui/test_weather_svg.py)
    from racebook.rf90.ui.weather import WeatherTableView

    v = WeatherTableView("silverstone", check=38)
    assert v.text().startswith("silverstone space 45-36 (intermediate); robots on rain")
    assert v.m_pawn.x == [(5 + 0.5) / 9]
    for _ in range(4):
        v.move(-1)
    assert v.space == 1 and v.step is not None and v.step.robots_pit and v.robot_tyre is Tyre.HARD
    assert v.left.disabled is False and "pit" in v.out.value
    v.set(track="teaching", check=50, intermediate_row="printed")
    assert v.reading is not None and v.reading.penalties[Tyre.INTERMEDIATE] == 1 and v.step is None
    with pytest.raises(TypeError, match="unknown control"):
        v.set(weather="rain")
    assert v.errors.errors == []
