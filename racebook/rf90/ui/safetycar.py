"""Notebook 10's "your turn" panel: the learner faces a Safety Car situation, picks a choice, and the engine says
whether it is legal and why (§21.1, §21.3, §21.4, §22).

Nothing here decides a rule. The situations and their choices are lesson data
(:data:`racebook.rf90.lessons.safetycar.SITUATIONS`); the verdict on a choice is the race's ``explain(action)``;
what a legal choice does is the race's own ``apply`` on a clone (its event sentences); the list of every legal
choice is ``legal_actions()``, labelled by :mod:`racebook.rf90.actionlabels`. The panel only shows::

    from racebook.rf90.ui.safetycar import SafetyCarTurn
    panel = SafetyCarTurn()               # situation picker, the track picture, one button per choice
    panel.choose("Blue skip strategy=push").legal   # False: behind the SC no strategy is changed (§21.3)
    panel
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from racebook.core.verdict import Verdict
from racebook.rf90.actionlabels import ActionLabel, labels
from racebook.rf90.actiontext import parse
from racebook.rf90.game import Race, frame_of
from racebook.rf90.lessons import safetycar as lesson
from racebook.rf90.tracksvg import HEIGHT, WIDTH, position_svg
from racebook.ui import style
from racebook.ui.errors import ErrorLog

_BADGE = "color:#fff;background:#555;border-radius:4px;padding:1px 6px"


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's answer to one choice: its verdict, and for a legal choice the event sentences it causes and the
    decision that comes next."""

    choice: ActionLabel
    verdict: Verdict
    happens: tuple[str, ...] = ()
    then: str = ""

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def text(self) -> str:
        """The answer as plain text (printed examples, tests)."""
        head = f"{'✓ legal' if self.legal else '✗ not legal'}: {self.choice.label} — {self.verdict.rule}"
        if not self.legal:
            return f"{head}: {self.verdict.reason}"
        lines = [head, *(f"  {s}" for s in self.happens)]
        if self.then:
            lines.append(f"  then: {self.then}")
        return "\n".join(lines)


class SafetyCarTurn:
    """Pick a Safety Car situation, choose what the car to decide does, and read the engine's answer.

    Headless use (tests, printed examples): :meth:`load`, :meth:`choices`, :meth:`choose`, :meth:`legal_choices`,
    :meth:`text`. Callback errors go to ``panel.errors`` (one line each)."""

    def __init__(self, name: str | None = None, *, width: int = 900) -> None:
        self.errors = ErrorLog()
        self.width = width
        self.situation = lesson.SITUATIONS[0]
        self.race: Race = lesson.build(self.situation)
        self.answer: Answer | None = None
        self._build()
        self.load(name or self.situation.name)

    # ------------------------------------------------------------ widgets
    def _build(self) -> None:
        g = self.errors.guard
        self.title = widgets.HTML(
            '<div style="font-size:24px;font-weight:bold">Your turn: the Safety Car</div>'
            '<div style="font-size:15px;color:#555">Pick a situation, then click what you would do. The engine '
            'says whether the rules allow it, and why.</div>')
        self.picker = widgets.Dropdown(options=[s.name for s in lesson.SITUATIONS], description="situation",
                                       layout=widgets.Layout(width="420px"), style={"description_width": "70px"})
        self.picker.observe(g(self._on_pick), names="value")
        self.question = widgets.HTML()
        self.picture = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.all_button = widgets.Button(description="show every legal choice", icon="list",
                                         layout=widgets.Layout(width="auto"))
        self.all_button.on_click(g(self._on_all))
        self.result = widgets.HTML()
        self.widget = widgets.VBox([self.title, self.picker, self.question, self.buttons, self.all_button,
                                    self.result, self.picture, self.errors.widget])
        self.widget.add_class("rb-safetycar")

    def _on_pick(self, change: dict) -> None:
        self.load(change["new"])

    def _on_choice(self, text: str) -> None:
        self.choose(text)

    def _on_all(self, _b: Any) -> None:
        shown = "".join(f"<li>{html.escape(d.label)} {style.rule_html(d.rule, css=_BADGE)}</li>"
                        for d in self.legal_choices())
        self.result.value = (f'<div style="font-size:17px"><b>Every legal choice of {html.escape(self._car())} '
                             f'now</b> (the engine\'s list):<ul>{shown}</ul></div>')

    # ------------------------------------------------------------ headless API
    def load(self, name: str) -> None:
        """Show the situation ``name`` (or a prefix of it, ``"3."``): the engine builds its position."""
        s = lesson.situation(name)
        self.situation, self.race, self.answer = s, lesson.build(s), None
        if self.picker.value != s.name:
            self.picker.value = s.name  # observed: comes back here once, with the same name
            return
        self.question.value = (f'<div style="font-size:18px;margin:6px 0"><b>{html.escape(s.question)}</b><br>'
                               f'<span style="font-size:15px;color:#555">The race order: '
                               f'{html.escape(lesson.queue_line(self.race))}. '
                               f'Safety Car: {html.escape(self._sc())}.</span></div>')
        buttons = []
        for d in self.choices():
            b = widgets.Button(description=d.label, tooltip=f"{d.text} — {d.rule}" if d.rule else d.text,
                               layout=widgets.Layout(width="auto", height="36px"))
            b.style.font_size = "15px"
            b.on_click(self.errors.guard(lambda _b, t=d.text: self._on_choice(t)))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        self.result.value = ""
        st = self.race.state
        svg = position_svg(st.track, frame_of(st), st.cars, title=lesson.queue_line(self.race))
        svg = svg.replace(f'width="{WIDTH}" height="{HEIGHT}"', 'width="100%"', 1)  # scales with its viewBox
        self.picture.value = f'<div style="max-width:{self.width}px">{svg}</div>'


    def choices(self) -> list[ActionLabel]:
        """The situation's choices, labelled in this position (legal or not: the buttons do not tell)."""
        return labels([parse(t) for t in self.situation.choices], self.race.state)

    def choose(self, text: str) -> Answer:
        """The engine's answer to one choice (its action text): ``explain``; a legal one is played on a clone."""
        choice = next((d for d in self.choices() if d.text == text), None) or \
            labels([parse(text)], self.race.state)[0]
        verdict = self.race.explain(choice.action)
        happens: tuple[str, ...] = ()
        then = ""
        if verdict.legal:
            trial = self.race.clone()
            happens = tuple(e.sentence() for e in trial.apply(choice.action))
            car = trial.current_car
            then = f"{car} decides — {trial.phase.value}" if car and trial.phase else ""
        self.answer = Answer(choice, verdict, happens, then)
        self.result.value = self._answer_html(self.answer)
        return self.answer

    def legal_choices(self) -> list[ActionLabel]:
        """Every legal action now, labelled: the engine's ``legal_actions()``."""
        return labels(self.race.legal_actions(), self.race.state)

    def text(self) -> str:
        """The situation and the last answer as plain text."""
        lines = [self.situation.name, self.situation.question, f"race order: {lesson.queue_line(self.race)}",
                 "choices: " + " | ".join(d.label for d in self.choices())]
        if self.answer is not None:
            lines.append(self.answer.text())
        return "\n".join(lines)

    # ------------------------------------------------------------ helpers
    def _car(self) -> str:
        return self.race.current_car or "nobody"

    def _sc(self) -> str:
        sc = self.race.state.sc
        return f"in {sc}" if sc else "not on the track (yet)"

    @staticmethod
    def _answer_html(a: Answer) -> str:
        colour, mark = ("#1a7f37", "✓ legal") if a.legal else ("#c62828", "✗ not legal")
        badge = style.rule_html(a.verdict.rule, css=_BADGE)
        head = (f'<div style="font-size:19px"><b style="color:{colour}">{mark}</b>: '
                f'{html.escape(a.choice.label)} {badge}</div>')
        if not a.legal:
            return f'{head}<div style="font-size:17px;margin:4px 0 8px">{html.escape(a.verdict.reason)}</div>'
        items = "".join(f"<li>{html.escape(s)}</li>" for s in a.happens)
        then = f'<div style="font-size:15px;color:#555">Then: {html.escape(a.then)}</div>' if a.then else ""
        return f'{head}<div style="font-size:16px">What happens:<ul>{items}</ul></div>{then}'

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
