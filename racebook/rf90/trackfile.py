"""Load and validate track files (``tracks/rf90/<id>.toml``) into :class:`racebook.rf90.track.Track`.

The file format is described in ``tracks/rf90/SCHEMA.md``. In short: one TOML file per
track, parsed with :mod:`tomllib`, validated completely. Every problem raises
:class:`racebook.core.errors.TrackDataError` with the file, a dotted field path such as
``sections[3].type`` or ``routes.abbey-lb.nodes.t1.on_pass``, and a reason that
quotes the bad value and says what is allowed.

Conventions the loader applies:

* **Pit time.** The file stores the value as printed on the board, a negative
  integer (``time = -8``). :attr:`Track.pit_time` stores it as the positive number
  of sections a pitting car goes back (``8``).
* **Re-entry points.** :attr:`Section.reentry` is derived: a section has a
  re-entry point when some off-track route has a ``reentry`` node naming it.
* **Provenance.** Every table carries ``source`` (``"invented-for-teaching"`` or
  ``"manual: <citation>"``); ``sources = {field = "..."}`` overrides it for single
  fields. The object's ``source`` attribute is the table's ``source``; the
  per-field provenance of every value is in :attr:`Track.sources`, keyed by a
  stable path (``sections.Stowe.type``, ``corners.3.duel_modifier``,
  ``trajectories.Vale.t1.bonus``, ``routes.abbey-lb.nodes.t1.modifier``,
  ``pit.time``, ``weather.rain_side``, ``weather.spaces.55-46.range``,
  ``turns.spaces``, ``grid.Pits-3.cars``, ``track_cards.T01``).

Track ids resolve to ``<id>.toml`` on a search path: the directory named by the
environment variable ``RACEBOOK_TRACKS`` (if set), then the repository's
``tracks/rf90/`` directory (when running from a checkout), else the copy installed
with the package (``racebook/_tracks/rf90``). Loaded tracks are cached per resolved
path; call :func:`clear_cache` after editing a file in a running session.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import tomllib
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from racebook.core.datafile import load_toml
from racebook.core.errors import DeckDataError, TrackDataError
from racebook.rf90.cards import Card, CardTest, Colour, DeckKind, TestKind, card_from_dict
from racebook.rf90.track import (
    INVENTED,
    Condition,
    Corner,
    Cost,
    Effect,
    EffectKind,
    GridSlot,
    NodeKind,
    Route,
    RouteNode,
    Section,
    SectionType,
    Track,
    Trajectory,
    TrajectoryKind,
    TurnIndicator,
    TurnSpace,
    WeatherSpace,
    WeatherTable,
)
from racebook.rf90.viewtable import parse_view

__all__ = ["load_track", "parse_track_text", "available_tracks", "track_dirs", "clear_cache", "SCHEMA_VERSION"]

SCHEMA_VERSION = 1
ENV_VAR = "RACEBOOK_TRACKS"
_REPO_TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "rf90"
_INSTALLED_TRACKS = Path(__file__).resolve().parents[1] / "_tracks" / "rf90"

_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_TRAJ_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_RANGE_RE = re.compile(r"^\s*(\d{1,2})\s*(?:-\s*(\d{1,2})\s*)?$")
_LAPS_RE = re.compile(r"^\d+(-\d+)?$")
_MANUAL_PREFIX = "manual:"

E = TypeVar("E", bound=Enum)

# --------------------------------------------------------------------------- keys

_TOP_KEYS = {
    "schema", "name", "description", "source", "sources", "pit", "weather", "turns",
    "sections", "corners", "trajectories", "routes", "grid", "track_cards", "view",
}
_TOP_REQUIRED = ("schema", "name", "pit", "weather", "turns", "sections", "corners", "grid")
_SECTION_KEYS = {"name", "type", "corner", "lb_modifier", "lb_route", "source", "sources"}
_CORNER_KEYS = {"number", "name", "duel_modifier", "sections", "source", "sources"}
_TRAJ_KEYS = {
    "id", "section", "kind", "colours", "bonus", "cost", "lateral", "test_modifier", "recovery",
    "source", "sources",
}
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


class _Parser:
    """Validates one parsed file. Every check raises TrackDataError(file, field, reason)."""

    def __init__(self, file: str, track_id: str) -> None:
        self.file = file
        self.track_id = track_id
        self.sources: dict[str, str] = {}

    # -- primitives -----------------------------------------------------------

    def fail(self, field: str, reason: str) -> NoReturn:
        raise TrackDataError(self.file, field, reason)

    def table(self, raw: Any, where: str, keys: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(raw, dict):
            self.fail(where, f"must be a table, got {_kind(raw)} {raw!r}")
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
            self.fail(where, f"must be an array, got {_kind(raw)} {raw!r}")
        if nonempty and not raw:
            self.fail(where, "must not be empty")
        return raw

    def string(self, raw: Any, where: str) -> str:
        if not isinstance(raw, str) or not raw.strip():
            self.fail(where, f"{raw!r} must be a non-empty string")
        return raw

    def name(self, raw: Any, where: str, what: str, pattern: re.Pattern[str] = _NAME_RE) -> str:
        if not isinstance(raw, str) or not pattern.match(raw):
            extra = "letters, digits, '_', '-' and '.'" if pattern is _TRAJ_ID_RE else "letters, digits, '_' and '-'"
            self.fail(where, f"{raw!r} is not a valid {what}: use {extra}, starting with a letter or digit")
        return raw

    def integer(self, raw: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            self.fail(where, f"{raw!r} must be an integer{_bounds(lo, hi)}")
        if (lo is not None and raw < lo) or (hi is not None and raw > hi):
            self.fail(where, f"{raw!r} must be an integer{_bounds(lo, hi)}")
        return raw

    def boolean(self, raw: Any, where: str) -> bool:
        if not isinstance(raw, bool):
            self.fail(where, f"{raw!r} must be true or false")
        return raw

    def enum(self, raw: Any, where: str, enum: type[E]) -> E:
        try:
            return enum(raw)
        except (ValueError, TypeError):
            self.fail(where, f"{raw!r} is not one of {_allowed(e.value for e in enum)}")

    def source(self, raw: Any, where: str) -> str:
        if not isinstance(raw, str):
            self.fail(where, f"{raw!r} must be a string: {INVENTED!r} or 'manual: <citation>'")
        if raw == INVENTED:
            return raw
        if raw.startswith(_MANUAL_PREFIX) and raw[len(_MANUAL_PREFIX):].strip():
            return raw
        self.fail(where, f"{raw!r} is not a valid source: use {INVENTED!r} or 'manual: <citation>', "
                         "e.g. 'manual: Ex. 16 (§30)'")

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
                self.fail(_join(where, "sources"), f"{overrides!r} must be a non-empty table of field = source")
            for field_name, value in overrides.items():
                if field_name in ("source", "sources", *ids) or field_name not in raw:
                    present = sorted(k for k in raw if k not in ("source", "sources", *ids))
                    self.fail(_join(where, f"sources.{field_name}"),
                              f"{field_name!r} is not a field set in this table; fields: {', '.join(present)}")
                value = self.source(value, _join(where, f"sources.{field_name}"))
                if value != INVENTED and src == INVENTED:
                    self.fail(_join(where, f"sources.{field_name}"),
                              f"{value!r} on a table whose source is {INVENTED!r}; a table holding a value the "
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

    # -- the file ---------------------------------------------------------------

    def parse(self, raw: dict[str, Any]) -> Track:
        for key in raw:
            if key not in _TOP_KEYS:
                near = difflib.get_close_matches(key, sorted(_TOP_KEYS), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else "."
                self.fail(key, f"unknown top-level key {key!r}{hint} Allowed keys: {', '.join(sorted(_TOP_KEYS))}")
        for key in _TOP_REQUIRED:
            if key not in raw:
                self.fail(key, f"missing required top-level key {key!r}")
        schema = raw["schema"]
        if schema != SCHEMA_VERSION or isinstance(schema, bool):
            self.fail("schema", f"{schema!r} is not a supported schema version; this loader reads schema = "
                                f"{SCHEMA_VERSION}")
        name = self.string(raw["name"], "name")
        description = raw.get("description", "")
        if not isinstance(description, str):
            self.fail("description", f"{description!r} must be a string")
        self.top_provenance(raw)

        sections = self.parse_sections(raw["sections"])
        by_name = {s["name"]: s for s in sections}
        corners = self.parse_corners(raw["corners"], sections)
        routes_raw = raw.get("routes", {})
        routes = self.parse_routes(routes_raw, by_name)
        trajectories = self.parse_trajectories(raw.get("trajectories", []), by_name, routes)
        self.check_route_use(sections, trajectories, routes)
        pit_time = self.parse_pit(raw["pit"], len(sections))
        weather = self.parse_weather(raw["weather"])
        turns = self.parse_turns(raw["turns"])
        grid = self.parse_grid(raw["grid"], sections)
        cards = self.parse_cards(raw.get("track_cards", []), {c.number for c in corners})
        view = parse_view(self, raw.get("view"), by_name)

        reentry_sections = {
            node.section
            for route in routes.values()
            for node in route.nodes.values()
            if node.kind is NodeKind.REENTRY
        }
        built = tuple(
            Section(
                name=s["name"],
                type=s["type"],
                index=s["index"],
                corner=s["corner"],
                lb_modifier=s["lb_modifier"],
                lb_route=s["lb_route"],
                reentry=s["name"] in reentry_sections,
                source=s["source"],
            )
            for s in sections
        )
        return Track(
            id=self.track_id,
            name=name,
            sections=built,
            corners=corners,
            trajectories=trajectories,
            routes=routes,
            pit_time=pit_time,
            weather=weather,
            turns=turns,
            grid=grid,
            track_cards=cards,
            description=description.strip(),
            sources=dict(sorted(self.sources.items())),
            file=self.file,
            view=view,
        )

    # -- sections ---------------------------------------------------------------

    def parse_sections(self, raw: Any) -> list[dict[str, Any]]:
        items = self.array(raw, "sections")
        if len(items) < 3:
            self.fail("sections", f"a track is a loop of at least 3 sections, got {len(items)}")
        out: list[dict[str, Any]] = []
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            where = f"sections[{i}]"
            t = self.table(item, where, _SECTION_KEYS, ("name", "type"))
            name = self.name(t["name"], f"{where}.name", "section name")
            if name in seen:
                self.fail(f"{where}.name", f"duplicate section name {name!r} (already sections[{seen[name]}]); "
                                           "section names must be unique")
            seen[name] = i
            stype = self.enum(t["type"], f"{where}.type", SectionType)
            corner = None
            if "corner" in t:
                corner = self.integer(t["corner"], f"{where}.corner", 1, 99)
                if stype is SectionType.STRAIGHT:
                    self.fail(f"{where}.corner", f"{corner!r} is set on straight section {name!r}; only corner "
                                                 "sections (and the braking zone before a corner) name a corner")
            elif stype is SectionType.CORNER:
                self.fail(f"{where}.corner", f"missing: corner section {name!r} must name its corner number")
            lb_mod = None
            if "lb_modifier" in t:
                lb_mod = self.integer(t["lb_modifier"], f"{where}.lb_modifier", -99, 99)
                if stype is not SectionType.BRAKING:
                    self.fail(f"{where}.lb_modifier",
                              f"{lb_mod!r} is set on {stype.value} section {name!r}; the LB symbol is printed "
                              "only on braking sections (§13.F.1)")
            lb_route = None
            if "lb_route" in t:
                lb_route = self.name(t["lb_route"], f"{where}.lb_route", "route id")
                if lb_mod is None:
                    self.fail(f"{where}.lb_route", f"{lb_route!r} is set but lb_modifier is not; an off-track "
                                                   "route belongs to an LB symbol")
            elif lb_mod is not None:
                self.fail(f"{where}.lb_route", f"missing: section {name!r} has lb_modifier = {lb_mod} and needs "
                                               "the off-track route followed when LB fails (§18.3)")
            src = self.provenance(t, where, f"sections.{name}", ids=("name",))
            out.append({
                "name": name, "type": stype, "index": i, "corner": corner, "lb_modifier": lb_mod,
                "lb_route": lb_route, "source": src, "where": where,
            })
        # A braking zone that names a corner must lead into that corner.
        n = len(out)
        for s in out:
            if s["type"] is SectionType.BRAKING and s["corner"] is not None:
                j = (s["index"] + 1) % n
                while out[j]["type"] is SectionType.BRAKING and j != s["index"]:
                    j = (j + 1) % n
                nxt = out[j]
                if nxt["type"] is not SectionType.CORNER or nxt["corner"] != s["corner"]:
                    self.fail(f"{s['where']}.corner",
                              f"braking zone {s['name']!r} names corner {s['corner']} but the next section "
                              f"after it is {nxt['name']!r} ({_describe(nxt)}); a braking zone names the corner "
                              "it leads into")
        return out

    # -- corners ----------------------------------------------------------------

    def parse_corners(self, raw: Any, sections: list[dict[str, Any]]) -> tuple[Corner, ...]:
        items = self.array(raw, "corners")
        corners: list[Corner] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        n = len(sections)
        for i, item in enumerate(items):
            where = f"corners[{i}]"
            t = self.table(item, where, _CORNER_KEYS, ("number", "name", "duel_modifier", "sections"))
            number = self.integer(t["number"], f"{where}.number", 1, 99)
            if number in numbers:
                self.fail(f"{where}.number", f"duplicate corner number {number} (already corners[{numbers[number]}])")
            numbers[number] = i
            cname = self.string(t["name"], f"{where}.name")
            if cname in names:
                self.fail(f"{where}.name", f"duplicate corner name {cname!r} (already corners[{names[cname]}])")
            names[cname] = i
            duel = self.integer(t["duel_modifier"], f"{where}.duel_modifier", -10, 10)
            listed = self.array(t["sections"], f"{where}.sections")
            for j, sname in enumerate(listed):
                self.string(sname, f"{where}.sections[{j}]")
            idx = [s["index"] for s in sections if s["type"] is SectionType.CORNER and s["corner"] == number]
            if not idx:
                self.fail(f"{where}.sections", f"no corner section names corner {number} ({cname!r}); set "
                                               f"corner = {number} on its sections")
            run = _run(idx, n)
            if run is None:
                names_ = [sections[k]["name"] for k in idx]
                self.fail(f"{where}.sections", f"{names_!r} all name corner {number} but are not consecutive "
                                               "sections; a corner's sections follow one another in race order")
            expected = [sections[k]["name"] for k in run]
            if list(listed) != expected:
                known = {s["name"] for s in sections}
                for j, sname in enumerate(listed):
                    if sname not in known:
                        self.fail(f"{where}.sections[{j}]", f"{sname!r} is not a section of this track")
                self.fail(f"{where}.sections", f"{listed!r} does not match the corner sections that name corner "
                                               f"{number}, in race order: {expected!r}")
            src = self.provenance(t, where, f"corners.{number}")
            corners.append(Corner(number=number, name=cname, duel_modifier=duel, sections=tuple(expected), source=src))
        for s in sections:
            if s["corner"] is not None and s["corner"] not in numbers:
                self.fail(f"{s['where']}.corner", f"{s['corner']!r} is not a corner of this track; corners: "
                                                  f"{', '.join(str(c) for c in sorted(numbers))}")
        return tuple(corners)

    # -- routes -----------------------------------------------------------------

    def parse_routes(self, raw: Any, by_name: dict[str, dict[str, Any]]) -> dict[str, Route]:
        if not isinstance(raw, dict):
            self.fail("routes", f"must be a table of route-id = route, got {_kind(raw)} {raw!r}")
        routes: dict[str, Route] = {}
        for rid, item in raw.items():
            where = f"routes.{rid}"
            self.name(rid, where, "route id")
            t = self.table(item, where, _ROUTE_KEYS, ("start", "nodes"))
            src = self.provenance({k: v for k, v in t.items() if k != "nodes"}, where, f"routes.{rid}")
            nodes_raw = t["nodes"]
            if not isinstance(nodes_raw, dict) or not nodes_raw:
                self.fail(f"{where}.nodes", f"must be a non-empty table of node-id = node, got {nodes_raw!r}")
            nodes: dict[str, RouteNode] = {}
            for nid, node_raw in nodes_raw.items():
                nodes[nid] = self.parse_node(node_raw, f"{where}.nodes.{nid}", rid, nid, src, by_name)
            start = self.name(t["start"], f"{where}.start", "node id")
            if start not in nodes:
                self.fail(f"{where}.start", f"{start!r} is not a node of route {rid!r}; nodes: {', '.join(nodes)}")
            self.check_graph(rid, start, nodes)
            routes[rid] = Route(id=rid, start=start, nodes=nodes, source=src)
        return routes

    def parse_node(self, raw: Any, where: str, rid: str, nid: str, route_src: str,
                   by_name: dict[str, dict[str, Any]]) -> RouteNode:
        self.name(nid, where, "node id")
        if not isinstance(raw, dict):
            self.fail(where, f"must be a table, got {_kind(raw)} {raw!r}")
        if "kind" not in raw:
            self.fail(f"{where}.kind", f"missing; one of {_allowed(k.value for k in NodeKind)}")
        kind = self.enum(raw["kind"], f"{where}.kind", NodeKind)
        t = self.table(raw, where, _NODE_KEYS[kind], _NODE_REQUIRED[kind])
        self.provenance(t, where, f"routes.{rid}.nodes.{nid}", default=route_src)
        ref = {k: self.name(t[k], f"{where}.{k}", "node id") for k in ("on_pass", "on_fail", "next") if k in t}
        if kind is NodeKind.TEST:
            test = CardTest(self.enum(t["test"], f"{where}.test", TestKind),
                            self.integer(t["modifier"], f"{where}.modifier", -99, 99))
            if ref["on_pass"] == ref["on_fail"]:
                self.fail(f"{where}.on_fail", f"{ref['on_fail']!r} is also on_pass; a recovery test sends a pass "
                                              "(green arrow) and a fail (red arrow) to different nodes")
            return RouteNode(id=nid, kind=kind, test=test, on_pass=ref["on_pass"], on_fail=ref["on_fail"])
        if kind is NodeKind.EFFECTS:
            effects = []
            for j, e in enumerate(self.array(t["effects"], f"{where}.effects")):
                ew = f"{where}.effects[{j}]"
                et = self.table(e, ew, _EFFECT_KEYS, ("kind",))
                ek = self.enum(et["kind"], f"{ew}.kind", EffectKind)
                amount = self.integer(et.get("amount", 1), f"{ew}.amount", 1, 9)
                if ek is EffectKind.FORCED_PIT and amount != 1:
                    self.fail(f"{ew}.amount", f"{amount!r}: a forced pit stop has no amount (leave it out or use 1)")
                effects.append(Effect(ek, amount))
            return RouteNode(id=nid, kind=kind, effects=tuple(effects), next=ref["next"])
        if kind is NodeKind.REENTRY:
            section = self.string(t["section"], f"{where}.section")
            if section not in by_name:
                self.fail(f"{where}.section", f"{section!r} is not a section of this track")
            return RouteNode(id=nid, kind=kind, section=section)
        if kind is NodeKind.RETIRE:
            return RouteNode(
                id=nid,
                kind=kind,
                safety_car=self.boolean(t.get("safety_car", False), f"{where}.safety_car"),
                crash_out=self.boolean(t.get("crash_out", False), f"{where}.crash_out"),
            )
        return RouteNode(id=nid, kind=kind)

    def check_graph(self, rid: str, start: str, nodes: dict[str, RouteNode]) -> None:
        """Every reference resolves; every path from start ends at a terminal node; no cycles; no orphans."""
        for nid, node in nodes.items():
            for attr in ("on_pass", "on_fail", "next"):
                target = getattr(node, attr)
                if target is not None and target not in nodes:
                    self.fail(f"routes.{rid}.nodes.{nid}.{attr}",
                              f"{target!r} is not a node of route {rid!r}; nodes: {', '.join(nodes)}")
        state: dict[str, int] = {}  # 1 = on the current path, 2 = done

        def visit(nid: str, path: list[str], via: str) -> None:
            if state.get(nid) == 1:
                loop = " → ".join(path[path.index(nid):] + [nid])
                self.fail(via, f"{nid!r} leads back to an earlier node (cycle {loop}); every path from start must "
                               "end at a reentry, back_on_track or retire node")
            if state.get(nid) == 2:
                return
            state[nid] = 1
            node = nodes[nid]
            for attr in ("on_pass", "on_fail", "next"):
                target = getattr(node, attr)
                if target is not None:
                    visit(target, path + [nid], f"routes.{rid}.nodes.{nid}.{attr}")
            state[nid] = 2

        visit(start, [], f"routes.{rid}.start")
        for nid in nodes:
            if nid not in state:
                self.fail(f"routes.{rid}.nodes.{nid}", f"node {nid!r} cannot be reached from start {start!r}")

    def check_route_use(self, sections: list[dict[str, Any]], trajectories: tuple[Trajectory, ...],
                        routes: dict[str, Route]) -> None:
        n = len(sections)
        by_name = {s["name"]: s for s in sections}
        used: set[str] = set()
        for s in sections:
            rid = s["lb_route"]
            if rid is None:
                continue
            where = f"{s['where']}.lb_route"
            if rid not in routes:
                self.fail(where, f"{rid!r} is not a route of this track; routes: {', '.join(routes) or '(none)'}")
            used.add(rid)
            for nid, node in routes[rid].nodes.items():
                nw = f"routes.{rid}.nodes.{nid}"
                if node.kind is NodeKind.BACK_ON_TRACK:
                    self.fail(f"{nw}.kind", f"'back_on_track' ends ET recovery charts; route {rid!r} is the LB "
                                            f"route of {s['name']!r} and must end at 'reentry' or 'retire' (§18.3)")
                for j, e in enumerate(node.effects):
                    if e.kind is EffectKind.MP_LOSS:
                        self.fail(f"{nw}.effects[{j}].kind",
                                  f"'mp_loss' (MP lost this turn) is for ET recovery charts; LB fails after "
                                  f"movement, so route {rid!r} uses 'time_loss' (next turn, §18.1)")
                if node.kind is NodeKind.REENTRY:
                    d = (by_name[node.section]["index"] - s["index"]) % n
                    if not 1 <= d <= n // 2:
                        self.fail(f"{nw}.section",
                                  f"{node.section!r} does not lie after LB section {s['name']!r}; a re-entry "
                                  f"point is 1..{n // 2} sections ahead of where the car left the track")
        for t in trajectories:
            if t.recovery is None:
                continue
            where = f"trajectories.{t.id}.recovery"
            if t.recovery not in routes:
                self.fail(where, f"{t.recovery!r} is not a route of this track; routes: "
                                 f"{', '.join(routes) or '(none)'}")
            if t.recovery in used and any(s["lb_route"] == t.recovery for s in sections):
                self.fail(where, f"{t.recovery!r} is already an LB route; an ET recovery chart is its own route")
            for nid, node in routes[t.recovery].nodes.items():
                if node.kind is NodeKind.REENTRY:
                    self.fail(f"routes.{t.recovery}.nodes.{nid}.kind",
                              f"'reentry' ends LB routes; route {t.recovery!r} is the ET recovery chart of "
                              f"{t.id!r} and must end at 'back_on_track' or 'retire' (§18.2)")
            used.add(t.recovery)
        for rid in routes:
            if rid not in used:
                self.fail(f"routes.{rid}", f"route {rid!r} is used by no section (lb_route) or trajectory "
                                           "(recovery)")

    # -- trajectories -----------------------------------------------------------

    def parse_trajectories(self, raw: Any, by_name: dict[str, dict[str, Any]],
                           routes: dict[str, Route]) -> tuple[Trajectory, ...]:
        items = self.array(raw, "trajectories", nonempty=False)
        out: list[Trajectory] = []
        ids: dict[str, int] = {}
        laterals: dict[tuple[str, int], str] = {}
        for i, item in enumerate(items):
            where = f"trajectories[{i}]"
            t = self.table(item, where, _TRAJ_KEYS, ("id", "section", "kind", "colours", "bonus"))
            tid = self.name(t["id"], f"{where}.id", "trajectory id", _TRAJ_ID_RE)
            if tid in ids:
                self.fail(f"{where}.id", f"duplicate trajectory id {tid!r} (already trajectories[{ids[tid]}])")
            ids[tid] = i
            section = self.string(t["section"], f"{where}.section")
            if section not in by_name:
                self.fail(f"{where}.section", f"{section!r} is not a section of this track")
            kind = self.enum(t["kind"], f"{where}.kind", TrajectoryKind)
            cols = self.array(t["colours"], f"{where}.colours")
            colours = tuple(self.enum(c, f"{where}.colours[{j}]", Colour) for j, c in enumerate(cols))
            if len(colours) > 2 or len(set(colours)) != len(colours):
                self.fail(f"{where}.colours", f"{cols!r}: a trajectory shows one or two different colours (§3)")
            bonus = self.integer(t["bonus"], f"{where}.bonus", 1, 9)
            cost = Cost()
            if "cost" in t:
                if kind is TrajectoryKind.EXTREME:
                    self.fail(f"{where}.cost", "cost symbols belong to standard trajectories (§3 item 5)")
                ct = self.table(t["cost"], f"{where}.cost", _COST_KEYS)
                cost = Cost(**{k: self.integer(v, f"{where}.cost.{k}", 0, 3) for k, v in ct.items()})
                if not cost:
                    self.fail(f"{where}.cost", f"{t['cost']!r} costs nothing; leave cost out")
            lateral = self.integer(t.get("lateral", 0), f"{where}.lateral", 0, 9)
            if (section, lateral) in laterals:
                self.fail(f"{where}.lateral", f"{lateral} is also the lateral of {laterals[(section, lateral)]!r} "
                                              f"in section {section!r}; give each trajectory of a section its own "
                                              "lateral order (larger = further outside)")
            laterals[(section, lateral)] = tid
            test_mod = 0
            if "test_modifier" in t:
                if kind is not TrajectoryKind.EXTREME:
                    self.fail(f"{where}.test_modifier", "only an Extreme Trajectory has a blind-test modifier")
                test_mod = self.integer(t["test_modifier"], f"{where}.test_modifier", -99, 99)
            recovery = None
            if kind is TrajectoryKind.EXTREME:
                if "recovery" not in t:
                    self.fail(f"{where}.recovery", "missing: an Extreme Trajectory prints a recovery chart (§3 item "
                                                   "6, §18.2); name its route")
                recovery = self.name(t["recovery"], f"{where}.recovery", "route id")
                if recovery not in routes:
                    self.fail(f"{where}.recovery", f"{recovery!r} is not a route of this track; routes: "
                                                   f"{', '.join(routes) or '(none)'}")
            elif "recovery" in t:
                self.fail(f"{where}.recovery", "only an Extreme Trajectory has a recovery chart")
            src = self.provenance(t, where, f"trajectories.{tid}", ids=("id",))
            out.append(Trajectory(
                id=tid, section=section, kind=kind, colours=colours, bonus=bonus, cost=cost, lateral=lateral,
                test_modifier=test_mod, recovery=recovery, source=src,
            ))
        return tuple(out)

    # -- pit, weather, turns, grid, cards ----------------------------------------

    def parse_pit(self, raw: Any, n: int) -> int:
        t = self.table(raw, "pit", _PIT_KEYS, ("time",))
        time = t["time"]
        if not isinstance(time, int) or isinstance(time, bool) or time >= 0:
            self.fail("pit.time", f"{time!r} must be a negative integer as printed on the board, e.g. -8")
        if -time + 2 >= n:
            self.fail("pit.time", f"{time!r}: with the 2 extra fuel sections (§8) a pitting car would go back "
                                  f"{-time + 2} of {n} sections; the printed pit time must lie in -1..{-(n - 3)}")
        self.provenance(t, "pit", "pit")
        return -time

    def parse_weather(self, raw: Any) -> WeatherTable:
        t = self.table(raw, "weather", _WEATHER_KEYS, ("rain_side", "spaces"))
        rain_side = t["rain_side"]
        if rain_side not in ("left", "right"):
            self.fail("weather.rain_side", f"{rain_side!r} is not one of 'left', 'right'")
        self.provenance({k: v for k, v in t.items() if k != "spaces"}, "weather", "weather")
        items = self.array(t["spaces"], "weather.spaces")
        spaces: list[WeatherSpace] = []
        for i, item in enumerate(items):
            where = f"weather.spaces[{i}]"
            s = self.table(item, where, _SPACE_KEYS, ("range", "condition"))
            rng = s["range"]
            m = _RANGE_RE.match(rng) if isinstance(rng, str) else None
            if not m:
                self.fail(f"{where}.range", f"{rng!r} is not a check-factor range as printed, e.g. '55-46'")
            a, b = int(m.group(1)), int(m.group(2) or m.group(1))
            high, low = max(a, b), min(a, b)
            if low < 1 or high > 99:
                self.fail(f"{where}.range", f"{rng!r} must lie within 1..99")
            cond = self.enum(s["condition"], f"{where}.condition", Condition)
            space = WeatherSpace(low=low, high=high, condition=cond)
            label = space.label()
            src = self.provenance(s, where, f"weather.spaces.{label}")
            spaces.append(WeatherSpace(low=low, high=high, condition=cond, source=src))
        # Coverage: spaces run left to right, each range adjacent to the previous, together 1..99 once.
        first = spaces[0]
        if first.high == 99 and (len(spaces) == 1 or spaces[1].high < first.low):
            descending = True
        elif first.low == 1:
            descending = False
        else:
            self.fail("weather.spaces[0].range", f"{_label(first)!r}: the first (leftmost) space must start at 99 "
                                                 "or at 1; the spaces cover 1..99 exactly once, in order")
        for i in range(1, len(spaces)):
            prev, cur = spaces[i - 1], spaces[i]
            where = f"weather.spaces[{i}].range"
            if descending:
                lo_gap, hi_gap = cur.high + 1, prev.low - 1
            else:
                lo_gap, hi_gap = prev.high + 1, cur.low - 1
            if lo_gap <= hi_gap:
                self.fail(where, f"{_label(cur)!r} after {_label(prev)!r} leaves check factors {lo_gap}..{hi_gap} "
                                 "on no space; the spaces must cover 1..99 exactly once, with no gap")
            if lo_gap > hi_gap + 1:
                ov_lo, ov_hi = hi_gap + 1, lo_gap - 1
                self.fail(where, f"{_label(cur)!r} overlaps {_label(prev)!r} (weather.spaces[{i - 1}]) on "
                                 f"{ov_lo}..{ov_hi}; each check factor lies on exactly one space")
        last = spaces[-1]
        if (descending and last.low != 1) or (not descending and last.high != 99):
            missing = f"1..{last.low - 1}" if descending else f"{last.high + 1}..99"
            self.fail(f"weather.spaces[{len(spaces) - 1}].range",
                      f"{_label(last)!r} is the last space and leaves check factors {missing} on no space")
        # Conditions run dry → intermediate → rain towards the rain side.
        order = {Condition.DRY: 0, Condition.INTERMEDIATE: 1, Condition.RAIN: 2}
        seq = spaces if rain_side == "right" else list(reversed(spaces))
        for k in range(1, len(seq)):
            if order[seq[k].condition] < order[seq[k - 1].condition]:
                i = spaces.index(seq[k])
                self.fail(f"weather.spaces[{i}].condition",
                          f"{seq[k].condition.value!r} lies on the rain side of {seq[k - 1].condition.value!r}; "
                          f"with rain on the {rain_side} the spaces run dry → intermediate → rain towards it")
        conds = {s.condition for s in spaces}
        for needed in (Condition.DRY, Condition.RAIN):
            if needed not in conds:
                self.fail("weather.spaces", f"no {needed.value!r} space; a weather table has dry on one side "
                                            "and rain on the other (§9.1)")
        return WeatherTable(spaces=tuple(spaces), rain_side=rain_side)

    def parse_turns(self, raw: Any) -> TurnIndicator:
        t = self.table(raw, "turns", _TURNS_KEYS, ("spaces",))
        src = self.provenance(t, "turns", "turns")
        items = self.array(t["spaces"], "turns.spaces")
        spaces: list[TurnSpace] = []
        for i, item in enumerate(items):
            where = f"turns.spaces[{i}]"
            s = self.table(item, where, _TURN_SPACE_KEYS, ("turn", "laps"))
            turn = self.integer(s["turn"], f"{where}.turn", 1)
            if turn != i + 1:
                self.fail(f"{where}.turn", f"{turn!r}: the turns run 1, 2, 3 … in order, so this space is turn "
                                           f"{i + 1}")
            laps = s["laps"]
            if not isinstance(laps, str) or not _LAPS_RE.match(laps):
                self.fail(f"{where}.laps", f"{laps!r} must be a string such as '4' or '2-3' (the small lap "
                                           "number, flavour only)")
            stage = self.boolean(s.get("stage_start", False), f"{where}.stage_start")
            if i == 0 and not stage:
                self.fail(f"{where}.stage_start", "false: turn 1 begins the first Race Stage (§10); set it to true")
            spaces.append(TurnSpace(turn=turn, laps=laps, stage_start=stage))
        return TurnIndicator(spaces=tuple(spaces), source=src)

    def parse_grid(self, raw: Any, sections: list[dict[str, Any]]) -> tuple[GridSlot, ...]:
        items = self.array(raw, "grid")
        by_name = {s["name"]: s for s in sections}
        n = len(sections)
        slots: list[GridSlot] = []
        for i, item in enumerate(items):
            where = f"grid[{i}]"
            t = self.table(item, where, _GRID_KEYS, ("section", "cars"))
            section = self.string(t["section"], f"{where}.section")
            if section not in by_name:
                self.fail(f"{where}.section", f"{section!r} is not a section of this track")
            expected = sections[(n - 1 - i) % n]["name"]
            if section != expected:
                what = "the last section, before the finish line" if i == 0 else "the section behind the previous slot"
                self.fail(f"{where}.section", f"{section!r}: grid slots run from pole position backwards from the "
                                              f"finish line, so this slot is {expected!r} ({what})")
            cars = self.integer(t["cars"], f"{where}.cars", 1, 6)
            self.provenance(t, where, f"grid.{section}")
            slots.append(GridSlot(section=section, cars=cars))
        if len(slots) >= n:
            self.fail("grid", f"{len(slots)} grid slots on a {n}-section track; the grid covers part of the loop")
        return tuple(slots)

    def parse_cards(self, raw: Any, corners: set[int]) -> tuple[Card, ...]:
        items = self.array(raw, "track_cards", nonempty=False)
        cards: list[Card] = []
        codes: dict[str, int] = {}
        for i, item in enumerate(items):
            where = f"track_cards[{i}]"
            if not isinstance(item, dict):
                self.fail(where, f"must be a table, got {_kind(item)} {item!r}")
            for key in _CARD_BOOL_KEYS:
                if key in item:
                    self.boolean(item[key], f"{where}.{key}")
            for key in _CARD_LIST_KEYS:
                if key in item:
                    self.array(item[key], f"{where}.{key}", nonempty=False)
            if "source" not in item:
                self.fail(f"{where}.source", f"missing; every Track Card needs source = {INVENTED!r} or "
                                             "'manual: <citation>'")
            src = self.source(item["source"], f"{where}.source")
            try:
                card = card_from_dict(item, DeckKind.TRACK, self.file, where)
            except DeckDataError as e:
                raise TrackDataError(e.file, e.field, e.reason) from None
            if card.code in codes:
                self.fail(f"{where}.code", f"duplicate Track Card code {card.code!r} (already "
                                           f"track_cards[{codes[card.code]}])")
            codes[card.code] = i
            for j, c in enumerate(card.corners):
                if c not in corners:
                    self.fail(f"{where}.corners[{j}]", f"{c!r} is not a corner of this track; corners: "
                                                       f"{', '.join(str(x) for x in sorted(corners))}")
            self.sources[f"track_cards.{card.code}"] = src
            cards.append(card)
        return tuple(cards)


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


# --------------------------------------------------------------------------- public API


def track_dirs() -> list[Path]:
    """The directories searched for ``<id>.toml``, in order (see the module docstring)."""
    dirs: list[Path] = []
    env = os.environ.get(ENV_VAR)
    if env:
        p = Path(env).expanduser()
        try:
            is_dir = p.is_dir()
        except (OSError, ValueError):  # a name too long
            is_dir = False
        if not is_dir:
            raise TrackDataError(env, "<dir>", f"{ENV_VAR}={env!r} is not a directory")
        dirs.append(p)
    # A checkout has tracks/rf90/ (with SCHEMA.md) beside the package; an installed wheel has racebook/_tracks/rf90.
    # The SCHEMA.md marker keeps an unrelated site-packages/tracks folder from being picked up.
    if (_REPO_TRACKS / "SCHEMA.md").is_file():
        dirs.append(_REPO_TRACKS)
    elif _INSTALLED_TRACKS.is_dir():
        dirs.append(_INSTALLED_TRACKS)
    elif _REPO_TRACKS.is_dir():
        dirs.append(_REPO_TRACKS)
    return dirs


def available_tracks() -> list[str]:
    """The ids of all track files on the search path, sorted."""
    ids: set[str] = set()
    for d in track_dirs():
        ids.update(p.stem for p in d.glob("*.toml") if p.is_file())
    return sorted(ids)


def _resolve(path_or_id: str | os.PathLike[str]) -> Path:
    """The file of a track id or path; a name that cannot be a file raises TrackDataError (field ``<file>``)."""
    if not isinstance(path_or_id, (str, os.PathLike)):
        raise TrackDataError(repr(path_or_id), "<file>", "a track is named by an id or a path to a .toml file")
    s = os.fspath(path_or_id)
    if not isinstance(s, str):  # a bytes path
        raise TrackDataError(repr(s), "<file>", "a track path must be text")
    try:
        if isinstance(path_or_id, os.PathLike) or "/" in s or os.sep in s or s.endswith(".toml"):
            return Path(s).expanduser().resolve()
        if not _NAME_RE.match(s):
            raise TrackDataError(s, "<file>", f"{s!r} is not a track id (letters, digits, '_' and '-') or a path "
                                              "to a .toml file")
        dirs = track_dirs()
        for d in dirs:
            candidate = d / f"{s}.toml"
            if candidate.is_file():
                return candidate.resolve()
    except (OSError, ValueError, RuntimeError) as e:  # name too long, NUL byte, symlink loop
        raise TrackDataError(s, "<file>", _os_reason(e)) from None
    known = available_tracks()
    where = ", ".join(str(d) for d in dirs) or "(no track directory found)"
    raise TrackDataError(s, "<file>", f"no track {s!r} in {where}; available: {', '.join(known) or '(none)'}")


def _os_reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e) or type(e).__name__


def load_track(path_or_id: str | os.PathLike[str]) -> Track:
    """Load a track by id (``"silverstone"``) or by path to a ``.toml`` file.

    The result is cached per resolved path (tracks are immutable). ``Track.pit_time``
    is the printed pit time as a positive count of sections (printed -8 → 8).
    """
    return _load_resolved(_resolve(path_or_id))


@functools.lru_cache(maxsize=64)
def _load_resolved(path: Path) -> Track:
    raw = load_toml(path, TrackDataError)
    return _Parser(str(path), path.stem).parse(raw)


def parse_track_text(text: str, file: str, track_id: str) -> Track:
    """A track from the text of a track file, validated exactly as :func:`load_track` validates a file.

    ``file`` names the source in errors; ``track_id`` is the id a file name would give. Used for tracks embedded
    in saved races (racebook.rf90.saves)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TrackDataError(file, "<toml>", f"malformed TOML: {e}") from None
    return _Parser(file, track_id).parse(raw)


def clear_cache() -> None:
    """Forget loaded tracks (after editing a track file in a running session)."""
    _load_resolved.cache_clear()
