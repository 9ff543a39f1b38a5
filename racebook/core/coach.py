"""The words of a coach's look-ahead, for every game (issue 33 item 1): one sentence built once, from the outcomes a
game's coach (its ``analysis/coach.py``) computed on clones of the position.

* :func:`look_ahead_reason` — why the best of the looked-ahead choices is suggested: where it leaves the learner,
  then how it compares with the next best choice (every choice equal, a better place, or the same place but
  further ahead — the last in the game's own words).
* :func:`ordinal` — 1st, 2nd, 3rd, 4th …

Standard library only; no rule here (the numbers are the game's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar


class Looked(Protocol):
    """What a game's look-ahead outcome gives: the learner's ``place`` (1 = first) and a ``key`` (smaller is
    better: the place first, then the game's finer measure of how far)."""

    @property
    def place(self) -> int: ...

    def key(self) -> tuple[Any, ...]: ...


Out = TypeVar("Out", bound=Looked)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def look_ahead_reason(outcomes: Sequence[Out], best: int, when: str, words: Callable[[Out], str],
                      behind: Callable[[Out, Out], str], then: str = "the computer") -> str:
    """The reason for suggesting ``outcomes[best]`` (the first of the best keys) among two or more: "Looking ahead
    {when} (then driving like {then}), this leaves you {words(best)}", then how the next best choice compares:
    every choice (or some) leads to the same key; or it "leaves you {words(next)}" (a worse place); or, at the same
    place, ``behind(best, next)`` says in the game's words what separates them (it starts with "; ", or with ","
    when it continues the first clause). No final full stop (a game may add its exact odds)."""
    if len(outcomes) < 2:
        raise ValueError("a look-ahead reason compares two choices or more")
    b = outcomes[best]
    head = f"Looking ahead {when} (then driving like {then}), this leaves you {words(b)}"
    runner = min((o for i, o in enumerate(outcomes) if i != best), key=lambda o: o.key())
    if runner.key() == b.key():
        same = sum(o.key() == b.key() for o in outcomes)
        lead = "every choice leads" if same == len(outcomes) else f"{same} of the {len(outcomes)} choices lead"
        return f"{head}; {lead} there, and this is the first of them"
    if runner.place != b.place:
        return f"{head}; the next best choice leaves you {words(runner)}"
    return head + behind(b, runner)
