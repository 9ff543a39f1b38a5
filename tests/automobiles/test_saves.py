"""Automobiles saves: a game in progress (a race, a draft, a Season between races, a card effect half done) saves and
resumes exactly (the same position, legal actions and future draws); a damaged save is one clean SaveDataError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.automobiles import saves
from racebook.automobiles.agents import BuilderDriver, GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.scenario import load
from racebook.automobiles.setup import new_state
from racebook.core.agents import RandomDriver, play_out
from racebook.core.errors import SaveDataError


def _same_future(a: Race, b: Race, steps: int = 200) -> None:
    assert a.position() == b.position() and a.state.rng.state == b.state.rng.state
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    play_out(a, GreedyDriver(), max_steps=steps)
    play_out(b, GreedyDriver(), max_steps=steps)
    assert a.position() == b.position()


@fuzz_settings(12)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 1500), season=st.booleans(), draft=st.booleans())
def test_a_game_in_progress_resumes_exactly(seed: int, steps: int, season: bool, draft: bool) -> None:
    r = Race(new_state(2 + seed % 3, seed=seed, season=3 if season else 0, draft=draft), frames=False)
    play_out(r, RandomDriver(seed) if seed % 2 else BuilderDriver(), max_steps=steps)
    back = saves.loads(saves.dumps(r), frames=False)
    assert [str(a) for a in back.actions] == [str(a) for a in r.actions]
    _same_future(r, back)


def test_a_scenario_with_stacked_draws_and_an_effect_in_progress(tmp_path: Path) -> None:
    r = load("auto_ex01_maintenance_crew", frames=False)
    r2 = r.at(1, frames=False)  # inside the card's effect
    assert r2.state.turn is not None and r2.state.turn.pending is not None
    path = tmp_path / "g.json"
    saves.save(r2, path)
    back = saves.load(path, frames=False)
    assert json.loads(path.read_text())["format"] == "racebook-automobiles/1"
    _same_future(r2, back)
    assert Race.from_json(r.to_json(), frames=False).position() == r.position()


def _mutations(text: str) -> list[tuple[str, str]]:
    d = json.loads(text)
    out = []

    def put(path: list, value: object) -> str:
        doc = json.loads(text)
        at = doc
        for k in path[:-1]:
            at = at[k]
        at[path[-1]] = value
        return json.dumps(doc)

    out.append(("<json>", text[:-5]))
    out.append(("<json>", "[]"))
    out.append(("format", put(["format"], "racebook-race/2")))
    out.append(("nope", json.dumps({**d, "nope": 1})))
    out.append(("actions", json.dumps({k: v for k, v in d.items() if k != "actions"})))
    out.append(("initial.position", put(["initial", "position"], d["initial"]["position"].replace("stock", "stok"))))
    out.append(("initial.position", put(["initial", "position"], 5)))
    out.append(("initial.rng", put(["initial", "rng"], -1)))
    out.append(("initial.stacks", put(["initial", "stacks"], {"Z": ["W"]})))
    out.append(("actions[0]", put(["actions", 0], "A fly")))
    out.append(("actions", put(["actions"], "A pass")))
    out.append(("final.position", put(["final", "position"], d["final"]["position"].replace("r", "R", 1))))
    out.append(("final.rng", put(["final", "rng"], d["final"]["rng"] ^ 1)))
    return out


def test_damaged_saves_get_one_clean_error(tmp_path: Path) -> None:
    r = Race(new_state(3, seed=2), frames=False)
    play_out(r, GreedyDriver(), max_steps=60)
    for field, text in _mutations(saves.dumps(r)):
        with pytest.raises(SaveDataError) as e:
            saves.loads(text)
        assert e.value.field.startswith(field), (field, str(e.value))
        assert "\n" not in str(e.value)
    with pytest.raises(SaveDataError, match="<file>"):
        saves.load(tmp_path / "missing.json")


@fuzz_settings(60)
@given(data=st.data())
def test_random_damage_is_a_save_data_error(data: st.DataObject) -> None:
    r = Race(new_state(2, seed=5), frames=False)
    play_out(r, GreedyDriver(), max_steps=30)
    text = saves.dumps(r)
    i = data.draw(st.integers(0, len(text) - 1))
    ch = data.draw(st.sampled_from(list('{}[]",:0123456789 ABXrW|@-')))
    damaged = text[:i] + ch + text[i + 1:]
    try:
        saves.loads(damaged, frames=False)
    except SaveDataError as e:
        assert "\n" not in str(e)
