"""FormulaGP car and driver rules: qualifying and the grid (§9.2), the race-start order (§9.4), stress (§15, A8,
A43) and tyre wear on the board's track (§14.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.formulagp.components import dice
from racebook.formulagp.playerboard import Tyre, TyreState, load_board
from racebook.formulagp.rules.order import race_start_order
from racebook.formulagp.rules.qualifying import QualifyingScore, qualifying_grid, qualifying_score
from racebook.formulagp.rules.stress import Stress, change_stress, take_the_lead
from racebook.formulagp.rules.tyres import TyreEvent, change_wear, fit

BOARD = load_board()
WHITE = dice().white
GREEN_FACE = next(f for f in WHITE if f.colour.value == "green" and f.value == 5)
RED_FACE = next(f for f in WHITE if f.colour.value == "red")


# ----------------------------------------------------------------- qualifying (§9.2)
def test_the_qualifying_score() -> None:
    base = BOARD.tyre_bonus(Tyre.SOFT, TyreState.FRESH) + BOARD.ot_max
    assert qualifying_score(BOARD, Tyre.SOFT, [2, 1]).score == base + 3
    assert qualifying_score(BOARD, Tyre.SOFT, []) == QualifyingScore(0, False, False)  # A38
    assert qualifying_score(BOARD, Tyre.SOFT, [2], GREEN_FACE).score == base + 2 + 5
    assert qualifying_score(BOARD, Tyre.SOFT, [2], RED_FACE, counter_steer=True).score == base + 2  # A41
    assert qualifying_score(BOARD, Tyre.SOFT, [2], RED_FACE) == QualifyingScore(0, True, True)  # a crash
    assert qualifying_score(BOARD, Tyre.SOFT, [2], WHITE[0]).score == base + 2 + 1  # the icon face counts 1


def test_the_grid_ties_to_the_box_nearer_the_exit_and_sends_crashes_to_the_pit_lane() -> None:
    scores = {"A": QualifyingScore(9, True, False), "B": QualifyingScore(9, True, False),
              "C": QualifyingScore(0, False, False), "D": QualifyingScore(0, True, True),
              "E": QualifyingScore(12, True, False), "F": QualifyingScore(0, False, False)}
    box = {"A": 3, "B": 1, "C": 5, "D": 0, "E": 4, "F": 2}
    g = qualifying_grid(scores, box)
    assert g.grid == ("E", "B", "A", "F", "C") and g.pit_lane == ("D",)
    with pytest.raises(ValueError, match="§9.2"):
        qualifying_grid(scores, {"A": 0})


# ----------------------------------------------------------------- race start (§9.4)
def test_round_1_goes_by_leds_then_by_grid_and_a_stuck_car_last() -> None:
    grid = ["Pole", "Second", "Third", "Fourth"]
    assert race_start_order({"Pole": 2, "Second": 4, "Third": 2, "Fourth": 5}, grid) == (
        "Fourth", "Second", "Pole", "Third")
    assert race_start_order({"Pole": 2, "Second": 4, "Third": 2, "Fourth": 5}, grid, stuck=["Fourth"])[-1] == "Fourth"
    with pytest.raises(ValueError, match="§9.4"):
        race_start_order({"Pole": 1}, grid)


# ----------------------------------------------------------------- stress (§15)
def test_the_stress_track() -> None:
    assert change_stress(Stress.MIDDLE, -1).focused
    assert change_stress(Stress.MIDDLE, -1, leader=True).stress is Stress.MIDDLE  # A43
    assert change_stress(Stress.MIDDLE, 1).no_pairs
    over = change_stress(Stress.STRESSED, 2)
    assert (over.stress, over.red_dice) == (Stress.STRESSED, 2)  # beyond the 3rd space: RED die at once
    assert change_stress(Stress.FOCUS, -1).stress is Stress.FOCUS
    assert take_the_lead(Stress.FOCUS) is Stress.MIDDLE and take_the_lead(Stress.STRESSED) is Stress.STRESSED


@given(st.sampled_from(list(Stress)), st.integers(-4, 4), st.booleans())
def test_stress_stays_on_the_track(stress: Stress, delta: int, leader: bool) -> None:
    c = change_stress(stress, delta, leader=leader)
    assert c.stress in Stress and c.red_dice == max(0, int(stress) + delta - 2)
    assert not (leader and c.focused)


# ----------------------------------------------------------------- tyre wear (§14.1)
def test_soft_tyres_degrade_wear_out_and_reach_the_red_die() -> None:
    new = fit(BOARD, Tyre.SOFT)
    assert (new.wear, new.state, new.bonus) == (BOARD.wear_start[Tyre.SOFT], TyreState.FRESH, 3)
    degraded = change_wear(BOARD, Tyre.SOFT, new.wear, 4)
    assert degraded.events == (TyreEvent.DEGRADED,) and degraded.bonus == 2
    worn = change_wear(BOARD, Tyre.SOFT, degraded.wear, 2)
    assert worn.events == (TyreEvent.WORN_OUT,) and worn.bonus == 0
    red = change_wear(BOARD, Tyre.SOFT, worn.wear, 9)
    assert TyreEvent.RED_DIE in red.events and red.red_die_every_move and red.wear == BOARD.wear_length - 1
    back = change_wear(BOARD, Tyre.SOFT, degraded.wear, -1)
    assert back.events == (TyreEvent.RESTORED,) and back.bonus == 3  # back past the icon: the flip is undone
    assert change_wear(BOARD, Tyre.SOFT, 0, -3).wear == 0  # never before the start of the track


def test_hard_tyres_ignore_the_soft_medium_icons() -> None:
    hard = fit(BOARD, Tyre.HARD)
    assert change_wear(BOARD, Tyre.HARD, hard.wear, 8).state is TyreState.FRESH
    assert change_wear(BOARD, Tyre.HARD, hard.wear, 9).state is TyreState.DEGRADED
