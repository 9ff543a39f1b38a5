"""The car tokens of the FormulaGP track view (:mod:`racebook.formulagp.picture`): the drawing pass's base — what it
records in px (:class:`Shape`, :class:`Text`: the bqplot track view draws the same) — and the cars: each token on its
space, beside it off track, in its Pit Box or at the pit exit, a car outside the frame on the frame's edge (dashed),
tokens pushed apart where lanes are narrow, and each car's badge (OT, ERS, stress, Wheel-to-Wheel, §23 team number)
placed where it covers no token, space or other badge (:func:`racebook.core.geometry.place_labels`). Standard library
only.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any, NamedTuple

from racebook.core import svg
from racebook.core.geometry import Box, LabelRequest, PlacedLabel, Point, place_labels
from racebook.formulagp.rules.pitstop import box_of  # the Pit Box reading's one home
from racebook.formulagp.views.key import badge, where
from racebook.formulagp.views.layout import Layout
from racebook.formulagp.views.palette import Livery
from racebook.formulagp.views.style import BADGE_FONT, MAX_TOKEN, MIN_TOKEN, Screen


class Shape(NamedTuple):
    """A drawn part in px, as the SVG draws it (a view without SVG, the bqplot track view, draws the same):
    ``kind`` the part's kind (:class:`racebook.formulagp.views.layout.Part`'s, or ``finish``, ``trail``,
    ``yellow-zone``, ``gravel``, ``debris``, ``oil``, ``safety-car``, ``gear-chip``, ``drs-label``, ``leader``),
    ``name`` its surface (a space) or its id."""

    kind: str
    pts: list[Point]
    name: str = ""


class Text(NamedTuple):
    """A centred text in px."""

    x: float
    y: float
    words: str
    font: float
    colour: str


class TokenView:
    """The drawing pass's state and its records (the picture's :class:`~racebook.formulagp.picture._View` draws
    the circuit on it) and the cars' tokens and badges."""

    def __init__(self, state: Any, lay: Layout, screen: Screen, area: Box, live: dict[str, Livery], uid: str,
                 mover: str | None) -> None:
        self.state, self.lay, self.s, self.area, self.live, self.uid, self.mover = (
            state, lay, screen, area, live, uid, mover)
        lane_px = 30 * screen.scale
        self.token = max(MIN_TOKEN, min(MAX_TOKEN, 0.86 * lane_px))
        self.font = 13.0 if screen.scale < 1.2 else 15.0
        self.tokens: dict[str, Point] = {}
        self.obstacles: list[Box] = []
        self.band: list[Box] = []  # the boxes of the track's spaces drawn
        self.moved: list[str] = []  # the positions the last move went through, newest first
        self.strip = len(lay.tiles) < len(lay.track.tiles)
        self.tiles: list[int] = []  # the tiles framed
        self.shown: list[int] = []  # the tiles drawn (the framed ones and those falling inside the picture)
        self.shapes: list[Shape] = []  # what draw() drew, in px and in drawing order
        self.texts: list[Text] = []
        self.badges: list[tuple[PlacedLabel, Livery]] = []

    def text(self, x: float, y: float, words: str, font: float, colour: str, **kw: Any) -> str:
        """:func:`racebook.core.svg.text`, recorded in :attr:`texts`."""
        self.texts.append(Text(x, y, words, font, colour))
        return svg.text(x, y, words, font, colour, **kw)

    def shape(self, kind: str, pts: Iterable[Point], name: str = "") -> None:
        self.shapes.append(Shape(kind, list(pts), name))

    def inside(self, box: Box) -> bool:
        """The box lies inside the main area (a label cut by the frame's edge is left out)."""
        return (box[0] >= self.area[0] and box[1] >= self.area[1] and box[2] <= self.area[2]
                and box[3] <= self.area[3])

    def outward(self, u: float, lat: float = 1.0) -> Point:
        """The unit vector, in px, pointing away from the loop's middle at loop fraction ``u`` (lat > 0) or into
        it (lat < 0)."""
        p, q = self.s.px(self.lay.g.point(u, 0.0)), self.s.px(self.lay.g.point(u, 1.0 if lat >= 0 else -1.0))
        d = math.dist(p, q) or 1.0
        return (q[0] - p[0]) / d, (q[1] - p[1]) / d

    # -------------------------------------------------------- the cars
    def place_cars(self, framed: set[int], whole: bool) -> None:
        """Where each car's token stands: its space (or beside it, off track; its box; the pit exit); a car
        outside the picture's main area on the frame's edge."""
        lay, s = self.lay, self.state
        x0, y0, x1, y1 = self.area
        r = self.token / 2 + 4
        n = len(lay.track.tiles)
        start = min(framed, key=lambda i: (i - lay.tiles[0]) % n) if framed else 0
        ref = s.cars[self.mover].lap * n + start if self.mover in s.cars else start
        queue = 0
        self.edge: set[str] = set()
        for c in s.cars.values():
            p: Point | None = None
            if c.pit in ("box", "held", "service", "done"):
                if lay.boxes:
                    p = lay.boxes[min(box_of(s.cars, s.grid, c), len(lay.boxes) - 1)]
            elif c.pit == "exit" or getattr(c, "pit_start", 0):
                if lay.boxes:
                    p, queue = lay.pit_queue(queue), queue + 1
            elif lay.has(c.pos.tile):
                p = lay.car_point(c.pos, c.off)
            if p is None:  # not laid out here: on the frame's edge, ahead on the right, behind on the left
                ahead = c.lap * n + c.pos.tile > ref  # race progress: laps, then tiles from the finish line
                self.tokens[c.id] = (x1 - r if ahead else x0 + r, (y0 + y1) / 2)
                self.edge.add(c.id)
            else:
                self.tokens[c.id] = self.s.px(p)
        self._spread([c for c in self.tokens if c not in self.edge], self.token + 1)
        for cid, (x, y) in list(self.tokens.items()):
            if cid not in self.edge and x0 + r <= x <= x1 - r and y0 + r <= y <= y1 - r:
                continue
            self.edge.add(cid)
            self.tokens[cid] = self._free(cid, min(max(x, x0 + r), x1 - r), min(max(y, y0 + r), y1 - r), r)

    def _spread(self, cars: list[str], gap: float) -> None:
        """Push apart tokens closer than ``gap`` (cars side by side in the narrow lanes of the whole circuit): each
        of two moves half the shortfall away from the other, a few rounds."""
        for _ in range(6):
            moved = False
            for a, b in itertools.combinations(cars, 2):
                (ax, ay), (bx, by) = self.tokens[a], self.tokens[b]
                d = math.dist((ax, ay), (bx, by))
                if d >= gap:
                    continue
                ux, uy = ((bx - ax) / d, (by - ay) / d) if d > 1e-6 else (1.0, 0.0)
                push = (gap - d) / 2 + 0.05
                self.tokens[a], self.tokens[b] = (ax - ux * push, ay - uy * push), (bx + ux * push, by + uy * push)
                moved = True
            if not moved:
                return

    def _free(self, cid: str, x: float, y: float, r: float) -> Point:
        """The place nearest (x, y) on the frame's edge (or a token's width in from it) that no other token
        covers."""
        x0, y0, x1, y1 = self.area
        inward = 1.0 if x < (x0 + x1) / 2 else -1.0
        rows = int((y1 - y0 - 2 * r) // (2 * r)) + 1
        spots = [(x + inward * 2 * r * k, y0 + r + 2 * r * j) for k in range(3) for j in range(rows)]
        spots.sort(key=lambda p: (abs(p[0] - x) > r, abs(p[1] - y)))
        for p in [(x, y), *spots]:
            if all(o == cid or math.dist(p, q) >= 2 * r for o, q in self.tokens.items()):
                return p
        return x, y

    def cars(self) -> list[str]:
        out: list[str] = []
        size = self.token
        for x, y in self.tokens.values():
            self.obstacles.append((x - size / 2 - 2, y - size / 2 - 2, x + size / 2 + 2, y + size / 2 + 2))
        requests, keys = [], []
        for c in self.state.cars.values():
            x, y = self.tokens[c.id]
            lv = self.live[c.id]
            if c.id == self.mover:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size / 2 + 5:.1f}" fill="none" stroke="white" '
                           'stroke-width="7"/>')
                out.append(f'<circle class="mover" cx="{x:.1f}" cy="{y:.1f}" r="{size / 2 + 5:.1f}" fill="none" '
                           'stroke="#111" stroke-width="3.5"/>')
            edge = c.id in self.edge
            dash = ' stroke-dasharray="4 3"' if edge or c.off else ""
            if edge:
                dash += f' data-edge="{"ahead" if x > (self.area[0] + self.area[2]) / 2 else "behind"}"'
            out.append(f'<circle class="car" data-car="{svg.e(c.id)}" data-team="{lv.number}" cx="{x:.1f}" '
                       f'cy="{y:.1f}" r="{size / 2:.1f}" fill="{lv.fill}" stroke="#111" stroke-width="2"{dash}>'
                       f'<title>{svg.e(c.id)} (team #{lv.number}): {svg.e(where(self.state.track, c))}</title>'
                       '</circle>')
            font = size * (0.6 if len(lv.code) == 1 else 0.56)
            out.append(svg.text(x, y, lv.code, font, lv.ink, fit=False, font_format=".1f"))
            right = self.tokens[c.id][0] > (self.area[0] + self.area[2]) / 2
            words = badge(c, lv, self.state.track if edge else None, right)
            lat_sign = -1.0 if c.pos.lane >= 3 and not c.off else 1.0
            if edge or not self.lay.has(c.pos.tile):
                d = (-1.0 if right else 1.0, 0.0)  # into the picture
            else:
                a, b = self.lay.span(c.pos.tile)
                d = self.outward((a + b) / 2, lat_sign)
            requests.append(LabelRequest(c.id, words, BADGE_FONT, (x, y), d, gap=size / 2 + 4))
            keys.append(lv)
        on = [k for k, r in enumerate(requests) if r.key not in self.edge]
        placed = dict(zip(on, place_labels([requests[k] for k in on], self.obstacles + self.band, self.area),
                          strict=True))
        off = [k for k in range(len(requests)) if k not in placed]  # on the frame's edge: beside the token
        taken = [p.box for p in placed.values() if p is not None]
        placed.update(zip(off, place_labels([requests[k] for k in off], self.obstacles, self.area, taken),
                          strict=True))
        for p, lv in ((placed[k], keys[k]) for k in range(len(requests))):
            if p is None:
                continue
            self.badges.append((p, lv))
            bx0, by0, bx1, by1 = p.box
            if p.displaced:  # a leader line from the token's edge
                ax, ay = p.anchor
                far = math.dist((ax, ay), (p.x, p.y)) or 1.0
                ax, ay = ax + (p.x - ax) * (size / 2 + 1) / far, ay + (p.y - ay) * (size / 2 + 1) / far
                self.shape("leader", [(p.x, p.y), (ax, ay)], p.key)
                out.append(f'<line class="leader" x1="{p.x:.1f}" y1="{p.y:.1f}" x2="{ax:.1f}" '
                           f'y2="{ay:.1f}" stroke="#333" stroke-width="1.2" opacity="0.7"/>')
            out.append(f'<g class="badge" data-car="{svg.e(p.key)}"><rect x="{bx0:.1f}" y="{by0:.1f}" '
                       f'width="{bx1 - bx0:.1f}" height="{by1 - by0:.1f}" rx="4" fill="white" fill-opacity="0.93" '
                       f'stroke="{lv.fill}" stroke-width="2.5"/>'
                       + svg.text(p.x, p.y, p.text, p.font, "#111", font_format=".1f") + "</g>")
        return out
