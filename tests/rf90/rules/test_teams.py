"""Teams (Expansion #1 §5.1–5.2, §5.7; AMB-X1-22, AMB-X1-23): a teammate is transparent in movement."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import NotationError
from racebook.rf90 import events as ev
from racebook.rf90 import notation
from racebook.rf90.game import Race
from racebook.rf90.options import Rules
from racebook.rf90.rules.movement import TEAM_RULE


def test_ex_x1_04_green_passes_teammate_red_for_0_mp_and_stops_behind_rival_blue_losing_1_mp() -> None:
    """Ex. X1-4 (Fig. 4): [2] + the +1 trajectory = 3 MP; 2 entries to the braking section before Rivage; teammate
    Red there is passed for 0 MP and does not stop Green; the rival Blue does: Green ends behind Blue, 1 MP lost."""
    race = racebook.load_scenario("x1_04").race
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 3
    assert [e.section for e in race.events if isinstance(e, ev.EnterSection)] == ["Les-Combes", "Rivage-brake"]
    (p,) = [e for e in race.events if isinstance(e, ev.Pass)]
    assert (p.car, p.other, p.cost, p.left, p.rule) == ("Green", "Red", 0, 1, TEAM_RULE)
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.rule == "§13.E.3" and "Blue ahead" in stop.sentence() and "1 MP lost" in stop.sentence()
    assert race.state.cars_in("Rivage-brake") == ["Blue", "Green", "Red"]
    assert race.state.cars["Red"].team == race.state.cars["Green"].team == "Green+Red"


def _race(position: str, rules: Rules | None = None) -> racebook.Race:
    from racebook.rf90.scenario import build

    raw = {"scenario": {"id": "t", "track": "spa", "seed": 1, "position": position},
           "cars": {"Green": {"hand": ["R22", "R28", "R44"], "target": "R70"}}, "deck": {"stack": ["R33"]}}
    if rules is not None:
        raw["rules"] = {k: v for k, v in rules.to_dict().items() if k == "teammate_ends_ahead"}
    return build(raw)


def _play(race: racebook.Race) -> None:
    for text in ("Green start", "Green play R22 +traj"):
        race.apply(racebook.parse_action(text))


def test_a_teammate_entered_with_the_last_mp_is_not_passed() -> None:
    """AMB-X1-22: a pass happens only while the mover still has MP after entering: Green enters Rivage, where
    his teammate Red is, with his 3rd and last MP and stops behind him."""
    race = _race("spa turn=6 lap=2 teams=Green+Red | Pouhon-brake: Blue*{played} | Rivage: Red{played} | "
                 "Les-Combes-brake: Green@Les-Combes-brake.t1")
    _play(race)
    assert race.state.cars_in("Rivage") == ["Red", "Green"]
    assert not [e for e in race.events if isinstance(e, ev.Pass)]


def test_house_rule_teammate_ends_ahead() -> None:
    """AMB-X1-22 option ``teammate_ends_ahead``: out of MP right behind its teammate, the mover ends ahead of him,
    for 0 MP."""
    pos = ("spa turn=6 lap=2 teams=Green+Red | Pouhon-brake: Blue*{played} | Rivage: Red{played} | "
           "Les-Combes-brake: Green@Les-Combes-brake.t1")
    ahead = _race(pos, Rules(teammate_ends_ahead=True))
    _play(ahead)
    assert ahead.state.cars_in("Rivage") == ["Green", "Red"]
    (p,) = [e for e in ahead.events if isinstance(e, ev.Pass)]
    assert (p.other, p.cost, p.left, p.rule) == ("Red", 0, 0, TEAM_RULE)


def test_a_yellow_flag_forbids_passing_the_teammate_too() -> None:
    """Yellow flags apply normally (AMB-X1-22, §15.1): Red behind a yellow flag in Les-Combes is not passed."""
    race = _race("spa turn=6 lap=2 teams=Green+Red | Pouhon-brake: Blue*{played} | Les-Combes: (Y) Red{played} | "
                 "Les-Combes-brake: Green@Les-Combes-brake.t1")
    _play(race)
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.rule == "§15.1" and race.state.cars_in("Les-Combes") == ["Red", "Green"]


def test_no_leader_check_to_lap_a_teammate() -> None:
    """AMB-X1-22: the leader laps his own teammate for 0 MP and without a Leader check; the lap token updates."""
    race = _race("spa turn=6 lap=3 teams=Green+Red | Les-Combes-brake: Green*@Les-Combes-brake.t1 | "
                 "Pouhon-brake: Blue-1{played} | Les-Combes: Red-1{played}")
    _play(race)
    (p,) = [e for e in race.events if isinstance(e, ev.Pass) and e.other == "Red"]
    assert (p.verb, p.cost, p.rule) == ("laps", 0, TEAM_RULE)
    assert not [e for e in race.events if getattr(e, "test", None) is ev.Checked.LEADER]
    assert race.phase is not None and race.phase.name != "LEADER" and race.state.cars["Green"].section == "Rivage"
    assert race.state.laps_down("Red") == 2


@pytest.mark.parametrize("text", [
    "spa turn=3 lap=1 weather=0 teams=Green+Red | Rivage: Green* Red",
    "spa turn=3 lap=1 weather=0 teams=Blue+Pink,Ferrari:Green+Red | Rivage: Green* Red Blue Pink",
])
def test_teams_in_the_position_notation_round_trip(text: str) -> None:
    assert str(notation.parse(text)) == text
    race = _race_plain(text)
    assert race.position() == text


def _race_plain(text: str) -> racebook.Race:
    from racebook.rf90.scenario import build

    return build({"scenario": {"id": "t", "track": "spa", "seed": 1, "position": text}})


@pytest.mark.parametrize("text", ["spa teams=A+A | Rivage: A", "spa teams=A+B,B+C | Rivage: A B C",
                                  "spa teams=A | Rivage: A", "spa teams=A+B+C | Rivage: A B C"])
def test_bad_teams_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        notation.parse(text)


def test_a_state_without_teams_writes_no_team_key() -> None:
    race = racebook.load_scenario("ex26").race
    assert all("team" not in c for c in race.state.to_dict()["cars"])
    assert "teams=" not in race.position()


def test_a_team_name_the_position_notation_cannot_write_is_refused() -> None:
    """§5.1 (Expansion #1): team_race refuses a name a position could not name back ("A team" has a space)."""
    from racebook.core.errors import SetupError
    from racebook.rf90.setup import Driver
    from racebook.rf90.teams import Team, TeamRobot, team_race
    from racebook.rf90.trackfile import load_track

    with pytest.raises(SetupError, match="a team name is letters"):
        team_race(load_track("silverstone"), [Team("A team", (Driver("Blue"), TeamRobot("Pink")))])
    rs = team_race(load_track("silverstone"), [Team("Ferrari-1", (Driver("Blue"), TeamRobot("Pink")))])
    assert rs.state.cars["Pink"].team == "Ferrari-1"


# ----------------------------------------------------------------- AMB-X1-23: duels between teammates (§5.7)
def _teammates_in_abbey(position: str, cars: dict) -> Race:
    from racebook.rf90.lessons.notebook import small_race

    return small_race(position, cars, ["R01", "R02", "R03", "R04"], track="silverstone")


def test_amb_x1_23_the_rearmost_teammate_may_declare_a_normal_duel_to_pass_his_teammate() -> None:
    """§5.7 X1: Red and Blue start in the corner Abbey; Blue, behind, challenges his teammate: a normal duel (the
    corner modifier -1 for Blue, not first), 2 + 2 - 1 = 3 against Red's 1: Blue passes Red."""
    race = _teammates_in_abbey("silverstone turn=6 lap=2 teams=Red+Blue | Abbey: Red* Blue",
                               {"Red": {"hand": ["R14", "R89", "R21"], "target": "R88"},
                                "Blue": {"hand": ["R22", "R24", "R63"], "target": "R67"}})
    assert race.current_car == "Blue" and {str(a) for a in race.legal_actions()} == {"Blue challenge",
                                                                                     "Blue no-challenge"}
    for text in ("Blue challenge", "Red join", "Red bid R89", "Blue bid R22 R24"):
        race.apply(text)
    reveals = {e.car: e.total for e in race.events if isinstance(e, ev.DuelReveal)}
    assert reveals == {"Red": 1, "Blue": 2 + 2 - 1}
    assert race.state.cars_in("Abbey") == ["Blue", "Red"] and race.state.cars["Red"].team == "Red+Blue"
    # one chance per section, teammates included: both have used theirs in Abbey this Game Turn
    assert {("Red", "Abbey:main"), ("Blue", "Abbey:main")} <= race.state.duel_chances


def test_amb_x1_23_a_robot_teammate_challenges_its_own_human_teammate_ahead_on_its_lap() -> None:
    """AMB-X1-23: the robot duel AI (§17.2: it challenges a same-lap human ahead) counts its own human teammate —
    "he will fight you too". Blue holds no orange card, so nothing is asked of him first."""
    race = _teammates_in_abbey("silverstone turn=6 lap=2 teams=Blue+Pink | Abbey: Blue* Pink",
                               {"Pink": {"kind": "robot", "robot": "superfast"},
                                "Blue": {"hand": ["R28", "R10"], "target": "R67"}})
    (ch,) = [e for e in race.events if isinstance(e, ev.Challenged)]
    assert ch.car == "Pink" and race.state.cars["Pink"].team == race.state.cars["Blue"].team
    assert race.current_car == "Blue" and {str(a) for a in race.legal_actions()} == {"Blue join", "Blue decline"}
