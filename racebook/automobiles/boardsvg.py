"""The Automobiles board as SVG: a position drawn by string building, readable anywhere.

:func:`position_svg` draws a :class:`racebook.automobiles.game.Frame` (or nothing but the board) on the
:class:`racebook.automobiles.boardgeom.BoardPicture` of its board: every space filled with its gear colour (§7.1)
and labelled with its id (the ids of the action notation, ``A play W 1.3``), lane 1 along the inside (§13), the
finish line and the race direction, the cubes placed on the track this turn (§6.4) as small squares edged in their
owner's colour, the cars as lettered circles with their names beside the band, and on request a highlighted move
(the spaces of a play, §7.1–§7.2, outlined in magenta with the route drawn through them). ``Race._repr_svg_`` and
``GameState._repr_svg_`` use it. Every text is escaped; the output is one well-formed ``<svg>`` element. Standard
library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from racebook.automobiles.board import Board
from racebook.automobiles.boardframe import focus_of, framed_picture
from racebook.automobiles.boardgeom import (
    CUBE_FILL,
    HIGHLIGHT,
    SPACE_EDGE,
    SPACE_FILL,
    SPACE_INK,
    Mark,
    ink_on,
    picture,
)
from racebook.automobiles.game import frame_of
from racebook.automobiles.rules.standings import standings
from racebook.core import svg

WIDTH, HEIGHT = 1280, 720
LEGEND_PX = 34


def _text(x: float, y: float, words: str, font: float, colour: str = "#222", fit: bool = True) -> str:
    """Centred bold text, its font size written with one decimal (:func:`racebook.core.svg.text`)."""
    return svg.text(x, y, words, font, colour, fit=fit, font_format=".1f")


def position_svg(board: Board, frame: Any = None, *, order: Sequence[str] | None = None,
                 move: Sequence[str] = (), mover: str | None = None, info: str = "", title: str = "",
                 width: int = WIDTH, height: int = HEIGHT, focus: Iterable[int] | None = None,
                 home: Iterable[int] = (), display_width: float | None = None) -> str:
    """The SVG of ``frame`` on ``board`` (``frame`` None: the empty board) at ``width`` × ``height`` px.

    ``order`` fixes the car colours (turn order); ``move`` is a route of space ids to highlight, ``mover`` the
    player whose car it starts from; ``info`` the line at the top left. ``focus`` None: the whole board; else the
    rows to frame, ``home`` those kept in view when they are too far apart
    (:func:`racebook.automobiles.boardframe.focus_of` gives both for a step), the car tokens at least
    :data:`racebook.automobiles.boardframe.FRAMED_CAR_PX` wide once the picture is shown ``display_width`` px
    wide (issue 33 item 5)."""
    pic = picture(board, width, height - LEGEND_PX)
    if focus is not None:
        pic = framed_picture(board, width, height - LEGEND_PX, focus, home, display_width, pic.geom)
    px = pic.px
    out = svg.document(width, height, title or board.name)
    for sp, ring in pic.spaces():
        if pic.framed and not any(pic.shown(px(p)) for p in ring):
            continue  # a framed picture draws what it shows
        out.append(f'<polygon class="space {sp.colour}" data-space="{svg.e(sp.id)}" '
                   f'points="{svg.pts([px(p) for p in ring])}" fill="{SPACE_FILL[sp.colour]}" stroke="{SPACE_EDGE}" '
                   'stroke-width="1.5"/>')
    for ch in pic.chevrons():
        out.append(f'<polyline points="{svg.pts(ch)}" fill="none" stroke="#9a9a9a" stroke-width="2"/>')
    out += svg.finish_line(*pic.finish_line())
    marks: list[Mark] = pic.marks(frame, order) if frame is not None else []
    for lab in pic.visible_space_labels(marks):
        colour = SPACE_INK[board.spaces[lab.key[6:]].colour]
        out.append(_text(lab.x, lab.y, lab.text, lab.font, colour))
    if move:
        for sid in move:
            sp = board.space_of(sid)
            ring = list(zip(*pic.geom.space_outline(sp), strict=True))
            out.append(f'<polygon class="move" points="{svg.pts([px(p) for p in ring])}" fill="none" '
                       f'stroke="{HIGHLIGHT}" stroke-width="4"/>')
        route = pic.route(frame, mover, move)
        if len(route) > 1:
            out.append(f'<polyline class="route" points="{svg.pts(route)}" fill="none" stroke="{HIGHLIGHT}" '
                       'stroke-width="3" stroke-dasharray="6 4"/>')
    fills = {m.owner: m.fill for m in marks if m.kind == "car"}
    for m in marks:
        x, y = m.px
        if pic.framed and not pic.shown(m.px, m.size):
            continue
        if m.kind == "cube":
            s = m.size
            out.append(f'<rect class="cube {m.code}" x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" '
                       f'height="{s:.1f}" fill="{m.fill}" stroke="{fills.get(m.owner, "#333")}" stroke-width="3">'
                       f'<title>{svg.e(m.owner)}: {svg.e(m.code)} in {svg.e(m.space)}</title></rect>')
        else:
            out.append(f'<circle class="car" cx="{x:.1f}" cy="{y:.1f}" r="{m.size / 2:.1f}" fill="{m.fill}" '
                       f'stroke="#111" stroke-width="2"><title>{svg.e(m.owner)}</title></circle>')
            font = m.size * (0.62 if len(m.code) == 1 else 0.48)
            out.append(_text(x, y, m.code, font, ink_on(m.fill), fit=False))
    out += [svg.label(p, font_format=".1f") for p in (pic.car_labels(marks) if marks else [])]
    if info:
        if pic.framed:  # the track runs under the info line: a pale band behind it keeps it readable
            x0, y0, x1, y1 = pic.reserved[0]  # the info line's box (no car name is placed in it)
            out.append(f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" fill="white" '
                       'opacity="0.8"/>')
        out.append(f'<text x="12" y="24" font-size="17" font-weight="bold" fill="#333">{svg.e(info)}</text>')
    return svg.close(out, _legend(height))


def _legend(height: int) -> str:
    leg = svg.Legend(height, LEGEND_PX, gap=16)
    for code, name in (("W", "3rd white"), ("L", "4th light grey"), ("D", "5th dark grey"), ("K", "6th black")):
        leg.swatch(24, SPACE_FILL[code], SPACE_EDGE, 1.5)
        leg.word(name, 30)
    for words in ("● car", "▪ cube played this turn", "lane 1 = inside", "› race direction"):
        leg.word(words)
    leg.swatch(24, "none", HIGHLIGHT, 3)
    leg.word("move", 30)
    return leg.svg()


def state_info(state: Any) -> str:
    """The info line of a state: the turn, the phase and each car's lap, in race order."""
    n = state.board.length
    laps = ", ".join(f"{pid} lap {min(state.laps, max(1, state.players[pid].progress // n + 1))}"
                     for pid in standings(state))
    if state.finished:
        return f"Race over · {laps}"
    t = state.turn
    now = f"{t.car} · {t.phase.value} phase" if t is not None else ""
    return f"Round {state.round} · {now} · {laps}"


def state_svg(state: Any, move: Sequence[str] = (), *, whole: bool = True, **kw: Any) -> str:
    """The SVG of a :class:`racebook.automobiles.state.GameState` (``move``: a route to highlight, e.g. a play's
    spaces, from the car whose turn it is); ``whole`` False frames the car to play, its cubes and ``move``
    (:func:`racebook.automobiles.boardframe.focus_of`) instead of the whole board."""
    mover = state.turn.car if state.turn is not None else None
    kw.setdefault("info", state_info(state))
    frame = frame_of(state)
    if not whole:
        kw["focus"], kw["home"] = focus_of(state.board, frame, None, move, mover)
    return position_svg(state.board, frame, order=state.order, move=move, mover=mover, **kw)


def race_svg(race: Any, move: Any = None, **kw: Any) -> str:
    """The SVG of a :class:`racebook.automobiles.game.Race`'s current position; ``move`` a play action (or its
    text) whose spaces are highlighted; ``whole=False`` frames the car to play (:func:`state_svg`)."""
    spaces: Sequence[str] = ()
    if move is not None:
        action = race.parse(move) if isinstance(move, str) else move
        spaces = tuple(getattr(action, "spaces", ()))
    kw.setdefault("title", race.position())
    return state_svg(race.state, spaces, **kw)


def cube_swatch(code: str, size: int = 14) -> str:
    """A small inline SVG square of a cube's colour (for the panels' HTML)."""
    return (f'<svg width="{size}" height="{size}" style="vertical-align:middle"><rect x="1" y="1" '
            f'width="{size - 2}" height="{size - 2}" fill="{CUBE_FILL.get(code, "#999")}" stroke="#444"/></svg>')
