"""Notebook 04's helpers: the printed duel records (show_duels), who has used his duel chance (chances_lines) and
the two duel house-rule switches played both ways (racebook.rf90.lessons.duel_house_rules)."""

from __future__ import annotations

import pytest

import racebook
from racebook.rf90.lessons import duel_house_rules as dh
from racebook.rf90.lessons import duel_sandbox as ds


def test_ex_15_show_duels_prints_the_books_totals(capsys: pytest.CaptureFixture[str]) -> None:
    sc, records = ds.show_duels("ex15")
    out = capsys.readouterr().out
    assert out.startswith(sc.title) and "assumed:" in out
    assert len(records) == 1 and {c: t[0] for c, t in records[0].totals.items()} == {"Blue": 1, "Green": 2, "Orange": 6}
    assert "order after  : Orange, Green, Blue" in out and "Leader token : Orange (was Blue)" in out


def test_ex_41_one_duel_chance_per_section_in_words() -> None:
    race = racebook.load_scenario("ex41").race
    assert ds.chances_lines(race.state) == ["Abbey: Black, Blue, Red have had their chance"]


def test_chances_lines_name_the_subsection_ahead_of_the_leader() -> None:
    race = racebook.load_scenario("ex42").race
    lines = ds.chances_lines(race.state)
    assert "G, subsection ahead of the leader: Orange, Yellow have had their chance" in lines


def test_duel_switches_are_the_two_of_section_12() -> None:
    assert dh.duel_switches() == ["lone_challenger_bids", "duel_modifier_spares_group_front"]


def test_lone_challenger_bids_freezes_his_card_only_when_true() -> None:
    assert dh.lone_challenger(True).endswith("G is now Green, Blue, Red; R42 is frozen, Green's hand holds R76")
    assert dh.lone_challenger(False).endswith("G is now Green, Blue, Red; no card is frozen, "
                                              "Green's hand holds R42 R76")


def test_ex_42_group_front_spares_red_only_when_true() -> None:
    """Ex. 42: Red, first of the leader's subsection G2, bids R22 [2]: 2 when spared, 2 - 1 = 1 when not."""
    assert "total 2 (2 R22 [2])" in dh.group_front(True)
    assert "total 1 (2 R22 [2] -1 Curve 1 modifier)" in dh.group_front(False)
