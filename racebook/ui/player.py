"""One race player for every game: a scenario header, a board view and a stepper wired together.

A game's player (RF90's :class:`racebook.rf90.ui.player.ScenarioPlayer`, Automobiles'
:class:`racebook.automobiles.ui.player.RacePlayer`) subclasses :class:`Player` and supplies only its own part, the
board-view protocol below: how a shipped id or scenario becomes a race, the view of its board, how the view follows
another race, and what one step shows. The header, the stepper, the error line, ``set_race`` / ``apply`` / ``go``
and the notebook display live here once (issue 39 item 5).
"""

from __future__ import annotations

import html
from typing import Any, Generic, Protocol, TypeVar

import ipywidgets as widgets

from racebook.ui.errors import ErrorLog
from racebook.ui.stepper import Stepper


class BoardView(Protocol):
    """What a player needs of a game's board view: a widget to show (the game's view adds its own methods)."""

    widget: Any


V = TypeVar("V", bound=BoardView)


def scenario_header(scenario: Any, *, title_px: int = 24, assumed: bool = True) -> str:
    """A scenario's title, its citation and (``assumed``) what it assumes, as HTML ('' for a race with no
    scenario)."""
    if scenario is None:
        return ""
    parts = [f'<div style="font-size:{title_px}px;font-weight:bold">{html.escape(scenario.title)}</div>']
    if scenario.cite:
        parts.append(f'<div style="font-size:15px;color:#555">{html.escape(scenario.cite)}</div>')
    if assumed and scenario.assumed:
        items = "".join(f"<li>{html.escape(a)}</li>" for a in scenario.assumed)
        parts.append(f'<div style="font-size:14px;color:#555">Assumed: <ul style="margin:2px 0">{items}</ul></div>')
    return "".join(parts)


class Player(Generic[V]):
    """Step through a race's events and watch its board.

    ``source`` is a race, a scenario or a shipped scenario id (the game's :meth:`resolve` says which). Display the
    player itself (or ``player.widget``) in a notebook cell. Subclasses implement :meth:`resolve`,
    :meth:`make_view`, :meth:`follow` and :meth:`show_step`; :meth:`extra_widgets` adds panels under the stepper.

    A view with a ``picture_widget`` (and ``notes_widgets``: its legend …) gets the stepper's ▶ and the current
    sentence right under the picture, the title above it and what the scenario assumes, the legend and the log
    below (issue 33 item 5: ▶ and the sentence within one screen of the picture); a view with ``set_whole`` gets a
    "whole circuit" checkbox beside ▶ (the view frames each step; ticked, it shows the whole circuit), unless it
    was made unframed (``framed=False``: it always shows the whole circuit, so the toggle would do nothing).
    """

    title_px = 24

    def __init__(self, source: Any, *, position: int | None = 0, width: int = 980, rows: int = 12,
                 stepper_options: dict[str, Any] | None = None) -> None:
        race, self.scenario = self.resolve(source)
        self.errors = ErrorLog()
        self.view: V = self.make_view(race, width)
        self.stepper = Stepper(rows=rows, errors=self.errors, **(stepper_options or {}))
        self.stepper.on_change(self._on_step)
        self.header = widgets.HTML(self._header_html())
        self.whole: Any = None
        picture = getattr(self.view, "picture_widget", None)
        if picture is None:
            self.widget = widgets.VBox([self.header, self.view.widget, self.stepper.widget, *self.extra_widgets(),
                                        self.errors.widget])
        else:
            self.assumed = widgets.HTML(self._assumed_html())
            bar: list[Any] = [self.stepper.controls]
            if hasattr(self.view, "set_whole") and getattr(self.view, "framed", True):  # an unframed view: no toggle
                self.whole = widgets.Checkbox(value=False, description="whole circuit", indent=False,
                                              layout=widgets.Layout(width="150px"))
                self.whole.add_class("rb-whole-circuit")
                self.whole.observe(self.errors.guard(self._on_whole), names="value")
                bar.append(self.whole)
            self.widget = widgets.VBox([self.header, picture, widgets.HBox(bar), self.stepper.sentence,
                                        *getattr(self.view, "notes_widgets", ()), self.assumed,
                                        self.stepper.log_html, *self.extra_widgets(), self.errors.widget])
        self.set_race(race, position)

    def _assumed_html(self) -> str:
        sc = self.scenario
        if sc is None or not sc.assumed:
            return ""
        full = scenario_header(sc, title_px=self.title_px)
        return full[len(scenario_header(sc, title_px=self.title_px, assumed=False)):]

    def _on_whole(self, change: dict) -> None:
        self.view.set_whole(bool(change["new"]))  # type: ignore[attr-defined]

    # ------------------------------------------------------------ the game's part
    def resolve(self, source: Any) -> tuple[Any, Any]:
        """``(race, scenario or None)`` for a race, a scenario or a shipped id."""
        raise NotImplementedError

    def make_view(self, race: Any, width: int) -> V:
        """The board view of ``race``'s board."""
        raise NotImplementedError

    def follow(self, race: Any) -> None:
        """Make the view show ``race``'s board and cars (called before the stepper moves to ``race``)."""
        raise NotImplementedError

    def show_step(self, position: int, event: Any, frame: Any) -> None:
        """Show the position of event ``position`` (``frame`` is None where the race keeps no frame)."""
        raise NotImplementedError

    def extra_widgets(self) -> list[Any]:
        """Panels shown under the stepper (none by default)."""
        return []

    # ------------------------------------------------------------ shared
    def _header_html(self) -> str:
        picture = getattr(self.view, "picture_widget", None) if hasattr(self, "view") else None
        return scenario_header(self.scenario, title_px=self.title_px, assumed=picture is None)

    @property
    def race(self) -> Any:
        return self.stepper.race

    def set_race(self, race: Any, position: int | None = None) -> None:
        """Show another race (or the same one after an action) on the same view.

        ``position`` None = the last event; 0 = before the first; negative = from the end.
        """
        self.follow(race)
        self.stepper.set_race(race, position)

    def set_scenario(self, source: Any, position: int | None = 0) -> None:
        """Show another scenario (a scenario object or a shipped id)."""
        race, self.scenario = self.resolve(source)
        self.header.value = self._header_html()
        if hasattr(self, "assumed"):
            self.assumed.value = self._assumed_html()
        self.set_race(race, position)

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply an action to the race and show its first new event."""
        before = self.stepper.count
        events = self.race.apply(action)
        self.set_race(self.race, before + 1 if events else None)
        return events  # type: ignore[no-any-return]

    def go(self, position: int) -> None:
        self.stepper.go(position)

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        self.show_step(position, event, frame)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
