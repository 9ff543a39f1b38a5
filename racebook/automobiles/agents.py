"""Simple computer players for Automobiles: they only choose among ``race.legal_actions()`` (the rules stay in the
engine), so :func:`racebook.core.agents.play_out` runs a whole race with them.

:class:`GreedyDriver` — plays the gear cube that takes the car furthest, pits when wear clogs the Active pile, and buys
the dearest gear it can afford (a baseline, not a strong player). :class:`BuilderDriver` — a builder that buys for
the long run: dark gears, then Performance and Pit cubes for their cards, never light grey gears (it wins about half
of its 2-player races against the greedy one on the teaching board; measured in docs/automobiles.md).
:class:`racebook.core.agents.RandomDriver` is the other baseline.
``POLICIES`` names them for the CLI (``racebook automobiles race --policy``). In a draft they take the first free
driver of their list; between the races of a Season the first sponsor of their preferred groups.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles.actions import Buy, Choose, DraftDriver, Draw, Move, Pass, Pick, Pit, Play, Stop, TakeSponsor
from racebook.automobiles.cubes import ACTIONS, GEARS, WEAR


@dataclass
class GreedyDriver:
    """Furthest gear first; pit with ``pit_wear`` or more wear cubes in the Active pile; buy dear gears."""

    pit_wear: int = 3
    buy: tuple[str, ...] = ("K", "D", "L")
    play_yellow: bool = False  # play Garage cubes for their card (else keep them as money)
    thin: tuple[str, ...] = (WEAR,)  # cubes picked first when a card picks cubes (removals: thinning the bag)
    drivers: tuple[str, ...] = ("juan_goody", "nathan_emery", "micah_conner", "josh_trin")
    sponsors: str = "CEBFDA"  # sponsor groups, preferred first

    def choose(self, race: Any, legal: list[Any]) -> Any:
        state = race.state
        if state.turn is not None and state.turn.pending is not None:
            return self._decide(race, legal)
        drafts = {a.driver: a for a in legal if isinstance(a, DraftDriver)}
        if drafts:
            return next((drafts[d] for d in self.drivers if d in drafts), next(iter(drafts.values())))
        offered = [a for a in legal if isinstance(a, TakeSponsor)]
        if offered:
            return min(offered, key=lambda a: (self.sponsors.find(a.sponsor[0]) % 99, a.sponsor))
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
        cards = [a for a in legal if isinstance(a, Play) and a.cube in ACTIONS and (a.cube != "Y" or self.play_yellow)]
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
        for code in self.thin:
            first = [a for a in picks if a.cube == code]
            if first:
                return first[0]
        buys = {a.cube: a for a in legal if isinstance(a, Buy)}
        for code in self.buy:
            if code in buys:
                return buys[code]
        stop = [a for a in legal if isinstance(a, Stop)]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return draws[0]
        if stop:
            return stop[0]
        choose = [a for a in legal if isinstance(a, Choose)]
        return choose[0] if choose else legal[0]


@dataclass
class BuilderDriver(GreedyDriver):
    """A builder: buys dark gears, then green and purple cubes for their cards (Gearbox's catch-up moves, Crew
    Chief's wear removal), never light grey gears; removes wear whenever a card lets it. Movement and pit stops are
    the greedy ones. (Variants that also played the Garage cubes or thinned white cubes lost nearly every race.)"""

    buy: tuple[str, ...] = ("K", "D", "G", "P")
    drivers: tuple[str, ...] = ("micah_conner", "farmer_kali", "kaia_lin", "nathan_emery")
    sponsors: str = "EBCFAD"


POLICIES: dict[str, type[GreedyDriver]] = {"greedy": GreedyDriver, "builder": BuilderDriver}
