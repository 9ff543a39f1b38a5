"""The FormulaGP race: the state API of every game (:class:`racebook.core.game.Race`: ``legal_actions()``,
``explain(action)``, ``apply(action)``, ``clone()``, ``at(n)``) with FormulaGP's flow plugged in from its one turn
machine (:mod:`racebook.formulagp.turn`: phase -> legal / apply / explain).

Build one with :func:`racebook.formulagp.setup.new_race`. Every rule step appends a typed event
(:mod:`racebook.formulagp.events`) citing the digest. A save (``to_json``) is the initial and the final position in
the position notation (:mod:`racebook.formulagp.notation`, which holds the generator and the stacked dice) and the
action texts; loading replays the actions and checks the final position (:class:`Saves`, defined here so that the
codec needs no import of this module from elsewhere).
"""

from __future__ import annotations

import json
from typing import Any

from racebook.core.errors import RacebookError, SaveDataError
from racebook.core.game import Codec
from racebook.core.game import Race as CoreRace
from racebook.core.log import EventLog, Step
from racebook.core.saves import action_texts, read_envelope, start_and_replay
from racebook.core.verdict import Verdict
from racebook.formulagp import limitedtyres, qualify, turn
from racebook.formulagp.actions import FgpAction, parse
from racebook.formulagp.battles import deciding
from racebook.formulagp.notation import format_state, parse_position
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
        if state.round == 0 and not state.panel_side:  # not started (qualifying runs in round 0, §9)
            turn.start_race(state, events)
        self.steps.append(Step(0, None, tuple(events), ()))

    # ------------------------------------------------------------------ hooks of racebook.core.game.Race
    @classmethod
    def _parse_text(cls, text: str) -> FgpAction:
        return parse(text)

    @classmethod
    def codec(cls) -> Codec:
        return Saves

    def _new_log(self) -> EventLog:
        return EventLog(None)

    def _svg(self) -> str:
        """The current position drawn as SVG: :func:`racebook.formulagp.picture.race_svg`."""
        from racebook.formulagp.picture import race_svg  # drawing is not the engine's: imported when drawn

        return race_svg(self)

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
        if self.state.phase is Phase.QUALIFY:
            return qualify.pending(self.state)
        if self.state.phase is Phase.GRID:  # the Red Flag grid's tyre choices, in grid order (§19.6)
            return self.state.grid_tyres[0] if self.state.grid_tyres else None
        if self.state.phase is Phase.SETS:  # §21 15.10: each player's tyre sets, in grid order
            waiting = limitedtyres.pending(self.state)
            return waiting[0] if waiting else None
        if self.state.phase is Phase.START:
            return self.state.start.waiting[0] if self.state.start.waiting else None
        if self.state.phase is Phase.BATTLE:
            return deciding(self.state)  # the attacker, a side still to seal, a forced discard (§13.3)
        if self.state.phase is Phase.CONTROL:  # a loss of control waits for its driver (§18.1)
            return self.state.pending[0].split(":")[0] if self.state.pending else None
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


FORMAT = "racebook-formulagp-save-1"
_KEYS = ("format", "initial", "actions", "final")


class Saves:
    """FormulaGP's codec (:class:`racebook.core.game.Codec`): a race as JSON text and back; every problem is a
    :class:`SaveDataError` naming ``file`` and the field."""

    @staticmethod
    def dumps(race: Any) -> str:
        return json.dumps({"format": FORMAT, "initial": format_state(race._initial),
                           "actions": [str(a) for a in race.actions], "final": format_state(race.state)})

    @staticmethod
    def loads(text: Any, file: str = "<save>", frames: bool = False) -> Race:
        data = read_envelope(text, file, FORMAT, _KEYS)
        actions = action_texts(data, file)
        if not isinstance(data["initial"], str) or not isinstance(data["final"], str):
            raise SaveDataError(file, "initial" if not isinstance(data["initial"], str) else "final",
                                "must be a position text")
        try:
            state = parse_position(data["initial"])
        except RacebookError as e:
            raise SaveDataError(file, "initial", str(e)) from None
        race = start_and_replay(lambda: Race(state, frames), actions, parse, file, "it",
                                (RacebookError, KeyError, ValueError))  # a position the set-up cannot start from
        if format_state(race.state) != data["final"]:
            raise SaveDataError(file, "final", "replaying the saved actions gives another position (the save is "
                                               "altered or was made by another engine)")
        return race
