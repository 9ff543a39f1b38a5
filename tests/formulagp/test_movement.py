"""FormulaGP movement rules (§6.2–§6.3, §10.3, §11): pace, MP, lane changes and their wear, extend XOR reduce."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction
from racebook.formulagp.components import Colour
from racebook.formulagp.playerboard import Pace, load_board
from racebook.formulagp.rules.movement import (
    Adjust,
    AdjustContext,
    AdjustState,
    MoveCard,
    PairBan,
    Part,
    StepKind,
    adjust,
    movement_points,
    pace_of,
    walk,
)
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Pos

G, R, B = MoveCard(Colour.GREEN), MoveCard(Colour.RED), MoveCard(Colour.BLUE)
OG, OR = MoveCard(Colour.ORANGE, Colour.GREEN), MoveCard(Colour.ORANGE, Colour.RED)
BOARD = load_board()
TRACK = load_track()


# ----------------------------------------------------------------- pace (§6.2, §6.3)
@pytest.mark.parametrize("cards, pace, pair, wear, ers, die, relief", [
    ((G,), Pace.GREEN, False, 0, 0, False, True),
    ((R,), Pace.RED, False, 1, 0, False, False),
    ((B,), Pace.BLUE, False, 0, 1, False, False),
    ((OG,), Pace.GREEN, False, 1, 0, False, False),  # ORANGE: +1 wear per change even as GREEN
    ((OR,), Pace.RED, False, 1, 0, False, False),
    ((G, G), Pace.RED, True, 0, 0, True, False),  # GREEN pair: RED pace, no wear, YELLOW die, no stress relief
    ((R, R), Pace.BLUE, True, 1, 0, True, False),  # RED pair: BLUE pace without ERS
    ((OR, R), Pace.BLUE, True, 1, 0, True, False),
    ((OR, OR), Pace.BLUE, True, 1, 0, True, False),
    ((OG, G), Pace.RED, True, 1, 0, True, False),  # a pair with ORANGE: +1 wear
    ((OG, OG), Pace.RED, True, 1, 0, True, False),
])
def test_the_pace_of_a_card_or_a_pair(cards: tuple[MoveCard, ...], pace: Pace, pair: bool, wear: int, ers: int,
                                      die: bool, relief: bool) -> None:
    p = pace_of(cards)
    assert (p.pace, p.pair, p.wear_per_lane_change, p.ers_cost, p.yellow_die, p.stress_relief) == (
        pace, pair, wear, ers, die, relief)
    assert p.lane_changes == (cards != (B,))
    assert p.colours == tuple(c.colour for c in cards)  # speed limits read the printed colours (§11.4.2)


@pytest.mark.parametrize("cards, rule, words", [
    ((B, B), "§6.3", "battle only"),
    ((G, R), "§6.3", "same colour"),
    ((OG, R), "§6.3", "same colour"),
    ((MoveCard(Colour.ORANGE),), "§6.2", "as GREEN or as RED"),
    ((MoveCard(Colour.ORANGE, Colour.BLUE),), "§6.2", "as GREEN or as RED"),
    ((MoveCard(Colour.RED, Colour.GREEN),), "§6.2", "only an ORANGE"),
    ((), "§10.3", "one movement card"),
    ((G, G, G), "§10.3", "one movement card"),
])
def test_illegal_plays_are_refused_with_the_rule(cards: tuple[MoveCard, ...], rule: str, words: str) -> None:
    with pytest.raises(IllegalAction) as e:
        pace_of(cards)
    assert e.value.rule == rule and words in e.value.reason


@pytest.mark.parametrize("ban", list(PairBan))
def test_every_pair_ban_refuses_a_pair_but_not_a_single_card(ban: PairBan) -> None:
    with pytest.raises(IllegalAction, match="pairs are forbidden"):
        pace_of((R, R), frozenset({ban}))
    assert pace_of((R,), frozenset({ban})).pace is Pace.RED


# ----------------------------------------------------------------- movement points (§10.3)
def test_movement_points_add_every_term() -> None:
    mp = movement_points(BOARD, 8, Pace.RED, tyre_bonus=2, characteristic=True, focus=True, secondary=1, event=1,
                         late_pit=2, penalties=1)
    assert mp.total == 5 + 2 + 1 + 1 + 1 + 1 + 2 - 1
    assert dict(mp.parts)[Part.BOARD] == 5 and dict(mp.parts)[Part.PENALTY] == -1
    assert mp.sentence().endswith("= 12 MP")


def test_movement_points_never_go_below_zero_and_the_characteristic_waits_for_round_2() -> None:
    assert movement_points(BOARD, 2, Pace.GREEN, tyre_bonus=0, penalties=5).total == 0
    with pytest.raises(IllegalAction, match="§8.4"):
        movement_points(BOARD, 2, Pace.GREEN, tyre_bonus=3, characteristic=True, race_round_1=True)
    with pytest.raises(ValueError, match="§10.3"):
        movement_points(BOARD, 2, Pace.GREEN, tyre_bonus=-1)


@given(st.sampled_from((2, 4, 6, 8)), st.integers(0, 3))
def test_a_faster_pace_never_moves_less(gear: int, tyre: int) -> None:
    mps = [movement_points(BOARD, gear, p, tyre_bonus=tyre).total for p in (Pace.GREEN, Pace.RED, Pace.BLUE)]
    assert mps == sorted(mps)


# ----------------------------------------------------------------- the path (§11.3)
def test_forward_steps_cross_tiles_and_skip_feature_tiles() -> None:
    start = TRACK.pos("T40.2.1")
    w = walk(TRACK, start, [TRACK.pos("T40.2.2"), TRACK.pos("T01.2.1"), TRACK.pos("T01.2.2")], pace_of((G,)))
    assert w.mp == 3 and w.lane_changes == 0 and w.end == TRACK.pos("T01.2.2")  # SF costs no MP (§2.1)


def test_lane_changes_cost_wear_by_colour() -> None:
    start = TRACK.pos("T10.1.1")
    path = [TRACK.pos("T10.2.1"), TRACK.pos("T10.2.2"), TRACK.pos("T10.3.2")]
    assert walk(TRACK, start, path, pace_of((G,))).wear == 0
    assert walk(TRACK, start, path, pace_of((R,))).wear == 2
    assert walk(TRACK, start, path, pace_of((OG,))).wear == 2
    assert walk(TRACK, start, path, pace_of((G, G))).wear == 0
    assert walk(TRACK, start, path, pace_of((R,)), no_wear=True).wear == 0  # under the Safety Car (§19.4.2)
    with pytest.raises(IllegalAction, match="no lane change with a BLUE card"):
        walk(TRACK, start, path, pace_of((B,)))


def test_no_return_to_a_space_and_no_off_track() -> None:
    start = TRACK.pos("T10.1.1")
    with pytest.raises(IllegalAction, match="already moved from"):
        walk(TRACK, start, [TRACK.pos("T10.2.1"), TRACK.pos("T10.1.1")], pace_of((G,)))
    with pytest.raises(IllegalAction, match="racing spaces only"):
        walk(TRACK, TRACK.pos("T04.3.1"), [Pos(TRACK.tile("T04").index, 4, 0)], pace_of((G,)))  # lane 4 is grass


def test_a_double_lane_space_is_left_by_either_lane_without_a_lane_change() -> None:
    d = TRACK.pos("T09.2.2")
    for lane in (2, 3):
        w = walk(TRACK, d, [TRACK.pos(f"T10.{lane}.1")], pace_of((R,)))
        assert w.steps == (StepKind.FORWARD,) and w.wear == 0  # §2.3, §11.3
    assert walk(TRACK, d, [TRACK.pos("T09.4.2")], pace_of((G,))).lane_changes == 1


def test_a_lane_that_ends_has_no_forward_step() -> None:
    assert TRACK.forward(TRACK.pos("T03.4.2")) == []  # lane 4 is off on T04
    with pytest.raises(IllegalAction):
        walk(TRACK, TRACK.pos("T03.4.2"), [TRACK.pos("T04.3.1")], pace_of((G,)))


# ----------------------------------------------------------------- extend XOR reduce (§11.2)
def _ctx(**kw: object) -> AdjustContext:
    base: dict[str, object] = dict(ers=2, ers_max=4, mp_left=3, on_straight=True, tyres_worn=False,
                                   tyre_wear_cards=2)
    base.update(kw)
    return AdjustContext(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize("ctx, step, rule", [
    (_ctx(ers=4), Adjust.CHARGE_ERS, "§11.2.1"),
    (_ctx(blue_played=True), Adjust.CHARGE_ERS, "§11.2.1"),
    (_ctx(entering_pit=True), Adjust.CHARGE_ERS, "§16.1"),
    (_ctx(drs=True), Adjust.CHARGE_ERS, "§11.6"),
    (_ctx(drs=True), Adjust.BRAKE, "§11.6"),
    (_ctx(mp_left=0), Adjust.BRAKE, "§11.2.1"),
    (_ctx(tyres_worn=True), Adjust.BRAKE, "§14.1"),
    (_ctx(tyre_wear_cards=0), Adjust.BRAKE, "§6.4"),
    (_ctx(on_straight=False), Adjust.EXTEND_ERS, "§11.2.2"),
    (_ctx(ers=0), Adjust.EXTEND_ERS, "§8.1"),
    (_ctx(on_straight=True), Adjust.EXTEND_TYRE, "§11.2.2"),
    (_ctx(on_straight=False, tyres_worn=True), Adjust.EXTEND_TYRE, "§14.1"),
    (_ctx(drs_moved=True), Adjust.EXTEND_ERS, "§11.6"),
])
def test_each_adjustment_refusal_cites_its_rule(ctx: AdjustContext, step: Adjust, rule: str) -> None:
    with pytest.raises(IllegalAction) as e:
        adjust(ctx, AdjustState(), step)
    assert e.value.rule == rule


def _effect(ctx: AdjustContext, step: Adjust) -> tuple[int, int, int, int]:
    a = adjust(ctx, AdjustState(), step)
    return a.mp, a.ers, a.wear, a.cards


def test_the_effects_of_each_adjustment() -> None:
    assert _effect(_ctx(), Adjust.CHARGE_ERS) == (-1, 1, 0, 0)
    assert _effect(_ctx(), Adjust.BRAKE) == (-1, 0, 1, 1)
    assert _effect(_ctx(), Adjust.EXTEND_ERS) == (1, -1, 0, 0)
    assert _effect(_ctx(on_straight=False), Adjust.EXTEND_TYRE) == (1, 0, 1, 1)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list(Adjust)), min_size=1, max_size=6), st.booleans())
def test_a_turn_is_never_both_extended_and_reduced(steps: list[Adjust], straight: bool) -> None:
    state = AdjustState()
    for step in steps:
        try:
            state = adjust(_ctx(ers=2, on_straight=straight, mp_left=5, tyre_wear_cards=9), state, step).state
        except IllegalAction:
            continue
        assert not (state.reduced and state.extended)


_STARTS = [Pos(t.index, ln, s) for t in TRACK.tiles for ln in range(1, 5) if t.racing(ln)
           for s in range(len(t.spaces(ln)))]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_STARTS), st.lists(st.integers(0, 9), min_size=1, max_size=12))
def test_any_path_the_geometry_offers_is_walked_and_priced(start: Pos, choices: list[int]) -> None:
    """A path built from the steps the track offers (forward, or sideways to a lane beside, never back to a space
    already left) is accepted; 1 MP a step; RED pays 1 wear per lane change, GREEN none (§11.3)."""
    path, here, seen = [], start, {start}
    for c in choices:
        options = TRACK.forward(here) + [p for ln in (here.lane - 2, here.lane - 1, here.lane + 1, here.lane + 2)
                                         if (p := TRACK.lateral(here, ln)) is not None]
        options = [p for p in options if p not in seen]
        if not options:
            break
        here = options[c % len(options)]
        path.append(here)
        seen.add(here)
    red, green = walk(TRACK, start, path, pace_of((R,))), walk(TRACK, start, path, pace_of((G,)))
    assert red.mp == green.mp == len(path) and red.end == green.end == here
    assert red.wear == red.lane_changes and green.wear == 0
