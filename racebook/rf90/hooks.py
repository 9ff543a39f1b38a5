"""RF90's hooks for the game registry (:class:`racebook.core.registry.GameHooks`): what ``racebook replay`` and the
conformance tests (``tests/conformance``) ask of a game, each answered by the module that already does it (nothing
is implemented twice here). The tracks' hooks are :mod:`racebook.rf90.trackfile`'s own functions and the seeded
computer races' are in :mod:`racebook.rf90.analysis.playouts` (the spec names them), so ``racebook tracks`` imports
no engine and ``racebook replay`` no analysis."""

from __future__ import annotations

from typing import Any

from racebook.rf90 import integrity
from racebook.rf90.actionlabels import label as _label
from racebook.rf90.game import Race
from racebook.rf90.replayhooks import play_scenario, summary_json  # noqa: F401 - the replay's hooks (issue 36)


def label(race: Race, action: Any) -> str:
    return _label(action, race.state)


def problems(race: Race) -> list[str]:
    """§6.1/§23 every card in exactly one place, §2.2 the box's wear tokens, the counts in range
    (:func:`racebook.rf90.integrity.problems`, the check scenario files and saves pass)."""
    return [f"{field}: {reason}" for field, reason in integrity.problems(race.state)]
