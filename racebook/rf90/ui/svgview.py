"""The track view where bqplot is missing (issue 23): the SVG renderer in an ipywidgets HTML widget.

:func:`track_view` is what the player and the quiz build: the bqplot :class:`racebook.rf90.ui.trackview.TrackView`
where :func:`racebook.ui.backend.has_bqplot` says bqplot imports, else :class:`SvgTrackView`, which draws each
position with :func:`racebook.rf90.tracksvg.position_svg` (the same geometry, :class:`TrackPicture`) and has the
part of TrackView's interface the widgets use (``widget``, ``track``, ``set_track``, ``set_cars``, ``show``).
Off-track route charts (``show_route``, §18) are bqplot-only: the SVG view says so under the picture.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from racebook.rf90.state import Activation
from racebook.rf90.trackframe import focus_of
from racebook.rf90.trackpicture import active_of
from racebook.rf90.tracksvg import HEIGHT, WIDTH, position_svg
from racebook.ui import backend
from racebook.ui.errors import ErrorLog

SVG_CLASS = backend.SVG_VIEW_CLASS


class SvgTrackView:
    """One track drawn as SVG; :meth:`show` draws a :class:`racebook.rf90.game.Frame` on it."""

    figure = None  # no bqplot figure

    def __init__(self, track: Any, cars: Mapping[str, Any] | None = None, *, width: int = 980,
                 errors: ErrorLog | None = None, framed: bool = False) -> None:
        """``framed``: frame the sections of each step (:meth:`show`'s ``before``, issue 33 item 5);
        :meth:`set_whole` switches to the whole circuit."""
        self.errors = errors or ErrorLog()
        self.width = width
        self.height = round(width * HEIGHT / WIDTH)
        self.framed = framed
        self.whole = not framed
        self.focus: tuple[list[str], list[str]] | None = None
        self.track: Any = None
        self.cars: dict[str, Any] = {}
        self.frame: Any = None
        self.picture = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.picture.add_class(SVG_CLASS)
        self.note = widgets.HTML()
        self.widget = widgets.VBox([self.picture, self.note])
        self.picture_widget = self.picture  # what a player puts its ▶ right under (racebook.ui.player.Player)
        self.notes_widgets = (self.note,)
        self.set_track(track, cars)

    def set_track(self, track: Any, cars: Mapping[str, Any] | None = None) -> None:
        self.track = track
        self.cars = dict(cars or {})
        self.frame = None
        self._draw()

    def set_cars(self, cars: Mapping[str, Any] | None) -> None:
        self.cars = dict(cars or {})

    def show(self, frame: Any, event: Any = None, before: Any = None) -> None:
        """Draw the position ``frame``; ``event`` is the one it follows (a SectionActivated event names the active
        section before the frame does: :func:`racebook.rf90.trackpicture.active_of`, as in the bqplot view),
        ``before`` the position before it (a framed view frames what changed; default: the one last drawn)."""
        active = active_of(frame, event)
        if active is not None and dataclasses.is_dataclass(frame) and not isinstance(frame, type) and \
                getattr(frame, "activation", None) != Activation(*active):
            frame = dataclasses.replace(frame, activation=Activation(*active))
        if self.framed:
            self.focus = focus_of(self.track, frame, event, before if before is not None else self.frame)
        self.frame = frame
        self._draw()

    def set_whole(self, whole: bool) -> None:
        """Show the whole circuit (``whole``) or frame each step (a framed view only)."""
        if self.framed and whole != self.whole:
            self.whole = whole
            self._draw()

    def show_route(self, where: str | Iterable[str] | None, track: Any = None) -> None:
        """Route charts need the bqplot view: say so instead (None clears the note)."""
        if track is not None and track is not self.track:
            self.set_track(track, self.cars)
        names = [] if where is None else [where] if isinstance(where, str) else list(where)
        self.note.value = "" if not names else (
            f'<div style="color:#555;font-size:14px">The off-track chart of {html.escape(", ".join(names))} '
            "(§18) is drawn by the bqplot track view, which this page does not have (no bqplot here).</div>")

    def follow(self, car: str | None = None, route: str | None = None, node: str | None = None,
               trail: Sequence[str] = ()) -> None:
        """Only meaningful with a route chart (bqplot): nothing to do here."""

    def svg(self) -> str:
        """The renderer's picture at its own size (its legend fits there), scaled to ``width`` by the viewBox."""
        focus = self.focus if self.framed and not self.whole and self.frame is not None else None
        svg = position_svg(self.track, self.frame, self.cars, width=WIDTH, height=HEIGHT,
                           focus=focus[0] if focus else None, home=focus[1] if focus else (),
                           display_width=self.width)
        return svg.replace(f'width="{WIDTH}" height="{HEIGHT}"', f'width="{self.width}" height="{self.height}"', 1)

    def _draw(self) -> None:
        self.picture.value = self.svg()


def track_view(track: Any, cars: Mapping[str, Any] | None = None, *, width: int = 980,
               errors: ErrorLog | None = None, framed: bool = False) -> Any:
    """The track view this environment can draw: bqplot's TrackView, else :class:`SvgTrackView`; ``framed``: each
    step framed (issue 33 item 5: the scenario player; a guided race or the race table may ask for it too)."""
    if backend.has_bqplot():
        from racebook.rf90.ui.trackview import TrackView

        return TrackView(track, cars, width=width, errors=errors, framed=framed)
    return SvgTrackView(track, cars, width=width, errors=errors, framed=framed)
