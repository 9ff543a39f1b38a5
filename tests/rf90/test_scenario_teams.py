"""Teams in [setup] scenario files (Expansion #1 §5.1, §5.3, §5.4): ``[[setup.teams]]`` and ``setup.level``.

A valid file sets the race up through :func:`racebook.rf90.teams.team_race`; every bad input is one clean
:class:`ScenarioError` naming the file, the dotted field and the reason.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from racebook import cli
from racebook.core.errors import ScenarioError
from racebook.rf90 import events as ev
from racebook.rf90 import scenario
from racebook.rf90.car import RobotType
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems

SF, F, S = RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW


def _base(**setup: Any) -> dict[str, Any]:
    return {"scenario": {"id": "t", "track": "spa", "seed": 3},
            "setup": {"level": "advanced", "drivers": [{"id": "Blue"}, {"id": "Green"}, {"id": "Red"}],
                      "robots": [["SF1", "superfast"], ["SF2", "superfast"], ["Fast1", "fast"], ["Slow1", "slow"]],
                      **setup}}


def test_x1_09_scenario_file_two_robot_teammates_replace_the_two_superfast() -> None:
    """Ex. X1-9 as a scenario file: the teams are data; Pink and Red are SuperFast teammates of Blue and Green."""
    race = scenario.load("x1_09").race
    cars = race.state.cars
    assert cars["Blue"].team == cars["Pink"].team == "Blue+Pink"
    assert cars["Green"].team == cars["Red"].team == "Green+Red"
    assert cars["Pink"].robot is SF and cars["Red"].robot is SF and cars["Pink"].refuel is not None
    assert "teams=Blue+Pink,Green+Red" in race.position()
    joins = [e for e in race.events if isinstance(e, ev.RobotTeammateJoins)]
    assert [(e.car, e.human, e.replaced) for e in joins] == [("Pink", "Blue", "SuperFast1"),
                                                           ("Red", "Green", "SuperFast2")]


def test_human_teammates_a_robot_team_and_a_lone_driver() -> None:
    raw = _base(teams=[{"name": "Ferrari", "cars": ["Green", "Red"]}, {"name": "Arrows", "cars": ["SF1", "SF2"]}])
    cars = scenario.build_setup(raw).state.cars
    assert cars["Green"].team == cars["Red"].team == "Ferrari" and cars["SF1"].team == cars["SF2"].team == "Arrows"
    assert cars["Blue"].team is None and cars["Fast1"].team is None
    assert cars["SF1"].refuel is None  # a robot team keeps the robot rules' chits (§6.3 X1)


def test_level_basic_makes_the_robot_teammate_fast_and_omitted_robots_the_recommended_line_up() -> None:
    """§5.3 X1: basic, 3 players (3 Fast, 3 Slow): Pink replaces a Fast (Ex. X1-6's line-up, 9 cars)."""
    raw = _base(level="basic", teams=[{"name": "Blue", "cars": ["Blue", "Pink"], "robot_teammate": "Pink"},
                                      {"name": "GreenRed", "cars": ["Green", "Red"]}])
    del raw["setup"]["robots"]
    race = scenario.build_setup(raw)
    types = [c.robot for c in race.state.cars.values() if c.is_robot]
    assert len(race.state.cars) == 9 and race.state.cars["Pink"].robot is F
    assert types.count(F) == 3 and types.count(S) == 3


def test_a_team_scenario_saves_reloads_and_replays_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    race = scenario.load("x1_09").race
    again = Race.from_json(race.to_json())
    assert again.state.to_dict() == race.state.to_dict() and again.position() == race.position()
    assert problems(again.state) == []
    assert cli.main(["replay", "x1_09", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "teams=Blue+Pink,Green+Red" in out["position"] and out["cars"]["Pink"]["kind"] == "robot:superfast"
    path = tmp_path / "t.toml"
    path.write_text(Path(scenario.resolve_path("x1_09")).read_text(encoding="utf-8"), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    assert "Pink joins Blue's team" in capsys.readouterr().out


BAD = [
    ({"teams": {"name": "A"}}, "setup.teams", "must be a list of tables"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Green"], "colour": "red"}]}, "setup.teams[0].colour", "unknown key"),
    ({"teams": [{"cars": ["Blue", "Green"]}]}, "setup.teams[0].name", "missing"),
    ({"teams": [{"name": "A"}]}, "setup.teams[0].cars", "missing"),
    ({"teams": [{"name": "A", "cars": ["Blue"]}]}, "setup.teams[0].cars", "a team is two cars, not 1"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Green", "Red"]}]}, "setup.teams[0].cars", "two cars, not 3"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Blue"]}]}, "setup.teams[0].cars", "named twice"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Nobody"]}]}, "setup.teams[0].cars[1]", "unknown car 'Nobody'"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Green"]}, {"name": "B", "cars": ["Red", "Green"]}]},
     "setup.teams[1].cars[1]", "already in team 'A'"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Green"]}, {"name": "A", "cars": ["Red", "SF1"]}]},
     "setup.teams[1].name", "two teams are named 'A'"),
    ({"teams": [{"name": "Scuderia Rossa", "cars": ["Blue", "Green"]}]}, "setup.teams[0].name",
     "a team name is letters"),
    ({"teams": [{"name": 7, "cars": ["Blue", "Green"]}]}, "setup.teams[0].name", "is not a string"),
    ({"teams": [{"name": "A", "cars": "Blue+Green"}]}, "setup.teams[0].cars", "list"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Pink"], "robot_teammate": "Cyan"}]},
     "setup.teams[0].robot_teammate", "not one of the team's cars"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Green"], "robot_teammate": "Green"}]},
     "setup.teams[0].robot_teammate", "already a car of setup.drivers"),
    ({"teams": [{"name": "A", "cars": ["SF1", "Pink"], "robot_teammate": "Pink"}]},
     "setup.teams[0].robot_teammate", "beside a human driver"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Fast1"]}]}, "setup.teams[0].cars", "robot_teammate = ID"),
    ({"teams": [{"name": "A", "cars": ["Blue", "Pink 2"], "robot_teammate": "Pink 2"}]},
     "setup.teams[0].robot_teammate", "not a car id"),
    ({"level": "expert"}, "setup.level", "not a rules level"),
    ({"level": 2}, "setup.level", "is not a string"),
]


@pytest.mark.parametrize(("change", "field", "reason"), BAD, ids=[f"{b[1]}:{b[2]}" for b in BAD])
def test_a_bad_team_is_one_clean_scenario_error(change: dict[str, Any], field: str, reason: str) -> None:
    with pytest.raises(ScenarioError) as e:
        scenario.build_setup(_base(**change), "teams.toml")
    err = e.value
    assert (err.file, err.field) == ("teams.toml", field), str(err)
    assert reason in err.reason, str(err)
    assert "\n" not in str(err) and str(err).startswith(f"teams.toml: {field}: ")


def test_the_teams_table_in_a_file_is_checked_as_toml(tmp_path: Path) -> None:
    text = Path(scenario.resolve_path("x1_09")).read_text(encoding="utf-8").replace('"Blue", "Pink"', '"Blue"')
    path = tmp_path / "one.toml"
    path.write_text(text, encoding="utf-8")
    assert tomllib.loads(text)["setup"]["teams"][0]["cars"] == ["Blue"]
    with pytest.raises(ScenarioError, match=r"one\.toml: setup\.teams\[0\]\.cars: a team is two cars, not 1"):
        scenario.load(path)
