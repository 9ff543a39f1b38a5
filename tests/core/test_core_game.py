"""racebook.core.game.Race is game-agnostic (issue 39): a toy game plugs its flow into the base through the hooks
alone and gets the whole race API — parse, one listing per position, explain, atomic apply with a rewind by replay,
kept positions (``at(n)`` replays at most K - 1 actions), clone, saves through its codec, the SVG hook."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError, EngineError, IllegalAction
from racebook.core.events import Event
from racebook.core.game import Race
from racebook.core.log import EventLog, Step
from racebook.core.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Took(Event):
    RULE = "§1"
    TEMPLATE = "{car} takes {n}; {left} left"
    car: str
    n: int
    left: int


@dataclass(frozen=True, slots=True)
class Take(Action):
    n: int = 1

    @property
    def verb(self) -> str:
        return "take"

    def _args(self) -> str:
        return str(self.n)


@dataclass
class Pile:
    left: int
    turn: int = 0
    taken: dict[str, int] = field(default_factory=dict)
    finished: bool = False

    def copy(self) -> Pile:
        return Pile(self.left, self.turn, dict(self.taken), self.finished)


class NimCodec:
    @staticmethod
    def dumps(race: Nim) -> str:
        return json.dumps({"pile": race._initial.left, "actions": [str(a) for a in race.actions]})

    @staticmethod
    def loads(text: Any, file: str = "<save>", frames: bool = True) -> Nim:
        data = json.loads(text)
        race = Nim(Pile(data["pile"]), frames)
        for a in data["actions"]:
            race.apply_recorded(a)
        return race


class Nim(Race[Take, int, Pile]):
    """Two players take 1 or 2 from a pile; the frame after each event is what is left. K = 4 to see the copies."""

    snapshot_every = 4
    action_type = Take
    example_action = "A take 1"
    boom: Take | None = None  # a bug: applying this action raises half-way (after changing the pile)

    def __init__(self, pile: Pile, frames: bool = True) -> None:
        self.state, self.record_frames, self._initial = pile, frames, pile.copy()
        self.steps: list[Step[Take, int]] = [Step(0, None, ())]

    @classmethod
    def _parse_text(cls, text: str) -> Take:
        car, verb, n = (text.split() + ["", "", ""])[:3]
        if verb != "take" or not n.isdigit():
            raise ActionSyntaxError(text, "actions", "say e.g. 'A take 1'")
        return Take(car, int(n))

    @classmethod
    def codec(cls) -> Any:
        return NimCodec

    def _fresh(self, frames: bool) -> Nim:
        return Nim(self._initial.copy(), frames)

    def _new_log(self) -> EventLog:
        return EventLog((lambda: self.state.left) if self.record_frames else None)

    def _list_legal(self) -> list[Take]:
        who = ("A", "B")[self.state.turn % 2]
        return [Take(who, n) for n in (1, 2) if n <= self.state.left]

    def _step(self, action: Take, events: EventLog) -> None:
        s = self.state
        s.left -= action.n
        s.taken[action.car] = s.taken.get(action.car, 0) + action.n
        if action == self.boom:
            raise ZeroDivisionError("bug")
        s.turn += 1
        s.finished = s.left == 0
        events.append(Took(action.car, action.n, s.left))

    def _legal_rule(self) -> str:
        return "§1"

    def _refusal(self, action: Take, legal: list[Take]) -> Verdict:
        return Verdict(action, False, "§1", "take 1 or 2 in turn, at most the pile", tuple(legal))

    def position(self) -> str:
        return f"{self.state.left} left, {('A', 'B')[self.state.turn % 2]} to take"


@contextmanager
def _replayed() -> Iterator[list[Take]]:
    """The actions replayed (through ``apply_recorded``) inside the block."""
    seen: list[Take] = []
    real = Nim.apply_recorded

    def counted(self: Nim, action: Take | str) -> tuple[Event, ...]:
        seen.append(self.parse(action))
        return real(self, action)

    Nim.apply_recorded = counted  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Nim.apply_recorded = real  # type: ignore[method-assign]


def _play(n: int, pile: int = 40, frames: bool = True) -> Nim:
    race = Nim(Pile(pile), frames)
    for i in range(n):
        race.apply(race.legal_actions()[i % 2])
    return race


def test_the_api_comes_from_the_base() -> None:
    race = _play(3)
    assert race.actions == [Take("A", 1), Take("B", 2), Take("A", 1)] and race.frames == [39, 37, 36]
    assert race.parse("B take 2") == Take("B", 2) and race.explain("B take 2").legal
    v = race.explain(Take("A", 1))
    assert not v.legal and v.rule == "§1" and v.legal_now == (Take("B", 1), Take("B", 2))
    with pytest.raises(IllegalAction, match="at most the pile"):
        race.apply("A take 1")
    with pytest.raises(ActionSyntaxError, match="e.g. 'A take 1'"):
        race.apply(7)  # type: ignore[arg-type]
    assert race._repr_svg_() is None and not race.is_over and len(race.steps) == 4


def test_legal_actions_are_listed_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    race = _play(2)
    calls = []
    real = Nim._list_legal
    monkeypatch.setattr(Nim, "_list_legal", lambda self: calls.append(1) or real(self))
    first = race.legal_actions()
    first.clear()
    assert race.legal_actions() == [Take("A", 1), Take("A", 2)] and race.explain("A take 2").legal
    race.apply("A take 2")
    assert len(calls) == 1
    race.state.turn += 1  # changed outside apply: refresh() lists again
    race.refresh()
    assert race.legal_actions()[0].car == "A" and len(calls) == 2


@pytest.mark.parametrize("frames", [True, False])
def test_a_failure_half_way_rewinds_by_replay_from_the_nearest_kept_position(frames: bool) -> None:
    race = _play(10, frames=frames)
    before = (race.position(), dict(race.state.taken), race.actions, race.frames)
    state = race.state
    race.boom = race.legal_actions()[0]
    with _replayed() as count, pytest.raises(EngineError) as err:
        race.apply(race.boom)
    assert err.value.restored and err.value.position == before[0]
    assert (race.position(), race.state.taken, race.actions, race.frames) == before and race.state is state
    assert len(count) == (10 % Nim.snapshot_every if frames else 10)  # from the copy after step 8, or the start


def test_at_n_replays_at_most_k_minus_1_actions_and_clone_is_independent() -> None:
    race = _play(19)
    k = Nim.snapshot_every
    assert race.snapshots == list(range(0, 19, k))
    for n in range(20):
        with _replayed() as count:
            back = race.at(n)
        assert len(count) <= k - 1 and back.position() == race.replay(n).position() and back.actions == race.actions[:n]
    twin = race.clone()
    twin.apply(twin.legal_actions()[0])
    assert len(twin.actions) == 20 and len(race.actions) == 19 and twin.state.left != race.state.left


def test_saves_go_through_the_games_codec() -> None:
    race = _play(7)
    back = Nim.from_json(race.to_json(), frames=False, file="x.json")
    assert isinstance(back, Nim) and back.actions == race.actions and back.position() == race.position()


def test_the_base_imports_no_game() -> None:
    import racebook.core.game as g

    with open(g.__file__, encoding="utf-8") as fh:
        imports = [line for line in fh if line.startswith(("import ", "from "))]
    assert imports and all(line.split()[1].startswith(("racebook.core", "__future__", "collections", "typing"))
                           for line in imports), imports
