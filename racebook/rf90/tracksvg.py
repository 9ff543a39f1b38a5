"""The track view as SVG: a position drawn by string building, readable anywhere (issue 17).

:func:`position_svg` draws a :class:`racebook.rf90.game.Frame` (or nothing but the track) on the
:class:`racebook.rf90.trackpicture.TrackPicture` of its track: sections by type (§3: straight, braking zone,
corner; the braking zones also dashed), the finish line and the race direction, trajectories (○ standard,
◇ Extreme, bonus beside, §15.1), the cars as tokens with a letter in each (a rounded rectangle a player, a square a
robot, §17; never a circle or a diamond), the Leader token (§11, a ring under the cars), laps down (§13.E.4),
off-track cars beside their section (§18.5), the Safety Car (§21) and a short legend. Given ``focus`` it frames
those sections (issue 33 item 5: :mod:`racebook.rf90.trackframe`), naming only the sections in view.
``Race._repr_svg_`` and ``Position._repr_svg_`` use it (the whole circuit), ``race_svg(race, whole=False)`` frames
the last step, and ``racebook replay ID --svg FILE``. Every text is escaped; the output is one well-formed ``<svg>``
element. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from racebook.core import svg
from racebook.core.geometry import PlacedLabel
from racebook.rf90.frame import frame_of
from racebook.rf90.state import YELLOW_FLAG
from racebook.rf90.trackfile import load_track
from racebook.rf90.trackframe import focus_of, framed_picture
from racebook.rf90.trackpicture import (
    SECTION_EDGE,
    SECTION_FILL,
    TOKEN_WIDTH,
    TRAJECTORY_COLOURS,
    TrackPicture,
    ink_on,
)

WIDTH, HEIGHT = 1280, 720
LEGEND_PX = 34
LEADER_RING = "#B8860B"
TEAM_RINGS = ("#6a3d9a", "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#8c564b")  # one dashed ring colour per team
HIGHLIGHT = "#e0119d"
LAP_DOWN = "#b00000"


@dataclass(frozen=True)
class PositionFrame:
    """A frame built from a Race Position Notation position (what :func:`position_svg` needs of a Frame)."""

    order: dict[str, tuple[str, ...]]
    laps_down: dict[str, int]
    leader: str | None
    played: frozenset[str]
    trajectories: dict[str, str]
    turn: int
    weather: int
    off_track: dict[str, str] = field(default_factory=dict)
    activation: Any = None
    sc: str | None = None
    teams: dict[str, str] = field(default_factory=dict)  # car -> team (Expansion #1 §5)


def frame_of_position(pos: Any) -> PositionFrame:
    """A :class:`PositionFrame` from a :class:`racebook.rf90.notation.Position`."""
    order: dict[str, tuple[str, ...]] = {}
    laps: dict[str, int] = {}
    traj: dict[str, str] = {}
    played: set[str] = set()
    leader = None
    off: dict[str, str] = {}
    for sec, toks in pos.sections:
        ids = []
        for tok in toks:
            if isinstance(tok, str):
                ids.append(YELLOW_FLAG)
                continue
            where = next((f[4:] for f in tok.flags if f.startswith("off=")), None)
            if where is not None:
                off[tok.id] = where
            else:
                ids.append(tok.id)
            leader = tok.id if tok.leader else leader
            if tok.laps_down:
                laps[tok.id] = tok.laps_down
            if tok.trajectory:
                traj[tok.id] = tok.trajectory
            if "played" in tok.flags:
                played.add(tok.id)
        order[sec] = tuple(ids)
    teams = {cid: name for name, ids in getattr(pos, "teams", ()) for cid in ids}
    return PositionFrame(order, laps, leader, frozenset(played), traj, pos.turn, pos.weather, off, sc=pos.sc,
                         teams=teams)


def position_svg(track: Any, frame: Any = None, cars: Mapping[str, Any] | None = None, *, width: int = WIDTH,
                 height: int = HEIGHT, title: str = "", focus: Iterable[str] | None = None, home: Iterable[str] = (),
                 display_width: float | None = None) -> str:
    """The SVG of ``frame`` on ``track`` (``frame`` None: the empty track) at ``width`` × ``height`` px.

    ``focus`` None: the whole circuit; else the sections to frame, ``home`` those kept in view when they are too far
    apart (:func:`racebook.rf90.trackframe.focus_of` gives both for a step), the car tokens at least
    :data:`racebook.rf90.trackpicture.FRAMED_CAR_PX` wide once the picture is shown ``display_width`` px wide (the
    whole circuit's too, :data:`racebook.rf90.trackpicture.CAR_PX_MIN`)."""
    if focus is None:  # the whole circuit: its tokens as wide as a framed view's, once displayed
        pic = TrackPicture(track, width, height - LEGEND_PX, display_width=display_width)
    else:
        pic = framed_picture(track, width, height - LEGEND_PX, focus, home, display_width)
    g, px = pic.geom, pic.px
    out = svg.document(width, height, title or track.name)
    for (kind, ring) in pic.polygons():
        dash = ' stroke-dasharray="7 4"' if kind == "braking" else ""
        out.append(f'<polygon class="section {kind}" points="{svg.pts([px(p) for p in ring])}" '
                   f'fill="{SECTION_FILL[kind]}" stroke="{SECTION_EDGE[kind]}" stroke-width="3"{dash}/>')
    for name in g.names:  # race direction, inside the loop
        out.append(f'<polyline points="{svg.pts([px(p) for p in g.chevron(name, -1.35, 0.05)])}" fill="none" '
                   'stroke="#9a9a9a" stroke-width="2"/>')
    (fx0, fx1), (fy0, fy1) = g.finish_line()
    out += svg.finish_line(px((fx0, fy0)), px((fx1, fy1)))
    marks = pic.cars(frame, cars) if frame is not None else []
    active = getattr(frame, "activation", None) if frame is not None else None
    if active is not None and track.has_section(active.section):
        t0, t1 = 0.0, 1.0
        items = list(frame.order.get(active.section, ()))
        if active.part != "whole" and frame.leader in items:
            div = g.divider(active.section, items.index(frame.leader), len(items))
            t0, t1 = (0.0, div) if active.part == "leader" else (div, 1.0)
        xs, ys = g.outline(active.section, t0, t1)
        out.append(f'<polygon class="active" points="{svg.pts([px(p) for p in zip(xs, ys, strict=True)])}" '
                   f'fill="none" stroke="{HIGHLIGHT}" stroke-width="5"/>')
    r = pic.traj_px / 2
    by_id = {t.id: t for t in track.trajectories}
    for tid, p in pic.trajectories.items():
        t = by_id[tid]
        cols = [TRAJECTORY_COLOURS.get(getattr(c, "value", str(c)), "#888") for c in t.colours]
        x, y = px(p)
        for k, (rr, col) in enumerate(((r, cols[0]), (r * 0.5, cols[-1]))):
            stroke = ' stroke="#333" stroke-width="1.5"' if k == 0 else ""
            if getattr(t.kind, "value", t.kind) == "extreme":
                d = rr * 1.25
                diamond = svg.pts([(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
                out.append(f'<polygon class="traj et" points="{diamond}" fill="{col}"{stroke}/>')
            else:
                out.append(f'<circle class="traj" cx="{x:.1f}" cy="{y:.1f}" r="{rr:.1f}" fill="{col}"{stroke}/>')
    placed = {m.item: m for m in marks}
    for car, tid in (getattr(frame, "trajectories", {}) or {}).items() if frame is not None else ():
        if car in placed and tid in pic.trajectories:
            (x1, y1), (x2, y2) = placed[car].px, px(pic.trajectories[tid])
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#333" '
                       'stroke-width="2.5"/>')
    static, car_labels = pic.car_labels(marks) if frame is not None else (pic.labels, [])
    colours = {"section": "#333", "corner": "#7a5c00", "traj": "#333"}
    out += [_label(p, colours[kind]) for kind, p in static]
    d = pic.car_px
    team_of = ({c: car.team for c, car in cars.items() if getattr(car, "team", None)} if cars is not None
               else dict(getattr(frame, "teams", {}) or {}))
    rings = {name: TEAM_RINGS[i % len(TEAM_RINGS)] for i, name in enumerate(sorted(set(team_of.values())))}
    for m in marks:  # every ring first, under every car: a ring never hides a car (issue 33 item 5)
        x, y = m.px
        if m.item in team_of:  # teammates share a dashed ring of their team's colour (Expansion #1 §5)
            out.append(f'<circle class="team" cx="{x:.1f}" cy="{y:.1f}" r="{d * 0.8:.1f}" fill="none" '
                       f'stroke="{rings[team_of[m.item]]}" stroke-width="3.5" stroke-dasharray="4 2">'
                       f'<title>{svg.e(m.item)}: team {svg.e(team_of[m.item])}</title></circle>')
        if frame.leader == m.item and m.item != YELLOW_FLAG:
            w, h = token_size(d, m.robot is not None)
            out.append(f'<rect class="leader" x="{x - w / 2 - 5:.1f}" y="{y - h / 2 - 5:.1f}" width="{w + 10:.1f}" '
                       f'height="{h + 10:.1f}" rx="{h * 0.35 + 5:.1f}" fill="none" stroke="{LEADER_RING}" '
                       'stroke-width="4"/>')
    for m in marks:
        x, y = m.px
        op = ' opacity="0.5"' if m.played else ""
        if m.item == YELLOW_FLAG:
            tri = svg.pts([(x, y - d / 2), (x + d / 2, y + d / 2), (x - d / 2, y + d / 2)])
            out.append(f'<polygon class="flag" points="{tri}" fill="#FFD700" stroke="#333" stroke-width="1.5"/>')
            out.append(svg.text(x, y + d * 0.12, "Y", d * 0.45, "#222", fit=False))
            continue
        out.append(car_token(x, y, d, m.colour, m.item, m.robot is not None, op))
        font = d * (0.62 if len(m.letter) == 1 else 0.5 if len(m.letter) == 2 else 0.4)
        out.append(svg.text(x, y, m.letter, font, ink_on(m.colour), fit=False))
    out += [_label(p, LAP_DOWN if p is not None and " -" in p.text else "#222") for p in car_labels]
    sc = getattr(frame, "sc", None) if frame is not None else None
    if sc and track.has_section(sc):
        x, y = px(g.at(sc, 0.97, 1.75))
        out.append(f'<rect x="{x - 16:.1f}" y="{y - 13:.1f}" width="32" height="26" fill="#111" stroke="#f5c400" '
                   f'stroke-width="3"/>' + svg.text(x, y, "SC", 14, "white", fit=False))
    if frame is not None:
        info = f"Turn {frame.turn}  ·  Leader: {frame.leader or '—'}"
        if pic.framed:  # the track runs under the title lines: a white box behind them
            out.append(f'<rect x="4" y="6" width="{len(info) * 18 * 0.6 + 16:.0f}" height="28" rx="4" fill="white" '
                       'opacity="0.9"/>')
        out.append(f'<text x="12" y="26" font-size="18" font-weight="bold" fill="#333">{svg.e(info)}</text>')
        if rings:  # the teams and their ring colours, under the title line
            spans = "  ".join(f'<tspan fill="{col}">◌ {svg.e(name)}</tspan>' for name, col in rings.items())
            out.append(f'<text class="teams" x="12" y="48" font-size="15" font-weight="bold" fill="#333">'
                       f'Teams: {spans}</text>')
    if pic.framed:  # the track runs on under the legend strip: a white strip behind it
        out.append(f'<rect x="0" y="{height - LEGEND_PX}" width="{width}" height="{LEGEND_PX}" fill="white"/>')
    return svg.close(out, _legend(height))


def token_size(d: float, robot: bool) -> tuple[float, float]:
    """(width, height) of a car token ``d`` px high: a player's is wider than high (a car seen from above), a
    robot's square; neither is a circle or a diamond, the trajectory marks' shapes."""
    return (d, d) if robot else (d * TOKEN_WIDTH, d)


def car_token(x: float, y: float, d: float, colour: str, name: str, robot: bool, extra: str = "") -> str:
    """A car token centred on (x, y): a rounded rectangle (player) or a square (robot), a dark edge and a white
    halo round it, so that it stands out on any section colour."""
    w, h = token_size(d, robot)
    rx = 0.0 if robot else h * 0.35
    cls = "car robot" if robot else "car"
    return (f'<rect class="{cls}" x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="{rx:.1f}" fill="{colour}" stroke="#111" stroke-width="2.5" paint-order="stroke"{extra}>'
            f'<title>{svg.e(name)}</title></rect>')


def _legend(height: int) -> str:
    leg = svg.Legend(height, LEGEND_PX, gap=18)

    def swatch(kind: str, words: str) -> None:
        dash = ' stroke-dasharray="5 3"' if kind == "braking" else ""
        leg.swatch(26, SECTION_FILL[kind], SECTION_EDGE[kind], 3, dash)
        leg.word(words, 32)

    swatch("straight", "straight")
    swatch("braking", "braking zone")
    swatch("corner", "corner")
    leg.add(f'<rect x="{leg.x:.0f}" y="{leg.y - 8:.0f}" width="20" height="16" rx="5" fill="#0072B2" '
            'stroke="#111" stroke-width="2"/>')
    leg.word("player", 26)
    leg.add(f'<rect x="{leg.x:.0f}" y="{leg.y - 8:.0f}" width="16" height="16" fill="#111" stroke="#111" '
            'stroke-width="2"/>')
    leg.word("robot (letter = car)", 22)
    leg.add(f'<rect x="{leg.x:.0f}" y="{leg.y - 10:.0f}" width="26" height="20" rx="8" fill="none" '
            f'stroke="{LEADER_RING}" stroke-width="3"/>')
    leg.word("Leader", 32)
    leg.word("○ ◇ trajectory, Extreme (+bonus)")
    leg.word("› race direction")
    return leg.svg()


def _label(p: PlacedLabel | None, colour: str) -> str:
    """A placed label; a displaced one on a white box with a leader line to what it names (a ``label`` group: the
    geometry test and the browser check find the labels by it)."""
    return f'<g class="label">{svg.label(p, colour, backing=True)}</g>' if p is not None else ""


def race_svg(race: Any, *, whole: bool = True, **kw: Any) -> str:
    """The SVG of a :class:`racebook.rf90.game.Race`'s current position: the ``whole`` circuit, or (``whole``
    False) framed on its last step (:func:`racebook.rf90.trackframe.focus_of`: the last event, the position before
    it)."""
    state = race.state
    frame = frame_of(state)
    if not whole and "focus" not in kw:
        events = [e for st in race.steps for e in st.events]
        frames = race.frames
        before = frames[-2] if len(frames) >= 2 else getattr(race, "start_frame", None)
        kw["focus"], kw["home"] = focus_of(state.track, frame, events[-1] if events else None, before)
    return position_svg(state.track, frame, state.cars, title=race.position(), **kw)


def notation_svg(pos: Any, **kw: Any) -> str:
    """The SVG of a :class:`racebook.rf90.notation.Position` (its track loaded by id)."""
    return position_svg(load_track(pos.track), frame_of_position(pos), title=str(pos), **kw)
