"""Fuzzing saved races (issue 14): tampered real saves (current and racebook-race/1 format), random JSON and random
text either fail with a SaveDataError naming ``<save>`` and a field, or load a race that passes racebook.rf90.integrity
— never a raw Python exception, never a conservation break.

    make fuzz                          # 50x the examples
    RACEBOOK_FUZZ_REPORT=1 .venv/bin/python -m pytest tests/rf90/fuzz/test_fuzz_saves.py -s   # print the counts
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import random_setup
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from mutate import junk, mutate

from racebook.core.errors import RacebookError, SaveDataError
from racebook.rf90 import scenario
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems

pytestmark = pytest.mark.fuzz

COUNTS: Counter[str] = Counter()
SCENARIOS = ("ex05", "ex11", "ex15", "ex28", "ex31", "ex39")


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    if os.environ.get("RACEBOOK_FUZZ_REPORT"):
        print(f"\nsave fuzz: {dict(sorted(COUNTS.items()))}")


@functools.cache
def saves() -> dict[str, dict[str, Any]]:
    """Real saves: shipped scenarios after their actions, and two random legal games (40 steps) on the teaching
    track; each also in the racebook-race/1 form (track id, no final state)."""
    races = {name: scenario.load(name).race for name in SCENARIOS}
    for seed in (1, 2):
        rnd = random.Random(seed)
        race = scenario.build(random_setup(rnd))
        for _ in range(40):
            legal = race.legal_actions()
            if not legal:
                break
            race.apply(rnd.choice(legal))
        races[f"random{seed}"] = race
    out = {}
    for name, race in races.items():
        data = json.loads(race.to_json())
        out[name] = data
        out[f"{name}/v1"] = {"format": "racebook-race/1", "track": data["track"]["id"], "initial": data["initial"],
                             "actions": data["actions"]}
    return out


def check_text(text: Any, what: str) -> None:
    """The promise: a SaveDataError naming <save> and a field, or a sound race."""
    COUNTS["inputs"] += 1
    try:
        race = Race.from_json(text, frames=False)
    except RacebookError as e:
        assert isinstance(e, SaveDataError), (what, repr(e))
        assert e.file == "<save>" and e.field and e.reason, (what, str(e))
        COUNTS["refused"] += 1
        return
    bad = problems(race.state)
    assert bad == [], (what, bad)
    COUNTS["loaded"] += 1


def test_every_base_save_loads() -> None:
    for name, data in saves().items():
        race = Race.from_json(json.dumps(data))
        assert problems(race.state) == [], name


@fuzz_settings(120)
@given(data=st.data(), n=st.integers(1, 3))
def test_tampered_saves_fail_cleanly_or_load_sound(data: st.DataObject, n: int) -> None:
    """Drop, duplicate, retype, swap, insert junk or boundary numbers (-1, huge, NaN) anywhere in a real save."""
    name = data.draw(st.sampled_from(sorted(saves())), label="save")
    doc: Any = saves()[name]
    edits = []
    for _ in range(n):
        doc, what = mutate(doc, data)
        edits.append(what)
    check_text(json.dumps(doc), f"{name}: {'; '.join(edits)}")


@fuzz_settings(60)
@given(data=st.data())
def test_tampered_initial_states_fail_cleanly_or_load_sound(data: st.DataObject) -> None:
    """The same edits aimed at the initial state of an old-format save (no final state to catch them): the
    validator and the replay must refuse what the rules make impossible."""
    name = data.draw(st.sampled_from(sorted(k for k in saves() if k.endswith("/v1"))), label="save")
    doc = dict(saves()[name])
    doc["initial"], what = mutate(doc["initial"], data)
    check_text(json.dumps(doc), f"{name}: initial: {what}")


@fuzz_settings(40)
@given(value=junk)
def test_random_json_fails_cleanly(value: Any) -> None:
    check_text(json.dumps(value), repr(value))


@fuzz_settings(40)
@given(text=st.text(max_size=200))
def test_random_text_fails_cleanly(text: str) -> None:
    check_text(text, repr(text))


@fuzz_settings(30)
@given(data=st.data())
def test_truncated_saves_fail_cleanly(data: st.DataObject) -> None:
    text = json.dumps(saves()[data.draw(st.sampled_from(sorted(saves())), label="save")])
    check_text(text[:data.draw(st.integers(0, len(text) - 1), label="cut")], "truncated")


def outcome(text: str) -> tuple[str, str]:
    """What loading ``text`` gives: the error's class and message, or the loaded race's final state."""
    try:
        race = Race.from_json(text, frames=False)
    except RacebookError as e:
        return type(e).__name__, str(e)
    return "loaded", json.dumps(race.state.to_dict(), sort_keys=True)


_CARD = re.compile(r"\b[RT]\d\d\b")


@fuzz_settings(60)
@given(data=st.data())
def test_a_corrupted_action_gets_the_error_the_full_listing_gives(data: st.DataObject) -> None:
    """Issue 16: a save's actions are checked by the handler that would list them, without the full listing
    (Race.apply_recorded). An action corrupted into another well-formed one (a card, a number or the car changed,
    two actions swapped, one dropped or doubled) gets the same result — the same SaveDataError, message included,
    or the same race — as when every action is checked against the whole listing (Race.apply)."""
    name = data.draw(st.sampled_from(sorted(k for k, v in saves().items() if not k.endswith("/v1") and v["actions"])),
                     label="save")
    doc = copy.deepcopy(saves()[name])
    actions: list[str] = doc["actions"]
    i = data.draw(st.integers(0, len(actions) - 1), label="action")
    how = data.draw(st.sampled_from(["card", "number", "car", "swap", "drop", "double"]), label="how")
    cards = sorted({c for a in actions for c in _CARD.findall(a)} | {"R01", "R50", "T01"})
    words = actions[i].split()
    if how == "card" and _CARD.search(actions[i]):
        actions[i] = _CARD.sub(lambda m: data.draw(st.sampled_from(cards), label="card"), actions[i], count=1)
    elif how == "number" and any(ch.isdigit() for ch in actions[i]):
        k = data.draw(st.sampled_from([j for j, ch in enumerate(actions[i]) if ch.isdigit()]), label="digit")
        actions[i] = actions[i][:k] + str(data.draw(st.integers(0, 9), label="to")) + actions[i][k + 1:]
    elif how == "car":
        cars = sorted({a.split()[0] for a in actions})
        actions[i] = " ".join([data.draw(st.sampled_from(cars), label="car")] + words[1:])
    elif how == "swap" and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif how == "drop":
        del actions[i]
    else:
        actions.insert(i, actions[i])
    text = json.dumps(doc)
    got = outcome(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Race, "apply_recorded", Race.apply)
        listed = outcome(text)
    assert got == listed, (name, i, how, actions[i] if i < len(actions) else None)
    if got[0] != "loaded":
        assert got[0] == "SaveDataError"
        COUNTS["corrupted action refused"] += 1
