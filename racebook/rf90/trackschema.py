"""The track file schema (``tracks/rf90/SCHEMA.md``): its keys and the typed field readers of the track validator.

:class:`FieldReader` holds the primitives every part of the validator uses — a table with known keys, an array, a
string, a name, an integer in range, a boolean, an enum, a ``source``/``sources`` provenance — each raising
:class:`~racebook.core.errors.TrackDataError` with the file, a dotted field path and a reason. The parts of the file
are read by :class:`racebook.rf90.trackroutes.RouteParser` (off-track routes and trajectories) and
:class:`racebook.rf90.trackparser.TrackParser` (the whole file); :mod:`racebook.rf90.trackfile` finds and loads files.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from enum import Enum
from typing import Any, NoReturn, TypeVar

from racebook.core.errors import TrackDataError
from racebook.core.fields import short
from racebook.rf90.track import (
    INVENTED,
    NodeKind,
    WeatherSpace,
)
from racebook.rf90.trackexpansion import EXPANSION_TOP_KEYS, EXPANSION_TRAJ_KEYS, SOURCE_PREFIXES

SCHEMA_VERSION = 1

_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_TRAJ_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_RANGE_RE = re.compile(r"^\s*([0-9]{1,2})\s*(?:-\s*([0-9]{1,2})\s*)?$")  # ASCII digits (fields.ascii_int)
_LAPS_RE = re.compile(r"^[0-9]+(-[0-9]+)?$")
_MANUAL_PREFIX = "manual:"

E = TypeVar("E", bound=Enum)

# --------------------------------------------------------------------------- keys

_TOP_KEYS = {
    "schema", "name", "description", "source", "sources", "pit", "weather", "turns",
    "sections", "corners", "trajectories", "routes", "grid", "track_cards", "view",
    "layout",  # issue 17: racebook/rf90/layouttable.py
} | EXPANSION_TOP_KEYS
_TOP_REQUIRED = ("schema", "name", "pit", "weather", "turns", "sections", "corners", "grid")
_SECTION_KEYS = {"name", "type", "corner", "lb_modifier", "lb_route", "source", "sources"}
_CORNER_KEYS = {"number", "name", "duel_modifier", "sections", "source", "sources"}
_TRAJ_KEYS = {
    "id", "section", "kind", "colours", "bonus", "cost", "lateral", "test_modifier", "recovery",
    "source", "sources",
} | EXPANSION_TRAJ_KEYS
_COST_KEYS = {"tyres", "damage", "cards"}
_ROUTE_KEYS = {"start", "nodes", "source", "sources"}
_NODE_KEYS: dict[NodeKind, set[str]] = {
    NodeKind.TEST: {"kind", "test", "modifier", "on_pass", "on_fail", "source"},
    NodeKind.EFFECTS: {"kind", "effects", "next", "source"},
    NodeKind.REENTRY: {"kind", "section", "source"},
    NodeKind.BACK_ON_TRACK: {"kind", "source"},
    NodeKind.RETIRE: {"kind", "safety_car", "crash_out", "source"},
}
_NODE_REQUIRED: dict[NodeKind, tuple[str, ...]] = {
    NodeKind.TEST: ("test", "modifier", "on_pass", "on_fail"),
    NodeKind.EFFECTS: ("effects", "next"),
    NodeKind.REENTRY: ("section",),
    NodeKind.BACK_ON_TRACK: (),
    NodeKind.RETIRE: (),
}
_TERMINAL = {NodeKind.REENTRY, NodeKind.BACK_ON_TRACK, NodeKind.RETIRE}
_EFFECT_KEYS = {"kind", "amount"}
_PIT_KEYS = {"time", "source", "sources"}
_WEATHER_KEYS = {"rain_side", "spaces", "source", "sources"}
_SPACE_KEYS = {"range", "condition", "source", "sources"}
_TURNS_KEYS = {"spaces", "source"}
_TURN_SPACE_KEYS = {"turn", "laps", "stage_start"}
_GRID_KEYS = {"section", "cars", "source", "sources"}
_CARD_BOOL_KEYS = ("weather", "combination", "minus_one")
_CARD_LIST_KEYS = ("tests", "corners", "powers")


# --------------------------------------------------------------------------- helpers


def _allowed(values: Iterable[str]) -> str:
    return ", ".join(repr(v) for v in values)


class FieldReader:
    """The typed readers of one file's fields. Every check raises TrackDataError(file, field, reason)."""
    def __init__(self, file: str, track_id: str) -> None:
        self.file = file
        self.track_id = track_id
        self.sources: dict[str, str] = {}

    # -- primitives -----------------------------------------------------------

    def fail(self, field: str, reason: str) -> NoReturn:
        raise TrackDataError(self.file, field, reason)

    def table(self, raw: Any, where: str, keys: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(raw, dict):
            self.fail(where, f"must be a table, got {_kind(raw)} {short(raw)}")
        for key in raw:
            if key not in keys:
                near = difflib.get_close_matches(key, sorted(keys), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else "."
                self.fail(f"{where}.{key}", f"unknown key {key!r}{hint} Allowed keys: {', '.join(sorted(keys))}")
        for key in required:
            if key not in raw:
                self.fail(f"{where}.{key}", f"missing required key {key!r}")
        return raw

    def array(self, raw: Any, where: str, *, nonempty: bool = True) -> list[Any]:
        if not isinstance(raw, list):
            self.fail(where, f"must be an array, got {_kind(raw)} {short(raw)}")
        if nonempty and not raw:
            self.fail(where, "must not be empty")
        return raw

    def string(self, raw: Any, where: str) -> str:
        if not isinstance(raw, str) or not raw.strip():
            self.fail(where, f"{short(raw)} must be a non-empty string")
        return raw

    def name(self, raw: Any, where: str, what: str, pattern: re.Pattern[str] = _NAME_RE) -> str:
        if not isinstance(raw, str) or not pattern.match(raw):
            extra = "letters, digits, '_', '-' and '.'" if pattern is _TRAJ_ID_RE else "letters, digits, '_' and '-'"
            self.fail(where, f"{short(raw)} is not a valid {what}: use {extra}, starting with a letter or digit")
        return raw

    def integer(self, raw: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            self.fail(where, f"{short(raw)} must be an integer{_bounds(lo, hi)}")
        if (lo is not None and raw < lo) or (hi is not None and raw > hi):
            self.fail(where, f"{short(raw)} must be an integer{_bounds(lo, hi)}")
        return raw

    def boolean(self, raw: Any, where: str) -> bool:
        if not isinstance(raw, bool):
            self.fail(where, f"{short(raw)} must be true or false")
        return raw

    def enum(self, raw: Any, where: str, enum: type[E]) -> E:
        try:
            return enum(raw)
        except (ValueError, TypeError):
            self.fail(where, f"{short(raw)} is not one of {_allowed(e.value for e in enum)}")

    def source(self, raw: Any, where: str) -> str:
        if not isinstance(raw, str):
            self.fail(where, f"{short(raw)} must be a string: {INVENTED!r} or 'manual: <citation>'")
        if raw == INVENTED:
            return raw
        for prefix in (_MANUAL_PREFIX, *SOURCE_PREFIXES):
            if raw.startswith(prefix) and raw[len(prefix):].strip():
                return raw
        self.fail(where, f"{short(raw)} is not a valid source: use {INVENTED!r}, 'manual: <citation>', "
                         "'expansion1: <citation>' or 'derived: <derivation>', e.g. 'manual: Ex. 16 (§30)'")

    def provenance(self, raw: dict[str, Any], where: str, key: str, default: str | None = None,
                   ids: tuple[str, ...] = ()) -> str:
        """Check ``source``/``sources`` of a table and record per-field provenance under ``key``.

        ``ids`` are identifier keys (a section's ``name``, a trajectory's ``id``): names the file
        gives to things, not board values, so they carry no provenance.
        """
        if "source" in raw:
            src = self.source(raw["source"], _join(where, "source"))
        elif default is not None:
            src = default
        else:
            self.fail(_join(where, "source"),
                      f"missing; every table needs source = {INVENTED!r} or 'manual: <citation>' "
                      "(tracks/rf90/SCHEMA.md)")
        overrides: dict[str, Any] = {}
        if "sources" in raw:
            overrides = raw["sources"]
            if not isinstance(overrides, dict) or not overrides:
                self.fail(_join(where, "sources"), f"{short(overrides)} must be a non-empty table of field = source")
            for field_name, value in overrides.items():
                if field_name in ("source", "sources", *ids) or field_name not in raw:
                    present = sorted(k for k in raw if k not in ("source", "sources", *ids))
                    self.fail(_join(where, f"sources.{field_name}"),
                              f"{field_name!r} is not a field set in this table; fields: {', '.join(present)}")
                value = self.source(value, _join(where, f"sources.{field_name}"))
                if value != INVENTED and src == INVENTED:
                    self.fail(_join(where, f"sources.{field_name}"),
                              f"{short(value)} on a table whose source is {INVENTED!r}; a table holding a value the "
                              "manual states has source = the manual citation and marks its invented fields "
                              f"as {INVENTED!r} in sources")
        self.sources[key] = src
        for field_name in raw:
            if field_name not in ("source", "sources", *ids):
                self.sources[f"{key}.{field_name}"] = overrides.get(field_name, src)
        return src

    def top_provenance(self, raw: dict[str, Any]) -> None:
        """``source``/``sources`` at the top level cover ``name`` and ``description``."""
        top: dict[str, Any] = {k: raw[k] for k in ("name", "description", "source", "sources") if k in raw}
        self.provenance(top, "", "track")
        self.sources.pop("track")
        for k in ("name", "description"):
            if f"track.{k}" in self.sources:
                self.sources[k] = self.sources.pop(f"track.{k}")


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(v: Any) -> str:
    return {dict: "a table", list: "an array", str: "a string", bool: "a boolean", int: "an integer",
            float: "a float"}.get(type(v), type(v).__name__)


def _bounds(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" in {lo}..{hi}"
    if lo is not None:
        return f" ≥ {lo}"
    if hi is not None:
        return f" ≤ {hi}"
    return ""


def _label(s: WeatherSpace) -> str:
    return s.label()


def _describe(s: dict[str, Any]) -> str:
    c = f" of corner {s['corner']}" if s["corner"] is not None else ""
    return f"a {s['type'].value} section{c}"


def _run(idx: list[int], n: int) -> list[int] | None:
    """The section indices ``idx`` in race order if they form one run on the loop (it may cross the
    finish line), else None."""
    s = sorted(idx)
    breaks = [k for k in range(len(s)) if (s[(k + 1) % len(s)] - s[k]) % n != 1]
    if len(s) == n:
        return s
    if len(breaks) != 1:
        return None
    start = (breaks[0] + 1) % len(s)
    return s[start:] + s[:start]
