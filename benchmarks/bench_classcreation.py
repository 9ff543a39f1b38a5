"""What creating the engines' event classes costs at import, and what one compile per class would cost (issue 36:
``racebook replay`` under 0.2 s).

A replay's start-up is mostly the engine's import, and most of that is ``@dataclass(frozen=True, slots=True)``:
Python 3.11 generates ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` of
each class with its own ``exec``, builds the class a second time for its slots, and the event base installs
:func:`racebook.core.frozen.fast_init`'s constructor (one more compile). This script times, for ``--classes`` classes
shaped like the events (2–6 fields, no defaults):

* ``dataclass``: that decorator with the event base's ``fast_init`` (what the engines do today);
* ``one compile``: a prototype that builds the slotted class once and compiles all six methods in one source.

    .venv/bin/python benchmarks/bench_classcreation.py            # CPU ms per run, medians of --repeat runs

A prototype only: it does not give what the rest of the project reads from a dataclass (``dataclasses.fields``,
``replace``, ``__match_args__``, the default ``__doc__``), which a real replacement must keep. Standard library only.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from racebook.core.frozen import fast_init

Spec = list[tuple[str, str]]


def specs(n: int) -> list[Spec]:
    """``n`` field lists of 2–6 fields, like the events'."""
    return [[(f"f{i}_{k}", "str" if k % 2 else "int") for k in range(2 + i % 5)] for i in range(n)]


def with_dataclass(all_specs: list[Spec]) -> None:
    class Base:
        __slots__ = ()

        def __init_subclass__(cls, **kwargs: Any) -> None:
            super().__init_subclass__(**kwargs)
            fast_init(cls)

    for i, spec in enumerate(all_specs):
        ns = {"__annotations__": dict(spec), "__module__": __name__, "__qualname__": f"E{i}"}
        dataclass(frozen=True, slots=True)(type(f"E{i}", (Base,), ns))


def with_one_compile(all_specs: list[Spec]) -> None:
    class Base:
        __slots__ = ()

    for i, spec in enumerate(all_specs):
        names = [n for n, _ in spec]
        mine = "(" + "".join(f"self.{n}, " for n in names) + ")"
        theirs = "(" + "".join(f"other.{n}, " for n in names) + ")"
        shown = ", ".join(f"{n}={{self.{n}!r}}" for n in names)
        src = (f"def __init__(self, {', '.join(names)}):\n" + "".join(f"    _s_{n}(self, {n})\n" for n in names)
               + f"def __repr__(self):\n    return self.__class__.__qualname__ + f'({shown})'\n"
               + "def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
               + f"        return {mine} == {theirs}\n    return NotImplemented\n"
               + f"def __hash__(self):\n    return hash({mine})\n"
               + "def __setattr__(self, name, value):\n    raise _Frozen(f'cannot assign to field {name!r}')\n"
               + "def __delattr__(self, name):\n    raise _Frozen(f'cannot delete field {name!r}')\n")
        cls = type(f"E{i}", (Base,), {"__slots__": tuple(names), "__module__": __name__,
                                       "__annotations__": dict(spec)})
        env: dict[str, Any] = {f"_s_{n}": getattr(cls, n).__set__ for n in names}
        env["_Frozen"] = AttributeError
        made: dict[str, Any] = {}
        exec(compile(src, "<one compile>", "exec"), env, made)  # noqa: S102 - from the prototype's own field names
        for key, fn in made.items():
            type.__setattr__(cls, key, fn)


def timed(fn: Callable[[list[Spec]], None], all_specs: list[Spec], repeat: int) -> float:
    """The median CPU ms of ``repeat`` runs."""
    runs = []
    for _ in range(repeat):
        t = time.process_time()
        fn(all_specs)
        runs.append((time.process_time() - t) * 1000)
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--classes", type=int, default=250)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    all_specs = specs(args.classes)
    a = timed(with_dataclass, all_specs, args.repeat)
    b = timed(with_one_compile, all_specs, args.repeat)
    print(f"{args.classes} classes, CPU ms (median of {args.repeat}): dataclass + fast_init {a:.0f}, "
          f"one compile {b:.0f} ({b / a:.2f}x)")


if __name__ == "__main__":
    main()
