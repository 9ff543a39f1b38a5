"""Functions registered per action class (issue 39 item 4: labels and computer drivers dispatch by per-class
registration instead of ``isinstance`` ladders).

A :class:`ByClass` is one table — a game's button words, the plain words of a guided race, a driver's choice — that
each action class joins with a decorator next to the function that serves it::

    BUTTON: ByClass[RaceState, str] = ByClass("button words")

    @BUTTON.register(Keep)
    def _keep(s: RaceState, a: Keep) -> str:
        return "keep the cards drawn"

``BUTTON.get(s, action, default)`` calls the function of ``action``'s class (the nearest registered class in its
method resolution order), or gives ``default``. A class registered twice in one table is a programming error, raised
at import.

A computer driver's decision lists actions of several classes at once: :meth:`ByClass.decide` serves it from a table
whose registration order is the driver's priority (the first registered class present in the decision whose function
answers, not None), over the decision's :class:`Legal` actions grouped by class once. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

Ctx = TypeVar("Ctx")
R = TypeVar("R")
Fn = TypeVar("Fn", bound=Callable[..., Any])
T = TypeVar("T")


class Legal:
    """The legal actions of one decision, asked by class (for computer drivers: each class's actions listed once per
    decision, however many questions the driver asks)."""

    __slots__ = ("_of", "actions", "kinds")

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = actions
        self.kinds: frozenset[type] = frozenset(map(type, actions))  # the exact classes listed
        self._of: dict[type, tuple[Any, ...]] = {}

    def has(self, *classes: type) -> bool:
        """Some action of the decision is exactly of one of ``classes``."""
        return not self.kinds.isdisjoint(classes)

    def of(self, cls: type[T]) -> tuple[T, ...]:
        """The decision's actions that are instances of ``cls``, in their listed order."""
        got = self._of.get(cls)
        if got is None:
            kinds = self.kinds
            if cls in kinds or any(issubclass(k, cls) for k in kinds):
                got = tuple([a for a in self.actions if isinstance(a, cls)])
            else:
                got = ()
            self._of[cls] = got
        return got

    def of_any(self, *classes: type) -> list[Any]:
        """The decision's actions that are instances of any of ``classes``, in their listed order."""
        if not any(issubclass(k, classes) for k in self.kinds):
            return []
        return [a for a in self.actions if isinstance(a, classes)]


class ByClass(Generic[Ctx, R]):
    """A table of functions ``(context, action) -> result``, one per action class."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._by: dict[type, Callable[[Ctx, Any], R]] = {}
        self._rank: dict[type, int] = {}  # the registration order: a driver's priority (decide)
        self._plans: dict[frozenset[type], tuple[tuple[type, Callable[[Ctx, Any], R]], ...]] = {}

    def register(self, *classes: type) -> Callable[[Fn], Fn]:
        """A decorator: the function serves each of ``classes`` in this table."""

        def add(fn: Fn) -> Fn:
            for cls in classes:
                if cls in self._by:
                    raise ValueError(f"{self.what}: {cls.__name__} is registered twice")
                self._by[cls] = fn
                self._rank[cls] = len(self._rank)
            self._plans.clear()
            return fn

        return add

    def find(self, cls: type) -> Callable[[Ctx, Any], R] | None:
        """The function of ``cls``: its own, or that of the nearest registered base class; None if none."""
        for k in cls.__mro__:
            fn = self._by.get(k)
            if fn is not None:
                return fn
        return None

    def get(self, ctx: Ctx, action: Any, default: R) -> R:
        """``action`` served by its class's function in context ``ctx``, or ``default`` when no class of it is
        registered."""
        fn = self.find(type(action))
        return default if fn is None else fn(ctx, action)

    def decide(self, ctx: Ctx, legal: Legal) -> R | None:
        """A driver's choice: in registration order (the table's priority), each registered class of which ``legal``
        lists actions (exactly of that class) calls its function with its first such action; the first answer that
        is not None (a function registered for several classes is asked once). None when no function answers."""
        plan = self._plans.get(legal.kinds)
        if plan is None:
            plan = self._plan(legal.kinds)
        for cls, fn in plan:
            r = fn(ctx, legal.of(cls)[0])
            if r is not None:
                return r
        return None

    def _plan(self, kinds: frozenset[type]) -> tuple[tuple[type, Callable[[Ctx, Any], R]], ...]:
        """The classes of ``kinds`` this table serves, by rank, each function once (kept per set of classes: a
        game's decisions list a few sets again and again)."""
        rank = self._rank
        plan: list[tuple[type, Callable[[Ctx, Any], R]]] = []
        for cls in sorted((k for k in kinds if k in rank), key=rank.__getitem__):
            fn = self._by[cls]
            if all(fn is not f for _, f in plan):
                plan.append((cls, fn))
        got = tuple(plan)
        self._plans[kinds] = got
        return got

    def classes(self) -> frozenset[type]:
        """Every class registered (for a test that each of a game's action classes has its entry)."""
        return frozenset(self._by)
