"""Drivers' and teams' standings with the countback (Expansion #1 §6.5, §6.6).

Most points first. A tie on points is broken by the countback: more 1st places, then more 2nd places, "and so on"
(every place, not only the scoring ones). A team's places are those of its two drivers together (§6.6). A tie
that survives the whole countback is a **shared position** (AMB-X1-36: the Director decides; the engine reports the
tie): both get the same position, and the next one skips (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from racebook.rf90.championship.points import RoundScore
from racebook.rf90.championship.season import Season


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
    """The sort key of §6.5/§6.6: points, then the number of 1st places, 2nd places, … (higher is better)."""
    return (points, *places)


def rank(rows: Iterable[tuple[str, int, tuple[int, ...]]]) -> tuple[Standing, ...]:
    """Rows ``(name, points, places)`` ranked best first; equal keys share a position (AMB-X1-36). Rows that tie
    keep their given order."""
    ordered = sorted(rows, key=lambda r: rank_key(r[1], r[2]), reverse=True)  # stable: ties keep the given order
    out: list[Standing] = []
    for i, (name, pts, places) in enumerate(ordered):
        key = rank_key(pts, places)
        same_as_prev = i > 0 and key == rank_key(ordered[i - 1][1], ordered[i - 1][2])
        same_as_next = i + 1 < len(ordered) and key == rank_key(ordered[i + 1][1], ordered[i + 1][2])
        position = out[-1].position if same_as_prev else i + 1
        out.append(Standing(position, name, pts, places, same_as_prev or same_as_next))
    return tuple(out)


def _size(season: Season) -> int:
    return len(season.player_names) + len(season.robot_cars)


def driver_standings(season: Season, scores: Sequence[RoundScore]) -> tuple[Standing, ...]:
    """§6.5: the drivers' championship after the races ``scores``."""
    size = _size(season)
    return rank((d, sum(s.points_of(d) for s in scores), place_counts((s.place_of(d) for s in scores), size))
                for d in season.drivers)


def team_standings(season: Season, scores: Sequence[RoundScore]) -> tuple[Standing, ...]:
    """§6.6: the teams' championship: the sum of both drivers' points; the countback counts both drivers' places."""
    size = _size(season)
    rows = []
    for name, drivers in season.lineup:
        pts = sum(s.points_of(d) for s in scores for d in drivers)
        rows.append((name, pts, place_counts((s.place_of(d) for s in scores for d in drivers), size)))
    return rank(rows)


def champions(table: Sequence[Standing]) -> tuple[str, ...]:
    """The name(s) in first position: one champion, or several when the countback leaves a tie (AMB-X1-36)."""
    return tuple(s.name for s in table if s.position == 1)
