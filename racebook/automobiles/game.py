"""The Automobiles race: one state API — ``legal_actions()``, ``explain(action)``, ``apply(action)``, ``clone()`` —
and an append-only step log with time travel (:class:`racebook.core.log.Replay`), as :class:`racebook.rf90.game.Race`.

Every rule step appends a typed event (:mod:`racebook.automobiles.events`) whose sentence cites the digest.
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.automobiles import turn
from racebook.automobiles.actions import parse
from racebook.automobiles.notation import format_state
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.state import GameState, Phase
from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError, EngineError, RacebookError
from racebook.core.events import Event
from racebook.core.log import EventLog, Replay, Step
from racebook.core.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Frame:
    """The visible position right after one event: each car's (lane, progress), and the cubes on the track."""

    cars: dict[str, tuple[int, int]]
    track: dict[str, tuple[tuple[str, str], ...]]  # player -> (cube, space) placed this turn
    turn: str | None


def frame_of(state: GameState) -> Frame:
    return Frame({p.id: (p.lane, p.progress) for p in state.players.values()},
                 {p.id: tuple((c.code, c.spaces[-1]) for c in p.track) for p in state.players.values() if p.track},
                 state.turn.car if state.turn else None)


class Race(Replay[Action, Frame]):
    """A race being played. Build one with :func:`racebook.automobiles.setup.new_state` or a scenario
    (:func:`racebook.automobiles.scenario.load`)."""

    def __init__(self, state: GameState, frames: bool = True) -> None:
        self.state = state
        self.record_frames = frames
        self._initial = state.copy()
        self.steps: list[Step[Action, Frame]] = []
        self._legal_cache = None
        events = self._log()
        turn.opening(state, events)
        self.steps.append(Step(0, None, tuple(events), tuple(events.frames)))

    def _log(self) -> EventLog:
        return EventLog((lambda: frame_of(self.state)) if self.record_frames else None)

    def clone(self) -> Race:
        """An independent copy at the current position (no replay); the past steps are shared (immutable)."""
        r = Race.__new__(Race)
        r.state = self.state.copy()
        r.record_frames = self.record_frames
        r._initial = self._initial
        r.steps = list(self.steps)
        r._legal_cache = None
        return r

    def _fresh(self, frames: bool) -> Race:
        return Race(self._initial.copy(), frames)

    # ------------------------------------------------------------------ the API
    @property
    def current_car(self) -> str | None:
        return self.state.turn.car if self.state.turn and not self.state.finished else None

    @property
    def phase(self) -> Phase | None:
        return self.state.turn.phase if self.state.turn and not self.state.finished else None

    @property
    def is_over(self) -> bool:
        return self.state.finished

    def standings(self) -> list[str]:
        """Race position now, 1st first (§13)."""
        return standings(self.state)

    def legal_actions(self) -> list[Action]:
        """Every action legal now; the single source of truth for ``apply`` and ``explain``."""
        return list(self._legal_now())

    def _list_legal(self) -> list[Action]:
        return turn.legal(self.state)

    @staticmethod
    def _parse(action: Action | str) -> Action:
        if isinstance(action, str):
            action = parse(action)
        if not isinstance(action, Action):
            raise ActionSyntaxError(repr(action), "actions", "not an action: give an Action or its text, e.g. 'A pass'")
        return action

    def explain(self, action: Action | str) -> Verdict:
        """Is ``action`` legal now, and if not why (the rule section and a sentence, from the turn machine)."""
        action = self._parse(action)
        legal = self._legal_now()
        if action in legal:
            t = self.state.turn
            rule = turn.RULES[t.phase] if t else "§14"
            return Verdict(action, True, rule, f"{action} is legal now", tuple(legal))
        rule, reason = turn.why_not(self.state, action)
        return Verdict(action, False, rule, reason, tuple(legal))

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply one legal action (or its text); returns its events. A refused action raises the
        :class:`~racebook.core.errors.IllegalAction` of its verdict and leaves the race unchanged."""
        action = self._parse(action)
        if action not in self._legal_now():
            raise self.explain(action).error()
        before = self.state.copy()
        events = self._log()
        try:
            turn.apply(self.state, action, events)
        except BaseException as e:
            vars(self.state).update(vars(before))
            self._legal_cache = None
            if isinstance(e, RacebookError) or not isinstance(e, Exception):
                raise
            raise EngineError(action, self.position(), e) from e
        self._legal_cache = None
        step = Step(len(self.steps), action, tuple(events), tuple(events.frames))
        self.steps.append(step)
        return step.events

    def position(self) -> str:
        """The position as one line (:func:`racebook.automobiles.notation.format_state`)."""
        return format_state(self.state)

    def to_json(self) -> str:
        """The save of this race (:func:`racebook.automobiles.saves.dumps`)."""
        from racebook.automobiles.saves import dumps
        return dumps(self)

    @classmethod
    def from_json(cls, text: str, frames: bool = True) -> Race:
        """The race saved in ``text`` (:func:`racebook.automobiles.saves.loads`; a SaveDataError if damaged)."""
        from racebook.automobiles.saves import loads
        return loads(text, frames=frames)

    def _repr_svg_(self) -> str:
        """The current position drawn as SVG (notebooks, docs): :func:`racebook.automobiles.boardsvg.race_svg`."""
        from racebook.automobiles.boardsvg import race_svg

        return race_svg(self)

    def __repr__(self) -> str:
        return f"<automobiles Race {self.position()}>"
