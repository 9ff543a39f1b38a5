"""ScenarioPlayer: a stepper and a track view wired together for one race."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.rf90.ui.svgview import track_view
from racebook.ui.errors import ErrorLog
from racebook.ui.stepper import Stepper

if TYPE_CHECKING:
    from racebook.rf90.game import Race  # a race of the game (a racebook.core.game.Race)


class ScenarioPlayer:
    """Step through a race's events and watch the track.

    ``source`` is a :class:`racebook.rf90.game.Race`, a scenario (what
    :func:`racebook.load_scenario` returns) or a scenario name. Display the
    player itself (or ``player.widget``) in a notebook cell.
    """

    def __init__(self, source: Any, *, position: int | None = 0, width: int = 980, rows: int = 12) -> None:
        race, scenario = self._resolve(source)
        self.scenario = scenario
        self.errors = ErrorLog()
        self.view = track_view(race.state.track, race.state.cars, width=width, errors=self.errors)
        self.stepper = Stepper(rows=rows, errors=self.errors)
        self.stepper.on_change(self._on_step)
        self.header = widgets.HTML(self._header_html())
        self.widget = widgets.VBox([self.header, self.view.widget, self.stepper.widget, self.errors.widget])
        self.set_race(race, position)

    @staticmethod
    def _resolve(source: Any) -> tuple[Any, Any]:
        if isinstance(source, str):
            from racebook import load_scenario
            source = load_scenario(source)
        if hasattr(source, "race") and hasattr(source, "title"):
            return source.race, source
        return source, None

    def _header_html(self) -> str:
        sc = self.scenario
        if sc is None:
            return ""
        parts = [f'<div style="font-size:24px;font-weight:bold">{html.escape(sc.title)}</div>']
        if sc.cite:
            parts.append(f'<div style="font-size:15px;color:#555">{html.escape(sc.cite)}</div>')
        if sc.assumed:
            items = "".join(f"<li>{html.escape(a)}</li>" for a in sc.assumed)
            parts.append(f'<div style="font-size:14px;color:#555">Assumed: <ul style="margin:2px 0">{items}</ul></div>')
        return "".join(parts)

    # ------------------------------------------------------------ API
    @property
    def race(self) -> Any:
        return self.stepper.race

    @property
    def figure(self) -> Any:
        """The bqplot figure (None where the track view is the SVG fallback)."""
        return self.view.figure

    def set_race(self, race: Race, position: int | None = None) -> None:
        """Show another race (e.g. after an action was applied) on the same figure.

        ``position`` None = the last event; 0 = before the first; negative = from the end.
        """
        if race.state.track is not self.view.track:
            self.view.set_track(race.state.track, race.state.cars)
        else:
            self.view.set_cars(race.state.cars)
        self.stepper.set_race(race, position)

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply an action to the race and show its first new event."""
        before = self.stepper.count
        events = self.race.apply(action)
        self.set_race(self.race, before + 1 if events else None)
        return events

    def go(self, position: int) -> None:
        self.stepper.go(position)

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        if frame is not None:
            self.view.show(frame, event)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
