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


# Issue 35 item 10: Unicode digits. ``str.isdigit`` accepts '²' (then ``int`` fails with a raw ValueError) and ``int``
# reads Arabic-Indic '٣' and fullwidth '３' as 3: a position must be written in ASCII digits, as in RF90's notation
# (racebook.core.fields.ascii_int, the one rule of both games).
UNICODE_DIGITS = ["²", "٣", "３", "۳", "३", "𝟑"]
_POSITION = read("auto_ex25").race(frames=False).position()


def _edits(digit: str) -> list[str]:
    p = _POSITION
    return [p.replace(" L3 ", f" L{digit} ", 1), p.replace(" r2 ", f" r{digit} ", 1),
            p.replace("$0", f"${digit}", 1), p.replace("A 1@3", f"A 1@{digit}", 1),
            p.replace("A 1@3", f"A {digit}@3", 1), p.replace("act W6X1", f"act W{digit}X1", 1),
            p.replace("stock W9", f"stock W{digit}", 1)]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_in_a_position_are_a_notation_error(digit: str) -> None:
    for text in _edits(digit):
        assert text != _POSITION
        with pytest.raises(NotationError) as e:
            parse_position(text)
        assert "\n" not in str(e.value)


@pytest.mark.parametrize("digit", ["²", "٣", "３"])
def test_unicode_digits_through_automobiles_resume(tmp_path, capsys, digit: str) -> None:
    import json

    from racebook.automobiles.saves import dumps
    from racebook.cli import main
    save = json.loads(dumps(read("auto_ex25").race(frames=False)))
    save["initial"]["position"] = save["initial"]["position"].replace("1@", f"1@{digit}", 1)
    f = tmp_path / "s.json"
    f.write_text(json.dumps(save, ensure_ascii=False), encoding="utf-8")
    assert main(["automobiles", "resume", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"racebook: {f}: initial.position: ") and err.count("\n") == 1, err
