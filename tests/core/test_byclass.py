"""Per-class registration (racebook.core.byclass, issue 39 item 4): a table finds an action's function by its class
(the nearest registered base class), falls back to a default, and refuses a class registered twice."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from racebook.core.byclass import ByClass


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
