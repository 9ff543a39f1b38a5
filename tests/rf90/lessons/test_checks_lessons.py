"""Notebook 02's helpers: racebook.rf90.lessons.checks (what a car may test next) and the Normal-test options table
of racebook.rf90.ui.checks, with the book's figures (Ex. 22, Ex. 24)."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90.lessons.checks import pending_tests


def test_ex_24_after_the_play_the_et_blind_test_is_done_and_tests_1_and_2_are_open() -> None:
    race = racebook.load_scenario("ex24").race
    assert pending_tests(race, 2).splitlines() == [
        "Already resolved:",
        "  Blue ET blind test at G.et1: (22) vs target 83 → pass; Target Check now (22) — §13.D.2",
        "Open: Blue may now resolve test 1 and test 2, in any order (§13.D.2)."]
    assert pending_tests(race, 0) == "No test resolved yet.\nNo test is open."


def test_ex_22_normal_test_options_table() -> None:
    """Ex. 22: vs (56), (33) passes, (89) fails with 1 damage, a hand card, or a blind draw (57 here: fails)."""
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.checks import test_options

    df = test_options(racebook.load_scenario("ex22").race, 2)
    rows = {r["card"]: (r["target"], r["result"], r["new Target Check"], r["wear drawn"]) for _, r in df.iterrows()}
    assert rows["(33)"] == (56, "pass", "(33)", "—")
    assert rows["(89)"] == (56, "fail", "(89)", "red")
    assert rows["(57)"][1] == "fail" and set(rows) == {"(01)", "(55)", "(33)", "(89)", "(57)"}
    assert "test 1 with a blind draw" in set(df["action"])
    assert not [a for a in df["action"] if "blind" not in a and "(check " not in a]  # labels, not action syntax
