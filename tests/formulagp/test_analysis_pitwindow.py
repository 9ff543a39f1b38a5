"""The pit-window planner (racebook.formulagp.analysis.pitwindow, §10.3, §14.1, §16.1–§16.5, §19.2): every number
against the board, the track and the pit rules it reads (recomputed here from the data, not typed in), the stop's
timeline and 2nd-gear exit against Example 19 replayed through the engine, and properties over random inputs."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.formulagp import agents
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.analysis import hazardodds as ho
from racebook.formulagp.analysis import movement as am
from racebook.formulagp.analysis import pitwindow as pw
from racebook.formulagp.components import DieFace, dice
from racebook.formulagp.playerboard import Pace, Tyre, TyreState, load_board
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.rules.pitstop import hold_rounds
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import load_track, pit_lane_of

BOARD, TRACK = load_board(), load_track()
EX19 = "fgp_ex19_three_teams_double_stack"


def _regular(tyre: Tyre, wear: int, rounds: int, base: int, per: int = 1) -> tuple[int, int]:
    """MP and tyre bonus of racing on, round by round, the marker moving ``per`` a round (the board's own states)."""
    mp = bonus = 0
    for _ in range(rounds):
        b = BOARD.tyre_bonus(tyre, BOARD.tyre_state(tyre, wear))
        mp, bonus = mp + base + b, bonus + b
        wear = min(BOARD.wear_length - 1, wear + per)
    return mp, bonus


def test_the_pit_lane_saves_the_track_it_bypasses() -> None:
    """The teaching pit lane runs beside T40 and T01 to the exit on T02 (the finish tile costs no MP): the pit-side
    lane's spaces of those tiles, counted from the track file."""
    lane = pit_lane_of(TRACK, TRACK.pit_entry)
    n = len(TRACK.tiles)
    bypassed = [TRACK.tiles[(TRACK.pit_entry + k) % n] for k in range(1, (TRACK.pit_exit - TRACK.pit_entry) % n + 1)]
    assert pw.pit_lane_saving(TRACK) == sum(len(t.spaces(lane)) for t in bypassed if t.costs_mp) == 6


def test_staying_out_is_the_board_round_by_round() -> None:
    w = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 12, first=3, lap_rounds=6, gear=8)
    assert w.round_mp == BOARD.speed(8, Pace.GREEN)
    mp, bonus = _regular(Tyre.SOFT, 2, 12, w.round_mp)
    n = w.no_stop
    assert (n.mp, n.bonus_mp, n.stop_mp) == (mp, bonus, 0)
    worn = sum(BOARD.tyre_state(Tyre.SOFT, min(14, 2 + k)) is TyreState.WORN for k in range(12))
    red = sum(BOARD.red_die_every_move(min(14, 2 + k)) for k in range(12))
    assert (n.worn_rounds, n.red_die_rounds) == (worn, red) and red > 0
    one_red = Fraction(dice().red.count(DieFace.LOSS_OF_CONTROL), len(dice().red))  # the dice file's faces (A4)
    assert n.spins == red * ho.hazard_odds([Hazard.WORN_TYRES]).loss_of_control == red * one_red


def test_one_stop_costs_the_box_turn_and_the_second_gear_exit_less_the_pit_lane() -> None:
    """§16.1: the move ends at the entry (``entry_loss`` MP lost); §16.2: a turn in the box; §16.5: the exit in 2nd
    gear on the new tyres; the pit lane's saving is MP moved."""
    base, fresh = BOARD.speed(8, Pace.GREEN), BOARD.tyre_bonus(Tyre.SOFT, TyreState.FRESH)
    w = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 6, first=1, lap_rounds=10, gear=8, entry_loss=2)
    plan = next(p for p in w.plans if p.stops == (pw.Stop(1, Tyre.SOFT),))
    moved = (base + fresh - 2) + pw.pit_lane_saving(TRACK) + (BOARD.speed(2, Pace.GREEN) + fresh)
    assert plan.stop_mp == 3 * (base + fresh) - moved == w.stop_cost
    rest, _ = _regular(Tyre.SOFT, 2 + 1, 3, base)  # fresh Softs after the exit move's wear
    assert plan.mp == moved + rest


@pytest.mark.parametrize("penalties", [0, 1, 2, 3, 5])
def test_penalty_tokens_keep_the_car_in_its_box(penalties: int) -> None:
    """A45: 1 round in the box for 1–2 tokens, 2 for 3 or more, before the stop (§16.2)."""
    base, fresh = BOARD.speed(8, Pace.GREEN), BOARD.tyre_bonus(Tyre.SOFT, TyreState.FRESH)
    clean = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 10, first=1, lap_rounds=20, gear=8, entry_loss=0)
    held = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 10, first=1, lap_rounds=20, gear=8, entry_loss=0,
                        penalties=penalties)
    assert held.stop_cost - clean.stop_cost == hold_rounds(penalties) * (base + fresh)


def test_the_default_entry_loss_is_half_a_move() -> None:
    full = BOARD.speed(8, Pace.GREEN) + BOARD.tyre_bonus(Tyre.SOFT, TyreState.FRESH)
    a = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 10, first=1, lap_rounds=20, gear=8)
    b = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 10, first=1, lap_rounds=20, gear=8, entry_loss=full // 2)
    assert a.stop_cost == b.stop_cost


def test_fresh_tyres_and_a_short_race_stay_out_worn_tyres_stop() -> None:
    fresh = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 2, 4, first=1, lap_rounds=6)
    assert fresh.best.stops == () and fresh.sentence().startswith("stay out")
    worn = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 13, 10, first=1, lap_rounds=6)
    assert worn.best.stops and worn.best.mp > worn.no_stop.mp and worn.no_stop.spins > worn.best.spins
    assert "against staying out" in worn.sentence()


def test_no_stop_too_late_to_come_out_again() -> None:
    """A stop needs its box turn and the exit move inside the race: a passage too near the end is not offered."""
    w = pw.plan_pits(BOARD, TRACK, Tyre.SOFT, 13, 3, first=2, lap_rounds=6)
    assert w.passages == (2,) and [p.stops for p in w.plans] == [()]


@pytest.mark.parametrize("bad", [dict(rounds=-1), dict(first=0), dict(lap_rounds=0), dict(wear=15), dict(wear=-1),
                                 dict(penalties=-1), dict(entry_loss=-1), dict(wear_per_round=-1)])
def test_bad_inputs_are_refused(bad: dict[str, int]) -> None:
    args = dict(tyre=Tyre.SOFT, wear=2, rounds=10, first=1, lap_rounds=6) | bad
    with pytest.raises(ValueError):
        pw.plan_pits(BOARD, TRACK, **args)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(tyre=st.sampled_from(pw.DRY), wear=st.integers(0, 14), rounds=st.integers(0, 20), first=st.integers(1, 8),
       lap=st.integers(2, 9), per=st.integers(0, 3), pens=st.integers(0, 4))
def test_plans_are_sound(tyre: Tyre, wear: int, rounds: int, first: int, lap: int, per: int, pens: int) -> None:
    w = pw.plan_pits(BOARD, TRACK, tyre, wear, rounds, first=first, lap_rounds=lap, wear_per_round=per,
                     penalties=pens)
    box = 1 + hold_rounds(pens)
    assert w.plans.count(w.no_stop) == 1 and w.no_stop.mp == _regular(tyre, wear, rounds, w.round_mp, per)[0]
    assert [p.mp for p in w.plans] == sorted((p.mp for p in w.plans), reverse=True)
    for p in w.plans:
        rounds_at = [s.round for s in p.stops]
        assert set(rounds_at) <= set(w.passages) and all(r + box + 1 <= rounds for r in rounds_at)
        assert all(b - a >= box + 2 for a, b in pairwise(rounds_at)) and len(p.stops) <= 2
        assert 0 <= p.bonus_mp <= p.mp and p.red_die_rounds <= rounds and p.spins >= 0


def test_example_19_through_the_engine_the_stop_takes_two_rounds_and_leaves_in_second_gear() -> None:
    """Ex. 19: the cars enter the pit lane in round 5, stop in round 6 and move from the pit exit in round 7 — the
    planner's entry round + box turn + exit move; the exit move is 2nd gear (the engine's breakdown)."""
    race = fgp_scenario.read(EX19).race()
    entered = [e.car for e in race.events if type(e).__name__ == "PitEntered"]
    assert sorted(entered) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert race.state.round == 5 + (1 + hold_rounds(0)) + 1  # entered in round 5, the box turn in 6, the exit move in 7
    car = race.current_car
    assert car is not None and race.state.cars[car].pit == "exit"
    play = next(a for a in am.plays(race) if len(a.cards) == 1 and a.cards[0].startswith("G"))
    b = am.breakdown(race, play)
    assert b.gear == pw.EXIT_GEAR and b.items[0].mp == BOARD.speed(pw.EXIT_GEAR, Pace.GREEN)


def test_pit_window_reads_a_race() -> None:
    race = new_race(["Red", "Grey", "Blue"], seed=4)
    drivers = {c: agents.Greedy(seed=i) for i, c in enumerate(race.state.cars)}
    while race.state.round < 6 and not race.is_over:
        race.apply(drivers[race.current_car].choose(race))
    w = pw.pit_window(race, "Grey")
    c = race.state.cars["Grey"]
    assert (w.tyre, w.wear, w.rounds) == (c.tyre, c.wear, agents.rounds_left(race.state))
    assert w.passages and w.passages[0] >= 1 and w.best.mp >= w.no_stop.mp
    with pytest.raises(ValueError):
        pw.pit_window(race, "Nobody")
