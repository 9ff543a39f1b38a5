"""Simple computer players for Automobiles: they only choose among ``race.legal_actions()`` (the rules stay in the
engine), so :func:`racebook.core.agents.play_out` runs a whole race with them.

:class:`GreedyDriver` — plays the gear cube that takes the car furthest, pits when wear clogs the Active pile, and buys
the dearest gear it can afford (a baseline, not a strong player). :class:`racebook.core.agents.RandomDriver` is the
other baseline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles.actions import Buy, Pass, Pit, Play
from racebook.automobiles.cubes import GEARS, WEAR


@dataclass
class GreedyDriver:
    """Furthest gear first; pit with ``pit_wear`` or more wear cubes in the Active pile; buy dear gears."""

    pit_wear: int = 3
    buy: tuple[str, ...] = ("K", "D", "L")

    def choose(self, race: Any, legal: list[Any]) -> Any:
        state = race.state
        car = legal[0].car
        p = state.players[car]
        pit = [a for a in legal if isinstance(a, Pit)]
        if pit and p.active.get(WEAR, 0) >= self.pit_wear:
            return pit[0]
        plays = [a for a in legal if isinstance(a, Play) and a.spaces]
        if plays:
            def reach(a: Play) -> tuple[int, int]:
                space = state.board.spaces[a.spaces[-1]]
                return (space.length, GEARS.index(a.cube))
            return max(plays, key=reach)
        buys = {a.cube: a for a in legal if isinstance(a, Buy)}
        for code in self.buy:
            if code in buys:
                return buys[code]
        return next(a for a in legal if isinstance(a, Pass))
