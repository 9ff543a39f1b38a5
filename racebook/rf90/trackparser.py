"""The track file validator: one parsed TOML file (a dict) into a :class:`racebook.rf90.track.Track`.

:class:`TrackParser` reads the top level, sections, corners, pit, weather, turns, grid and Track Cards, and (through
:class:`racebook.rf90.trackroutes.RouteParser`) the routes and trajectories; every problem raises
:class:`~racebook.core.errors.TrackDataError` with the file, a dotted field path and a reason. The conventions it
applies (pit time, re-entry points, provenance) are in :mod:`racebook.rf90.trackfile`.
"""

from __future__ import annotations

import difflib
from typing import Any

from racebook.core.errors import DeckDataError, TrackDataError
from racebook.rf90.cards import Card, DeckKind, card_from_dict
from racebook.rf90.layouttable import parse_layout
from racebook.rf90.track import (
    INVENTED,
    Condition,
    Corner,
    GridSlot,
    NodeKind,
    Section,
    SectionType,
    Track,
    TurnIndicator,
    TurnSpace,
    WeatherSpace,
    WeatherTable,
)
from racebook.rf90.trackexpansion import check_procedure, check_scoped_cards, parse_et_procedure, pop_card_scope
from racebook.rf90.trackroutes import RouteParser
from racebook.rf90.trackschema import (
    _CARD_BOOL_KEYS,
    _CARD_LIST_KEYS,
    _CORNER_KEYS,
    _GRID_KEYS,
    _LAPS_RE,
    _PIT_KEYS,
    _RANGE_RE,
    _SECTION_KEYS,
    _SPACE_KEYS,
    _TOP_KEYS,
    _TOP_REQUIRED,
    _TURN_SPACE_KEYS,
    _TURNS_KEYS,
    _WEATHER_KEYS,
    SCHEMA_VERSION,
    _describe,
    _kind,
    _label,
    _run,
)
from racebook.rf90.viewtable import parse_view


class TrackParser(RouteParser):
    """Validates one parsed file. Every check raises TrackDataError(file, field, reason)."""

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
        # Expansion #1 (issue 20): the ET procedure (and below, the Track Cards scoped to a straight)
        et_procedure = parse_et_procedure(self, raw)
        check_procedure(self, et_procedure, trajectories)
        self.check_route_use(sections, trajectories, routes)
        pit_time = self.parse_pit(raw["pit"], len(sections))
        weather = self.parse_weather(raw["weather"])
        turns = self.parse_turns(raw["turns"])
        grid = self.parse_grid(raw["grid"], sections)
        cards = self.parse_cards(raw.get("track_cards", []), {c.number for c in corners})
        view = parse_view(self, raw.get("view"), by_name)
        layout = parse_layout(self, raw.get("layout"), [s["name"] for s in sections])

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
        track = Track(
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
            layout=layout,
            et_procedure=et_procedure,
            et_scoped_cards=frozenset(self.scoped_cards),
        )
        check_scoped_cards(self, track, self.card_where)
        return track

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
        self.scoped_cards: set[str] = set()  # Expansion #1: et_scope = "straight_before_corner"
        self.card_where: dict[str, str] = {}
        for i, item in enumerate(items):
            where = f"track_cards[{i}]"
            if not isinstance(item, dict):
                self.fail(where, f"must be a table, got {_kind(item)} {item!r}")
            item, scoped = pop_card_scope(self, item, where)
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
            self.card_where[card.code] = where
            if scoped:
                self.scoped_cards.add(card.code)
            cards.append(card)
        return tuple(cards)
