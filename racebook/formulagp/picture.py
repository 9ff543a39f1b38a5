"""The FormulaGP track view as SVG: a position drawn by string building, readable anywhere (``Race._repr_svg_``,
``racebook replay fgp_… --svg FILE [--whole]``).

The circuit (:mod:`racebook.formulagp.views.layout`: a schematic clockwise loop, not to scale) shows each movement
tile's four lanes (§2.2; lane 1 on the left of the race direction, so on the loop's outside) and every space (§2.3):
asphalt, kerb (red and white stripes), a Slipstream space with a car outline per car shadow, a double-lane space
across its two lanes; off track (grass) in green, a wall (§2.4) as a thick dark edge, a lane that ends as a bar
across its front, a tricky corner's skid-mark start space outlined in orange with its path to the end space
(§11.7). Beside each tile: its id and a gear chip (its gear, §2.1, and for a corner the way it turns; "no pairs"
§11.4.1, the 8th Gear token). The finish line, the DRS marker (feature tiles, no MP, A21), the DRS zones (a strip
along the outer edge, §11.6), the pit lane (§2.5: the 'PIT LANE' entry space, the Pit Boxes, box 1 closest to the
exit, and the exit's 'Pit Lane' space behind the yellow line), the Yellow Flag zones (a hatched yellow strip,
§19.3), the Safety Car (§19.4) and the Gravel tokens (§19.8.1).

The cars are tokens at least :data:`MIN_TOKEN` px across (≥ 18 px when a notebook shows the picture
:data:`NOTEBOOK_WIDTH` px wide), in their team's colour from a colour-blind-safe palette with their letter inside
and their team number in their badge (§23, :mod:`racebook.formulagp.views.palette`); the car to play is ringed.
Beside each car a badge shows its OT, ERS, stress and Wheel-to-Wheel tokens (and pits, spun, off track); badges
never cover a token or each other (:func:`racebook.core.geometry.place_labels`).

By default the picture frames the tiles of the current step (:mod:`racebook.formulagp.views.framing`), with a key
on the right: the whole circuit in miniature with the framed stretch marked, and one line a car; a car outside the
frame is a dashed token on the frame's edge. ``whole=True`` draws the whole circuit with the key inside the loop.
The top line says the round, the phase and whose turn it is, and shows the Safety Car, the VSC and the yellow
zones. Built from :mod:`racebook.core.svg` and :mod:`racebook.core.geometry`. No game-flow module (``game``,
``state``, the phases) is imported at module level: a ``race`` or ``state`` is read through its attributes. What is
imported of the engine: the track data (:mod:`racebook.formulagp.track`, :mod:`racebook.formulagp.trackparts`) and,
through :mod:`racebook.formulagp.views.tokens`, one pure rule, :func:`racebook.formulagp.rules.pitstop.box_of`
(a car's Pit Box, §2.5: its team's place; the reading's one home, so the picture draws a pitting car where the rules
put it). Standard library only.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from typing import Any

from racebook.core import framing as core_framing
from racebook.core import svg
from racebook.core.geometry import Box, Point, Viewport
from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Feature, Surface, Tile, Turn
from racebook.formulagp.views import framing
from racebook.formulagp.views.key import key_inside, legend, panel, top
from racebook.formulagp.views.layout import Layout, Part, layout, strip
from racebook.formulagp.views.palette import liveries
from racebook.formulagp.views.style import (
    DRS_FILL,
    EDGE,
    FILL,
    GRASS,
    HEIGHT,
    LEGEND_PX,
    MAX_SCALE,
    NOTEBOOK_WIDTH,
    PANEL_PX,
    PIT_FILL,
    PIT_LINE,
    SC_FILL,
    SKID,
    TOP_PX,
    WALL,
    WIDTH,
    Screen,
    defs,
)
from racebook.formulagp.views.tokens import TokenView

__all__ = ["HEIGHT", "LEGEND_PX", "NOTEBOOK_WIDTH", "PANEL_PX", "TOP_PX", "WIDTH", "frame", "race_svg", "state_svg"]


# ------------------------------------------------------------------ entry points
def race_svg(race: Any, *, whole: bool = False, **kw: Any) -> str:
    """The SVG of a FormulaGP :class:`~racebook.formulagp.game.Race`'s current position: framed on the current
    step (its last move read from the event log), or the ``whole`` circuit."""
    kw.setdefault("title", race.position()[:200])
    moved = () if whole else framing.last_move(race)
    return state_svg(race.state, mover=race.current_car, whole=whole, moved=moved, **kw)


def state_svg(state: Any, *, mover: str | None = None, title: str = "", whole: bool = False,
              moved: Iterable[str] = (), width: int = WIDTH, height: int = HEIGHT) -> str:
    """The SVG of a FormulaGP race state; ``mover`` the car whose decision it is, ``moved`` the positions the last
    move went through (the frame), ``whole`` the whole circuit."""
    track: Track = state.track
    main_w = width if whole else width - PANEL_PX
    view = frame(state, mover=mover, whole=whole, moved=moved, area=(0.0, TOP_PX, float(main_w),
                                                                     float(height - LEGEND_PX)), title=title)
    tiles, uid = view.tiles, view.uid
    out = svg.document(width, height, title or f"FormulaGP — {track.name}")
    out.append(defs(uid))
    out.append(f'<svg class="main" x="0" y="{TOP_PX}" width="{main_w}" height="{height - TOP_PX - LEGEND_PX}" '
               f'viewBox="0 {TOP_PX} {main_w} {height - TOP_PX - LEGEND_PX}" overflow="hidden" '
               f'data-frame="{svg.e(" ".join(track.tiles[i].id for i in tiles))}">')
    key = key_inside(state, view.lay, view.s, view.live, view.obstacles) if whole else []  # first: obstacles
    out += view.draw(set(tiles), whole)
    out.append("</svg>")
    out += top(state, mover, width)
    if not whole:
        out.append(frame_note(track, tiles))
    if whole:
        out += key
    else:
        out += panel(state, layout(track), tiles, view.live, width, height)
    return svg.close(out, legend(height, uid, bool(state.zones)))


def frame(state: Any, *, mover: str | None, whole: bool, moved: Iterable[str], area: Box,
          title: str = "") -> _View:
    """What a picture of ``state`` frames and where its parts go in the main ``area`` (px): the tiles, their
    layout, the screen and the cars' liveries, as a view ready to :meth:`_View.draw` — the one geometry of the SVG
    picture and of the bqplot track view (:mod:`racebook.formulagp.ui.trackview`)."""
    track: Track = state.track
    moved = list(moved)
    tiles = list(range(len(track.tiles))) if whole else framing.focus(state, mover, moved)
    lay = layout(track) if whole else strip(track, tiles)
    screen = _screen(lay, tiles, area, whole)
    uid = f"{zlib.crc32(repr((title, tiles, whole, [str(c.pos) for c in state.cars.values()])).encode()):08x}"
    view = _View(state, lay, screen, area, liveries(state), uid, mover)
    view.moved, view.tiles = moved, tiles
    return view


def frame_words(track: Track, tiles: list[int]) -> str:
    """What a framed picture's note says: which way the race runs across it."""
    return (f"the race runs {track.tiles[tiles[0]].id} → {track.tiles[tiles[-1]].id}, left to right · lane 1 "
            "on the driver's left · not to scale")


def frame_note(track: Track, tiles: list[int]) -> str:
    """The framed picture's note at the top left of its main area."""
    note = frame_words(track, tiles)
    return (f'<rect x="4" y="{TOP_PX + 5}" width="{len(note) * 14 * 0.55 + 16:.0f}" height="21" rx="3" '
            f'fill="white" opacity="0.85"/><text class="note" x="12" y="{TOP_PX + 20}" font-size="14" '
            f'fill="#555">{svg.e(note)}</text>')


# ------------------------------------------------------------------ the screen
def _screen(lay: Layout, tiles: list[int], area: Box, whole: bool) -> Screen:
    """The whole circuit as it lies; a framed stretch turned so that the race runs left to right across it (lane 1,
    on the left of the race direction, at the top), as close as :data:`MAX_SCALE`."""
    angle = 0.0
    if not whole:
        (x0, y0), (x1, y1) = lay.g.point(lay.span(tiles[0])[0]), lay.g.point(lay.span(tiles[-1])[1])
        angle = -math.atan2(y1 - y0, x1 - x0)
    turned = Screen(Viewport(0, 1, 0, 1, 1, 1), 0, 0, angle)
    pts = [turned.turn(p) for p in lay.outline(tiles, 2.3 if whole else 2.0)]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    w, h = area[2] - area[0], area[3] - area[1]
    if not whole:  # no closer than MAX_SCALE: widen the bounds round their centre
        x0, x1, y0, y1 = core_framing.widen((x0, x1, y0, y1), w, h, MAX_SCALE)
    return Screen(Viewport.fit((x0, x1, y0, y1), w, h), area[0], area[1], angle)


class _View(TokenView):
    def visible(self, tiles: set[int]) -> list[int]:
        x0, y0, x1, y1 = self.area
        out = []
        for i in self.lay.tiles:
            if i in tiles:
                out.append(i)
                continue
            pts = [self.s.px(p) for part in self.lay.parts[i] for p in part.pts[::3]]
            if any(x0 - 40 <= x <= x1 + 40 and y0 - 40 <= y <= y1 + 40 for x, y in pts):
                out.append(i)
        return out

    def draw(self, framed: set[int], whole: bool) -> list[str]:
        out: list[str] = []
        shown = self.shown = self.visible(framed)
        out += [self.part(p) for p in self.lay.circuit if p.kind in ("pit-lane", "drs")]
        for i in shown:
            out += [self.part(p) for p in self.lay.parts[i] if p.kind not in ("wall", "lane-end", "edge")]
        for i in shown:
            out += [self.part(p) for p in self.lay.parts[i] if p.kind in ("wall", "lane-end", "edge")]
        out += [self.part(p) for p in self.lay.circuit if p.kind not in ("pit-lane", "drs")]
        out += self.zones()
        sf = next((t for t in self.lay.track.tiles if t.feature is Feature.FINISH), None)
        if sf is not None and self.lay.has(sf.index):
            a, b = self.lay.span(sf.index)
            ends = (self.s.px(self.lay.g.point((a + b) / 2, -1.05)), self.s.px(self.lay.g.point((a + b) / 2, 1.05)))
            self.shape("finish", ends)
            out += svg.finish_line(*ends)
        out += self.trail()
        self.place_cars(framed, whole)
        for i in shown:
            out += self.tile_label(self.lay.track.tiles[i])
        out += self.safety_car()
        out += self.circuit_labels(shown)
        out += self.cars()
        return out

    # -------------------------------------------------------- the circuit
    def part(self, p: Part) -> str:
        px = [self.s.px(q) for q in p.pts]
        pts = svg.pts(px)
        self.shape(p.kind, px, (p.surface or Surface.ASPHALT).name.lower() if p.kind == "space" else p.name)
        if p.kind in ("space", "off", "feature"):  # the badges keep off the track
            self.band.append((min(q[0] for q in px), min(q[1] for q in px), max(q[0] for q in px),
                              max(q[1] for q in px)))
        if p.kind == "space":
            fill = f"url(#kerb-{self.uid})" if p.surface is Surface.KERB else FILL[p.surface or Surface.ASPHALT]
            kind = (p.surface or Surface.ASPHALT).name.lower()
            return (f'<polygon class="space {kind}" data-space="{p.name}" points="{pts}" fill="{fill}" '
                    f'stroke="{EDGE}" stroke-width="1.5"/>')
        if p.kind == "shadow":
            return (f'<polygon class="shadow" points="{pts}" fill="none" stroke="#3a78c2" stroke-width="1.3" '
                    'stroke-dasharray="3 2"/>')
        if p.kind == "off":
            return f'<polygon class="off" points="{pts}" fill="{GRASS}" stroke="none"/>'
        if p.kind == "feature":
            return (f'<polygon class="feature {p.name}" points="{pts}" fill="#efefef" stroke="#999" '
                    'stroke-width="1"/>')
        if p.kind == "skid":
            return (f'<polygon class="skid" data-skid="{p.name}" points="{pts}" fill="none" stroke="{SKID}" '
                    'stroke-width="3" stroke-dasharray="5 3"/>')
        if p.kind == "skid-path":
            (x0, y0), (x1, y1) = (self.s.px(q) for q in p.pts)
            return (f'<line class="skid-path" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
                    f'stroke="{SKID}" stroke-width="2.5" stroke-dasharray="2 3" opacity="0.9"/>')
        if p.kind == "wall":
            return f'<polyline class="wall" points="{pts}" fill="none" stroke="{WALL}" stroke-width="5"/>'
        if p.kind == "lane-end":
            return (f'<polyline class="lane-end" data-lane="{p.name}" points="{pts}" fill="none" stroke="#111" '
                    'stroke-width="4" stroke-linecap="butt"/>')
        if p.kind == "edge":
            return f'<polyline class="edge" points="{pts}" fill="none" stroke="#555" stroke-width="2"/>'
        if p.kind == "drs":
            return f'<polygon class="drs-zone" data-zone="{p.name}" points="{pts}" fill="{DRS_FILL}" stroke="none"/>'
        if p.kind == "pit-lane":
            return f'<polygon class="pit-lane" points="{pts}" fill="{PIT_FILL}" stroke="#555" stroke-width="1"/>'
        if p.kind == "pit-line":
            return f'<polyline class="pit-line" points="{pts}" fill="none" stroke="{PIT_LINE}" stroke-width="3"/>'
        if p.kind == "pit-box":
            return (f'<polygon class="pit-box" data-box="{int(p.name) + 1}" points="{pts}" fill="#dcdcdc" '
                    'stroke="#fff" stroke-width="1.5"/>')
        return (f'<polygon class="{p.kind}" points="{pts}" fill="#b0b0b0" stroke="#fff" stroke-width="1.5" '
                'stroke-dasharray="4 2"/>')  # the pit entry and exit spaces

    def tile_label(self, t: Tile) -> list[str]:
        """A tile's id and its gear chip beside its outer lane, farther out when a car's token is there."""
        a, b = self.lay.span(t.index)
        u = (a + b) / 2
        if not t.costs_mp:
            x, y = self.s.px(self.lay.g.point(u, 0.0))
            word = "DRS" if t.feature is Feature.DRS else "" if t.feature is Feature.FINISH else t.id
            half = len(word) * self.font * 0.35
            shown = word and self.inside((x - half, y - self.font, x + half, y + self.font))
            return [self.text(x, y, word, self.font, "#333", fit=False)] if shown else []
        lines = [t.id, _gear(t)]
        if self.s.scale >= 1.2:  # a framed picture: the tile's other icons in words
            lines += (["no pairs"] if t.no_pairs else []) + (["8th-gear token"] if t.straight_token else [])
        f = self.font
        tall = f * 1.25 * len(lines)
        side = -1.0 if self.strip and t.turn is Turn.LEFT else 1.0  # a strip's left-hander: on its outside
        d = self.outward(u, side)
        edge = self.s.px(self.lay.g.point(u, side))
        reach = abs(d[0]) * 30 + abs(d[1]) * tall / 2 + 8
        x, y = edge[0] + d[0] * reach, edge[1] + d[1] * reach
        for cx, cy in self.tokens.values():
            if abs(cx - x) < 30 + self.token / 2 and abs(cy - y) < tall / 2 + self.token / 2:
                x, y = x + d[0] * (self.token + 4), y + d[1] * (self.token + 4)
        x0, y0, x1, y1 = self.area
        if not (x0 + 20 <= x <= x1 - 20 and y0 + tall / 2 <= y <= y1 - tall / 2):
            return []  # the label of a tile at the frame's edge would be cut
        top = y - tall / 2 + f * 0.62
        out = [self.text(x, top, t.id, f, "#222", fit=False)]
        corner = t.turn is not None
        gear = lines[1]
        w = len(gear) * f * 0.6 + 8
        y0 = top + f * 0.62
        self.shape("gear-chip", [(x - w / 2, y0), (x + w / 2, y0), (x + w / 2, y0 + f * 1.2),
                                 (x - w / 2, y0 + f * 1.2)], "corner" if corner else "")
        out.append(f'<rect class="gear" x="{x - w / 2:.1f}" y="{top + f * 0.62:.1f}" width="{w:.1f}" '
                   f'height="{f * 1.2:.1f}" rx="{f * 0.6:.1f}" fill="white" stroke="{"#a04000" if corner else "#777"}" '
                   'stroke-width="1.5"/>')
        out.append(self.text(x, top + f * 1.22, gear, f * 0.92, "#a04000" if corner else "#333", fit=False))
        for k, word in enumerate(lines[2:]):
            out.append(self.text(x, top + f * (2.5 + 1.2 * k), word, f * 0.8, "#555", weight="normal", fit=False))
        self.obstacles.append((x - w / 2 - 2, y - tall / 2, x + w / 2 + 2, y + tall / 2))
        return out

    def circuit_labels(self, shown: list[int]) -> list[str]:
        """The DRS zones' names (inside, at their start), the pit lane's words and box numbers."""
        out: list[str] = []
        lay, f = self.lay, self.font * 0.85
        for p in lay.circuit:
            if p.tile not in shown:
                continue
            if p.kind == "drs":
                a = lay.span(p.tile)[0]
                x, y = self.s.px(lay.g.point(a, -1.0))
                d = self.outward(a, -1.0)
                x, y = x + d[0] * 16, y + d[1] * 16
                if not self.inside((x - 32, y - f, x + 32, y + f)):
                    continue
                self.obstacles.append((x - 32, y - f, x + 32, y + f))
                self.shape("drs-label", [(x - 30, y - f * 0.75), (x + 30, y - f * 0.75), (x + 30, y + f * 0.75),
                                         (x - 30, y + f * 0.75)], p.name)
                out.append(f'<rect x="{x - 30:.1f}" y="{y - f * 0.75:.1f}" width="60" height="{f * 1.5:.1f}" '
                           f'rx="4" fill="{DRS_FILL}"/>')
                out.append(self.text(x, y, f"DRS {p.name}", f, "white", fit=False))
            elif p.kind == "pit-box" and self.s.scale > 1.0:
                x, y = self.s.px(lay.boxes[int(p.name)])
                out.append(self.text(x, y, f"box {int(p.name) + 1}", f * 0.85, "#333", weight="normal", fit=False))
        if self.s.scale > 1.0 and (lay.track.pit_entry in shown or lay.track.pit_exit in shown):
            for at, word in ((lay.pit_entry, "PIT IN"), (lay.pit_exit, "PIT OUT")):
                x, y = self.s.px(at)
                out.append(self.text(x, y, word, f * 0.8, "white", fit=False))
        return out

    def trail(self) -> list[str]:
        """The last move's path (the framed picture): a dashed line through the spaces it went through, oldest
        first, a dot on each."""
        track, pts = self.lay.track, list[Point]()
        for text in reversed(self.moved):
            try:
                pos = track.pos(text.split("/", 1)[0])
            except (KeyError, ValueError):
                continue
            if self.lay.has(pos.tile):
                p = self.s.px(self.lay.car_point(pos))
                if not pts or pts[-1] != p:
                    pts.append(p)
        if len(pts) < 2:
            return []
        self.shape("trail", pts)
        line = svg.pts(pts)
        dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="#222"/>' for x, y in pts[:-1])
        return [f'<g class="trail"><polyline points="{line}" fill="none" stroke="white" stroke-width="6" '
                f'stroke-linejoin="round" opacity="0.8"/><polyline points="{line}" fill="none" stroke="#222" '
                f'stroke-width="2.5" stroke-dasharray="7 4" stroke-linejoin="round"/>{dots}</g>']

    def zones(self) -> list[str]:
        """The Yellow Flag zones (§19.3.1): a hatched yellow strip outside the tiles from the Yellow Flag's tile up
        to the tile before the Green Flag's; the Gravel tokens (§19.8.1)."""
        out: list[str] = []
        lay, n = self.lay, len(self.lay.track.tiles)
        for z in self.state.zones:
            last = (z.green - 1) % n
            run = [i for i in lay.tiles if (i - z.yellow) % n <= (last - z.yellow) % n]
            if not run:
                continue
            a, b = lay.span(run[0])[0], lay.span(run[-1])[1]
            if b < a:
                b += 1.0
            ribbon = [self.s.px(q) for q in lay.ribbon(a, b, 1.13, 1.36, samples=30)]
            self.shape("yellow-zone", ribbon)
            pts = svg.pts(ribbon)
            out.append(f'<polygon class="yellow-zone" data-tiles="{lay.track.tiles[z.yellow].id}-'
                       f'{lay.track.tiles[last].id}" points="{pts}" fill="url(#yellow-{self.uid})" stroke="#222" '
                       'stroke-width="1"/>')
        for tile in (t for t in self.state.gravel if lay.has(t)):
            a, b = lay.span(tile)
            x, y = self.s.px(lay.g.point((a + b) / 2, -1.25))
            self.shape("gravel", [(x - 26, y - 9), (x + 26, y - 9), (x + 26, y + 9), (x - 26, y + 9)])
            out.append(f'<rect class="gravel" x="{x - 26:.1f}" y="{y - 9:.1f}" width="52" height="18" rx="4" '
                       'fill="#a0785a"/>' + self.text(x, y, "gravel", 11, "white", fit=False))
        return out + self.hazards()

    def hazards(self) -> list[str]:
        """[ADV] The Debris and Oil tokens (§19.8.2, §19.8.3): a small labelled chip outside the tile, on the other
        side from Gravel's; the word, not the colour, tells them apart (colour-blind safe, §23)."""
        out: list[str] = []
        lay = self.lay
        for kind, fill, dy in (("debris", "#555555", 0.0), ("oil", "#111111", 20.0)):
            for tile in (t for t in getattr(self.state, kind, ()) if lay.has(t)):
                a, b = lay.span(tile)
                x, y = self.s.px(lay.g.point((a + b) / 2, 1.25))
                y += dy
                self.shape(kind, [(x - 24, y - 9), (x + 24, y - 9), (x + 24, y + 9), (x - 24, y + 9)])
                out.append(f'<rect class="{kind}" x="{x - 24:.1f}" y="{y - 9:.1f}" width="48" height="18" rx="4" '
                           f'fill="{fill}" stroke="white" stroke-width="1.5"/>'
                           + self.text(x, y, kind, 11, "white", fit=False))
        return out

    def safety_car(self) -> list[str]:
        """The Safety Car (§19.4.2) on its tile, between the lanes."""
        tile = getattr(self.state, "sc_tile", -1)
        if tile < 0 or not self.lay.has(tile):
            return []
        a, b = self.lay.span(tile)
        x, y = self.s.px(self.lay.g.point((a + b) / 2, 0.0))
        w, h = self.token * 1.5, self.token * 0.9
        self.obstacles.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        self.shape("safety-car", [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2),
                                  (x - w / 2, y + h / 2)])
        return [f'<rect class="safety-car" x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
                f'rx="5" fill="{SC_FILL}" stroke="#111" stroke-width="2"/>',
                self.text(x, y, "SC", h * 0.6, "#111", fit=False)]

def _gear(t: Tile) -> str:
    gear = {2: "2nd"}.get(t.gear or 8, f"{t.gear}th")
    turn = "" if t.turn is None else (" ↱" if t.turn is Turn.RIGHT else " ↰")
    return f"{gear}{turn}"
