"""A FormulaGP circuit, read from ``tracks/formulagp/<id>.toml`` and validated; its geometry (digest §2, §11.3).

A circuit is a loop of tiles in race order (§2.1): *movement* tiles (a straight or a corner, with a gear) and
*feature* tiles that cost no MP (the finish line, a DRS marker, a spacer; A21). Every movement tile has 4 lanes
(§2.2), numbered 1–4 from left to right in the direction of travel; a lane is a row of spaces, back to front, or
``off`` (grass or paint: off track). A space is asphalt, kerb (both racing surface), a Slipstream space with its car
shadows (§2.3, §11.5) or half of a double-lane space (§2.3).

Geometry (invented where the source only draws it): a *forward* step goes to the next space of the lane, or from a
tile's front space to the first space of the same lane on the next movement tile (from a double-lane space: either
of its two lanes, not a lane change, §11.3); a *lateral* step goes to the space of the lane beside that covers the
middle of the current space (lanes of one tile can have different numbers of spaces, §2.2). There is no diagonal
step (§11.3, Example 12). The format is ``tracks/formulagp/SCHEMA.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from racebook.core.datafile import DATA_ID, load_toml
from racebook.core.errors import TrackDataError
from racebook.core.fields import as_bool, as_enum, as_strs, get, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp import trackparts
from racebook.formulagp.playerboard import GEARS
from racebook.formulagp.trackparts import Feature, Pos, Shape, Skid, Space, Surface, Tile, Turn, check_loop

TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "formulagp"
_INSTALLED = Path(__file__).resolve().parents[1] / "_tracks" / "formulagp"
SCHEMA_VERSION = 1
LANES = 4
_POS = re.compile(r"([A-Za-z0-9_-]+)\.([1-4])\.([1-9])")


@dataclass(frozen=True)
class Track:
    name: str
    description: str
    source: str
    laps: int
    tiles: tuple[Tile, ...]
    pit_side: Turn
    pit_entry: int
    pit_exit: int
    pit_boxes: int
    grid: tuple[Pos, ...]
    examples: dict[str, str]
    pit_shadow: Pos | None = None  # the pit-entry tile's shadow-car space (§2.5, §16.1; SCHEMA.md "The pit lane")
    pit_source: str = ""  # the provenance of the pit-entry geometry given (``pit.source``)
    pit_lane_from: Pos | None = None  # the space one step before the 'PIT LANE' space of its own (§16.1)
    default_race: bool = False  # the circuit a new race uses when it names none (SCHEMA.md; :func:`race_track`)
    overtake_zone: str = ""  # §21 15.13: the DRS zone of the New Overtake Mode (SCHEMA.md; trackparts.overtake_zone)
    street: bool = False  # a street circuit (§21 15.2; SCHEMA.md): informative; the switch street_circuit decides

    # ------------------------------------------------------------------ geometry caches
    # A Track is immutable: what its geometry answers is worked out once per track (a position's steps, names, a
    # tile's rank) and kept here; the cached answers are the methods' own (they fill the caches), never a copy of a
    # rule. ``cached_property`` stores in the instance's __dict__, outside the dataclass fields (equality, repr).
    @cached_property
    def _by_id(self) -> dict[str, Tile]:
        return {t.id: t for t in self.tiles}

    @cached_property
    def _named(self) -> dict[str, Pos]:
        return {}

    @cached_property
    def _forward(self) -> dict[tuple[int, int, int], tuple[Pos, ...]]:
        return {}

    @cached_property
    def _double(self) -> dict[tuple[int, int, int], tuple[int, ...]]:
        return {}

    @cached_property
    def _lateral(self) -> dict[tuple[int, int, int, int], Pos | None]:
        return {}

    @cached_property
    def _next(self) -> tuple[int, ...]:
        return tuple(self._next_tile(i) for i in range(len(self.tiles)))

    @cached_property
    def _ranks(self) -> tuple[int, ...]:
        """Per tile index: the movement tiles before it from the line (the loop's first tile)."""
        out, n = [], 0
        for t in self.tiles:
            out.append(n)
            n += t.costs_mp
        return tuple(out)

    @cached_property
    def movement_tiles(self) -> int:
        """The tiles of a lap that cost MP (feature tiles cost none, §2.1, A21)."""
        return sum(1 for t in self.tiles if t.costs_mp)

    def rank(self, index: int) -> int:
        """The movement tiles before tile ``index`` from the line (the loop's first tile)."""
        return self._ranks[index]

    def tile(self, tile_id: str) -> Tile:
        t = self._by_id.get(tile_id)
        if t is None:
            raise KeyError(tile_id)
        return t

    def pos(self, text: str) -> Pos:
        """``"T12.1.2"`` → the position (lane 1, the 2nd space from the back of T12)."""
        named = self._named.get(text)
        if named is not None:
            return named
        m = _POS.fullmatch(text)
        if not m:
            raise ValueError(f"§2.3: a position is tile.lane.space, e.g. T12.1.2 (got {text!r})")
        t = self.tile(m.group(1))
        pos = Pos(t.index, int(m.group(2)), int(m.group(3)) - 1)
        if not self.on_track(pos):
            raise ValueError(f"§2.3: {text} is not a racing space of {t.id}")
        self._named[text] = pos
        return pos

    def name_of(self, pos: Pos) -> str:
        return f"{self.tiles[pos.tile].id}.{pos.lane}.{pos.space + 1}"

    def on_track(self, pos: Pos) -> bool:
        t = self.tiles[pos.tile]
        return t.costs_mp and t.racing(pos.lane) and 0 <= pos.space < len(t.spaces(pos.lane))

    def space(self, pos: Pos) -> Space:
        return self.tiles[pos.tile].spaces(pos.lane)[pos.space]

    def next_tile(self, index: int) -> int:
        """The next movement tile after ``index`` (feature tiles cost no MP and are skipped, §2.1, A21)."""
        return self._next[index]

    def _next_tile(self, index: int) -> int:
        i = (index + 1) % len(self.tiles)
        while not self.tiles[i].costs_mp:
            i = (i + 1) % len(self.tiles)
        return i

    def double_lanes(self, pos: Pos) -> tuple[int, ...]:
        """The lanes a double-lane space covers (it counts as one lane, §2.3, §13.1); else the position's lane."""
        key = (pos.tile, pos.lane, pos.space)
        lanes = self._double.get(key)
        if lanes is None:
            lanes = self._double[key] = self._double_lanes(pos)
        return lanes

    def _double_lanes(self, pos: Pos) -> tuple[int, ...]:
        if self.space(pos).surface is not Surface.DOUBLE:
            return (pos.lane,)
        t = self.tiles[pos.tile]
        for other in (pos.lane - 1, pos.lane + 1):
            sp = t.spaces(other)
            if pos.space < len(sp) and sp[pos.space].surface is Surface.DOUBLE and len(sp) == len(t.spaces(pos.lane)):
                return tuple(sorted((pos.lane, other)))
        return (pos.lane,)  # pragma: no cover - the loader pairs every double-lane half

    def forward(self, pos: Pos) -> list[Pos]:
        """The forward steps from ``pos`` (§11.3): the next space of the lane, or the next tile's first space in the
        same lane (from a double-lane space: in either of its lanes). Empty where the lane ends."""
        key = (pos.tile, pos.lane, pos.space)
        steps = self._forward.get(key)
        if steps is None:
            t = self.tiles[pos.tile]
            if pos.space + 1 < len(t.spaces(pos.lane)):
                steps = (Pos(pos.tile, pos.lane, pos.space + 1),)
            else:
                nxt = self.tiles[self.next_tile(pos.tile)]
                steps = tuple(Pos(nxt.index, ln, 0) for ln in self.double_lanes(pos) if nxt.racing(ln))
            self._forward[key] = steps
        return list(steps)

    def lateral(self, pos: Pos, lane: int) -> Pos | None:
        """The space beside ``pos`` in ``lane`` (which must be next to it: no diagonal, §11.3, Example 12), or None
        when that lane is off track there. Leaving a double-lane space sideways goes past both its lanes."""
        key = (pos.tile, pos.lane, pos.space, lane)
        if key in self._lateral:
            return self._lateral[key]
        side = self._lateral[key] = self._side(pos, lane)
        return side

    def _side(self, pos: Pos, lane: int) -> Pos | None:
        covered = self.double_lanes(pos)
        if not (lane == min(covered) - 1 or lane == max(covered) + 1):
            return None
        t = self.tiles[pos.tile]
        if not t.racing(lane):
            return None
        n, m = len(t.spaces(pos.lane)), len(t.spaces(lane))
        return Pos(pos.tile, lane, min(m - 1, (2 * pos.space + 1) * m // (2 * n)))

    @cached_property
    def _inside(self) -> tuple[Turn, ...]:
        return tuple(self._inside_at(i) for i in range(len(self.tiles)))

    @cached_property
    def _ends(self) -> dict[tuple[int, int], bool]:
        return {}

    @cached_property
    def _runs(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return {}

    def run(self, start: int, stop: int) -> tuple[int, ...]:
        """The tiles from ``start`` (included) to ``stop`` (excluded), the movement tiles after ``start`` in race
        order (a lap at most)."""
        key = (start, stop)
        tiles = self._runs.get(key)
        if tiles is None:
            out: list[int] = []
            i = start
            while i != stop and len(out) < len(self.tiles):
                out.append(i)
                i = self.next_tile(i)
            tiles = self._runs[key] = tuple(out)
        return tiles

    def inside_lane_order(self, index: int) -> Turn:
        """Which side is "inside" for the driver order on tile ``index`` (§10.2): the current corner's turn, or on a
        straight the next corner ahead's."""
        return self._inside[index]

    def _inside_at(self, index: int) -> Turn:
        i = index
        for _ in range(len(self.tiles)):
            t = self.tiles[i]
            if t.shape is Shape.CORNER and t.turn is not None:
                return t.turn
            i = (i + 1) % len(self.tiles)
        return Turn.LEFT  # pragma: no cover - the loader requires a corner

    def lane_ends(self, index: int, lane: int) -> bool:
        """Lane ``lane`` of tile ``index`` ends before the next corner (§10.2 item 3): it is off track on a movement
        tile between here and the end of the corner ahead (the current corner, on a corner tile)."""
        key = (index, lane)
        ends = self._ends.get(key)
        if ends is None:
            ends = self._ends[key] = self._lane_ends(index, lane)
        return ends

    def _lane_ends(self, index: int, lane: int) -> bool:
        i, in_corner = index, self.tiles[index].shape is Shape.CORNER
        for _ in range(len(self.tiles)):
            i = self.next_tile(i)
            t = self.tiles[i]
            if not t.racing(lane):
                return True
            if t.shape is Shape.CORNER:
                in_corner = True
            elif in_corner:
                return False
        return False  # pragma: no cover


def pit_lane_of(track: Track, tile: int) -> int:
    """The pit-side lane of ``tile``: its outermost racing lane on the track's pit side (§2.5)."""
    lanes = range(LANES, 0, -1) if track.pit_side is Turn.RIGHT else range(1, LANES + 1)
    return next(ln for ln in lanes if track.tiles[tile].racing(ln))


# ------------------------------------------------------------------ loading
def _pit_shadow(track: Track, pit: dict[str, Any], file: str) -> tuple[Pos | None, str]:
    """``pit.shadow``: the pit-entry tile's shadow-car space, where a car that does not pit stops ahead of the yellow
    line (§2.5, §16.1), as ``tile.lane.space``; with ``pit.source``, its provenance (the source prints no pit-entry
    diagram). The format's geometry: the front space of the entry tile's pit-side lane, from which one step reaches
    the 'PIT LANE' space."""
    if "shadow" not in pit:
        if "source" in pit:
            raise TrackDataError(file, "pit.source", "gives the provenance of pit.shadow, which is missing")
        return None, ""
    source = pv.check_source(pit.get("source"), "pit.source", file)
    text = get_str(pit, "shadow", "pit.shadow")
    try:
        p = track.pos(text)
    except (KeyError, ValueError) as e:
        raise TrackDataError(file, "pit.shadow", f"not a racing space tile.lane.space ({e})") from None
    entry = track.tiles[track.pit_entry]
    lane = pit_lane_of(track, track.pit_entry)
    if (p.tile, p.lane, p.space) != (track.pit_entry, lane, len(entry.spaces(lane)) - 1):
        raise TrackDataError(file, "pit.shadow", f"the shadow car is the front space of the pit-entry tile's pit-side "
                                                 f"lane, {entry.id}.{lane}.{len(entry.spaces(lane))} (§2.5, §16.1)")
    return p, source


def _pit_lane_from(track: Track, pit: dict[str, Any], file: str) -> Pos | None:
    """``pit.pit_lane_from``: the 'PIT LANE' space of its own (§16.1: "a car can move onto the pit entry tile and
    enter the pit lane without a battle even if another car is on the shadow car"), where the pit road leaves the entry
    tile's pit-side lane at its back, behind the yellow line, named by the racing space one forward step (1 MP) before
    it: the front space of that lane on the movement tile before the entry tile (the one place the format's geometry
    allows; the finish line may not lie between). ``pit.source``, required with ``pit.shadow``, tells where both come
    from."""
    if "pit_lane_from" not in pit:
        return None
    text = get_str(pit, "pit_lane_from", "pit.pit_lane_from")
    try:
        p = track.pos(text)
    except (KeyError, ValueError) as e:
        raise TrackDataError(file, "pit.pit_lane_from", f"not a racing space tile.lane.space ({e})") from None
    lane = pit_lane_of(track, track.pit_entry)
    before = next(i for i, t in enumerate(track.tiles) if t.costs_mp and track.next_tile(i) == track.pit_entry)
    tile = track.tiles[before]
    if not tile.racing(lane):
        raise TrackDataError(file, "pit.pit_lane_from", f"lane {lane} is off track on {tile.id}, the tile before the "
                                                        "pit-entry tile: no space leads to a 'PIT LANE' space (§16.1)")
    want = Pos(before, lane, len(tile.spaces(lane)) - 1)
    if (p.tile, p.lane, p.space) != (want.tile, want.lane, want.space):
        raise TrackDataError(file, "pit.pit_lane_from", f"the 'PIT LANE' space is one step from the front space of "
                                                        f"the pit-side lane of the tile before the pit-entry tile, "
                                                        f"{track.name_of(want)} (§16.1)")
    if before > track.pit_entry:
        raise TrackDataError(file, "pit.pit_lane_from", "the finish line lies between it and the pit-entry tile: "
                                                        "not modelled (§17.1)")
    return p


_TILE_KEYS = {"id", "feature", "shape", "turn", "gear", "lanes", "walls", "no_pairs", "straight_token", "drs",
              "skid", "speed_limit"}
SPEED_LIMITS = ("green", "red")  # [ADV] the Gear Markers' colours (§11.4.2, §16.2 of the original)
_TOKEN = re.compile(r"([nkd])|s([1-4])")


def parse_track(doc: dict[str, Any], file: str, name: str | None = None) -> Track:
    """Validate a track document; each problem is a TrackDataError naming the file and the field."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise TrackDataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "name", "description", "source", "laps", "tiles", "pit", "grid", "examples",
                           "default_race", "overtake_zone", "street"}, file, "")
        tname = get_str(doc, "name", "name")
        if not DATA_ID.fullmatch(tname) or (name is not None and tname != name):
            raise TrackDataError(file, "name", f"must be the file's id {name!r} (got {tname!r})")
        source = pv.check_source(doc.get("source"), "source", file)
        rows = doc.get("tiles")
        if not isinstance(rows, list) or not 8 <= len(rows) <= 99:
            raise TrackDataError(file, "tiles", "must be a list of 8 to 99 tiles in race order (§2.1)")
        tiles = tuple(_tile(t, i, file) for i, t in enumerate(rows))
        check_loop(tiles, file)
        pit = pv.table(doc, "pit", file)
        pv.only_keys(pit, {"side", "entry", "exit", "boxes", "shadow", "source", "pit_lane_from"}, file, "pit")
        ids = {t.id: t.index for t in tiles if t.costs_mp}
        entry, exit_ = (get_str(pit, k, f"pit.{k}") for k in ("entry", "exit"))
        for k, v in (("entry", entry), ("exit", exit_)):
            if v not in ids:
                raise TrackDataError(file, f"pit.{k}", f"{v!r} is not a movement tile of this track (§2.5)")
        track = Track(tname, get_str(doc, "description", "description", default=""), source,
                      get_int(doc, "laps", "laps", lo=1, hi=9), tiles,
                      as_enum(Turn, get(pit, "side", "pit.side"), "pit.side"), ids[entry], ids[exit_],
                      get_int(pit, "boxes", "pit.boxes", lo=1, hi=12), (), pv.examples(doc, file))
        grid = []
        for i, g in enumerate(as_strs(get(doc, "grid", "grid"), "grid", unique=True)):
            try:
                grid.append(track.pos(g))
            except (KeyError, ValueError) as e:
                raise TrackDataError(file, f"grid[{i}]", f"not a racing space tile.lane.space ({e})") from None
        if not 2 <= len(grid) <= 12:
            raise TrackDataError(file, "grid", "2 to 12 grid places, pole first")
        shadow, pit_source = _pit_shadow(track, pit, file)
        return Track(track.name, track.description, track.source, track.laps, tiles, track.pit_side,
                     track.pit_entry, track.pit_exit, track.pit_boxes, tuple(grid), track.examples, shadow, pit_source,
                     _pit_lane_from(track, pit, file), as_bool(doc.get("default_race", False), "default_race"),
                     trackparts.overtake_zone(tiles, doc.get("overtake_zone"), file),
                     as_bool(doc.get("street", False), "street"))
    except TrackDataError:
        raise
    except ValueError as e:
        raise TrackDataError(file, getattr(e, "field", "<track>"), getattr(e, "reason", str(e))) from None


def _tile(t: Any, i: int, file: str) -> Tile:
    path = f"tiles[{i}]"
    if not isinstance(t, dict):
        raise TrackDataError(file, path, f"must be a table, not {kind_of(t)}")
    pv.only_keys(t, _TILE_KEYS, file, path)
    tid = get_str(t, "id", f"{path}.id")
    if not DATA_ID.fullmatch(tid):
        raise TrackDataError(file, f"{path}.id", f"a tile id is letters, digits, _ and - (got {tid!r})")
    if "feature" in t:
        extra = sorted(set(t) - {"id", "feature"})
        if extra:
            raise TrackDataError(file, f"{path}.{extra[0]}", "a feature tile costs no MP and has no lanes (§2.1)")
        return Tile(tid, i, as_enum(Feature, t["feature"], f"{path}.feature"), None, None, None, (), frozenset(),
                    False, False, None, ())
    shape = as_enum(Shape, get(t, "shape", f"{path}.shape"), f"{path}.shape")
    gear = get_int(t, "gear", f"{path}.gear", default=8)
    if gear not in GEARS:
        raise TrackDataError(file, f"{path}.gear", f"a tile shows gear 2, 4, 6 or 8 (§2.1) (got {gear})")
    turn = as_enum(Turn, t["turn"], f"{path}.turn") if "turn" in t else None
    if (shape is Shape.CORNER) != (turn is not None):
        raise TrackDataError(file, f"{path}.turn", "a corner, and only a corner, names its turn: left or right")
    lanes = _lanes(get(t, "lanes", f"{path}.lanes"), file, f"{path}.lanes")
    walls = frozenset(as_enum(Turn, w, f"{path}.walls[{j}]")
                      for j, w in enumerate(as_strs(t.get("walls", []), f"{path}.walls", unique=True)))
    drs = get_str(t, "drs", f"{path}.drs", default=None, optional=True)
    skids = tuple(_skid(s, lanes, file, f"{path}.skid[{j}]") for j, s in enumerate(_list(t, "skid", file, path)))
    limit = get_str(t, "speed_limit", f"{path}.speed_limit", default=None, optional=True)
    if limit is not None and limit not in SPEED_LIMITS:
        raise TrackDataError(file, f"{path}.speed_limit", f"a Gear Marker is green or red (§11.4.2) (got {limit!r})")
    return Tile(tid, i, None, shape, gear, turn, lanes, walls,
                as_bool(t.get("no_pairs", False), f"{path}.no_pairs"),
                as_bool(t.get("straight_token", False), f"{path}.straight_token"), drs, skids, limit)


def _list(t: dict[str, Any], key: str, file: str, path: str) -> list[Any]:
    v = t.get(key, [])
    if not isinstance(v, list):
        raise TrackDataError(file, f"{path}.{key}", f"must be a list, not {kind_of(v)}")
    return v


def _lanes(v: Any, file: str, path: str) -> tuple[tuple[Space, ...] | None, ...]:
    if not isinstance(v, list) or len(v) != LANES:
        raise TrackDataError(file, path, f"every tile has {LANES} lanes (§2.2): a list of {LANES} strings")
    out: list[tuple[Space, ...] | None] = []
    for j, lane in enumerate(v):
        if not isinstance(lane, str):
            raise TrackDataError(file, f"{path}[{j}]", f"must be a string such as 'n n' or 'off', not {kind_of(lane)}")
        if lane.strip() == "off":
            out.append(None)
            continue
        toks = lane.split()
        if not 1 <= len(toks) <= 6:
            raise TrackDataError(file, f"{path}[{j}]", "a lane has 1 to 6 spaces, or is 'off'")
        spaces = []
        for tok in toks:
            m = _TOKEN.fullmatch(tok)
            if not m:
                raise TrackDataError(file, f"{path}[{j}]", f"{tok!r} is not a space: n, k, d, s1–s4, or 'off'")
            spaces.append(Space(Surface.SLIPSTREAM, int(m.group(2))) if m.group(2) else Space(Surface(m.group(1))))
        out.append(tuple(spaces))
    if all(lane is None for lane in out):
        raise TrackDataError(file, path, "a movement tile needs at least one racing lane (§2.2)")
    for j, lane in enumerate(out):
        for k, sp in enumerate(lane or ()):
            if sp.surface is Surface.DOUBLE and not any(
                    0 <= o < LANES and out[o] is not None and len(out[o] or ()) == len(lane or ())
                    and (out[o] or ())[k].surface is Surface.DOUBLE for o in (j - 1, j + 1)):
                raise TrackDataError(file, f"{path}[{j}]", f"space {k + 1} is half a double-lane space: the lane "
                                                           "beside needs a 'd' at the same place (§2.3)")
    return tuple(out)


def _skid(s: Any, lanes: tuple[tuple[Space, ...] | None, ...], file: str, path: str) -> Skid:
    if not isinstance(s, dict):
        raise TrackDataError(file, path, f"must be a table {{start, end}}, not {kind_of(s)}")
    pv.only_keys(s, {"start", "end"}, file, path)
    ends = []
    for key in ("start", "end"):
        text = get_str(s, key, f"{path}.{key}")
        m = re.fullmatch(r"([1-4])\.([1-9])", text)
        lane_spaces = lanes[int(m.group(1)) - 1] if m else None
        if not m or lane_spaces is None or int(m.group(2)) > len(lane_spaces):
            raise TrackDataError(file, f"{path}.{key}", f"a racing space lane.space of this tile (got {text!r})")
        ends.append((int(m.group(1)), int(m.group(2)) - 1))
    return Skid(ends[0], ends[1])


def track_ids() -> list[str]:
    return sorted({p.stem for d in (TRACKS, _INSTALLED) if d.is_dir() for p in d.glob("*.toml")})


def race_track() -> str:
    """The id of the circuit a new race uses when it names none (``racebook simulate``, the registry's races, notebook
    F0's guided race, the benchmarks): the one shipped track whose file says ``default_race = true`` (SCHEMA.md;
    ``teaching_short``, a lap in about 4 rounds: docs/formulagp.md, "Lap length calibration"). The worked examples and
    :func:`racebook.formulagp.setup.new_race` keep the teaching circuit. A TrackDataError unless exactly one does."""
    marked = [t for t in track_ids() if load_track(t).default_race]
    if len(marked) != 1:
        raise TrackDataError(str(TRACKS), "default_race", f"exactly one shipped FormulaGP track says default_race = "
                                                         f"true (got {', '.join(marked) or 'none'})")
    return marked[0]


def load_track_file(path: str | Path) -> Track:
    p = Path(path)
    return parse_track(load_toml(p, TrackDataError), str(p), p.stem)


@cache
def load_track(track_id: str = "teaching") -> Track:
    """A shipped FormulaGP track by id (a TrackDataError for an unknown id)."""
    if not isinstance(track_id, str) or not DATA_ID.fullmatch(track_id) or track_id not in track_ids():
        raise TrackDataError("<track>", "track", f"unknown FormulaGP track {track_id!r}; shipped: "
                                                 f"{', '.join(track_ids())}")
    d = TRACKS if (TRACKS / f"{track_id}.toml").is_file() else _INSTALLED
    return load_track_file(d / f"{track_id}.toml")
