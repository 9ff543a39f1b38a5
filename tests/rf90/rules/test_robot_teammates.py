"""Robot teammates (Expansion #1 §5.3–5.6; AMB-X1-24 … AMB-X1-30): line-ups, own refuel chits, assistance cards."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.car import RobotType
from racebook.rf90.rules import assist
from racebook.rf90.setup import Driver
from racebook.rf90.state import YELLOW_FLAG
from racebook.rf90.teamactions import Assist, NoAssist
from racebook.rf90.teams import Team, TeamRobot, lineup, lineup_robots, team_race
from racebook.rf90.trackfile import load_track
from racebook.rf90.turnctx import Phase

SF, F, S = RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW


def _types(rs, ids=None) -> list[RobotType]:  # type: ignore[no-untyped-def]
    return [c.robot for c in rs.state.cars.values() if c.is_robot and (ids is None or c.id in ids)]


def _mates(rs) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.id for c in rs.state.cars.values() if c.is_robot and c.team is not None]


def _solo(*names: str) -> list[Team]:
    return [Team(n, (Driver(n), TeamRobot(mate))) for n, mate in zip(names, ("Pink", "Cyan", "Lime", "Grey"),
                                                                     strict=False)]


def test_the_line_ups_are_the_books_for_2_to_6_players() -> None:
    """§5.3 X1: basic 3 Fast 3 Slow (2-3 players), 2 Fast 2 Slow (4-6); advanced adds 2 SuperFast to each."""
    assert [lineup(p, "basic").counts for p in range(2, 7)] == [(0, 3, 3)] * 2 + [(0, 2, 2)] * 3
    assert [lineup(p, "advanced").counts for p in range(2, 7)] == [(2, 3, 3)] * 2 + [(2, 2, 2)] * 3
    assert {lineup(p, lv).source for p in range(2, 7) for lv in ("basic", "advanced")} == {"seed003 §5.3"}
    assert lineup(1, "advanced").source == "invented-for-teaching"


def test_ex_x1_05_basic_4_players_4_fast_teammates_2_slow_10_cars() -> None:
    """Ex. X1-5: the first two players take the 2 Fast; the other two get additional Fast robots: 4 + 4 + 2 = 10."""
    rs = team_race(load_track("silverstone"), _solo("Blue", "Red", "Green", "Yellow"), level="basic", seed=5)
    assert len(rs.state.cars) == 10
    assert sorted(_types(rs, _mates(rs)), key=lambda t: t.value) == [F] * 4
    assert _types(rs).count(F) == 4 and _types(rs).count(S) == 2  # no uncoloured Fast left
    joins = [e for e in rs.events if isinstance(e, ev.RobotTeammateJoins)]
    assert [e.replaced for e in joins] == ["Fast1", "Fast2", None, None]


def test_ex_x1_06_basic_3_players_two_team_up_one_robot_teammate_9_cars() -> None:
    """Ex. X1-6: 3 humans + 1 Fast teammate + 2 Fast + 3 Slow = 9."""
    teams = [Team("BlueRed", (Driver("Blue"), Driver("Red"))), Team("Green", (Driver("Green"), TeamRobot("Pink")))]
    rs = team_race(load_track("silverstone"), teams, level="basic", seed=6)
    assert len(rs.state.cars) == 9
    assert _types(rs, ["Pink"]) == [F] and _types(rs).count(F) == 3 and _types(rs).count(S) == 3
    assert rs.state.cars["Blue"].team == rs.state.cars["Red"].team == "BlueRed"


def test_ex_x1_07_advanced_3_players_3_superfast_teammates_12_cars() -> None:
    """Ex. X1-7: the two SuperFast become teammates, the third is an additional SuperFast: 3 + 3 + 3 + 3 = 12."""
    rs = team_race(load_track("silverstone"), _solo("Blue", "Red", "Green"), level="advanced", seed=7)
    assert len(rs.state.cars) == 12
    assert _types(rs, _mates(rs)) == [SF] * 3 and _types(rs).count(SF) == 3
    assert _types(rs).count(F) == 3 and _types(rs).count(S) == 3


def test_ex_x1_08_advanced_4_players_two_team_up_two_robot_teammates_10_cars() -> None:
    """Ex. X1-8: 4 humans + 2 SuperFast teammates + 2 Fast + 2 Slow = 10."""
    teams = [Team("A", (Driver("Blue"), Driver("Red"))), *_solo("Green", "Yellow")]
    rs = team_race(load_track("silverstone"), teams, level="advanced", seed=8)
    assert len(rs.state.cars) == 10
    assert _types(rs, _mates(rs)) == [SF, SF] and _types(rs).count(SF) == 2
    assert _types(rs).count(F) == 2 and _types(rs).count(S) == 2


def test_ex_x1_09_two_players_pink_and_red_replace_the_two_superfast_10_cars() -> None:
    """Ex. X1-9 (Fig. 5): Blue takes Pink, Green takes Red, both SuperFast (4 MP); no uncoloured SuperFast remains.
    The teams come from the scenario file's [[setup.teams]] (x1_09.toml)."""
    rs = racebook.load_scenario("x1_09").race
    assert len(rs.state.cars) == 10
    assert _types(rs, ["Pink", "Red"]) == [SF, SF] and SF.mp == 4
    assert not [c for c in rs.state.cars.values() if c.robot is SF and c.team is None]
    assert [e.replaced for e in rs.events if isinstance(e, ev.RobotTeammateJoins)] == ["SuperFast1", "SuperFast2"]


def test_a_robot_teammate_gets_its_own_colour_refuel_chit_and_pits_at_it() -> None:
    """§5.4 X1, AMB-X1-24: the drawn chit's turn moves to the teammate's own chit; the type's chits stay for the
    others; it pits when the turn pawn reaches its own chit."""
    teams = [Team("Blue", (Driver("Blue"), TeamRobot("Pink")))]
    rs = team_race(load_track("spa"), teams, level="advanced", seed=9)
    pink = rs.state.cars["Pink"]
    (chit,) = [e for e in rs.events if isinstance(e, ev.RobotTeammateChit)]
    assert pink.refuel == chit.turn and len(rs.state.robot_chits) == len(lineup_robots(1)) - 1
    assert not any(c.refuel for c in rs.state.cars.values() if c.is_robot and c.id != "Pink")


def test_championship_adds_the_robot_teammate_and_robot_teams_keep_their_types() -> None:
    """§6.3, AMB-X1-33: in a championship the robot teammate is added; a robot team names its robots' types."""
    teams = [Team("Blue", (Driver("Blue"), TeamRobot("Pink"))),
             Team("Arrows", (TeamRobot("SuperFast1", SF), TeamRobot("SuperFast2", SF)))]
    rs = team_race(load_track("silverstone"), teams, robots=[], championship=True, seed=3)
    assert sorted(rs.state.cars) == ["Blue", "Pink", "SuperFast1", "SuperFast2"]
    assert rs.state.cars["SuperFast1"].team == "Arrows" and rs.state.cars["SuperFast1"].refuel is None


# ------------------------------------------------------------------ the four assistance cards (§5.6)
def test_ex_x1_10_red_card_plus_1_mp_after_the_3_mp_reaches_the_plus_2_trajectory() -> None:
    """Ex. X1-10 (Fig. 6): basic Pink moves 3 MP passing the red robot for 0; Blue's red card adds +1 after the MP
    are spent; Pink reaches After-Stavelot and takes its +2 trajectory; Blue has used his one card this turn."""
    race = racebook.load_scenario("x1_10").race
    mps = [e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Pink"]
    assert [m.mp for m in mps] == [3, 1]
    (p,) = [e for e in race.events if isinstance(e, ev.Pass) and e.car == "Pink"]
    assert (p.other, p.cost) == ("Red", 0)
    (a,) = [e for e in race.events if isinstance(e, ev.Assisted)]
    assert (a.human, a.robot, a.card, a.what) == ("Blue", "Pink", "R10", ev.AssistKind.MP)
    i = race.events.index(a)
    assert [e.left for e in race.events[:i] if isinstance(e, ev.EnterSection) and e.car == "Pink"][-1] == 0
    blue = race.state.cars["Blue"]  # the card's icons (1 tyre) are ignored: no payment, no test, no draw
    assert blue.chips == 10 and sorted(blue.hand) == ["R22", "R44"] and not blue.wear
    assert race.state.cars["Pink"].trajectory == "After-Stavelot.t1"
    assert race.state.track.trajectory("After-Stavelot.t1").bonus == 2
    assert "R10" in race.state.race_deck.discards and race.state.cars["Pink"].assist_turn == 5
    assert not [e for e in race.events if isinstance(e, ev.NotAssisted)]  # no second window in turn 5


def test_ex_x1_11_green_card_forced_late_braking_60_plus_20_is_80() -> None:
    """Ex. X1-11 (Fig. 7): stopped behind Green in the braking section before Rivage, Pink is forced to late-brake:
    a blind check against 60 + 20 = 80; 57 passes, Pink passes Green into Rivage and stops there."""
    race = racebook.load_scenario("x1_11").race
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops) and e.car == "Pink")
    assert stop.section == "Rivage-brake" and "Green ahead" in stop.sentence()
    (chk,) = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
    assert chk.test is ev.Checked.LATE_BRAKING and chk.target == 80 and "57" in chk.card
    assert 70 + race.state.section("Rivage-brake").lb_modifier == 60 and chk.passed
    assert race.state.cars["Pink"].section == "Rivage" and race.state.cars["Green"].section == "Rivage-brake"
    assert race.state.cars["Pink"].assist_bonus == 0


def test_the_green_bonus_is_not_given_to_later_off_track_checks() -> None:
    """AMB-X1-27: a failed forced late braking follows the LB route; its checks get no +20."""
    import tomllib

    from racebook.rf90.scenario import SCENARIO_DIR, build

    raw = tomllib.loads((SCENARIO_DIR / "x1_11.toml").read_text(encoding="utf-8"))
    raw["deck"]["stack"] = ["R95", "R01", "R02", "R03"]  # 95 > 80: the late braking fails
    race = build(raw)
    race.apply(racebook.parse_action("Blue assist Pink R28 lb"))
    checks = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
    assert checks[0].target == 80 and not checks[0].passed
    assert all("green card" not in c.mods for c in checks[1:])


def test_ex_x1_12_orange_card_forces_a_robot_vs_robot_duel_pink_plus_2_red_plus_0() -> None:
    """Ex. X1-12 (Fig. 8): Blue's orange card makes Pink declare against the robot Red; Green declines to help Red;
    each robot draws two Race Cards; Pink adds -1 (corner, not first) +3 (the card) = +2; Red adds 0."""
    race = racebook.load_scenario("x1_12").race
    assert race.state.section("Stavelot").type.value == "corner"
    assert race.state.track.corner_of("Stavelot").duel_modifier == -1
    reveals = {e.car: e for e in race.events if isinstance(e, ev.DuelReveal)}
    assert reveals["Pink"].total == 3 + 3 + 2 and reveals["Red"].total == 2 + 1 + 0
    assert [e for e in race.events if isinstance(e, ev.NotAssisted)][0].human == "Green"
    used = [e.human for e in race.events if isinstance(e, ev.Assisted)]
    assert used == ["Blue"]
    order = next(e for e in race.events if isinstance(e, ev.DuelOrder))
    assert order.order[:2] == ("Pink", "Red")


def test_without_the_orange_card_robots_do_not_duel_each_other() -> None:
    race = racebook.load_scenario("x1_12", play=False).race
    assert race.current_car == "Blue" and NoAssist("Blue") in race.legal_actions()
    assert Assist("Blue", "Pink", "R22", "duel") in race.legal_actions()
    race.apply(NoAssist("Blue"))
    assert not [e for e in race.events if isinstance(e, ev.DuelReveal)]


def test_ex_x1_13_yellow_card_places_a_yellow_flag_at_rivage_before_pink_moves() -> None:
    """Ex. X1-13 (Fig. 9): before Pink moves, Blue's yellow card with the yellow-flag symbol puts a yellow flag in
    Rivage, a corner with no flag; Green, behind, then finds it there."""
    race = racebook.load_scenario("x1_13").race
    (a,) = [e for e in race.events if isinstance(e, ev.Assisted)]
    assert (a.what, a.detail, a.card) == (ev.AssistKind.YELLOW, "Rivage", "R15")
    first_move = next(e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Pink")
    assert race.events.index(a) < race.events.index(first_move)
    assert race.state.order["Rivage"] == [YELLOW_FLAG] and race.state.section("Rivage").type.value == "corner"
    assert race.state.card("R15").flag.value == "yellow"
    v = race.explain("Blue assist Pink R46 green-flag=Rivage")  # still Game Turn 5: Pink has had its card
    assert not v.legal and "AMB-X1-25" in v.rule and "one assistance card" in v.reason


def test_explain_refuses_assistance_with_reasons() -> None:
    race = racebook.load_scenario("x1_13", play=False).race
    assert race.phase is Phase.ASSIST_START and race.current_car == "Blue"
    cases = {
        "Blue assist Pink R22 yellow-flag=Rivage@0": "needs a yellow card",  # orange card
        "Blue assist Pink R46 yellow-flag=Rivage@0": "does not show the yellow-flag symbol",  # green-flag symbol
        "Blue assist Pink R99 yellow-flag=Rivage@0": "not in Blue's hand",
        "Blue assist Pink R15 mp": "during or at the end of its movement",
        "Blue assist Pink R15 yellow-flag=Kemmel@0": "not a corner section",
        "Green assist Pink R25 mp": "not the human teammate",
    }
    for text, words in cases.items():
        v = race.explain(text)
        assert not v.legal and words in v.reason and v.rule.startswith(("§5.6", "§15.1")), (text, v.reason)


@pytest.mark.parametrize("text", ["Blue assist Pink R12 mp", "Blue assist Pink R40 et=Descent-2.et1",
                                  "Blue assist Pink R07 defend", "Blue assist Pink R55 weather=-1",
                                  "Blue assist Pink R55 green-flag=Rivage", "Blue no-assist"])
def test_assist_action_texts_round_trip(text: str) -> None:
    assert str(racebook.parse_action(text)) == text


def test_one_card_per_robot_teammate_per_game_turn_and_only_its_human() -> None:
    """AMB-X1-25: after the yellow card, no red/green window opens for Pink in the same Game Turn."""
    race = racebook.load_scenario("x1_13").race
    assert not assist.can_help(race.state, race.state.cars["Pink"])
    assert assist.helper(race.state, race.state.cars["Red"]).id == "Green"
    assert assist.helper(race.state, race.state.cars["Blue"]) is None


def test_green_card_forces_an_et_whose_next_check_gets_plus_20() -> None:
    """§5.6 green (AMB-X1-27, AMB-X1-29): at the end of its movement Pink is put on the free ET of Descent-2; on its
    next turn the Expansion #1 check is against 60 + 20 = 80 (a 75 passes), and the bonus is used up."""
    from racebook.rf90.lessons.notebook import small_race

    race = small_race("spa turn=5 lap=2 teams=Blue+Pink | Start: Pink* | Pits: Blue{played}",
                      {"Pink": {"kind": "robot", "robot": "superfast"}, "Blue": {"hand": ["R28"]}}, ["R75"],
                      track="spa")
    assert race.current_car == "Blue" and race.phase is Phase.ASSIST_END
    assert Assist("Blue", "Pink", "R28", "et", "Descent-2.et1") in race.legal_actions()
    assert not [a for a in race.legal_actions() if isinstance(a, Assist) and a.what == "lb"]  # no LB symbol there
    race.apply("Blue assist Pink R28 et=Descent-2.et1")
    (chk,) = [e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Pink"]
    assert chk.test is ev.Checked.ET and chk.target == 80 and chk.passed and "75" in chk.card
    assert race.state.cars["Pink"].assist_bonus == 0 and race.state.turn == 6


def test_a_robot_teammate_at_the_re_entry_point_pits_at_its_own_chit_from_where_it_lost_control() -> None:
    """§18.5 «pit during re-entry» with Expansion #1 §5.4 (AMB-X1-24): a robot teammate waiting at the re-entry
    point beside Copse (it lost control in Copse-brake, 1 point of movement penalty) when the turn pawn reaches its
    own chit pits from Copse-brake, 8 (pit time) + 1 (penalty) sections back, and is then in that one section only.
    Before the fix it was moved back from its order-list-less re-entry point: listed in Woodcote-approach and, on
    re-entering, in Copse too — the same car twice, and the race's save did not load (issue 35)."""
    from conftest import race_from
    from teamfuzz import places

    from racebook.rf90.game import Race

    built = race_from("silverstone turn=12 lap=2 teams=Blue-team:Blue+SuperFast1 | Club-1: Red* | Abbey: Blue | "
                      "Copse: SuperFast1{off=Copse-brake}",
                      {"Blue": {"hand": ["R10", "R20", "R30"], "target": "R40"},
                       "Red": {"hand": ["R11", "R21", "R31"], "target": "R41"}})
    state = built.state
    mate = state.cars["SuperFast1"]
    mate.refuel, mate.time_loss = 12, 1  # its own chit (a scenario's robot panel cannot say it), due now
    race = Race(state, frames=False)
    while race.current_car == "Red":
        race.apply(race.legal_actions()[0])
    due = [e for e in race.events if isinstance(e, ev.OwnChitDue)]
    assert due and due[0].car == "SuperFast1"
    (back,) = [e for e in race.events if isinstance(e, ev.MovedBack) and e.car == "SuperFast1"]
    order = [s.name for s in state.track.sections]
    assert back.sections == 9 and back.penalty == 1  # pit time 8 + the re-entry spot's 1 point
    assert back.section == order[order.index("Copse-brake") - 9]
    assert mate.off_track is None and mate.lost_control is None and mate.time_loss == 0 and mate.pits == 1
    assert places(state) == []  # each car in exactly one place
    for _ in range(12):  # and it stays so as the race goes on; the race's own save loads
        if race.is_over:
            break
        race.apply(race.legal_actions()[-1])
        assert places(race.state) == [], race.position()
    again = Race.from_json(race.to_json(), frames=False)
    assert again.position() == race.position()


def test_the_seeded_team_race_that_listed_a_robot_teammate_twice_now_keeps_each_car_in_one_place() -> None:
    """Issue 35's finding as tests/teamfuzz.py found it again: team_full_race(263, 'silverstone') — its robot
    teammate Pink pitted at its own chit from the re-entry point (step 149) — played to the flag with every check
    after every action (each car in one place, integrity, cards, wear, chips, save → load)."""
    from racefuzz import Tally
    from teamfuzz import run

    tally = Tally()
    run("team_full", 263, "silverstone", tally, save_every=100)
    assert tally.finished == 1 and tally.actions > 149
