"""Issue 14, saved races (racebook.rf90.saves): a save is self-contained and validated like a scenario.

Bug 5: ``from_json("")``, ``"[]"``, ``{"format": "racebook-race/1"}`` raised raw exceptions, and tampered saves
(duplicated cards, negative chips, ``turn = 0``) loaded. Bug 6: ``to_json()`` stored only the track id, so a race
on a track loaded from a path could not be reloaded, or reloaded against the shipped track of the same name.
The fuzzer is tests/rf90/fuzz/test_fuzz_saves.py.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from racebook.core.errors import SaveDataError
from racebook.rf90 import scenario
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems
from racebook.rf90.savefile import FORMAT, track_digest
from racebook.rf90.state import RaceState
from racebook.rf90.trackfile import clear_cache, load_track


def saved(name: str = "ex39") -> tuple[Race, dict[str, Any]]:
    race = scenario.load(name).race
    return race, json.loads(race.to_json())


def refused(text: Any, file: str = "<save>") -> SaveDataError:
    with pytest.raises(SaveDataError) as e:
        Race.from_json(text)
    assert e.value.file == file and e.value.field, e.value
    return e.value


# ------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("name", ["ex05", "ex31", "ex39", "ex11"])
def test_a_save_reloads_to_the_same_state_and_replays(name: str) -> None:
    """Replaying the saved actions reproduces the saved final state, and saving again gives the same save."""
    race, data = saved(name)
    assert data["format"] == FORMAT and data["final"] == json.loads(json.dumps(race.state.to_dict()))
    again = Race.from_json(race.to_json())
    assert again.state.to_dict() == race.state.to_dict() and again.position() == race.position()
    assert json.loads(again.to_json()) == data
    assert problems(again.state) == []
    assert [str(a) for a in again.actions] == data["actions"]


def test_an_old_save_with_only_the_track_id_still_loads() -> None:
    """Public interface: racebook-race/1 saves (track id, initial state, actions) keep loading."""
    race, data = saved("ex31")
    old = {"format": "racebook-race/1", "track": data["track"]["id"], "initial": data["initial"],
           "actions": data["actions"]}
    assert Race.from_json(json.dumps(old)).state.to_dict() == race.state.to_dict()


def test_a_save_file_loads_and_errors_name_its_path(tmp_path: Path) -> None:
    race, _ = saved("ex31")
    path = tmp_path / "race.json"
    path.write_text(race.to_json(), encoding="utf-8")
    assert Race.from_file(str(path)).position() == race.position()
    path.write_text("{", encoding="utf-8")
    with pytest.raises(SaveDataError) as e:
        Race.from_file(str(path))
    assert (e.value.file, e.value.field) == (str(path), "<json>")
    with pytest.raises(SaveDataError) as e:
        Race.from_file(str(tmp_path))
    assert (e.value.file, e.value.field) == (str(tmp_path), "<file>")


# ------------------------------------------------------------------------- bug 5: validated like a scenario
@pytest.mark.parametrize("text, field", [
    ("", "<json>"), ("[]", "<json>"), ("{", "<json>"), ("NaN", "<json>"), ("[" * 100000, "<json>"),
    ('{"format": "racebook-race/1"}', "track"), ('{"format": "racebook-race/9"}', "format"), ("{}", "format"),
    ('{"format": "racebook-race/2"}', "track"),
])
def test_bug5_malformed_saves_are_save_data_errors(text: str, field: str) -> None:
    """Issue 14 bug 5: JSONDecodeError, AttributeError, KeyError before; now one typed error naming the field."""
    assert refused(text).field == field


def test_bug5_a_save_that_is_not_text_is_refused() -> None:
    assert refused(None).field == "<json>"  # type: ignore[arg-type]


def tamper(change: Any, name: str = "ex39") -> SaveDataError:
    _, data = saved(name)
    change(data)
    return refused(json.dumps(data))


def _dup_card(d: dict[str, Any]) -> None:
    car = next(c for c in d["initial"]["cars"] if c["hand"])
    car["hand"].append(car["hand"][0])


def _set(path: str, value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        keys = [int(k) if k.isdigit() else k for k in re.split(r"\.", path)]
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]] = value
    return change


@pytest.mark.parametrize("what, change, field, reason", [
    ("a duplicated card", _dup_card, "initial.cars.Blue.hand[1]", "also at"),
    ("a lost card", lambda d: d["initial"]["race_deck"]["pile"].pop(), "initial.cards", "nowhere"),
    ("negative chips", _set("initial.cars.0.chips", -1), "initial.cars.Blue.chips", "out of range"),
    ("turn = 0", _set("initial.turn", 0), "initial.turn", "out of range"),
    ("a string turn", _set("initial.turn", "3"), "initial.turn", "not an integer"),
    ("a float turn", _set("initial.turn", 3.0), "initial.turn", "not an integer"),
    ("a boolean chip count", _set("initial.cars.0.chips", True), "initial.cars[0].chips", "not an integer"),
    ("an unknown tyre", _set("initial.cars.0.tyre", "slick"), "initial.cars[0].tyre", "not one of"),
    ("a missing key", lambda d: d["initial"].pop("bag"), "initial.bag", "missing"),
    ("an extra wear token", lambda d: d["initial"]["cars"][0]["wear"].append("red"), "initial.bag.red", "§2.2"),
    ("a card of no deck", _set("initial.cars.0.target", "R999"), "initial.cars.Blue.target", "no card"),
    ("an unknown house rule", _set("initial.rules.turbo", True), "initial.rules.turbo", "unknown house rule"),
    ("a car in no section", _set("initial.cars.0.section", "Nowhere"), "initial.cars.Blue.section", "not a section"),
    ("an unknown top-level key", _set("extra", 1), "extra", "unknown key"),
    ("an illegal action", lambda d: d["actions"].insert(0, "Blue pit 9"), "actions[0]", "Blue pit 9"),
    ("an action that is not text", lambda d: d["actions"].insert(0, 7), "actions[0]", "not a string"),
    ("a final state that does not replay", _set("final.cars.0.chips", 3), "final.cars[0].chips",
     "replaying the saved actions"),
    ("a missing final state", lambda d: d.pop("final"), "final", "missing"),
])
def test_bug5_tampered_saves_are_refused(what: str, change: Any, field: str, reason: str) -> None:
    """Issue 14 bug 5: tampered saves (duplicated cards, negative chips, turn = 0, …) loaded; now refused."""
    e = tamper(change)
    assert (e.field, reason in e.reason) == (field, True), (what, str(e))


def test_the_saves_doc_quotes_a_real_save_error() -> None:
    """docs/saves.md "Saved races" (moved from the README): the example error is what a save with -1 chips gives."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "saves.md").read_text(encoding="utf-8")
    section = page.split("## Saved races", 1)[1].split("\n## ", 1)[0]
    quoted = re.search(r"`(<save>: initial\.cars\.Blue\.chips: [^`]*)`", section)
    assert quoted is not None
    e = tamper(_set("initial.cars.0.chips", -1), "ex39")
    assert " ".join(str(e).split()) == " ".join(quoted.group(1).split())


# ------------------------------------------------------------------------- bug 6: self-contained saves
@pytest.fixture
def edited_teaching(tmp_path: Path) -> Path:
    """A copy of the teaching track, with the same id ("teaching") but a different pit time."""
    src = Path(load_track("teaching").file).read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^time = -\d+", "time = -3", src)
    assert n == 1
    path = tmp_path / "elsewhere" / "teaching.toml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


def _race_on(track_path: Path) -> Race:
    raw = {"scenario": {"id": "t", "track": str(track_path), "seed": 3, "position": "teaching turn=2 | I: Blue"},
           "cars": {"Blue": {"hand": ["R79", "R55"], "target": "R83"}}}
    race = scenario.build(raw)
    race.apply("Blue start")
    return race


def test_bug6_a_race_on_a_track_file_reloads_on_that_track_not_the_shipped_one(edited_teaching: Path) -> None:
    """Issue 14 bug 6: the save embeds the track, so the edited copy (pit time 3) comes back, not the shipped
    teaching track of the same id, even once the copy is gone."""
    race = _race_on(edited_teaching)
    assert race.state.track.pit_time == 3 != load_track("teaching").pit_time
    text = race.to_json()
    edited_teaching.unlink()
    clear_cache()
    again = Race.from_json(text)
    assert again.state.track.pit_time == 3 and again.state.track.id == "teaching"
    assert track_digest(again.state.track) == track_digest(race.state.track)
    assert again.state.to_dict() == race.state.to_dict()
    assert json.loads(Race.from_json(again.to_json()).to_json())["track"]["digest"] == track_digest(race.state.track)


def test_bug6_a_save_without_the_track_text_never_loads_a_different_track(edited_teaching: Path) -> None:
    """A save whose track text was removed loads the shipped track of that id only if its data are identical."""
    data = json.loads(_race_on(edited_teaching).to_json())
    del data["track"]["toml"]
    e = refused(json.dumps(data))
    assert e.field == "track.digest" and "not the track this race was saved on" in e.reason


def test_bug6_an_altered_embedded_track_is_refused() -> None:
    _, data = saved("ex31")
    data["track"]["toml"] = data["track"]["toml"].replace("time = -8", "time = -7", 1)
    e = refused(json.dumps(data))
    assert e.field == "track.digest"


def test_a_save_names_a_track_by_id_never_by_path() -> None:
    """Issue 14 security: an old-format save's track is an id; a path (a device, a FIFO) is never opened."""
    _, data = saved("ex31")
    old = {"format": "racebook-race/1", "track": "/dev/zero", "initial": data["initial"], "actions": []}
    e = refused(json.dumps(old))
    assert e.field == "track" and "not a track id" in e.reason


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_save_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "race.json")
    with pytest.raises(SaveDataError) as e:
        Race.from_file(str(tmp_path / "race.json"))
    assert e.value.field == "<file>" and "not a regular file" in e.value.reason


def test_a_race_built_in_code_saves_by_id_and_digest() -> None:
    """A track with no file is saved by id and digest; it reloads where that id is the same track."""
    import dataclasses

    race = Race(RaceState.from_dict(_race_on_shipped().initial_state(),
                                    dataclasses.replace(load_track("teaching"), file="")))
    data = json.loads(race.to_json())
    assert "toml" not in data["track"] and data["track"]["digest"] == track_digest(load_track("teaching"))
    assert Race.from_json(race.to_json()).position() == race.position()


def _race_on_shipped() -> Race:
    return _race_on(Path(load_track("teaching").file))
