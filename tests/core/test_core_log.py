"""racebook.core is game-agnostic: a toy game built on its event and action bases, its step log with time travel and
its agent protocol alone (no racebook.rf90), the way a second game would use them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from racebook.core.actions import Action
from racebook.core.agents import RandomDriver, play_out
from racebook.core.errors import IllegalAction
from racebook.core.events import Event
from racebook.core.log import EventLog, Replay, Step, first_difference


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


class Nim(Replay[Take, int]):
    """Two players take 1 or 2 from a pile; the frame after each event is the pile."""

    def __init__(self, pile: int = 7, frames: bool = True) -> None:
        self.initial, self.pile, self.record_frames = pile, pile, frames
        self.turn = 0
        self.steps: list[Step[Take, int]] = [Step(0, None, ())]

    def _fresh(self, frames: bool) -> Nim:
        return Nim(self.initial, frames)

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_actions(self) -> list[Take]:
        who = ("A", "B")[self.turn % 2]
        return [Take(who, n) for n in (1, 2) if n <= self.pile]

    def apply(self, action: Take) -> tuple[Event, ...]:
        if action not in self.legal_actions():
            raise IllegalAction(action, "§1", "take 1 or 2, at most the pile")
        log = EventLog((lambda: self.pile) if self.record_frames else None)
        self.pile -= action.n
        self.turn += 1
        log.append(Took(action.car, action.n, self.pile))
        self.steps.append(Step(len(self.steps), action, tuple(log), tuple(log.frames)))
        return tuple(log)


def test_a_toy_game_plays_out_and_travels_back_in_time() -> None:
    game = play_out(Nim(7), {"A": RandomDriver(1), "B": RandomDriver(2)})
    assert game.is_over and sum(a.n for a in game.actions) == 7
    assert game.frames == [e.left for e in game.events]
    assert str(game.events[0]) == f"A takes {game.actions[0].n}; {7 - game.actions[0].n} left — §1"
    assert str(game.actions[0]) == f"A take {game.actions[0].n}"
    back = game.at(1)
    assert back.pile == 7 - game.actions[0].n and back.actions == game.actions[:1] and back is not game
    assert game.at(1, frames=False).frames == []
    assert game.events[0].to_dict() == {"kind": "Took", "car": "A", "n": game.actions[0].n,
                                        "left": 7 - game.actions[0].n, "sentence": str(game.events[0])}


def test_the_action_base_needs_a_verb_from_its_game() -> None:
    with pytest.raises(NotImplementedError):
        str(Action("A"))


def test_first_difference_names_the_first_differing_field() -> None:
    assert first_difference({"a": [1, 2]}, {"a": [1, 2]}, "final") is None
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}, "final") == ("final.a[1]", 2, 3)
    assert first_difference({"a": 1}, {"a": 1, "b": 0}, "x") == ("x.b", "(nothing)", 0)
    assert first_difference({"a": 1}, {"a": True}, "x") == ("x.a", 1, True)  # types count


def test_the_save_envelope_readers_name_the_file_and_field() -> None:
    from racebook.core.errors import SaveDataError
    from racebook.core.log import check_replayed, read_json_object, replay_actions

    assert read_json_object('{"format": "x"}', "f.json") == {"format": "x"}
    for text, reason in ((3, "a saved race is JSON text, not an integer"), ("[1]", "a saved race is a JSON object"),
                         ('{"a": NaN}', "NaN is not a number a race can hold")):
        with pytest.raises(SaveDataError, match=reason) as e:
            read_json_object(text, "f.json")
        assert e.value.file == "f.json" and e.value.field == "<json>"
    game = Nim(3)
    with pytest.raises(SaveDataError) as e:
        replay_actions(game, ["A take 1", "B take 5"], _parse, "f.json")
    assert e.value.field == "actions[1]" and game.pile == 2
    check_replayed({"pile": 2}, {"pile": 2}, "f.json")
    with pytest.raises(SaveDataError, match="gives 2, the save says 1") as e:
        check_replayed({"pile": 2}, {"pile": 1}, "f.json")
    assert e.value.field == "final.pile"


def _parse(text: str) -> Take:
    car, _verb, n = text.split()
    return Take(car, int(n))
