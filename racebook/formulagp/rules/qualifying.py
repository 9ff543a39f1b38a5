"""Qualifying (digest §9.1, §9.2, A38, A41) and the grid it makes.

Score = the starting tyre's bonus + the car's maximum OT + the LEDs of the cards played (Tyre Wear cards count
+1 LED each, Option cards their LEDs without an EVENT, BLUE cards without spending ERS, §9.1). No card played: the
whole score is 0 and the car goes to the back of the grid (A38). Pushing the limit adds the WHITE die (the icon face
counts 1); on a red face the driver must spend a counter-steer card and adds nothing, or crashes: score 0 and a start
from the pit lane (A41). The grid: the highest score on pole; a tie to the pit box closer to the pit exit; the cars
that played no card at the back, by pit box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from racebook.formulagp.components import FaceColour, WhiteFace
from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState


@dataclass(frozen=True, slots=True)
class QualifyingScore:
    score: int
    played: bool
    crashed: bool


def qualifying_score(board: PlayerBoard, tyre: Tyre, card_leds: Sequence[int], push: WhiteFace | None = None,
                     counter_steer: bool = False) -> QualifyingScore:
    """One car's qualifying score (§9.2)."""
    if not card_leds:
        return QualifyingScore(0, False, False)
    score = QualifyingScore(board.tyre_bonus(tyre, TyreState.FRESH) + board.ot_max + sum(card_leds), True, False)
    return score if push is None else pushed(score, push, counter_steer)


def pushed(score: QualifyingScore, push: WhiteFace, counter_steer: bool) -> QualifyingScore:
    """Pushing the limit (§9.2 item 4, A41): a green face adds its value (the icon face counts 1); a red face adds
    nothing when a counter-steer card is spent, else the car crashes (score 0, a start from the pit lane)."""
    if not score.played:
        raise ValueError("§9.2, A38: a car that played no card has no score to push")
    if push.colour is FaceColour.RED:
        return score if counter_steer else QualifyingScore(0, True, True)
    return QualifyingScore(score.score + push.value, True, False)


@dataclass(frozen=True, slots=True)
class Grid:
    grid: tuple[str, ...]  # pole first
    pit_lane: tuple[str, ...]  # crashed in qualifying: start from the pit lane (§9.3)


def qualifying_grid(scores: Mapping[str, QualifyingScore], box: Mapping[str, int]) -> Grid:
    """The starting grid (§9.2 item 5, §9.3): ``box`` is each car's pit box distance from the pit exit (0 closest)."""
    if set(scores) != set(box):
        raise ValueError("§9.2: a score and a pit box for every car")
    racing = [c for c in scores if not scores[c].crashed]
    grid = sorted(racing, key=lambda c: (not scores[c].played, -scores[c].score, box[c]))
    return Grid(tuple(grid), tuple(sorted((c for c in scores if scores[c].crashed), key=lambda c: box[c])))
