"""One phase-table type for every game's turn machine (issue 39 item 3): each phase holds its three answers together —
what is legal, how an action applies, why an action is refused — with the rule it cites, as boardgame.io keeps a
phase's moves in one place. A game's machine is a :class:`PhaseTable`: a function that says which phase a position
is in, and a table from phase to :class:`PhaseRules`. ``legal``, ``allows``, ``apply`` and ``explain`` all read the
same table, so legality, application and explanation cannot drift.

Automobiles' turn (:mod:`racebook.automobiles.turn`) and FormulaGP's (:mod:`racebook.formulagp.turn`) run on it.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from racebook.core.log import EventLog

__all__ = ["PhaseRules", "PhaseTable"]

S = TypeVar("S")  # the game's state
A = TypeVar("A")  # the game's action type
K = TypeVar("K", bound=Hashable)  # the phase key


@dataclass(frozen=True, slots=True)
class PhaseRules(Generic[S, A]):
    """One phase's three answers, together: the rule it cites, what is legal, how a legal action applies, and why an
    action is refused (``(rule, reason)``; called only for an action that is not legal).

    ``allows`` answers "is this one action legal?" where listing every action is costly (a replay checks each
    recorded action); None: membership in ``legal`` is the check."""

    rule: str
    legal: Callable[[S], list[A]]
    apply: Callable[[S, A, EventLog], None]
    explain: Callable[[S, A], tuple[str, str]]
    allows: Callable[[S, A], bool] | None = None


class PhaseTable(Generic[K, S, A]):
    """A turn machine: ``phase_of(state)`` names the phase a position is in; ``table`` holds each phase's rules. Every
    phase ``phase_of`` can return must have its row (checked when the table is built)."""

    def __init__(self, phase_of: Callable[[S], K], table: Mapping[K, PhaseRules[S, A]],
                 phases: tuple[K, ...] = ()) -> None:
        missing = [p for p in phases if p not in table]
        if missing:
            raise ValueError(f"phase table without a row for {missing}")  # a programming error of the game
        self.phase_of = phase_of
        self.table = dict(table)

    def rules(self, state: S) -> PhaseRules[S, A]:
        """The rules of the phase ``state`` is in."""
        return self.table[self.phase_of(state)]

    def rule(self, state: S) -> str:
        return self.rules(state).rule

    def legal(self, state: S) -> list[A]:
        return self.rules(state).legal(state)

    def allows(self, state: S, action: A) -> bool:
        r = self.rules(state)
        return r.allows(state, action) if r.allows is not None else action in r.legal(state)

    def apply(self, state: S, action: A, log: EventLog) -> None:
        """Apply a legal ``action`` (the caller checked it)."""
        self.rules(state).apply(state, action, log)

    def explain(self, state: S, action: A) -> tuple[str, str]:
        """Why ``action`` is refused now: (rule, reason)."""
        return self.rules(state).explain(state, action)
