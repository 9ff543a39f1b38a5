"""Automobiles Position Notation: every position prints as one line and reads back to the same line; bad text is a
one-line NotationError."""

from __future__ import annotations

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.automobiles.game import Race
from racebook.automobiles.notation import format_state, parse_position
from racebook.automobiles.scenario import read, scenario_ids
from racebook.automobiles.setup import new_state
from racebook.core.agents import RandomDriver, play_out
from racebook.core.errors import NotationError


@fuzz_settings(30)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), players=st.integers(2, 5), weaving=st.booleans())
def test_positions_round_trip(seed: int, steps: int, players: int, weaving: bool) -> None:
    r = Race(new_state(players, seed=seed, weaving=weaving, drivers={"A": "josh_trin"}), frames=False)
    play_out(r, RandomDriver(seed), max_steps=steps)
    text = format_state(r.state)
    s = parse_position(text)
    assert format_state(s) == text
    # the turn in progress is part of the position (flags, a card effect in progress, …): the same legal actions
    assert [str(a) for a in Race(s, frames=False).legal_actions()] == [str(a) for a in r.legal_actions()]


@pytest.mark.parametrize("sid", scenario_ids())
def test_every_scenario_position_round_trips(sid: str) -> None:
    text = read(sid).race(frames=False).position()
    assert format_state(parse_position(text)) == text


@pytest.mark.parametrize("text, match", [
    ("", "not a position"),
    ("teaching L3 r1 A:action $0 stock W1", "not a position"),
    ("nowhere L3 r1 A:action $0 stock - | A 1@1 bag - act - used - track - disc -", "unknown board"),
    ("teaching L3 r1 A:fly $0 stock - | A 1@1 bag - act - used - track - disc -", "<player>:<phase>"),
    ("teaching L3 r1 A:action $0 stock - | A 1@1 bag - act - used - track - disc -", "do not add up"),
    ("teaching L3 r1 A:action $0 stock - | A 9@1 bag - act - used - track - disc -", "lane 9"),
    ("teaching L3 r1 A:action $0 stock - | A 1@1 bag Q2 act - used - track - disc -", "bag"),
    ("teaching L3 r1 Z:action $0 stock - | A 1@1 bag - act - used - track - disc -", "name players"),
])
def test_bad_positions(text: str, match: str) -> None:
    with pytest.raises(NotationError, match=match) as e:
        parse_position(text)
    assert "\n" not in str(e.value)


@fuzz_settings(10)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), weaving=st.booleans(), steps=st.integers(1, 300))
def test_positions_round_trip_at_every_step_of_random_races(seed: int, players: int, weaving: bool,
                                                           steps: int) -> None:
    """Every position of a random race (card effects, bonus moves and drivers' choices in progress included) reads
    back to the same line and lists the same legal actions."""
    ids = ["A", "B", "C", "D", "E"][:players]
    drv = dict(zip(ids, ["mag_matthews", "juan_goody", "kaia_lin", "josh_trin", "micah_conner"], strict=False))
    r = Race(new_state(players, seed=seed, weaving=weaving, drivers=drv), frames=False)
    driver = RandomDriver(seed)
    for _ in range(steps):
        text = format_state(r.state)
        s = parse_position(text)
        assert format_state(s) == text
        legal = r.legal_actions()
        assert [str(a) for a in Race(s, frames=False).legal_actions()] == [str(a) for a in legal]
        if not legal:
            break
        r.apply(driver.choose(r, legal))
