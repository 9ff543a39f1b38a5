"""racebook.rf90.lessons.passes' notebook helpers (notebooks 01a and 01b): the book's MP arithmetic beside the
engine's, a pass situation in sentences, Ex. 28 with one more MP; and the tables of racebook.rf90.ui.costs built on
them. Every figure asserted is the book's."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90.lessons.passes import (
    PassSituation,
    arithmetic,
    book_check,
    ex28_with_one_more_mp,
    mp_breakdown,
    pass_story,
)
from racebook.rf90.rules.movement import PassKind
from racebook.rf90.track import SectionType


def test_ex_26_book_check_the_book_says_5_mp_and_the_engine_agrees() -> None:
    race = racebook.load_scenario("ex26").race
    text = book_check("Ex. 26", "H 1 + G 1 + (stopped behind Red: 3 MP lost)", 5, race, "Blue")
    assert text.splitlines() == [
        "Ex. 26, the book:   H 1 + G 1 + (stopped behind Red: 3 MP lost) = 5 MP",
        "Ex. 26, the engine: H 1 + G 1 + lost 3 (stopped in G) = 5 MP (Blue had 5 MP, §13.E.1) ✓"]


def test_book_check_marks_a_different_total() -> None:
    race = racebook.load_scenario("ex30").race
    assert book_check("Ex. 30", "E 1 + unlap Blue 1 + next section 1 + C 1", 4, race, "Pink").endswith("✓")
    wrong = book_check("Ex. 30", "E 1 + unlap Blue 2 + next section 1 + C 1", 5, race, "Pink")
    assert wrong.endswith("✗ (the book says 5 MP)")
    assert book_check("nobody", "H 1", 1, [], "Blue").endswith("Blue did not move ✗ (the book says 1 MP)")


def test_arithmetic_lives_in_lessons_and_ui_costs_re_exports_it() -> None:
    assert arithmetic(racebook.load_scenario("ex30").race, "Pink") == \
        "E 1 + unlap Blue 1 + D 1 + C 1 = 4 MP (Pink had 4 MP, §13.E.1)"
    costs = pytest.importorskip("racebook.rf90.ui.costs")
    assert costs.arithmetic is arithmetic


def test_amb_17_ex_28_with_one_more_mp_lapping_purple_costs_1_not_0() -> None:
    """AMB-17: Ex. 28's "for free" is 1 MP on the straight F, after its own Leader check (§20)."""
    race = ex28_with_one_more_mp()
    total, steps = mp_breakdown(race.events, "Blue")
    assert total == 6
    assert [(s.what, s.mp) for s in steps if s.kind != "check"] == [
        ("H", 1), ("G", 1), ("lap Orange", 2), ("F", 1), ("lap Purple", 1)]
    assert [s.what for s in steps if s.kind == "check"] == [
        "Leader check to lap Orange (30) vs 88: pass", "Leader check to lap Purple (25) vs 30: pass"]
    assert race.state.laps_down("Orange") == 1 and race.state.laps_down("Purple") == 1


def test_pass_story_a_failed_leader_check_stops_the_leader_without_damage() -> None:
    story = pass_story(PassSituation(SectionType.CORNER, PassKind.LAP, leader="mover"), mp=4, check_passes=False)
    assert story.splitlines() == [
        "Blue laps Red in G (corner): 2 MP (lapping in a corner); first the Leader lapping check (§20) — §13.E.4",
        "  with 4 MP left:",
        "    Blue stops in G: the Leader check to lap Red failed: no damage; 4 MP lost — §20"]
    assert pass_story(PassSituation(SectionType.CORNER)).startswith("Blue may not pass Red in G (corner)")


def test_steps_frame_ex_37_the_minus_1_pass_and_the_mp_lost() -> None:
    pytest.importorskip("pandas")
    from racebook.rf90.ui.costs import steps_frame

    df = steps_frame(racebook.load_scenario("ex37").race, "Blue")
    assert list(df["MP"]) == [1, 1, 1, 1, 1, 1] and df["MP"].sum() == 6
    assert list(df.index) == ["enter", "pass", "enter", "enter", "enter", "MP lost"]
    assert df.iloc[1]["what"] == "overtake SuperFast1" and df.iloc[1]["rule"] == "§19.2"
    assert df.iloc[-1]["rule"] == "§13.E.3"


def test_quote_frame_the_leader_check_before_a_first_lapping_only() -> None:
    pytest.importorskip("pandas")
    from racebook.rf90.ui.costs import quote_frame

    df = quote_frame({
        "leader laps": PassSituation(SectionType.CORNER, PassKind.LAP, leader="mover"),
        "2 laps down": PassSituation(SectionType.CORNER, PassKind.LAP, leader="mover", already_lapped=True),
        "corner overtake": PassSituation(SectionType.CORNER),
    })
    assert df.loc["leader laps"].tolist() == ["2 MP", "yes", "§13.E.4"]
    assert df.loc["2 laps down"].tolist() == ["2 MP", "no", "§13.E.4"]
    assert df.loc["corner overtake"].tolist() == ["stop", "no", "§13.E.3"]
