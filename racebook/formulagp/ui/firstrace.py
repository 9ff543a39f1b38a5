"""GuidedRace: notebook F0's first race as a widget — the learner's legal actions as labelled buttons and menus, the
others' turns played at once, every event explained in one plain sentence with its rule and a "learn more" link, and
the picture of the race (SVG: no numpy, pandas or bqplot needed, so it runs offline in JupyterLite).

FormulaGP's thin face of the shared guided-race controller (:class:`racebook.ui.guidedrace.GuidedRaceController`)
over :class:`racebook.formulagp.lessons.firstrace.FirstRace` (the race, the computer players, the Rookie BOTs, the
words, the coach): its defaults (seed, rounds), the learner's colour in the status line, and its track view,
:func:`racebook.formulagp.picture.race_svg` — framed on the current step, or the whole circuit (the toggle).

Headless use (the tests)::

    g = GuidedRace(seed=1)
    g.press(g.suggested)            # take the coach's suggestion (a button, or an entry of a menu)
    g.new_race_b.click()            # a new race, the next seed
"""

from __future__ import annotations

import ipywidgets as widgets

from racebook.core.plainwords import svg_titles
from racebook.formulagp.lessons.firstrace import ROUNDS, YOU, FirstRace
from racebook.formulagp.picture import race_svg
from racebook.formulagp.views.palette import liveries
from racebook.ui.guidedrace import BOARD_WIDTH, GuidedRaceController

#: The picture beside the decision (issue 33 item 3): drawn at DRAWN_WIDTH × DRAWN_HEIGHT (room for the framed tiles
#: and the key on their right), shown PICTURE_WIDTH px wide (the SVG scales: its viewBox is the drawn size).
PICTURE_WIDTH = BOARD_WIDTH
DRAWN_WIDTH, DRAWN_HEIGHT = 680, 560
PICTURE_HEIGHT = round(PICTURE_WIDTH * DRAWN_HEIGHT / DRAWN_WIDTH)


class GuidedRace(GuidedRaceController):
    """The guided first race: ``seed`` shuffles the decks and seeds the computer players; ``rounds`` rounds on the
    teaching circuit. Display it (or ``.widget``) in a cell."""

    model: FirstRace

    def __init__(self, seed: int = 1, rounds: int = ROUNDS, *, width: int = 900, board: int = PICTURE_WIDTH) -> None:
        self.picture = widgets.HTML(layout=widgets.Layout(width=f"{board}px"))
        self.picture.add_class("rb-fgp-picture")
        self.whole_b = widgets.ToggleButton(value=False, description="whole circuit",
                                            tooltip="show the whole circuit, or frame the current step",
                                            layout=widgets.Layout(width="140px", height="38px"))
        self.width = board
        model = FirstRace(seed, rounds)
        super().__init__(model, self.picture, width=width, settings=[self.whole_b], board=board)
        self.whole_b.observe(self.errors.guard(lambda _c: self.show_race()), names="value")
        self.show_race()

    def status_marker(self) -> str:
        colour = liveries(self.model.race.state)[YOU].fill
        return f'<span style="color:{colour};-webkit-text-stroke:1px #333">●</span> '

    def show_race(self) -> None:
        drawn = race_svg(self.model.race, whole=bool(self.whole_b.value), width=DRAWN_WIDTH, height=DRAWN_HEIGHT,
                         title="")
        shown = round(self.width * DRAWN_HEIGHT / DRAWN_WIDTH)
        size = f'width="{DRAWN_WIDTH}" height="{DRAWN_HEIGHT}"'
        drawn = drawn.replace(size, f'width="{self.width}" height="{shown}"', 1)
        self.picture.value = svg_titles(drawn, self.terms)  # its codes (S23.1.1, OT, ERS) explained on hover
