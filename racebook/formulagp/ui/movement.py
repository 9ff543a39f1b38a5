"""Notebook F1's widgets: the movement calculator and the worked-example stepper.

No rule lives here. The calculator lists the plays the engine allows (:func:`racebook.formulagp.analysis.movement.
plays`), itemises the one chosen (:func:`~racebook.formulagp.analysis.movement.breakdown`: the engine's MP term by
term, with the reduce and extend room) and draws the position (:func:`racebook.formulagp.picture.race_svg`). The
stepper replays a shipped scenario one action at a time (``race.at(n)``), with the action in words
(:func:`racebook.formulagp.actionlabels.label`), the events it caused with their sections, the track view after it
(:func:`racebook.formulagp.ui.trackview.track_view`: a bqplot figure updated in place where bqplot imports, else the
SVG picture; framed on the step, or the whole circuit) and, for a card play, its breakdown. A callback's error
shows as one line (:class:`racebook.ui.errors.ErrorLog`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actionlabels import label
from racebook.formulagp.actions import Play
from racebook.formulagp.analysis import movement as am
from racebook.formulagp.picture import race_svg
from racebook.formulagp.ui.trackview import track_view
from racebook.ui.errors import ErrorLog

#: the worked examples that move a car with a card play, in the book's order (scenario ids)
MOVES = ("fgp_ex04_drive_3_charge_2", "fgp_ex10_green_in_sixth_gear", "fgp_ex11_extend_with_ers_or_a_tyre_wear_card",
         "fgp_ex12_a_lateral_lane_change_onto_the_kerb", "fgp_ex13_brake_to_stop_on_the_straight",
         "fgp_exx2_no_reduce_then_extend")
#: every example of notebook F1 (the ERS return and the driver order too)
EXAMPLES = MOVES[:1] + ("fgp_ex05_ers_returns", "fgp_ex06_alone_ahead_then_the_inside", "fgp_ex07_a_lane_that_ends",
                        "fgp_ex08_the_lane_counts_not_the_space",
                        "fgp_ex09_the_slipstream_car_counts_as_the_lane_ahead") + MOVES[1:]
PICTURE_WIDTH, PICTURE_HEIGHT = 900, 530
_CSS = ("<style>.rb-mp table{border-collapse:collapse;font-size:15px}.rb-mp td,.rb-mp th{padding:3px 10px;"
        "border-bottom:1px solid #ddd;text-align:left}.rb-mp th{background:#f0f0f0}"
        ".rb-mp tr.total td{font-weight:bold;border-top:2px solid #333}</style>")


def _options(ids: tuple[str, ...]) -> list[tuple[str, str]]:
    """(label, id) per scenario: its title, shortened to one line."""
    titles = {sid: fgp_scenario.read(sid).title for sid in ids}
    return [(t if len(t) <= 80 else t[:79] + "…", sid) for sid, t in titles.items()]


def before_first_play(sid: str) -> tuple[Any, str]:
    """The scenario's race just before its first card play, and that play's text."""
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    for a in sc.actions:
        if " play " in a:
            return race, a
        race.apply(a)
    raise ValueError(f"{sid}: no card play")


def picture(race: Any) -> str:
    return race_svg(race, width=PICTURE_WIDTH, height=PICTURE_HEIGHT, title="")


def breakdown_html(b: am.MoveBreakdown) -> str:
    """The breakdown as a table: each term with its section, the total, then the reduce / extend room."""
    rows = "".join(f'<tr class="{"total" if what == "total" else ""}"><td>{html.escape(what)}</td><td>{mp}</td>'
                   f"<td>{html.escape(rule)}</td></tr>" for what, mp, rule in b.rows())
    room = "".join(f"<li>{html.escape(r.step.value)}: up to <b>{r.most}</b>"
                   f"{'' if r.most else ' — ' + html.escape(r.why) + ' (' + r.rule + ')'}</li>"
                   for r in (*b.reduce, *b.extend))
    return (f'{_CSS}<div class="rb-mp"><p>{html.escape(b.sentence())}</p><table><tr><th>term</th><th>MP</th>'
            f"<th>rule</th></tr>{rows}</table><p>Then reduce <i>or</i> extend, never both (§11.2):</p>"
            f"<ul>{room}</ul></div>")


class MovementCalculator:
    """Pick a worked example and one of the plays the engine allows there: the MP term by term and the picture."""

    def __init__(self, example: str = "fgp_ex10_green_in_sixth_gear") -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.example = widgets.Dropdown(options=_options(MOVES), value=example, description="position",
                                        layout=widgets.Layout(width="560px"))
        self.play = widgets.Dropdown(options=[], description="play", layout=widgets.Layout(width="420px"))
        self.picture = widgets.HTML()
        self.table = widgets.HTML()
        self.race: Any = None
        self._quiet = False
        self.example.observe(g(lambda _c: self.load(self.example.value)), names="value")
        self.play.observe(g(lambda _c: self.show()), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.example, self.play]), self.picture, self.table,
                                    self.errors.widget])
        self.load(example)

    def load(self, sid: str) -> None:
        self.race, own = before_first_play(sid)
        s = self.race.state
        options = [(label(s, a), str(a)) for a in am.plays(self.race)]
        self.picture.value = picture(self.race)
        self._quiet = True
        try:
            self.play.options = options
            self.play.value = own if own in [v for _w, v in options] else options[0][1]
        finally:
            self._quiet = False
        self.show()

    def show(self) -> None:
        if self._quiet or self.race is None or not self.play.value:
            return
        self.breakdown = am.breakdown(self.race, self.play.value)
        self.table.value = breakdown_html(self.breakdown)


class ExampleStepper:
    """Step through a worked example's actions (|◀ ◀ ▶ ▶|): the action in words, its events with their sections,
    the track view after it, and the breakdown of a card play. ``view``: the track view's kind (``"auto"``: bqplot
    where it imports, else SVG; ``"bqplot"``; ``"svg"``)."""

    def __init__(self, example: str = MOVES[0], examples: tuple[str, ...] = EXAMPLES, *, view: str = "auto") -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.example = widgets.Dropdown(options=_options(examples), value=example, description="example",
                                        layout=widgets.Layout(width="640px"))
        bl = widgets.Layout(width="52px", height="36px")
        self.b_first = widgets.Button(icon="step-backward", tooltip="|◀ the position before the first action",
                                      layout=bl)
        self.b_prev = widgets.Button(description="◀", tooltip="previous action", layout=bl)
        self.b_next = widgets.Button(description="▶", tooltip="next action", layout=bl)
        self.b_last = widgets.Button(icon="step-forward", tooltip="▶| the last action", layout=bl)
        self.n = 0
        self.counter = widgets.HTML()
        self.sentence = widgets.HTML(layout=widgets.Layout(min_height="64px"))
        self.sentence.add_class("rb-sentence")
        self.picture = track_view(width=PICTURE_WIDTH, height=PICTURE_HEIGHT, kind=view)
        self.whole_b = widgets.ToggleButton(value=False, description="whole circuit",
                                            tooltip="show the whole circuit, or frame the current step",
                                            layout=widgets.Layout(width="140px", height="36px"))
        self.table = widgets.HTML()
        for b, step, role in ((self.b_first, lambda: 0, "first"), (self.b_prev, lambda: self.n - 1, "prev"),
                              (self.b_next, lambda: self.n + 1, "next"), (self.b_last, lambda: self.count, "last")):
            b.on_click(g(lambda _b, step=step: self.go(step())))
            b.add_class("rb-step-button")
            b.add_class(f"rb-step-{role}")  # as the shared stepper's: the browser checks find them by role
        self.example.observe(g(lambda _c: self.load(self.example.value)), names="value")
        self.whole_b.observe(g(lambda _c: self.picture.show(self.race.at(self.n), whole=self.whole_b.value)),
                             names="value")
        self.widget = widgets.VBox([self.example, widgets.HBox([self.b_first, self.b_prev, self.b_next, self.b_last,
                                                                self.counter, self.whole_b]),
                                    self.sentence, self.picture.widget, self.table, self.errors.widget])
        self.load(example)

    @property
    def count(self) -> int:
        return len(self.race.steps) - 1

    def load(self, sid: str) -> None:
        self.scenario = fgp_scenario.read(sid)
        self.race = self.scenario.race()
        self.go(0)

    def go(self, n: int) -> None:
        self.n = max(0, min(n, self.count))
        now = self.race.at(self.n)
        self.counter.value = f"action {self.n} of {self.count}"
        self.picture.show(now, whole=bool(self.whole_b.value))
        self.table.value = ""
        if self.n == 0:
            said = [self.scenario.title, *(f"assumed: {x}" for x in self.scenario.assumed)]
            said += [f"{e.body()} ({e.citation})" for e in self.scenario.prelude[-3:]]
            self.sentence.value = "<br>".join(html.escape(x) for x in said)
            return
        before = self.race.at(self.n - 1)
        step = self.race.steps[self.n]
        assert step.action is not None  # steps after the first hold an action
        words = label(before.state, step.action)
        said = [f"<b>{html.escape(step.action.car)}: {html.escape(words)}</b> <code>{html.escape(str(step.action))}"
                "</code>"] + [html.escape(f"{e.body()} ({e.citation})") for e in step.events]
        self.sentence.value = "<br>".join(said)
        if isinstance(step.action, Play):
            self.table.value = breakdown_html(am.breakdown(before, step.action))


def board_table_html(board: Any) -> str:
    """The player board's speed display MP[gear][pace] (§10.3 step 2.4) as a table; a stated value in bold, an
    invented one (invented-for-teaching, A1) in italics, from the board file's own sources."""
    paces = sorted({p for _g, p in board.speed_table}, key=lambda p: board.speed_table[(2, p)])
    gears = sorted({g for g, _p in board.speed_table})
    def cell(g: int, p: Any) -> str:
        n = board.speed_table[(g, p)]
        stated = not board.sources.get(f"speed.{g}.{p.value}", "").startswith("invented")
        return f"<td>{'<b>' if stated else '<i>'}{n}{'</b> (stated)' if stated else '</i>'}</td>"
    head = "".join(f"<th>{html.escape(p.value.upper())}</th>" for p in paces)
    rows = "".join(f"<tr><td>{g}th gear</td>{''.join(cell(g, p) for p in paces)}</tr>".replace("2th", "2nd")
                   for g in gears)
    return f'{_CSS}<div class="rb-mp"><table><tr><th>gear \\ pace</th>{head}</tr>{rows}</table></div>'
