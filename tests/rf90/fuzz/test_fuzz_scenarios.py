"""Fuzzing scenario files (issue 14): mutated shipped scenarios and random TOML or bytes either fail with a
ScenarioError naming the file and a field, or load (and play) a race that passes racebook.rf90.integrity — never a raw
Python exception, never a conservation break.

    make fuzz                          # 50x the examples
    RACEBOOK_FUZZ_REPORT=1 .venv/bin/python -m pytest tests/rf90/fuzz/test_fuzz_scenarios.py -s   # print the counts
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

from racebook.core.errors import RacebookError, ScenarioError
from racebook.rf90 import scenario
from racebook.rf90.integrity import problems

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


# ------------------------------------------------------------------------- meaningful values in meaningful places
CODES = st.sampled_from([f"R{i:02d}" for i in range(1, 100)] + [f"T{i:02d}" for i in range(1, 13)] + ["R100", "T00"])
CAR_IDS = st.sampled_from(["Blue", "Red", "Green", "Orange", "Yellow", "Purple", "Black", "Pink", "SuperFast1",
                           "Fast1", "Slow1", "Ghost"])
SECTIONS = st.sampled_from(["A", "C", "E", "G", "I", "L", "Copse", "Stowe", "Start", "Rettifilo", "Nowhere"])
SMALL = st.integers(-3, 40)
PANEL = {
    "hand": st.lists(CODES, max_size=8), "frozen": st.lists(CODES, max_size=3), "target": CODES,
    "chips": SMALL, "blue": st.integers(-1, 5), "time_loss": st.integers(-1, 6), "soft_sets": st.integers(-1, 3),
    "refuel": SMALL, "tyre": st.sampled_from(["soft", "hard", "intermediate", "rain", "slick"]),
    "strategy": st.sampled_from(["save_tyres", "banging_wheels", "lucky", "push", "chase", "save_fuel", "tenth",
                                 "hazard", "balance", "recovery", "nitro"]),
    "skill": st.sampled_from(["reflexes", "qualify", "tuning", "rain_expert", "sixth_sense", "lapping", "magic"]),
    "wear": st.lists(st.sampled_from(["red", "brown", "green"]), max_size=7),
    "setup": st.fixed_dictionaries({}, optional={"tyres": st.sampled_from([7, 8, 10, 12]),
                                                 "cards": st.sampled_from([5, 6, 7, 99]),
                                                 "wear": st.sampled_from([4, 5, 6])}),
    "kind": st.sampled_from(["human", "robot"]), "robot": st.sampled_from(["superfast", "fast", "slow", "turbo"]),
}
RACE = {
    "blue_flags": st.lists(CAR_IDS, max_size=3), "orange": CAR_IDS, "restart": st.booleans(),
    "robot_tyre": st.sampled_from(["hard", "rain", "soft", "slick"]), "safety_car": SECTIONS,
    "robot_chits": st.lists(st.tuples(st.sampled_from(["superfast", "fast", "slow"]), SMALL).map(list), max_size=3),
    "level": st.sampled_from(["basic", "advanced", "expert", "", "Basic"]) | SMALL,  # Expansion #1 §4.7
}
STACKS = {"deck": st.lists(CODES, max_size=6), "track_deck": st.lists(CODES, max_size=4),
          "bag": st.lists(st.sampled_from(["red", "brown"]), max_size=32)}
DRIVER = {"id": CAR_IDS, "skill": PANEL["skill"], "setup": PANEL["setup"], "refuel": SMALL, "qualify": CODES,
          "tyre": PANEL["tyre"], "strategy": PANEL["strategy"], "mulligan": st.booleans()}


def semantic_edit(doc: dict[str, Any], data: st.DataObject) -> str:
    """Put a value of the right kind (but maybe impossible: a card already used, -1 chips, a 7th wear token) on a
    car's panel, in [race], a stack, or a [setup] driver or robot."""
    import copy

    if "setup" in doc:
        drivers = doc["setup"].setdefault("drivers", [])
        if data.draw(st.booleans(), label="robot?"):
            robots = doc["setup"].setdefault("robots", [])
            robots.append([data.draw(CAR_IDS, label="rid"), data.draw(RACE["robot_chits"].map(
                lambda x: x[0][0] if x else "fast"), label="rtype")])
            return "add a robot"
        if drivers and data.draw(st.booleans(), label="dup?"):
            drivers.append(copy.deepcopy(data.draw(st.sampled_from(drivers), label="driver")))
            return "duplicate a driver"
        key = data.draw(st.sampled_from(sorted(DRIVER)), label="key")
        if not drivers:
            drivers.append({"id": "Blue"})
        i = data.draw(st.integers(0, len(drivers) - 1), label="i")
        drivers[i][key] = data.draw(DRIVER[key], label="value")
        return f"setup.drivers[{i}].{key}"
    where = data.draw(st.sampled_from(["cars", "race", "stack"]), label="where")
    if where == "stack":
        key = data.draw(st.sampled_from(sorted(STACKS)), label="key")
        doc[key] = {"stack": data.draw(STACKS[key], label="value")}
        return f"{key}.stack"
    if where == "race":
        key = data.draw(st.sampled_from(sorted(RACE)), label="key")
        doc.setdefault("race", {})[key] = data.draw(RACE[key], label="value")
        return f"race.{key}"
    ids = [t.split(":")[-1] for t in doc["scenario"]["position"].split("|")[1:]]
    cars = sorted({w.strip("*").split("-")[0].split("@")[0].split("{")[0] for t in ids for w in t.split()} - {"(Y)"})
    cid = data.draw(st.sampled_from(cars or ["Blue"]), label="car")
    key = data.draw(st.sampled_from(sorted(PANEL)), label="key")
    doc.setdefault("cars", {}).setdefault(cid, {})[key] = data.draw(PANEL[key], label="value")
    return f"cars.{cid}.{key}"


@fuzz_settings(150)
@given(name=st.sampled_from(sorted(SHIPPED)), data=st.data(), n=st.integers(1, 4))
def test_impossible_panels_stacks_and_drivers_are_refused(name: str, data: st.DataObject, n: int) -> None:
    """Values of the right type in the right place, often impossible (a card in two places, a token the bag does
    not hold, a driver twice): a ScenarioError, or a race that passes the validator and plays its actions."""
    import copy

    doc = copy.deepcopy(SHIPPED[name])
    edits = [semantic_edit(doc, data) for _ in range(n)]
    check_file(write(toml_dumps(doc)), f"{name}: {'; '.join(edits)}")
