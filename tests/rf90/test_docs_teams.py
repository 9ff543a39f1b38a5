"""docs/teams.md stays true: its set-up example runs, and it names every team verb and the entry point."""

from __future__ import annotations

import inspect
from pathlib import Path

from racebook.rf90 import teams
from racebook.rf90.teamactions import ASSIST_WHATS, TEAM_VERBS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "teams.md").read_text(encoding="utf-8")


def test_the_setup_example_runs() -> None:
    code = DOC.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the documentation's own example
    race = scope["race"]
    cars = race.state.cars
    assert cars["Pink"].team == "Blue" and cars["Green"].team == cars["Red"].team == "Ferrari"
    assert cars["SF1"].team == "Arrows" and cars["Pink"].refuel is not None and cars["SF1"].refuel is None


def test_the_doc_names_the_signature_and_every_verb() -> None:
    sig = str(inspect.signature(teams.team_race)).replace("'", '"')
    for name in inspect.signature(teams.team_race).parameters:
        assert name in DOC, name
    assert "team_race(" in DOC and "-> RaceSetup" in DOC and "RaceSetup" in sig
    for verb in TEAM_VERBS:
        assert f"{verb}" in DOC
    for what in ASSIST_WHATS:
        assert what in DOC, what


def test_workshop_finds_notebook_15() -> None:
    from racebook.workshop import find_notebooks

    root = Path(__file__).resolve().parents[2]
    assert find_notebooks("15", root).name == "15_teams_and_robot_teammates.ipynb"
