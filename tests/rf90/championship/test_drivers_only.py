"""AMB-X1-31 (Expansion #1 §6.1, §6.3): "as an individual driver, as a team, or both". The recommended reading —
every human in a two-car team, "individual / team / both" naming the standings contested — is the default; the
house rule ``drivers_only`` is the other reading a club may want: a drivers-only championship with no teammates."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from racebook.rf90.championship import RaceResult, SeasonRun, score_race, season_race_setup, team_standings
from racebook.rf90.championship.report import report_dict, report_markdown
from racebook.rf90.championship.season import SeasonRules
from racebook.rf90.championship.seasonfile import SeasonDataError, season_from_dict, season_to_dict

MINI: dict[str, Any] = {
    "title": "Drivers only", "director": "Dana", "level": "basic", "calendar": ["monza", "spa", "monaco", "monza"],
    "players": {"Dana": {}, "Eli": {"refuel": 10}, "Fay": {}},
    "house_rules": {"drivers_only": True},
}


def _season(**change: Any) -> Any:
    d = copy.deepcopy(MINI)
    d.update(change)
    return season_from_dict(d, "club.toml")


def test_amb_x1_31_default_every_player_races_in_a_two_car_team() -> None:
    with pytest.raises(SeasonDataError, match=r"club\.toml: teams: .*every player races in a two-car team "
                                              r"\(AMB-X1-31; house rule drivers_only"):
        _season(house_rules={})


def test_house_rule_drivers_only_players_race_alone_and_only_the_drivers_standings_are_contested() -> None:
    s = _season()
    assert s.rules == SeasonRules(drivers_only=True) and s.teams == () and s.lineup == ()
    # the players, then the basic game's robot teams' drivers (Fast, Slow: AMB-X1-32); no robot teammate
    assert s.drivers == ("Dana", "Eli", "Fay", "Daye", "Tyrone", "Kurtz", "Giuffre")
    cars = season_race_setup(s, 1, 0).setup.state.cars
    assert sorted(cars) == sorted(s.drivers) and all(c.team is None for c in cars.values())
    # §6.5 still credits a robot team's better-placed car to its first driver
    order = ("Tyrone", "Eli", "Dana", "Daye", "Fay", "Kurtz", "Giuffre")
    sc = score_race(s, RaceResult(1, "monza", 0, order))
    assert dict(sc.points) == {"Dana": 4, "Eli": 6, "Fay": 2, "Daye": 10, "Tyrone": 3, "Kurtz": 1, "Giuffre": 0}
    assert sc.team_points == () and team_standings(s, [sc]) == ()


def test_house_rule_drivers_only_refuses_teams() -> None:
    with pytest.raises(SeasonDataError, match=r"club\.toml: teams: .*drivers-only championship.*AMB-X1-31"):
        _season(teams=[{"name": "Dana/Eli", "players": ["Dana", "Eli"]}])


def test_house_rule_drivers_only_writes_back_and_a_team_season_keeps_its_table() -> None:
    s = _season()
    assert season_to_dict(s)["house_rules"] == {"classify_retired": False, "drivers_only": True}
    assert season_from_dict(season_to_dict(s)) == s
    from racebook.rf90.championship import load_season
    assert season_to_dict(load_season("mini"))["house_rules"] == {"classify_retired": False}


def test_a_drivers_only_season_runs_and_its_report_has_no_teams_championship() -> None:
    run = SeasonRun(_season(), seed=3).run(1)
    text = report_markdown(run)
    assert "## Drivers' championship (§6.5)" in text and "Teams' championship" not in text
    assert "drivers-only championship (house rule drivers_only, AMB-X1-31)" in text
    rep = report_dict(run)
    assert rep["team_standings"] == [] and rep["teams"] == [] and rep["house_rules"]["drivers_only"] is True
    assert sum(d["points"] for d in rep["drivers"]) == 10 + 6 + 4 + 3 + 2 + 1  # 7 cars: six score
