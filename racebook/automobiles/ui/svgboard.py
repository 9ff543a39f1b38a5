"""The board view where bqplot is missing (the no-install site offline, issue 23): the SVG renderer in an ipywidgets
HTML widget.

:func:`board_view` is what the race player and the card sandbox build: the bqplot
:class:`racebook.automobiles.ui.boardview.BoardView` where :func:`racebook.ui.backend.has_bqplot` says bqplot imports,
else :class:`SvgBoardView`, which draws each frame with :func:`racebook.automobiles.boardsvg.position_svg` (the same
geometry) and has the part of BoardView's interface the widgets use (``widget``, ``board``, ``order``,
``set_board``, ``show``, ``show_state``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.automobiles.board import Board
from racebook.automobiles.boardframe import focus_of
from racebook.automobiles.boardsvg import HEIGHT, WIDTH, position_svg
from racebook.ui import backend
from racebook.ui.errors import ErrorLog


class SvgBoardView:
    """One board drawn as SVG; :meth:`show` draws a :class:`racebook.automobiles.game.Frame` on it."""

    figure = None  # no bqplot figure

    def __init__(self, board: Board, *, width: int = 980, order: Sequence[str] | None = None,
                 errors: ErrorLog | None = None, framed: bool = False) -> None:
        """``framed``: frame the rows of each step (:meth:`show`'s ``before``, issue 33 item 5); :meth:`set_whole`
        switches to the whole board."""
        self.errors = errors or ErrorLog()
        self.width = width
        self.height = round(width * HEIGHT / WIDTH)
        self.order = list(order or [])
        self.framed = framed
        self.whole = not framed
        self.focus: tuple[list[int], list[int]] | None = None
        self.board: Board | None = None
        self.frame: Any = None
        self.move: tuple[str, ...] = ()
        self.mover: str | None = None
        self.info = ""
        self.widget = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.widget.add_class(backend.SVG_VIEW_CLASS)
        self.picture_widget = self.widget  # what a player puts its ▶ right under (racebook.ui.player.Player)
        self.set_board(board)

    def set_board(self, board: Board, order: Sequence[str] | None = None) -> None:
        """Show ``board`` empty (``order`` fixes the car colours)."""
        self.board = board
        if order is not None:
            self.order = list(order)
        self.frame, self.move, self.mover, self.focus = None, (), None, None
        self.widget.value = position_svg(board, None, order=self.order, width=self.width, height=self.height)

    def show(self, frame: Any, move: Sequence[str] = (), mover: str | None = None, info: str = "",
             before: Any = None) -> None:
        """Draw ``frame`` (cars and the cubes on the track); ``move`` a route of space ids to highlight, from
        ``mover``'s last cube (or car); ``info`` the line at the top left; ``before`` the position before it (a
        framed view frames what changed; default: the one last drawn)."""
        assert self.board is not None
        if self.framed:
            self.focus = focus_of(self.board, frame, before if before is not None else self.frame, move, mover)
        self.frame, self.move, self.mover, self.info = frame, tuple(move), mover, info
        for pid in frame.cars:
            if pid not in self.order:
                self.order.append(pid)
        self._draw()

    def set_whole(self, whole: bool) -> None:
        """Show the whole board (``whole``) or frame each step (a framed view only)."""
        if self.framed and whole != self.whole:
            self.whole = whole
            if self.frame is not None:
                self._draw()

    def _draw(self) -> None:
        assert self.board is not None
        focus = self.focus if self.framed and not self.whole else None
        self.widget.value = position_svg(self.board, self.frame, order=self.order, move=self.move, mover=self.mover,
                                         info=self.info, width=self.width, height=self.height,
                                         focus=focus[0] if focus else None, home=focus[1] if focus else ())

    def show_state(self, state: Any, move: Sequence[str] = ()) -> None:
        """Draw a :class:`racebook.automobiles.state.GameState` (its info line too)."""
        show_state(self, state, move)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def show_state(view: Any, state: Any, move: Sequence[str] = ()) -> None:
    """Draw a :class:`racebook.automobiles.state.GameState` on either board view (its board, frame, mover and info
    line): the one implementation behind both views' ``show_state``."""
    from racebook.automobiles.boardsvg import state_info
    from racebook.automobiles.game import frame_of

    if state.board is not view.board:
        view.set_board(state.board, state.order)
    view.show(frame_of(state), move, state.turn.car if state.turn else None, state_info(state))


def board_view(board: Board, *, width: int = 980, order: Sequence[str] | None = None,
               errors: ErrorLog | None = None, framed: bool = False) -> Any:
    """The board view: bqplot where it imports, else SVG (the offline no-install site); ``framed``: each step
    framed (issue 33 item 5: the race player, the guided race), a whole-board toggle beside ▶."""
    if backend.has_bqplot():
        from racebook.automobiles.ui.boardview import BoardView

        return BoardView(board, width=width, order=order, errors=errors, framed=framed)
    return SvgBoardView(board, width=width, order=order, errors=errors, framed=framed)
