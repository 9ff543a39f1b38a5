"""The FormulaGP race state (digest Appendix B): each car's position, hand, deck, ERS, OT, tyres and penalties; the
race's round, Weather Radar (the race clock, §4.2, §17.1), driver sequence, the turn in progress and its per-turn flags
(extended / reduced, BLUE played, characteristic used, §11.2), and the seeded generator that draws every card and
rolls every die.

Chance lives in the state: each car's ACTION deck is a :class:`racebook.core.deck.Deck` drawn with ``state.rng``; the
dice (§7) roll through :meth:`RaceState.roll`, which takes a face stacked by a scenario first ("the next YELLOW die
shows wear") and the generator otherwise. :meth:`RaceState.copy` is independent (the track and the board are
immutable data, shared). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from racebook.core.deck import Deck
from racebook.core.rng import Rng
from racebook.core.visibility import SealedRound
from racebook.formulagp.components import Dice, DieFace, WhiteFace, dice
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState, load_board
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.track import Pos, Track, load_track

DECK_RULE = "§5"  # a car's ACTION deck: drawn, returned to the bottom, reshuffled from its discards (§5, §10.1)


class Phase(Enum):
    """Where the round is (§10): the draw phase's decisions (hand-limit discards, ERS returns, §10.1), then each
    driver's turn: choosing the card(s) (§10.3 steps 1–3), then the move (§10.3 step 2, §11, §13.2); over."""

    DRAW = "draw"
    START = "start"  # race round 1: every driver seals its start cards, revealed together (§9.4)
    PLAY = "play"
    MOVE = "move"
    OVER = "over"
    QUALIFY = "qualify"  # qualifying's sealed cards, the pushes, and round 1's pole bonus card (§9.2, §9.4 item 1)


class Die(Enum):
    """The three dice (§7)."""

    WHITE = "white"
    YELLOW = "yellow"
    RED = "red"


@dataclass
class Car:
    """One car (Appendix B, per-car state) on the teaching board: where it is, its cards and its resources."""

    id: str
    deck: Deck  # its own ACTION deck and discard pile (§5)
    pos: Pos
    lap: int = 0  # finish-line crossings since the start (§17.1)
    hand: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # cards drawn this round: only these may be returned (§10.1.2)
    ers: int = 0
    ot: int = 0
    tyre: Tyre = Tyre.SOFT
    wear: int = 0  # the Tyre Wear marker (§14.1)
    penalties: int = 0  # Penalty tokens (§17.2.1)
    crossed_final: bool = False  # crossed the line in the final round (§17.1, §17.2.2)
    returned: bool = False  # made its ERS return decision this round (§10.1.2)
    stress: int = 1  # the Stress token: 0 Focus, 1 the middle (the start, §4.6), 2 Stressed (§15)
    pit_start: int = 0  # waiting in the pit lane to start the race in this race round (§9.3, A7); 0: not waiting
    neutral: bool = False  # stuck in neutral: no movement card left after qualifying, moves last in round 1 (§9.3)

    def copy(self) -> Car:
        c = replace(self, deck=self.deck.copy(), hand=list(self.hand), drawn=list(self.drawn))
        return c


@dataclass
class Turn:
    """The turn in progress (§10.3) and its per-turn flags (Appendix B)."""

    car: str
    cards: tuple[str, ...] = ()  # the card(s) played for movement
    played_as: str = ""  # an ORANGE card's colour ("green"/"red"), else ""
    pace: str = ""  # the race pace ("green"/"red"/"blue")
    pair: bool = False
    lane_changes: bool = True
    wear_per_lane_change: int = 0
    blue: bool = False
    characteristic: bool = False
    mp: int = 0  # the move's MP (§10.3)
    mp_left: int = 0  # MP not driven yet (regular, or the one of an extension step)
    reduced: int = 0  # §11.2: reduction steps this turn
    extended: int = 0  # §11.2: extension steps this turn
    stopped: bool = False  # a forced stop (§13.2) or no space to go: the move is over
    seen: tuple[tuple[int, int, int], ...] = ()  # spaces left this turn (no return, §11.3)
    pit_exit: bool = False  # the race's first move, from the pit lane: 2nd gear, no pairs, no lateral step on the
    # pit-exit tile (the yellow line) (§9.3, §16.5)

    def copy(self) -> Turn:
        return replace(self)


@dataclass
class RaceState:
    """The whole position. ``track`` and ``board`` are immutable data loaded by id (shared by copies)."""

    track_id: str
    board_id: str
    cars: dict[str, Car]
    grid: tuple[str, ...]  # the starting grid, pole first (given by the set-up: qualifying is not built yet)
    rng: Rng
    flag: int  # the Chequered Flag's space on the Weather Radar (§4.2)
    final_lap_at: int  # the radar space that makes the lap the final lap (§17.1)
    round: int = 0
    final_lap: bool = False
    final_round: bool = False
    phase: Phase = Phase.DRAW
    order: tuple[str, ...] = ()  # this round's driver sequence (§10.2)
    turn_index: int = 0
    turn: Turn | None = None
    panel_side: str = ""  # the Race Control Panel's side, by the WHITE die's colour (§4.2 a)
    stacked: dict[str, list[str]] = field(default_factory=dict)  # die -> faces stacked (next first)
    #: race round 1's sealed start cards (§9.4.3): each choice is the car's ``launch`` action text
    start: SealedRound[str, str] = field(default_factory=SealedRound)
    launches: dict[str, str] = field(default_factory=dict)  # the revealed start cards, played at each car's turn
    finished: bool = False
    result: tuple[str, ...] = ()  # the classification, winner first (§17.2)
    rules: Rules = field(default_factory=Rules)  # the house rules (racebook.formulagp.options), immutable
    #: qualifying (§9): this race starts with it; the pit boxes, the one closest to the pit exit first (§4.1 item 2)
    qualifying: bool = False
    boxes: tuple[str, ...] = ()
    #: the sealed qualifying cards (§9.2 items 2–3): each choice is the car's ``qualify`` action text
    qual: SealedRound[str, str] = field(default_factory=SealedRound)
    qual_scores: dict[str, QualifyingScore] = field(default_factory=dict)  # after the reveal (§9.2 item 3)
    qual_push: tuple[str, ...] = ()  # the cars still to declare a push, in pit-box order (§9.2 item 4)
    qual_steer: str = ""  # a pusher that rolled a red face and must spend a counter-steer card (A41)
    pole_bonus: str = ""  # the pole sitter choosing its bonus card from the top three of its deck (§9.4 item 1)
    _track: Track | None = field(default=None, repr=False, compare=False)
    _board: PlayerBoard | None = field(default=None, repr=False, compare=False)

    @property
    def track(self) -> Track:
        if self._track is None:
            self._track = load_track(self.track_id)
        return self._track

    @property
    def board(self) -> PlayerBoard:
        if self._board is None:
            self._board = load_board(self.board_id)
        return self._board

    @property
    def dice(self) -> Dice:
        return dice()

    def copy(self) -> RaceState:
        s = replace(self, cars={k: c.copy() for k, c in self.cars.items()}, rng=self.rng.copy(),
                    turn=self.turn.copy() if self.turn else None,
                    stacked={k: list(v) for k, v in self.stacked.items()}, start=self.start.copy(),
                    launches=dict(self.launches), qual=self.qual.copy(), qual_scores=dict(self.qual_scores))
        return s

    # ------------------------------------------------------------------ chance
    def roll(self, die: Die) -> int:
        """Roll ``die`` (§7): the next face stacked for it (by its value, 1–6), else the seeded generator.
        Returns the face's index 0–5 (:meth:`white_face`, :meth:`face` read it)."""
        stack = self.stacked.get(die.value)
        if stack:
            return int(stack.pop(0)) - 1
        return self.rng.below(6)

    def white_face(self, index: int) -> WhiteFace:
        return self.dice.white[index]

    def face(self, die: Die, index: int) -> DieFace:
        return (self.dice.yellow if die is Die.YELLOW else self.dice.red)[index]

    # ------------------------------------------------------------------ questions
    def tyre_state(self, car: Car) -> TyreState:
        return self.board.tyre_state(car.tyre, car.wear)

    def hand_limit(self, car: Car) -> int:
        return self.board.hand_limit(car.ers)

    def current(self) -> Car | None:
        return self.cars[self.turn.car] if self.turn else None

    def cards_everywhere(self) -> list[str]:
        """Every ACTION card of every car, wherever it is (a conservation check: each card in one place)."""
        out: list[str] = []
        for c in self.cars.values():
            out += [f"{c.id}:{x}" for x in c.hand + c.deck.pile + c.deck.discards]
        return out
