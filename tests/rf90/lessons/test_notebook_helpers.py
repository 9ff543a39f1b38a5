"""racebook.rf90.lessons.notebook: the printing and race-building helpers the RF90 notebooks share (one definition
each, imported by notebooks 01–03, 05–10 instead of being pasted into them)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import racebook
from racebook.rf90.lessons import notebook
from racebook.rf90.options import Rules


def test_show_assumed(capsys: pytest.CaptureFixture[str]) -> None:
    sc = SimpleNamespace(title="Ex. 11", cite="p.9", assumed=["Purple has 2 chips", "seed 11"])
    notebook.show_assumed(sc)
    assert capsys.readouterr().out == "Ex. 11 [p.9]\n  assumed: Purple has 2 chips\n  assumed: seed 11\n"
    notebook.show_assumed(sc, blank_line=True)
    assert capsys.readouterr().out.endswith("seed 11\n\n")


def test_check_marks_agreement_and_keeps_the_columns(capsys: pytest.CaptureFixture[str]) -> None:
    notebook.check([("MP", 7, 7), ("chips left", 2, 3)])
    assert capsys.readouterr().out.splitlines() == [
        "MP           book: 7            engine: 7            ✓",
        "chips left   book: 2            engine: 3            ✗"]
    notebook.check([("x", "a", "a")], width=3, gap=2)
    assert capsys.readouterr().out == "x  book: a   engine: a   ✓\n"


def test_small_race_act_and_lines(capsys: pytest.CaptureFixture[str]) -> None:
    race = notebook.small_race("teaching turn=5 lap=2 | F: Blue*",
                               {"Blue": {"hand": ["R18", "R40", "R55"], "target": "R88"}}, ["R01"],
                               rules=Rules(), name="nb-test", seed=3)
    assert race.position().startswith("teaching turn=5 lap=2 ") and race.position().endswith("| F: Blue*")
    assert notebook.small_race("teaching turn=5 lap=2 | F: Blue*", {"Blue": {"hand": ["R18"], "target": "R88"}},
                               seed=3).state.cars["Blue"].hand == ["R18"]
    start = len(race.events)
    notebook.act(race, "Blue start", quiet=("SectionActivated",))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "> Blue: start the turn: no declaration" and all(line.startswith("   ") for line in out[1:])
    shown = [e.sentence() for e in race.events[start:] if e.kind != "SectionActivated"]
    assert [line.strip() for line in out[1:]] == shown
    notebook.lines(race, kinds=["TurnBegins"], start=start)
    assert capsys.readouterr().out == "".join(f"  {e.sentence()}\n" for e in race.events[start:]
                                              if e.kind == "TurnBegins")


def test_rpn_race_hands_out_free_targets_and_stacks_the_draws() -> None:
    race = notebook.rpn_race("teaching turn=5 lap=2 | C: Blue* Fast1 | D: Red", draws=[88, "R05"], seed=9,
                             cars={"Red": {"hand": ["R12"]}})
    cars = race.state.cars
    assert cars["Blue"].target == "R77" and cars["Red"].target == "R67"  # R88 is a draw: not handed out
    assert cars["Red"].hand == ["R12"]
    assert isinstance(race, racebook.Race)
