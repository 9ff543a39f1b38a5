"""Drivers' and teams' standings with the countback (Expansion #1 §6.5, §6.6).

Most points first. A tie on points is broken by the countback: more 1st places, then more 2nd places, "and so on"
(every place, not only the scoring ones). A team's places are those of its two drivers together (§6.6). A tie
that survives the whole countback is a **shared position** (AMB-X1-36: the Director decides; the engine reports the
tie): both get the same position, and the next one skips (1, 2, 2, 4). The table itself is game-neutral
(:mod:`racebook.core.standings`, shared with FormulaGP); this module says what RF90 ranks.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.standings import Standing, champions, place_counts, rank, rank_key
from racebook.rf90.championship.points import RoundScore
from racebook.rf90.championship.season import Season

__all__ = ["Standing", "champions", "driver_standings", "place_counts", "rank", "rank_key", "team_standings"]


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

