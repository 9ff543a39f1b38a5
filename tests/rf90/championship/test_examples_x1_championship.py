"""Expansion #1 §8, Ex. X1-14 … X1-16 (the championship), with the book's own numbers."""

from __future__ import annotations

import pytest

from racebook.rf90.car import RobotType
from racebook.rf90.championship import (
    Level,
    RaceResult,
    SeasonRun,
    SeasonSetupError,
    Team,
    driver_standings,
    load_season,
    score_race,
    team_standings,
)
from racebook.rf90.championship.points import FirstDriverCredit, PointsAwarded


def test_ex_x1_14_calendar_teams_and_ten_cars() -> None:
    s = load_season("x1_14")
    assert s.director == "Alan" and s.level is Level.ADVANCED
    assert [r.name for r in s.calendar] == ["monza", "Hungaroring", "spa", "monaco", "monza", "spa"]
    assert 4 <= len(s.calendar) == 6 <= 12  # §6.2; Monza and Spa twice: repeats allowed
    assert [r.track for r in s.calendar].count("monza") == 2 and [r.track for r in s.calendar].count("spa") == 2
    assert "invented-for-teaching" in s.calendar[1].source  # the stand-in board is said to be one
    assert [name for name, _ in s.lineup] == ["Alan/Carl", "Bob/Robot teammate", "Gourdo/Matrelli", "Daye/Tyrone",
                                              "Kurtz/Giuffre"]
    assert dict(s.robot_cars)["BobMate"] is RobotType.SUPERFAST  # highest category (§5.3), added (AMB-X1-33)
    assert sum(t is RobotType.SUPERFAST for _, t in s.robot_cars) == 3  # the SuperFast team's 2 stay complete
    assert len(s.player_names) == 3 and len(s.robot_cars) == 7 and len(s.drivers) == 10  # 3 + 1 + 6
    race = SeasonRun(s).season  # the cars of a race are the season's cars
    from racebook.rf90.championship import season_race_setup
    assert sorted(season_race_setup(race, 1, 0).setup.state.cars) == sorted(s.drivers)


def test_ex_x1_15_six_teams_twelve_drivers() -> None:
    s = load_season("x1_15")
    assert [name for name, _ in s.lineup] == ["Alan/Robot teammate", "Bob/Robot teammate", "Carl/Robot teammate",
                                              "Gourdo/Matrelli", "Daye/Tyrone", "Kurtz/Giuffre"]
    assert len(s.drivers) == 12
    assert [rid for rid, t in s.robot_cars if t is RobotType.SUPERFAST] == ["AlanMate", "BobMate", "CarlMate",
                                                                           "Gourdo", "Matrelli"]
    # AMB-X1-31: every human belongs to a two-car team; a lone human is refused
    lone = s.teams[:2] + (Team("Carl", ("Carl",)),)
    with pytest.raises(SeasonSetupError, match=r"§6.3 \(Expansion #1\).*two cars.*AMB-X1-31"):
        type(s)(s.title, s.director, s.level, s.calendar, s.players, lone)


def test_ex_x1_16_scoring_monza() -> None:
    s = load_season("x1_14")
    # Bob 1st, Carl 2nd, a SuperFast 3rd (here Matrelli's car), Bob's teammate 4th, Alan 5th, the other SuperFast 6th
    order = ("Bob", "Carl", "Matrelli", "BobMate", "Alan", "Gourdo", "Daye", "Tyrone", "Kurtz", "Giuffre")
    sc = score_race(s, RaceResult(1, "monza", 0, order))
    pts = dict(sc.points)
    assert (pts["Bob"], pts["Carl"], pts["Gourdo"], pts["BobMate"], pts["Alan"], pts["Matrelli"]) == (10, 6, 4, 3, 2, 1)
    assert pts["Daye"] == pts["Tyrone"] == pts["Kurtz"] == pts["Giuffre"] == 0  # 7th–10th
    assert dict(sc.team_points) == {"Bob/Robot teammate": 13, "Alan/Carl": 8, "Gourdo/Matrelli": 5,
                                    "Daye/Tyrone": 0, "Kurtz/Giuffre": 0}
    assert sc.place_of("Gourdo") == 3 and sc.place_of("Matrelli") == 6  # the first-driver rule
    assert FirstDriverCredit(1, "Gourdo/Matrelli", "Gourdo", "Matrelli") in sc.events
    assert PointsAwarded(1, "Gourdo", "Matrelli", 3, 4).sentence() == (
        "Race 1: Gourdo is classified 3rd and scores 4 points — §6.5 (Expansion #1)")
    drivers = driver_standings(s, [sc])
    assert [(d.position, d.name, d.points) for d in drivers[:6]] == [
        (1, "Bob", 10), (2, "Carl", 6), (3, "Gourdo", 4), (4, "BobMate", 3), (5, "Alan", 2), (6, "Matrelli", 1)]
    teams = team_standings(s, [sc])
    assert [(t.name, t.points) for t in teams] == [("Bob/Robot teammate", 13), ("Alan/Carl", 8),
                                                   ("Gourdo/Matrelli", 5), ("Daye/Tyrone", 0), ("Kurtz/Giuffre", 0)]
    # 0 points each: the countback goes on past the scoring places ("and so on"): 7th + 8th beats 9th + 10th
    assert (teams[3].position, teams[4].position) == (4, 5) and not teams[3].tied
