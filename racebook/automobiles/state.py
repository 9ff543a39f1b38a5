"""The state of a race: the players' zones and cars, the Stock, the seeded generator and the turn in progress (§3).

Each player has a Bag, an Active pile, a Used pile (with the cubes placed on the track this turn, which count as Used,
§3), a Discard pile, and a car (a lane and an absolute progress, see :mod:`racebook.automobiles.board`). The Stock is
finite (§1.2). Cubes only move between these zones, so the total of every cube type is constant (tested).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import Enum

from racebook.automobiles import zones
from racebook.automobiles.board import Board
from racebook.automobiles.cubes import Components, components
from racebook.automobiles.options import Rules
from racebook.automobiles.zones import Zone
from racebook.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Placed:
    """A cube placed on the track this turn (§6.4): its code, the spaces its move entered, and where it sits."""

    code: str
    spaces: tuple[str, ...]
    lane: int
    progress: int


@dataclass
class Player:
    id: str
    lane: int
    progress: int
    bag: Zone = field(default_factory=dict)
    active: Zone = field(default_factory=dict)
    used: Zone = field(default_factory=dict)
    track: list[Placed] = field(default_factory=list)
    discard: Zone = field(default_factory=dict)
    money: int = 0  # pre-race money (§4); the Buy phase money lives in the turn
    held: Zone = field(default_factory=dict)  # cubes Mag Matthews drew and has not placed yet (§22.2)
    driver: str = ""  # the driver card (advanced module §22.2), "" for none

    def zones(self) -> dict[str, Zone]:
        """Every zone of the player (the track's cubes as a zone): for conservation and odds."""
        return {"bag": self.bag, "active": self.active, "used": self.used,
                "track": zones.of(p.code for p in self.track), "discard": self.discard, "held": self.held}

    def owned(self) -> Zone:
        """Every cube the player owns, wherever it is."""
        total: Zone = {}
        for z in self.zones().values():
            for c, n in z.items():
                zones.add(total, c, n)
        return total


class Phase(Enum):
    DRAFT = "draft"  # §22.2: choosing the drivers before the race (racebook.automobiles.draft)
    PRERACE = "prerace"  # §4 item 5: buying with the grid money
    ACTION = "action"  # §6
    BUY = "buy"  # §9
    CAR = "car"  # §10–§11: bonus moves of the car (Adrenaline option b, Juan Goody, Josh Trin)
    END = "end"  # §12: the End phase's driver choices (Micah Conner, Mike Skipjack, Nathan Emery, Kaia Lin)
    BONUS = "bonus"  # §20.5: after the End phase, the Box(er) Engine's moves for the players behind
    SPONSORS = "sponsors"  # §22.4: between two races of a Season, choosing the sponsors (racebook.automobiles.season)
    SPONSOR = "sponsor"  # §22.5: between two races, a sponsor's effect on its player's cubes


@dataclass
class Pending:
    """A card effect (or a bonus move) being resolved, one step at a time (racebook.automobiles.effects).

    ``program`` names the steps; ``pc`` is the step now; ``count`` what the step has done so far; ``regs`` the
    numbers the effect remembers (cubes removed, the gear selected, the option chosen); a move in progress has its
    ``path`` and head (``lane``, ``progress``, ``landed``: whether the head may be the end of the move)."""

    program: str
    cube: str  # the cube whose card this is ("" for a bonus move)
    decider: str  # who makes the choices (the player, or another one for Boost and Box(er))
    pc: int = 0
    count: int = 0
    regs: dict[str, int] = field(default_factory=dict)
    path: list[str] = field(default_factory=list)
    lane: int = 0
    progress: int = 0
    landed: bool = True


@dataclass
class Turn:
    """The turn in progress: whose, which phase, and what this turn has done so far."""

    car: str
    phase: Phase
    played: bool = False  # the Action phase done: a cube played or an Action-phase driver used (no pit then, §8)
    money: int = 0  # what is left to spend in the Buy phase (§9)
    flags: dict[str, int] = field(default_factory=dict)  # turn modifiers: redline, fuel_injection, aero, boxer, …
    start_order: tuple[str, ...] = ()  # race position at the start of the Action phase (§13, AMB-16)
    pending: Pending | None = None
    through: list[str] = field(default_factory=list)  # spaces the car moved through this turn (§11)
    queue: list[str] = field(default_factory=list)  # players still to take a Box(er) bonus move (§20.5)
    stage: int = 0  # the next step of the automatic pipeline after the Buy phase (racebook.automobiles.phases)
    begun: bool = True  # False for the set-up's first turn: the race's opening begins it (racebook.automobiles.turn)


@dataclass
class Season:
    """A Season in progress (§22.3–§22.4): the races, the points, the sponsors held, the pool on offer and the deck
    not yet dealt, and the finishing order of the last race run (what the sponsors' effects read)."""

    races: int
    table: tuple[int, ...]  # points by finishing position
    race: int = 1
    points: dict[str, int] = field(default_factory=dict)
    sponsors: dict[str, str] = field(default_factory=dict)  # player -> sponsor card held
    pool: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    finish: tuple[str, ...] = ()


@dataclass
class GameState:
    board: Board
    players: dict[str, Player]  # in turn order (= starting order, AMB-5)
    stock: Zone
    laps: int
    rng: Rng
    comps: Components = field(default_factory=components)
    stacks: dict[str, list[str]] = field(default_factory=dict)  # stacked bag draws per player, next first
    cards: dict[str, str] = field(default_factory=dict)  # action colour code -> card id in play (§2, §4 item 1)
    weaving: bool = False  # the Weaving module (§22.1): cubes may go onto any segment of a space
    rules: Rules = field(default_factory=Rules)  # the house-rule switches (racebook.automobiles.options)
    season: Season | None = None  # the Season module (§22.3), None for a single race
    turn: Turn | None = None
    round: int = 0
    finish_triggered: str | None = None
    finished: bool = False

    @property
    def order(self) -> list[str]:
        return list(self.players)

    def occupied(self, but: str | None = None) -> set[tuple[int, int]]:
        """The segments (lane, row) holding a car other than ``but``'s (§7.3)."""
        n = self.board.length
        return {(p.lane, p.progress % n) for p in self.players.values() if p.id != but}

    def copy(self) -> GameState:
        """An independent copy (the board and the component data are shared: they are immutable)."""
        new = copy.copy(self)
        new.players = {k: copy.deepcopy(v) for k, v in self.players.items()}
        new.stock = dict(self.stock)
        new.rng = self.rng.copy()
        new.stacks = {k: list(v) for k, v in self.stacks.items()}
        new.cards = dict(self.cards)
        new.turn = copy.deepcopy(self.turn)
        new.season = copy.deepcopy(self.season)
        return new

    def _repr_svg_(self) -> str:
        """The position drawn as SVG: :func:`racebook.automobiles.boardsvg.state_svg`."""
        from racebook.automobiles.boardsvg import state_svg  # a view, not the engine: imported when drawn

        return state_svg(self)

    def totals(self) -> Zone:
        """Every cube in the game, by type: the players' zones and the Stock (constant: §1.2, tested)."""
        total = dict(self.stock)
        for p in self.players.values():
            for c, n in p.owned().items():
                zones.add(total, c, n)
        return {c: total[c] for c in sorted(total) if total[c]}
