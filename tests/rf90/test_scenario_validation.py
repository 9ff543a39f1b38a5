"""Issue 14, scenario files: every bad key is a ScenarioError naming the file, the dotted field and the reason;
an impossible position is refused, not loaded; a track path is resolved against the scenario's directory and only
a regular file is read.

One regression test per numbered bug this surface owned (3, 7, 10, 11) and the track-path security item; the
fuzzers are in tests/rf90/fuzz/test_fuzz_scenarios.py.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from racebook.core.errors import ScenarioError
from racebook.rf90 import scenario
from racebook.rf90.integrity import problems
from racebook.rf90.trackfile import load_track

# A position scenario (the README's example) and a [setup] scenario (Ex. 5's three drivers).
POSITION = """\
[scenario]
id = "t"
track = "teaching"
seed = 7
position = "teaching turn=3 | E: Green*{played} | I: Blue"
actions = ["Blue start", "Blue play R79", "Blue test 1 blind"]

[cars.Blue]
hand = ["R79", "R55"]
target = "R83"
chips = 10
strategy = "save_tyres"

[deck]
stack = ["R01", "R42"]
"""

SETUP = """\
[scenario]
id = "s"
track = "silverstone"
seed = 5

[setup]
drivers = [
  { id = "Orange", refuel = 10, qualify = "R13" },
  { id = "Blue", refuel = 8, qualify = "R74" },
]
robots = [["SuperFast1", "superfast"], ["Fast1", "fast"]]

[deck]
stack = ["R13", "R55", "R56", "R57", "R63", "R64", "R74", "R76", "R77", "R78", "R85", "R87"]
"""


def write(tmp_path: Path, text: str, name: str = "sc.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path: Path, text: str) -> ScenarioError:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as e:
        scenario.load(path)
    assert e.value.file == str(path), e.value
    assert str(e.value).startswith(f"{path}: {e.value.field}: ")
    return e.value


def edit(base: str, old: str, new: str) -> str:
    assert old in base, old
    return base.replace(old, new, 1)


def test_the_base_scenarios_load(tmp_path: Path) -> None:
    for text in (POSITION, SETUP):
        race = scenario.load(write(tmp_path, text)).race
        assert problems(race.state) == []


# ------------------------------------------------------------------------- bug 3: duplicate ids lose cards
def test_bug3_a_driver_listed_twice_is_refused(tmp_path: Path) -> None:
    """Issue 14 bug 3: driver Blue twice used to load and silently lose 6 cards (one hand overwrote the other)."""
    text = edit(SETUP, '{ id = "Blue", refuel = 8, qualify = "R74" },',
                '{ id = "Blue", refuel = 8, qualify = "R74" }, { id = "Blue", refuel = 8 },')
    e = refused(tmp_path, text)
    assert e.field == "setup.drivers[2].id" and "named twice" in e.reason


def test_bug3_a_robot_listed_twice_is_refused(tmp_path: Path) -> None:
    e = refused(tmp_path, edit(SETUP, '["Fast1", "fast"]', '["Fast1", "fast"], ["Fast1", "fast"]'))
    assert e.field == "setup.robots[2][0]" and "named twice" in e.reason


# ------------------------------------------------------------------------- bug 7: wrong types
_BLUE_PANEL = '[cars.Blue]\nhand = ["R79", "R55"]\ntarget = "R83"\nchips = 10\nstrategy = "save_tyres"\n'
BUG7 = [
    # (what, scenario text, field)
    ("actions = [1]", edit(POSITION, 'actions = ["Blue start", "Blue play R79", "Blue test 1 blind"]',
                           "actions = [1]"), "scenario.actions[0]"),
    ("hand = [[]]", edit(POSITION, 'hand = ["R79", "R55"]', "hand = [[]]"), "cars.Blue.hand[0]"),
    ("deck = 7", "deck = 7\n" + edit(POSITION, '[deck]\nstack = ["R01", "R42"]\n', ""), "deck"),
    ("[bag] stack = [true]", edit(POSITION, "[deck]", "[bag]\nstack = [true]\n[deck]"), "bag.stack[0]"),
    ("cars = 0", "cars = 0\n" + edit(POSITION, _BLUE_PANEL, ""), "cars"),
    ("assumed = 7", edit(POSITION, "seed = 7\n", "seed = 7\nassumed = 7\n"), "scenario.assumed"),
    ("refuel = []", edit(POSITION, "chips = 10", "chips = 10\nrefuel = []"), "cars.Blue.refuel"),
    ("refuel = [] in [setup]", edit(SETUP, "refuel = 10,", "refuel = [],"), "setup.drivers[0].refuel"),
    ("seed = [] in [setup]", edit(SETUP, "seed = 5", "seed = []"), "scenario.seed"),
    ('kind = "alien"', edit(POSITION, "chips = 10", 'chips = 10\nkind = "alien"'), "cars.Blue.kind"),
    ('robots = [["X"]]', edit(SETUP, 'robots = [["SuperFast1", "superfast"], ["Fast1", "fast"]]', 'robots = [["X"]]'),
     "setup.robots[0]"),
    ("time_loss = 1.5", edit(POSITION, "chips = 10", "chips = 10\ntime_loss = 1.5"), "cars.Blue.time_loss"),
    ("skill = 3", edit(POSITION, "chips = 10", "chips = 10\nskill = 3"), "cars.Blue.skill"),
    ("chips = []", edit(POSITION, "chips = 10", "chips = []"), "cars.Blue.chips"),
    ("[race] orange = {}", edit(POSITION, "[deck]", "[race]\norange = {}\n[deck]"), "race.orange"),
    ('setup = {tyres = "6"}', edit(POSITION, "chips = 10", 'chips = 10\nsetup = {tyres = "6"}'),
     "cars.Blue.setup.tyres"),
    ("blue = []", edit(POSITION, "chips = 10", "chips = 10\nblue = []"), "cars.Blue.blue"),
]


@pytest.mark.parametrize("what, text, field", BUG7, ids=[c[0] for c in BUG7])
def test_bug7_wrong_types_are_scenario_errors(tmp_path: Path, what: str, text: str, field: str) -> None:
    """Issue 14 bug 7: each of these ended in a traceback; now a ScenarioError names the field."""
    e = refused(tmp_path, text)
    assert e.field == field, (what, str(e))


# ------------------------------------------------------------------------- bug 10: impossible values
BUG10 = [
    ("a deck stack naming a card twice", POSITION, 'stack = ["R01", "R42"]', 'stack = ["R01", "R01"]',
     "deck.stack[1]", "twice"),
    ("an unknown key in [deck]", POSITION, 'stack = ["R01", "R42"]', 'stack = ["R01", "R42"]\nstak = []',
     "deck.stak", "unknown key"),
    ("an unknown key in [bag]", POSITION, "[deck]", "[bag]\nstacks = []\n[deck]", "bag.stacks", "unknown key"),
    ("an unknown key in [track_deck]", POSITION, "[deck]", "[track_deck]\nx = 1\n[deck]", "track_deck.x",
     "unknown key"),
    ("an unknown key in a driver's setup", SETUP, "refuel = 10,", "refuel = 10, setup = { tyre = 10 },",
     "setup.drivers[0].setup.tyre", "unknown key"),
    ("an unknown key in a car's setup", POSITION, "chips = 10", "chips = 10\nsetup = { card = 6 }",
     "cars.Blue.setup.card", "unknown key"),
    ("refuel = 0", POSITION, "chips = 10", "chips = 10\nrefuel = 0", "cars.Blue.refuel", "out of range"),
    ("refuel = -3", POSITION, "chips = 10", "chips = 10\nrefuel = -3", "cars.Blue.refuel", "out of range"),
    ("a driver's refuel = 0", SETUP, "refuel = 10,", "refuel = 0,", "setup.drivers[0].refuel", "out of range"),
    ("negative chips", POSITION, "chips = 10", "chips = -1", "cars.Blue.chips", "out of range"),
    ("huge chips", POSITION, "chips = 10", "chips = 9223372036854775807", "cars.Blue.chips", "out of range"),
    ("NaN chips", POSITION, "chips = 10", "chips = nan", "cars.Blue.chips", "not an integer"),
    ("negative blue tokens", POSITION, "chips = 10", "chips = 10\nblue = -2", "cars.Blue.blue", "out of range"),
    ("huge blue tokens", POSITION, "chips = 10", "chips = 10\nblue = 1000000", "cars.Blue.blue", "out of range"),
    ("negative time loss", POSITION, "chips = 10", "chips = 10\ntime_loss = -1", "cars.Blue.time_loss",
     "out of range"),
    ("NaN time loss", POSITION, "chips = 10", "chips = 10\ntime_loss = nan", "cars.Blue.time_loss",
     "not an integer"),
    ("setup = {cards = 99}", POSITION, "chips = 10", "chips = 10\nsetup = { cards = 99 }", "cars.Blue.setup",
     "§6.2"),
    ("a driver's setup = {cards = 99}", SETUP, "refuel = 10,", "refuel = 10, setup = { cards = 99 },",
     "setup.drivers[0].setup", "§6.2"),
    ("a [setup] scenario with [cars]", SETUP, "[setup]", "[cars.Blue]\nchips = 3\n\n[setup]", "cars", "ignored"),
    ("a [setup] scenario with [race]", SETUP, "[setup]", "[race]\nrestart = true\n\n[setup]", "race", "ignored"),
    ("a [setup] scenario with [bag]", SETUP, "[setup]", '[bag]\nstack = ["red"]\n\n[setup]', "bag", "ignored"),
    ("a [setup] scenario with [track_deck]", SETUP, "[setup]", "[track_deck]\nstack = []\n\n[setup]", "track_deck",
     "ignored"),
    ("a [setup] scenario with a position", SETUP, "seed = 5", 'seed = 5\nposition = "silverstone | Copse: Blue"',
     "scenario.position", "no position"),
    ("more red draws stacked than the bag holds", POSITION, "[deck]", "[bag]\nstack = " + str(["red"] * 25)
     .replace("'", '"') + "\n[deck]", "bag.stack", "24 red"),
    ("a robot with a hand", POSITION, "[deck]", '[cars.Green]\nkind = "robot"\nrobot = "slow"\nhand = ["R02"]\n'
     "[deck]", "cars.Green.hand", "robot"),
]


@pytest.mark.parametrize("what, base, old, new, field, reason", BUG10, ids=[c[0] for c in BUG10])
def test_bug10_impossible_values_are_refused(tmp_path: Path, what: str, base: str, old: str, new: str, field: str,
                                             reason: str) -> None:
    """Issue 14 bug 10: these loaded silently (cards doubled, keys ignored, chips negative); now refused."""
    e = refused(tmp_path, edit(base, old, new))
    assert (e.field, reason in e.reason) == (field, True), (what, str(e))


def test_bug10_a_card_in_two_places_is_refused(tmp_path: Path) -> None:
    """§6.1: a card is in one place: a hand card cannot also be stacked on the deck."""
    e = refused(tmp_path, edit(POSITION, 'stack = ["R01", "R42"]', 'stack = ["R01", "R79"]'))
    assert e.field == "deck.stack" and "R79" in e.reason


# ------------------------------------------------------------------------- bug 11: messages
def test_bug11_the_tenth_strategy_names_file_and_field(tmp_path: Path) -> None:
    """Issue 14 bug 11: RuleUnavailable for strategy = "tenth" in [setup] named no file or field."""
    e = refused(tmp_path, edit(SETUP, "refuel = 10,", 'refuel = 10, strategy = "tenth",'))
    assert e.field == "setup.drivers[0].strategy" and "NOT IN SOURCE" in e.reason


def test_bug11_sixth_sense_names_file_and_field(tmp_path: Path) -> None:
    e = refused(tmp_path, edit(SETUP, "refuel = 10,", 'refuel = 10, skill = "sixth_sense",'))
    assert e.field == "setup.drivers[0].skill" and "NOT IN SOURCE" in e.reason


def test_bug11_a_driver_id_equal_to_a_robot_id_says_so(tmp_path: Path) -> None:
    """Issue 14 bug 11: this gave the misleading "has 0 cards in hand"."""
    e = refused(tmp_path, edit(SETUP, '["Fast1", "fast"]', '["Blue", "fast"]'))
    assert e.field == "setup.drivers[1].id"
    assert "both a driver and a robot" in e.reason and "cards in hand" not in e.reason


# ------------------------------------------------------------------------- security: track paths
def test_a_track_path_is_resolved_against_the_scenario_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14 security: ``track = "…"`` as a path is relative to the scenario file, not the current directory."""
    src = Path(load_track("teaching").file)
    (tmp_path / "boards").mkdir()
    shutil.copy(src, tmp_path / "boards" / "mine.toml")
    text = POSITION.replace('track = "teaching"', 'track = "boards/mine.toml"').replace("teaching turn", "mine turn")
    path = write(tmp_path, text)
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # boards/mine.toml does not exist here
    race = scenario.load(path).race
    assert race.state.track.id == "mine"
    assert Path(race.state.track.file) == (tmp_path / "boards" / "mine.toml").resolve()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_track_path_to_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """Issue 14 security: a FIFO used to block forever; only a regular file is opened."""
    os.mkfifo(tmp_path / "pipe.toml")
    e = refused(tmp_path, POSITION.replace('track = "teaching"', 'track = "pipe.toml"'))
    assert e.field == "scenario.track" and "not a regular file" in e.reason


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_track_path_to_a_device_is_refused(tmp_path: Path) -> None:
    """Issue 14 security: /dev/zero used to exhaust memory."""
    e = refused(tmp_path, POSITION.replace('track = "teaching"', 'track = "/dev/zero"'))
    assert e.field == "scenario.track" and "not a regular file" in e.reason


def test_a_track_path_to_a_directory_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    e = refused(tmp_path, POSITION.replace('track = "teaching"', 'track = "dir.toml"'))
    assert e.field == "scenario.track" and "directory" in e.reason
    e = refused(tmp_path, POSITION.replace('track = "teaching"', 'track = "nope/none.toml"'))
    assert e.field == "scenario.track" and "no such file" in e.reason


def test_a_huge_track_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from racebook.core import datafile

    monkeypatch.setattr(datafile, "MAX_BYTES", 100)
    monkeypatch.setattr(datafile.read_text, "__kwdefaults__", {"max_bytes": 100})
    shutil.copy(load_track("teaching").file, tmp_path / "big.toml")
    e = refused(tmp_path, POSITION.replace('track = "teaching"', 'track = "big.toml"'))
    assert e.field == "scenario.track" and "too large" in e.reason


def test_a_non_utf8_scenario_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b'[scenario]\nid = "\xff"\n')
    with pytest.raises(ScenarioError) as e:
        scenario.load(path)
    assert (e.value.file, e.value.field) == (str(path), "<file>") and "UTF-8" in e.value.reason


@pytest.mark.parametrize("name, reason", [
    ("x" * 300, "no such file"), ("a\x00b", "no such file"), ("/dev/zero", "not a regular file"),
    (".", "is a directory"),
])
def test_a_scenario_name_that_is_no_file_is_a_clean_error(name: str, reason: str) -> None:
    """A name too long for the file system, with a NUL, a device or a directory: one ScenarioError, no traceback."""
    if name == "/dev/zero" and not Path(name).exists():
        pytest.skip("needs /dev/zero")
    with pytest.raises(ScenarioError) as e:
        scenario.load(name)
    assert e.value.field == "<file>" and reason in e.value.reason


@pytest.mark.parametrize("track", ["x" * 300, "teaching\n", "", "a\x00b", "tea ching"])
def test_a_track_that_is_neither_an_id_nor_a_path_is_refused(tmp_path: Path, track: str) -> None:
    """A 300-character id used to reach the track search as a raw OSError (file name too long)."""
    raw = {"scenario": {"id": "t", "track": track, "position": "teaching | A: Blue"}}
    with pytest.raises(ScenarioError) as e:
        scenario.build(raw, "f.toml")
    assert e.value.field == "scenario.track" and "neither a track id" in e.value.reason


def test_an_odd_key_is_quoted_in_the_field_path(tmp_path: Path) -> None:
    """Found by the fuzzer: an empty table name gave an empty field. Keys that are not bare are quoted as in TOML."""
    e = refused(tmp_path, POSITION + '\n[""]\nstack = []\n')
    assert e.field == '""' and "unknown table" in e.reason
    e = refused(tmp_path, POSITION + '\n[cars."a.b"]\nchips = 1\n')
    assert e.field == 'cars."a.b"' and "not in the position" in e.reason
