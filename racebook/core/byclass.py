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
at import. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

Ctx = TypeVar("Ctx")
R = TypeVar("R")
Fn = TypeVar("Fn", bound=Callable[..., Any])


class ByClass(Generic[Ctx, R]):
    """A table of functions ``(context, action) -> result``, one per action class."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._by: dict[type, Callable[[Ctx, Any], R]] = {}

    def register(self, *classes: type) -> Callable[[Fn], Fn]:
        """A decorator: the function serves each of ``classes`` in this table."""

        def add(fn: Fn) -> Fn:
            for cls in classes:
                if cls in self._by:
                    raise ValueError(f"{self.what}: {cls.__name__} is registered twice")
                self._by[cls] = fn
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

    def classes(self) -> frozenset[type]:
        """Every class registered (for a test that each of a game's action classes has its entry)."""
        return frozenset(self._by)
