"""The debrief over the guided-race protocol (racebook.core.debrief), on a toy race: a decision replayed both ways
gives the places of its two replays, the costliest are named, the budget picks the decisions the coach's look-ahead
put furthest apart (then the earliest), and a decision taken with the coach off gets its suggestion asked on the
copy."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from racebook.core.debrief import Decision, DecisionLog, Replayable, debrief
from racebook.core.guided import GuidedChoice, with_suggestion


@dataclass(frozen=True)
class Out:
    place: int


@dataclass(frozen=True)
class Advice:
    index: int
    reason: str
    outcomes: tuple[Out, ...]


class Toy:
    """``n`` decisions of "slow" or "fast" (the coach suggests "fast"); each "slow" costs a place: the learner
    finishes 1 + the number of "slow" of ``cars``. The coach's look-ahead says decision i is worth ``i % 3``
    places (the ``gap`` the budget ranks by). The autopilot always drives "fast"."""

    def __init__(self, n: int = 6, cars: int = 9) -> None:
        self.n, self.cars, self.coach = n, cars, True
        self.picks: list[str] = []
        self.log = DecisionLog()

    @property
    def finished(self) -> bool:
        return len(self.picks) >= self.n

    def advice(self) -> Advice:
        i = len(self.picks) + 1
        return Advice(1, "fast is further", (Out(1 + i % 3), Out(1)))

    def buttons(self) -> list[GuidedChoice]:
        return [] if self.finished else [GuidedChoice("slow", "go slow", ""), GuidedChoice("fast", "go fast", "")]

    def labelled_choices(self) -> list[GuidedChoice]:
        out = self.buttons()
        if not self.coach or not out:
            return out
        a = self.advice()
        return with_suggestion(out, a.index, a.reason)

    def decide(self, key: str) -> list:
        if self.log.keep:
            self.log.note(self, key, self.buttons(), self.advice() if self.coach else None)
        self.picks.append(key)
        return []

    def place(self) -> int:
        return 1 + self.picks.count("slow")

    def standings(self) -> list[str]:
        return [f"car {i}" for i in range(self.cars)]

    def when(self) -> str:
        return f"lap {len(self.picks) + 1}"

    def copy(self) -> Toy:
        other = Toy(self.n, self.cars)
        other.picks, other.coach, other.log = list(self.picks), self.coach, DecisionLog(keep=False)
        return other

    def autopilot(self) -> str:
        return "fast"


def _play(toy: Toy, keys: list[str]) -> Toy:
    for k in keys:
        toy.decide(k)
    return toy


def test_each_decision_replayed_both_ways_and_the_costliest_named() -> None:
    toy = _play(Toy(), ["slow", "fast", "slow", "slow", "fast", "slow"])
    assert isinstance(toy, Replayable)
    d = toy.log.debrief(toy)
    assert (d.place, d.cars, d.decisions, d.followed) == (5, 9, 6, 2)
    assert [c.decision.number for c in d.replayed] == [1, 3, 4, 6] and d.replays == 8 and d.skipped == 0
    # replay of decision i: the "slow" picks before it, then slow (yours) or fast (suggested), then fast
    for c in d.replayed:
        before = toy.picks[:c.decision.number - 1].count("slow")
        assert (c.yours.place, c.suggested.place, c.lost) == (2 + before, 1 + before, 1)
    assert [c.decision.number for c in d.costs] == [1, 3, 4]  # three of the equal costs: the earliest
    assert d.lines()[1] == "The 3 decisions that cost you most:" and d.costs[0].sentence() == (
        "Lap 1, decision 1: you chose “go slow” — replayed from there, you finish 2nd of 9; the suggested “go fast” "
        "finishes 1st of 9, 1 place better.")
    assert toy.log.debrief(toy) is d


def test_the_budget_takes_the_widest_gaps_first_then_the_earliest() -> None:
    toy = _play(Toy(n=9), ["slow"] * 9)
    d = debrief(toy, toy.log.decisions, max_replays=6)
    # gaps i % 3: decisions 2, 5, 8 have 2; then 1, 4, 7 have 1
    assert [c.decision.number for c in d.replayed] == [2, 5, 8] and d.skipped == 6 and d.compared == 3
    assert "6 more were not replayed" in d.method()


def test_a_decision_taken_with_the_coach_off_gets_its_suggestion_asked_on_the_copy() -> None:
    toy = Toy()
    toy.coach = False
    _play(toy, ["slow", "fast", "fast", "fast", "fast", "fast"])
    assert all(x.suggested is None for x in toy.log.decisions)
    d = debrief(toy, toy.log.decisions)
    assert d.followed == 5 and [c.decision.number for c in d.costs] == [1]
    assert d.costs[0].decision.suggested is not None and d.costs[0].decision.suggested.key == "fast"
    assert d.costs[0].decision.gap == 1  # asked on the copy, whose coach says its advice
    limited = debrief(toy, toy.log.decisions, max_asked=0)
    assert limited.followed == 0 and limited.compared == 0 and limited.skipped == 6


def test_every_suggestion_taken_and_the_debrief_before_the_end() -> None:
    toy = _play(Toy(n=3), ["fast"] * 3)
    d = toy.log.debrief(toy)
    assert d.lines() == ["You finished 1st of 9. You made 3 decisions and took the coach's suggestion in 3.",
                         "You took every suggestion: no decision to replay."] and d.replays == 0
    with pytest.raises(ValueError, match="end of the race"):
        debrief(Toy(), [])


def test_decisions_compare_without_their_copies() -> None:
    a, b = _play(Toy(n=1), ["slow"]), _play(Toy(n=1), ["slow"])
    da, db = a.log.decisions[0], b.log.decisions[0]
    assert isinstance(da, Decision) and da == db and da.at is not db.at
