"""GuidedRace: notebook A0's first race as a widget — the learner's legal actions as labelled buttons, the computer
players' turns played at once, every event explained in one plain sentence with its rule and a "learn more" link,
the board and a stepper to look back over the race so far.

Automobiles' thin face of the shared guided-race controller (:class:`racebook.ui.guidedrace.GuidedRaceController`)
over :class:`racebook.automobiles.lessons.firstrace.FirstRace` (the race, the computer players, the labels and the
plain sentences): its defaults and settings (seed, computer players, rounds), and its track view,
:class:`racebook.automobiles.ui.player.RacePlayer` (board, stepper, zones). It needs ipywidgets only: the board is
SVG where bqplot is missing (:func:`racebook.automobiles.ui.svgboard.board_view`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from racebook.automobiles.lessons.firstrace import YOU, FirstRace, learn_more, plain
from racebook.automobiles.ui.player import RacePlayer
from racebook.core.guided import StoryLine
from racebook.ui.guidedrace import BOARD_WIDTH, GuidedRaceController, line_parts_html

_BOX = "font-size:16px;line-height:1.5"
LOOKING_BACK = "You are looking back over the race: press the last button (▶|) to return to it."


def explained_html(event: Any) -> str:
    """One event: its plain sentence, its rule badge and its "learn more" link."""
    lesson = learn_more(event.kind)
    line = StoryLine(plain(event, YOU), event.citation, lesson.text if lesson else "", lesson.file if lesson else "")
    return line_parts_html(line, "automobiles")


class GuidedRace(GuidedRaceController):
    """The first race: ``seed`` (the grid order and every draw), ``opponents`` (1 or 2 computer players),
    ``rounds`` (the race stops after that many rounds with the standings; it is 1 lap long). The board is ``board`` px
    wide, beside the decision (issue 33 item 3); the stepper and the zones are under both."""

    model: FirstRace

    def __init__(self, seed: int = 3, opponents: int = 2, rounds: int = 4, *, width: int = 900,
                 board: int = BOARD_WIDTH) -> None:
        model = FirstRace(seed, opponents, rounds)
        self.player = RacePlayer(model.race, position=None, width=board, rows=3)
        self.w_seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="seed",
                                             layout=widgets.Layout(width="160px"))
        self.w_opponents = widgets.Dropdown(options=[("1 computer player", 1), ("2 computer players", 2)],
                                            value=opponents, layout=widgets.Layout(width="190px"))
        self.w_rounds = widgets.BoundedIntText(value=rounds, min=1, max=12, description="rounds",
                                               layout=widgets.Layout(width="160px"))
        self.review = widgets.HTML()
        replay = widgets.HTML('<div style="font-size:15px;color:#555;margin-top:8px">Look back over the race so far '
                              "with ◀ ▶ and the slider: the referee's log, each event with its rule.</div>")
        extras = [replay, self.player.stepper.widget, self.review]
        if self.player.zones is not None:
            extras.append(self.player.zones.widget)
        self.player.stepper.plain_words(model.terms)  # "rule" badges, codes explained on hover (issue 33 item 4)
        board_box = self.player.view.widget  # framed on each step, the "whole circuit" box under it (issue 33 item 5)
        if self.player.whole is not None:
            board_box = widgets.VBox([board_box, self.player.whole])
        super().__init__(model, board_box, width=width, errors=self.player.errors,
                         settings=[self.w_seed, self.w_opponents, self.w_rounds], extras=extras, board=board)
        self.player.stepper.on_change(self._on_step)

    def next_model(self, seed: int | None) -> FirstRace:
        """A new race with the settings (``seed`` None: the seed box's)."""
        return FirstRace(int(self.w_seed.value) if seed is None else seed, int(self.w_opponents.value),
                         int(self.w_rounds.value))

    def show_race(self) -> None:
        self.player.set_race(self.model.race, None)

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        """The stepper moved: say the event in plain words; the buttons wait while it looks back (▶| returns)."""
        self.review.value = ("" if event is None
                             else f'<div style="{_BOX}">In plain words: {explained_html(event)}</div>')
        looking_back = self.player.stepper.position < self.player.stepper.count
        self.hold(LOOKING_BACK if looking_back else None)

