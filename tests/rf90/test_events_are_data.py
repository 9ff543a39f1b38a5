"""Events are data (issue 15 item 4): every rule step appends a typed event whose fields are values — ints, bools,
enums, card / car / section codes, tuples of them — and whose sentence (citing the digest) is derived from them.

Checked on every shipped scenario and on long seeded races: no engine step emits a free-text ``Note``; a field that
holds words is one its class names in ``PROSE``; ``to_dict()`` is JSON-ready and keeps a tuple of codes as one
space-joined string (the shape the string fields had).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import fields
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from racebook.rf90 import events as ev
from racebook.rf90 import scenario
from racebook.rf90.analysis import simulate
from racebook.rf90.car import Strategy, Tyre

ROOT = Path(__file__).resolve().parents[2]
ALLOWED_NOTES = 0  # engine steps that may still emit a free-text Note


def _code(v: Any) -> bool:
    """A value: not words. A string is a code (a car, card, section, trajectory id) when it has no blank."""
    if v is None or isinstance(v, bool | int | Enum):
        return True
    if isinstance(v, str):
        return not re.search(r"\s", v)
    if isinstance(v, tuple):
        return all(_code(x) for x in v)
    return False


def problems(events: Iterable[ev.Event]) -> list[str]:
    out = []
    notes = 0
    for e in events:
        notes += isinstance(e, ev.Note)
        for f in fields(e):
            v = getattr(e, f.name)
            if f.name == "rule":  # the section the event cites, e.g. "§8, §17.3 A"
                ok = isinstance(v, str) and (not v or v.startswith("§") or v.startswith("AMB"))
            elif f.name in type(e).PROSE:
                ok = v is None or isinstance(v, str)
            else:
                ok = _code(v)
            if not ok:
                out.append(f"{e.kind}.{f.name} = {v!r} is not a value ({e.sentence()})")
        d = e.to_dict()
        json.dumps(d)
        assert d["kind"] == e.kind and d["sentence"] == e.sentence() == f"{e.body()} — {e.citation}"
    if notes > ALLOWED_NOTES:
        out.append(f"{notes} Note event(s), {ALLOWED_NOTES} allowed")
    return out


@pytest.mark.parametrize("name", scenario.available())
def test_scenario_events_are_typed_values(name: str) -> None:
    race = scenario.load(name).race
    assert problems(race.events) == []


@pytest.mark.parametrize(("track", "seed", "driver", "tyre", "strategy"), [
    ("silverstone", 7, "greedy", Tyre.SOFT, Strategy.HAZARD),
    ("teaching", 3, "random", Tyre.HARD, Strategy.SAVE_TYRES),
    ("silverstone", 11, "random", Tyre.RAIN, Strategy.PUSH),
])
def test_long_seeded_race_events_are_typed_values(track: str, seed: int, driver: str, tyre: Tyre,
                                                  strategy: Strategy) -> None:
    race, result = simulate.one_race(track, seed, players=3, driver=driver, tyre=tyre, strategy=strategy)
    assert race.state.finished and len(race.events) > 500
    assert problems(race.events) == []


def test_tuple_fields_serialise_as_before() -> None:
    """A tuple of codes reads (and serialises) the way the old string field did."""
    e = ev.FrozenCardsReturned("Blue", ("R14", "R22"))
    assert e.sentence() == "Blue takes back the frozen duel cards R14 R22 — §12.2"
    assert e.to_dict() == {"kind": "FrozenCardsReturned", "car": "Blue", "cards": "R14 R22",
                           "sentence": "Blue takes back the frozen duel cards R14 R22 — §12.2"}
    f = ev.RaceFinished(12, "Blue", ("Blue", "Red"))
    assert f.to_dict()["classification"] == "Blue, Red"
    assert ev.RobotTyres(Tyre.RAIN).to_dict()["tyre"] == "rain"


def test_to_dict_keeps_the_keys_of_the_string_fields() -> None:
    """Fields that became values or properties still appear in to_dict() under their old names."""
    race = scenario.load("ex28").race
    seen: dict[str, set[str]] = {}
    for e in race.events:
        seen.setdefault(e.kind, set()).update(e.to_dict())
    old = {"GameTurnStarted": {"turn", "note"}, "LeaderToken": {"car", "section", "why", "rule"},
           "SectionActivated": {"section", "label", "cars", "verb", "why", "rule", "part"},
           "CardDrawn": {"car", "card", "why", "rule"}, "CardsPlayed": {"car", "cards", "mp", "extra"},
           "TurnEnds": {"car", "section", "extra"}}
    for kind, keys in old.items():
        if kind in seen:
            assert keys <= seen[kind], (kind, keys - seen[kind])
    assert ev.FlagEvent("Blue", ev.FlagStep.DECLINED, "yellow").to_dict()["what"] == "declines the yellow flag"
    assert ev.DamageTaken("Blue", "red", ev.Damage.DUEL, 3, "§12.2").to_dict()["why"] == "duel collision"
    assert ev.Retired("Blue", ev.Retirement.CRASH_OUT).to_dict()["why"] == "Crash Out"
    played = ev.CardsPlayed("Blue", ("R12", "R15"), (3, 4), (57, 22), 7)
    assert played.to_dict()["cards"] == "R12[3](57) R15[4](22)" and played.cards == ("R12", "R15")
    assert played.sentence() == "Blue plays R12[3](57) R15[4](22) for 7 MP — §13.C"


# views, lessons, experiments and notebooks read fields, never a sentence or a citation
SENTENCE_PARSING = re.compile(
    r"\.citation\s*(==|!=|\bin\b)|\bin\s+\w+\.citation"  # a citation compared or searched
    r"|\.(text|sentence\(\)|body\(\))(\.lower\(\))?\.(startswith|endswith|split)\b"  # a sentence cut up
    r"|\bin\s+(e|ev|event|n|t)\.(text|what|why|sentence\(\)|body\(\))"  # a sentence searched
    r"|re\.\w+\(.*\.(sentence\(\)|body\(\))"  # a regex over a sentence
    r"|isinstance\(\w+, (ev\.)?Note\)|\"(Note|DuelEvent)\"")  # the free-text kinds
READERS = ["racebook/rf90/ui", "racebook/ui", "racebook/rf90/lessons", "racebook/rf90/analysis", "notebooks"]


@pytest.mark.parametrize("folder", READERS)
def test_no_reader_parses_a_sentence_or_a_citation(folder: str) -> None:
    hits = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}"
            for p in sorted((ROOT / folder).rglob("*.py"))
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if SENTENCE_PARSING.search(line)]
    assert hits == []
