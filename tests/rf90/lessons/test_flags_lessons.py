"""Notebook 08's helpers (racebook.rf90.lessons.flags): Ex. 25's flag cards and their D.4 choices by label, the
wrong-tyre rows (§16.2, AMB-5, AMB-33), who holds the pawns (§15.3, §15.4, §10.1)."""

from __future__ import annotations

from racebook.rf90.car import Skill
from racebook.rf90.lessons import explore
from racebook.rf90.lessons.flags import flag_card, pawns, penalty_rows
from racebook.rf90.lessons.notebook import small_race
from racebook.rf90.options import IntermediateRow, Rules


def test_ex_25_flag_cards_and_their_d4_choices() -> None:
    """Ex. 25: (a) yellow flag in any corner without one — not D, which has one; in G before or behind Green;
    (b) remove D's flag; (c) a blue pawn; (d) the orange pawn — every flag optional ("no flag" first)."""
    a = flag_card("R45")
    assert a.description == "R45 [2] yellow (45): 1 tyre, yellow flag"
    assert a.decisions == ("no flag", "yellow flag in J, behind 0 cars", "yellow flag in G, behind 0 cars",
                           "yellow flag in G, behind 1 car", "yellow flag in C, behind 0 cars")
    assert "1 chip(s); 9 chip(s) left" in a.sentences[1]
    assert flag_card("R46").decisions == ("no flag", "remove the yellow flag in D")
    assert flag_card("R47").decisions == ("no flag", "take the blue pawn")
    assert flag_card("R48").decisions == ("no flag", "take the orange pawn")
    row = flag_card("R47").row("(c)")
    assert row["D.4 choices"] == "no flag; take the blue pawn" and "draws R17" in row["what happens"]


def test_a_second_orange_flag_offers_nothing() -> None:
    """§15.4: only the first orange flag of a Race Stage counts."""
    d = flag_card("R48", orange="Red")
    assert d.decisions == () and "no effect now" in d.sentences[-1]
    assert d.row("(d)")["D.4 choices"] == "nothing to choose"


def test_wrong_tyre_rows_corrected_printed_and_rain_expert() -> None:
    """§16.2 with AMB-5: Intermediate tyres Dry -1, Drizzle –, Rain -1 (corrected) or -1, -1, – (as printed);
    AMB-33: RAIN EXPERT on Hard or Rain tyres loses nothing in drizzle."""
    corrected = penalty_rows(explore.wrong_tyre_table())
    assert [corrected[c]["intermediate"] for c in ("dry", "intermediate", "rain")] == ["-1", "–", "-1"]
    assert [corrected[c]["rain"] for c in ("dry", "intermediate", "rain")] == ["-2", "-1", "–"]
    printed = penalty_rows(explore.wrong_tyre_table(rules=Rules(intermediate_row=IntermediateRow.PRINTED)))
    assert [printed[c]["intermediate"] for c in ("dry", "intermediate", "rain")] == ["-1", "-1", "–"]
    expert = penalty_rows(explore.wrong_tyre_table(skill=Skill.RAIN_EXPERT))
    assert expert["intermediate"]["hard"] == expert["intermediate"]["rain"] == "–"
    assert expert["intermediate"]["soft"] == "-1"


def test_pawns_are_said_and_go_back_at_a_new_race_stage() -> None:
    """§10.1: the blue and orange pawns are discarded when a new Race Stage begins (turn 5 on the teaching track)."""
    race = small_race("teaching turn=4 | A: Red*{played} | I: Blue{played}",
                      {"Red": {"hand": ["R55"], "target": "R88"}, "Blue": {"hand": ["R56"], "target": "R80"}},
                      race={"blue_flags": ["Blue"], "orange": "Red"})
    assert race.state.turn == 5
    assert pawns(race.state) == "no blue pawn held; nobody holds the orange pawn"
    held = small_race("teaching turn=6 | A: Red*{played} | I: Blue", {"Blue": {"hand": ["R56"]}},
                      race={"blue_flags": ["Blue"], "orange": "Red"})
    assert pawns(held.state) == "blue pawns: Blue; orange pawn: Red"
