"""§5.7 (Expansion #1), AMB-X1-27: the orange-flag holder may force another player's robot teammate to attempt a
late braking or take an ET, and its human cannot prevent it; he may still discard a green card for +20 on that
attempt's blind check, within his one assistance card a Game Turn (AMB-X1-25)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

import racebook
from racebook.core.errors import DataError
from racebook.rf90 import events as ev
from racebook.rf90.actions import Assist, Force, NoAssist, NoForce
from racebook.rf90.car import EtCause
from racebook.rf90.game import Race
from racebook.rf90.scenario import SCENARIO_DIR, build
from racebook.rf90.turnctx import Phase


def _x1_11(stack: list[str], blue_hand: list[str] | None = None) -> Race:
    """Ex. X1-11's position, but Green holds the orange flag: Pink stops behind Green before Rivage (LB -10)."""
    raw: dict[str, Any] = tomllib.loads((SCENARIO_DIR / "x1_11.toml").read_text(encoding="utf-8"))
    raw["race"] = {"orange": "Green"}
    raw["deck"]["stack"] = stack
    if blue_hand is not None:
        raw["cars"]["Blue"]["hand"] = blue_hand
    return build(raw)


def _forced_to_late_brake(race: Race) -> None:
    assert race.current_car == "Blue" and race.phase is Phase.ASSIST_END
    race.apply(NoAssist("Blue"))  # Blue does not force the late braking himself
    assert race.current_car == "Green" and race.phase is Phase.ORANGE
    assert Force("Green", "Pink", "lb") in race.legal_actions() and NoForce("Green") in race.legal_actions()
    race.apply(Force("Green", "Pink", "lb"))


def test_s5_7_the_orange_flag_forces_a_robot_teammate_and_its_human_cannot_prevent_it() -> None:
    race = _x1_11(["R70"])
    _forced_to_late_brake(race)
    (forced,) = [e for e in race.events if isinstance(e, ev.TeammateForced)]
    assert (forced.holder, forced.human, forced.robot, forced.trajectory) == ("Green", "Blue", "Pink", "")
    assert forced.sentence() == ("Green's orange flag forces Blue's robot teammate Pink to attempt a late braking; "
                                 "Blue cannot prevent it — §5.7 (Expansion #1), AMB-X1-27")
    # Blue's only choices: add a green card's +20, or not; nothing stops the attempt
    assert race.current_car == "Blue" and race.phase is Phase.ASSIST_FORCED
    assert race.legal_actions() == [Assist("Blue", "Pink", "R28", "lb"), NoAssist("Blue")]


def test_amb_x1_27_the_owner_adds_plus_20_to_the_forced_late_braking_70_against_80_passes() -> None:
    race = _x1_11(["R70"])
    _forced_to_late_brake(race)
    race.apply("Blue assist Pink R28 lb")
    (a,) = [e for e in race.events if isinstance(e, ev.Assisted)]
    assert a.what is ev.AssistKind.FORCED_LB and "AMB-X1-27" in a.sentence()
    (chk,) = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
    assert chk.test is ev.Checked.LATE_BRAKING and chk.target == 60 + 20 and "70" in chk.card and chk.passed
    assert race.state.cars["Pink"].section == "Rivage" and race.state.cars["Pink"].assist_turn == 5
    assert "R28" not in race.state.cars["Blue"].hand


def test_amb_x1_27_without_the_green_card_the_forced_late_braking_is_against_60_and_70_fails() -> None:
    race = _x1_11(["R70", "R01", "R02", "R03"])
    _forced_to_late_brake(race)
    race.apply(NoAssist("Blue"))
    chk = next(e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink")
    assert chk.target == 60 and not chk.passed
    assert race.state.cars["Pink"].lost_control == "Rivage-brake"  # off the track on the LB route
    assert not [e for e in race.events if isinstance(e, ev.Assisted)] and "R28" in race.state.cars["Blue"].hand


def test_amb_x1_25_a_robot_teammate_already_helped_this_turn_gets_no_green_card_after_the_force() -> None:
    """Blue's red card (+1 MP) was his one card for Pink this Game Turn: the force goes on at once, against 60."""
    race = _x1_11(["R55"], blue_hand=["R28", "R10"])  # R10: a speed (red) card
    race.apply("Blue assist Pink R10 mp")
    assert race.current_car == "Green" and race.phase is Phase.ORANGE
    race.apply(Force("Green", "Pink", "lb"))
    assert race.phase is not Phase.ASSIST_FORCED
    assert [e for e in race.events if isinstance(e, ev.TeammateForced)]
    chk = next(e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink" and
               e.test is ev.Checked.LATE_BRAKING)
    assert chk.target == 60


def test_the_wrong_green_card_action_after_the_force_is_refused_with_the_rule() -> None:
    race = _x1_11(["R70"])
    _forced_to_late_brake(race)
    v = race.explain("Blue assist Pink R28 et=Rivage.et1")
    assert not v.legal and "AMB-X1-27" in v.rule and "forced 'lb'" in v.reason
    v = race.explain("Blue assist Pink R22 lb")  # an orange card
    assert not v.legal and "needs a green card" in v.reason


def test_a_robot_without_a_human_teammate_is_forced_as_before() -> None:
    """§15.4: the shipped orange-flag scenario (no teams) plays as it always did: no team event, no window."""
    race = racebook.load_scenario("robots_orange").race
    assert not [e for e in race.events if isinstance(e, (ev.TeammateForced, ev.Assisted))]
    assert [e.target for e in race.events if isinstance(e, ev.CheckTest) and e.car in ("Slow1", "Fast1")
            and e.test is ev.Checked.LATE_BRAKING] == [50, 50]


def test_amb_x1_27_a_forced_et_gets_the_owners_plus_20_on_its_next_turns_check() -> None:
    """The orange flag puts Pink on the free ET of Descent-2; Blue adds a green card: on Pink's next turn the
    Expansion #1 ET check is against 60 + 20 = 80 (a 75 passes), and the bonus is used up."""
    from racebook.rf90.lessons.notebook import small_race

    race = small_race("spa turn=5 lap=2 teams=Blue+Pink | Start: Pink* | Pits: Blue{played} Green{played}",
                      {"Pink": {"kind": "robot", "robot": "superfast"}, "Blue": {"hand": ["R28"]}}, ["R75"],
                      race={"orange": "Green"}, track="spa")
    race.apply(NoAssist("Blue"))
    assert race.current_car == "Green" and Force("Green", "Pink", "Descent-2.et1") in race.legal_actions()
    race.apply(Force("Green", "Pink", "Descent-2.et1"))
    (forced,) = [e for e in race.events if isinstance(e, ev.TeammateForced)]
    assert forced.trajectory == "Descent-2.et1" and "take the ET Descent-2.et1" in forced.sentence()
    assert race.legal_actions() == [Assist("Blue", "Pink", "R28", "et", "Descent-2.et1"), NoAssist("Blue")]
    race.apply("Blue assist Pink R28 et=Descent-2.et1")
    (chk,) = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
    assert chk.test is ev.Checked.ET and chk.target == 80 and chk.passed and "75" in chk.card
    assert race.state.cars["Pink"].assist_bonus == 0 and race.state.turn == 6


def _pink_on_the_et(*, orange: bool, green: bool) -> Race:
    """Pink (Blue's robot teammate) ends its move in Descent-2 and is put on the free ET there: by its teammate's
    green card, or by Green's orange flag (with or without Blue's green card for +20); then its next turn's check."""
    from racebook.rf90.lessons.notebook import small_race

    race = small_race("spa turn=5 lap=2 teams=Blue+Pink | Start: Pink* | Pits: Blue{played} Green{played}",
                      {"Pink": {"kind": "robot", "robot": "superfast"}, "Blue": {"hand": ["R28"]}}, ["R55"],
                      race={"orange": "Green"} if orange else None, track="spa")
    if orange:
        race.apply(NoAssist("Blue"))
        race.apply(Force("Green", "Pink", "Descent-2.et1"))
    if green:
        race.apply("Blue assist Pink R28 et=Descent-2.et1")
    else:
        race.apply(NoAssist("Blue"))
    return race


def test_the_et_check_names_who_put_the_robot_on_the_et_as_data() -> None:
    """§5.6 vs §4.7 (Expansion #1): the robot's ET check event carries its cause (``forced_by``), and its sentence
    says it: the teammate's green card is not "forced by the orange flag", and the +20 is named once."""
    cases = {(False, True): (EtCause.TEAMMATE, 80), (True, True): (EtCause.ORANGE_FLAG, 80),
             (True, False): (EtCause.ORANGE_FLAG, 60)}
    for (orange, green), (cause, target) in cases.items():
        race = _pink_on_the_et(orange=orange, green=green)
        (chk,) = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
        text = chk.sentence()
        assert (chk.forced_by, chk.target, chk.passed) == (cause, target, True), (orange, green)
        assert f"({cause.value})" in text and chk.to_dict()["forced_by"] == cause.value
        assert ("orange flag" in text) is orange and text.count("+20") == (1 if green else 0), text
        assert race.state.cars["Pink"].et_cause is None  # used up by the check


def test_the_cause_is_kept_by_a_saved_race_between_the_two_turns() -> None:
    """The cause is state (``Car.et_cause``) from the green card to the next turn's check: a race saved in between
    and loaded again says the same sentence; the other tests' events carry no ``forced_by``."""
    from racebook.rf90.lessons.notebook import small_race
    from racebook.rf90.state import RaceState

    race = small_race("spa turn=5 lap=2 teams=Blue+Pink | Start: Pink* | Pits: Blue{played}",
                      {"Pink": {"kind": "robot", "robot": "superfast"}, "Blue": {"hand": ["R28"]}}, [],
                      track="spa")
    race.state.cars["Pink"].et_cause = EtCause.TEAMMATE
    d = race.state.cars["Pink"].to_dict()
    assert d["et_cause"] == "teammate"
    back = RaceState.from_dict(race.state.to_dict(), race.state.track)
    assert back.cars["Pink"].et_cause is EtCause.TEAMMATE
    with pytest.raises(DataError, match="et_cause"):
        RaceState.from_dict({**race.state.to_dict(), "cars": [{**d, "et_cause": "yellow_flag"}]}, race.state.track)
    plain = ev.CheckTest("Red", "test 1", "(40)", 60, "", "pass", "(40)")
    assert "forced_by" not in plain.to_dict() and "(forced" not in plain.sentence()
