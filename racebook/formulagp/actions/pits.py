"""FormulaGP actions: tyres and pit stops (§16).
Registered by :mod:`racebook.formulagp.actions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.formulagp.actions.base import (
    FgpAction,
    register,
    syntax_error,
)

TYRES = ("soft", "medium", "hard")  # the dry tyre types a Standard race fits (§4.6; wet tyres are [ADV], §14.2)


@dataclass(frozen=True, slots=True)
class PitIn(FgpAction):
    """``Grey pit``: drive into the pit lane through the 'PIT LANE' space (1 MP; leftover MP are lost, §16.1)."""

    VERB: ClassVar[str] = "pit"


@dataclass(frozen=True, slots=True)
class Tyres(FgpAction):
    """``Grey tyres hard``: fit new tyres in the box, any type, the same one too (§16.2); or choose them on the Red
    Flag grid (§19.6 step 2)."""

    VERB: ClassVar[str] = "tyres"
    tyre: str = "soft"

    def _args(self) -> str:
        return self.tyre

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or words[0] not in TYRES + ("wet",):  # [ADV] wet (§14.2): legal in an Advanced race
            raise syntax_error(text, f"'tyres' names one tyre type: {', '.join(TYRES)}, wet")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class BoxRepair(FgpAction):
    """``Grey fix D2``: repair one DAMAGE or FAILURE card (then a WHITE die as it leaves); ``Grey fix all``:
    every one, no die, the car waits in its box until next round (§16.3)."""

    VERB: ClassVar[str] = "fix"
    card: str = "all"

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not (words[0] == "all" or re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", words[0])):
            raise syntax_error(text, "'fix' names one DAMAGE or FAILURE card, or 'all'")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Leave(FgpAction):
    """``Grey leave``: the stop is done: draw up to the hand limit, leave the box for the pit-exit space (§16.2)."""

    VERB: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Wait(FgpAction):
    """``Grey wait``: a round in the pit box serving Penalty tokens (§16.2, A45)."""

    VERB: ClassVar[str] = "wait"


PIT_CLASSES: tuple[type[FgpAction], ...] = (PitIn, Tyres, BoxRepair, Leave, Wait)
register(*PIT_CLASSES)
