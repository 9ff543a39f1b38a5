"""RacePlayer: the stepper, the board view and the zones panel wired together for one Automobiles race."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.automobiles.actionlabels import label
from racebook.automobiles.boardsvg import state_info
from racebook.automobiles.game import frame_of
from racebook.automobiles.ui.panels import ZonesPanel
from racebook.automobiles.ui.svgboard import board_view
from racebook.ui.errors import ErrorLog
from racebook.ui.stepper import Stepper

if TYPE_CHECKING:
    from racebook.automobiles.game import Race  # a race of the game (a racebook.core.game.Race)


def _first_frame(race: Race) -> Any:
    """The position before the first event: the cars do not move in a race's opening events (the starting order,
    the pre-race money, the first draws), so it is the first event's frame."""
    frames = race.frames
    return frames[0] if len(frames) else frame_of(race.state)


def _turn_text(frame: Any) -> str:
    return f"{frame.turn}'s turn" if getattr(frame, "turn", None) else "between turns"


class RacePlayer:
    """Step through an Automobiles race's events and watch the board and the zones.

    ``source`` is a :class:`racebook.automobiles.game.Race`, a scenario (:func:`racebook.automobiles.scenario.read`)
    or a shipped scenario id. The zones panel shows the position after the step the event belongs to
    (:meth:`racebook.core.log.Replay.at`)."""

    def __init__(self, source: Any, *, position: int | None = 0, width: int = 980, rows: int = 8,
                 zones: bool = True) -> None:
        race, self.scenario = self._resolve(source)
        self.errors = ErrorLog()
        self.view = board_view(race.state.board, width=width, order=race.state.order, errors=self.errors)
        self.stepper = Stepper(rows=rows, errors=self.errors, frame_of=frame_of, start_frame=_first_frame,
                               turn_text=_turn_text, action_label=self.action_words)
        self.zones = ZonesPanel() if zones else None
        self._states: dict[int, Any] = {}
        self.stepper.on_change(self._on_step)
        self.header = widgets.HTML(self._header_html())
        parts = [self.header, self.view.widget, self.stepper.widget]
        if self.zones is not None:
            parts.append(self.zones.widget)
        self.widget = widgets.VBox(parts + [self.errors.widget])
        self.set_race(race, position)

    @staticmethod
    def _resolve(source: Any) -> tuple[Any, Any]:
        if isinstance(source, str):
            from racebook.automobiles.scenario import read
            source = read(source)
        if hasattr(source, "race") and hasattr(source, "title"):
            return source.race(), source
        return source, None

    def _header_html(self) -> str:
        sc = self.scenario
        if sc is None:
            return ""
        parts = [f'<div style="font-size:22px;font-weight:bold">{html.escape(sc.title)}</div>',
                 f'<div style="font-size:15px;color:#555">{html.escape(sc.cite)}</div>']
        if sc.assumed:
            items = "".join(f"<li>{html.escape(a)}</li>" for a in sc.assumed)
            parts.append(f'<div style="font-size:14px;color:#555">Assumed: <ul style="margin:2px 0">{items}</ul></div>')
        return "".join(parts)

    @property
    def race(self) -> Any:
        return self.stepper.race

    def set_race(self, race: Race, position: int | None = None) -> None:
        """Show another race (or the same one after an action) on the same figure."""
        if race.state.board is not self.view.board:
            self.view.set_board(race.state.board, race.state.order)
        self._states = {}
        self.stepper.set_race(race, position)

    def set_scenario(self, source: Any, position: int | None = 0) -> None:
        """Show another scenario (a :class:`racebook.automobiles.scenario.Scenario` or a shipped id)."""
        race, self.scenario = self._resolve(source)
        self.header.value = self._header_html()
        self.set_race(race, position)

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply an action to the race and show its first new event."""
        before = self.stepper.count
        events = self.race.apply(action)
        self.set_race(self.race, before + 1 if events else None)
        return events

    def go(self, position: int) -> None:
        self.stepper.go(position)

    def state_at(self, position: int) -> Any:
        """The state after the step of event ``position`` (the current state for the last step)."""
        return self._state_after(self.stepper.steps[position - 1] if position > 0 else 0)

    def action_words(self, step: int) -> str:
        """The decision of step ``step`` in plain words (:func:`racebook.automobiles.actionlabels.label`, read in
        the position it was taken in)."""
        return label(self._state_after(step - 1), self.race.steps[step].action)

    def _state_after(self, step: int) -> Any:
        race = self.race
        if step >= len(race.steps) - 1:
            return race.state
        if step not in self._states:
            if len(self._states) > 32:
                self._states.clear()
            self._states[step] = race.at(step).state
        return self._states[step]

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        state = self.state_at(position)
        if frame is not None:  # a cube just placed: its move (§7.1–§7.2) outlined
            move = tuple(getattr(event, "spaces", ())) if getattr(event, "kind", "") == "CubePlaced" else ()
            self.view.show(frame, move, info=state_info(state))
        if self.zones is not None:
            step = self.stepper.steps[position - 1] if position > 0 else 0
            action = self.race.steps[step].action
            self.zones.update(state, f"zones after {action.car}'s decision: {self.action_words(step)}"
                              if action is not None else "zones after the automatic steps")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
