"""Notebook 16's helpers (racebook.rf90.lessons.championship): the numbers asserted are the book's (expansion1 digest
§6.2, §6.5, §8 Ex. X1-16, AMB-X1-36) and the tie-break walkthrough's, worked by hand in the notebook."""

from __future__ import annotations

from racebook.rf90 import championship as C
from racebook.rf90.championship.standings import rank
from racebook.rf90.lessons import championship as L


def test_ex_x1_16_monza_team_points_13_8_5_0_0() -> None:
    season = C.load_season("x1_14")
    result = C.RaceResult(1, "monza", 0, ("Bob", "Carl", "Matrelli", "BobMate", "Alan", "Gourdo", "Daye", "Tyrone",
                                          "Kurtz", "Giuffre"))
    rows = L.standing_rows(C.team_standings(season, [C.score_race(season, result)]))
    assert [r["points"] for r in rows] == [13, 8, 5, 0, 0]
    assert [r["name"] for r in rows][-2:] == ["Daye/Tyrone", "Kurtz/Giuffre"]  # the countback past the points


def test_the_tie_break_walkthrough_daye_2nd_on_countback_dana_3rd() -> None:
    mini = C.load_season("mini")
    rows = L.standing_rows(C.driver_standings(mini, L.tie_break_scores(mini)))
    assert [(r["name"], r["points"]) for r in rows[:3]] == [("Eli", 22), ("Daye", 17), ("Dana", 17)]
    assert (rows[1]["1st"], rows[1]["2nd"]) == (1, 1) and (rows[2]["1st"], rows[2]["2nd"]) == (1, 0)


def test_amb_x1_36_a_whole_countback_tie_is_a_shared_position() -> None:
    rows = L.standing_rows(rank([("Ann", 12, (1, 0, 1, 0)), ("Ben", 12, (1, 0, 1, 0)), ("Cid", 9, (0, 1, 0, 1))]))
    assert [r["pos"] for r in rows] == ["1=", "1=", "3"]


def test_a_calendar_of_three_circuits_is_refused_in_one_line() -> None:
    error = L.short_calendar_error("x1_14", keep=3)
    assert error.field == "calendar" and "4 to 12 circuits (got 3 circuits)" in error.reason
    assert "\n" not in str(error)
