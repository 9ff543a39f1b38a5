"""The board view: a bqplot figure of an Automobiles board, its cars, the cubes on the track and a highlighted move.

The figure and its marks are built once (:meth:`BoardView.set_board` fills the board's marks); :meth:`BoardView.show`
moves the cars and cubes by setting the marks' traits inside ``hold_sync`` blocks, so stepping through a race never
re-renders the widget. It draws the numbers of :class:`racebook.automobiles.boardgeom.BoardPicture`, the picture the
SVG renderer (:mod:`racebook.automobiles.boardsvg`) draws: spaces filled with their gear colour (§7.1) and labelled
with their ids, lane 1 inside (§13), the finish line and the race direction, the cubes placed this turn (§6.4) edged
in their owner's colour, the cars as lettered circles named beside the band, and a move (§7.1–§7.2) outlined in
magenta.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from typing import Any

import bqplot as bq
import ipywidgets as widgets

from racebook.automobiles.board import Board
from racebook.automobiles.boardframe import focus_of, framed_picture
from racebook.automobiles.boardgeom import (
    CUBE_FILL,
    HIGHLIGHT,
    SPACE_EDGE,
    SPACE_FILL,
    SPACE_INK,
    BoardPicture,
    ink_on,
)
from racebook.ui import bqfigure
from racebook.ui.errors import ErrorLog

_FONT = "px"


class BoardView:
    """A bqplot picture of one board; :meth:`show` draws a :class:`racebook.automobiles.game.Frame` on it."""

    def __init__(self, board: Board, *, width: int = 980, order: Sequence[str] | None = None,
                 errors: ErrorLog | None = None, framed: bool = False) -> None:
        """``framed``: frame the rows of each step (:meth:`show`'s ``before``, issue 33 item 5, the picture
        :func:`racebook.automobiles.boardframe.framed_picture`); :meth:`set_whole` switches to the whole board."""
        self.errors = errors or ErrorLog()
        self.width = width
        self.order = list(order or [])
        self.framed = framed
        self.whole = not framed
        self.focus: tuple[list[int], list[int]] | None = None
        self.info = ""
        self.board: Board | None = None
        self.frame: Any = None
        self.move: tuple[str, ...] = ()
        self.mover: str | None = None
        self.positions: dict[str, tuple[float, float]] = {}  # car -> (x, y) as last drawn, track units
        self._labels_drawn: tuple[str, ...] | None = None
        self._build()
        self.set_board(board)

    # ------------------------------------------------------------ building
    def _build(self) -> None:
        self.sx = bq.LinearScale(min=-1.0, max=1.0)
        self.sy = bq.LinearScale(min=-1.0, max=1.0)
        sc = {"x": self.sx, "y": self.sy}
        L, S, Lb = bq.Lines, bq.Scatter, bq.Label
        self.m_spaces = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, fill="inside", close_path=True,
                          stroke_width=1.5, colors=[SPACE_EDGE], fill_colors=["white"], fill_opacities=[1.0])
        self.m_finish_black = L(x=[], y=[], scales=sc, stroke_width=7, colors=["black"])
        self.m_finish_white = L(x=[], y=[], scales=sc, stroke_width=7, colors=["white"], line_style="dashed")
        self.m_chevrons = L(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=sc, stroke_width=2, colors=["#9a9a9a"])
        self.m_labels_dark = Lb(x=[], y=[], text=[], scales=sc, default_size=12, font_unit=_FONT, align="middle",
                                font_weight="bold", colors=[SPACE_INK["W"]], y_offset=4)
        self.m_labels_light = Lb(x=[], y=[], text=[], scales=sc, default_size=12, font_unit=_FONT, align="middle",
                                 font_weight="bold", colors=[SPACE_INK["K"]], y_offset=4)
        self.m_move = L(x=[], y=[], scales=sc, close_path=True, stroke_width=4, colors=[HIGHLIGHT])
        self.m_route = L(x=[], y=[], scales=sc, stroke_width=3, colors=[HIGHLIGHT], line_style="dashed")
        self.m_cubes = S(x=[], y=[], scales=sc, marker="square", default_size=200, stroke="#333", stroke_width=3,
                         colors=["white"], names=[], display_names=False,
                         tooltip=bq.Tooltip(fields=["name"], labels=["cube"]))
        self.m_cars = S(x=[], y=[], scales=sc, marker="circle", default_size=500, stroke="#111", stroke_width=2,
                        colors=["black"], names=[], display_names=False,
                        tooltip=bq.Tooltip(fields=["name"], labels=["car"]))
        self.m_letters_dark = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT, align="middle",
                                 font_weight="bold", colors=["black"], y_offset=5)
        self.m_letters_light = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT, align="middle",
                                  font_weight="bold", colors=["white"], y_offset=5)
        self.m_car_labels = Lb(x=[], y=[], text=[], scales=sc, default_size=14, font_unit=_FONT, align="middle",
                               font_weight="bold", colors=["#222"], y_offset=5)
        self.m_leader_lines = L(x=[], y=[], scales=sc, stroke_width=1, colors=["#555"], opacities=[0.6])
        self.m_info_band = L(x=[], y=[], scales=sc, fill="inside", close_path=True, stroke_width=0,
                             colors=["white"], fill_colors=["white"], fill_opacities=[0.8])  # framed: behind the info
        self.m_info = Lb(x=[], y=[], text=[], scales=sc, default_size=17, font_unit=_FONT, align="start",
                         colors=["#333"], font_weight="bold")
        self.marks = [self.m_spaces, self.m_finish_black, self.m_finish_white, self.m_chevrons, self.m_labels_dark,
                      self.m_labels_light, self.m_move, self.m_route, self.m_cubes, self.m_leader_lines, self.m_cars,
                      self.m_letters_dark, self.m_letters_light, self.m_car_labels, self.m_info_band, self.m_info]
        self.figure = bq.Figure(marks=self.marks, axes=[], fig_margin={"top": 8, "bottom": 8, "left": 8, "right": 8},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": "white"},
                                animation_duration=0, layout=widgets.Layout(width=f"{self.width}px"))
        self.legend = widgets.HTML(self._legend_html())
        self.widget = widgets.VBox([self.figure, self.legend])
        self.picture_widget = self.figure  # what a player puts its ▶ right under (racebook.ui.player.Player)
        self.notes_widgets = (self.legend,)

    @staticmethod
    def _legend_html() -> str:
        def sw(fill: str, edge: str = SPACE_EDGE) -> str:
            return (f'<span style="display:inline-block;width:22px;height:12px;border:2px solid {edge};'
                    f'background:{fill};vertical-align:middle"></span>')
        return ('<div style="font-size:15px;line-height:1.8">'
                f'{sw(SPACE_FILL["W"])} 3rd white &nbsp; {sw(SPACE_FILL["L"])} 4th light grey &nbsp; '
                f'{sw(SPACE_FILL["D"])} 5th dark grey &nbsp; {sw(SPACE_FILL["K"])} 6th black &nbsp;│&nbsp; '
                '● car (letter = player) &nbsp; ▪ cube played this turn &nbsp; lane 1 = inside '
                f'&nbsp; › race direction &nbsp; {sw("white", HIGHLIGHT)} move</div>')

    def _holding(self) -> contextlib.ExitStack:
        return bqfigure.holding(self.figure, self.marks)

    def _unit(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.picture.view.unit(p)

    # ------------------------------------------------------------ the board
    def set_board(self, board: Board, order: Sequence[str] | None = None) -> None:
        """Draw another board (or the same one again) on the same figure."""
        self.board = board
        if order is not None:
            self.order = list(order)
        self.whole_picture = pic = BoardPicture(board, self.width - 16, None)
        self.picture = pic
        self.focus = None
        self._labels_drawn = None
        xs, ys, fills = [], [], []
        for sp, ring in pic.spaces():
            xs.append([p[0] for p in ring])
            ys.append([p[1] for p in ring])
            fills.append(SPACE_FILL[sp.colour])
        chx, chy = [], []
        for ch in pic.chevrons():
            pts = [self._unit(p) for p in ch]
            chx.append([p[0] for p in pts])
            chy.append([p[1] for p in pts])
        f0, f1 = (self._unit(p) for p in pic.finish_line())
        with self._holding():
            self.m_spaces.x, self.m_spaces.y = xs, ys
            self.m_spaces.fill_colors = fills
            self.m_spaces.colors = [SPACE_EDGE] * len(xs)
            self.m_spaces.fill_opacities = [1.0] * len(xs)
            self.m_chevrons.x, self.m_chevrons.y = chx, chy
            self.m_finish_black.x = self.m_finish_white.x = [f0[0], f1[0]]
            self.m_finish_black.y = self.m_finish_white.y = [f0[1], f1[1]]
            self._use_picture(pic)
        if self.frame is not None:
            self.show(self.frame)

    def _use_picture(self, pic: BoardPicture) -> None:
        """Draw on ``pic`` (the whole board's or a framed one, the same size): its bounds, labels and token sizes."""
        self.picture = pic
        view = pic.view
        self._labels_drawn = None
        with self._holding():
            bqfigure.fit(self.figure, self.sx, self.sy, (view.x0, view.x1, view.y0, view.y1), int(view.height) + 16)
            fonts = [p.font for p in pic.space_labels]
            for mark in (self.m_labels_dark, self.m_labels_light):
                mark.default_size = int(min(fonts)) if fonts else 12
            self._draw_space_labels(pic.space_labels)
            d = pic.car_px
            self.m_cars.default_size = int(math.pi * (d / 2) ** 2 * 1.25)
            self.m_cubes.default_size = int(pic.cube_px ** 2)
            for mark in (self.m_letters_dark, self.m_letters_light):
                mark.default_size = max(14, int(d * 0.62))

    def set_whole(self, whole: bool) -> None:
        """Show the whole board (``whole``) or frame each step (a framed view only)."""
        if whole == self.whole or not self.framed:
            return
        self.whole = whole
        self.focus = None
        if self.frame is not None:
            self.show(self.frame, self.move, self.mover, self.info, before=self.frame)

    def _draw_space_labels(self, shown: Sequence[Any]) -> None:
        """The space ids (dark ink on light spaces, white on dark ones), only those in ``shown``."""
        assert self.board is not None
        keys = tuple(p.key for p in shown)
        if keys == getattr(self, "_labels_drawn", None):
            return
        labels: dict[bool, tuple[list[float], list[float], list[str]]] = {True: ([], [], []), False: ([], [], [])}
        for lab in shown:
            dark_ink = SPACE_INK[self.board.spaces[lab.key[6:]].colour] != "#ffffff"
            x, y = self._unit((lab.x, lab.y))
            labels[dark_ink][0].append(x)
            labels[dark_ink][1].append(y)
            labels[dark_ink][2].append(lab.text)
        with self._holding():
            for mark, dark in ((self.m_labels_dark, True), (self.m_labels_light, False)):
                mark.x, mark.y, mark.text = labels[dark]
        self._labels_drawn = keys

    # ------------------------------------------------------------ a position
    def show(self, frame: Any, move: Sequence[str] = (), mover: str | None = None, info: str = "",
             before: Any = None) -> None:
        """Draw ``frame`` (cars and the cubes on the track); ``move`` a route of space ids to highlight, from
        ``mover``'s last cube (or car); ``info`` the line at the top left; ``before`` the position before it (a
        framed view frames what changed; default: the one last drawn)."""
        assert self.board is not None
        if self.framed and not self.whole:
            focus = focus_of(self.board, frame, before if before is not None else self.frame, move, mover)
            if focus != self.focus:
                self.focus = focus
                pic = self.whole_picture
                self._use_picture(framed_picture(self.board, pic.view.width, pic.view.height, focus[0], focus[1],
                                                 geom=pic.geom))
        elif self.picture is not self.whole_picture:
            self._use_picture(self.whole_picture)
        self.frame, self.move, self.mover, self.info = frame, tuple(move), mover, info
        pic = self.picture
        for pid in frame.cars:
            if pid not in self.order:
                self.order.append(pid)
        every = pic.marks(frame, self.order)
        marks = [m for m in every if not pic.framed or pic.shown(m.px, m.size)]  # a framed picture: what it shows
        cubes = [m for m in marks if m.kind == "cube"]
        cars = [m for m in marks if m.kind == "car"]
        fills = {m.owner: m.fill for m in cars}
        placed = pic.car_labels(marks)
        self._draw_space_labels(pic.visible_space_labels(marks))
        mx, my = [], []
        for sid in self.move:
            xs, ys = pic.geom.space_outline(self.board.space_of(sid))
            mx.append(xs)
            my.append(ys)
        route = [self._unit(p) for p in pic.route(frame, mover, self.move)] if self.move else []
        letters: dict[bool, tuple[list[float], list[float], list[str]]] = {True: ([], [], []), False: ([], [], [])}
        for m in cars:
            box = letters[ink_on(m.fill) == "white"]
            box[0].append(m.xy[0])
            box[1].append(m.xy[1])
            box[2].append(m.code)
        lab_x, lab_y, lab_t, lead_x, lead_y = [], [], [], [], []
        for p in placed:
            if p is None:
                continue
            x, y = self._unit((p.x, p.y))
            lab_x.append(x)
            lab_y.append(y)
            lab_t.append(p.text)
            if p.displaced:
                ax, ay = self._unit(p.anchor)
                lead_x.append([x, ax])
                lead_y.append([y, ay])
        ix, iy = self._unit((12.0, 22.0))
        with self._holding():
            self.m_cubes.x = [m.xy[0] for m in cubes]
            self.m_cubes.y = [m.xy[1] for m in cubes]
            self.m_cubes.colors = [CUBE_FILL.get(m.code, "#999") for m in cubes] or ["white"]
            self.m_cubes.names = [f"{m.owner}: {m.code} in {m.space}" for m in cubes]
            self.m_cars.x = [m.xy[0] for m in cars]
            self.m_cars.y = [m.xy[1] for m in cars]
            self.m_cars.colors = [m.fill for m in cars] or ["black"]
            self.m_cars.names = [m.owner for m in cars]
            for mark, light in ((self.m_letters_light, True), (self.m_letters_dark, False)):
                mark.x, mark.y, mark.text = letters[light]
            self.m_car_labels.x, self.m_car_labels.y, self.m_car_labels.text = lab_x, lab_y, lab_t
            self.m_leader_lines.x, self.m_leader_lines.y = lead_x, lead_y
            self.m_move.x, self.m_move.y = mx, my
            self.m_route.x = [p[0] for p in route]
            self.m_route.y = [p[1] for p in route]
            self.m_info.x, self.m_info.y, self.m_info.text = ([ix], [iy], [info]) if info else ([], [], [])
            bx0, by0, bx1, by1 = pic.reserved[0]  # the info line's box (no car name is placed in it)
            band = [self._unit(q) for q in ((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1))]
            shown = bool(info) and pic.framed  # the track runs under the info line in a framed picture
            self.m_info_band.x = [q[0] for q in band] if shown else []
            self.m_info_band.y = [q[1] for q in band] if shown else []
        self.positions = {m.owner: m.xy for m in every if m.kind == "car"}
        self.cube_owners = [fills.get(m.owner, "#333") for m in cubes]

    def show_state(self, state: Any, move: Sequence[str] = ()) -> None:
        """Draw a :class:`racebook.automobiles.state.GameState` (its info line too)."""
        from racebook.automobiles.ui.svgboard import show_state

        show_state(self, state, move)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
