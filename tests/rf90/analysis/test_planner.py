"""The fuel and pit-stop planner (racebook.rf90.analysis.planner): §7.1, §8, §13.A.3, §26.3, §26.7, §27 PITTING; Ex. 6,
7, 17."""

from __future__ import annotations

from itertools import product

import pytest

import racebook
from racebook.core.errors import SetupError
from racebook.rf90.analysis.planner import (
    CHITS,
    EXTRA_CHOICES,
    ImpossiblePlan,
    Stop,
    best_plan,
    candidate_plans,
    chit_space,
    chits_on_indicator,
    compare,
    frontier,
    plan,
    qualifying_modifier,
    stages,
)
from racebook.rf90.car import Skill
from racebook.rf90.rules import pits
from racebook.rf90.rules.qualifying import FUEL_MODIFIER, QUALIFY_BONUS, human_entry
from racebook.rf90.trackfile import available_tracks


def test_qualifying_modifier_is_the_fuel_table_and_qualify() -> None:
    """§7.1 items 4 and 6, §29.1: +2 … −2 for chits 8 … 16; QUALIFY +2 more."""
    assert CHITS == (8, 10, 12, 14, 16)
    assert {c: qualifying_modifier(c) for c in CHITS} == FUEL_MODIFIER
    assert qualifying_modifier(12, Skill.QUALIFY) == QUALIFY_BONUS
    with pytest.raises(SetupError, match="§7.1"):
        qualifying_modifier(9)


def test_qualifying_value_with_a_card_matches_ex_5() -> None:
    """Ex. 5: Orange card 3 with chit 10 → 4; Green card 3 with chit 14 → 2."""
    assert plan("teaching", 10, [0], card_mp=3).qualifying_value == human_entry("Orange", 3, 13, 10).value == 4
    assert plan("teaching", 14, [0], card_mp=3).qualifying_value == 2


def test_ex_7_numbers() -> None:
    """Ex. 7: on turn 8 Blue goes back 9 (pit -8 + 1 extra) and his chit goes 8 → 21 (13 turns ≤ 16)."""
    p = plan("silverstone", 8, [1, 0])
    s = p.stops[0]
    assert (s.turn, s.sections_lost, s.chit_before, s.chit_after, s.fuel_after) == (8, 9, 8, 21, 13)
    assert s.fuel_after <= pits.TANK_MAX and not s.early and s.capped == 0
    assert s.note == "The car's refuel chit moves from turn 8 to turn 21"  # the engine's own sentence


def test_ex_7_agrees_with_the_engine_replay() -> None:
    race = racebook.load_scenario("ex07").race
    assert race.state.cars["Blue"].refuel == plan("silverstone", 8, [1, 0]).stops[0].chit_after


def test_ex_17_early_stop_adds_ten() -> None:
    """Ex. 17: Blue pits on turn 9 with his chit on 12 and no extra: chit +10 → 22, back 8 (pit time -8)."""
    p = plan("silverstone", 12, [Stop(0, turn=9), 0])
    s = p.stops[0]
    assert (s.turn, s.due, s.early, s.chit_after, s.sections_lost) == (9, 12, True, 22, 8)
    race = racebook.load_scenario("ex17").race
    assert race.state.cars["Blue"].refuel == s.chit_after


def test_tank_cap_on_an_early_stop() -> None:
    """Reading 20 (§31): never beyond current turn + 16; the rest of the fuel does not fit."""
    p = plan("silverstone", 16, [Stop(2, turn=10)])
    s = p.stops[0]
    assert (s.chit_after, s.fuel_after, s.capped) == (26, pits.TANK_MAX, 16 + 10 + 6 - 26)
    assert "do not fit in the tank" in s.sentence(8)


def test_overflow_wraps_to_the_top() -> None:
    """§8: a chit past the race end goes to the top by as many spaces as it exceeds the end."""
    p = plan("silverstone", 8, [1, 0])
    assert p.final_chit == 31 and p.last_turn == 24
    assert p.wrap_space == 7 and chit_space("silverstone", 31) == 7
    assert p.spare_turns == 6  # the chit needs to be on 25 only
    assert chit_space("teaching", 17) == 1 and chit_space("teaching", 16) == 16


def test_sections_lost_and_pitting() -> None:
    """§13.A.3: pit time + extra; PITTING −2 (§27)."""
    assert [s.sections_lost for s in plan("silverstone", 8, [2, 0]).stops] == [10, 8]
    p = plan("silverstone", 8, [2, 0], skill=Skill.PITTING)
    assert [s.sections_lost for s in p.stops] == [8, 6] and p.sections_lost == 14 and p.extra_sections == 2
    assert "PITTING −2" in p.stops[0].sentence(8, Skill.PITTING)


def test_out_of_fuel_before_the_race_end() -> None:
    """§8, §13.A.3: a due chit with no stop left = pane seca; the error says where and keeps the stops so far."""
    with pytest.raises(ImpossiblePlan, match=r"§8, §13.A.3.*pane seca.*turn 18") as e:
        plan("silverstone", 8, [0])
    assert e.value.turn == 18 and [s.turn for s in e.value.stops] == [8]
    assert e.value.profile[:2] == ((1, 7), (2, 6)) and e.value.profile[-1] == (18, 0)  # the fuel until it runs out
    with pytest.raises(ImpossiblePlan, match="pane seca") as e:
        plan("teaching", 16, [])  # chit on the last turn: one more stop on turn 16
    assert e.value.turn == 16


def test_a_stop_after_the_chit_was_due_is_out_of_fuel() -> None:
    with pytest.raises(ImpossiblePlan, match=r"pane seca.*due on turn 8") as e:
        plan("teaching", 8, [Stop(0, turn=9)])
    assert e.value.turn == 8


def test_impossible_stops() -> None:
    with pytest.raises(ImpossiblePlan, match="§8: a stop may go back 0 to 2 extra"):
        plan("teaching", 8, [3])
    with pytest.raises(ImpossiblePlan, match="never due"):
        plan("teaching", 8, [0, 0])  # 8 → 18: past the end of a 16-turn race
    with pytest.raises(ImpossiblePlan, match="one pit stop per Game Turn"):
        plan("silverstone", 8, [0, Stop(0, turn=8)])
    with pytest.raises(ImpossiblePlan, match="§10"):
        plan("teaching", 8, [Stop(0, turn=17)])


def test_a_voluntary_stop_with_enough_fuel() -> None:
    """Players have no pit-stop limit (§8): a stop with an explicit turn is allowed even when none is due."""
    p = plan("teaching", 8, [0, Stop(0, turn=12)])
    assert p.pit_turns == (8, 12) and p.stops[1].capped == 18 + 10 - (12 + 16)


def test_save_fuel_and_push_move_the_chit() -> None:
    """§26.3 SAVE FUEL +1 per move with cards ≤ 2; §26.7 PUSH −1 per [2]+[3–6]; one move per Game Turn."""
    p = plan("teaching", 8, [0], drift=[-2, +1])
    assert p.pit_turns == (6,) and p.stops[0].chit_before == 6 and p.stops[0].chit_after == 16
    assert p.final_chit == 17 and p.stints[1].drift == 1
    with pytest.raises(ImpossiblePlan, match="pane seca"):
        plan("teaching", 8, [0], drift=[-2])  # 6 → 16: due on the last turn
    with pytest.raises(ImpossiblePlan, match="at most once per Game Turn"):
        plan("teaching", 8, [0], drift=[-5])  # due on 3 after 5 moves in turns 1–2
    with pytest.raises(ImpossiblePlan, match="stint 2 leaves no turn"):
        plan("silverstone", 8, [0, 0], drift=[0, -10])  # would bring the 2nd stop back to turn 8
    with pytest.raises(ImpossiblePlan, match="stint values"):
        plan("teaching", 8, [0], drift=[0, 0, 0])


def test_save_fuel_can_spare_a_stop() -> None:
    """Chit 16 and nine SAVE FUEL moves: 16 + 9 = 25 > 24 finishes Silverstone with no stop at all."""
    p = plan("silverstone", 16, [], drift=[9])
    assert p.stops == () and p.final_chit == 25 and p.spare_turns == 0


@pytest.mark.parametrize("track", available_tracks())
def test_every_plan_keeps_the_tank_and_finishes(track: str) -> None:
    """Property: every chit × extras plan is either impossible or ends past the last turn, tank ≤ 16."""
    for n in (0, 1, 2):
        for chit, extras in product(CHITS, product(EXTRA_CHOICES, repeat=n)):
            try:
                p = plan(track, chit, extras)
            except ImpossiblePlan:
                continue
            assert p.final_chit > p.last_turn
            assert all(0 < s.fuel_after <= pits.TANK_MAX for s in p.stops)
            fuel = p.fuel_profile()
            assert min(f for _, f in fuel) >= 0 and max(f for _, f in fuel) <= pits.TANK_MAX
            assert [t for t, f in fuel if f == 0] == list(p.pit_turns)


def test_best_plans_and_frontier() -> None:
    """Silverstone (24 turns, -8): one stop from chit 16 loses 8; two stops from chit 8 lose 16 but qualify +2."""
    one, two = best_plan("silverstone", 1), best_plan("silverstone", 2)
    assert one is not None and two is not None
    assert (one.chit, one.extras, one.sections_lost, one.qualifying_modifier) == (16, (0,), 8, -2)
    assert (two.chit, two.extras, two.sections_lost, two.qualifying_modifier) == (8, (0, 0), 16, 2)
    assert [(p.chit, p.extras) for p in frontier("silverstone")] == [(16, (0,)), (12, (1,)), (10, (2,)), (8, (0, 0))]
    # Monza (22 turns, -6): chit 8 with 2 extra sections finishes on one stop; two stops are never worth it.
    assert all(len(p.stops) == 1 for p in frontier("monza"))
    # Teaching (16 turns): one stop from chit 8 reaches the end; no two-stop plan is ever due.
    assert best_plan("teaching", 2) is None and candidate_plans("teaching", 0) == []
    assert [(p.chit, p.extras) for p in frontier("teaching")] == [(8, (0,))]


def test_compare_columns() -> None:
    cols = compare({"A": plan("silverstone", 16, [0]), "B": plan("silverstone", 8, [0, 0])})
    assert list(cols) == ["A", "B"]
    assert cols["A"]["sections lost"] == 8 and cols["B"]["pit turns"] == "8, 18"
    assert cols["B"]["qualifying modifier"] == "+2"


def test_stages_are_the_board_rows() -> None:
    """§10: a Race Stage begins on each black-marked space."""
    assert [len(r) for r in stages("teaching")] == [4, 4, 4, 4]
    assert [len(r) for r in stages("silverstone")] == [6, 6, 6, 6]
    assert [len(r) for r in stages("monza")] == [6, 6, 5, 5]
    assert all(r[0].stage_start for r in stages("monza"))


def test_ex_6_chits_on_the_turn_indicator() -> None:
    """Ex. 6: Blue and the SuperFast on 8, Orange on 10, Green on 14 (other robots 12/14)."""
    on = chits_on_indicator("teaching", {"Orange": 10, "Blue": 8, "Green": 14, "SuperFast1": 8, "Fast1": 12})
    assert on == {8: ("Blue", "SuperFast1"), 10: ("Orange",), 12: ("Fast1",), 14: ("Green",)}


def test_the_planner_changes_nothing() -> None:
    track = racebook.load_track("silverstone")
    a = plan(track, 8, [1, 0])
    b = plan(track, 8, [1, 0])
    assert a == b and a.lines() == b.lines()
    assert a.lines()[1].startswith("Stop 1 on turn 8 (chit due): back 9 sections (pit time 8 + 1 extra)")


def test_planner_widget_headless() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")
    pytest.importorskip("pandas")
    from racebook.rf90.ui.planner import FuelPlanner, TurnIndicatorChart

    w = FuelPlanner("silverstone", 8, (0, 0))
    assert w.plan is not None and w.plan.pit_turns == (8, 18)
    assert w.chart.texts[8][0].startswith("PIT 1") and w.chart.texts[24] == ["FINISH"]
    assert len(w.chart.m_cells.x) == 24 and len(w.chart.m_pits.x) == 2
    assert list(w.comparison.columns)[0].startswith("best 1-stop: chit 16")
    w.set(track="teaching", chit=16, extras=[])
    assert w.plan is None and w.error is not None and w.error.turn == 16
    assert w.chart.texts[16][0] == "OUT OF FUEL" and "Impossible plan" in w.summary.value
    assert list(w.fuel.m_fuel.y)[-1] == 0 and len(w.fuel.m_fuel.x) == 16
    assert "No 2-stop plan" in w.compare_html.value and len(w.chart.m_cells.x) == 16
    w.w_stops.value = 1  # a click: the observer recomputes
    assert w.plan is not None and w.plan.pit_turns == (16,)
    w.set(skill=Skill.PITTING)
    assert w.plan is not None and w.plan.sections_lost == 6
    assert w.errors.text == ""
    c = TurnIndicatorChart("teaching")
    c.show_chits({"Blue": 8, "SuperFast1": 8, "Orange": 10})
    assert c.texts == {8: ["Blue", "SuperFast1"], 10: ["Orange"], 16: ["FINISH"]}
