"""Simple computer players for Automobiles: they only choose among ``race.legal_actions()`` (the rules stay in the
engine), so :func:`racebook.core.agents.play_out` runs a whole race with them.

:class:`GreedyDriver` — plays the gear cube that takes the car furthest, pits when wear clogs the Active pile, and buys
the dearest gear it can afford (a baseline, not a strong player). :class:`racebook.core.agents.RandomDriver` is the
other baseline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles.actions import Buy, Choose, Draw, Move, Pass, Pick, Pit, Play, Stop
from racebook.automobiles.cubes import ACTIONS, GEARS, WEAR


@dataclass
class GreedyDriver:
    """Furthest gear first; pit with ``pit_wear`` or more wear cubes in the Active pile; buy dear gears."""

    pit_wear: int = 3
    buy: tuple[str, ...] = ("K", "D", "L")

    def choose(self, race: Any, legal: list[Any]) -> Any:
        state = race.state
        if state.turn is not None and state.turn.pending is not None:
            return self._decide(race, legal)
        car = legal[0].car
        p = state.players[car]
        pit = [a for a in legal if isinstance(a, Pit)]
        if pit and p.active.get(WEAR, 0) >= self.pit_wear:
            return pit[0]
        plays = [a for a in legal if isinstance(a, Play) and a.spaces]
        if plays:
            def reach(a: Play) -> tuple[int, int]:
                space = state.board.space_of(a.spaces[-1])
                return (space.length, GEARS.index(a.cube))
            return max(plays, key=reach)
        cards = [a for a in legal if isinstance(a, Play) and a.cube in ACTIONS and a.cube != "Y"]
        if cards:  # play the movement and pit cards; keep the yellow cubes as money
            return cards[0]
        buys = {a.cube: a for a in legal if isinstance(a, Buy)}
        for code in self.buy:
            if code in buys:
                return buys[code]
        return next(a for a in legal if isinstance(a, Pass))

    def _decide(self, race: Any, legal: list[Any]) -> Any:
        """A choice inside a card effect: move as far as possible, remove wear first, draw, choose (a)."""
        board = race.state.board
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return max(moves, key=lambda a: board.space_of(a.space).length)
        picks = [a for a in legal if isinstance(a, Pick)]
        wear = [a for a in picks if a.cube == WEAR]
        if wear:
            return wear[0]
        stop = [a for a in legal if isinstance(a, Stop)]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return draws[0]
        if stop:
            return stop[0]
        choose = [a for a in legal if isinstance(a, Choose)]
        return choose[0] if choose else legal[0]
