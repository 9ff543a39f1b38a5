"""Race state: the cars, their order on the track, decks, bag and tokens (§10, §11, §33).

The state is plain mutable data; rules live in the mechanic modules
(activation, movement, checks, payments, turn). ``Race`` (racebook.rf90.game)
wraps a state with the action log.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from racebook.core.deck import Deck
from racebook.core.fields import (
    as_enum,
    as_int,
    as_strs,
    bad,
    field_key,
    get,
    get_bool,
    get_enum,
    get_int,
    get_str,
    get_strs,
    kind_of,
)
from racebook.core.rng import Rng
from racebook.rf90.car import Car, CarKind, RobotType, Status, Tyre
from racebook.rf90.cards import Card, CardSet, default_race_deck
from racebook.rf90.damagebag import DamageBag
from racebook.rf90.options import Rules
from racebook.rf90.options import Rules as _Rules
from racebook.rf90.track import Condition, Section, SectionType, Track

if TYPE_CHECKING:
    from racebook.rf90.rules.duel import DuelCtx
    from racebook.rf90.turnctx import TurnCtx

DECK_RULE = "§6.1"  # the Race and Track decks: drawn from the top, discards reshuffled when empty, stackable
YELLOW_FLAG = "(Y)"  # a yellow-flag token inside a section's order list (§15.1)
BASIC, ADVANCED = "basic", "advanced"  # the rules level (the manual is the advanced game's; Expansion #1 §2, §4.7)
LEVELS = (BASIC, ADVANCED)


@dataclass(frozen=True, slots=True)
class Activation:
    """The section (or subsection) being played (§11).

    ``part`` is ``"whole"``, ``"leader"`` (the leader's subsection: the
    leader and the cars behind him) or ``"ahead"`` (cars ahead of the
    leader in his section, played last, §11.2 case 3).
    """

    section: str
    part: str = "whole"

    def __str__(self) -> str:
        return self.section + _PART_SUFFIX[self.part]


_PART_SUFFIX = {"whole": "", "leader": "2", "ahead": "1"}  # the subsection's number in an activation's label


@dataclass
class ScMachine:
    """Where the race is in deploying the Safety Car (§21.1): the players still to decide in its pit window, front
    to back, and whether the deployment is still under way (the queue is realigned when the window is empty)."""

    window: list[str] = field(default_factory=list)
    deploying: bool = False


class RaceState:
    """Everything needed to continue a race exactly.

    Besides the position (cars, order, decks, tokens) it holds the race's machine states: the individual turn in
    progress (``turn_ctx``, a :class:`racebook.rf90.turn.TurnCtx`), the duel procedure in progress (``duel_ctx``, a
    :class:`racebook.rf90.rules.duel.DuelCtx`), whether the car playing is a leader playing alone (``solo``, §11.2)
    and the Safety Car's deployment (``sc_machine``, §21.1). :meth:`copy` copies them too, so a mid-turn position
    continues from its copy; :meth:`to_dict` / :meth:`from_dict` (the saved and scenario format) leave them out: a
    state read from a dict is between two individual turns, and a :class:`racebook.rf90.game.Race` starts its
    machine afresh from it.
    """

    def __init__(self, track: Track, cards: CardSet | None = None, rules: Rules | None = None, seed: int = 0) -> None:
        self.track = track
        self.cards = cards or default_race_deck()
        self.track_cards = CardSet(track.track_cards)
        self.rules = rules or Rules()
        self.rng = Rng(seed)
        self.cars: dict[str, Car] = {}
        self.order: dict[str, list[str]] = {s.name: [] for s in track.sections}
        self.turn = 1
        self.weather = 0
        self.leader: str | None = None
        self.race_deck = Deck("Race", self.cards.codes(), rule=DECK_RULE)
        self.track_deck = Deck("Track", self.track_cards.codes(), rule=DECK_RULE)
        self.bag = DamageBag()
        self.blue_flags: set[str] = set()
        self.orange: str | None = None
        self.robot_tyre = Tyre.HARD
        self.robot_chits: list[tuple[RobotType, int]] = []
        self.restart = False
        self.finished = False
        self.started = False  # the first Game Turn has begun
        self.activation: Activation | None = None
        self.duel_chances: set[tuple[str, str]] = set()  # (car, activation) offered this Game Turn (§12.3)
        self.fas_anchor: str | None = None  # §18.4: the leader is off track; the FAS stays in this section
        self.sc: str | None = None  # the Safety Car's section while it is out (§21)
        self.robot_tyre_change: Tyre | None = None  # §16.3: pending robot tyre pits
        self.face_down: set[str] = set()  # duel bids on the table, not yet revealed (§12.1)
        self.reserved: dict[str, list[str]] = {}  # CHASE: a chased car's discarded movement cards (§26.8)
        self.sc_called = False  # a crash at an SC symbol: deploy at the end of the current step (§21.1)
        self.level = ADVANCED  # the basic game: robots ignore ETs (Expansion #1 §4.7); in to_dict only when basic
        # --- the machine states (not in to_dict: see the class docstring) ---
        self.turn_ctx: TurnCtx | None = None  # the individual turn in progress (§13)
        self.duel_ctx: DuelCtx | None = None  # the duel procedure in progress (§12)
        self.solo = False  # the car playing is the leader playing alone: his turn ends the activation (§11.2)
        self.sc_machine = ScMachine()  # the Safety Car's deployment and pit window (§21.1)
        # the cars still to play this Game Turn, kept by racebook.rf90.rules.activation.still_to_play (a cache, not
        # part of the position: its key says which Game Turn and which cars it was made for)
        self.to_play: tuple[tuple[int, int, int], tuple[str, ...]] | None = None

    # ------------------------------------------------------------------ cards
    def card(self, code: str) -> Card:
        """The card ``code``: a Race Card, else a Track Card (one dict lookup for a Race Card)."""
        card = self.cards.by_code.get(code)
        if card is None:
            card = self.track_cards.by_code.get(code)
            if card is None:
                raise KeyError(f"no card {code!r} in this race's decks")
        return card

    def deck_of(self, code: str) -> Deck:
        return self.track_deck if code in self.track_cards else self.race_deck

    def discard(self, code: str) -> None:
        """Discard to the matching pile (Track Cards go to their own pile, §23)."""
        self.deck_of(code).discard(code)

    # --------------------------------------------------------------- position
    def section(self, name: str) -> Section:
        return self.track.section(name)

    def cars_in(self, section: str) -> list[str]:
        """Car ids in a section, front to back (yellow-flag tokens left out)."""
        lst = self.order[section]
        return [c for c in lst if c != YELLOW_FLAG] if YELLOW_FLAG in lst else lst[:]

    def position_in_section(self, car_id: str) -> int:
        """0 = front of its section; counts cars only."""
        car = self.cars[car_id]
        return self.cars_in(car.section).index(car_id)

    def place(self, car_id: str, section: str, index: int | None = None) -> None:
        """Put a car in a section: at the back, or at list index ``index``."""
        lst = self.order[section]
        if index is None:
            lst.append(car_id)
        else:
            lst.insert(index, car_id)
        self.cars[car_id].section = section

    def remove(self, car_id: str) -> None:
        car = self.cars[car_id]
        lst = self.order.get(car.section) if car.section else None
        if lst and car_id in lst:
            lst.remove(car_id)

    def add_car(self, car: Car, section: str | None = None, index: int | None = None) -> None:
        self.cars[car.id] = car
        if section is not None:
            self.place(car.id, section, index)

    def on_track(self) -> Iterator[Car]:
        """Racing cars in the sections' order lists (not at a re-entry point, §18.5)."""
        for c in self.cars.values():
            if c.status is Status.RACING and c.off_track is None and c.section:
                yield c

    def key(self, car_id: str) -> tuple[int, int, int]:
        """Distance key: larger = further ahead in the race (AMB-25)."""
        car = self.cars[car_id]
        return (car.lap, self.track.index_of(car.section), -self.order[car.section].index(car_id))

    def race_order(self) -> list[str]:
        """Cars on track, race order (most distance first; §25 interpretation)."""
        return sorted((c.id for c in self.on_track()), key=self.key, reverse=True)

    def frontmost(self) -> str | None:
        cars = [c.id for c in self.on_track()]
        return max(cars, key=self.key) if cars else None

    def reassign_leader(self, mover: str | None = None) -> str | None:
        """Give the Leader token to the frontmost car when that changed (§11.2 case 2); returns the new holder.

        While the leader is off track with no car where he lost control (§18.4) he keeps the token; it moves
        only when a car gets ahead of that section. With ``mover`` (the only car that just moved forward) only
        that car can have taken the lead, so the check is one comparison.
        """
        if mover is not None and self.fas_anchor is None and self.leader is not None and mover != self.leader:
            lead = self.cars[self.leader]
            if lead.status is Status.RACING and lead.off_track is None and lead.section:
                m = self.cars[mover]
                index_of = self.track.index_of
                if (m.lap, index_of(m.section)) < (lead.lap, index_of(lead.section)):
                    return None  # behind on the first two terms of :meth:`key` already
                if self.key(mover) <= self.key(self.leader):
                    return None
                self.leader = mover
                return mover
        front = self.frontmost()
        if front is None or front == self.leader:
            return None
        if self.fas_anchor is not None and self.leader is not None:
            lead = self.cars[self.leader]
            if (self.cars[front].lap, self.section(self.cars[front].section).index) <= \
                    (self.lost_control_lap(lead), self.section(self.fas_anchor).index):
                return None
            self.fas_anchor = None
        self.leader = front
        return front

    def crossed_line_off_track(self, car: Car) -> bool:
        """True for a car at a re-entry point beyond the finish line from where it lost control (§18.5): its
        lap was counted when it was placed there, like any other crossing."""
        return car.off_track is not None and car.lost_control is not None and \
            self.section(car.off_track).index < self.section(car.lost_control).index

    def lost_control_lap(self, car: Car) -> int:
        """The lap a car was on where it lost control (one less than ``car.lap`` past the finish line)."""
        return car.lap - 1 if self.crossed_line_off_track(car) else car.lap

    def off_track_at(self, section: str) -> list[str]:
        """Cars waiting at the re-entry point beside ``section`` (§18.5)."""
        return [c.id for c in self.cars.values() if c.off_track == section and c.status is Status.RACING]

    def laps_down(self, car_id: str) -> int:
        """Laps behind the leader = the "-x lap" token (§13.E.4, AMB-25)."""
        if self.leader is None or car_id == self.leader or self.leader not in self.cars:
            return 0
        n = len(self.track)
        lead, car = self.cars[self.leader], self.cars[car_id]
        diff = (lead.lap * n + self.section(lead.section).index) - (car.lap * n + self.section(car.section).index)
        laps, rest = divmod(diff, n)
        if rest == 0 and laps > 0 and car.section == lead.section:
            lst = self.order[car.section]
            if car_id in lst and self.leader in lst and lst.index(car_id) < lst.index(self.leader):
                laps -= 1  # physically ahead of the leader in his section: not yet lapped (§11.2 case 3)
        return max(laps, 0)

    def ahead_of_leader(self, car_id: str) -> bool:
        """True for a car in the leader's section, in front of him (subsection 1, §11.2 case 3)."""
        if self.leader is None:
            return False
        lead = self.cars[self.leader]
        car = self.cars[car_id]
        if car.section != lead.section or car_id == self.leader:
            return False
        lst = self.order[car.section]
        if self.leader not in lst or car_id not in lst:  # an off-track leader splits nothing (§18.5)
            return False
        return lst.index(car_id) < lst.index(self.leader)

    def condition(self) -> Condition:
        return self.track.weather.spaces[self.weather].condition

    def section_type(self, name: str) -> SectionType:
        return self.section(name).type

    def humans(self) -> list[Car]:
        return [c for c in self.cars.values() if c.kind is CarKind.HUMAN]

    # ------------------------------------------------------------ accounting
    def card_locations(self) -> dict[str, str]:
        """Where every card is: 'pile', 'discards', 'hand:Blue', 'frozen:Blue', 'target:Blue'."""
        where: dict[str, str] = {}
        for deck in (self.race_deck, self.track_deck):
            for c in deck.pile:
                where[c] = f"pile:{deck.name}"
            for c in deck.discards:
                where[c] = f"discards:{deck.name}"
        for car in self.cars.values():
            for c in car.hand:
                where[c] = f"hand:{car.id}"
            for c in car.frozen:
                where[c] = f"frozen:{car.id}"
            for c in car.table:
                where[c] = f"table:{car.id}"
            if car.target:
                where[car.target] = f"target:{car.id}"
        return where

    def card_count(self) -> int:
        n = len(self.race_deck.pile) + len(self.race_deck.discards)
        n += len(self.track_deck.pile) + len(self.track_deck.discards)
        for car in self.cars.values():
            n += len(car.hand) + len(car.frozen) + len(car.table) + (1 if car.target else 0)
        return n

    def wear_count(self) -> tuple[int, int]:
        """(red, brown) tokens in the bag plus on panels: constant through a race."""
        red = self.bag.red + sum(c.red for c in self.cars.values())
        brown = self.bag.brown + sum(c.brown for c in self.cars.values())
        return red, brown

    # ---------------------------------------------------------- serialising
    def to_dict(self) -> dict:
        return {
            "track": self.track.id, "rules": self.rules.to_dict(), "rng": self.rng.state,
            "cars": [c.to_dict() for c in self.cars.values()],
            "order": {k: list(v) for k, v in self.order.items()}, "turn": self.turn, "weather": self.weather,
            "leader": self.leader, "race_deck": self.race_deck.to_dict(), "track_deck": self.track_deck.to_dict(),
            "bag": self.bag.to_dict(), "blue_flags": sorted(self.blue_flags), "orange": self.orange,
            "robot_tyre": self.robot_tyre.value, "robot_chits": [[t.value, n] for t, n in self.robot_chits],
            "restart": self.restart, "finished": self.finished, "started": self.started,
            "activation": [self.activation.section, self.activation.part] if self.activation else None,
            "duel_chances": sorted([list(x) for x in self.duel_chances]), "fas_anchor": self.fas_anchor, "sc": self.sc,
            "reserved": {k: list(v) for k, v in self.reserved.items()},
            "robot_tyre_change": self.robot_tyre_change.value if self.robot_tyre_change else None,
            "face_down": sorted(self.face_down),
            "sc_called": self.sc_called,
        } | ({"level": self.level} if self.level != ADVANCED else {})

    @classmethod
    def from_dict(cls, d: dict, track: Track, cards: CardSet | None = None) -> RaceState:
        """The state of :meth:`to_dict` on ``track``. A malformed dict (a missing key, a wrong type, an unknown
        name) raises :class:`~racebook.core.errors.DataError` with file ``<state>`` and a dotted field path; whether
        the values make a possible race is :func:`racebook.rf90.integrity.check_state`'s job."""

        if not isinstance(d, dict):
            raise bad("state", f"must be a table, not {kind_of(d)}")
        s = cls(track, cards, _Rules.from_dict(get(d, "rules", "rules")))
        s.rng.state = get_int(d, "rng", "rng", 0, (1 << 64) - 1)
        cars = get(d, "cars", "cars")
        if not isinstance(cars, list):
            raise bad("cars", f"must be a list, not {kind_of(cars)}")
        for i, cd in enumerate(cars):
            car = Car.from_dict(cd, f"cars[{i}]")
            if car.id in s.cars:
                raise bad(f"cars[{i}].id", f"car {car.id} appears twice")
            s.cars[car.id] = car
        order = get(d, "order", "order")
        if not isinstance(order, dict):
            raise bad("order", f"must be a table, not {kind_of(order)}")
        s.order = {k: as_strs(v, f"order.{field_key(k)}") for k, v in order.items()}
        s.turn, s.weather = get_int(d, "turn", "turn"), get_int(d, "weather", "weather")
        s.leader = get_str(d, "leader", "leader", optional=True)
        s.race_deck = Deck.from_dict("Race", get(d, "race_deck", "race_deck"), "race_deck", rule=DECK_RULE)
        s.track_deck = Deck.from_dict("Track", get(d, "track_deck", "track_deck"), "track_deck", rule=DECK_RULE)
        s.bag = DamageBag.from_dict(get(d, "bag", "bag"), "bag")
        s.blue_flags = set(get_strs(d, "blue_flags", "blue_flags"))
        s.orange = get_str(d, "orange", "orange", optional=True)
        s.robot_tyre = get_enum(d, "robot_tyre", Tyre, "robot_tyre")
        chits = get(d, "robot_chits", "robot_chits")
        if not isinstance(chits, list):
            raise bad("robot_chits", f"must be a list, not {kind_of(chits)}")
        s.robot_chits = []
        for i, chit in enumerate(chits):
            if not (isinstance(chit, list) and len(chit) == 2):
                raise bad(f"robot_chits[{i}]", f"{chit!r:.60} is not [type, turn]")
            s.robot_chits.append((as_enum(RobotType, chit[0], f"robot_chits[{i}][0]"),
                                  as_int(chit[1], f"robot_chits[{i}][1]")))
        s.restart = get_bool(d, "restart", "restart")
        s.finished = get_bool(d, "finished", "finished")
        s.started = get_bool(d, "started", "started")
        act = get(d, "activation", "activation")
        if act is not None:
            if not (isinstance(act, list) and len(act) == 2 and all(isinstance(x, str) for x in act)):
                raise bad("activation", f"{act!r:.60} is not null or [section, part]")
            s.activation = Activation(*act)
        chances = get(d, "duel_chances", "duel_chances")
        if not isinstance(chances, list):
            raise bad("duel_chances", f"must be a list, not {kind_of(chances)}")
        for i, x in enumerate(chances):
            pair = as_strs(x, f"duel_chances[{i}]")
            if len(pair) != 2:
                raise bad(f"duel_chances[{i}]", f"{x!r:.60} is not [car, activation]")
            s.duel_chances.add((pair[0], pair[1]))
        s.fas_anchor = get_str(d, "fas_anchor", "fas_anchor", None, optional=True)
        s.sc = get_str(d, "sc", "sc", None, optional=True)
        reserved = get(d, "reserved", "reserved", {})
        if not isinstance(reserved, dict):
            raise bad("reserved", f"must be a table, not {kind_of(reserved)}")
        s.reserved = {k: as_strs(v, f"reserved.{field_key(k)}") for k, v in reserved.items()}
        s.robot_tyre_change = get_enum(d, "robot_tyre_change", Tyre, "robot_tyre_change", None, optional=True)
        s.face_down = set(get_strs(d, "face_down", "face_down", []))
        s.sc_called = get_bool(d, "sc_called", "sc_called", False)
        s.level = get_str(d, "level", "level", ADVANCED)
        if s.level not in LEVELS:
            raise bad("level", f"{s.level!r:.40} is not a rules level ({', '.join(LEVELS)})")
        return s

    def copy(self) -> RaceState:
        """An independent copy that continues exactly as this state does: the position of :meth:`to_dict` and the
        machine states (turn, duel, Safety Car) that the dict leaves out."""
        s = RaceState.__new__(RaceState)
        vars(s).update(vars(self))  # the immutable values (track, card sets, rules, numbers, enums, Activation)
        s.rng = self.rng.copy()
        s.cars = {k: c.copy() for k, c in self.cars.items()}
        s.order = {k: list(v) for k, v in self.order.items()}
        s.race_deck, s.track_deck, s.bag = self.race_deck.copy(), self.track_deck.copy(), self.bag.copy()
        s.blue_flags, s.robot_chits = set(self.blue_flags), list(self.robot_chits)
        s.duel_chances, s.face_down = set(self.duel_chances), set(self.face_down)
        s.reserved = {k: list(v) for k, v in self.reserved.items()}
        # the machine states by deepcopy (~0.06 ms a turn context; an explicit copy ~0.015 ms, but deepcopy cannot
        # forget a field added later)
        s.turn_ctx, s.duel_ctx = _copy.deepcopy(self.turn_ctx), _copy.deepcopy(self.duel_ctx)
        s.sc_machine = ScMachine(list(self.sc_machine.window), self.sc_machine.deploying)
        return s
