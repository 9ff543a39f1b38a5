"""The FormulaGP race: the state API of every game (:class:`racebook.core.game.Race`: ``legal_actions()``,
``explain(action)``, ``apply(action)``, ``clone()``, ``at(n)``) with FormulaGP's flow plugged in from its one turn
machine (:mod:`racebook.formulagp.turn`: phase -> legal / apply / explain).

Build one with :func:`racebook.formulagp.setup.new_race`. Every rule step appends a typed event
(:mod:`racebook.formulagp.events`) citing the digest. Saves (``to_json``) are not built yet; the position notation
(:mod:`racebook.formulagp.notation`) reads back every position between two decisions.
"""

from __future__ import annotations

from racebook.core.game import Race as CoreRace
from racebook.core.log import EventLog, Step
from racebook.core.verdict import Verdict
from racebook.formulagp import turn
from racebook.formulagp.actions import FgpAction, parse
from racebook.formulagp.notation import format_state
from racebook.formulagp.state import Phase, RaceState


class Race(CoreRace[FgpAction, None, RaceState]):
    """A FormulaGP race being played (no frames yet: ``frames`` keeps the kept positions for ``at(n)``)."""

    action_type = FgpAction
    example_action = "Grey play G3"

    def __init__(self, state: RaceState, frames: bool = False) -> None:
        self.state = state
        self.record_frames = frames
        self._initial = state.copy()
        self.steps: list[Step[FgpAction, None]] = []
        events = self._new_log()
        if state.round == 0:
            turn.start_race(state, events)
        self.steps.append(Step(0, None, tuple(events), ()))

    # ------------------------------------------------------------------ hooks of racebook.core.game.Race
    @classmethod
    def _parse_text(cls, text: str) -> FgpAction:
        return parse(text)

    def _new_log(self) -> EventLog:
        return EventLog(None)

    def _fresh(self, frames: bool) -> Race:
        return Race(self._initial.copy(), frames)

    def _list_legal(self) -> list[FgpAction]:
        return turn.legal(self.state)

    def _step(self, action: FgpAction, events: EventLog) -> None:
        turn.apply(self.state, action, events)

    def _legal_rule(self) -> str:
        return turn.TABLE[self.state.phase].rule

    def _refusal(self, action: FgpAction, legal: list[FgpAction]) -> Verdict:
        rule, reason = turn.explain(self.state, action)
        return Verdict(action, False, rule, reason, tuple(legal))

    # ------------------------------------------------------------------ FormulaGP's questions
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def current_car(self) -> str | None:
        """Whose decision it is now (a draw-phase decision, or the driver whose turn it is)."""
        if self.state.finished:
            return None
        if self.state.phase is Phase.DRAW:
            return turn.draw_pending(self.state)
        return self.state.turn.car if self.state.turn else None

    def classification(self) -> tuple[str, ...]:
        """The final results, winner first (§17.2); empty before the flag."""
        return self.state.result

    def position(self) -> str:
        """The position as one line (:func:`racebook.formulagp.notation.format_state`)."""
        return format_state(self.state)

    def __repr__(self) -> str:
        s = self.state
        return f"<formulagp Race round {s.round}, {s.phase.value}, {len(s.cars)} cars>"
