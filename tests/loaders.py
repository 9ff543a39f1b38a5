"""Every file loader of every game, in one table, with the kinds of bad input each must refuse cleanly (issue 35).

A :class:`Loader` names a loader, the file name it reads, the error class it raises and a valid sample text (a
shipped file or a save racebook wrote). The bad-input classes (:data:`BAD_VALUES`: deep nesting, integers of
thousands of digits, huge and non-finite numbers) are written into a sample at any value's place, in the file's own
syntax (TOML or JSON). tests/test_loader_bad_input.py runs every class on every loader; a new loader is one more
row of :data:`LOADERS`.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLACE = "@@bad-value@@"  # a string put where the bad value goes, then replaced by its text


@dataclass(frozen=True)
class Loader:
    name: str  # "<game> <what>"
    filename: str  # the name the loader needs (a board's id is its file name)
    fmt: str  # "toml" or "json"
    load: Callable[[Path], object]
    error: type[Exception]
    sample: Callable[[], str]


def _read(rel: str) -> Callable[[], str]:
    return lambda: (ROOT / rel).read_text(encoding="utf-8")


@functools.cache
def _rf90_save() -> str:
    from racebook.rf90 import scenario
    return scenario.load("ex05").race.to_json()


@functools.cache
def _season_save() -> str:
    from racebook.rf90.championship import SeasonRun, load_season
    from racebook.rf90.championship.savefile import to_json
    return to_json(SeasonRun(load_season("mini"), 0))


@functools.cache
def _auto_save() -> str:
    from racebook.automobiles.saves import dumps
    from racebook.automobiles.scenario import read
    return dumps(read("auto_ex25").race(frames=False))


@functools.cache
def _auto_season_save() -> str:
    from racebook.automobiles.game import Race
    from racebook.automobiles.saves import dumps
    from racebook.automobiles.setup import new_state
    race = Race(new_state(3, seed=4, season=3), frames=False)
    for _ in range(6):
        race.apply(race.legal_actions()[0])
    return dumps(race)


def _loaders() -> list[Loader]:
    from racebook.automobiles import board, cards, cubes, sponsors
    from racebook.automobiles import saves as auto_saves
    from racebook.automobiles import scenario as auto_scenario
    from racebook.core.errors import DataError, DeckDataError, SaveDataError, ScenarioError, TrackDataError
    from racebook.formulagp import scenario as fgp_scenario
    from racebook.rf90 import glossary, trackfile
    from racebook.rf90 import saves as rf90_saves
    from racebook.rf90 import scenario as rf90_scenario
    from racebook.rf90.cards import load_race_deck
    from racebook.rf90.championship import oddsfile, savefile, seasonfile
    from racebook.rf90.rules.qualifying import load_robot_chits

    def track(p: Path) -> object:
        trackfile.clear_cache()
        return trackfile.load_track(p)

    def gloss(p: Path) -> object:
        glossary._load_file.cache_clear()
        return glossary.load(p)

    return [
        Loader("rf90 scenario", "s.toml", "toml", rf90_scenario.load, ScenarioError,
               _read("racebook/rf90/scenarios/ex05.toml")),
        Loader("rf90 track", "monza.toml", "toml", track, TrackDataError, _read("tracks/rf90/monza.toml")),
        Loader("rf90 race deck", "deck.toml", "toml", load_race_deck, DeckDataError,
               _read("racebook/rf90/data/race_deck.toml")),
        Loader("rf90 robot chits", "chits.toml", "toml", load_robot_chits, DeckDataError,
               _read("racebook/rf90/data/robot_chits.toml")),
        Loader("rf90 glossary", "glossary.toml", "toml", gloss, glossary.GlossaryDataError,
               _read("racebook/rf90/data/glossary.toml")),
        Loader("rf90 season file", "season.toml", "toml", seasonfile.load_season, seasonfile.SeasonDataError,
               _read("racebook/rf90/data/seasons/mini.toml")),
        Loader("rf90 saved race", "race.json", "json", rf90_saves.load, SaveDataError, _rf90_save),
        Loader("rf90 saved season", "season.json", "json", savefile.load, savefile.SeasonSaveError, _season_save),
        Loader("rf90 title odds", "title_odds_mini.json", "json",
               lambda p: oddsfile.load("title_odds_mini", Path(p).parent),
               oddsfile.OddsFileError, _read("racebook/rf90/data/precomputed/title_odds_mini.json")),
        Loader("automobiles scenario", "s.toml", "toml", auto_scenario.read, ScenarioError,
               _read("racebook/automobiles/scenarios/auto_ex25.toml")),
        Loader("automobiles board", "teaching.toml", "toml", board.load_board_file, DataError,
               _read("racebook/automobiles/data/boards/teaching.toml")),
        Loader("automobiles cubes", "cubes.toml", "toml", lambda p: cubes.load_components(cubes_file=p), DataError,
               _read("racebook/automobiles/data/cubes.toml")),
        Loader("automobiles setup", "setup.toml", "toml", lambda p: cubes.load_components(setup_file=p), DataError,
               _read("racebook/automobiles/data/setup.toml")),
        Loader("automobiles cards", "cards.toml", "toml", cards.load_cards, DataError,
               _read("racebook/automobiles/data/cards.toml")),
        Loader("automobiles sponsors", "sponsors.toml", "toml", sponsors.load_sponsors, DataError,
               _read("racebook/automobiles/data/sponsors.toml")),
        Loader("automobiles saved race", "race.json", "json", auto_saves.load, SaveDataError, _auto_save),
        Loader("automobiles saved season", "season.json", "json", auto_saves.load, SaveDataError, _auto_season_save),
        Loader("formulagp scenario", "s.toml", "toml", fgp_scenario.read, ScenarioError,
               _read("racebook/formulagp/scenarios/fgp_ex10_green_in_sixth_gear.toml")),
    ]


LOADERS = _loaders()


# ------------------------------------------------------------------ writing a document back, with a bad value in it
def toml_value(v: Any) -> str:
    """A value as TOML (tables inline): the tiny writer of every file fuzzer."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def toml_text(doc: dict[str, Any]) -> str:
    """A document as TOML text, one top-level key a line (tomllib reads it back equal)."""
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in doc.items())


def write(doc: dict[str, Any], fmt: str, bad: str = "") -> str:
    """``doc`` as TOML or JSON text, the string :data:`PLACE` (wherever it is) replaced by the text ``bad``."""
    if fmt == "json":
        text = json.dumps(doc)
    else:
        text = toml_text(doc)
    return text.replace(json.dumps(PLACE), bad)


def parse(text: str, fmt: str) -> Any:
    import tomllib
    return json.loads(text) if fmt == "json" else tomllib.loads(text)


def slots(obj: Any, out: list[tuple[Any, Any]] | None = None) -> list[tuple[Any, Any]]:
    """Every (container, key-or-index) of a parsed document, depth first."""
    out = [] if out is None else out
    if isinstance(obj, dict):
        for k in list(obj):
            out.append((obj, k))
            slots(obj[k], out)
    elif isinstance(obj, list):
        for i in range(len(obj)):
            out.append((obj, i))
            slots(obj[i], out)
    return out


def nested_lists(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_tables(depth: int, fmt: str) -> str:
    return ('{"a": ' if fmt == "json" else "{a = ") * depth + "1" + "}" * depth


#: The bad-value classes of issue 35 item 7 and 8: name -> the value's text in a TOML or JSON document.
BAD_VALUES: dict[str, Callable[[str], str]] = {
    "nested lists 40 deep": lambda fmt: nested_lists(40),
    "nested lists 3000 deep": lambda fmt: nested_lists(3000),
    "nested lists 200000 deep": lambda fmt: nested_lists(200_000),
    "nested tables 40 deep": lambda fmt: nested_tables(40, fmt),
    "nested tables 3000 deep": lambda fmt: nested_tables(3000, fmt),
    "integer of 25 digits": lambda fmt: "9" * 25,
    "integer of 4000 digits": lambda fmt: "9" * 4000,
    "integer of 5000 digits": lambda fmt: "-" + "9" * 5000,
    "integer of 100000 digits": lambda fmt: "1" * 100_000,
    "hex integer of 20000 digits": lambda fmt: "0x" + "f" * 20_000 if fmt == "toml" else "7" * 20_000,
    "number 1e19": lambda fmt: "1e19",
    "number 1e400": lambda fmt: "1e400",
    "nan": lambda fmt: "nan" if fmt == "toml" else "NaN",
    "inf": lambda fmt: "-inf" if fmt == "toml" else "-Infinity",
}
