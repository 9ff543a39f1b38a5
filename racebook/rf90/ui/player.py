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
        return track_view(race.state.track, race.state.cars, width=width, errors=self.errors, framed=True)

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
        """Draw the position of event ``position``, framed on what changed since the one before (at the start: on
        what the first event changes, where the example happens)."""
        if frame is None:
            return
        st = self.stepper
        if position == 0:
            before = self._frame_at(1) if st.count else None
        else:
            before = self._frame_at(position - 1)
        self.view.show(frame, event, before=before)

    def _frame_at(self, position: int) -> Any:
        """The position after event ``position`` (0: the start), None where the race keeps no frame of it."""
        st = self.stepper
        if position == 0:
            return getattr(st.race, "start_frame", None)
        return st.frames[position - 1] if position - 1 < len(st.frames) else None
