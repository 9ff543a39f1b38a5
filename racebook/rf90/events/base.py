"""RF90 event helpers on the game-agnostic base (:mod:`racebook.core.events`): card faces, strategy names, and
``Note`` for free commentary."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.events import E, Event  # noqa: F401 - the base, re-exported for the event modules
from racebook.rf90.car import Strategy


def card_faces(cards: tuple[str, ...], mps: tuple[int, ...], checks: tuple[int, ...]) -> str:
    """Cards as a sentence shows them: ``R12[3](57) R15[4](22)``."""
    return " ".join(f"{c}[{m}]({k:02d})" for c, m, k in zip(cards, mps, checks, strict=True))


def strategy_name(strategy: Strategy) -> str:
    """How a Strategy Card is named in a sentence: ``SAVE TYRES``."""
    return strategy.value.upper().replace("_", " ")


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Free commentary that is not a rule step. The engine emits none: every rule step has its own class
    (``tests/test_events_are_data.py`` holds it to that); a lesson may still log a remark this way."""

    TEMPLATE = "{text}"
    PROSE = frozenset({"text"})
    text: str
    rule: str = ""
