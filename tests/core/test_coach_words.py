"""The coach's look-ahead sentence, built once for every game (racebook.core.coach): where the best choice leaves
the learner, and how the next best compares (all equal, a worse place, or the same place in the game's words)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.coach import advise, further_back, look_ahead_reason, ordinal


@dataclass(frozen=True)
class Out:
    place: int
    far: int
    over: bool = False

    def key(self) -> tuple[int, int]:
        return (self.place, -self.far)

    def words(self) -> str:
        return f"{ordinal(self.place)} at {self.far}"


def _words(o: Out) -> str:
    return o.words()


def _behind(best: Out, runner: Out) -> str:
    return f"; the next best choice gets to {runner.far} only"


def _reason(outs: list[Out]) -> str:
    best = min(range(len(outs)), key=lambda i: outs[i].key())
    return look_ahead_reason(outs, best, "to the end of round 2", _behind)


def test_the_three_comparisons() -> None:
    head = "Looking ahead to the end of round 2 (then driving like the computer), this leaves you "
    assert _reason([Out(2, 5), Out(2, 5)]) == head + "2nd at 5; every choice leads there, and this is the first of them"
    assert _reason([Out(3, 1), Out(2, 5), Out(2, 5)]) == \
        head + "2nd at 5; 2 of the 3 choices lead there, and this is the first of them"
    assert _reason([Out(3, 9), Out(1, 2)]) == head + "1st at 2; the next best choice leaves you 3rd at 9"
    assert _reason([Out(2, 4), Out(2, 6)]) == head + "2nd at 6; the next best choice gets to 4 only"
    with pytest.raises(ValueError, match="two choices or more"):
        _reason([Out(1, 1)])


@settings(deadline=None)  # a shared machine: no timing
@given(st.lists(st.tuples(st.integers(1, 5), st.integers(0, 9)), min_size=2, max_size=8))
def test_the_sentence_names_the_best_outcome_and_never_a_better_one(pairs: list[tuple[int, int]]) -> None:
    outs = [Out(p, f) for p, f in pairs]
    text = _reason(outs)
    i = min(range(len(outs)), key=lambda j: outs[j].key())
    best, runner = outs[i], min((o for j, o in enumerate(outs) if j != i), key=Out.key)
    assert f"this leaves you {_words(best)};" in text
    if runner == best:
        assert text.endswith("there, and this is the first of them")
    elif runner.place != best.place:
        assert text.endswith(f"; the next best choice leaves you {_words(runner)}")
    else:
        assert text.endswith(f"; the next best choice gets to {runner.far} only")


def test_advise_suggests_the_first_of_the_best_with_the_games_words() -> None:
    """advise: each action looked ahead, the first of the best keys, "to the end of" the game's unit (or of the race
    when it ended), the game's extra words for the suggested action, then a full stop."""
    looked = {"a": Out(2, 3), "b": Out(1, 4), "c": Out(1, 4)}
    advice = advise(["a", "b", "c"], looked.__getitem__, lambda o: "round 2", _behind, lambda a: f"; odds of {a}")
    assert advice.index == 1 and advice.outcomes == (Out(2, 3), Out(1, 4), Out(1, 4))
    assert advice.reason == ("Looking ahead to the end of round 2 (then driving like the computer), this leaves you "
                             "1st at 4; 2 of the 3 choices lead there, and this is the first of them; odds of b.")
    over = {"a": Out(2, 3, over=True), "b": Out(2, 1, over=True)}
    advice = advise(["a", "b"], over.__getitem__, lambda o: "round 9", lambda b, r: further_back(r, " (here)"),
                    then="the greedy player")
    assert advice.reason == ("Looking ahead to the end of the race (then driving like the greedy player), this leaves "
                             "you 2nd at 3; the next best choice leaves you 2nd too but further back (here).")


def test_advise_with_one_action_or_none() -> None:
    def look(a: str) -> Out:
        raise AssertionError("a single action is not looked ahead")

    advice = advise(["only"], look, str, _behind, lambda a: f"; {a}")
    assert (advice.index, advice.reason, advice.outcomes) == (0, "your only legal move now; only.", None)
    assert advise(["x"], look, str, _behind).reason == "your only legal move now."
    with pytest.raises(ValueError, match="no legal action"):
        advise([], look, str, _behind)


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
