"""A game package's submodules reached as attributes on first use (PEP 562).

``import racebook`` imports no engine (the registry's specs are data), yet ``racebook.rf90.scenario.load(...)`` —
how notebooks and users have always reached a module after ``import racebook`` — must keep working. A game's
``__init__`` says ``__getattr__ = submodules(__name__)``: asking the package for an attribute it does not have
imports the submodule of that name, once; anything else is the usual AttributeError.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType


def submodules(package: str) -> Callable[[str], ModuleType]:
    """The module ``__getattr__`` of ``package``: ``package.NAME`` imports ``package.NAME`` when first asked for."""

    def __getattr__(name: str) -> ModuleType:
        if name.startswith("__"):  # dunder look-ups (copy, pickle, doctest) never import anything
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"{package}.{name}":
                raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
            raise

    return __getattr__
