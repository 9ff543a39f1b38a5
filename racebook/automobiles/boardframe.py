"""Which rows Automobiles' board view frames: those of the current step, with their neighbours (issue 33 item 5).

A step is one event and the position right after it (a :class:`racebook.automobiles.game.Frame`). Its rows are read
from the frames, never from a sentence: the rows of every car whose place changed since the position before (a move,
§7.1–§7.2, or a pit stop), the rows of the spaces of a highlighted move, the rows of the cubes on the track this turn
(§6.4) and of the car whose turn it is; the home rows, kept in view when the rest is too far apart, are where the
cars that moved arrived, else the car to play's. With nothing
else, the rows of every car (the start position). :func:`framed_rows` adds the neighbours
(:func:`racebook.core.framing.run`, shared with RF90's and FormulaGP's views); :func:`view_bounds` turns them into
the bounds a picture fits (:func:`racebook.core.framing.frame_bounds`), at a scale where a lane holds a car token of
at least :data:`FRAMED_CAR_PX` displayed pixels. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from racebook.automobiles.board import Board
from racebook.automobiles.boardgeom import MARGINS, BoardGeometry, BoardPicture
from racebook.core import framing
from racebook.core.framing import Bounds

MARGIN = 2  # rows shown before and after the step's rows
LEAST = 8  # the fewest rows a frame shows
MOST = 20  # a step spread over more rows: the car to play and its neighbours instead
FRAMED_CAR_PX = 18.0  # a framed view's car tokens once displayed, at least (issue 33 item 5)
FRAMED_CAR_MAX = 28.0  # … and at most
FRAMED_LANE_PX = 44.0  # a framed view's lane at most this wide, displayed: a short stretch is not blown up
INFO_PX = 34.0  # the info line's band at the top of a picture (BoardPicture.reserved), px
ROOM = 2.2  # half-bands from the middle of the band: the band and room beside it for the car names
ROW_SHARE = 0.62 * 0.9  # a car token's share of a row's length along the band (a corner's inner lane: the least)
LANE_SHARE = 0.85  # … and of a lane's width


def row_of(board: Board, progress: int) -> int:
    """The row a car's ``progress`` (segments since the start, §7.3) stands on."""
    return progress % board.length


def step_rows(board: Board, frame: Any, before: Any = None, move: Sequence[str] = (),
              mover: str | None = None) -> tuple[list[int], list[int]]:
    """(the rows of the step, the home rows: where the cars that moved arrived, else the row of the car to play,
    ``mover`` or the frame's turn), sorted."""
    rows: set[int] = set()
    home: set[int] = set()
    cars = dict(getattr(frame, "cars", {}) or {})
    was = dict(getattr(before, "cars", {}) or {}) if before is not None else {}
    who = mover or getattr(frame, "turn", None)
    for pid, at in cars.items():
        if pid in was and was[pid] != at:
            rows |= {row_of(board, was[pid][1]), row_of(board, at[1])}
            home.add(row_of(board, at[1]))  # where a car arrived is where the step happened
    if not home and who in cars:
        home.add(row_of(board, cars[who][1]))
    for sid in move:
        sp = board.space_of(sid)
        rows |= {r % board.length for r in range(sp.start, sp.end + 1)}
    for placed in (getattr(frame, "track", {}) or {}).values():
        for _code, sid in placed:
            key = sid.partition(":")[0]
            if key in board.spaces:
                sp = board.spaces[key]
                rows |= {sp.start % board.length, sp.end % board.length}
    rows |= home
    if not rows:  # nothing moved and nobody to play: the whole field
        rows = {row_of(board, at[1]) for at in cars.values()}
    return sorted(rows), sorted(home)


def framed_rows(board: Board, rows: Iterable[int], home: Iterable[int] = ()) -> list[int]:
    """``rows`` with :data:`MARGIN` neighbours each side, at least :data:`LEAST`; wider than :data:`MOST`, the
    ``home`` rows and their neighbours (in race order)."""
    wanted = [r % board.length for r in rows]
    if not wanted:
        return list(range(board.length))
    return framing.run(wanted, board.length, margin=MARGIN, least=LEAST, most=MOST, home=home)


def focus_of(board: Board, frame: Any, before: Any = None, move: Sequence[str] = (),
             mover: str | None = None) -> tuple[list[int], list[int]]:
    """(the framed rows, the home rows) of a step: :func:`step_rows` with their neighbours."""
    rows, home = step_rows(board, frame, before, move, mover)
    return framed_rows(board, rows, home), home


def least_scale(geom: BoardGeometry, car_px: float) -> float:
    """The fewest pixels per track unit at which a car token ``car_px`` wide fits a lane and a corner's row."""
    row = geom.line.length / geom.board.length
    return max(car_px / (ROW_SHARE * row), car_px / (LANE_SHARE * geom.spec.lane_width))


def view_bounds(geom: BoardGeometry, rows: Iterable[int], width: float, height: float, *, car_px: float, lane_px: float,
                home: Iterable[int] = ()) -> Bounds:
    """The bounds (track units) a ``width`` × ``height`` px picture frames ``rows`` with (the band and room for the
    car names), at a scale where a car token ``car_px`` wide fits (:func:`least_scale`) and a lane is at most
    ``lane_px`` wide, centred on the ``home`` rows when the stretch is too long."""
    pts = []
    for r in rows:
        for t in (0.0, 0.5, 1.0):
            u = geom.row_u(r + t)
            pts += [geom.point(u, ROOM), geom.point(u, -ROOM)]
    homes = [geom.point(geom.row_u(r + 0.5)) for r in home]
    centre = (sum(p[0] for p in homes) / len(homes), sum(p[1] for p in homes) / len(homes)) if homes else None
    bounds = framing.frame_bounds(framing.bounds_of(pts), width, height, min_scale=least_scale(geom, car_px),
                                  max_scale=max(least_scale(geom, car_px), lane_px / geom.spec.lane_width),
                                  home=centre)
    bounds = framing.keep_inside(bounds, geom.bounds(*MARGINS))  # no empty page beyond the whole board's picture
    if not homes:
        return bounds
    across = [geom.point(geom.row_u(r + t), side) for r in home for t in (0.0, 1.0) for side in (-1.15, 1.15)]
    return framing.bring_in(bounds, framing.bounds_of(across))  # the home rows' band wholly in view


def framed_picture(board: Board, width: float, height: float, rows: Iterable[int], home: Iterable[int] = (),
                   display_width: float | None = None, geom: BoardGeometry | None = None) -> BoardPicture:
    """A :class:`racebook.automobiles.boardgeom.BoardPicture` framing ``rows`` (see :func:`focus_of`) at ``width``
    × ``height`` px, its car tokens :data:`FRAMED_CAR_PX` to :data:`FRAMED_CAR_MAX` wide once the picture is shown
    ``display_width`` px wide (default: ``width``)."""
    geom = geom if geom is not None and geom.board is board else BoardGeometry(board)
    shrink = width / (display_width or width)  # picture px per displayed px
    least = FRAMED_CAR_PX * shrink
    below = height - INFO_PX  # the info line keeps its band at the top, above the framed stretch
    x0, x1, y0, y1 = view_bounds(geom, list(rows), width, below, car_px=least * 1.05,
                                 lane_px=FRAMED_LANE_PX * shrink, home=list(home))
    scale = min(width / (x1 - x0), below / (y1 - y0))
    bounds = (x0, x1, y0, y1 + INFO_PX / scale)
    fits = min(geom.line.length / board.length * ROW_SHARE, geom.spec.lane_width * LANE_SHARE) * scale
    car_px = max(least, min(FRAMED_CAR_MAX * shrink, fits))
    return BoardPicture(board, width, height, bounds=bounds, car_px=car_px, geom=geom)
