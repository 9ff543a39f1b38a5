"""Deprecated module names of racebook 0.1 (before one folder per game), kept working for one release.

``import racebook.turn`` still works and returns :mod:`racebook.rf90.turn` (the same module object), with a
``DeprecationWarning`` that names the new path. Nothing in racebook imports an old name; the aliases are for
notebooks and scripts written against 0.1 and go away in the next release.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import importlib.machinery

MOVED: dict[str, str] = {
    "racebook.actions": "racebook.rf90.actions",
    "racebook.activation": "racebook.rf90.rules.activation",
    "racebook.car": "racebook.rf90.car",
    "racebook.cards": "racebook.rf90.cards",
    "racebook.checks": "racebook.rf90.rules.checks",
    "racebook.datafile": "racebook.core.datafile",
    "racebook.deck": "racebook.core.deck",
    "racebook.demos": "racebook.rf90.lessons.demos",
    "racebook.drivers": "racebook.rf90.analysis.drivers",
    "racebook.duel": "racebook.rf90.rules.duel",
    "racebook.duel_sandbox": "racebook.rf90.lessons.duel_sandbox",
    "racebook.errors": "racebook.core.errors",
    "racebook.events": "racebook.rf90.events",
    "racebook.experiments": "racebook.rf90.analysis.experiments",
    "racebook.explain": "racebook.rf90.explain",
    "racebook.explore": "racebook.rf90.lessons.explore",
    "racebook.glossary": "racebook.rf90.glossary",
    "racebook.integrity": "racebook.rf90.integrity",
    "racebook.movement": "racebook.rf90.rules.movement",
    "racebook.notation": "racebook.rf90.notation",
    "racebook.odds": "racebook.rf90.analysis.odds",
    "racebook.options": "racebook.rf90.options",
    "racebook.payments": "racebook.rf90.rules.payments",
    "racebook.pits": "racebook.rf90.rules.pits",
    "racebook.planner": "racebook.rf90.analysis.planner",
    "racebook.qualifying": "racebook.rf90.rules.qualifying",
    "racebook.race": "racebook.rf90.game",
    "racebook.rng": "racebook.core.rng",
    "racebook.safetycar": "racebook.rf90.rules.safetycar",
    "racebook.saves": "racebook.rf90.saves",
    "racebook.scenario": "racebook.rf90.scenario",
    "racebook.setup": "racebook.rf90.setup",
    "racebook.simulate": "racebook.rf90.analysis.simulate",
    "racebook.state": "racebook.rf90.state",
    "racebook.track": "racebook.rf90.track",
    "racebook.trackfile": "racebook.rf90.trackfile",
    "racebook.turn": "racebook.rf90.turn",
}


class _MovedModules:  # a meta path finder and loader by protocol (importlib.abc costs the CLI ~20 ms to import)
    """Resolves an old module name to the module at its new path (the very same object)."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname in MOVED:
            return importlib.util.spec_from_loader(fullname, self)  # type: ignore[arg-type]  # a loader by protocol
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # a placeholder; exec_module swaps in the real module

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        new = MOVED[old]
        warnings.warn(f"{old} moved to {new}; the old name will be removed in the next release",
                      DeprecationWarning, stacklevel=2)
        sys.modules[old] = importlib.import_module(new)


def install() -> None:
    if not any(isinstance(f, _MovedModules) for f in sys.meta_path):
        sys.meta_path.append(_MovedModules())
