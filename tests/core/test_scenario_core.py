"""racebook.core.scenario (issue 39 item 5): what every game's scenario files share — the shipped folder and its
ids, resolving an id, a short id or a path, reading, a field error as the file's, replaying with each failure
named by its index, the summary's JSON text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from racebook.core import scenario
from racebook.core.errors import DataError, IllegalAction, ScenarioError


def _folder(tmp_path: Path) -> scenario.Folder:
    for name in ("g_ex01_first", "g_ex02_second", "g_ex02_third", "h"):
        (tmp_path / f"{name}.toml").write_text('[scenario]\nid = "x"\n', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    return scenario.Folder(tmp_path, "Game")


def test_ids_and_resolving(tmp_path: Path) -> None:
    f = _folder(tmp_path)
    assert f.ids() == ["g_ex01_first", "g_ex02_second", "g_ex02_third", "h"]
    assert f.resolve("h") == tmp_path / "h.toml"
    assert f.resolve("g_ex01") == tmp_path / "g_ex01_first.toml"  # the one id with that prefix and "_"
    other = tmp_path / "sub" / "mine.toml"
    assert f.resolve(str(other)) == other  # a path (read later, with its own error)
    for bad in ("g_ex02", "g_ex9", "g"):  # ambiguous, unknown, and no "_" after it
        with pytest.raises(ScenarioError) as e:
            f.resolve(bad)
        assert e.value.field == "<file>" and "no shipped Game scenario" in e.value.reason and "h" in e.value.reason
    with pytest.raises(ScenarioError):
        f.resolve("")
    file, doc = f.read("g_ex01")
    assert file == str(tmp_path / "g_ex01_first.toml") and doc == {"scenario": {"id": "x"}}


def test_errors_are_the_files(tmp_path: Path) -> None:
    e = scenario.in_file("f.toml", DataError("<state>", "car[0].at", "not a space"))
    assert isinstance(e, ScenarioError) and (e.file, e.field, e.reason) == ("f.toml", "car[0].at", "not a space")
    same = ScenarioError("f.toml", "x", "y")
    assert scenario.in_file("f.toml", same) is same


class _Race:
    def __init__(self) -> None:
        self.done: list[str] = []

    def apply(self, a: str) -> None:
        if a == "bad":
            raise IllegalAction(a, "§1", "not now")
        self.done.append(a)


def test_replay_names_the_failing_action() -> None:
    race = _Race()
    assert scenario.replay(race, ["a", "b"], "f.toml") is race and race.done == ["a", "b"]
    with pytest.raises(ScenarioError) as e:
        scenario.replay(_Race(), ["a", "bad", "c"], "f.toml", "steps")
    assert (e.value.file, e.value.field) == ("f.toml", "steps[1]") and "§1" in e.value.reason


def test_summary_json_keeps_non_ascii() -> None:
    text = scenario.summary_json({"title": "Grand Prix — São Paulo", "n": 1})
    assert "São Paulo" in text and json.loads(text) == {"title": "Grand Prix — São Paulo", "n": 1}
