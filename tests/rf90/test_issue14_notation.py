"""Issue 14, bug 8: Race Position Notation refuses what the rules make impossible, always with a NotationError.

The fuzz suite (random text and mutated valid positions) asserts that :func:`notation.parse` and
:func:`notation.apply` either give a valid state or a NotationError — never a raw Python exception.
"""

from __future__ import annotations

import pytest
from fuzzing import fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st

from racebook.core.errors import NotationError, RacebookError
from racebook.rf90 import notation
from racebook.rf90.state import RaceState
from racebook.rf90.trackfile import load_track

VALID = [
    "teaching turn=1 lap=2 weather=3 | E: Blue* | D: Purple-1 | G: Orange Green | I: Yellow",
    "teaching turn=16 lap=4 weather=2 | C: SuperFast1* Red{played,no_move} | D: Blue-1 | J: Slow2-3",
    "teaching turn=5 | F: Red@F.t1{played,no_move} Blue* | G: (Y) Green{just_pit}",
    "teaching turn=4 lap=3 | C: Slow1-1 Blue-1 Red*{off=E}",
    "teaching turn=4 lap=3 | H: Green Red | D: Slow0*{off=E}",
    "silverstone turn=3 lap=1 weather=1 sc=Stowe | Stowe: Blue* Red | Vale: Green",
    "monza turn=2 | Ascari-1: Blue* Red | Lesmo1: Green{played}",
]


def _place(text: str) -> RaceState:
    pos = notation.parse(text)
    state = RaceState(load_track(pos.track))
    notation.apply(pos, state)
    return state


@pytest.mark.parametrize(("text", "words"), [
    ("teaching turn=² | E: Blue", "bad header item"),
    ("teaching turn=١ | E: Blue", "bad header item"),
    ("teaching lap=³ | E: Blue", "bad header item"),
    ("teaching weather=⁴ | E: Blue", "bad header item"),
    ("teaching turn=" + "9" * 5000 + " | E: Blue", "bad header item"),
    ("teaching turn=0 | E: Blue", "count from 1"),
    ("teaching turn=1 turn=2 | E: Blue", "twice"),
    ("teaching | E: Blue | E: Red", "written twice"),
    ("teaching | E: Blue{played,played}", "flag is written twice"),
    ("teaching | E: Blue{off=E,off=D}", "flag is written twice"),
    ("teaching | E: Blue@E.t1{off=D}", "occupies no trajectory"),
    ("teaching | E: Blue-0", "bad car token"),
    ("teaching | E: Blue-" + "1" * 5000, "bad car token"),
    ("teaching | E: Blue-²", "bad car token"),
    ("/etc/passwd | E: Blue", "not a track id"),
    ("../tracks/teaching.toml turn=2 | E: Blue", "not a track id"),
])
def test_bug8_parse_refuses_with_a_notation_error(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        notation.parse(text)


@pytest.mark.parametrize(("text", "words"), [
    ("teaching turn=17 | E: Blue", "Game Turns 1..16"),
    ("teaching lap=0 | E: Blue* | D: Red-1", "no car can be 1 lap down"),
    ("teaching lap=1 | E: Blue* | D: Red-2", "no car can be 2 laps down"),
    ("teaching lap=2 | E: Blue-1 | D: Red", "leader is never lapped"),
    ("teaching lap=2 | E: Blue | D: Red*-1", "leader is never lapped"),
])
def test_bug8_apply_refuses_positions_the_rules_make_impossible(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        _place(text)


@pytest.mark.parametrize("bad", [
    "teaching | E: Blue* Red Green | A: Slow1-2", "teaching | A: Blue* NewCar Red Slow1 | C: Green@Nope",
    "teaching | E: Blue* Red Green | Z: Slow1", "teaching turn=3 | G: (Y) Red* Green Slow1 | F: (Y) Blue",
    "teaching | E: Blue* Red", "teaching turn=99 | E: Blue* Red Green Slow1",
])
def test_a_refused_position_leaves_the_state_as_it_was(bad: str) -> None:
    """Nothing is created or lost: apply is all or nothing."""
    state = _place("teaching turn=4 lap=2 weather=1 | E: Blue* Red@E.t1{played} | C: (Y) Green-1 | A: Slow1")
    before = notation.format_state(state)
    cars = dict(state.cars)
    with pytest.raises(NotationError):
        notation.apply(notation.parse(bad), state)
    assert notation.format_state(state) == before
    assert state.cars == cars and all(state.cars[c] is cars[c] for c in cars)


def test_bug8_non_text_is_a_notation_error() -> None:
    for bad in (None, 7, b"teaching | E: Blue", ["teaching"]):
        with pytest.raises(NotationError):
            notation.parse(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", VALID)
def test_the_valid_positions_still_round_trip(text: str) -> None:
    state = _place(text)
    again = _place(notation.format_state(state))
    assert notation.format_state(again) == notation.format_state(state)


# ------------------------------------------------------------------ fuzzing
_ALPHABET = st.sampled_from(list("teachingsilverstonemonza ABCDEFGHIJKL|:*-@{}=,.()Y0123456789²³١_\t")
                            + ["turn=", "lap=", "weather=", "sc=", "Blue", "Red", "Fast1", "Slow2", "SuperFast3",
                               "{played}", "{off=E}", "@F.t1", "-1", "*", " | ", "(Y)", "no_move", "just_pit"])


def _outcome(text: str) -> str:
    """'ok' or 'refused'; anything but a NotationError (a RacebookError) propagates and fails the test.

    The text is also applied to a race state already holding a position: a refusal leaves it unchanged."""
    base = _place(VALID[0])
    before, cars = notation.format_state(base), dict(base.cars)
    try:
        notation.apply(notation.parse(text), base)
    except NotationError:
        assert notation.format_state(base) == before and base.cars == cars
    try:
        state = _place(text)
    except NotationError:
        record("RPN strings", "refused")
        return "refused"
    except RacebookError as e:  # an unknown track id: a TrackDataError naming the id
        assert "<file>" in str(e)
        record("RPN strings", "refused")
        return "refused"
    # a placed position is consistent: formatting and re-placing it gives the same position
    assert notation.format_state(_place(notation.format_state(state))) == notation.format_state(state)
    record("RPN strings", "ok")
    return "ok"


@pytest.mark.fuzz
@fuzz_settings(400)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_fuzz_random_rpn_text_is_a_position_or_a_notation_error(text: str) -> None:
    _outcome(text)


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "insert", "replace", "swap-digit"]))
        i = draw(st.integers(0, len(text)))
        if op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 6)):]
        elif op == "insert":
            text = text[:i] + draw(_ALPHABET) + text[i:]
        elif op == "replace":
            text = text[:i] + draw(_ALPHABET) + text[i + 1:]
        else:
            text = text[:i] + draw(st.sampled_from(["0", "99", "²", "-3", "17", "1e3"])) + text[i:]
    return text


@pytest.mark.fuzz
@fuzz_settings(400)
@given(_mutated())
def test_fuzz_mutated_valid_positions_are_a_position_or_a_notation_error(text: str) -> None:
    _outcome(text)


@pytest.mark.parametrize("text", [
    "teaching lap=0 | I: Blue* | H: Red",  # Red behind the leader on lap 0 would be on lap -1
    "teaching lap=0 | L: Blue* | A: Red Green",
    "teaching lap=0 | K: Blue* | L: Red | A: Slow1",
])
def test_impossible_laps_no_car_is_placed_before_lap_0(text: str) -> None:
    """Issue 35 item 13: laps count from 0 (the grid, before the finish line; setup §7.2): a header ``lap=0`` whose
    cars behind the leader would have to be on lap -1 is refused with a NotationError naming the car, and the state
    is left as it was; the same cars on lap 1 are fine, and so is a start position on lap 0."""
    with pytest.raises(NotationError, match=r"would be on lap -1.*laps count from 0"):
        _place(text)
    state = _place(text.replace("lap=0", "lap=1"))
    assert min(c.lap for c in state.cars.values()) == 0
    start = _place("teaching lap=0 | A: Blue* Red | C: Green")
    assert {c.lap for c in start.cars.values()} == {0}
