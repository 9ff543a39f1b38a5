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
from racebook.core.byclass import ByClass, Legal


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
        by_class = Legal(legal)
        d = _Decision(self, race.state, by_class)
        table = DECIDE if race.state.turn is not None and race.state.turn.pending is not None else CHOICE
        got = table.decide(d, by_class)
        return got if got is not None else table.fallback(d)


@dataclass
class BuilderDriver(GreedyDriver):
    """A builder: buys dark gears, then green and purple cubes for their cards (Gearbox's catch-up moves, Crew
    Chief's wear removal), never light grey gears; removes wear whenever a card lets it. Movement and pit stops are
    the greedy ones. (Variants that also played the Garage cubes or thinned white cubes lost nearly every race.)"""

    buy: tuple[str, ...] = ("K", "D", "G", "P")
    drivers: tuple[str, ...] = ("micah_conner", "farmer_kali", "kaia_lin", "nathan_emery")
    sponsors: str = "EBCFAD"


POLICIES: dict[str, type[GreedyDriver]] = {"greedy": GreedyDriver, "builder": BuilderDriver}


@dataclass(slots=True)
class _Decision:
    """One decision of a :class:`GreedyDriver`: the driver, the game state and the legal actions by class."""

    driver: GreedyDriver
    state: Any
    legal: Legal


class _Table(ByClass[_Decision, Any]):
    """A driver's table with what it chooses when no class answers."""

    def __init__(self, what: str, fallback: Any) -> None:
        super().__init__(what)
        self.fallback = fallback


#: A turn's decisions, per action class in priority order (issue 39 item 4: registered per class, no ``isinstance``
#: ladder): draft the first free driver of the list, take the preferred sponsor, pit with enough wear, play the gear
#: that goes furthest (else the movement and pit cards), buy the first affordable gear of the list, else pass.
CHOICE = _Table("Automobiles greedy driver's choice", lambda d: d.legal.of(Pass)[0])

#: A choice inside a card effect (``turn.pending``): move as far as possible, remove wear first, buy, draw, stop,
#: choose (a), else the first action listed.
DECIDE = _Table("Automobiles greedy driver's card-effect choice", lambda d: d.legal.actions[0])


@CHOICE.register(DraftDriver)
def _draft(d: _Decision, a: DraftDriver) -> Any:
    drafts = {a.driver: a for a in d.legal.of(DraftDriver)}
    return next((drafts[x] for x in d.driver.drivers if x in drafts), next(iter(drafts.values())))


@CHOICE.register(TakeSponsor)
def _sponsor(d: _Decision, a: TakeSponsor) -> Any:
    pref = d.driver.sponsors
    return min(d.legal.of(TakeSponsor), key=lambda a: (pref.find(a.sponsor[0]) % 99, a.sponsor))


@CHOICE.register(Pit)
def _pit(d: _Decision, a: Pit) -> Any:
    p = d.state.players[d.legal.actions[0].car]
    return a if p.active.get(WEAR, 0) >= d.driver.pit_wear else None


@CHOICE.register(Play)
def _play(d: _Decision, a: Play) -> Any:
    state = d.state
    plays = d.legal.of(Play)
    moves = [a for a in plays if a.spaces]
    if moves:
        def reach(a: Play) -> tuple[int, int]:
            space = state.board.space_of(a.spaces[-1])
            return (space.length, GEARS.index(a.cube))
        return max(moves, key=reach)
    cards = [a for a in plays if a.cube in ACTIONS and (a.cube != "Y" or d.driver.play_yellow)]
    return cards[0] if cards else None  # play the movement and pit cards; keep the yellow cubes as money


def _buy(d: _Decision, a: Buy) -> Any:
    buys = {a.cube: a for a in d.legal.of(Buy)}
    return next((buys[code] for code in d.driver.buy if code in buys), None)


CHOICE.register(Buy)(_buy)


@CHOICE.register(Pass)
def _pass(d: _Decision, a: Pass) -> Any:
    return a


@DECIDE.register(Move)
def _move(d: _Decision, a: Move) -> Any:
    board = d.state.board
    return max(d.legal.of(Move), key=lambda a: board.space_of(a.space).length)


@DECIDE.register(Pick)
def _pick(d: _Decision, a: Pick) -> Any:
    picks = d.legal.of(Pick)
    return next((x for code in d.driver.thin for x in picks if x.cube == code), None)


DECIDE.register(Buy)(_buy)


@DECIDE.register(Draw)
def _draw(d: _Decision, a: Draw) -> Any:
    return a


@DECIDE.register(Stop)
def _stop(d: _Decision, a: Stop) -> Any:
    return a


@DECIDE.register(Choose)
def _choose(d: _Decision, a: Choose) -> Any:
    return a
