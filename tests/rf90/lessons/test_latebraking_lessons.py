"""racebook.rf90.lessons.latebraking (notebooks 05a, 05b) and the shared tables of racebook.rf90.lessons.notebook
(book_table, Table, say, choices): the book's numbers of Ex. 31, 34 and 38 through the helpers the notebooks call."""

from __future__ import annotations

from fractions import Fraction

import pytest

import racebook
from racebook.rf90.analysis import odds
from racebook.rf90.lessons import latebraking as lb
from racebook.rf90.lessons import notebook


def test_say_reads_values_as_a_sentence_does() -> None:
    assert [notebook.say(v) for v in (None, True, False, [], ["Fast1", "Green"], 4, "(42)")] == [
        "none", "yes", "no", "none", "Fast1, Green", "4", "(42)"]
    assert notebook.say(Fraction(64, 93)) == "64/93 (68.8 %)"


def test_book_table_marks_agreement_as_markdown_and_as_text() -> None:
    t = notebook.book_table([("MP", 4, 4), ("cars passed", ["Fast1", "Green"], ["Green"])], intro="Ex. 31:")
    md = t._repr_markdown_().splitlines()
    assert md[:4] == ["Ex. 31:", "", "|  | the book | the engine |  |", "|---|---|---|---|"]
    assert md[4:] == ["| MP | 4 | 4 | ✓ |", "| cars passed | Fast1, Green | Green | ✗ |"]
    assert str(t).splitlines()[2].split() == ["MP", "4", "4", "✓"] and repr(t) == str(t)
    assert notebook.book_table([("x", 1, 1)], sides=("odds", "panel")).header == ("", "odds", "panel", "")


def test_a_table_cell_keeps_its_pipes_and_lines_out_of_the_markdown() -> None:
    t = notebook.Table(("a",), (("x | y\nz",),), notes=("n",))
    assert t._repr_markdown_().splitlines()[2] == "| x \\| y z |"
    assert t._repr_markdown_().endswith("\n\n* n")
    both = notebook.Tables((t, "a sentence"))
    assert both._repr_markdown_().endswith("\n\na sentence") and str(both).endswith("\n\na sentence")


def test_ex_31_through_the_helpers() -> None:
    """Ex. 31: 4 MP, target 88 - 20 = 68, (42) passes, Blue passes Fast1 and Green into Abbey."""
    race = racebook.load_scenario("ex31").race
    story = lb.turn_story(race, "Blue").splitlines()
    assert story[0].startswith("Blue starts an individual turn") and story[-1].startswith("Blue ends the individual")
    assert any("(42) vs target 68" in line for line in story)
    [test] = lb.check_tests(race, "Blue")
    assert (test.target, test.card, test.result) == (68, "(42)", "pass")
    before = race.at(2)
    assert notebook.choices(before) == "late-brake: blind test; no late braking"
    text = lb.odds_sentences(odds.late_braking_now(before.state, before.state.cars["Blue"])).splitlines()
    assert text[0].startswith("Target 68: the blind draw succeeds with ") and "passes 2 car(s)" in text[1]
    assert "abbey-lb route" in text[2]


def test_ex_34_next_turn_story_starts_at_the_given_event() -> None:
    """Ex. 34: (73) fails 67, the recovery test 73 - 20 = 53 passes; the next turn re-enters for 1 MP."""
    race = racebook.load_scenario("ex34").race
    lb_test, rec = lb.check_tests(race, "Blue")
    assert (lb_test.target, lb_test.card, rec.target, rec.result) == (67, "(73)", 53, "pass")
    start = len(race.events)
    for action in ["Red start", "Red play R92", "Red no-late-brake",
                   "Blue start", "Blue play R01 R32", "Blue weather 0", "Blue occupy none"]:
        race.apply(action)
    later = lb.turn_story(race, "Blue", start)
    assert "(73)" not in later and "re-enters the track at the back of Ascari-2 (1 MP)" in later


def test_variants_change_only_what_they_name() -> None:
    """The red arrow of Ex. 34 ((55) > 53: 2 wear tokens, 3 MP lost) and Ex. 31 with Red in Abbey (AMB-27)."""
    red = lb.play_variant("ex34", actions=["Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 R55"])
    assert red.state.cars["Blue"].time_loss == 3 and lb.check_tests(red, "Blue")[-1].result == "fail"
    amb27 = lb.play_variant("ex31", {"Bridge: Red": "Abbey: Red"})
    assert amb27.state.cars_in("Abbey") == ["Red", "Blue"]
    raw = lb.variant("ex33", stack=["R01", "R83", "R95"], Blue={"hand": ["R17"]})
    assert raw["deck"]["stack"] == ["R01", "R83", "R95"] and raw["cars"]["Blue"]["hand"] == ["R17"]
    with pytest.raises(ValueError, match="not in ex31's position"):
        lb.variant("ex31", {"Nowhere: Red": "Abbey: Red"})


def test_lb_zones_name_the_manuals_values() -> None:
    """Only Abbey's -20 (Ex. 31) and Ascari's -10 with its route (Ex. 34) are the manual's."""
    rows = {(r[0], r[1]): r for r in lb.lb_zones().rows}
    assert rows[("Silverstone", "Abbey-brake")][2:4] == ("-20", "the manual")
    assert rows[("Monza", "Ascari-brake")][2:] == ("-10", "the manual", "ascari-lb", "the manual")
    manual = [r for r in rows.values() if "the manual" in r]
    assert len(manual) == 2 and all(r[3] == "invented-for-teaching" for r in rows.values() if r not in manual)
