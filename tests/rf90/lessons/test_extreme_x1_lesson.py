"""Notebook 14's helpers (racebook.rf90.lessons.extreme_x1): they set up the book's positions and lay the engine's
numbers out; the numbers asserted here are the book's (expansion1 digest §4, §8 Ex. X1-1 … X1-3)."""

from __future__ import annotations

from racebook.rf90.lessons import extreme_x1 as L


def test_ex_x1_01_the_expansion_target_is_the_printed_60_whatever_the_target_check() -> None:
    rows = L.odds_rows((35, 83, 95))
    assert [r["expansion: target"] for r in rows] == [60, 60, 60]
    # the manual's procedure: the Target Check plus Spa's (invented) ET modifier -10
    assert [r["manual: target"] for r in rows] == [25, 73, 85]
    # the manual's odds grow with the Target Check; the expansion's do not depend on it past the card itself
    manual = [float(r["manual: P(pass)"].rstrip("%")) for r in rows]
    assert manual == sorted(manual) and manual[0] < manual[-1]


def test_ex_x1_02_under_the_manual_procedure_red_still_has_7_mp() -> None:
    race, start = L.manual_procedure()
    sentences = [e.sentence() for e in race.events[start:]]
    assert any("ET blind test" in s and "target 73 (= 83 -10 ET)" in s for s in sentences)
    assert any(s.startswith("Red has 7 MP") for s in sentences)


def test_ex_x1_03_a_failed_et_costs_2_mp_next_turn_and_never_the_race_with_a_28_in_hand() -> None:
    row = L.failure_cost_row()
    assert row["then P(retire)"] == "0.0%"
    assert row["then expected MP lost next turn"] == "2.00"


def test_the_provenance_table_names_the_expansions_60_and_the_derived_bonus() -> None:
    race = L.with_target_check(83)
    rows = {r["field"]: r for r in L.provenance_rows(race)}
    assert rows["check_value"]["value"] == 60 and rows["check_value"]["source"].startswith("expansion1:")
    assert rows["bonus"]["value"] == 4 and rows["bonus"]["source"].startswith("derived:")
    assert rows["colours"]["value"] == "green"
    assert rows["test_modifier"]["source"] == "invented-for-teaching"


def test_monaco_rows_play_every_strategy_with_the_asked_number_of_races() -> None:
    rows = L.monaco_rows(races=1, seed=40)
    assert [r["strategy"] for r in rows] == [s.value for s in L.MONACO_STRATEGIES]
    assert all(r["races"] == 1 and 1 <= float(r["mean place of the humans"]) <= 11 for r in rows)
