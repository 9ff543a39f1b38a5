"""The FormulaGP circuit as SVG: a position drawn by string building, readable anywhere (``Race._repr_svg_``,
``racebook replay fgp_… --svg FILE``).

The circuit's tiles (:mod:`racebook.formulagp.track`) are laid in race order round a schematic loop (a rounded
rectangle, :func:`racebook.core.geometry.rounded_rect`, clockwise from the finish line at the top: the picture is
not to scale and does not show the corners' real angles, only their direction and gear). Each movement tile shows
its four lanes (§2.2; lane 1 on the left of the race direction, so on the loop's outside) and every space of each
lane (§2.3): asphalt, kerb, a Slipstream space with its car shadows, a double-lane space across its two lanes; off
track (grass) in green, a wall (§2.4) as a thick dark edge, a tricky corner's skid-mark start space (§11.7) outlined
in orange. Beside each tile: its id, its gear and, for a corner, the way it turns. The finish line and the DRS
marker are feature tiles (no MP, A21). The cars are tokens (24 px circles) with their initial inside, standing on
their space (a Slipstream space's second shadow behind the first); the car whose decision it is has a ring. The
line at the top says the round and the phase, one line a car inside the loop where it is and what it holds.

Built only from :mod:`racebook.core.svg`'s primitives and :mod:`racebook.core.geometry` over the circuit's data:
no engine module is imported (a ``race`` or ``state`` is read through its attributes). Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from racebook.core import svg
from racebook.core.geometry import CentreLine, Point, TrackGeometry, Viewport, rounded_rect
from racebook.formulagp.track import Feature, Space, Surface, Tile, Track, Turn

WIDTH, HEIGHT = 1280, 760
TOP_PX = 36  # the info line
LEGEND_PX = 34
HALF_BAND = 60.0  # track units (= px at scale 1): four lanes of 30
TOKEN = 24.0  # a car's token, px across
FILL = {Surface.ASPHALT: "#cfcfcf", Surface.KERB: "#f2a5a5", Surface.SLIPSTREAM: "#a9cdf5",
        Surface.DOUBLE: "#e6d59a"}
GRASS, WALL, SKID, EDGE = "#b5d99c", "#3b3b3b", "#e07000", "#ffffff"
MOVER = "#d4007a"  # the ring round the car to play (magenta: no car colour)
CAR_FILL = {"grey": "#7f7f7f", "red": "#d62728", "blue": "#1f5fb4", "orange": "#ff8c1a", "green": "#2ca02c",
            "yellow": "#f2c80f", "black": "#222222", "white": "#f4f4f4", "purple": "#8e44ad", "pink": "#e377c2"}
OTHERS = ("#17becf", "#8c564b", "#bcbd22", "#9467bd", "#e377c2", "#7f7f7f")
DARK = frozenset({"#7f7f7f", "#d62728", "#1f5fb4", "#2ca02c", "#222222", "#8e44ad", "#8c564b", "#9467bd"})


def _length(sp: Space) -> int:
    """A space's length in its lane: a Slipstream space one per car shadow (two tokens, one behind the other)."""
    return sp.shadows if sp.surface is Surface.SLIPSTREAM else 1


def _weight(t: Tile) -> float:
    """A tile's share of the loop: its longest lane (a feature tile: a narrow strip)."""
    if not t.costs_mp:
        return 0.9
    return float(max((sum(_length(sp) for sp in t.spaces(lane)) for lane in range(1, 5)), default=1)) + 0.3


def geometry(track: Track) -> TrackGeometry:
    """The loop and one span per tile (named by tile id), in race order from the finish line."""
    total = sum(_weight(t) for t in track.tiles)
    per = 34.0  # track units per weight unit: a space of a 2-space lane is ~35 px long
    length = total * per
    w = length * 0.34
    h = length / 2 - w + 0.86 * 140  # a rounded rectangle of this perimeter (corner radius 140)
    line = CentreLine(rounded_rect(w, h, 140))
    spans, u = [], 0.0
    first = _weight(track.tiles[0]) / total / 2  # the finish line's tile centred at the top
    for t in track.tiles:
        du = _weight(t) / total
        spans.append((t.id, u - first, u - first + du))
        u += du
    return TrackGeometry(line, spans, HALF_BAND, gap=0.0)


def _lane_band(lane: int) -> tuple[float, float]:
    """Lane 1–4's laterals (inner, outer) in half-bands: lane 1 on the left of the race direction = the outside of
    the clockwise loop."""
    hi = 1.0 - (lane - 1) * 0.5
    return hi - 0.5, hi


def _ring(g: TrackGeometry, u0: float, u1: float, lat0: float, lat1: float, vp: _Screen) -> str:
    xs, ys = g.ribbon(u0, u1, lat0, lat1, samples=6)
    return svg.pts(vp.px(p) for p in zip(xs, ys, strict=True))


def _space_u(g: TrackGeometry, t: Tile, lane: int, k: int) -> tuple[float, float]:
    """The loop fractions of space ``k`` of ``lane``: the lane's spaces share the tile by their lengths."""
    a, b = g.span(t.id)
    lengths = [_length(sp) for sp in t.spaces(lane)]
    n = sum(lengths)
    before = sum(lengths[:k])
    return a + (b - a) * before / n, a + (b - a) * (before + lengths[k]) / n


def _tile_parts(g: TrackGeometry, t: Tile, vp: _Screen) -> list[str]:
    out: list[str] = []
    a, b = g.span(t.id)
    if not t.costs_mp:
        out.append(f'<polygon class="feature" points="{_ring(g, a, b, -1, 1, vp)}" fill="#efefef" stroke="#999" '
                   'stroke-width="1"/>')
        return out
    for lane in range(1, 5):
        lo, hi = _lane_band(lane)
        spaces = t.spaces(lane)
        if not spaces:
            out.append(f'<polygon class="off" points="{_ring(g, a, b, lo, hi, vp)}" fill="{GRASS}" stroke="none"/>')
            continue
        for k, sp in enumerate(spaces):
            u0, u1 = _space_u(g, t, lane, k)
            lat0 = lo
            if sp.surface is Surface.DOUBLE:  # one space across two lanes (§2.3): drawn once, from the outer lane
                below = t.spaces(lane + 1) if lane < 4 else ()
                if k < len(below) and below[k].surface is Surface.DOUBLE and len(below) == len(spaces):
                    lat0 = _lane_band(lane + 1)[0]
                else:
                    continue
            out.append(f'<polygon class="space {sp.surface.name.lower()}" data-space="{t.id}.{lane}.{k + 1}" '
                       f'points="{_ring(g, u0, u1, lat0, hi, vp)}" fill="{FILL[sp.surface]}" stroke="{EDGE}" '
                       'stroke-width="1.5"/>')
            if sp.surface is Surface.SLIPSTREAM and sp.shadows > 1:  # the car shadows: a dashed divider
                for j in range(1, sp.shadows):
                    um = u0 + (u1 - u0) * j / sp.shadows
                    p, q = vp.px(g.point(um, lo + 0.06)), vp.px(g.point(um, hi - 0.06))
                    out.append(f'<line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" y2="{q[1]:.1f}" '
                               'stroke="#5a8fd0" stroke-width="1.5" stroke-dasharray="3 3"/>')
    for skid in t.skids:  # §11.7: the skid marks start on this space
        lane, k = skid.start
        if k < len(t.spaces(lane)):
            u0, u1 = _space_u(g, t, lane, k)
            lo, hi = _lane_band(lane)
            out.append(f'<polygon class="skid" points="{_ring(g, u0, u1, lo, hi, vp)}" fill="none" '
                       f'stroke="{SKID}" stroke-width="3" stroke-dasharray="5 3"/>')
    for side in t.walls:  # §2.4: beyond lane 1 (left, outside) or lane 4 (right, inside)
        lat = 1.0 if side is Turn.LEFT else -1.0
        pts = [vp.px(g.point(a + (b - a) * i / 8, lat)) for i in range(9)]
        out.append(f'<polyline class="wall" points="{svg.pts(pts)}" fill="none" stroke="{WALL}" stroke-width="5"/>')
    p, q = vp.px(g.point(a, -1.0)), vp.px(g.point(a, 1.0))  # the tile's back edge
    out.append(f'<line x1="{p[0]:.1f}" y1="{p[1]:.1f}" x2="{q[0]:.1f}" y2="{q[1]:.1f}" stroke="#555" '
               'stroke-width="2"/>')
    return out


def _tile_label(g: TrackGeometry, t: Tile, vp: _Screen, cars: list[Point]) -> list[str]:
    """A tile's id, gear and turn beside its outer lane; moved farther out when a car's token is there."""
    a, b = g.span(t.id)
    u = (a + b) / 2
    if not t.costs_mp:
        x, y = vp.px(g.point(u, 0.0))
        word = "DRS" if t.feature is Feature.DRS else "" if t.feature is Feature.FINISH else t.id
        return [svg.text(x, y, word, 13, "#333", fit=False)] if word else []
    x, y = vp.px(g.point(u, 1.5))
    if any(abs(cx - x) < 22 + TOKEN / 2 and abs(cy - y) < 16 + TOKEN / 2 for cx, cy in cars):
        x, y = vp.px(g.point(u, 2.1))
    turn = "" if t.turn is None else (" ↱" if t.turn is Turn.RIGHT else " ↰")
    gear = {1: "1st", 2: "2nd", 3: "3rd"}.get(t.gear or 0, f"{t.gear}th") if t.gear else ""
    lines = [svg.text(x, y - 7, t.id, 13, "#222", fit=False),
             svg.text(x, y + 8, f"{gear}{turn}", 12, "#a04000" if t.turn else "#555", weight="normal", fit=False)]
    if t.drs:
        xi, yi = vp.px(g.point(u, -1.3))
        lines.append(svg.text(xi, yi, t.drs, 11, "#1f5fb4", fit=False))
    return lines


def _code(car_ids: Iterable[str]) -> dict[str, str]:
    """The letter inside each car's token: its initial; initials shared by two cars: initial + last letter."""
    ids = list(car_ids)
    firsts = [c[0].upper() for c in ids]
    return {c: (f if firsts.count(f) == 1 else f + c[-1].lower()) for c, f in zip(ids, firsts, strict=True)}


def car_fill(car_id: str, index: int) -> str:
    return CAR_FILL.get(car_id.lower(), OTHERS[index % len(OTHERS)])


def _car_point(g: TrackGeometry, track: Track, pos: Any) -> Point:
    t = track.tiles[pos.tile]
    u0, u1 = _space_u(g, t, pos.lane, pos.space)
    n = max(1, t.spaces(pos.lane)[pos.space].shadows)
    f = 1.0 - (pos.shadow + 0.5) / n  # shadow 0 = the front one
    lo, hi = _lane_band(pos.lane)
    return g.point(u0 + (u1 - u0) * f, (lo + hi) / 2)


def state_svg(state: Any, *, mover: str | None = None, title: str = "", width: int = WIDTH,
              height: int = HEIGHT) -> str:
    """The SVG of a FormulaGP race state (its track and cars); ``mover`` the car whose decision it is."""
    track: Track = state.track
    g = geometry(track)
    x0, y0, x1, y1 = g.extent()
    pad = HALF_BAND * 1.9
    vp = Viewport.fit((x0 - pad, x1 + pad, y0 - pad, y1 + pad), width, height - TOP_PX - LEGEND_PX)
    screen = _Screen(vp, TOP_PX)
    px = screen.px
    out = svg.document(width, height, title or f"FormulaGP — {track.name}")
    for t in track.tiles:
        out += _tile_parts(g, t, screen)
    sf = next((t for t in track.tiles if t.feature is Feature.FINISH), None)
    if sf is not None:
        a, b = g.span(sf.id)
        out += svg.finish_line(px(g.point((a + b) / 2, -1.05)), px(g.point((a + b) / 2, 1.05)))
    tokens = [px(_car_point(g, track, c.pos)) for c in state.cars.values()]
    for t in track.tiles:
        out += _tile_label(g, t, screen, tokens)
    a, b = g.span(track.tiles[0].id)
    x, y = px(g.point(a + 0.02, -2.0))
    out.append(svg.text(x, y, "race direction →", 15, "#666", weight="normal", fit=False))
    x0, y0, x1, y1 = g.extent()
    codes = _code(state.cars)
    for i, c in enumerate(state.cars.values()):
        x, y = px(_car_point(g, track, c.pos))
        fill = car_fill(c.id, i)
        size = TOKEN
        if c.id == mover:
            out.append(f'<circle class="mover" cx="{x:.1f}" cy="{y:.1f}" r="{size / 2 + 4:.1f}" fill="none" '
                       f'stroke="{MOVER}" stroke-width="4"/>')
        out.append(f'<circle class="car" data-car="{svg.e(c.id)}" cx="{x:.1f}" cy="{y:.1f}" r="{size / 2:.1f}" '
                   f'fill="{fill}" stroke="#111" stroke-width="2"><title>{svg.e(c.id)}: '
                   f'{svg.e(_where(track, c.pos))}</title></circle>')
        code = codes[c.id]
        font = size * (0.58 if len(code) == 1 else 0.48)
        out.append(svg.text(x, y, code, font, svg.ink_on(fill, DARK), fit=False, font_format=".1f"))
    out += _info(state, track, mover, codes, px(((x0 + x1) / 2, (y0 + y1) / 2)))
    return svg.close(out, _legend(height))


class _Screen:
    """Track units -> pixels: the viewport, moved down under the info lines."""

    def __init__(self, vp: Viewport, dy: float) -> None:
        self.vp, self.dy = vp, dy

    def px(self, p: Point) -> Point:
        x, y = self.vp.px(p)
        return x, y + self.dy


def _where(track: Track, pos: Any) -> str:
    """A car's space as the scenarios and the notation write it (``T06.1.1/1``: the second car shadow)."""
    return track.name_of(pos) + (f"/{pos.shadow}" if pos.shadow else "")


def _info(state: Any, track: Track, mover: str | None, codes: dict[str, str], middle: Point) -> list[str]:
    phase = getattr(state.phase, "value", str(state.phase))
    if state.finished:
        head = "Race over · classification: " + ", ".join(state.result)
    else:
        lap = " · final lap" if state.final_lap else ""
        head = (f"Round {state.round} · Chequered Flag on radar space {state.flag}{lap} · {phase} phase"
                + (f" · {mover} to play" if mover else ""))
    out = [f'<text x="12" y="22" font-size="17" font-weight="bold" fill="#222">{svg.e(head)}</text>']
    rows = [f"{codes[c.id]}  {c.id}: {_where(track, c.pos)}, lap {c.lap}, ERS {c.ers}, OT {c.ot}, wear {c.wear}, "
            f"{len(c.hand)} cards" for c in state.cars.values()]
    x, y = middle
    top = y - (len(rows) - 1) * 11
    for i, row in enumerate(rows):  # one line a car, inside the loop
        out.append(f'<text class="car-line" x="{x:.0f}" y="{top + 22 * i + 5:.0f}" font-size="15" fill="#333" '
                   f'text-anchor="middle">{svg.e(row)}</text>')
    return out


def _legend(height: int) -> str:
    leg = svg.Legend(height, LEGEND_PX, gap=14)
    for fill, words in ((FILL[Surface.ASPHALT], "asphalt"), (FILL[Surface.KERB], "kerb"),
                        (FILL[Surface.SLIPSTREAM], "Slipstream (car shadows)"),
                        (FILL[Surface.DOUBLE], "double-lane space"), (GRASS, "off track")):
        leg.swatch(22, fill, "#777", 1)
        leg.word(words, 28)
    leg.swatch(22, "none", SKID, 3, ' stroke-dasharray="5 3"')
    leg.word("tricky corner", 28)
    leg.swatch(22, WALL, WALL, 1)
    leg.word("wall", 28)
    leg.word("lane 1 = left = outside · not to scale")
    return leg.svg()


def race_svg(race: Any, **kw: Any) -> str:
    """The SVG of a FormulaGP :class:`~racebook.formulagp.game.Race`'s current position."""
    kw.setdefault("title", race.position()[:200])
    return state_svg(race.state, mover=race.current_car, **kw)
