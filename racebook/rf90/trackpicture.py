"""What the track view shows of an RF90 track and a position, in pixels: one picture, two renderers (issue 17).

:class:`TrackPicture` lays a track out for a screen size: the section polygons, chevrons, the finish line,
trajectory marks, and the section and corner names placed by :func:`racebook.core.geometry.place_labels`
(no two overlap, none lies on the band). :meth:`TrackPicture.cars` adds a position (a
:class:`racebook.rf90.game.Frame`): car markers in their order within each section (§11 front = further along),
each with its letter (:func:`car_letters`) and its name placed the same way (none covers a car marker).
The SVG renderer (:mod:`racebook.rf90.tracksvg`) and the bqplot view (:mod:`racebook.rf90.ui.trackview`) both
draw these numbers. Standard library only.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from racebook.core import svg
from racebook.core.geometry import (
    Box,
    LabelRequest,
    PlacedLabel,
    Point,
    Viewport,
    marker_box,
    overlaps,
    place_labels,
)
from racebook.rf90.state import YELLOW_FLAG
from racebook.rf90.trackgeom import TrackLayout, layout_for

SECTION_FONT = 16  # px at the picture's size: at 1280 × 720 every label is at least 14 px (issue 17)
LETTER_FONT = 26  # section names of at most 3 characters (the teaching track's letters)
CORNER_FONT = 15
CAR_FONT = 14
TRAJ_FONT = 14
CAR_PX_MAX = 26.0
FRAMED_CAR_PX = 18.0  # a framed view's car tokens once displayed, at least (issue 33 item 5)
#: The whole circuit's car tokens at least this wide (picture px: the bqplot view's and the SVG view's pictures are
#: drawn at their displayed width): as readable as a framed view's (issue 33 item 5).
CAR_PX_MIN = FRAMED_CAR_PX
FRAMED_BAND_PX = 64.0  # a framed view's band at most this wide: a short stretch is not blown up
TRAJ_PX_MAX = 14.0  # a trajectory mark's size at most: never as large as a car token
TOKEN_WIDTH = 1.25  # a player token's width, in car_px (its height is car_px; a robot's is square)
DEFAULT_MARGINS = (0.30, 0.17)  # x, y beyond the band, in loop heights (TrackLayout.bounds)

# Colour-blind-safe shades (Okabe & Ito) of the manual's car colours; every marker also carries a letter.
CAR_COLOURS = {
    "blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "red": "#D55E00", "pink": "#CC79A7",
    "yellow": "#F0E442", "purple": "#7B3F99", "black": "#111111",
}
ROBOT_COLOURS = {"superfast": "#111111", "fast": "#F0E442", "slow": "#7B3F99"}  # §17.1: black, yellow, purple
_FALLBACK = ["#56B4E9", "#999933", "#882255", "#44AA99", "#117733", "#332288", "#AA4499", "#661100"]
_DARK = {"#0072B2", "#009E73", "#D55E00", "#7B3F99", "#111111", "#882255", "#117733", "#332288", "#AA4499",
         "#661100"}
SECTION_EDGE = {"straight": "#8b5a2b", "braking": "#6f6f6f", "corner": "#d4a600"}
SECTION_FILL = {"straight": "#f3e6d6", "braking": "#e4e4e4", "corner": "#fff3b8"}
TRAJECTORY_COLOURS = {"red": "#D55E00", "green": "#009E73", "orange": "#E69F00", "yellow": "#F0E442"}


def robot_kind(car_id: str, car: Any = None) -> str | None:
    """The robot type's value for a car (from the state when given, else from its id, §17)."""
    if car is not None:
        robot = getattr(car, "robot", None)
        return getattr(robot, "value", None) if robot is not None else None
    for prefix, value in (("SuperFast", "superfast"), ("Fast", "fast"), ("Slow", "slow")):
        if car_id.startswith(prefix):
            return value
    return None


def car_colour(car_id: str, car: Any = None) -> str:
    robot = robot_kind(car_id, car)
    if robot is not None:
        return ROBOT_COLOURS.get(robot, "#111111")
    colour = CAR_COLOURS.get(car_id.lower())
    return colour or _FALLBACK[zlib.crc32(car_id.encode()) % len(_FALLBACK)]


def ink_on(fill: str) -> str:
    """White or black text on a marker of colour ``fill``."""
    return svg.ink_on(fill, _DARK)


def car_letters(ids: Iterable[str]) -> dict[str, str]:
    """The letter (and number) each car's marker carries: its initial, two letters where initials clash
    (Blue / Black: "Bu" / "Ba"), robots "SF1", "F2", "S1" (SuperFast, Fast, Slow)."""
    ids = sorted(set(ids))
    out: dict[str, str] = {}
    for i in ids:
        robot = robot_kind(i)
        if robot is not None:
            digits = "".join(ch for ch in i if ch.isdigit())
            out[i] = {"superfast": "SF", "fast": "F", "slow": "S"}[robot] + digits
    people = [i for i in ids if i not in out]
    for i in people:
        same = [j for j in people if j != i and j[:1].upper() == i[:1].upper()]
        if not same:
            out[i] = i[:1].upper()
            continue
        # the initial and the first letter no other car with that initial has: Blue "Bu", Black "Ba"
        others = {ch for j in same for ch in j[1:].lower()}
        out[i] = i[:1].upper() + next((ch for ch in i[1:].lower() if ch not in others), i[1:2].lower())
    seen: dict[str, int] = {}
    for i in ids:  # still a clash (e.g. "Silver" and the robot "Slow"): number them
        seen[out[i]] = seen.get(out[i], 0) + 1
        if seen[out[i]] > 1:
            out[i] += str(seen[out[i]])
    return out


@dataclass(frozen=True)
class CarMark:
    """One car (or the yellow flag token) as drawn: track units ``xy``, pixels ``px``."""

    item: str
    section: str
    t: float
    xy: Point
    px: Point
    colour: str
    letter: str
    robot: str | None
    played: bool
    laps_down: int
    off_track: bool = False
    label: str | None = None  # the name label's text (default: the id, laps down, "(off track)")


class TrackPicture:
    """A track laid out at ``width`` × ``height`` px (``height`` None: as tall as the track needs).

    Framed (issue 33 item 5): ``bounds`` (track units, :func:`racebook.rf90.trackframe.view_bounds`) is the part of
    the track the picture shows instead of the whole circuit, ``car_px`` the car tokens' size there (at least
    :data:`FRAMED_CAR_PX` once displayed), and only the sections whose middle lies in view are labelled (with their
    corners and trajectory bonuses). The whole circuit's tokens are at least :data:`CAR_PX_MIN` once the picture is
    shown ``display_width`` px wide (default: as wide as drawn)."""

    def __init__(self, track: Any, width: float = 1280, height: float | None = 720,
                 margins: tuple[float, float] = DEFAULT_MARGINS, *,
                 bounds: tuple[float, float, float, float] | None = None, car_px: float | None = None,
                 geom: TrackLayout | None = None, display_width: float | None = None) -> None:
        self.track = track
        self.geom: TrackLayout = geom if geom is not None else layout_for(track)
        self.framed = bounds is not None
        self.view = Viewport.fit(bounds if bounds is not None else self.geom.bounds(*margins), width, height)
        g, s = self.geom, self.view.scale
        # the tokens at least CAR_PX_MIN once the picture is shown display_width px wide (default: as drawn; +1 px
        # for the SVG's rounding, as trackframe.framed_picture)
        least = CAR_PX_MIN * width / display_width + 1.0 if display_width else CAR_PX_MIN
        self.car_px = car_px if car_px is not None else max(
            least, min(CAR_PX_MAX, g.min_length() * s * 0.45, g.half_band * 2 * s * 0.9))
        self.car_size = self.car_px / s  # track units
        self.traj_px = min(self.car_px * 0.8, TRAJ_PX_MAX)  # trajectory marks: smaller than any car token
        self.area: Box = (2.0, 2.0, self.view.width - 2, self.view.height - 2)
        self.reserved: list[Box] = [(0.0, 0.0, 300.0, 58.0)]  # the "Turn N, Leader" lines, top left
        self.shown: set[str] = self._shown()
        self.band_boxes = self._band_boxes()
        self.trajectories = self._trajectories()
        self.traj_boxes = [marker_box(self.px(p), self.traj_px) for p in self.trajectories.values()]
        self.labels = self._static_labels()

    def _shown(self) -> set[str]:
        """The sections the picture labels: all of them, or (framed) those whose middle lies in view."""
        names = [s.name for s in self.track.sections]
        if not self.framed:
            return set(names)
        a = self.area
        out = set()
        for name in names:
            x, y = self.px(self.geom.at(name, 0.5))
            if a[0] <= x <= a[2] and a[1] <= y <= a[3]:
                out.add(name)
        return out

    def in_view(self, p: Point, pad: float = 0.0) -> bool:
        """Whether pixel ``p`` lies in the picture (``pad`` px inside its edges)."""
        a = self.area
        return a[0] + pad <= p[0] <= a[2] - pad and a[1] + pad <= p[1] <= a[3] - pad

    def px(self, p: Point) -> Point:
        return self.view.px(p)

    # ------------------------------------------------------------ the track
    def _band_boxes(self) -> list[Box]:
        g, s = self.geom, self.view.scale
        side = g.half_band * 2 * s * 0.92
        out: list[Box] = []
        for name in g.names:
            n = max(2, math.ceil(g.length(name) * s / (side * 0.5)))
            for i in range(n + 1):
                out.append(marker_box(self.px(g.at(name, i / n)), side))
        return out

    def polygons(self, samples: int = 16) -> list[tuple[str, list[Point]]]:
        """(section type, outline in track units) per section, race order."""
        out = []
        for sec in self.track.sections:
            xs, ys = self.geom.outline(sec.name, samples=samples)
            out.append((sec.type.value, list(zip(xs, ys, strict=True))))
        return out

    def _trajectories(self) -> dict[str, Point]:
        """Trajectory id -> its mark, along the inner side of its section (outer trajectories first)."""
        by_section: dict[str, list[Any]] = {}
        for t in self.track.trajectories:
            if self.track.has_section(t.section):
                by_section.setdefault(t.section, []).append(t)
        out: dict[str, Point] = {}
        for sec, trajs in by_section.items():
            trajs.sort(key=lambda t: -t.lateral)
            for j, t in enumerate(trajs):
                out[t.id] = self.geom.at(sec, (j + 0.5) / len(trajs), -0.68)
        return out

    def _request(self, key: str, text: str, font: float, section: str, t: float, side: float,
                 gap: float = 3.0) -> LabelRequest:
        g = self.geom
        nx, ny = g.normal_at(section, t)
        return LabelRequest(key, text, font, self.px(g.at(section, t, side)), (side * nx, -side * ny), gap)

    def _static_labels(self) -> list[tuple[str, PlacedLabel | None]]:
        """(kind, label): section names inside the loop, corner names with their duel modifier outside it,
        the trajectories' bonuses ("+2") beside their marks."""
        reqs: list[tuple[str, LabelRequest]] = []
        font = LETTER_FONT if max(len(s.name) for s in self.track.sections) <= 3 else SECTION_FONT
        for sec in self.track.sections:
            if sec.name in self.shown:
                reqs.append(("section", self._request(f"section:{sec.name}", sec.name, font, sec.name, 0.5, -1)))
        for c in self.track.corners:
            names = [n for n in c.sections if self.track.has_section(n)]
            if names and any(n in self.shown for n in names):
                mid = names[(len(names) - 1) // 2]
                t = 1.0 if len(names) % 2 == 0 else 0.5
                text = f"{c.name} ({c.duel_modifier:+d})"
                reqs.append(("corner", self._request(f"corner:{c.number}", text, CORNER_FONT, mid, t, +1, 6)))
        for t in self.track.trajectories:
            if t.id in self.trajectories and t.section in self.shown:
                x, y = self.px(self.trajectories[t.id])
                sec_t = self.geom.tangent_at(t.section, 0.5)
                reqs.append(("traj", LabelRequest(f"traj:{t.id}", f"+{t.bonus}", TRAJ_FONT, (x, y),
                                                  (sec_t[0], -sec_t[1]), self.traj_px * 0.5)))
        placed = place_labels([r for _, r in reqs], self.band_boxes + self.traj_boxes + self.reserved, self.area)
        return [(kind, p) for (kind, _), p in zip(reqs, placed, strict=True)]

    def static_boxes(self) -> list[Box]:
        return [p.box for _, p in self.labels if p is not None]

    # ------------------------------------------------------------ a position
    def cars(self, frame: Any, cars: Mapping[str, Any] | None = None) -> list[CarMark]:
        """Every car (and yellow flag token) of ``frame`` where it stands: in its section (front first), or
        off track beside its section's re-entry point (§18.5)."""
        cars = dict(cars or {})
        g, size = self.geom, self.car_size
        ids = [i for items in frame.order.values() for i in items if i != YELLOW_FLAG]
        ids += list(getattr(frame, "off_track", {}))
        letters = car_letters(ids)
        out: list[CarMark] = []

        def mark(item: str, section: str, t: float, xy: Point, off: bool = False) -> CarMark:
            if item == YELLOW_FLAG:
                return CarMark(item, section, t, xy, self.px(xy), "#FFD700", "Y", None, False, 0)
            return CarMark(item, section, t, xy, self.px(xy), car_colour(item, cars.get(item)), letters[item],
                           robot_kind(item, cars.get(item)), item in frame.played, frame.laps_down.get(item, 0),
                           off)

        placed: set[str] = set()
        for section, items in frame.order.items():
            if not self.track.has_section(section):
                continue
            n = len(items)
            for k, item in enumerate(items):
                out.append(mark(item, section, 1.0 - (k + 0.5) / n, g.slot(section, k, n, size)))
                placed.add(item)
        off: dict[str, list[str]] = {}
        for car, section in sorted(getattr(frame, "off_track", {}).items()):
            if self.track.has_section(section) and car not in placed:
                off.setdefault(section, []).append(car)
        for section, group in off.items():
            n = len(group)
            for k, car in enumerate(group):
                t = 0.5 + (k - (n - 1) / 2) * min(0.3, 0.9 / n)
                out.append(mark(car, section, t, g.at(section, t, 1.6), True))
        return out

    def car_labels(self, marks: list[CarMark], extra: Iterable[Box] = (),
                   ) -> tuple[list[tuple[str, PlacedLabel | None]], list[PlacedLabel | None]]:
        """(the static labels, moved where a car marker would cover one; each car's name label)."""
        boxes = [marker_box(m.px, self.car_px * TOKEN_WIDTH + 2) for m in marks]  # a player token is wider
        static: list[tuple[str, PlacedLabel | None]] = []
        keep: list[Box] = []
        redo: list[tuple[str, LabelRequest]] = []
        for kind, p in self.labels:
            if p is not None and any(overlaps(p.box, b) for b in boxes):
                redo.append((kind, LabelRequest(p.key, p.text, p.font, p.anchor, (0.0, -1.0), 4)))
            else:
                static.append((kind, p))
                if p is not None:
                    keep.append(p.box)
        obstacles = self.band_boxes + self.traj_boxes + self.reserved + boxes + list(extra)
        again = place_labels([r for _, r in redo], obstacles, self.area, keep)
        static += [(kind, p) for (kind, _), p in zip(redo, again, strict=True)]
        keep += [p.box for p in again if p is not None]
        reqs: list[LabelRequest | None] = []
        for m in marks:
            if m.item == YELLOW_FLAG:
                continue
            if self.framed and not self.in_view(m.px):
                reqs.append(None)  # a framed picture names only the cars it shows
                continue
            nx, ny = self.geom.normal_at(m.section, m.t)
            text = m.label if m.label is not None else (
                m.item + (f" -{m.laps_down}" if m.laps_down else "") + (" (off track)" if m.off_track else ""))
            if m.off_track:  # beside the band already
                reqs.append(LabelRequest(f"car:{m.item}", text, CAR_FONT, m.px, (nx, -ny), self.car_px / 2 + 2))
            else:  # just outside the band, abreast of the car
                edge = self.px(self.geom.at(m.section, m.t, 1.0))
                reqs.append(LabelRequest(f"car:{m.item}", text, CAR_FONT, edge, (nx, -ny), 3, m.px))
        placed = iter(place_labels([r for r in reqs if r is not None], obstacles, self.area, keep))
        return static, [None if r is None else next(placed) for r in reqs]


def active_of(frame: Any, event: Any) -> tuple[str, str] | None:
    """(section, part) to highlight after ``event``: a SectionActivated event names its section before the frame
    does (both track views, bqplot and SVG, draw this)."""
    if event is not None and getattr(event, "kind", "") == "SectionActivated":
        section, label = getattr(event, "section", None), getattr(event, "label", "")
        if section:
            suffix = label[len(section):] if label.startswith(section) else ""
            return section, {"2": "leader", "1": "ahead"}.get(suffix, "whole")
    act = getattr(frame, "activation", None)
    if act is None:
        return None
    return act.section, act.part
