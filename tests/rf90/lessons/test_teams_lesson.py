"""Notebook 15's helpers (racebook.rf90.lessons.teams): tables, windows and sentences laid out from the engine; the
numbers asserted are the book's (expansion1 digest §5, §8 Ex. X1-5 … X1-13, AMB-X1-22)."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90.lessons import teams as L


def test_ex_x1_05_to_09_the_grids_have_the_books_car_counts() -> None:
    rows = L.example_rows()
    assert [r["cars"] for r in rows] == [10, 9, 12, 10, 10]
    assert all(r["cars"] == (r["book"] if isinstance(r["book"], int) else 10) for r in rows)


def test_the_lineup_table_has_the_books_rows_for_2_to_6_players() -> None:
    rows = {(r["game"], r["players"]): r for r in L.lineup_rows()}
    assert (rows["advanced", "2–3"]["SuperFast"], rows["advanced", "2–3"]["Fast"], rows["advanced", "2–3"]["Slow"]) \
        == (2, 3, 3)
    assert rows["advanced", "1"]["source"] == "invented-for-teaching"


def test_amb_x1_22_teammate_ends_ahead_puts_green_in_front_of_red_only_when_switched_on() -> None:
    assert L.teammate_ends_ahead(False).endswith("front to back: Red, Green")
    assert L.teammate_ends_ahead(True).endswith("front to back: Green, Red")


def test_ex_x1_10_the_window_and_the_play_speak_in_labels(capsys: pytest.CaptureFixture[str]) -> None:
    race = racebook.load_scenario("x1_10", play=False).race
    L.window(race)
    L.play(race, "Blue assist Pink R10 mp")
    out = capsys.readouterr().out
    assert "help Pink with R10 [2]: +1 MP" in out and "no assistance" in out
    assert "assist Pink" not in out  # the action's text form is not printed
    assert "Pink has 1 MP (+1 teammate's red card" in out


def test_ex_x1_13_refusals_give_the_rule_and_the_reason() -> None:
    race = racebook.load_scenario("x1_13").race
    rows = L.refusals(race, ("Green assist Pink R25 mp",))
    assert rows[0]["who"] == "Green" and "not the human teammate" in rows[0]["why not"]


def test_choices_names_the_decider_and_labels_its_actions() -> None:
    race = racebook.load_scenario("x1_12", play=False).race
    sentence = L.choices(race, first=1)
    assert sentence.startswith(f"{race.current_car} decides: ") and " assist " not in sentence
