"""The guided first race, as a widget, for every game (issue 19 item 1): one controller over the race protocol of
:mod:`racebook.core.guided`.

It shows a status line (and a "new race" button with the game's settings beside it), what the learner decides now
(the model's hint, with its rule and "learn more" link), one button per legal decision (its human label; the action
text and rule in the tooltip), the story of what happened since the learner's last decision (a plain sentence per
line, its rule badge and its "learn more → notebook" link, grouped by who decided), the game's track view, and an
:class:`~racebook.ui.errors.ErrorLog` (a refused decision is one friendly line). The model decides everything; the
controller only draws it. Each game keeps a thin ``GuidedRace`` subclass: its model, its defaults, its track view
(:meth:`GuidedRaceController.show_race`, called after every change). When the model's choices carry the coach's
suggestion (issue 33 item 1), its button is highlighted (green) and its reason shown in one line under the
choices; the "coach on/off" toggle hides both. At the end, a model with a ``debrief()`` (issue 33 item 2,
:mod:`racebook.core.debrief`) has it shown above the "race is over" note: where you finished and the decisions
that cost most, replayed.

Decision and picture together (issue 33 item 3): the board sits on the left and the decision on its right (what the
learner needs — a model's optional ``needs()`` line: your money, your hand, your target —, what to decide, the
choices, the coach's line, then the story in a fixed-height scroll box), so that the board and the choices fit one
screen at 1366×768 and 1280×720, in JupyterLab and in presenter mode (tests/browser_firstrace.py measures it).
Plain words first (issue 33 item 4, :mod:`racebook.core.plainwords`): every text the learner reads has its
abbreviations and codes (the model's optional ``terms``, else the glossary's) shown with their meaning on hover, the
rule citations written inside a sentence taken out, and each rule badge reads "rule", its section on hover.

Headless use (the tests)::

    g = GuidedRaceController(model)
    g.press(next(iter(g.buttons)))   # click the first legal decision (by its key, the action text)
    g.click("start your turn")       # or by its label
    g.new_race_b.click()             # a new race, the next seed
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.core.debrief import Debrief
from racebook.core.guided import GuidedChoice, GuidedRaceModel, StoryLine, suggestion
from racebook.core.plainwords import COMMON, Term, explain_html, meanings, uncite
from racebook.ui import style
from racebook.ui.errors import ErrorLog

#: The board's width (px) beside the decision column: both fit a 1280-px window's notebook beside JupyterLab's file
#: browser (the decision column takes the rest, at least DECIDE_MIN px).
BOARD_WIDTH = 470
DECIDE_MIN = 330
#: The story's scroll box: a fixed height, so the page never grows with it.
STORY_HEIGHT = 190

CSS = f"""<style>
.rb-guided-status {{font-size:17px;margin:2px 0}}
.rb-guided-body {{gap:10px}}
.rb-guided-decide {{min-width:{DECIDE_MIN}px}}
.rb-guided-needs {{font-size:15px;line-height:1.35;margin:0 0 4px;padding:3px 8px;border-left:4px solid #37a;
  background:#f1f5fb}}
.rb-guided-prompt {{font-size:15px;line-height:1.35;border-left:4px solid #37a;padding:2px 8px;margin:0 0 4px}}
.rb-guided-prompt .them {{color:#555;font-size:13px}}
.rb-guided-story {{font-size:15px;line-height:1.4;height:{STORY_HEIGHT}px;overflow-y:auto;border-left:4px solid #3a7;
  padding:2px 8px;margin:4px 0;resize:vertical}}
.rb-guided-story .me, .rb-guided-prompt .me {{font-weight:bold}}
.rb-guided-story .them {{color:#444;font-size:14px}}
.rb-guided-race .more {{font-size:12px;margin-left:6px;font-weight:normal}}
.rb-guided-race a.rule {{font-size:12px;font-weight:normal;color:#fff;background:#777;border-radius:3px;padding:0 5px;
  margin-left:6px;text-decoration:none}}
.rb-guided-story .who {{font-size:13px;color:#666;margin-top:4px}}
.rb-guided-race abbr.rb-term {{text-decoration:underline dotted;cursor:help}}
.rb-guided-hold {{font-size:15px;color:#a05a00}}
.rb-guided-coach {{font-size:14px;line-height:1.35;margin:2px 0 4px;padding:2px 8px;border-left:4px solid #2e8b57;
  background:#eef7f1}}
.rb-guided-choices .widget-button, .rb-guided-choices .widget-dropdown select {{font-size:14px}}
.rb-guided-group {{font-size:14px;white-space:nowrap}}
.rb-guided-debrief {{font-size:15px;line-height:1.4;margin:0 0 6px;padding:4px 10px;border-left:4px solid #b8860b;
  background:#fdf8ec}}
.rb-guided-debrief .head {{font-weight:bold;font-size:17px}}
.rb-guided-debrief li {{margin:2px 0}}
.rb-guided-debrief .how {{font-size:13px;color:#555}}
</style>"""

FINISHED = ("<b>The guided race is over.</b> Press <b>new race</b> to play another, or read on: each line's "
            "<i>learn more</i> opens the notebook that teaches it.")


def words_html(text: str, terms: Sequence[Term] = COMMON) -> str:
    """Text a learner reads, as HTML: its rule citations taken out, its abbreviations and codes with their meaning
    on hover (:mod:`racebook.core.plainwords`)."""
    return explain_html(uncite(text), terms)


def line_parts_html(line: StoryLine, game: str, terms: Sequence[Term] = COMMON) -> str:
    """A line's sentence (plain words: :func:`words_html`), its rule badge (the word "rule", a link to its section,
    the section on hover) and its "learn more → notebook" link."""
    rule = " " + style.rule_html(line.rule, game, label="rule") if line.rule else ""
    more = "" if not line.more else (
        f'<a class="more rb-learn-more" href="{html.escape(line.link)}" target="_blank" rel="noopener" '
        f'title="{html.escape(line.link)}">learn more → {html.escape(line.more)}</a>')
    return f"{words_html(line.sentence, terms)}{rule}{more}"


def line_html(line: StoryLine, game: str, terms: Sequence[Term] = COMMON) -> str:
    """One story line, bold when it is the learner's."""
    return f'<div class="{"me" if line.mine else "them"}">{line_parts_html(line, game, terms)}</div>'


def story_html(lines: Sequence[StoryLine], game: str, terms: Sequence[Term] = COMMON) -> str:
    """The lines, a heading above each run of lines of one group ("Red (the computer) decides:"), in the story's
    fixed-height scroll box."""
    out = []
    group = ""
    for line in lines:
        if line.group != group and line.group:
            out.append(f'<div class="who">{html.escape(line.group)}</div>')
        group = line.group
        out.append(line_html(line, game, terms))
    return f'<div class="rb-guided-story">{"".join(out) or "(nothing yet)"}</div>'


def tooltip(tip: str, shown: Sequence[str], terms: Sequence[Term] = COMMON) -> str:
    """A choice's tooltip, then the meaning of each abbreviation or code its ``shown`` words use (a button or a
    menu entry holds no hover of its own)."""
    found = meanings(shown, terms)
    return tip + ("\n" + "\n".join(found) if found else "")


#: A group of this many sibling choices or more is offered as one menu (fewer: a button each).
MENU_FROM = 3

#: The coach toggle's words, by state (issue 33 item 1).
COACH_WORDS = {True: "coach on", False: "coach off"}


def debrief_html(d: Debrief, terms: Sequence[Term] = COMMON) -> str:
    """The debrief (issue 33 item 2): where you finished, the costliest decisions as a list (each with what the
    suggested choice would have given, from replays), and how the numbers were found; in plain words
    (:func:`words_html`)."""
    items = "".join(f"<li>{words_html(c.sentence(), terms)}</li>" for c in d.costs)
    how = f'<div class="how">{words_html(d.method(), terms)}</div>' if d.compared else ""
    return (f'<div class="rb-guided-debrief"><div class="head">Debrief: {words_html(d.finished(), terms)}</div>'
            f"<div>{words_html(d.followed_words(), terms)} {words_html(d.verdict(), terms)}</div>"
            f"{f'<ol>{items}</ol>' if items else ''}{how}</div>")


def coach_html(choice: GuidedChoice | None, terms: Sequence[Term] = COMMON) -> str:
    """The coach's line: the suggested choice's label and its reason (the engine's numbers), in plain words
    (:func:`words_html`); "" when none."""
    if choice is None:
        return ""
    return (f'<div class="rb-guided-coach">Coach suggests <b>{words_html(choice.label, terms)}</b>: '
            f"{words_html(choice.reason, terms)}</div>")


class GuidedRaceController:
    """The guided first race over ``model`` (a :class:`~racebook.core.guided.GuidedRaceModel`); ``view`` is the
    game's track view (a widget, or None: the board, on the left), ``settings`` widgets shown beside "new race" (the
    game reads them in :meth:`next_model`), ``extras`` widgets under the error line. Display it (or ``.widget``) in
    a cell. ``width`` is the whole widget's width at most (it shrinks to its cell's), ``board`` the board's column's
    (the view drawn at that width: its legend wraps within it)."""

    def __init__(self, model: GuidedRaceModel, view: widgets.Widget | None = None, *, width: int = 900,
                 settings: Sequence[widgets.Widget] = (), extras: Sequence[widgets.Widget] = (),
                 errors: ErrorLog | None = None, board: int = BOARD_WIDTH) -> None:
        self.model = model
        self.errors = errors if errors is not None else ErrorLog()
        self.latest: list[StoryLine] = model.latest()
        self.buttons: dict[str, widgets.Button] = {}
        #: A group of many sibling choices ("skip, change strategy to …"): its menu and its button, by group words.
        self.menus: dict[str, tuple[widgets.Dropdown, widgets.Button]] = {}
        self._held: str | None = None
        self._suggested: str | None = None
        self.status_html = widgets.HTML()
        self.new_race_b = widgets.Button(description="new race", icon="refresh",
                                         tooltip="deal a new race (the next seed)" if not settings
                                         else "a new race with these settings",
                                         layout=widgets.Layout(width="140px", height="38px"))
        self.new_race_b.on_click(self.errors.guard(lambda _b: self.new_race()))
        #: The coach (issue 33 item 1): on, the suggested choice is highlighted and its reason shown in one line.
        self.coach_b = widgets.ToggleButton(value=True, description=COACH_WORDS[True],
                                            tooltip="show or hide the coach's suggestion and its reason",
                                            layout=widgets.Layout(width="120px", height="38px"))
        self.coach_b.observe(self.errors.guard(lambda _c: self._render()), names="value")
        self.coach_line = widgets.HTML()
        self.prompt_html = widgets.HTML()
        #: What the learner needs always in view (the model's ``needs()``: your money, your hand, your target).
        self.needs_html = widgets.HTML()
        self.needs_html.add_class("rb-guided-needs-box")
        self.choices_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.choices_box.add_class("rb-guided-choices")
        self.story = widgets.HTML()
        #: The abbreviations and codes shown with their meaning on hover: the model's own, else the glossary's.
        self.terms: Sequence[Term] = tuple(getattr(model, "terms", COMMON))
        controls = widgets.HBox([self.new_race_b, self.coach_b, *settings],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        top = widgets.HBox([self.status_html, controls],
                           layout=widgets.Layout(justify_content="space-between", align_items="center",
                                                 flex_flow="row wrap", max_width=f"{width}px"))
        top.add_class("rb-guided-top")
        decide = widgets.VBox([self.needs_html, self.prompt_html, self.choices_box, self.coach_line, self.story],
                              layout=widgets.Layout(flex="1 1 0%"))
        decide.add_class("rb-guided-decide")
        columns: list[widgets.Widget] = [decide]
        if view is not None:
            column = widgets.Box([view], layout=widgets.Layout(flex="0 0 auto", width=f"{board}px"))
            column.add_class("rb-guided-board")
            columns.insert(0, column)
        body = widgets.HBox(columns, layout=widgets.Layout(align_items="flex-start", max_width=f"{width}px"))
        body.add_class("rb-guided-body")
        self.widget = widgets.VBox([widgets.HTML(CSS), top, body, self.errors.widget, *extras])
        self.widget.add_class("rb-guided-race")
        self._render()

    # ------------------------------------------------------------ what the game may change
    def next_model(self, seed: int | None) -> GuidedRaceModel:
        """The model of a new race (``seed``, or the next one): by default the same model, restarted."""
        self.model.restart(seed)
        return self.model

    def show_race(self) -> None:
        """Draw the race on the game's track view (called after every decision and new race)."""

    def status_marker(self) -> str:
        """HTML before the status line (the learner's car colour, say)."""
        return ""

    # ------------------------------------------------------------ actions
    def choose(self, key: str) -> list[StoryLine]:
        """The learner's decision by its key (the action text: what a button's click does)."""
        lines = self.model.decide(key)
        self.latest = lines
        self.show_race()
        self._render()
        return lines

    @property
    def offered(self) -> list[str]:
        """The keys of every decision offered now: its own button, or an entry of a group's menu."""
        return [*self.buttons, *(key for menu, _b in self.menus.values() for _o, key in menu.options)]

    def press(self, key: str) -> None:
        """Click the button of the decision ``key`` (for one in a group's menu: pick it, then click the button)."""
        if key in self.buttons:
            self.buttons[key].click()
            return
        for menu, button in self.menus.values():
            if key in [k for _o, k in menu.options]:
                menu.value = key
                button.click()
                return
        raise KeyError(f"no button for {key!r}: the decisions now are {', '.join(self.offered) or 'none'}")

    def click(self, label: str) -> None:
        """Click the button labelled ``label`` (as a learner would)."""
        button = next((b for b in self.buttons.values() if b.description == label), None)
        if button is None:
            raise ValueError(f"no button {label!r} now")
        button.click()

    def new_race(self, seed: int | None = None) -> None:
        """A new race: ``seed``, or the next one (:meth:`next_model`)."""
        self.errors.clear()
        self.model = self.next_model(seed)
        self.latest = self.model.latest()
        self._held = None
        self.show_race()
        self._render()

    def hold(self, note: str | None) -> None:
        """Disable the decision buttons with ``note`` under the status (say, while the view looks back over the
        race); None enables them again."""
        self._held = note
        for b in self._controls():
            b.disabled = note is not None
        self._render_status()

    @property
    def coach(self) -> bool:
        """The coach is on (the toggle)."""
        return bool(self.coach_b.value)

    @property
    def suggested(self) -> str | None:
        """The key of the choice the coach highlights now (None when it is off or gives no advice)."""
        return self._suggested

    def lines(self) -> list[str]:
        """The latest story as text, one line each (sentence — rule · learn more → notebook)."""
        return [line.text() for line in self.latest]

    # ------------------------------------------------------------ drawing
    def _render_status(self) -> None:
        note = "" if self._held is None or not self.buttons else \
            f'<div class="rb-guided-hold">{html.escape(self._held)}</div>'
        self.status_html.value = (f'<div class="rb-guided-status">{self.status_marker()}'
                                  f"{words_html(self.model.status(), self.terms)}</div>{note}")

    def _controls(self) -> list[widgets.Widget]:
        return [*self.buttons.values(), *(w for pair in self.menus.values() for w in pair)]

    def _render(self) -> None:
        m = self.model
        self.buttons, self.menus = {}, {}
        if hasattr(m, "coach"):  # a model that computes its coach's advice only when asked (core.guided)
            m.coach = self.coach
        choices = m.labelled_choices()
        siblings: dict[str, list[GuidedChoice]] = {}
        for c in choices:
            if c.group:
                siblings.setdefault(c.group, []).append(c)
        held = self._held is not None
        self.coach_b.description = COACH_WORDS[self.coach]
        tip = suggestion(choices) if self.coach else None
        self._suggested = tip.key if tip is not None else None
        self.coach_line.value = coach_html(tip, self.terms)
        needs = getattr(m, "needs", None)  # what the learner needs in view (a model may say it: money, hand, target)
        said = needs() if callable(needs) and not m.finished else ""
        self.needs_html.value = f'<div class="rb-guided-needs">{words_html(said, self.terms)}</div>' if said else ""
        shown: list[widgets.Widget] = []
        for c in choices:
            if len(siblings.get(c.group, ())) >= MENU_FROM:  # many siblings: one menu and its button
                if c.group not in self.menus:
                    shown.append(self._menu(c.group, siblings[c.group], held))
                continue
            mark = c.key == self._suggested
            b = widgets.Button(description=c.label,
                               tooltip=tooltip(c.tooltip + (" — the coach suggests it" if mark else ""), [c.label],
                                               self.terms),
                               button_style="success" if mark else "primary" if c.primary else "",
                               disabled=held,
                               layout=widgets.Layout(width="auto", max_width="100%", height="34px"))
            b.add_class("rb-guided-choice")
            if mark:
                b.add_class("rb-guided-suggested")
            b.on_click(self.errors.guard(lambda b, key=c.key: None if b.disabled else self.choose(key)))
            self.buttons[c.key] = b
            shown.append(b)
        self.choices_box.children = tuple(shown)
        self._render_status()
        if m.finished:
            debrief = getattr(m, "debrief", None)  # a model that replays its decisions (racebook.core.debrief)
            self.prompt_html.value = (debrief_html(debrief(), self.terms) if callable(debrief) else "") + FINISHED
        else:
            hint = m.hint_line()
            what = line_html(hint, m.game, self.terms).replace('class="me"', 'class="me rb-guided-hint"') \
                if hint else ""
            self.prompt_html.value = (f'<div class="rb-guided-prompt">{what}'
                                      '<div class="them">Hover a button for its action text and rule, an underlined '
                                      "word for its meaning.</div></div>")
        self.story.value = story_html(self.latest, m.game, self.terms)

    def _menu(self, group: str, choices: list[GuidedChoice], held: bool) -> widgets.Widget:
        """One group's choices as a menu ("skip, change strategy to [PUSH ▾]") and its button: the group's words
        before them, the menu and its button on the next line when the words leave them no room."""
        mark = next((c.key for c in choices if c.key == self._suggested), None)
        menu = widgets.Dropdown(options=[(c.option + (" (suggested)" if c.key == mark else ""), c.key)
                                         for c in choices], value=mark or choices[0].key, disabled=held,
                                tooltip=tooltip(group, [c.label for c in choices], self.terms),
                                layout=widgets.Layout(width="auto", min_width="0", flex="1 1 auto"))
        tips = {c.key: tooltip(c.tooltip, [c.label], self.terms) for c in choices}
        button = widgets.Button(description="go", tooltip=tips[mark or choices[0].key], disabled=held,
                                button_style="success" if mark else "",
                                layout=widgets.Layout(width="52px", min_width="52px", height="34px"))
        if mark:
            button.add_class("rb-guided-suggested")
        menu.observe(lambda change: setattr(button, "tooltip", tips.get(change["new"], "")), names="value")
        button.on_click(self.errors.guard(lambda b: None if b.disabled else self.choose(str(menu.value))))
        for w in (menu, button):
            w.add_class("rb-guided-choice")
        self.menus[group] = (menu, button)
        words = widgets.HTML(f'<span class="rb-guided-group">{words_html(group, self.terms)}</span>',
                             layout=widgets.Layout(margin="0 6px 0 0"))
        pick = widgets.HBox([menu, button], layout=widgets.Layout(align_items="center", flex="1 1 180px",
                                                                  min_width="0"))
        return widgets.HBox([words, pick], layout=widgets.Layout(align_items="center", flex_flow="row wrap",
                                                                 margin="0 6px 0 0", width="100%"))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
