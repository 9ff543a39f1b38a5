"""Fuzzing scenario files (issue 14): mutated shipped scenarios and random TOML or bytes either fail with a
ScenarioError naming the file and a field, or load (and play) a race that passes racebook.integrity — never a raw
Python exception, never a conservation break.

    make fuzz                          # 50x the examples
    RACEBOOK_FUZZ_REPORT=1 .venv/bin/python -m pytest tests/test_fuzz_scenarios.py -s   # print the counts
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from mutate import mutate, toml_dumps

from racebook import scenario
from racebook.errors import RacebookError, ScenarioError
from racebook.integrity import problems

pytestmark = pytest.mark.fuzz

SHIPPED = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(scenario.SCENARIO_DIR.glob("*.toml"))}
COUNTS: Counter[str] = Counter()
_DIR = Path(tempfile.mkdtemp(prefix="racebook-fuzz-scenarios-"))


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    if os.environ.get("RACEBOOK_FUZZ_REPORT"):
        print(f"\nscenario fuzz: {dict(sorted(COUNTS.items()))}")


def check_file(path: Path, what: str) -> None:
    """The promise: a ScenarioError naming this file and a field, or a sound race."""
    COUNTS["inputs"] += 1
    try:
        sc = scenario.load(path)
    except RacebookError as e:
        assert isinstance(e, ScenarioError), (what, repr(e))
        assert e.file == str(path) and e.field and e.reason, (what, str(e))
        assert str(e) == f"{path}: {e.field}: {e.reason}"
        COUNTS["refused"] += 1
        return
    bad = problems(sc.race.state)
    assert bad == [], (what, bad)
    COUNTS["loaded"] += 1


def write(text: str | bytes, name: str = "fuzz.toml") -> Path:
    path = _DIR / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def test_the_toml_writer_round_trips_every_shipped_scenario() -> None:
    """The fuzzers write documents back with tests/mutate.toml_dumps: it must not change a shipped scenario."""
    for name, doc in SHIPPED.items():
        assert tomllib.loads(toml_dumps(doc)) == doc, name


@fuzz_settings(200)
@given(name=st.sampled_from(sorted(SHIPPED)), data=st.data(), n=st.integers(1, 3))
def test_mutated_shipped_scenarios_fail_cleanly_or_load_sound(name: str, data: st.DataObject, n: int) -> None:
    """Drop, duplicate, retype, swap, insert junk or boundary numbers (-1, huge, NaN) anywhere in a shipped file."""
    doc: Any = SHIPPED[name]
    edits = []
    for _ in range(n):
        doc, what = mutate(doc, data)
        edits.append(what)
    check_file(write(toml_dumps(doc)), f"{name}: {'; '.join(edits)}")


@fuzz_settings(40)
@given(text=st.text(max_size=200) | st.binary(max_size=200))
def test_random_text_and_bytes_fail_cleanly(text: str | bytes) -> None:
    check_file(write(text), repr(text))


@fuzz_settings(40)
@given(name=st.sampled_from(sorted(SHIPPED)), data=st.data())
def test_truncated_or_spliced_scenario_text_fails_cleanly(name: str, data: st.DataObject) -> None:
    """Cut the file's text anywhere, or splice a piece of another scenario into it."""
    text = toml_dumps(SHIPPED[name])
    cut = data.draw(st.integers(0, len(text)), label="cut")
    other = toml_dumps(SHIPPED[data.draw(st.sampled_from(sorted(SHIPPED)), label="other")])
    start = data.draw(st.integers(0, len(other)), label="start")
    piece = other[start:start + data.draw(st.integers(0, 200), label="length")]
    check_file(write(text[:cut] + piece + text[cut:] if data.draw(st.booleans(), label="splice") else text[:cut]),
               f"{name} cut at {cut}")
