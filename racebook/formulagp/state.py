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
from enum import Enum, StrEnum

from racebook.core.deck import Deck
from racebook.core.rng import Rng
from racebook.core.visibility import SealedRound
from racebook.formulagp.bots.protable import ProTable
from racebook.formulagp.bots.table import BotTable
from racebook.formulagp.components import Dice, DieFace, WhiteFace, dice
from racebook.formulagp.incidentcards import Effect, IncidentDeck, held, incident_cards
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState, load_board
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.rules.street import removed_damage
from racebook.formulagp.track import Track, load_track
from racebook.formulagp.trackparts import Pos

DECK_RULE = "§5"  # a car's ACTION deck: drawn, returned to the bottom, reshuffled from its discards (§5, §10.1)


class Phase(Enum):
    """Where the round is (§10): the draw phase's decisions (hand-limit discards, ERS returns, §10.1), then each
    driver's turn: choosing the card(s) (§10.3 steps 1–3), then the move (§10.3 step 2, §11, §13.2); over."""

    DRAW = "draw"
    START = "start"  # race round 1: every driver seals its start cards, revealed together (§9.4)
    PLAY = "play"
    MOVE = "move"
    OVER = "over"
    BATTLE = "battle"  # a stopped car may declare a battle; attacker and defender seal their cards (§13.2, §13.3)
    DISCARD = "discard"  # a forced discard down to a hand limit that fell during a turn (§8.1, A34)
    CONTROL = "control"  # a loss of control waits for its driver: counter-steer or spin (§18.1, losscontrol.py)
    PIT = "pit"  # a pit stop's choices in the box (§16.2: tyres, the hand, repairs, leave), racebook.formulagp.pits
    QUALIFY = "qualify"  # qualifying's sealed cards, the pushes, and round 1's pole bonus card (§9.2, §9.4 item 1)
    GRID = "grid"  # the Red Flag grid: each driver chooses its tyres (§19.6 step 2, racebook.formulagp.redflaggrid)
    SETS = "sets"  # before qualifying each player chooses its limited dry tyre sets (§21 15.10, tyresetchoice.py)


class Mode(StrEnum):
    """The race's rules set (§1, §4.2 b): the Standard race (the Chequered Flag starts on radar space 9, 16 rounds)
    or the Advanced race, whose [ADV] rules apply (on space 1, 24 rounds; issue 38). Its value is the notation's
    ``mode=`` word, written only for the Advanced race."""

    STANDARD = "standard"
    ADVANCED = "advanced"

    @property
    def advanced(self) -> bool:
        return self is Mode.ADVANCED


class Resume(StrEnum):
    """Where the play goes on once no loss of control waits for a decision (§18.1): the interrupted move, the
    turn's end, the round's end (a W2W token's stress, §13.5), the pit entry (§16.1) or the attack that waited for
    the dice before a battle (§13.2 a). Its value is the notation's ``resume=`` word (``-`` for NONE)."""

    NONE = ""
    MOVE = "move"
    END = "end"
    ROUND = "round"
    PIT = "pit"
    BATTLE = "battle"


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
    blue: int = 0  # the lapping status (§19.7): 0 on the lead lap, 1 single Blue Flag, 2 double
    attempts: int = 0  # unsuccessful lapping attempts marked behind the car (§19.7.3): 0, 1, or 2 (double)
    free_round: int = 0  # the round in which every car may move around it (the 2nd failed attempt, §19.7.3)
    gravel: bool = False  # a Gravel token over its Tyre Bonus: no tyre bonus, no pairs next move (§19.8.1)
    w2w: str = "none"  # the Wheel-to-Wheel token: "none", "VS" or "Stress" (§13.5, A32; rules/wheeltowheel.W2W)
    params: str = "WYR"  # the Parameter tokens still unused: White, Yellow, Red (§8.3)
    events: list[str] = field(default_factory=list)  # EVENT cards held face down on the table (§6.7)
    overdue: list[str] = field(default_factory=list)  # held 'apply immediately' EVENT cards past their turn (§6.7)
    bot: str = ""  # "rookie" for a Rookie BOT, run by the rules (§22; racebook.formulagp.bots), "" for a player
    # loss of control and damage (§18, Appendix B: facing forward / spun-backwards / off-track, DAMAGE and FAILURE
    # cards, damage taken this round); see racebook.formulagp.losscontrol
    spun: bool = False  # rotated by a spin: the next move's 1st MP turns it (§18.2)
    off: str = ""  # off track: "" on track, else the side ("left"/"right") of ``pos``, its nearest track space
    damage: list[str] = field(default_factory=list)  # DAMAGE cards by the board (§18.4)
    failures: list[str] = field(default_factory=list)  # FAILURE cards by the board (§18.5)
    damaged_round: int = 0  # the round of its last damage: at most one a round (§18.4)
    out_round: int = 0  # the round it spun or went off: it rejoins next round, last in the sequence (§18.2)
    loc_event: int = 0  # the collision event in which it last lost control: once per event (§18.3)
    # pit status (Appendix B; racebook.formulagp.pits): "" on track, "box" (arrived), "held" (held rounds left in
    # the box: penalties, §16.2, or a long repair, §16.3), "service" (the stop in progress), "done" (the stop made,
    # leaves at its next turn), "exit" (on the pit-exit 'Pit Lane' space, §16.5)
    team: str = ""  # its team (teammates share a Pit Box, §2.5, §16.4); "" = a team of its own
    pit: str = ""
    pit_hold: int = 0  # rounds still held in the box (§16.2, §16.3)
    pit_round: int = 0  # the round it entered the pit lane; once it left its box, the round it left (§16.2)
    pit_second: bool = False  # its teammate entered the pits before it in that round (it waits, §16.4)
    pit_die: int = 0  # its WHITE die for the exit order: the pit-stop time or the repair roll (§16.2, §16.3)
    pit_repaired: bool = False  # repaired in this stop (§16.3)
    pit_tyres: bool = False  # new tyres fitted in this stop (§16.2: once)
    cold: int = 0  # Cold Tyres rounds left (§16.5, A35: 2 when it leaves the pit lane, 0 = no token)
    pit_start: int = 0  # waiting in the pit lane to start the race in this race round (§9.3, A7); 0: not waiting
    neutral: bool = False  # stuck in neutral: no movement card left after qualifying, moves last in round 1 (§9.3)
    skill_round: int = 0  # the game round its driver skill was last used in a battle (§6.8: once a round; driverskill)
    red_spared: int = 0  # the round of its next turn, whose pit entry owes no worn-tyres RED die: that die stopped its
    # pit entry (§14.1 Appendix B, §16.1; racebook.formulagp.redpitentry); 0: none
    tyres_used: str = ""  # [ADV] the tyre types it has raced on, initials in order of first use ("sm"): the
    # two-dry-tyre-types rule (§4.6, §17.2.2 item 6; racebook.formulagp.weather); "" in a Standard race
    radio: str = ""  # [ADV] the TEAM RADIO card it holds (§6.9; racebook.formulagp.teamradio); "" none
    radio_offer: tuple[str, ...] = ()  # [ADV] TEAM RADIO cards drawn and not yet chosen from (§6.9: keep 1)
    radio_used: int = 0  # [ADV] the round it last used its TEAM RADIO card (§6.9: once per turn)
    fresh_tyres: int = 0  # [ADV] the round it took a Fresh Tyres token: the Late Pit Bonus (§16.6); 0 none
    tyre_sets: str = ""  # §21 15.10: its dry sets left (initials; "0": none left); "" without the Optional rule
    warnings: int = 0  # §21 15.9: the Race Director's warnings (black-and-white flag tokens) this race; 0 without it
    ot_bank: int = 0  # §21 15.13: OT banked at the control zone, kept from turn to turn (overtakemode.py)
    tyre_option: str = ""  # §21 15.10 with ``choose``: the Option it chose ("a" or "b"); "" not yet, or no choice

    def copy(self) -> Car:
        c = replace(self, deck=self.deck.copy(), hand=list(self.hand), drawn=list(self.drawn),
                    events=list(self.events), overdue=list(self.overdue), damage=list(self.damage),
                    failures=list(self.failures))
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
    sc_discard: bool = False  # discarded its one Tyre Wear card allowed this turn under the Safety Car (§19.4.2)
    secondary_mp: int = 0  # +1 MP per 2x secondary function spent before the move (§5.1, §10.3 step 2.8)
    event_mp: int = 0  # MP from EVENT cards played before the move (§10.3 step 2.9)
    pit_exit: bool = False  # the race's first move, from the pit lane: 2nd gear, no pairs, no lateral step on the
    # pit-exit tile (the yellow line) (§9.3, §16.5)
    dice_done: str = ""  # the dice kinds rolled before a battle ("pair,worn_tyres"; §13.2 a, battledice)
    attack: str = ""  # a declared attack waiting for a loss of control its dice caused (§13.2 a, battledice)
    entry_loc: str = ""  # at its pit entry: the cause of the last loss of control while it could still enter, "worn"
    # (the worn-tyres RED die) or "other" (§16.1, §14.1 Appendix B; racebook.formulagp.redpitentry)

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
    # race events (§19, Appendix B's per-round global state; racebook.formulagp.flags, .safetycar, .redflag, .gravel)
    yellow_track: int = 0  # the Race Control Yellow Flag token's space (§19.3.2)
    zones: tuple[Zone, ...] = ()  # the active Yellow Flag zones on track (§19.3.1)
    yellow_pending: tuple[tuple[str, int], ...] = ()  # race round 1's incidents (car, tile), flagged at the round's end
    passable: tuple[str, ...] = ()  # cars that just spun in a zone: passed until their next move (§19.3.1)
    sc_tile: int = -1  # the Safety Car's tile, -1 when it is not on track (§19.4.2)
    sc_until: int = 0  # the radar space of the SC token: the last round behind the Safety Car (§19.4.1)
    gravel: tuple[int, ...] = ()  # the tiles holding a Gravel token (§19.8.1)
    skip_draw: bool = False  # the next round has no draw phase (the Red Flag restart, A30)
    restart: bool = False  # a Red Flag was shown: the race restarts from the grid at the round's end (§19.6)
    vsc: int = 0  # the Virtual Safety Car (§19.5): 0 none, 1 drawn, 2 its moves this round, 3 the next round
    vsc_car: str = ""  # the driver who drew the 'Virtual Safety Car' card
    vsc_spaces: int = 0  # the spaces it moved: every other driver moves as many
    vsc_twice: tuple[str, ...] = ()  # drivers who had moved before it: they move again now and skip the next round
    #: the shared EVENT deck (§6.7, racebook.formulagp.eventdeck): shuffled at its first draw; cards out of the game
    events: Deck = field(default_factory=lambda: Deck("EVENT", [], rule="§6.7"))
    events_shuffled: bool = False
    events_out: list[str] = field(default_factory=list)  # EVENT cards removed from the game (§5 'Remove')
    discard_resume: str = ""  # the phase a forced discard (Phase.DISCARD) returns to (§8.1)
    #: the shared RISK, DAMAGE and FAILURE decks (§6.8; racebook.formulagp.incidentcards), all cards in the discard
    #: pile until their first draw shuffles them with ``rng`` (so the set-up's random sequence is left as it was)
    incident_decks: dict[str, Deck] = field(default_factory=lambda: new_incident_decks())
    card_stack: dict[str, list[str]] = field(default_factory=dict)  # deck -> codes stacked (next first)
    pending: list[str] = field(default_factory=list)  # losses of control waiting: "car:kind:by:event" (§18.1)
    later: list[str] = field(default_factory=list)  # pushed off: resolved when the pusher's turn ends (§11.3.1)
    dice_left: list[str] = field(default_factory=list)  # dice still to roll: "car:die[:tricky|:worn]" (§19.2)
    resume: Resume = Resume.NONE  # where the play goes on after the losses of control (§18.1)
    collisions: int = 0  # collision events so far (each car loses control once per event, §18.3)
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
    battle: Battle | None = None  # the battle in progress (§13.3; racebook.formulagp.battles)
    #: a battle's sealed cards (§13.3 item 2): attacker then defender, each choice the ``bid``/``yield`` action text
    bids: SealedRound[str, str] = field(default_factory=SealedRound)
    bots: BotTable = field(default_factory=BotTable)  # the BOT decks and cards on the table (§22.5, §22.7)
    grid_tyres: tuple[str, ...] = ()  # the drivers still to choose their tyres on the Red Flag grid (§19.6 step 2)
    mode: Mode = Mode.STANDARD  # the Standard or the Advanced race (§1, §4.2 b; the [ADV] rules apply to the latter)
    # [ADV] the weather (§4.3, §19.1, §19.1.1; racebook.formulagp.weather): "" in a Standard race
    forecast: str = ""  # the WEATHER card drawn at set-up: sunny, cloudy, rainy (§4.2 g)
    weather: str = ""  # the WEATHER card on the panel now (the forecast until the weather changes, §19.1.1)
    temperature: str = ""  # Sunny: the track temperature rolled at the race start, normal / hot / extreme (§4.3)
    weather_token: int = 0  # the Weather token's radar space, 0 when it is not on the radar (§4.3, §19.1)
    weather_side: str = ""  # its side up: "die" (the rain check) or "icon" (the weather changes there, §19.1)
    standing_water: tuple[int, ...] = ()  # the tiles holding a Standing Water token (§4.3, §19.1.1, §19.8.4)
    weather_changed: int = 0  # the round the weather last changed (Rainy -> Cloudy: the water dries from the next)
    pro: ProTable = field(default_factory=ProTable)  # the Pro BOTs' cards and tokens (§22.2-§22.4; issue 38)
    radio_deck: Deck = field(default_factory=lambda: Deck("TEAM RADIO", [], rule="§6.9"))  # [ADV] §6.9
    # [ADV] the Debris and Oil tokens (§19.8.2, §19.8.3; racebook.formulagp.hazardtokens): tile indexes
    debris: tuple[int, ...] = ()
    oil: tuple[int, ...] = ()
    sc_from: int = 0  # [ADV] the radar space the Safety Car came out on: its period is the WHITE die's (§19.4.1)
    sc_card_back: bool = False  # Optional 15.11.1: the 'Safety Car' EVENT card was shuffled back once (§21)
    # §21 Optional rules (racebook.formulagp.momentum, ...): defaults leave a race without them unchanged
    momentum_shown: tuple[str, ...] = ()  # 15.1: the movement cards shown this round ('launch' texts), to be played
    dq_round: int = 0  # 15.3 qualifying by die roll (racebook.formulagp.diequalify): its round, 1 or 2; 0 when none
    dq_queue: tuple[str, ...] = ()  # 15.3: the drivers still to attempt this round, in Pit Box order (head: deciding)
    dq_failed: tuple[str, ...] = ()  # 15.3: the drivers with a failed attempt (next attempts -1; another: a crash)
    dq_crashed: tuple[str, ...] = ()  # 15.3: the drivers who crashed (score 0, no more attempts)
    photo: tuple[str, ...] = ()  # 15.8 photo finish (racebook.formulagp.photofinish): its contenders; () none
    photo_live: tuple[str, ...] = ()  # 15.8: the contenders still fighting, in sequence (one: it moves and wins)
    photo_round: int = 0  # 15.8: the photo-finish rounds of extra turns played so far

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
                    launches=dict(self.launches), bids=self.bids.copy(),
                    battle=replace(self.battle) if self.battle else None, events=self.events.copy(),
                    events_out=list(self.events_out),
                    incident_decks={k: v.copy() for k, v in self.incident_decks.items()},
                    card_stack={k: list(v) for k, v in self.card_stack.items()}, pending=list(self.pending),
                    later=list(self.later), dice_left=list(self.dice_left))
        s.qual, s.qual_scores = self.qual.copy(), dict(self.qual_scores)
        s.bots = self.bots.copy()
        s.pro = self.pro.copy()
        s.radio_deck = self.radio_deck.copy()  # [ADV] TEAM RADIO (§6.9)
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
        return max(1, self.board.hand_limit(car.ers) - held(car.damage + car.failures, Effect.HAND))  # §18.4

    def current(self) -> Car | None:
        return self.cars[self.turn.car] if self.turn else None

    def cards_everywhere(self) -> list[str]:
        """Every ACTION card of every car, wherever it is (a conservation check: each card in one place)."""
        out: list[str] = []
        for c in self.cars.values():
            out += [f"{c.id}:{x}" for x in c.hand + c.deck.pile + c.deck.discards]
        return out

    def events_everywhere(self) -> list[str]:
        """Every EVENT card, wherever it is: the deck, its discards, held by a car, out of the game (conservation)."""
        return self.events.pile + self.events.discards + self.events_out + [x for c in self.cars.values()
                                                                            for x in c.events]

    def incident_cards_everywhere(self) -> list[str]:
        """Every RISK, DAMAGE and FAILURE card, wherever it is: its deck's piles or by a car's board (§6.8)."""
        out: list[str] = []
        for d in self.incident_decks.values():
            out += d.pile + d.discards
        for c in self.cars.values():
            out += c.damage + c.failures
        return out + list(removed_damage(self.rules.street_circuit))  # §21 15.2: out of the game


def new_incident_decks(advanced: bool = False) -> dict[str, Deck]:
    """The three shared decks, every card in the discard pile: the first draw shuffles them (§6.8); an Advanced
    race's RISK deck with its red-banner (three-dot) cards (§4.4)."""
    ic = incident_cards()
    return {d.value: Deck(d.value.upper(), (), [c.code for c in (ic.advanced_of(d) if advanced else ic.of(d))],
                          rule=d.rule) for d in IncidentDeck}


@dataclass(frozen=True, slots=True)
class Zone:
    """A Yellow Flag zone (§19.3.1): from the Yellow Flag's tile up to the tile before the Green Flag's, until the
    Chequered Flag reaches the Green Flag token on the radar (``until``)."""

    yellow: int  # tile index
    green: int  # tile index: the zone ends here
    until: int  # radar space

@dataclass
class Battle:
    """A battle in progress (§13.2–§13.4): the attacker (the car whose turn it is) and the defender; ``lane`` the
    lane a Slipstream attack steps into with its first OT point (§13.4.1), 0 from an adjacent lane; ``discards``
    the cars that owe a forced discard after spending ERS (§8.1), in order, once the battle is resolved."""

    attacker: str
    defender: str  # "" while a chained secondary attack is offered (§13.4.1)
    lane: int = 0
    discards: tuple[str, ...] = ()
    chained: bool = False  # a secondary attack from a Slipstream space: the car ahead cannot defend (§13.4.1)
    chain_next: bool = False  # the overtake ended in a Slipstream shadow behind a car: a secondary attack may follow
    retry: bool = False  # a tie with a Rookie BOT: the player may attack again with -1 OT ([BOT 3.2.4.2])
    again: bool = False  # a Pro BOT attacks a player again after a tie (§22.10.3 item 4, [BOT 3.2.4.1]; issue 38)
    tries: int = 0  # [ADV] the second attempts made after ties between players (§13.4.3)
    blocking: bool = False  # [ADV] after a tie the defender decides whether to block (§21 15.7.2, optional)
