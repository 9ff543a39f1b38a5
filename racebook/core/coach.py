"""The coach of a guided race, for every game (issue 33 item 1): which of the learner's legal actions to suggest and
the one sentence that says why, built once from the outcomes a game's coach (its ``analysis/coach.py``) computes on
clones of the position.

* :class:`Outcome` — what a game's look-ahead outcome offers: the learner's ``place``, whether the race ended
  (``over``), a ``key`` (smaller is better) and its ``words``.
* :func:`advise` — every action looked ahead by the game's function, the first of the best keys suggested, with its
  reason (:func:`look_ahead_reason`) and the game's extra words (its exact odds); a single legal action is "your only
  legal move now". The result is an :class:`Advice`.
* :func:`look_ahead_reason` — why the best of the looked-ahead choices is suggested: where it leaves the learner,
  then how it compares with the next best choice (every choice equal, a better place, or the same place but
  further ahead — the last in the game's own words, often :func:`further_back`).
* :func:`ordinal` — 1st, 2nd, 3rd, 4th …

Standard library only; no rule here (the numbers are the game's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar


class Outcome(Protocol):
    """Where a looked-ahead choice leaves the learner: its ``place`` (1 = first), whether the race itself ended
    (``over``), a ``key`` (smaller is better: the place first, then the game's finer measure of how far) and the
    ``words`` that say where ("2nd of 4 in section 7")."""

    @property
    def place(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def key(self) -> tuple[Any, ...]: ...

    def words(self) -> str: ...


Out = TypeVar("Out", bound=Outcome)
Act = TypeVar("Act")


@dataclass(frozen=True)  # no slots: a generic frozen dataclass with slots cannot be built through Advice[Outcome]
class Advice(Generic[Out]):
    """The coach's suggestion: ``index`` into the actions, its one-line ``reason``, every action's outcome (None when
    nothing was looked ahead: a single legal action, or a choice a game makes by its exact odds)."""

    index: int
    reason: str
    outcomes: tuple[Out, ...] | None = None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _nothing(action: Any) -> str:
    return ""


def advise(actions: Sequence[Act], look: Callable[[Act], Out], until: Callable[[Out], str],
           behind: Callable[[Out, Out], str], extra: Callable[[Act], str] = _nothing,
           then: str = "the computer") -> Advice[Out]:
    """The action to suggest among ``actions`` (the learner's legal actions now) and why: each looked ahead by
    ``look``; the first of the best keys is suggested (so a move that does nothing, offered last, is never preferred
    to an equal one). Its reason: :func:`look_ahead_reason` "to the end of the race", or "to the end of
    {until(best)}" ("Game Turn 3", "round 2", "your turn"), then ``extra(action)`` (a game's exact odds, starting
    with "; "), then a full stop. A single legal action is not looked ahead: "your only legal move now" + ``extra``."""
    if not actions:
        raise ValueError("nothing to suggest: no legal action")
    if len(actions) == 1:
        return Advice(0, f"your only legal move now{extra(actions[0])}.")
    outs = tuple(look(a) for a in actions)
    best = min(range(len(outs)), key=lambda i: outs[i].key())  # the first of the best
    b = outs[best]
    when = "to the end of the race" if b.over else f"to the end of {until(b)}"
    return Advice(best, look_ahead_reason(outs, best, when, behind, then) + extra(actions[best]) + ".", outs)


def look_ahead_reason(outcomes: Sequence[Out], best: int, when: str, behind: Callable[[Out, Out], str],
                      then: str = "the computer") -> str:
    """The reason for suggesting ``outcomes[best]`` (the first of the best keys) among two or more: "Looking ahead
    {when} (then driving like {then}), this leaves you {best.words()}", then how the next best choice compares:
    every choice (or some) leads to the same key; or it "leaves you {next.words()}" (a worse place); or, at the same
    place, ``behind(best, next)`` says in the game's words what separates them (it starts with "; ", or with ","
    when it continues the first clause). No final full stop (a game may add its exact odds)."""
    if len(outcomes) < 2:
        raise ValueError("a look-ahead reason compares two choices or more")
    b = outcomes[best]
    head = f"Looking ahead {when} (then driving like {then}), this leaves you {b.words()}"
    runner = min((o for i, o in enumerate(outcomes) if i != best), key=lambda o: o.key())
    if runner.key() == b.key():
        same = sum(o.key() == b.key() for o in outcomes)
        lead = "every choice leads" if same == len(outcomes) else f"{same} of the {len(outcomes)} choices lead"
        return f"{head}; {lead} there, and this is the first of them"
    if runner.place != b.place:
        return f"{head}; the next best choice leaves you {runner.words()}"
    return head + behind(b, runner)


def further_back(runner: Outcome, where: str = "") -> str:
    """The usual ``behind`` of :func:`look_ahead_reason`: the next best choice leaves the learner in the same place
    but further back; ``where`` says where (", in section 7")."""
    return f"; the next best choice leaves you {ordinal(runner.place)} too but further back{where}"
