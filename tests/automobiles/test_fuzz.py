"""Fuzz tests: bad action texts and bad scenario files give one clean typed error (no traceback, nothing changed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.automobiles.actions import parse
from racebook.automobiles.game import Race
from racebook.automobiles.scenario import SCENARIOS, read
from racebook.automobiles.setup import new_state
from racebook.core.errors import ActionSyntaxError, IllegalAction, ScenarioError

WORDS = st.sampled_from(["A", "B", "Z9", "play", "buy", "pit", "pass", "W", "L", "X", "Y", "K", "1.1", "2.7", "9.9",
                         "0.1", "1.", "-", "", "é", "\x00", "play play", "1.1000"])


@fuzz_settings(300)
@given(st.one_of(st.text(max_size=40), st.lists(WORDS, max_size=6).map(" ".join)))
def test_any_text_parses_or_is_a_clean_syntax_error(text: str) -> None:
    race = Race(new_state(["A", "B"], seed=1, random_order=False), frames=False)
    before = race.position()
    try:
        a = parse(text)
    except ActionSyntaxError as e:
        assert "\n" not in str(e)
        return
    assert parse(str(a)) == a
    try:
        race.apply(a)
    except IllegalAction as e:
        assert "\n" not in str(e) and race.position() == before


MUTATIONS = [
    ("seed = 25", "seed = -1"), ("seed = 25", 'seed = "x"'), ('board = "teaching"', 'board = "../x"'),
    ('start = "turn"', 'start = "late"'), ("progress = 2", "progress = 12"), ('active = "W1"', 'active = "W1Q2"'),
    ('active = "W1"', 'active = "W99"'), ("lane = 1", "lane = 4"), ('id = "A"', 'id = "1A"'), ('id = "B"', 'id = "A"'),
    ('"A play W 1.3"', '"A play W 2.3"'), ('"A play W 1.3"', '"A fly"'), ("[[player]]", "[[car]]"),
    ("actions = [", "actionz = ["), ('bag = "W5"', 'bag = 5'),
]


@pytest.mark.parametrize("old, new", MUTATIONS)
def test_a_bad_scenario_is_a_scenario_error_naming_the_field(tmp_path: Path, old: str, new: str) -> None:
    text = (SCENARIOS / "auto_ex25.toml").read_text()
    assert old in text
    f = tmp_path / "bad.toml"
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError) as e:
        read(f)
    assert e.value.file == str(f) and e.value.field and "\n" not in str(e.value)


def test_stacked_draws_are_checked(tmp_path: Path) -> None:
    text = (SCENARIOS / "auto_ex25.toml").read_text()
    f = tmp_path / "s.toml"
    f.write_text(text + '\n[draws]\nA = ["K"]\n')
    with pytest.raises(ScenarioError, match=r"draws.A: stacks 1 K but A owns 0"):
        read(f)
    f.write_text(text + '\n[draws]\nQ = ["W"]\n')
    with pytest.raises(ScenarioError, match=r"draws.Q"):
        read(f)


@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe", b"[scenario\n", b"x = 1",
    # issue 35: nesting, integers of thousands of digits, an empty key (every loader: tests/test_loader_bad_input.py)
    b"x = " + b"[" * 5000 + b"]" * 5000, b"x = " + b"{a=" * 3000 + b"1" + b"}" * 3000, b"x = " + b"[" * 40 + b"]" * 40,
    b"[scenario]\nseed = " + b"9" * 5000, b"[scenario]\nseed = " + b"9" * 30, b"[scenario]\nseed = 0x" + b"f" * 9000,
    b'"" = 1\n', b'[scenario]\n"" = 1\n',
])
def test_garbage_files(tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "g.toml"
    f.write_bytes(content)
    with pytest.raises(ScenarioError) as e:
        read(f)
    assert e.value.file == str(f) and e.value.field.strip() and "\n" not in str(e.value)
    if b'""' in content:
        assert '""' in e.value.field, e.value
    with pytest.raises(ScenarioError):
        read(tmp_path)
