"""The tables of a scenario file (racebook.rf90.scenario): their known keys, and the checks that read each value
with a clean :class:`~racebook.core.errors.ScenarioError` naming the file and the dotted field (§6–§9 set-up values,
strategies §26 and skills §27, the track, house rules, stacked draws).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from racebook.core.datafile import read_text
from racebook.core.errors import DataError, NotYetImplemented, RacebookError, ScenarioError
from racebook.core.fields import as_bool, as_int, as_str, as_strs, field_key, kind_of, short
from racebook.core.registry import check_game_key
from racebook.rf90.car import CAR_ID, Setup, Skill, Strategy
from racebook.rf90.integrity import TRACK_ID, refuel_max
from racebook.rf90.options import Rules
from racebook.rf90.track import Track
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES

_TOP = {"scenario", "rules", "race", "cars", "deck", "track_deck", "bag", "setup"}
_SETUP_TOP = {"scenario", "rules", "deck", "setup"}  # what a [setup] scenario reads
_SETUP = {"drivers", "robots", "teams", "level"}
_TEAM = {"name", "cars", "robot_teammate"}  # [[setup.teams]] (Expansion #1 §5.1, §5.3)
_DRIVER = {"id", "skill", "setup", "refuel", "qualify", "tyre", "strategy", "mulligan"}
_RACE = {"blue_flags", "orange", "robot_tyre", "restart", "robot_chits", "safety_car", "level"}
_SCEN = {"id", "title", "cite", "track", "seed", "position", "assumed", "actions", "notebook", "description",
         "game"}  # game: optional, "rf90" (racebook.core.registry)
_CAR = {"kind", "robot", "hand", "target", "chips", "blue", "tyre", "strategy", "skill", "wear", "refuel", "setup",
        "time_loss", "frozen", "soft_sets"}
_ROBOT_CAR = {"kind", "robot"}  # §17.1: a robot has no panel
_STACK = {"stack"}
_SETUP_KEYS = ("tyres", "cards", "wear")


def _fail(f: str, field: str, reason: str) -> ScenarioError:
    return ScenarioError(f, field, reason)


def _table(f: str, field: str, v: Any, known: set[str] | None = None) -> dict[str, Any]:
    """``v`` must be a table whose keys are all in ``known``."""
    if not isinstance(v, dict):
        raise _fail(f, field, f"must be a table, not {kind_of(v)}")
    if known is not None:
        for k in v:
            if k not in known:
                raise _fail(f, f"{field}.{field_key(k)}", f"unknown key (known: {', '.join(sorted(known))})")
    return v


def _read(f: str, reader: Any, *args: Any) -> Any:
    """A typed reader of racebook.rf90.integrity, its DataError re-raised as this file's ScenarioError."""
    try:
        return reader(*args)
    except DataError as e:
        raise _fail(f, e.field, e.reason) from None


def _str(f: str, field: str, v: Any) -> str:
    return _read(f, as_str, v, field)


def _strs(f: str, field: str, v: Any, unique: bool = False) -> list[str]:
    return _read(f, as_strs, v, field, unique)


def _int(f: str, field: str, v: Any, lo: int | None = None, hi: int | None = None, why: str = "") -> int:
    return _read(f, as_int, v, field, lo, hi, why)


def _bool(f: str, field: str, v: Any) -> bool:
    return _read(f, as_bool, v, field)


def _car_id(f: str, field: str, v: Any) -> str:
    _str(f, field, v)
    if not CAR_ID.fullmatch(v):  # a car id as Race Position Notation and action texts read it
        raise _fail(f, field, f"{v!r} is not a car id (a letter, then letters, digits or _)")
    return v


def _check_top(raw: dict[str, Any], f: str) -> None:
    """The tables and the [scenario] keys of either kind of scenario, with their types."""
    _table(f, "<toml>", raw)
    for k in raw:
        if k not in _TOP:
            raise _fail(f, field_key(k), f"unknown table (known: {', '.join(sorted(_TOP))})")
    for k, v in raw.items():
        _table(f, field_key(k), v)
    if "scenario" not in raw:
        raise _fail(f, "scenario", "missing [scenario] table")
    sc = _table(f, "scenario", raw["scenario"], _SCEN)
    if "setup" in raw:
        for k in raw:
            if k not in _SETUP_TOP:
                raise _fail(f, field_key(k), f"a [setup] scenario starts before the race and reads only "
                                  f"{', '.join(f'[{t}]' for t in sorted(_SETUP_TOP))}; [{k}] would be ignored")
        if "position" in sc:
            raise _fail(f, "scenario.position", "a [setup] scenario has no position: the grid comes from "
                                                "qualifying (§7)")
    for k in ("id", "track") + (() if "setup" in raw else ("position",)):
        if k not in sc:
            raise _fail(f, f"scenario.{k}", "missing")
        _str(f, f"scenario.{k}", sc[k])
    for k in ("title", "cite", "notebook", "description"):
        if k in sc:
            _str(f, f"scenario.{k}", sc[k])
    for k in ("assumed", "actions"):
        if k in sc:
            _strs(f, f"scenario.{k}", sc[k])
    if "seed" in sc:
        _int(f, "scenario.seed", sc["seed"])
    check_game_key(sc, "rf90", f, ScenarioError)


def _track(f: str, name: str, base: Path | None) -> Track:
    """The scenario's track: an id on the track path, or a file path resolved against the scenario's directory
    (never the current directory). Only a regular file under the size cap is read (racebook.core.datafile)."""
    if "/" in name or os.sep in name or name.endswith(".toml"):
        p = Path(name)
        if not p.is_absolute() and base is not None:
            p = base / p
        try:
            read_text(p, ScenarioError)  # a device, FIFO, directory or huge file is refused before the loader
        except ScenarioError as e:
            raise _fail(f, "scenario.track", f"{name!r}: {e.reason}") from None
        name = str(p)
    elif not TRACK_ID.fullmatch(name):
        raise _fail(f, "scenario.track", f"{short(name)} is neither a track id (letters, digits, - and _, at most "
                                         "100) nor a path to a .toml file")
    try:
        return load_track(name)
    except RacebookError as e:
        raise _fail(f, "scenario.track", str(e)) from None


def _rules(raw: dict[str, Any], f: str) -> Rules:
    try:
        return Rules.from_dict(raw.get("rules", {}))
    except DataError as e:
        raise _fail(f, e.field, e.reason) from None


def _setup_table(f: str, field: str, v: Any, skill: Skill | None) -> Setup:
    """``{ tyres, cards, wear }``: integers with a §6.2 setup-token value, within the setup points."""
    t = _table(f, field, v, set(_SETUP_KEYS))
    vals = {k: _int(f, f"{field}.{k}", t.get(k, d), 0, 99) for k, d in zip(_SETUP_KEYS, (10, 6, 5), strict=True)}
    su = Setup(**vals)
    try:
        su.validate(skill)
    except RacebookError as e:
        raise _fail(f, field, str(e)) from None
    return su


def _strategy(f: str, field: str, v: Any) -> Strategy:
    _str(f, field, v)
    try:
        st = Strategy.parse(v)
    except RacebookError as e:  # RuleUnavailable: the 10th strategy (also a ValueError, so caught first)
        raise _fail(f, field, str(e)) from None
    except ValueError:
        raise _fail(f, field, f"{v!r} is not a strategy "
                              f"({', '.join(s.value for s in Strategy if s is not Strategy.TENTH)})") from None
    if st not in IMPLEMENTED_STRATEGIES:
        raise _fail(f, field, str(NotYetImplemented(
            f"{st.value}: its phase-B/phase-A rules are not played by this engine version yet")))
    return st


def _skill(f: str, field: str, v: Any) -> Skill:
    _str(f, field, v)
    try:
        return Skill.parse(v)
    except RacebookError as e:  # RuleUnavailable: SIXTH SENSE (also a ValueError, so caught first)
        raise _fail(f, field, str(e)) from None
    except ValueError:
        raise _fail(f, field, f"{v!r} is not a skill ({', '.join(s.value for s in Skill)})") from None


def _refuel_max(track: Track) -> int:
    return refuel_max(track.turns.last_turn)


def _stack_of(raw: dict[str, Any], f: str, key: str) -> list[str]:
    t = _table(f, key, raw.get(key, {}), _STACK)
    return _strs(f, f"{key}.stack", t.get("stack", []), unique=key != "bag")
