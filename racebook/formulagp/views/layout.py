"""Where every part of a FormulaGP circuit lies, in track units (y up), computed once per circuit.

The circuit's tiles (:mod:`racebook.formulagp.track`) are laid in race order round a schematic clockwise loop (a
rounded rectangle, :func:`racebook.core.geometry.rounded_rect`, from the finish line at the top: not to scale, the
corners' real angles are not shown, only their direction and gear). A tile's share of the loop is its longest
lane. Across the loop a tile has its four lanes (§2.2), lane 1 on the left of the race direction, so on the loop's
outside; each lane's spaces share the tile by their lengths (a Slipstream space one length per car shadow, §2.3).

:class:`Layout` holds, per tile, the polygons the picture draws (:class:`Part`): every space (a double-lane space
once, across its two lanes), the off-track lanes, a feature tile's strip, the walls (§2.4), the tile's back edge,
the tricky corner's skid marks (§11.7: the start space and a path to the end space), the lanes that end (racing
here, off track on the next movement tile, §10.2 item 3); and, per circuit, the DRS zones (§2.6, §11.6) and the pit
lane with its Pit Boxes and its entry and exit spaces (§2.5, ``tracks/formulagp/SCHEMA.md``, "The pit lane"). It
answers where a car stands (:meth:`Layout.car_point`) and the bounds of a run of tiles (:meth:`Layout.bounds`).
Standard library only; no engine module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from racebook.core.geometry import Box, CentreLine, Point, TrackGeometry, rounded_rect
from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos, Space, Surface, Tile, Turn

HALF_BAND = 60.0  # track units: four lanes of 30
PER = 34.0  # track units per space length (a 2-space lane's space is 34 long)
PIT_LAT = (1.12, 1.62)  # the pit lane's laterals (half-bands beyond the pit-side edge)
DRS_LAT = (1.03, 1.11)  # the DRS zone's strip along the outer edge


@dataclass(frozen=True)
class Part:
    """One drawn polygon or polyline (track units): ``kind`` says what it is (``space``, ``off``, ``feature``,
    ``wall``, ``edge``, ``skid``, ``skid-path``, ``lane-end``, ``shadow``, ``pit-lane``, ``pit-line``, ``pit-box``,
    ``pit-entry``, ``pit-exit``, ``drs``), ``name`` its id (a space's ``T06.1.1``, a box's number)."""

    kind: str
    tile: int
    pts: tuple[Point, ...]
    name: str = ""
    surface: Surface | None = None


@dataclass
class Layout:
    track: Track
    g: TrackGeometry
    tiles: list[int] = field(default_factory=list)  # the tiles laid out, in race order
    parts: dict[int, list[Part]] = field(default_factory=dict)  # tile index -> its parts
    circuit: list[Part] = field(default_factory=list)  # DRS zones, the pit lane and its boxes
    boxes: list[Point] = field(default_factory=list)  # the Pit Boxes' centres, box 0 closest to the exit
    pit_exit: Point = (0.0, 0.0)  # the pit-exit 'Pit Lane' space's centre
    pit_entry: Point = (0.0, 0.0)
    pit_step: float = 0.0  # one pit-lane space, as a loop fraction (cars waiting at the exit queue back by it)
    pit_exit_u: float = 0.0
    outlines: dict[tuple[tuple[int, ...], float], list[Point]] = field(default_factory=dict)  # (tiles, lateral)

    # ------------------------------------------------------------------ questions
    def has(self, tile: int) -> bool:
        return tile in self.parts

    def span(self, tile: int) -> tuple[float, float]:
        return self.g.span(self.track.tiles[tile].id)

    def space_u(self, t: Tile, lane: int, k: int) -> tuple[float, float]:
        """The loop fractions of space ``k`` of ``lane``: the lane's spaces share the tile by their lengths."""
        a, b = self.g.span(t.id)
        lengths = [length(sp) for sp in t.spaces(lane)]
        n = sum(lengths)
        before = sum(lengths[:k])
        return a + (b - a) * before / n, a + (b - a) * (before + lengths[k]) / n

    def car_point(self, pos: Pos, off: str = "") -> Point:
        """Where a car on ``pos`` stands (shadow 0 = a Slipstream space's front shadow); ``off`` (a side,
        ``"left"``/``"right"``): off track beside that space, past the edge."""
        t = self.track.tiles[pos.tile]
        u0, u1 = self.space_u(t, pos.lane, pos.space)
        n = max(1, t.spaces(pos.lane)[pos.space].shadows)
        f = 1.0 - (pos.shadow + 0.5) / n
        lo, hi = lane_band(pos.lane)
        lat = (lo + hi) / 2
        if off:
            lat = 1.45 if off == Turn.LEFT.value else -1.45
        return self.g.point(u0 + (u1 - u0) * f, lat)

    def pit_queue(self, k: int) -> Point:
        """The ``k``-th car waiting on the pit-exit space (0 the front), queued back along the pit lane."""
        lat = sum(PIT_LAT) / 2 * (-1 if self.track.pit_side is Turn.RIGHT else 1)
        return self.g.point(self.pit_exit_u - self.pit_step * (0.5 + k), lat)

    def outline(self, tiles: list[int], lateral: float = 2.2) -> list[Point]:
        """Points round the tiles' band, ``lateral`` half-bands out each side (labels, the pit lane)."""
        key = (tuple(tiles), lateral)
        got = self.outlines.get(key)
        if got is None:
            got = []
            for i in tiles:
                a, b = self.span(i)
                got += [self.g.point(a + (b - a) * j / 4, lat) for j in range(5) for lat in (-lateral, lateral)]
            self.outlines[key] = got
        return got

    def bounds(self, tiles: list[int], lateral: float = 2.2) -> Box:
        """The box (track units) of the tiles' band, ``lateral`` half-bands out each side."""
        pts = self.outline(tiles, lateral)
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)

    def ribbon(self, u0: float, u1: float, lat0: float, lat1: float, samples: int = 6) -> tuple[Point, ...]:
        xs, ys = self.g.ribbon(u0, u1, lat0, lat1, samples=samples)
        return tuple(zip(xs, ys, strict=True))

    def line(self, u0: float, u1: float, lat: float, samples: int = 8) -> tuple[Point, ...]:
        return tuple(self.g.point(u0 + (u1 - u0) * i / samples, lat) for i in range(samples + 1))


def length(sp: Space) -> int:
    """A space's length in its lane: a Slipstream space one per car shadow (two tokens, one behind the other)."""
    return sp.shadows if sp.surface is Surface.SLIPSTREAM else 1


def weight(t: Tile) -> float:
    """A tile's share of the loop: its longest lane (a feature tile: a narrow strip)."""
    if not t.costs_mp:
        return 0.9
    return float(max((sum(length(sp) for sp in t.spaces(lane)) for lane in range(1, 5)), default=1)) + 0.3


def lane_band(lane: int) -> tuple[float, float]:
    """Lane 1–4's laterals (inner, outer) in half-bands: lane 1 on the left of the race direction = the outside of
    the clockwise loop."""
    hi = 1.0 - (lane - 1) * 0.5
    return hi - 0.5, hi


def geometry(track: Track) -> TrackGeometry:
    """The loop and one span per tile (named by tile id), in race order from the finish line."""
    total = sum(weight(t) for t in track.tiles)
    loop = total * PER
    w = loop * 0.34
    h = loop / 2 - w + 0.86 * 140  # a rounded rectangle of this perimeter (corner radius 140)
    line = CentreLine(rounded_rect(w, h, 140))
    spans, u = [], 0.0
    first = weight(track.tiles[0]) / total / 2  # the first tile (the finish line's) centred at the top
    for t in track.tiles:
        du = weight(t) / total
        spans.append((t.id, u - first, u - first + du))
        u += du
    return TrackGeometry(line, spans, HALF_BAND, gap=0.0)


#: Degrees a corner tile turns in a framed strip, by its gear (schematic: the source prints no angles; a slower
#: corner turns more), at most what keeps its inside lane's edge off its centre.
TURN_DEGREES = {2: 60.0, 4: 40.0, 6: 25.0, 8: 15.0}
LEAD = 80.0  # track units of straight line before and after a strip (its tangents stay clear of the closing chord)
CONTEXT = 2  # tiles laid out beyond a framed stretch on each side (drawn where they fall inside the picture)

_CACHE: dict[int, tuple[Track, Layout]] = {}
STRIPS_KEPT = 64  # the framed stretches kept (:func:`strip`): a notebook's steppers frame a few dozen at most
_STRIPS: dict[tuple[int, tuple[int, ...]], tuple[Track, Layout]] = {}


def layout(track: Track) -> Layout:
    """The whole circuit's layout round the schematic loop, computed once per :class:`Track` object."""
    got = _CACHE.get(id(track))
    if got is None or got[0] is not track:
        got = (track, _build(track, geometry(track), list(range(len(track.tiles)))))
        _CACHE[id(track)] = got
    return got[1]


def strip(track: Track, tiles: list[int]) -> Layout:
    """A framed stretch (``tiles``, in race order) with :data:`CONTEXT` tiles either side, laid along its own centre
    line: straights straight, each corner tile turning its way (right = clockwise) by :data:`TURN_DEGREES`, so that
    a corner's inside is drawn inside. The pit lane is laid out when the stretch holds its entry and its exit."""
    n = len(track.tiles)
    first, last = tiles[0] - CONTEXT, tiles[0] + len(tiles) - 1 + CONTEXT
    run = [(first + k) % n for k in range(min(n, last - first + 1))]
    if any(i in run for i in (track.pit_entry, track.pit_exit)) and len(run) < n:
        while track.pit_exit not in run and len(run) < n:  # the whole pit lane, or none of it
            run.append((run[-1] + 1) % n)
        while track.pit_entry not in run and len(run) < n:
            run.insert(0, (run[0] - 1) % n)
    key = (id(track), tuple(run))
    got = _STRIPS.get(key)
    if got is None or got[0] is not track:  # built once per stretch, as the whole circuit's (a stepper's click)
        if len(_STRIPS) >= STRIPS_KEPT:
            _STRIPS.pop(next(iter(_STRIPS)))
        got = (track, _build(track, _strip_geometry(track, run), run))
        _STRIPS[key] = got
    return got[1]


def _strip_geometry(track: Track, run: list[int]) -> TrackGeometry:
    pts: list[Point] = [(-LEAD, 0.0), (0.0, 0.0)]
    heading = 0.0
    ends: list[float] = [LEAD]  # arc length at each tile's end
    for i in run:
        t = track.tiles[i]
        size = weight(t) * PER
        if t.turn is None:
            x, y = pts[-1]
            pts.append((x + size * math.cos(heading), y + size * math.sin(heading)))
        else:
            most = size / (HALF_BAND * 1.3)  # the inside edge's radius stays >= 0.3 half-band
            turn = min(math.radians(TURN_DEGREES.get(t.gear or 8, 20.0)), most)
            turn = -turn if t.turn is Turn.RIGHT else turn
            for k in range(1, 13):
                h = heading + turn * (k - 0.5) / 12
                x, y = pts[-1]
                pts.append((x + size / 12 * math.cos(h), y + size / 12 * math.sin(h)))
            heading += turn
        ends.append(ends[-1] + size)
    x, y = pts[-1]
    pts.append((x + LEAD * math.cos(heading), y + LEAD * math.sin(heading)))
    line = CentreLine(pts)
    line.out_sign = 1.0  # lateral +1 = the left of the race direction (lane 1), whatever the closing chord does
    total = line.length
    spans = [(track.tiles[i].id, ends[k] / total, ends[k + 1] / total) for k, i in enumerate(run)]
    return TrackGeometry(line, spans, HALF_BAND, gap=0.0)


def _build(track: Track, g: TrackGeometry, tiles: list[int]) -> Layout:
    lay = Layout(track, g, list(tiles))
    for i in tiles:
        lay.parts[i] = _tile_parts(lay, track.tiles[i])
    lay.circuit += _drs_zones(lay)
    if lay.has(track.pit_entry) and lay.has(track.pit_exit):
        lay.circuit += _pit_lane(lay)
    return lay


def _tile_parts(lay: Layout, t: Tile) -> list[Part]:
    a, b = lay.g.span(t.id)
    i = t.index
    if not t.costs_mp:
        return [Part("feature", i, lay.ribbon(a, b, -1, 1), t.feature.value if t.feature else "")]
    out: list[Part] = []
    for lane in range(1, 5):
        lo, hi = lane_band(lane)
        spaces = t.spaces(lane)
        if not spaces:
            out.append(Part("off", i, lay.ribbon(a, b, lo, hi)))
            continue
        for k, sp in enumerate(spaces):
            u0, u1 = lay.space_u(t, lane, k)
            lat0 = lo
            if sp.surface is Surface.DOUBLE:  # one space across two lanes (§2.3): drawn once, from the outer lane
                below = t.spaces(lane + 1) if lane < 4 else ()
                if k < len(below) and below[k].surface is Surface.DOUBLE and len(below) == len(spaces):
                    lat0 = lane_band(lane + 1)[0]
                else:
                    continue
            out.append(Part("space", i, lay.ribbon(u0, u1, lat0, hi), f"{t.id}.{lane}.{k + 1}", sp.surface))
            if sp.surface is Surface.SLIPSTREAM:  # §2.3: each car shadow drawn as a car outline
                for j in range(sp.shadows):
                    s0 = u0 + (u1 - u0) * j / sp.shadows
                    s1 = u0 + (u1 - u0) * (j + 1) / sp.shadows
                    m = (s1 - s0) * 0.16
                    out.append(Part("shadow", i, lay.ribbon(s0 + m, s1 - m, lo + 0.11, hi - 0.11, 4),
                                    f"{t.id}.{lane}.{k + 1}/{j}"))
    for skid in t.skids:  # §11.7: the skid marks start on this space, a spin ends on their end space
        (ls, ks), (le, ke) = skid.start, skid.end
        u0, u1 = lay.space_u(t, ls, ks)
        lo, hi = lane_band(ls)
        out.append(Part("skid", i, lay.ribbon(u0, u1, lo + 0.03, hi - 0.03), f"{t.id}.{ls}.{ks + 1}"))
        v0, v1 = lay.space_u(t, le, ke)
        p, q = lay.g.point((u0 + u1) / 2, (lo + hi) / 2), lay.g.point((v0 + v1) / 2, sum(lane_band(le)) / 2)
        out.append(Part("skid-path", i, (p, q), f"{t.id}.{le}.{ke + 1}"))
    for side in sorted(t.walls, key=lambda s: s.value):  # §2.4: beyond lane 1 (left, outside) or lane 4 (right)
        out.append(Part("wall", i, lay.line(a, b, 1.0 if side is Turn.LEFT else -1.0), side.value))
    nxt = lay.track.tiles[lay.track.next_tile(i)]  # (read on the circuit, whether or not laid out here)
    for lane in range(1, 5):  # a lane that ends: racing here, off track on the next movement tile
        if t.racing(lane) and not nxt.racing(lane):
            lo, hi = lane_band(lane)
            out.append(Part("lane-end", i, (lay.g.point(b, lo + 0.04), lay.g.point(b, hi - 0.04)), str(lane)))
    out.append(Part("edge", i, (lay.g.point(a, -1.0), lay.g.point(a, 1.0))))
    return out


def _drs_zones(lay: Layout) -> list[Part]:
    """Each DRS zone (§2.6, §11.6) as a strip along the outer edge of its run of tiles."""
    zones: dict[str, list[int]] = {}
    for i in lay.tiles:
        t = lay.track.tiles[i]
        if t.drs:
            zones.setdefault(t.drs, []).append(t.index)
    out = []
    for name, tiles in zones.items():
        a, b = lay.span(tiles[0])[0], lay.span(tiles[-1])[1]
        if b < a:
            b += 1.0
        out.append(Part("drs", tiles[0], lay.ribbon(a, b, *DRS_LAT, samples=24), name))
    return out


def _pit_lane(lay: Layout) -> list[Part]:
    """The pit lane (§2.5) beside the pit-side lane from the entry tile's front space to the exit tile's: the
    'PIT LANE' entry space, the Pit Boxes (box 0 closest to the exit) and the exit's 'Pit Lane' space, separated
    from the track by the yellow line."""
    tr = lay.track
    sign = -1.0 if tr.pit_side is Turn.RIGHT else 1.0
    lat0, lat1 = sorted((sign * PIT_LAT[0], sign * PIT_LAT[1]))
    edge = sign * 1.04

    def front(tile: int) -> tuple[float, float]:
        t = tr.tiles[tile]
        lanes = range(4, 0, -1) if tr.pit_side is Turn.RIGHT else range(1, 5)
        lane = next(ln for ln in lanes if t.racing(ln))
        return lay.space_u(t, lane, len(t.spaces(lane)) - 1)

    u_in, u_out = front(tr.pit_entry)[0], front(tr.pit_exit)[1]
    if u_out <= u_in:
        u_out += 1.0
    n = tr.pit_boxes + 2  # the entry space, the boxes, the exit space
    step = (u_out - u_in) / n
    lay.pit_step, lay.pit_exit_u = step, u_out
    mid = (lat0 + lat1) / 2
    out = [Part("pit-lane", tr.pit_entry, lay.ribbon(u_in, u_out, lat0, lat1, samples=40)),
           Part("pit-line", tr.pit_entry, lay.line(u_in, u_out, edge, 40))]
    out.append(Part("pit-entry", tr.pit_entry, lay.ribbon(u_in, u_in + step, lat0, lat1), "PIT LANE"))
    lay.pit_entry = lay.g.point(u_in + step / 2, mid)
    for k in range(tr.pit_boxes):  # box 0 closest to the exit
        b1 = u_out - step * (k + 1)
        out.append(Part("pit-box", tr.pit_entry, lay.ribbon(b1 - step * 0.92, b1 - step * 0.08, lat0 + 0.03,
                                                            lat1 - 0.03), str(k)))
        lay.boxes.append(lay.g.point(b1 - step / 2, mid))
    out.append(Part("pit-exit", tr.pit_exit, lay.ribbon(u_out - step, u_out, lat0, lat1), "Pit Lane"))
    lay.pit_exit = lay.g.point(u_out - step / 2, mid)
    return out
