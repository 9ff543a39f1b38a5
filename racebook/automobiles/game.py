"""The Automobiles race: the state API of every game (:class:`racebook.core.game.Race`: ``legal_actions()``,
``explain(action)``, ``apply(action)``, ``clone()``, ``at(n)``, saves) with Automobiles' own flow plugged in.

Every rule step appends a typed event (:mod:`racebook.automobiles.events`) whose sentence cites the digest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles import savefile, turn
from racebook.automobiles.actions import parse
from racebook.automobiles.notation import format_state
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.state import GameState, Phase
from racebook.core.actions import Action
from racebook.core.game import Codec, move_contents
from racebook.core.game import Race as CoreRace
from racebook.core.log import EventLog, Step
from racebook.core.saves import start_and_replay
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


class Race(CoreRace[Action, Frame, GameState]):
    """A race being played. Build one with :func:`racebook.automobiles.setup.new_state` or a scenario
    (:func:`racebook.automobiles.scenario.load`). The API (``legal_actions``, ``explain``, ``apply``, ``at``,
    ``clone``, saves) is :class:`racebook.core.game.Race`'s; this class holds Automobiles' flow: the opening, the
    turn machine (:mod:`racebook.automobiles.turn`) and a frame after every event when ``frames`` is on.

    With frames it also keeps a copy of its position every :attr:`snapshot_every` actions (a copy costs ~0.2 ms,
    about half an action), so ``at(n)`` replays at most K - 1 actions; nothing is copied while actions succeed."""

    snapshot_every = 32
    frames_on_demand = False  # a frame is small (the cars and the cubes placed this turn): stored with its step
    action_type = Action
    example_action = "A pass"

    def __init__(self, state: GameState, frames: bool = True) -> None:
        self.state = state
        self.record_frames = frames
        self._initial = state.copy()
        self.steps: list[Step[Action, Frame]] = []
        events = self._new_log()
        turn.opening(state, events)
        self.steps.append(Step(0, None, tuple(events), tuple(events.frames)))

    # ------------------------------------------------------------------ hooks of racebook.core.game.Race
    @classmethod
    def _parse_text(cls, text: str) -> Action:
        return parse(text)

    @classmethod
    def codec(cls) -> Codec:
        return Saves

    def _new_log(self) -> EventLog:
        return EventLog((lambda: frame_of(self.state)) if self.record_frames else None)

    def _fresh(self, frames: bool) -> Race:
        return Race(self._initial.copy(), frames)

    def _list_legal(self) -> list[Action]:
        return turn.legal(self.state)

    def _step(self, action: Action, events: EventLog) -> None:
        turn.apply(self.state, action, events)

    def _legal_rule(self) -> str:
        t = self.state.turn
        return turn.RULES[t.phase] if t else "§14"

    def _refusal(self, action: Action, legal: list[Action]) -> Verdict:
        rule, reason = turn.why_not(self.state, action)
        return Verdict(action, False, rule, reason, tuple(legal))

    def _restore(self, replayed: GameState) -> None:
        move_contents(self.state.players, replayed.players)  # the Player objects stay the race's own
        super()._restore(replayed)

    def _svg(self) -> str:
        """The current position drawn as SVG (notebooks, docs): :func:`racebook.automobiles.boardsvg.race_svg`."""
        from racebook.automobiles.boardsvg import race_svg  # drawing is not the engine's: imported when drawn

        return race_svg(self)

    # ------------------------------------------------------------------ Automobiles' questions
    @property
    def current_car(self) -> str | None:
        return self.state.turn.car if self.state.turn and not self.state.finished else None

    @property
    def phase(self) -> Phase | None:
        return self.state.turn.phase if self.state.turn and not self.state.finished else None

    def standings(self) -> list[str]:
        """Race position now, 1st first (§13)."""
        return standings(self.state)

    def position(self) -> str:
        """The position as one line (:func:`racebook.automobiles.notation.format_state`)."""
        return format_state(self.state)

    def __repr__(self) -> str:
        return f"<automobiles Race {self.position()}>"


class Saves:
    """Automobiles' codec (:class:`racebook.core.game.Codec`): the format is :mod:`racebook.automobiles.savefile`'s;
    loading builds the race and replays it (every problem a :class:`~racebook.core.errors.SaveDataError`)."""

    dumps = staticmethod(savefile.dumps)

    @staticmethod
    def loads(text: Any, file: str = "<save>", frames: bool = True) -> Race:
        """The race saved in ``text``, replayed to where it was saved; every problem is a SaveDataError."""
        state, actions, final = savefile.read(text, file)
        race = start_and_replay(lambda: Race(state, frames), actions, parse, file, "this position")
        savefile.check_final(race, final, file)
        return race
