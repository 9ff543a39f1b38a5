"""Per-class registration (racebook.core.byclass, issue 39 item 4): a table finds an action's function by its class
(the nearest registered base class), falls back to a default, and refuses a class registered twice."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from racebook.core.byclass import ByClass, Legal


@dataclass(frozen=True)
class Move:
    car: str


@dataclass(frozen=True)
class Pair(Move):
    second: str = ""


@dataclass(frozen=True)
class Pass:
    car: str


def test_the_nearest_registered_class_serves_and_others_get_the_default() -> None:
    words: ByClass[str, str] = ByClass("words")

    @words.register(Move)
    def _move(ctx: str, a: Move) -> str:
        return f"{ctx}: {a.car} moves"

    assert words.get("T1", Move("A"), "?") == "T1: A moves"
    assert words.get("T1", Pair("B", "x"), "?") == "T1: B moves"  # a subclass: its base's entry
    assert words.get("T1", Pass("C"), "?") == "?"
    assert words.find(Pass) is None and words.classes() == frozenset({Move})

    @words.register(Pair, Pass)
    def _other(ctx: str, a: Pair | Pass) -> str:
        return f"{a.car} in {ctx}"

    assert words.get("T2", Pair("B"), "?") == "B in T2" and words.get("T2", Pass("C"), "?") == "C in T2"
    assert words.classes() == frozenset({Move, Pair, Pass})


def test_a_class_registered_twice_is_refused() -> None:
    words: ByClass[None, str] = ByClass("the test's words")
    words.register(Move)(lambda ctx, a: "one")
    with pytest.raises(ValueError, match="the test's words: Move is registered twice"):
        words.register(Pass, Move)(lambda ctx, a: "two")


def test_decide_serves_a_decision_by_priority_and_falls_through_on_none() -> None:
    """The registration order is the priority; a function answering None lets the next present class answer; a
    function registered for two classes is asked once; no class present: None."""
    asked: list[str] = []
    choice: ByClass[int, str | None] = ByClass("the test's driver")

    @choice.register(Pass)
    def _pass(limit: int, a: Pass) -> str | None:
        asked.append("pass")
        return None if limit < 2 else f"pass {a.car}"

    @choice.register(Move, Pair)
    def _move(limit: int, a: Move) -> str | None:
        asked.append("move")
        return None if limit < 1 else f"move {a.car}"

    both = Legal([Move("A"), Pass("B"), Move("C"), Pair("D")])
    assert choice.decide(2, both) == "pass B" and asked == ["pass"]
    asked.clear()
    assert choice.decide(1, both) == "move A" and asked == ["pass", "move"]
    asked.clear()
    assert choice.decide(0, both) is None and asked == ["pass", "move"]  # _move asked once for Move and Pair
    assert choice.decide(2, Legal([])) is None


def test_legal_groups_by_class_in_listed_order() -> None:
    legal = Legal([Move("A"), Pass("B"), Pair("C"), Move("D")])
    assert legal.has(Pass) and legal.has(Pair) and not legal.has(int)
    assert legal.of(Pass) == (Pass("B"),)
    assert legal.of(Move) == (Move("A"), Pair("C"), Move("D"))  # isinstance: the subclass too, in listed order
    assert legal.of(Pair) == (Pair("C"),) and legal.of(int) == ()
    assert legal.of_any(Pass, Pair) == [Pass("B"), Pair("C")] and legal.of_any(int, str) == []
    assert legal.of(Move) is legal.of(Move)  # listed once per decision
