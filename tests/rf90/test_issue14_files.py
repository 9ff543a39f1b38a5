"""Issue 14, the file surfaces: track files, deck/data files, robot chits, the glossary.

Regression tests for bug 2 (stale per-track cache) and bug 4 (Track Card codes), and the promise that every
file is read through racebook.core.datafile: a bad file raises the right DataError subclass naming file and field.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from racebook.core.errors import ActionSyntaxError, DataError, DeckDataError, TrackDataError
from racebook.rf90 import actions as A
from racebook.rf90 import glossary, notation, trackfile
from racebook.rf90.actiontext import parse
from racebook.rf90.cards import DeckKind, card_code_problem, card_from_dict, is_card_code, load_race_deck
from racebook.rf90.rules import activation
from racebook.rf90.rules.qualifying import load_robot_chits
from racebook.rf90.state import RaceState

TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "rf90"
TEACHING = (TRACKS / "teaching.toml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _fresh_tracks():
    trackfile.clear_cache()
    yield
    trackfile.clear_cache()


def _write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    (p.write_bytes if isinstance(text, bytes) else p.write_text)(text)
    return p


# ------------------------------------------------------------------ bug 2: stale per-track cache
def test_bug2_a_second_track_with_the_same_id_gets_its_own_sections(tmp_path: Path) -> None:
    """An edited copy of teaching.toml (id ``teaching``, renamed sections) after the shipped one: the
    activation sweep uses the new track's sections, not a list cached under the id (was KeyError)."""
    shipped = trackfile.load_track("teaching")
    st = RaceState(shipped)
    notation.apply(notation.parse("teaching | E: Blue* | D: Red"), st)
    assert activation.sweep(st)[0].section == "E"
    trackfile.clear_cache()
    copy = _write(tmp_path, "teaching.toml", re.sub(r'"([A-Z])"', r'"S\1"', TEACHING))
    edited = trackfile.load_track(copy)
    assert edited.id == shipped.id == "teaching" and edited is not shipped
    st2 = RaceState(edited)
    notation.apply(notation.parse("teaching | SE: Blue* | SD: Red"), st2)
    assert [a.section for a in activation.sweep(st2)] == [f"S{a.section}" for a in activation.sweep(st)]
    nxt = activation.next_to_play(st2)
    assert nxt is not None and nxt.car == "Blue" and nxt.activation.section == "SE"
    # and back: the shipped track is not served the edited copy's sections either
    assert activation.sweep(st)[0].section == "E"


# ------------------------------------------------------------------ bug 4: Track Card codes
@pytest.mark.parametrize(("code", "why"), [
    ("R42", "Race Card code"), ("R7", "Race Card code"), ("T 1", "not a card code"), ("blind", "action grammar"),
    ("none", "action grammar"), ("NONE", "action grammar"), ("flat", "action grammar"), ("", "not a card code"),
    ("T,1", "not a card code"), ("T=1", "not a card code"), ("+T1", "not a card code"), ("7T", "not a card code"),
    ("T" * 17, "not a card code"), (7, "not a string"),
])
def test_bug4_track_card_codes_must_be_unique_across_decks_and_match_the_action_grammar(
        tmp_path: Path, code: object, why: str) -> None:
    bad = TEACHING.replace('code = "T01"', f"code = {_toml(code)}", 1)
    with pytest.raises(TrackDataError) as e:
        trackfile.load_track(_write(tmp_path, "bad.toml", bad))
    assert e.value.field == "track_cards[0].code" and why in e.value.reason


def _toml(v: object) -> str:
    return f'"{v}"' if isinstance(v, str) else repr(v)


def test_bug4_one_definition_of_a_card_code_for_the_parser_and_the_validators() -> None:
    """The action parser refuses exactly the words the deck validators refuse as codes."""
    for word in ("T 1", "blind", "none", "flat", "T,1", "T=1", "7T", ""):
        assert not is_card_code(word)
    for code in ("R42", "T07", "T1", "X_9"):
        assert is_card_code(code) and card_code_problem(code) is None
        assert parse(f"Blue discard {code}") == A.Discard("Blue", (code,))
    for text in ("Blue discard 42", "Blue play R13 +R45", "Blue pay chips=1 cards=R13,4x", "Blue take none",
                 "Blue play R13 et=blind", "Blue bid R13 7"):
        with pytest.raises(ActionSyntaxError) as e:
            parse(text)
        assert e.value.rule == "actions"
    # the reserved words keep their meaning
    assert parse("Blue test 1 blind") == A.Test("Blue", 1)
    assert parse("Blue bid none") == A.Bid("Blue")
    assert parse("Blue play R13 +traj et=flat").et == "flat"


def test_bug4_race_deck_codes_follow_the_same_definition(tmp_path: Path) -> None:
    deck = "[[cards]]\ncheck = 7\ncolour = \"red\"\nmp = 1\ncode = \"blind\"\n"
    with pytest.raises(DeckDataError) as e:
        load_race_deck(_write(tmp_path, "deck.toml", deck))
    assert e.value.field == "cards[0].code" and "action grammar" in e.value.reason
    with pytest.raises(DeckDataError) as e:
        card_from_dict({"code": "T9", "colour": "red", "mp": 1, "check": 9, "corners": 1}, DeckKind.TRACK, "f", "c")
    assert e.value.field == "c.corners"


# ------------------------------------------------------------------ every file through racebook.core.datafile
@pytest.mark.parametrize("loader,error", [
    (trackfile.load_track, TrackDataError), (load_race_deck, DeckDataError), (load_robot_chits, DeckDataError),
    (glossary.load, DataError),
])
def test_every_data_file_is_read_safely(tmp_path: Path, loader, error) -> None:
    """A directory, a device, a non-UTF-8 file, malformed TOML, a missing file: the loader's DataError subclass,
    naming the file and the field <file> / <toml>."""
    cases = [
        (tmp_path, "<file>", "directory"),
        (Path("/dev/zero"), "<file>", "not a regular file"),
        (_write(tmp_path, "latin1.toml", "name = 'Mon\xe7a'\n".encode("latin-1")), "<file>", "UTF-8"),
        (_write(tmp_path, "broken.toml", "name = \n"), "<toml>", "malformed TOML"),
        (tmp_path / "missing.toml", "<file>", "no such file"),
    ]
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.toml"
        os.mkfifo(fifo)
        cases.append((fifo, "<file>", "not a regular file"))
    for path, field, reason in cases:
        with pytest.raises(error) as e:
            loader(path)
        assert e.value.field == field and reason in e.value.reason, (path, e.value)
        assert e.value.file == str(path.resolve() if loader is trackfile.load_track else path)


def test_track_names_that_cannot_be_files_are_clean_errors() -> None:
    for name in ("x" * 300, "a\x00b", "../etc/passwd\x00", "no such track", "x" * 300 + ".toml"):
        with pytest.raises(TrackDataError) as e:
            trackfile.load_track(name)
        assert e.value.field == "<file>"


@pytest.mark.parametrize(("text", "field", "reason"), [
    ("chits = []\n", "chits", "non-empty"),
    ("[[chits]]\ntype = 'alien'\nvalues = [[1, 2, 8]]\n", "chits[0].type", "'alien'"),
    ("[[chits]]\ntype = 'fast'\nvalues = [[1, 2]]\n", "chits[0].values[0]", "[qualifying value"),
    ("[[chits]]\ntype = 'fast'\nvalues = [[1, 2, 9]]\n", "chits[0].values[0][2]", "turn 8, 10"),
    ("[[chits]]\ntype = 'fast'\nvalues = [[1, 0, 8]]\n", "chits[0].values[0][1]", "1..99"),
    ("[[chits]]\ntype = 'fast'\nvalues = [[1.5, 2, 8]]\n", "chits[0].values[0]", "integers"),
    ("[[chits]]\ntype = 'fast'\nvalues = [[1, 2, 8]]\n", "chits", "'superfast'"),
    ("[[chits]]\ntype = 'fast'\nvalue = [[1, 2, 8]]\n", "chits[0].value", "unknown key"),
    ("seed = 3\n", "seed", "unknown top-level key"),
])
def test_robot_chit_files_are_validated(tmp_path: Path, text: str, field: str, reason: str) -> None:
    with pytest.raises(DeckDataError) as e:
        load_robot_chits(_write(tmp_path, "chits.toml", text))
    assert e.value.field == field and reason in e.value.reason


def test_the_shipped_robot_chits_load() -> None:
    chits = load_robot_chits()
    assert sorted(len(v) for v in chits.values()) == [10, 10, 10]


@pytest.mark.parametrize(("text", "field"), [
    ("[[terms]]\nenglish = 1\nportuguese = 'x'\n", "terms[0].english"),
    ("terms = [1]\n", "terms[0]"),
    ("[[terms]]\nenglish = 'a'\nportuguese = 'b'\nnote = 'c'\n", "terms[0].note"),
    ("[[terms]]\nenglish = 'a'\nportuguese = 'b'\nnotes = []\n", "terms[0].notes"),
])
def test_glossary_files_are_validated(tmp_path: Path, text: str, field: str) -> None:
    with pytest.raises(glossary.GlossaryDataError) as e:
        glossary.load(_write(tmp_path, "g.toml", text))
    assert e.value.field == field
