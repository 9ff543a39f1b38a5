"""The stepper: walk a race's event log one rule step at a time (§10–§13 views).

Position 0 is "before the first event" (``race.start_frame``); position i
(1 … N) shows ``race.events[i-1]``, its sentence, the position right after it
(``race.frames[i-1]``) and the log of ``race.events[:i]``.

A click costs the same at any point of any race: the log's table is built for its visible rows only, and the
frames are read through ``race.frames``, which a race that keeps snapshots rebuilds one step at a time
(:class:`racebook.core.log.Frames`).

In plain words (:meth:`Stepper.plain_words`, issue 33 item 4: a guided first race's look-back stepper) the rule
badge reads "rule", its section on hover, the citations inside a sentence are taken out, every abbreviation or code
is shown with its meaning on hover (:mod:`racebook.core.plainwords`), and the log has no rule column.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.core import citations
from racebook.core.plainwords import Term, explain_html, uncite
from racebook.ui import backend, style
from racebook.ui.errors import ErrorLog

if TYPE_CHECKING:
    from racebook.core.game import AnyRace

# The current event's rule badge: a link to its section of the rules reference (docs/rules/, issue 18).
RULE_BADGE_CSS = ("color:#fff;background:#555;border-radius:4px;padding:1px 6px;font-size:16px;"
                  "text-decoration:none")
COLUMNS = ["step", "turn", "car", "kind", "sentence", "rule"]

Callback = Callable[[int, Any, Any], None]  # (position, event or None, frame)


def _body(event: Any) -> str:
    """An event's sentence without its trailing "— §x.y" (the rule column shows it)."""
    return str(event.body())


def events_table(events: Sequence[Any], frames: Sequence[Any] = (), steps: Sequence[int] = (),
                 start: int = 1) -> Any:
    """The log as a DataFrame, one row per event, indexed ``start`` … (1 … N by default, like the stepper's
    positions; a window of the log starts further on). Without pandas (the JupyterLite site offline): a
    :class:`racebook.ui.backend.HtmlTable` with the same cells."""
    rows = []
    for i, e in enumerate(events):
        frame = frames[i] if i < len(frames) else None
        rows.append({
            "step": steps[i] if i < len(steps) else None,
            "turn": getattr(frame, "turn", None),
            "car": e.car_id or "",
            "kind": e.kind,
            "sentence": _body(e),
            "rule": e.citation,
        })
    return backend.table(rows, COLUMNS, range(start, start + len(rows)), "#")


def race_table(race: AnyRace) -> Any:
    """:func:`events_table` of a whole :class:`racebook.rf90.game.Race`."""
    events, frames, steps = _flatten(race)
    return events_table(events, frames, steps)


def _flatten(race: AnyRace) -> tuple[list[Any], Sequence[Any], list[int]]:
    """The race's events, its frames (``race.frames``: a list, or frames rebuilt on demand) and each event's
    step."""
    events: list[Any] = []
    steps: list[int] = []
    for st in race.steps:
        events.extend(st.events)
        steps.extend([st.index] * len(st.events))
    return events, race.frames, steps


_CSS = """<style>
.rb-log table {border-collapse: collapse; font-size: 14px; width: 100%;}
.rb-log th, .rb-log td {padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;}
.rb-log thead th {background: #f0f0f0;}
.rb-log tbody tr:last-child td, .rb-log tbody tr:last-child th {background: #fff1a8; font-weight: bold;}
</style>"""


class Stepper:
    """|◀ ◀ ▶ ▶| buttons, a slider over the events, the current sentence and the log table.

    ``on_change(cb)`` registers ``cb(position, event, frame)``, called after every
    move (``event`` is None at position 0). Callback errors go to ``errors``.
    """

    def __init__(self, race: AnyRace | None = None, *, rows: int = 12, errors: ErrorLog | None = None,
                 frame_of: Callable[[Any], Any] | None = None, start_frame: Callable[[Any], Any] | None = None,
                 turn_text: Callable[[Any], str] | None = None,
                 action_label: Callable[[int], str] | None = None) -> None:
        """``frame_of(state)`` draws the current position when a race keeps no frames, ``start_frame(race)`` the
        position before the first event, ``turn_text(frame)`` the words naming the turn ("Game Turn 3"),
        ``action_label(step)`` the plain words of the decision that made step ``step`` ("play R89 for 1 MP"): a
        game other than RF90 gives its own (by default RF90's, and a race's ``start_frame`` attribute)."""
        self.errors = errors or ErrorLog()
        self.rows = rows
        self._frame_of = frame_of
        self._start_frame = start_frame
        self._turn_text = turn_text or (lambda f: f"Game Turn {f.turn}")
        self._action_label = action_label or self._rf90_label
        self.race: AnyRace | None = None
        self.events: list[Any] = []
        self.frames: Sequence[Any] = []
        self.steps: list[int] = []
        self._callbacks: list[Callback] = []
        g = self.errors.guard
        bl = widgets.Layout(width="52px", height="36px")
        # first and last are FontAwesome icons (bundled with JupyterLab): the Unicode glyphs lack in many fonts.
        self.b_first = widgets.Button(description="", icon="step-backward", tooltip="|◀ first: before the first event",
                                      layout=bl)
        self.b_prev = widgets.Button(description="◀", tooltip="previous event", layout=bl)
        self.b_next = widgets.Button(description="▶", tooltip="next event", layout=bl)
        self.b_last = widgets.Button(description="", icon="step-forward", tooltip="▶| last event", layout=bl)
        self.b_first.on_click(g(lambda _b: self.first()))
        self.b_prev.on_click(g(lambda _b: self.prev()))
        self.b_next.on_click(g(lambda _b: self.next()))
        self.b_last.on_click(g(lambda _b: self.last()))
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description="event", readout=False,
                                        continuous_update=True, layout=widgets.Layout(width="420px"))
        self.slider.observe(g(self._on_slider), names="value")
        self.counter = widgets.HTML(layout=widgets.Layout(width="120px"))
        self.sentence = widgets.HTML(layout=widgets.Layout(min_height="64px"))
        self.log_html = widgets.HTML()
        for b, role in ((self.b_first, "first"), (self.b_prev, "prev"), (self.b_next, "next"), (self.b_last, "last")):
            b.add_class("rb-step-button")
            b.add_class(f"rb-step-{role}")  # tests find a button by its role, not its glyph
        self.sentence.add_class("rb-sentence")
        self.controls = widgets.HBox([self.b_first, self.b_prev, self.b_next, self.b_last, self.slider, self.counter],
                                     layout=widgets.Layout(align_items="center"))
        self.widget = widgets.VBox([self.sentence, self.controls, self.log_html])
        self._quiet = False
        #: The terms shown with their meaning in plain-words mode (None: the rules reference's words, "§" badges).
        self.terms: tuple[Term, ...] | None = None
        if race is not None:
            self.set_race(race)

    def plain_words(self, terms: Sequence[Term]) -> None:
        """Show the events in plain words from now on (see the module docstring): ``terms``, the codes and
        abbreviations with their meaning (a guided race's own, :attr:`GuidedRaceModel.terms`)."""
        self.terms = tuple(terms)
        if self.race is not None:
            self._render()

    # ------------------------------------------------------------ data
    def set_race(self, race: AnyRace, position: int | None = None) -> None:
        """Step over ``race``'s events; ``position`` None = the last event, negative = from the end."""
        self.race = race
        self.events, self.frames, self.steps = _flatten(race)
        n = len(self.events)
        p = n if position is None else (position if position >= 0 else n + 1 + position)
        p = max(0, min(p, n))
        self._quiet = True
        try:
            with self.slider.hold_trait_notifications():
                self.slider.max = max(n, 0)
                self.slider.value = p
        finally:
            self._quiet = False
        self._render()

    def on_change(self, callback: Callback) -> None:
        self._callbacks.append(callback)

    @property
    def count(self) -> int:
        return len(self.events)

    @property
    def position(self) -> int:
        return int(self.slider.value)

    @position.setter
    def position(self, value: int) -> None:
        self.go(value)

    def go(self, position: int) -> None:
        p = max(0, min(int(position), self.count))
        if p == self.slider.value:
            self._render()
        else:
            self.slider.value = p  # the observer renders

    def first(self) -> None:
        self.go(0)

    def prev(self) -> None:
        self.go(self.position - 1)

    def next(self) -> None:
        self.go(self.position + 1)

    def last(self) -> None:
        self.go(self.count)

    @property
    def event(self) -> Any:
        p = self.position
        return self.events[p - 1] if p > 0 else None

    @property
    def frame(self) -> Any:
        p = self.position
        if p == 0:
            if self._start_frame is not None:
                return self._start_frame(self.race)
            return getattr(self.race, "start_frame", None)
        if p - 1 < len(self.frames):
            return self.frames[p - 1]
        # Frames were not recorded (Race(frames=False)): only the current position is known.
        assert self.race is not None  # p > 0: a race is set
        if self._frame_of is not None:
            return self._frame_of(self.race.state)
        from racebook.rf90.game import frame_of
        return frame_of(self.race.state)

    def log(self) -> Any:
        """The events so far (1 … position) as a DataFrame."""
        p = self.position
        return events_table(self.events[:p], self.frames[:p], self.steps[:p])

    def visible_log(self) -> Any:
        """The last ``rows`` rows of :meth:`log` (what the log table shows), built alone: a click costs the same
        at any position."""
        p = self.position
        lo = max(0, p - self.rows)
        frames = [self.frames[i] for i in range(lo, min(p, len(self.frames)))]
        return events_table(self.events[lo:p], frames, self.steps[lo:p], start=lo + 1)

    # ------------------------------------------------------------ drawing
    def _on_slider(self, change: dict) -> None:
        if not self._quiet:
            self._render()

    def _render(self) -> None:
        p, n = self.position, self.count
        self.b_first.disabled = self.b_prev.disabled = p <= 0
        self.b_next.disabled = self.b_last.disabled = p >= n
        self.counter.value = f'<span style="font-size:16px"><b>{p}</b> / {n}</span>'
        if self.terms is not None:  # plain words: the log drawn here, each sentence's terms explained
            self.log_html.value = self._plain_log_html()
            self.sentence.value = self._sentence_html()
        else:
            df = self.visible_log()  # first: it asks for the visible frames in order, so a race rebuilding them
            self.sentence.value = self._sentence_html()  # replays from one kept copy at most (then cached)
            if len(df):
                table = df.to_html(escape=True, border=0, index_names=False)
                self.log_html.value = f'{_CSS}<div class="rb-log">{table}</div>'
            else:
                self.log_html.value = '<div class="rb-log" style="color:#777">(no events yet)</div>'
        event, frame = self.event, self.frame
        for cb in list(self._callbacks):
            self.errors.guard(cb)(p, event, frame)

    def _sentence_html(self) -> str:
        p = self.position
        event = self.event
        if event is None:
            frame = self.frame
            turn = f" ({self._turn_text(frame)})" if frame is not None else ""
            body, rule = f"Start position{turn}, before the first event. Press ▶ to step.", ""
            sub = ""
        else:
            body, rule = _body(event), event.citation
            frame = self.frame
            turn = f"{html.escape(self._turn_text(frame))} · " if frame is not None else ""
            sub = f"{turn}{self._cause_html(self.steps[p - 1], event)}"
        game = citations.doc_of_module(type(event).__module__) if event is not None else "rf90"
        label = None if self.terms is None else "rule"  # plain words: "rule", its section on hover
        rule_html = " " + style.rule_html(rule, game, cls="rb-rule", css=RULE_BADGE_CSS, label=label) if rule else ""
        return (f'<div style="font-size:21px;line-height:1.35;padding:6px 4px">{self._words(body)}{rule_html}</div>'
                f'<div style="font-size:14px;color:#666;padding:0 4px">{sub}</div>')

    def _words(self, text: str) -> str:
        """``text`` as HTML: escaped, or in plain words its citations taken out and its terms explained."""
        return html.escape(text) if self.terms is None else explain_html(uncite(text), self.terms)

    def _plain_log_html(self) -> str:
        """The last ``rows`` events in plain words (:meth:`plain_words`): number, turn, car and sentence."""
        p = self.position
        if p == 0:
            return '<div class="rb-log" style="color:#777">(no events yet)</div>'
        rows = []
        for i in range(max(0, p - self.rows), p):
            e = self.events[i]
            frame = self.frames[i] if i < len(self.frames) else None
            turn = getattr(frame, "turn", "")
            rows.append(f"<tr><th>{i + 1}</th><td>{html.escape(str(turn))}</td>"
                        f"<td>{html.escape(e.car_id or '')}</td><td>{self._words(_body(e))}</td></tr>")
        head = "<tr><th>#</th><th>turn</th><th>car</th><th>what happened</th></tr>"
        return f'{_CSS}<div class="rb-log"><table><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'

    def _cause_html(self, step: int, event: Any) -> str:
        """What made the current event happen, in words: "Blue chose: play R89 for 1 MP" (the action's text and
        the event's kind in the tooltip, for the curious), or "automatic steps" (a new turn, a robot)."""
        assert self.race is not None  # an event is shown: a race is set
        action = self.race.steps[step].action if step < len(self.race.steps) else None
        if action is None:
            return f'<span title="{html.escape(event.kind)}">automatic steps</span>'
        words = self._action_label(step)
        tip = html.escape(f"decision {step}: {action} · event {event.kind}", quote=True)
        return f'<span title="{tip}">{html.escape(action.car)} chose: {self._words(words)}</span>'

    def _rf90_label(self, step: int) -> str:
        """RF90's words for the decision of step ``step`` (:func:`racebook.rf90.actionlabels.label`)."""
        from racebook.rf90.actionlabels import label
        assert self.race is not None
        action = self.race.steps[step].action
        assert action is not None  # the steps with a decision are labelled
        return label(action)
