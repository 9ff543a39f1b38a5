"""GuidedRace: the first race of notebook 00 — click a labelled legal action, read what happened in plain sentences.

A thin controller over :class:`racebook.rf90.lessons.firstrace.FirstRace` (the engine's race, the computer driver,
the story lines and their "learn more" notebooks): the buttons are the learner's legal actions with their
:mod:`racebook.rf90.actionlabels` labels (the action text and the rule in the tooltip), a click calls
:meth:`FirstRace.choose`, the story shows the lines of that decision and of everything the other cars did until the
learner's next one. The track view is :func:`racebook.rf90.ui.svgview.track_view` (bqplot where it is installed,
else the SVG view: no pandas, no bqplot needed). Errors are one friendly line in the widget's
:class:`~racebook.ui.errors.ErrorLog`.

Headless use (the tests)::

    g = GuidedRace(seed=1)
    g.press(next(iter(g.buttons)))   # click the first legal action
    g.new_race_b.click()             # a new race, the next seed
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.rf90.game import frame_of
from racebook.rf90.lessons.firstrace import LEARNER, TURNS, FirstRace, Guide, Step
from racebook.rf90.ui.svgview import track_view
from racebook.ui import style
from racebook.ui.errors import ErrorLog

CSS = """<style>
.rb-first-status {font-size:20px;margin:4px 0}
.rb-first-story {font-size:16px;line-height:1.45;max-height:330px;overflow-y:auto;border-left:4px solid #3a7;
  padding:2px 10px;margin:6px 0}
.rb-first-story .me {font-weight:bold}
.rb-first-story .them {color:#444;font-size:15px}
.rb-first-story .more {font-size:13px;margin-left:6px}
.rb-first-story a.rule {font-size:13px;font-weight:normal;color:#fff;background:#777;border-radius:3px;padding:0 5px;
  margin-left:6px;text-decoration:none}
.rb-first-story .who {font-size:14px;color:#666;margin-top:6px}
</style>"""


def line_html(g: Guide, mine: bool) -> str:
    """One story line: the sentence, its rule badge and "learn more → notebook" (a link to the notebook)."""
    rule = " " + style.rule_html(g.rule) if g.rule else ""
    more = (f'<a class="more rb-learn-more" href="{html.escape(g.link)}" target="_blank" rel="noopener">'
            f"learn more → {html.escape(g.notebook)}</a>")
    return f'<div class="{"me" if mine else "them"}">{html.escape(g.sentence)}{rule}{more}</div>'


def story_html(steps: Sequence[Step]) -> str:
    """The lines of ``steps``: the learner's decision first, then what the others did, car by car."""
    out = []
    who: str | None = ""
    for step in steps:
        mine = step.car == LEARNER
        if step.car != who and not mine and step.car is not None:
            out.append(f'<div class="who">{html.escape(step.car)} (the computer) decides:</div>')
        who = step.car
        out.extend(line_html(g, mine and g.car in (LEARNER, None)) for g in step.lines)
    return f'<div class="rb-first-story">{"".join(out) or "(nothing yet)"}</div>'


class GuidedRace:
    """The guided first race: ``seed`` deals the cards and seeds the computer; ``turns`` Game Turns on the
    teaching track. Display it (or ``.widget``) in a cell."""

    def __init__(self, seed: int = 1, turns: int = TURNS, *, width: int = 900) -> None:
        self.errors = ErrorLog()
        self.model = FirstRace(seed=seed, turns=turns)
        self.latest: list[Step] = list(self.model.steps)
        self.status_html = widgets.HTML()
        self.new_race_b = widgets.Button(description="new race", tooltip="deal a new race (the next seed)",
                                         layout=widgets.Layout(width="140px", height="38px"))
        self.new_race_b.on_click(self.errors.guard(lambda _b: self.new_race()))
        self.prompt_html = widgets.HTML()
        self.choices_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.story = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        race = self.model.race
        self.view = track_view(race.state.track, race.state.cars, width=width, errors=self.errors)
        self.widget = widgets.VBox([
            widgets.HTML(CSS), widgets.HBox([self.status_html, self.new_race_b],
                                            layout=widgets.Layout(justify_content="space-between",
                                                                  align_items="center", width=f"{width}px")),
            self.prompt_html, self.choices_box, self.story, self.view.widget, self.errors.widget])
        self._render()

    # ------------------------------------------------------------ actions
    def choose(self, text: str) -> list[Step]:
        """The learner's decision by its action text (what a button's click does)."""
        steps = self.model.choose(text)
        self.latest = steps
        self._render()
        return steps

    def press(self, text: str) -> None:
        """Click the button of the legal action whose text is ``text``."""
        if text not in self.buttons:
            raise KeyError(f"no button for {text!r}: the buttons now are {', '.join(self.buttons) or 'none'}")
        self.buttons[text].click()

    def new_race(self, seed: int | None = None) -> None:
        """A new race: ``seed``, or the next one."""
        self.errors.clear()
        self.model.new(self.model.seed + 1 if seed is None else seed)
        self.latest = list(self.model.steps)
        race = self.model.race
        self.view.set_track(race.state.track, race.state.cars)
        self._render()

    def lines(self) -> list[str]:
        """The latest story as text, one line each (sentence — rule · learn more → notebook)."""
        return [g.text() for step in self.latest for g in step.lines]

    # ------------------------------------------------------------ drawing
    def _render(self) -> None:
        m = self.model
        s = m.race.state
        dot = style.car_style(LEARNER, s.cars.get(LEARNER)).colour
        self.status_html.value = (f'<div class="rb-first-status"><span style="color:{dot};-webkit-text-stroke:1px '
                                  f'#333">●</span> {html.escape(m.status())}</div>')
        self.buttons = {}
        buttons = []
        for d in m.choices():
            b = widgets.Button(description=d.label, tooltip=d.tooltip(s),
                               button_style="primary" if d.action.verb == "play" else "",
                               layout=widgets.Layout(width="auto", height="38px"))
            b.on_click(self.errors.guard(lambda _b, text=d.text: self.choose(text)))
            self.buttons[d.text] = b
            buttons.append(b)
        self.choices_box.children = tuple(buttons)
        if m.finished:
            self.prompt_html.value = ("<b>The guided race is over.</b> Press <b>new race</b> to play another, or "
                                      "read on: each line's <i>learn more</i> opens the notebook that teaches it.")
        else:
            hint = m.hint()
            phase = f" (phase {m.race.phase.value})" if m.race.phase is not None else ""
            what = line_html(hint, True).replace('class="me"', 'class="me rb-first-hint"') if hint else ""
            self.prompt_html.value = (f'<div class="rb-first-story" style="border-color:#37a">{what}'
                                      f'<div class="them">Your decision{html.escape(phase)}: hover a button for its '
                                      "action text and rule.</div></div>")
        self.story.value = story_html(self.latest)
        self.view.set_cars(s.cars)
        self.view.show(frame_of(s))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
