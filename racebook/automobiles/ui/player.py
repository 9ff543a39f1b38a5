"""RacePlayer: the stepper, the board view and the zones panel wired together for one Automobiles race."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from racebook.automobiles.actionlabels import label
from racebook.automobiles.boardsvg import state_info
from racebook.automobiles.game import frame_of
from racebook.automobiles.ui.panels import ZonesPanel
from racebook.automobiles.ui.svgboard import board_view
from racebook.ui.player import Player

if TYPE_CHECKING:
    from racebook.automobiles.game import Race  # a race of the game (a racebook.core.game.Race)


def _first_frame(race: Race) -> Any:
    """The position before the first event: the cars do not move in a race's opening events (the starting order,
    the pre-race money, the first draws), so it is the first event's frame."""
    frames = race.frames
    return frames[0] if len(frames) else frame_of(race.state)


def _turn_text(frame: Any) -> str:
    return f"{frame.turn}'s turn" if getattr(frame, "turn", None) else "between turns"


class RacePlayer(Player[Any]):
    """Step through an Automobiles race's events and watch the board and the zones.

    ``source`` is a :class:`racebook.automobiles.game.Race`, a scenario (:func:`racebook.automobiles.scenario.read`)
    or a shipped scenario id. The zones panel shows the position after the step the event belongs to
    (:meth:`racebook.core.log.Replay.at`)."""

    title_px = 22

    def __init__(self, source: Any, *, position: int | None = 0, width: int = 980, rows: int = 8,
                 zones: bool = True, framed: bool = True) -> None:
        self.zones = ZonesPanel() if zones else None
        self.framed = framed  # the board frames each step, a "whole circuit" checkbox beside ▶ (issue 33 item 5)
        self._states: dict[int, Any] = {}
        super().__init__(source, position=position, width=width, rows=rows,
                         stepper_options={"frame_of": frame_of, "start_frame": _first_frame,
                                          "turn_text": _turn_text, "action_label": self.action_words})

    def resolve(self, source: Any) -> tuple[Any, Any]:
        if isinstance(source, str):
            from racebook.automobiles.scenario import read
            source = read(source)
        if hasattr(source, "race") and hasattr(source, "title"):
            return source.race(), source
        return source, None

    def make_view(self, race: Any, width: int) -> Any:
        return board_view(race.state.board, width=width, order=race.state.order, errors=self.errors,
                          framed=self.framed)

    def extra_widgets(self) -> list[Any]:
        return [self.zones.widget] if self.zones is not None else []

    def follow(self, race: Any) -> None:
        if race.state.board is not self.view.board:
            self.view.set_board(race.state.board, race.state.order)
        self._states = {}

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

    def _frame_before(self, position: int) -> Any:
        """The position a framed board compares event ``position``'s with: the one before it (at the start: the
        one after the first event, where the race begins to move)."""
        frames = self.stepper.frames
        if position <= 1:
            return frames[0] if position == 0 and len(frames) else _first_frame(self.race)
        return frames[position - 2] if position - 2 < len(frames) else None

    def show_step(self, position: int, event: Any, frame: Any) -> None:
        state = self.state_at(position)
        if frame is not None:  # a cube just placed: its move (§7.1–§7.2) outlined
            move = tuple(getattr(event, "spaces", ())) if getattr(event, "kind", "") == "CubePlaced" else ()
            self.view.show(frame, move, info=state_info(state), before=self._frame_before(position))
        if self.zones is not None:
            step = self.stepper.steps[position - 1] if position > 0 else 0
            action = self.race.steps[step].action
            self.zones.update(state, f"zones after {action.car}'s decision: {self.action_words(step)}"
                              if action is not None else "zones after the automatic steps")
