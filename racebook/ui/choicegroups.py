"""Grouped choices (issue 33 item 3, issue 34 item 1): a decision's legal choices as a few short rows, not a wall of
equal buttons — any game's widget can use it.

Each :class:`Choice` carries what a click applies (``value``: the engine's own action object, never a text to parse
again), its human label and tooltip, and the row it belongs to (``family``: the row's title; "" for the row of
single choices). :class:`ChoiceBar` draws one row per family, in the order the families first appear: a family of
fewer than ``menu_from`` choices as buttons (each showing its :attr:`Choice.option`, the label without the words
the row's title already says), a larger one as a menu (a Dropdown whose values are the choices' ``value``) and one
"go" button. The widget decides nothing: the caller builds the choices from the engine's legal actions and labels,
and ``on_choose`` applies the value.

Headless use (the tests)::

    bar = ChoiceBar(lambda action: race.apply(action))
    bar.show([Choice(a, str(a), label(a)) for a in race.legal_actions()])
    bar.press(str(race.legal_actions()[0]))   # click its button (or pick it in its menu and click "go")
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

#: A family of this many choices or more is one menu and a "go" button (fewer: a button each).
MENU_FROM = 5


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice: ``value`` is what a click applies (an action object), ``key`` a unique text for it (the
    action's text: tests and scripts press it), ``label`` the button's words and ``tooltip`` its hover text.
    ``family`` is its row's title ("" = the row of single choices) and ``words`` the words its label starts with that
    the title already says ("skip, change strategy to"): they are left out of the choice's button or menu entry.
    ``primary`` draws its button in the primary colour; ``suggested`` marks the coach's choice (issue 33 item 1): its
    button is green, or in its family's menu it is the entry shown first-selected, marked "(suggested)", and "go" is
    green."""

    value: Any
    key: str
    label: str
    tooltip: str = ""
    family: str = ""
    words: str = ""
    primary: bool = False
    suggested: bool = False

    @property
    def option(self) -> str:
        """The label without its family's words ("PUSH" for "skip, change strategy to PUSH"): its entry in its row."""
        if self.words and self.label.startswith(self.words) and len(self.label) > len(self.words):
            return self.label[len(self.words):].lstrip(" ,:")
        return self.label


def rows(choices: Sequence[Choice]) -> list[tuple[str, list[Choice]]]:
    """The choices by family, each family once, in the order the families first appear (the engine's order)."""
    out: dict[str, list[Choice]] = {}
    for c in choices:
        out.setdefault(c.family, []).append(c)
    return list(out.items())


def close_tree(w: widgets.Widget) -> None:
    """Close ``w``, its children and their layouts and styles: a redraw after every decision must not leave dead
    widget models behind in the kernel and the browser."""
    for child in getattr(w, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):
        sub = getattr(w, part, None)
        if isinstance(sub, widgets.Widget):
            sub.close()
    w.close()


class ChoiceBar:
    """The rows of a decision's choices (see the module docstring). ``on_choose(value)`` is called on a click;
    ``guard`` wraps every callback (an :class:`~racebook.ui.errors.ErrorLog`'s ``guard``: an error is one line)."""

    def __init__(self, on_choose: Callable[[Any], object], guard: Callable[[Callable[..., Any]], Callable[..., Any]]
                 = lambda f: f, *, menu_from: int = MENU_FROM) -> None:
        self.on_choose = on_choose
        self.guard = guard
        self.menu_from = menu_from
        #: The buttons of the choices shown one by one, by key.
        self.buttons: dict[str, widgets.Button] = {}
        #: Each large family's menu and its "go" button, by the family's title.
        self.menus: dict[str, tuple[widgets.Dropdown, widgets.Button]] = {}
        self.choices: list[Choice] = []
        self.widget = widgets.VBox()
        self.widget.add_class("rb-choices")

    @property
    def keys(self) -> list[str]:
        """The key of every choice offered now (a button's, or an entry of a menu)."""
        return [c.key for c in self.choices]

    def show(self, choices: Sequence[Choice]) -> None:
        """Draw ``choices`` (replacing the ones shown, whose widgets are closed)."""
        self.choices = list(choices)
        self.buttons, self.menus = {}, {}
        shown: list[widgets.Widget] = []
        for family, members in rows(self.choices):
            title = widgets.HTML(f'<span class="rb-choices-title">{html.escape(family)}</span>') if family else None
            if family and len(members) >= self.menu_from:
                parts: list[widgets.Widget] = [self._menu(family, members)]
            else:
                parts = [self._button(c) for c in members]
            row = widgets.HBox(([title] if title is not None else []) + parts,
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            row.add_class("rb-choices-row")
            shown.append(row)
        old = self.widget.children
        self.widget.children = tuple(shown)
        for w in old:
            close_tree(w)

    def _button(self, c: Choice) -> widgets.Button:
        b = widgets.Button(description=c.option if c.family else c.label,
                           tooltip=c.tooltip + (" — the coach suggests it" if c.suggested else ""),
                           button_style="success" if c.suggested else "primary" if c.primary else "",
                           layout=widgets.Layout(width="auto", height="auto"))
        b.add_class("rb-choice")
        if c.suggested:
            b.add_class("rb-choice-suggested")
        b.on_click(self.guard(lambda _b, value=c.value: self.on_choose(value)))
        self.buttons[c.key] = b
        return b

    def _menu(self, family: str, members: list[Choice]) -> widgets.Widget:
        """A family's choices as a menu whose values are the choices' values, and its "go" button."""
        shown = next((c for c in members if c.suggested), members[0])
        menu = widgets.Dropdown(options=[(c.option, c.value) for c in members], value=shown.value,
                                layout=widgets.Layout(width="auto", max_width="100%"))
        tips = {id(c.value): c.tooltip + (" — the coach suggests it" if c.suggested else "") for c in members}
        plain = "primary" if members[0].primary else ""

        def style(value: Any) -> str:  # "go" is green while the menu shows the coach's choice
            return "success" if shown.suggested and value == shown.value else plain

        go = widgets.Button(description="go", tooltip=tips[id(shown.value)], button_style=style(shown.value),
                            layout=widgets.Layout(width="auto", height="auto"))
        if shown.suggested:
            go.add_class("rb-choice-suggested")

        def picked(change: dict[str, Any]) -> None:
            go.tooltip = tips.get(id(change["new"]), "")
            go.button_style = style(change["new"])

        menu.observe(picked, names="value")
        go.on_click(self.guard(lambda _b: self.on_choose(menu.value)))
        for w in (menu, go):
            w.add_class("rb-choice")
        self.menus[family] = (menu, go)
        box = widgets.HBox([menu, go], layout=widgets.Layout(align_items="center"))
        return box

    def press(self, key: str) -> None:
        """Click the choice ``key``: its button, or its entry of its family's menu and then "go"."""
        if key in self.buttons:
            self.buttons[key].click()
            return
        for c in self.choices:
            if c.key == key and c.family in self.menus:
                menu, go = self.menus[c.family]
                menu.value = c.value
                go.click()
                return
        raise KeyError(f"no button for {key!r}: it is not a legal action now")
