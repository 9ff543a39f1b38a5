"""Championship standings, game-neutral: a table ranked by points, then (optionally) a countback of places, with
shared positions for ties that survive (RF90 Expansion #1 §6.5, §6.6; FormulaGP's Drivers' and Constructors'
Championships, its digest's section 20).

Standard library only; no game rule beyond "most points first". Each game decides what a place is worth and whether
its countback applies (RF90: always; FormulaGP: the house-rule switch ``championship_countback``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    """One line of a table: ``position`` (shared when ``tied``), points and the countback places (how many 1st,
    2nd, … places, index 0 = 1st)."""

    position: int
    name: str
    points: int
    places: tuple[int, ...]
    tied: bool = False

    def to_dict(self) -> dict:
        return {"position": self.position, "name": self.name, "points": self.points, "places": list(self.places),
                "tied": self.tied}


def place_counts(places: Iterable[int | None], size: int) -> tuple[int, ...]:
    """How many 1st, 2nd, … ``size``-th places; unclassified (None) places are not counted (AMB-X1-35)."""
    counts = [0] * size
    for p in places:
        if p is not None and 1 <= p <= size:
            counts[p - 1] += 1
    return tuple(counts)


def rank_key(points: int, places: Sequence[int]) -> tuple[int, ...]:
    """The sort key: points, then the number of 1st places, 2nd places, … (higher is better)."""
    return (points, *places)


def rank(rows: Iterable[tuple[str, int, tuple[int, ...]]]) -> tuple[Standing, ...]:
    """Rows ``(name, points, places)`` ranked best first; equal keys share a position (1, 2, 2, 4). Rows that tie
    keep their given order. Give empty ``places`` to rank by points alone."""
    ordered = sorted(rows, key=lambda r: rank_key(r[1], r[2]), reverse=True)  # stable: ties keep the given order
    out: list[Standing] = []
    for i, (name, pts, places) in enumerate(ordered):
        key = rank_key(pts, places)
        same_as_prev = i > 0 and key == rank_key(ordered[i - 1][1], ordered[i - 1][2])
        same_as_next = i + 1 < len(ordered) and key == rank_key(ordered[i + 1][1], ordered[i + 1][2])
        position = out[-1].position if same_as_prev else i + 1
        out.append(Standing(position, name, pts, places, same_as_prev or same_as_next))
    return tuple(out)


def champions(table: Sequence[Standing]) -> tuple[str, ...]:
    """The name(s) in first position: one champion, or several when a tie survives."""
    return tuple(s.name for s in table if s.position == 1)
