"""racebook.rf90.lessons.explore's tables for notebook 06: the board's spots and the legal plays of a set-up, each
play as a button labels it (Ex. 18's numbers; AMB-14's turn 1)."""

from __future__ import annotations

from racebook.rf90.lessons import explore
from racebook.rf90.options import Rules

S = explore.TrajectorySetup


def test_ex_18_plays_table() -> None:
    """Ex. 18 on F.t1: [2] orange + [2] yellow with the trajectory = 6 MP for 2 tyres; 4 MP for 1 without."""
    t = explore.plays_table(S("teaching", "F.t1", ("R15", "R22")))
    assert t.intro == "On F.t1 — standard +2 green/orange, 1 tyre — with R15 [2] + R22 [2], 10 tyre chips, Game Turn 3:"
    rows = {r[0]: r[1:] for r in t.rows}
    assert rows["play R15 [2] + R22 [2] and move 4 MP, use the trajectory (+2 MP)"] == (
        "uses it", "2", "0", "0", "6 MP")
    assert rows["play R15 [2] + R22 [2] and move 4 MP"] == ("no", "1", "0", "0", "4 MP")
    assert all("+traj" not in r[0] for r in t.rows)  # labels, not the action syntax
    assert t.notes == ("R15 cannot use the trajectory: no played card matches F.t1's colour (green/orange); it is "
                       "ignored for all purposes (§13.D)",)


def test_turn_one_and_the_house_rule() -> None:
    """AMB-14: no trajectory in turn 1 by default; with trajectories_at_start the Ex. 18 play is back (6 MP)."""
    off = explore.plays_table(S("teaching", "F.t1", ("R15", "R22"), turn=1))
    assert all(r[1] == "no" for r in off.rows) and "the race start (Game Turn 1)" in off.intro
    assert all("(§22, AMB-14)" in n for n in off.notes) and len(off.notes) == 3
    on = explore.plays_table(S("teaching", "F.t1", ("R15", "R22"), turn=1, rules=Rules(trajectories_at_start=True)))
    assert ("uses it", "2", "0", "0", "6 MP") in [r[1:] for r in on.rows]
    assert "house rule trajectories_at_start on" in on.intro
    both = explore.plays_tables(S(), S(chips=0))
    assert len(both.parts) == 2 and "0 tyre chips" in str(both)


def test_spot_rows_are_the_boards_trajectories() -> None:
    rows = {r["spot"]: r for r in explore.spot_rows("teaching")}
    assert rows["F.t1"]["bonus"] == "+2" and rows["F.t1"]["cost"] == "1 tyre" and rows["F.t1"]["ET test"] == "—"
    assert rows["D.et1"]["kind"] == "extreme" and rows["D.et1"]["recovery chart"] == "d-et"
