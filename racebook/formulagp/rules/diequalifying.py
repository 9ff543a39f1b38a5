"""The Optional qualifying by die roll (digest §21 item 15.3; the original's 15.3), the pure scoring.

"Start by adding the movement bonus of your starting tyre type and the maximum OT level of your car together. This is
your base score. You can then choose to increase your starting tyre wear … Each tyre wear point increase represents
one point added … You will then roll the WHITE die and add the result to your total score. If the result of the roll
is a green face result (see the die icon in the printed rulebook), you have suffered a Failed Attempt and results in
an automatic total score of 0. Following a failed attempt, a driver may still make additional qualifying attempts
with -1 to their total score. However, a second failed result during any further attempt results in a crash, score
is 0 and increase tyre wear +1."

Which WHITE face fails is A24 (the printed icon, not in the text): by default the icon face only
(``die_qualifying_any_green_fails`` off); on, any green face.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.components import FaceColour, WhiteFace
from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState

__all__ = ["Outcome", "AttemptResult", "base_score", "fails", "attempt"]

RETRY_MALUS = 1  # "additional qualifying attempts with -1 to their total score"
CRASH_WEAR = 1  # "a crash, score is 0 and increase tyre wear +1"
SECOND_ROUND_WEAR = 1  # "another qualifying attempt by increasing their tyre wear by 1 point"


class Outcome(Enum):
    SCORED = "scored"
    FAILED = "a failed attempt: score 0"
    CRASHED = "a second failure: a crash, score 0 and tyre wear +1"


@dataclass(frozen=True, slots=True)
class AttemptResult:
    outcome: Outcome
    score: int  # this attempt's total (0 when it failed or crashed)
    base: int
    malus: int  # −1 after an earlier failure, else 0


def base_score(board: PlayerBoard, tyre: Tyre) -> int:
    """The starting tyre type's movement bonus + the car's maximum OT level."""
    return board.tyre_bonus(tyre, TyreState.FRESH) + board.ot_max


def fails(face: WhiteFace, any_green: bool = False) -> bool:
    """A Failed Attempt: the printed die icon's face (A24); ``any_green``: any green face."""
    return face.icon or (any_green and face.colour is FaceColour.GREEN)


def attempt(board: PlayerBoard, tyre: Tyre, wear_spent: int, face: WhiteFace, failed_before: bool,
            any_green: bool = False) -> AttemptResult:
    """One attempt's result: base + the wear spent + the die (−1 after an earlier failure), or a failure (0), or a
    crash (a failure after an earlier one)."""
    if wear_spent < 0:
        raise ValueError("§21 15.3: the tyre wear spent is 0 or more")
    base = base_score(board, tyre)
    malus = RETRY_MALUS if failed_before else 0
    if fails(face, any_green):
        return AttemptResult(Outcome.CRASHED if failed_before else Outcome.FAILED, 0, base, malus)
    return AttemptResult(Outcome.SCORED, max(0, base + wear_spent + face.value - malus), base, malus)
