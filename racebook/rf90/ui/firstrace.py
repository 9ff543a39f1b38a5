"""GuidedRace: the first race of notebook 00 — click a labelled legal action, read what happened in plain sentences.

RF90's thin face of the shared guided-race controller (:class:`racebook.ui.guidedrace.GuidedRaceController`) over
:class:`racebook.rf90.lessons.firstrace.FirstRace` (the engine's race, the computer driver, the story lines and their
"learn more" notebooks): its defaults (the seed, 3 Game Turns), the learner's colour in the status line and its
track view, :func:`racebook.rf90.ui.svgview.track_view` (bqplot where it is installed, else the SVG view: no pandas,
no bqplot needed).

Headless use (the tests)::

    g = GuidedRace(seed=1)
    g.press(next(iter(g.buttons)))   # click the first legal action (the buttons by action text)
    g.new_race_b.click()             # a new race, the next seed
"""

from __future__ import annotations

from racebook.rf90.game import frame_of
from racebook.rf90.lessons.firstrace import LEARNER, TURNS, FirstRace
from racebook.rf90.ui import colours
from racebook.rf90.ui.svgview import track_view
from racebook.ui.errors import ErrorLog
from racebook.ui.guidedrace import BOARD_WIDTH, GuidedRaceController


class GuidedRace(GuidedRaceController):
    """The guided first race: ``seed`` deals the cards and seeds the computer; ``turns`` Game Turns on the
    teaching track. Display it (or ``.widget``) in a cell. The track view is ``board`` px wide, beside the decision
    (issue 33 item 3)."""

    model: FirstRace

    def __init__(self, seed: int = 1, turns: int = TURNS, *, width: int = 900, board: int = BOARD_WIDTH) -> None:
        errors = ErrorLog()
        model = FirstRace(seed=seed, turns=turns)
        race = model.race
        self.view = track_view(race.state.track, race.state.cars, width=board, errors=errors)
        super().__init__(model, self.view.widget, width=width, errors=errors, board=board)
        info = getattr(self.view, "m_info", None)  # the figure's "Turn 1 / Leader" corner text: the status says it,
        if info is not None:  # and at the board's width it would lie over the track
            info.visible = False
        self.show_race()

    def status_marker(self) -> str:
        s = self.model.race.state
        dot = colours.car_style(LEARNER, s.cars.get(LEARNER)).colour
        return f'<span style="color:{dot};-webkit-text-stroke:1px #333">●</span> '

    def next_model(self, seed: int | None) -> FirstRace:
        """The same race, restarted (a new grid: the view takes its cars)."""
        self.model.restart(seed)
        race = self.model.race
        self.view.set_track(race.state.track, race.state.cars)
        return self.model

    def show_race(self) -> None:
        s = self.model.race.state
        self.view.set_cars(s.cars)
        self.view.show(frame_of(s))
