"""ScenarioPlayer: a stepper and a track view wired together for one race (on :class:`racebook.ui.player.Player`)."""

from __future__ import annotations

from typing import Any

from racebook.rf90.ui.svgview import track_view
from racebook.ui.player import Player


class ScenarioPlayer(Player[Any]):
    """Step through a race's events and watch the track.

    ``source`` is a :class:`racebook.rf90.game.Race`, a scenario (what
    :func:`racebook.load_scenario` returns) or a scenario name. Display the
    player itself (or ``player.widget``) in a notebook cell.
    """

    def __init__(self, source: Any, *, position: int | None = 0, width: int = 980, rows: int = 12) -> None:
        super().__init__(source, position=position, width=width, rows=rows)

    def resolve(self, source: Any) -> tuple[Any, Any]:
        if isinstance(source, str):
            from racebook import load_scenario
            source = load_scenario(source)
        if hasattr(source, "race") and hasattr(source, "title"):
            return source.race, source
        return source, None

    def make_view(self, race: Any, width: int) -> Any:
        return track_view(race.state.track, race.state.cars, width=width, errors=self.errors)

    @property
    def figure(self) -> Any:
        """The bqplot figure (None where the track view is the SVG fallback)."""
        return self.view.figure

    def follow(self, race: Any) -> None:
        if race.state.track is not self.view.track:
            self.view.set_track(race.state.track, race.state.cars)
        else:
            self.view.set_cars(race.state.cars)

    def show_step(self, position: int, event: Any, frame: Any) -> None:
        if frame is not None:
            self.view.show(frame, event)
