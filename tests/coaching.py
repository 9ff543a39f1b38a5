"""Set-up shared by the three coaches' tests (tests/rf90/lessons, tests/automobiles and tests/formulagp:
test_coach.py): a guided race (:class:`racebook.core.guided.GuidedRaceModel`) played to its end by the coach's
suggestions, checking at every decision that exactly one choice is suggested and only it has a reason; or by a fixed
choice; and the learner's final places over seeds, both ways."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from racebook.core.guided import GuidedRaceModel

M = TypeVar("M", bound=GuidedRaceModel)


def follow_the_coach(race: GuidedRaceModel) -> list[str]:
    """``race`` played to its end taking the suggested choice every time, checking each decision's suggestion; the
    reasons given, one a decision."""
    reasons = []
    while not race.finished:
        choices = race.labelled_choices()
        marked = [c for c in choices if c.suggested]
        assert len(marked) == 1, (race.seed, [c.label for c in choices])
        assert marked[0].reason.strip() and all(not c.reason for c in choices if not c.suggested)
        reasons.append(marked[0].reason)
        race.decide(marked[0].key)
    return reasons


def play_to_the_end(race: M, decide: Callable[[M], object]) -> M:
    """``race`` played to its end, ``decide(race)`` making each of the learner's decisions."""
    while not race.finished:
        decide(race)
    return race


def places(seeds: Iterable[int], make: Callable[[int], M], first: Callable[[M], object]) -> tuple[list[int], list[int]]:
    """The learner's final place in each seed's race (``make(seed)``) following the coach, and deciding by ``first``
    (the first choice, in the game's own order)."""
    coached, firsts = [], []
    for seed in seeds:
        race = make(seed)
        follow_the_coach(race)
        coached.append(race.place())
        firsts.append(play_to_the_end(make(seed), first).place())
    return coached, firsts
