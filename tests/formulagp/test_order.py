"""FormulaGP driver order (§10.2) — every tie rule — and the passing and resource rules (§13.1–§13.2, §5.1, §8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction
from racebook.formulagp.components import Secondary
from racebook.formulagp.playerboard import load_board
from racebook.formulagp.rules.order import Place, Runner, Why, driver_order, leader, red_flag_grid
from racebook.formulagp.rules.passing import Entry, entering
from racebook.formulagp.rules.resources import OtCharge, charge_ot, red_ot, secondary_function, slipstream_ot
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Pos

TRACK = load_track()
BOARD = load_board()


def _cars(slots: tuple) -> list[str]:
    return [s.car for s in slots]


def test_a_car_alone_ahead_moves_first_and_the_order_works_back_round_the_loop() -> None:
    """§10.2: from the leader's tile backwards round the loop; a lapped car just ahead of the leader moves last."""
    runners = [Runner("Lapped", TRACK.pos("T12.2.1"), lap=0), Runner("Leader", TRACK.pos("T10.1.1"), lap=1),
               Runner("Second", TRACK.pos("T05.1.1"), lap=1)]
    slots = driver_order(TRACK, runners)
    assert _cars(slots) == ["Leader", "Second", "Lapped"] and slots[0].why is Why.LEADER
    assert slots[1].why is Why.TILE and leader(TRACK, runners).car == "Leader"


def test_blue_flag_cars_move_after_the_others_on_their_tile() -> None:
    runners = [Runner("Blue", TRACK.pos("T10.1.1"), blue_flags=1), Runner("Red", TRACK.pos("T10.4.1")),
               Runner("Double", TRACK.pos("T10.2.1"), blue_flags=2)]
    slots = driver_order(TRACK, runners)
    assert _cars(slots) == ["Red", "Blue", "Double"] and slots[1].why is Why.BLUE_FLAG  # single = double priority


def test_spun_and_off_track_cars_move_last_in_normal_sequence_among_themselves() -> None:
    runners = [Runner("SpunAhead", TRACK.pos("T20.2.1"), spun=True), Runner("Back", TRACK.pos("T02.1.1")),
               Runner("SpunBehind", TRACK.pos("T18.1.1"), spun=True), Runner("Mid", TRACK.pos("T10.1.1"))]
    slots = driver_order(TRACK, runners)
    assert _cars(slots) == ["Mid", "Back", "SpunAhead", "SpunBehind"] and slots[2].why is Why.SPUN


def test_cars_on_the_pit_exit_space_keep_the_pit_exit_order() -> None:
    runners = [Runner("Second", TRACK.pos("T02.4.1"), place=Place.PIT_EXIT, exit_rank=2),
               Runner("First", TRACK.pos("T02.4.1"), place=Place.PIT_EXIT, exit_rank=1)]
    slots = driver_order(TRACK, runners)
    assert _cars(slots) == ["First", "Second"] and slots[1].why is Why.PIT_EXIT


def test_the_slipstream_reading_is_a_switch() -> None:
    """§10.2 item 5: by default a Slipstream car counts as the lane of the car ahead; the literal reading puts every
    Slipstream car before every other lane of the tile."""
    runners = [Runner("Inside", TRACK.pos("T25.2.1")), Runner("Ahead", TRACK.pos("T25.3.2")),
               Runner("Tucked", TRACK.pos("T25.3.1"))]
    assert _cars(driver_order(TRACK, runners)) == ["Inside", "Ahead", "Tucked"]
    literal = driver_order(TRACK, runners, slipstream_first=True)
    assert _cars(literal) == ["Tucked", "Inside", "Ahead"] and literal[1].why is Why.SLIPSTREAM


def test_a_double_lane_space_counts_as_its_inner_lane() -> None:
    runners = [Runner("Double", TRACK.pos("T09.3.2")), Runner("Lane1", TRACK.pos("T09.1.1"))]
    assert _cars(driver_order(TRACK, runners)) == ["Lane1", "Double"]  # next corner T12 turns left: lane 1 inside
    runners = [Runner("Double", TRACK.pos("T09.3.2")), Runner("Lane4", TRACK.pos("T09.4.2"))]
    assert _cars(driver_order(TRACK, runners)) == ["Double", "Lane4"]


def test_each_car_once() -> None:
    with pytest.raises(ValueError, match="§10.2"):
        driver_order(TRACK, [Runner("A", TRACK.pos("T01.1.1")), Runner("A", TRACK.pos("T02.1.1"))])
    assert driver_order(TRACK, []) == ()
    with pytest.raises(ValueError, match="§19.6"):
        red_flag_grid(TRACK, ["A"], [Runner("B", TRACK.pos("T01.1.1"))])


_SPOTS = [Pos(t.index, ln, s) for t in TRACK.tiles if t.costs_mp for ln in range(1, 5) if t.racing(ln)
          for s in range(len(t.spaces(ln)))]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_SPOTS), min_size=1, max_size=6, unique=True), st.lists(st.booleans(), min_size=6,
       max_size=6), st.randoms(use_true_random=False))
def test_the_order_is_a_permutation_whatever_the_input_order(spots: list[Pos], spun: list[bool], rnd) -> None:
    runners = [Runner(f"C{i}", p, spun=spun[i]) for i, p in enumerate(spots)]
    order = _cars(driver_order(TRACK, runners))
    shuffled = runners[:]
    rnd.shuffle(shuffled)
    assert sorted(order) == sorted(r.car for r in runners) and _cars(driver_order(TRACK, shuffled)) == order
    not_spun = [c for c in order if not spun[int(c[1:])]]
    assert order[:len(not_spun)] == not_spun  # spun cars last


# ----------------------------------------------------------------- passing (§13.1, §13.2)
def test_into_the_free_shadow_of_a_slipstream_space_in_the_same_lane() -> None:
    ahead = [TRACK.pos("T25.3.2")]
    assert entering(TRACK, TRACK.pos("T24.3.2"), 3, ahead) is Entry.SHADOW
    full = ahead + [Pos(TRACK.tile("T25").index, 3, 0, 0), Pos(TRACK.tile("T25").index, 3, 0, 1)]
    assert entering(TRACK, TRACK.pos("T24.3.2"), 3, full) is Entry.STOP  # both shadows taken
    assert entering(TRACK, TRACK.pos("T24.2.2"), 2, ahead) is Entry.STOP  # adjacent lane: a forced stop
    assert entering(TRACK, TRACK.pos("T24.1.2"), 1, ahead) is Entry.FREE
    assert entering(TRACK, TRACK.pos("T24.1.2"), 1, []) is Entry.FREE


# ----------------------------------------------------------------- resources (§5.1, §8)
def test_ot_charges_are_capped_except_the_red_parameter() -> None:
    assert charge_ot(1, 3, 2) == OtCharge(2, 2)
    assert slipstream_ot(1, 2, race_round_1_or_2=False) == OtCharge(2, 1)  # A37: capped
    assert slipstream_ot(0, 2, race_round_1_or_2=True) == OtCharge(0, 0)  # §11.5: not in rounds 1-2
    assert red_ot(2) == 3  # §8.3: may exceed the max
    assert BOARD.ot_level_leds(3) == BOARD.ot_leds[-1]  # above max: the highest level's LEDs (§8.2)
    with pytest.raises(ValueError, match="§8.2"):
        charge_ot(0, -1, 2)


@pytest.mark.parametrize("icons", [[], [Secondary.NONE], [Secondary.ERS2], [Secondary.PLUS_OT, Secondary.PLUS_OT],
                                   [Secondary.ERS2, Secondary.MP2], [Secondary.ERS2] * 3])
def test_bad_secondary_spends_are_refused(icons: list[Secondary]) -> None:
    with pytest.raises(IllegalAction) as e:
        secondary_function(icons)
    assert e.value.rule == "§5.1"


def test_single_and_paired_secondary_functions() -> None:
    assert secondary_function([Secondary.COUNTER_STEER]) is Secondary.COUNTER_STEER
    assert secondary_function([Secondary.MP2, Secondary.MP2]) is Secondary.MP2
