"""FormulaGP end-of-move and end-of-round rules: the dice owed (§19.2, A12), the W2W token cycle (§13.4.1, A32),
the pit-exit order (§16.2–§16.4), the DRS catch-up move (§11.6, A39) and pushing (§11.3.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.formulagp.rules.drs import DrsCar, drs_move
from racebook.formulagp.rules.hazards import DiceOwed, Hazard, dice_owed
from racebook.formulagp.rules.pitexit import PitStop, exit_order
from racebook.formulagp.rules.pushing import Push, PushOutcome, push
from racebook.formulagp.rules.wheeltowheel import W2W, end_of_round
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Pos

TRACK = load_track()


# ----------------------------------------------------------------- dice (§19.2)
def test_the_same_hazard_again_adds_a_yellow_die_each_time() -> None:
    assert dice_owed([Hazard.SPEED_LIMIT, Hazard.SPEED_LIMIT]) == DiceOwed(1, 1)  # Example 22
    assert dice_owed([Hazard.SPEED_LIMIT] * 3) == DiceOwed(1, 2)  # A12: per additional event
    assert dice_owed([], pair=True) == DiceOwed(0, 1)  # §6.3
    assert dice_owed([Hazard.WORN_TYRES], pair=True) == DiceOwed(1, 1)


def test_yellow_zones_and_the_safety_car_switch_hazards_off() -> None:
    assert dice_owed([Hazard.TRICKY_CORNER, Hazard.WORN_TYRES], yellow_zone=True) == DiceOwed(1, 0)
    assert dice_owed([Hazard.SPEED_LIMIT], yellow_zone=True) == DiceOwed(1, 0)  # Example 23 rolls it in a zone
    assert dice_owed([Hazard.TRICKY_CORNER, Hazard.WORN_TYRES], pair=True, safety_car=True) == DiceOwed(0, 0)


@given(st.lists(st.sampled_from(list(Hazard)), max_size=6), st.booleans())
def test_one_red_die_per_kind_and_every_occurrence_is_a_die(hazards: list[Hazard], pair: bool) -> None:
    owed = dice_owed(hazards, pair=pair)
    assert owed.red == len(set(hazards)) and owed.red + owed.yellow == len(hazards) + int(pair)


# ----------------------------------------------------------------- W2W (§13.4.1)
def test_the_token_cycle_lasts_two_rounds() -> None:
    cars = {"A": TRACK.pos("T10.1.1"), "B": TRACK.pos("T10.3.2")}
    tokens: dict[str, W2W] = {}
    seen = []
    for _ in range(4):
        changes = end_of_round(TRACK, cars, tokens)
        tokens |= {c.car: c.after for c in changes}
        seen.append((tokens["A"], sum(c.stress for c in changes if c.car == "A")))
    assert seen == [(W2W.VS, 0), (W2W.STRESS, 1), (W2W.NONE, 1), (W2W.VS, 0)]


def test_alone_again_the_token_goes_and_no_tokens_in_rounds_1_and_2() -> None:
    changes = end_of_round(TRACK, {"A": TRACK.pos("T10.1.1"), "B": TRACK.pos("T12.1.1")}, {"A": W2W.STRESS})
    assert [(c.car, c.after, c.stress) for c in changes] == [("A", W2W.NONE, 0)]
    assert end_of_round(TRACK, {"A": TRACK.pos("T10.1.1"), "B": TRACK.pos("T10.2.1")}, {}, no_tokens=True) == ()


def test_cars_all_in_slipstream_spaces_are_not_wheel_to_wheel() -> None:
    t = TRACK.tile("T28").index
    assert end_of_round(TRACK, {"A": Pos(t, 2, 0, 0), "B": Pos(t, 2, 0, 1)}, {}) == ()  # §11.5


# ----------------------------------------------------------------- pit exit (§16.2)
def test_a_slow_stop_leaves_last_of_the_cars_that_did_not_repair() -> None:
    stops = [PitStop("Slow", 1, box=0), PitStop("Fast", 5, box=3), PitStop("Fixed", 2, box=1, repaired=True)]
    assert exit_order(stops) == ("Fast", "Slow", "Fixed")


def test_a_tie_goes_to_the_box_closer_to_the_exit() -> None:
    assert exit_order([PitStop("Far", 3, box=4), PitStop("Near", 3, box=1)]) == ("Near", "Far")


@pytest.mark.parametrize("stops, words", [
    ([PitStop("A", 7, box=0)], "1 to 6"),
    ([PitStop("A", 1, box=0, repaired=True)], "keeps A in its box"),
    ([PitStop("A", 2, box=0), PitStop("A", 3, box=1)], "each car once"),
])
def test_bad_pit_stops_are_refused(stops: list[PitStop], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        exit_order(stops)


# ----------------------------------------------------------------- DRS (§11.6)
def test_drs_into_the_slipstream_shadow_behind_the_car_ahead() -> None:
    cars = {"Chaser": DrsCar(TRACK.pos("T26.2.1")), "Ahead": DrsCar(TRACK.pos("T28.2.1"))}
    assert TRACK.space(cars["Ahead"].pos).surface.value == "s"
    assert drs_move(TRACK, "Chaser", cars) == Pos(TRACK.tile("T28").index, 2, 0, 1)


def test_no_drs_outside_a_zone_or_without_a_car_ahead_in_it() -> None:
    assert drs_move(TRACK, "A", {"A": DrsCar(TRACK.pos("T24.1.1")), "B": DrsCar(TRACK.pos("T27.1.1"))}) is None
    assert drs_move(TRACK, "A", {"A": DrsCar(TRACK.pos("T26.1.1")), "B": DrsCar(TRACK.pos("T33.1.1"))}) is None
    assert drs_move(TRACK, "A", {"A": DrsCar(TRACK.pos("T29.1.1")), "B": DrsCar(TRACK.pos("T26.1.1"))}) is None


def test_drs_stops_short_of_an_occupied_space() -> None:
    cars = {"A": DrsCar(TRACK.pos("T26.1.1")), "B": DrsCar(TRACK.pos("T29.3.1")),
            "Blocker": DrsCar(TRACK.pos("T28.1.2"), blue_flags=2)}
    assert drs_move(TRACK, "A", cars) == TRACK.pos("T28.1.1")


# ----------------------------------------------------------------- pushing (§11.3.1)
def test_a_push_into_a_wall_is_a_collision() -> None:
    assert push(TRACK, 2, TRACK.pos("T19.3.1")) == Push(PushOutcome.WALL, None, 1)  # walled street section
    assert push(TRACK, 2, TRACK.pos("T19.1.1")) == Push(PushOutcome.WALL, None, 1)
    assert push(TRACK, 1, TRACK.pos("T10.2.1")).outcome is PushOutcome.ON_TRACK
    with pytest.raises(ValueError, match="§11.3.1"):
        push(TRACK, 3, TRACK.pos("T10.1.1"))
