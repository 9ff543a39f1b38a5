"""The §13.E.7 cost table as data (racebook.rf90.lessons.passes.cost_table and friends), for notebooks 01a and 01b.

The expected grids are copied from the digest: §13.E.7 and its modifier table, §15.1 (yellow flag), §15.3
(blue flag), §17.4 (robots), §19.2 ("-1"), §22 (start / restart / last turn), §26.2, §26.9, §27 (LAPPING).
"""

from __future__ import annotations

import pytest

from racebook.rf90 import notation
from racebook.rf90.car import Skill, Strategy, Tyre
from racebook.rf90.events import EnterSection, MovementStops, Pass
from racebook.rf90.lessons.passes import (
    HUMAN_COLUMNS,
    ROBOT_COLUMNS,
    TABLE_SECTIONS,
    PassSituation,
    base_costs,
    cost_table,
    mp_breakdown,
    play_situation,
    quote,
    situation_position,
    tyre_penalty_table,
)
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.rules.movement import PassKind
from racebook.rf90.track import Condition, SectionType

S, B, C = SectionType.STRAIGHT, SectionType.BRAKING, SectionType.CORNER
OV, LP, UN = PassKind.OVERTAKE, PassKind.LAP, PassKind.UNLAP

# One line per (section, kind); cells in the order of HUMAN_COLUMNS / ROBOT_COLUMNS. "x" = forbidden (stop),
# "-" = the situation cannot exist (yellow flags lie in corners only, §15.1).
HUMAN = {
    #        normal BW blue LAPPING RECOVERY NO-MOVE "-1" start restart last yellow
    (S, OV): "1 1 1 1 0 1 1 1 1 1 -",
    (S, LP): "1 1 0 0 0 1 1 1 1 1 -",
    (S, UN): "1 1 1 1 0 1 1 1 1 1 -",
    (B, OV): "x 1 x x 1 1 x 1 1 1 -",
    (B, LP): "1 1 0 0 1 1 1 1 1 1 -",
    (B, UN): "1 1 1 1 1 1 1 1 1 1 -",
    (C, OV): "x 2 x x 2 1 1 1 1 1 x",
    (C, LP): "2 2 1 1 2 1 1 1 1 1 x",
    (C, UN): "2 2 2 2 2 1 1 1 1 1 x",
}
ROBOT = {
    #        vs-human vs-robot NO-MOVE start restart last yellow
    (S, OV): "1 0 1 1 1 1 -",
    (S, LP): "1 0 1 1 1 1 -",
    (S, UN): "x x 1 x x x -",  # robots never unlap on their own (§17.4, AMB-28)
    (B, OV): "x 0 1 1 1 1 -",
    (B, LP): "1 0 1 1 1 1 -",
    (B, UN): "x x 1 x x x -",
    (C, OV): "x 0 1 1 1 1 x",
    (C, LP): "2 0 1 1 1 1 x",
    (C, UN): "x x 1 x x x x",
}


def grid(cells: list) -> dict[tuple[SectionType, PassKind], str]:
    out: dict[tuple[SectionType, PassKind], list[str]] = {}
    for c in cells:
        text = "-" if c.quote is None else ("x" if c.quote.forbidden else str(c.quote.cost.cost))
        out.setdefault((c.section, c.kind), []).append(text)
    return {k: " ".join(v) for k, v in out.items()}


def test_human_table_is_the_digest_table() -> None:
    """§13.E.7 with every modifier: the engine's pass_cost on real states gives the digest's numbers."""
    assert grid(cost_table("human")) == HUMAN


@pytest.mark.parametrize("robot", ["superfast", "fast", "slow"])
def test_robot_table_is_the_digest_table(robot: str) -> None:
    """§17.4: robot vs robot 0; robot vs human 1 on straights, stop in corners/braking; laps 1/1/2; NO MOVE 1."""
    assert grid(cost_table(robot)) == ROBOT


def test_table_shape_and_labels() -> None:
    cells = cost_table()
    assert len(cells) == 3 * 3 * len(HUMAN_COLUMNS)
    assert [c.column for c in cells[: len(HUMAN_COLUMNS)]] == [label for label, _ in HUMAN_COLUMNS]
    assert len(cost_table("fast")) == 3 * 3 * len(ROBOT_COLUMNS)


def test_yellow_flag_outside_a_corner_is_noted_not_priced() -> None:
    """§15.1: yellow flags are placed on corner sections only; the notation refuses one elsewhere."""
    cell = next(c for c in cost_table() if c.column == "yellow flag" and c.section is S)
    assert cell.quote is None and "(§15.1)" in cell.note


def test_every_quote_is_priced_on_a_real_position() -> None:
    """The RPN of each quote parses back to the same position (Race Position Notation round trip)."""
    for c in cost_table() + cost_table("fast"):
        if c.quote is None:
            continue
        assert str(notation.parse(c.quote.position)) == c.quote.position
        assert f"{TABLE_SECTIONS[c.section]}: " in c.quote.position
        assert c.quote.cost.rule.startswith("§") and c.quote.cost.why


def test_last_turn_house_rule_amb_13() -> None:
    """AMB-13: without last-turn easy passing the last-turn column is the normal column."""
    on = {(c.section, c.kind): c.quote.cost.cost for c in cost_table() if c.column == "last turn"}
    off_cells = cost_table(rules=Rules(last_turn_easy_passing=False))
    off = {(c.section, c.kind): c.quote.cost.cost for c in off_cells if c.column == "last turn"}
    normal = {(c.section, c.kind): c.quote.cost.cost for c in off_cells if c.column == "normal"}
    assert off == normal and on != off
    assert set(on.values()) == {1}


def test_situation_position_text() -> None:
    assert situation_position(PassSituation()) == "teaching turn=5 lap=3 | A: Green* | H: Red Blue"
    assert situation_position(PassSituation(C, LP, leader="mover")) == "teaching turn=5 lap=3 | G: Red Blue*"
    assert situation_position(PassSituation(C, LP, leader="mover", already_lapped=True)) == \
        "teaching turn=5 lap=3 | G: Red-1 Blue*"
    assert situation_position(PassSituation(B, UN, leader="other")) == "teaching turn=5 lap=3 | E: Red* Blue-1"
    assert situation_position(PassSituation(C, OV, mover="fast", other="slow", no_move=True, yellow_flag=True,
                                            turn="last")) == \
        "teaching turn=16 lap=3 | A: Green* | G: (Y) Slow2{no_move} Fast1"


@pytest.mark.parametrize(("kind", "leader"), [(OV, "mover"), (UN, "mover"), (LP, "other")])
def test_the_leader_token_must_fit_the_pass(kind: PassKind, leader: str) -> None:
    """§11.1: the leader is the frontmost car."""
    with pytest.raises(ValueError, match="§11.1"):
        situation_position(PassSituation(S, kind, leader=leader))


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValueError, match="turn='sunday'"):
        situation_position(PassSituation(turn="sunday"))


def test_quote_leader_check() -> None:
    """§20: the leader tests before his first lapping of a car; not for a 2nd lap down, not for other cars."""
    assert quote(PassSituation(C, LP, leader="mover")).leader_check
    assert quote(PassSituation(S, LP, leader="mover", blue_flag=True)).leader_check  # §15.3: still required
    assert quote(PassSituation(S, LP, mover="superfast", other="slow", leader="mover")).leader_check  # §17.4
    assert not quote(PassSituation(C, LP, leader="mover", already_lapped=True)).leader_check
    assert not quote(PassSituation(C, LP)).leader_check
    assert not quote(PassSituation(C, UN, leader="other")).leader_check


def test_quote_sentences() -> None:
    q = quote(PassSituation(C, LP, leader="mover"))
    assert q.sentence() == ("Blue laps Red in G (corner): 2 MP (lapping in a corner); "
                            "first the Leader lapping check (§20) — §13.E.4")
    q = quote(PassSituation(B, OV))
    assert q.forbidden and q.sentence() == (
        "Blue may not pass Red in E (braking zone): he stops behind it and loses the rest of his MP "
        "(no overtaking a same-lap car in a braking zone) — §13.E.3")
    assert quote(PassSituation(turn="restart")).special == "restart"
    assert quote(PassSituation(turn="last", rules=Rules(last_turn_easy_passing=False))).special is None


def test_strategy_skill_and_flags_are_on_the_mover() -> None:
    q = quote(PassSituation(C, OV, strategy=Strategy.BANGING_WHEELS))
    assert (q.cost.cost, q.cost.rule) == (2, "§26.2")
    q = quote(PassSituation(S, LP, lapping_skill=True))
    assert (q.cost.cost, q.cost.rule) == (0, "§27")
    q = quote(PassSituation(C, LP, blue_flag=True))
    assert (q.cost.cost, q.cost.rule) == (1, "§15.3")


def test_minus_one_only_changes_a_corner() -> None:
    """§19.2: the "-1" makes one chosen corner count as a straight; on a straight nothing changes."""
    assert quote(PassSituation(C, OV, minus_one=True)).cost.cost == 1
    assert quote(PassSituation(B, OV, minus_one=True)).forbidden
    assert quote(PassSituation(S, OV, minus_one=True)).cost.rule == "§13.E.3"


def test_play_situation_lapping_in_a_corner() -> None:
    """Ex. 28 in small: the leader checks, laps in the corner for 2 MP, then enters the next sections."""
    p = play_situation(PassSituation(C, LP, leader="mover"), 4)
    assert p.position == "teaching turn=5 lap=3 weather=0 | G: Red Blue*"
    assert p.checks == ("Red",)
    assert [(e.other, e.cost, e.left) for e in p.events if isinstance(e, Pass)] == [("Red", 2, 2)]
    assert [e.section for e in p.events if isinstance(e, EnterSection)] == ["F", "E"]
    assert p.end == "teaching turn=5 lap=3 weather=0 | E: Blue* | G: Red-1"


def test_play_situation_failed_check_stops_without_damage() -> None:
    p = play_situation(PassSituation(C, LP, leader="mover"), 4, check_passes=False)
    (stop,) = [e for e in p.events if isinstance(e, MovementStops)]
    assert stop.rule == "§20" and stop.lost == "; 4 MP lost"


def test_play_situation_forbidden_pass_loses_the_mp() -> None:
    """§13.E.3: no overtaking in a corner; the remaining MP are lost."""
    p = play_situation(PassSituation(C, OV), 3)
    assert [e.sentence() for e in p.events] == [
        "Blue stops in G: no overtaking a same-lap car in a corner (Red ahead); 3 MP lost — §13.E.3"]


def test_play_situation_not_enough_mp() -> None:
    p = play_situation(PassSituation(C, LP), 1)
    (stop,) = p.events
    assert isinstance(stop, MovementStops) and "needs 2 MP" in stop.why


def test_play_situation_with_minus_one() -> None:
    p = play_situation(PassSituation(C, OV, minus_one=True), 2)
    assert [(e.other, e.cost, e.rule) for e in p.events if isinstance(e, Pass)] == [("Red", 1, "§19.2")]


def test_base_costs_are_1_mp() -> None:
    """§13.E.2: entering a section costs 1 MP whatever its type; §15.1: slowing past a yellow flag 1 MP."""
    got = [(b.what, b.mp, b.rule) for b in base_costs()]
    assert got == [("enter a straight section", 1, "§13.E.2"), ("enter a braking zone", 1, "§13.E.2"),
                   ("enter a corner section", 1, "§13.E.2"), ("pass a yellow flag", 1, "§15.1")]


DRY, DRIZZLE, RAIN = Condition.DRY, Condition.INTERMEDIATE, Condition.RAIN


@pytest.mark.parametrize(("row", "intermediate"), [(IntermediateRow.CORRECTED, (1, 0, 1)),
                                                   (IntermediateRow.PRINTED, (1, 1, 0))])
def test_tyre_penalty_table(row: IntermediateRow, intermediate: tuple[int, int, int]) -> None:
    """§16.2 as printed, with the AMB-5 switch on the Intermediate row."""
    t = tyre_penalty_table(Rules(intermediate_row=row))
    assert [tuple(t[ty].values()) for ty in Tyre] == [(0, 1, 2), (0, 1, 2), intermediate, (2, 1, 0)]
    assert list(t[Tyre.SOFT]) == [DRY, DRIZZLE, RAIN]


def test_tyre_penalty_table_rain_expert() -> None:
    """§27 / AMB-33: RAIN EXPERT: no penalty for Rain or Hard tyres in intermediate weather only."""
    t = tyre_penalty_table(skill=Skill.RAIN_EXPERT)
    assert t[Tyre.RAIN][DRIZZLE] == 0 and t[Tyre.HARD][DRIZZLE] == 0
    assert t[Tyre.SOFT][DRIZZLE] == 1 and t[Tyre.RAIN][DRY] == 2 and t[Tyre.HARD][RAIN] == 2


# ====================================================================== the notebook's views (racebook.rf90.ui.costs)


def test_mp_breakdown_of_ex_27() -> None:
    """Ex. 27: H 1 + G 1 + F 1 + pass Red 1 + E 1 + pass Green (BW) 1 + D 1 = 7, read from the log."""
    import racebook

    total, steps = mp_breakdown(racebook.load_scenario("ex27").race.events, "Blue")
    assert total == 7
    assert [(s.what, s.mp) for s in steps] == [("H", 1), ("G", 1), ("F", 1), ("overtake Red", 1), ("E", 1),
                                               ("overtake Green", 1), ("D", 1)]
    assert [s.rule for s in steps if s.kind == "pass"] == ["§26.2", "§26.2"]


def test_mp_breakdown_lost_and_checks() -> None:
    """Ex. 26: 3 MP lost behind Red (§13.E.3); Ex. 28: the Leader check is a 0-MP step before the lapping."""
    import racebook

    _, steps = mp_breakdown(racebook.load_scenario("ex26").race.events, "Blue")
    assert (steps[-1].kind, steps[-1].mp, steps[-1].rule) == ("lost", 3, "§13.E.3")
    _, steps = mp_breakdown(racebook.load_scenario("ex28").race.events, "Blue")
    assert [s.kind for s in steps] == ["enter", "enter", "check", "pass", "enter"]
    assert steps[2].what == "Leader check to lap Orange (30) vs 88: pass"
    assert mp_breakdown([], "Blue") == (None, [])


def test_arithmetic_text() -> None:
    pytest.importorskip("ipywidgets")
    import racebook
    from racebook.rf90.ui.costs import arithmetic

    assert arithmetic(racebook.load_scenario("ex26").race, "Blue") == \
        "H 1 + G 1 + lost 3 (stopped in G) = 5 MP (Blue had 5 MP, §13.E.1)"
    assert arithmetic(racebook.load_scenario("ex30").race, "Pink") == \
        "E 1 + unlap Blue 1 + D 1 + C 1 = 4 MP (Pink had 4 MP, §13.E.1)"
    assert arithmetic([], "Blue") == "Blue did not move"


def test_scenario_variant_ex_26_with_banging_wheels() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui.costs import arithmetic, scenario_variant

    sc = scenario_variant("ex26", "Ex. 26 with BW", {"Blue": {"strategy": "banging_wheels"}}, "BW")
    assert sc.title == "Ex. 26 with BW" and sc.assumed[-1] == "BW"
    assert arithmetic(sc.race, "Blue").startswith("H 1 + G 1 + overtake Red 2 + F 1 = 5")
    plain = scenario_variant("ex27", "no BW", {"Blue": {"strategy": None}})
    assert plain.race.state.cars["Blue"].strategy is None


def test_frames() -> None:
    pytest.importorskip("pandas")
    from racebook.rf90.ui.costs import base_frame, cost_frame, tyre_frame

    df = cost_frame()
    assert df.shape == (9, len(HUMAN_COLUMNS))
    assert df.loc[("corner", "lap"), "normal"] == "2" and df.loc[("braking zone", "overtake (same lap)"),
                                                                  "normal"] == "stop"
    assert cost_frame(show="rule").loc[("corner", "lap"), "blue flag"] == "§15.3"
    assert cost_frame("slow").shape == (9, len(ROBOT_COLUMNS))
    assert list(base_frame()["MP"]) == [1, 1, 1, 1]
    assert tyre_frame().loc["intermediate"].tolist() == ["-1 MP", "–", "-1 MP"]


def test_calculator_follows_the_engine() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui.costs import PassCostCalculator

    calc = PassCostCalculator()
    assert calc.quote is not None and calc.quote.forbidden  # default: overtaking in a corner (§13.E.3)
    calc.set(kind=LP, leader="mover", mp=4)
    assert calc.quote.cost.cost == 2 and calc.quote.leader_check
    assert calc.played is not None and calc.played.checks == ("Red",)
    assert "2 MP" in calc.result.value and "Leader check first" in calc.result.value
    calc.set(check_passes=False)
    assert "§20" in calc.text().splitlines()[-1]
    calc.set(kind=OV)  # the leader option resets to one that fits (§11.1)
    assert calc.w_leader.value == ("third", False)
    calc.set(section=S, yellow_flag=True)
    assert calc.quote is None and "§15.1" in calc.problem and "not possible" in calc.result.value
    calc.set(yellow_flag=False, mover="fast", section=B)
    assert calc.w_strategy.disabled and calc.w_blue.disabled and "§17.4" in calc.text()
    calc.set(mover="human", turn="last", last_turn_rule=False)
    assert calc.quote.special is None and calc.quote.forbidden
    calc.w_house.value = True  # a widget change updates the answer
    assert calc.quote.cost.cost == 1 and calc.errors.errors == []
    with pytest.raises(TypeError, match="unknown choice"):
        calc.set(colour="red")


def test_tyre_panel() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui.costs import TyrePenaltyPanel

    panel = TyrePenaltyPanel()
    assert panel.frame().loc["intermediate"].tolist() == ["-1 MP", "–", "-1 MP"]
    panel.w_row.value = IntermediateRow.PRINTED
    assert panel.frame().loc["intermediate"].tolist() == ["-1 MP", "-1 MP", "–"]
    panel.w_skill.value = True
    assert panel.frame().loc["hard"].tolist() == ["–", "–", "-2 MP"]
    assert "rb-tyres" in panel.table.value
