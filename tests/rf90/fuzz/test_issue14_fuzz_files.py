"""Issue 14: fuzzing the file surfaces — track files, the Race deck, the robot chits, the glossary.

Each fuzzer mutates a shipped file (drop, duplicate or retype a key or an array item; junk, huge, negative and
NaN values; raw text edits), writes it and loads it with the package's loader. The outcome is either a valid
object or the loader's DataError subclass naming the file and a field — never a raw Python exception.
``RACEBOOK_FUZZ_SCALE=50`` (``make fuzz``) runs 50 times the examples.
"""

from __future__ import annotations

import copy
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fuzzing import fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st
from loaders import toml_text

from racebook.core.errors import DataError, DeckDataError, TrackDataError
from racebook.rf90 import glossary, notation, trackfile
from racebook.rf90.cards import DATA_DIR, CardSet, is_card_code, load_race_deck
from racebook.rf90.rules import activation
from racebook.rf90.rules.qualifying import load_robot_chits
from racebook.rf90.state import RaceState

ROOT = Path(__file__).resolve().parents[3]
TRACK_FILES = sorted((ROOT / "tracks" / "rf90").glob("*.toml"))
TRACKS = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in TRACK_FILES}
DECK = tomllib.loads((DATA_DIR / "race_deck.toml").read_text(encoding="utf-8"))
CHITS = tomllib.loads((DATA_DIR / "robot_chits.toml").read_text(encoding="utf-8"))
GLOSSARY = tomllib.loads(glossary.GLOSSARY_FILE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the tiny TOML writer (tests/loaders.py)
def test_the_writer_round_trips_the_shipped_files() -> None:
    for doc in (*TRACKS.values(), DECK, CHITS, GLOSSARY):
        assert tomllib.loads(toml_text(doc)) == doc


# ------------------------------------------------------------------ structured mutations
_HUGE = [2**63 - 1, -(2**63), 10**30, -(10**30), 2**64, 10**19, 10**4000]  # issue 35: and thousands of digits
JUNK = st.one_of(
    st.sampled_from([0, 1, -1, 2, 3, 6, 7, 9, 10, 16, 99, 100, -8, 12, *_HUGE]),
    st.sampled_from([math.nan, math.inf, -math.inf, 1.5, -0.0, 1e300, 1e19, -1e19, 1e-300]),  # 1e19: issue 35
    st.booleans(),
    st.sampled_from(["", " ", "A", "E", "T01", "R42", "blind", "none", "T 1", "red", "green", "corner", "braking",
                     "straight", "left", "right", "dry", "rain", "intermediate", "lb", "et:green", "et", "fast",
                     "normal", "invented-for-teaching", "manual:", "manual: Ex. 1", "55-46", "1-99", "99-1", "0-5",
                     "test", "effects", "reentry", "retire", "back_on_track", "4", "2-3", "x" * 300, "\x00",
                     "é", "²"]),
    st.text(max_size=8),
    st.builds(list), st.builds(dict), st.lists(st.integers(-3, 100), max_size=3),  # fresh containers each draw
)


def _slots(obj: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key-or-index) in a parsed document, depth first."""
    if isinstance(obj, dict):
        for k in list(obj):
            out.append((obj, k))
            _slots(obj[k], out)
    elif isinstance(obj, list):
        for i in range(len(obj)):
            out.append((obj, i))
            _slots(obj[i], out)
    return out


@st.composite
def mutated(draw: st.DrawFn, doc: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        slots = _slots(doc, [])
        if not slots:
            break
        box, key = slots[draw(st.integers(0, len(slots) - 1))]
        op = draw(st.sampled_from(["drop", "duplicate", "retype", "junk", "unknown-key", "swap"]))
        if op == "drop":
            del box[key]
        elif op == "duplicate":
            if isinstance(box, list):
                box.insert(key, copy.deepcopy(box[key]))
            else:
                box[f"{key}_2" if draw(st.booleans()) else key.upper()] = copy.deepcopy(box[key])
        elif op == "retype":
            v = box[key]
            box[key] = ([v] if not isinstance(v, list) else v[0] if v else {}) if draw(st.booleans()) \
                else (str(v) if not isinstance(v, str) else (int(v) if v.isdecimal() and len(v) < 10 else 7))
        elif op == "junk":
            box[key] = draw(JUNK)
        elif op == "unknown-key" and isinstance(box[key], dict):
            box[key][draw(st.sampled_from(["extra", "source", "sources", "code", "kind", "cars", "id"]))] = \
                draw(JUNK)
        elif op == "swap" and isinstance(box, list) and len(box) > 1:
            j = draw(st.integers(0, len(box) - 1))
            box[key], box[j] = box[j], box[key]
    return doc


@st.composite
def text_edits(draw: st.DrawFn, text: str) -> str:
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["delete", "insert", "replace"]))
        piece = draw(st.sampled_from(["=", "[", "]", "{", "}", '"', "\n", "#", ",", "-", "0", "99", "nan", "x",
                                      "[[sections]]\n", "\\", "é", "\ufffe"]))
        if op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 40)):]
        elif op == "insert":
            text = text[:i] + piece + text[i:]
        else:
            text = text[:i] + piece + text[i + 1:]
    return text


def _file_error(e: DataError, path: Path, cls: type[DataError]) -> None:
    assert type(e) is cls or isinstance(e, cls), type(e)
    assert e.file == str(path) and e.field and e.reason, e
    assert "\n" not in e.field


# ------------------------------------------------------------------ track files
def _check_track(path: Path, surface: str) -> None:
    trackfile.clear_cache()
    try:
        track = trackfile.load_track(path)
    except TrackDataError as e:
        _file_error(e, path, TrackDataError)
        record(surface, "refused")
        return
    # a valid track plays: the activation sweep and a position on it work
    state = RaceState(track)
    first = track.sections[0].name
    notation.apply(notation.parse(f"{track.id} | {first}: Blue* Red"), state)
    assert [a.section for a in activation.sweep(state)][0] == first
    assert all(is_card_code(c.code) for c in track.track_cards)
    record(surface, "ok")


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(TRACKS))
def test_fuzz_track_files_structured(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.toml"

    @fuzz_settings(100)
    @given(mutated(TRACKS[name]))
    def check(doc: dict[str, Any]) -> None:
        path.write_text(toml_text(doc), encoding="utf-8")
        _check_track(path, "track files")

    check()


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(TRACKS))
def test_fuzz_track_files_text(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.toml"
    text = (ROOT / "tracks" / "rf90" / f"{name}.toml").read_text(encoding="utf-8")

    @fuzz_settings(50)
    @given(text_edits(text))
    def check(edited: str) -> None:
        path.write_text(edited, encoding="utf-8", errors="surrogatepass")
        _check_track(path, "track files")

    check()


# ------------------------------------------------------------------ the Race deck
@pytest.mark.fuzz
def test_fuzz_race_deck_files(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"

    @fuzz_settings(150)
    @given(st.one_of(mutated(DECK).map(toml_text),
                     text_edits((DATA_DIR / "race_deck.toml").read_text(encoding="utf-8"))))
    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            deck = load_race_deck(path)
        except DeckDataError as e:
            _file_error(e, path, DeckDataError)
            record("deck files", "refused")
            return
        assert isinstance(deck, CardSet) and len(set(deck.codes())) == len(deck)
        assert len({c.check for c in deck.cards}) == len(deck) and all(is_card_code(c) for c in deck.codes())
        record("deck files", "ok")

    check()


# ------------------------------------------------------------------ robot chits
@pytest.mark.fuzz
def test_fuzz_robot_chit_files(tmp_path: Path) -> None:
    path = tmp_path / "chits.toml"

    @fuzz_settings(150)
    @given(st.one_of(mutated(CHITS).map(toml_text),
                     text_edits((DATA_DIR / "robot_chits.toml").read_text(encoding="utf-8"))))
    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            chits = load_robot_chits(path)
        except DeckDataError as e:
            _file_error(e, path, DeckDataError)
            record("robot chits", "refused")
            return
        for values in chits.values():
            assert values and all(len(v) == 3 and v[2] in (8, 10, 12, 14, 16) for v in values)
        record("robot chits", "ok")

    check()


# ------------------------------------------------------------------ the glossary
@pytest.mark.fuzz
def test_fuzz_glossary_files(tmp_path: Path) -> None:
    path = tmp_path / "glossary.toml"

    @fuzz_settings(80)
    @given(mutated(GLOSSARY).map(toml_text))
    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        glossary._load_file.cache_clear()
        try:
            terms = glossary.load(path)
        except glossary.GlossaryDataError as e:
            _file_error(e, path, glossary.GlossaryDataError)
            record("glossary", "refused")
            return
        assert terms and all(t.english and t.portuguese for t in terms)
        record("glossary", "ok")

    check()
