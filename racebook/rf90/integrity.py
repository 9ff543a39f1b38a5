"""The integrity of a race state: nothing created, nothing lost, every value in range (§2.2, §6.1, §23).

One validator for every way a :class:`~racebook.rf90.state.RaceState` is built from outside data — a scenario file
(racebook.rf90.scenario) and a saved race (:meth:`racebook.rf90.game.Race.from_json`) — and for the property tests:

* **cards** (§6.1, §23): every card of the Race deck and of the track's Track Cards is in exactly one place —
  a draw pile, a discard pile, a hand, a panel's Target Check, frozen duel cards, the table — and no unknown
  code appears anywhere; a Race card is never in the Track pile nor a Track Card in the Race pile;
* **wear tokens** (§2.2, §13.D.1): the bag plus the panels hold exactly the box's 24 red and 6 brown discs; a
  panel holds no more tokens than its wear slots; robots carry none (§17.1); stacked draws are in the bag;
* **numbers**: tyre chips 0..the setup's tyres (§14), blue tokens 0..3 (§9.2, §27), time loss, laps, pits,
  refuel chits 1..last turn + a full tank (§8), the turn 1..the last turn (§10), the weather space on the
  table (§9.1) — integers, never booleans, NaN or floats;
* **places**: every racing car on the track is in exactly one section's order list, nothing else is there but
  yellow-flag tokens in corners (§15.1); sections, trajectories, the leader, the flags' holders, the Safety
  Car's section name things that exist.

:func:`problems` lists what is wrong as ``(field, reason)`` pairs (fields are dotted paths such as
``cars.Blue.hand[2]``); :func:`check_state` raises the caller's :class:`~racebook.core.errors.DataError` subclass on
the first one. The small typed readers that ``from_dict`` methods use to refuse a malformed dict with a dotted path
(``get_int``, ``as_enum``, …) live in :mod:`racebook.core.fields` and are re-exported here.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from racebook.core.datafile import DATA_ID
from racebook.core.errors import DataError
from racebook.core.fields import (  # noqa: F401 - the typed readers, re-exported (they moved to racebook.core.fields)
    MISSING,
    as_bool,
    as_enum,
    as_int,
    as_str,
    as_strs,
    bad,
    field_key,
    get,
    get_bool,
    get_enum,
    get_int,
    get_str,
    get_strs,
    int_problem,
    is_int,
    kind_of,
    rewrap,
    short,
)
from racebook.rf90.car import (
    PRESUMED_SETUP_POINTS,
    SETUP_POINTS,
    CarKind,
    EtCause,
    RobotType,
    Setup,
    Skill,
    Status,
    Strategy,
    Tyre,
)
from racebook.rf90.damagebag import Wear
from racebook.rf90.rules.pits import TANK_MAX
from racebook.rf90.state import BASIC, LEVELS, YELLOW_FLAG, Activation
from racebook.rf90.track import TrajectoryKind
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES

if TYPE_CHECKING:
    from racebook.rf90.state import RaceState

#: The box's wear tokens (§2.2): the damage bag starts with all of them (racebook.rf90.damagebag.DamageBag).
RED_TOKENS, BROWN_TOKENS = 24, 6
#: §9.2 / §27: 3 blue tokens with soft tyres, or 3 with RAIN EXPERT starting on rain tyres; never more.
MAX_BLUE = 3
#: A generous bound for counters that grow during a race (laps, pit stops, soft-tyre sets, time loss in MP).
MAX_COUNT = 999
#: A track id: the stem of a track file (racebook.rf90.trackfile), never a path; short enough for any file system.
TRACK_ID = DATA_ID  # a track id (use fullmatch)
#: The largest integer a random-generator state can hold (racebook.core.rng: 64 bits).
MAX_RNG = (1 << 64) - 1


def refuel_max(last_turn: int) -> int:
    """The latest turn a refuel chit can show (§8): a full tank beyond the last turn
    (racebook.rf90.rules.pits.TANK_MAX), plus
    the one space a turn SAVE FUEL's bonus may move it forward (§26.3)."""

    return last_turn + TANK_MAX + last_turn


Problem = tuple[str, str]


# ------------------------------------------------------------------------------------- the validator
def check_state(state: RaceState, error: type[DataError] = DataError, file: str = "<state>",
                prefix: str = "") -> None:
    """Raise ``error(file, prefix.field, reason)`` for the first integrity problem of ``state`` (none: return)."""
    for field, reason in problems(state):
        raise error(file, f"{prefix}.{field}" if prefix else field, reason)


def problems(state: RaceState) -> list[Problem]:
    """Every integrity problem of ``state`` as ``(field, reason)``; an empty list means the state is sound."""
    out: list[Problem] = []
    _Checker(state, out).run()
    return out


class _Checker:
    def __init__(self, state: RaceState, out: list[Problem]) -> None:
        self.s = state
        self.out = out
        self.track = state.track
        self.last_turn = state.track.turns.last_turn

    def fail(self, field: str, reason: str) -> None:
        self.out.append((field, reason))

    def int_in(self, field: str, v: Any, lo: int | None, hi: int | None, what: str = "") -> bool:
        reason = int_problem(v, lo, hi, what)
        if reason:
            self.fail(field, reason)
        return reason is None

    def is_bool(self, field: str, v: Any) -> None:
        if not isinstance(v, bool):
            self.fail(field, f"{short(v)} is not true or false ({kind_of(v)})")

    def is_enum(self, field: str, v: Any, enum: type[Enum], optional: bool = False) -> None:
        if v is None and optional:
            return
        if not isinstance(v, enum):
            self.fail(field, f"{short(v)} is not one of {', '.join(str(e.value) for e in enum)}")

    def section(self, field: str, v: Any, optional: bool = True) -> bool:
        if v is None and optional:
            return True
        if not isinstance(v, str) or not self.track.has_section(v):
            self.fail(field, f"{short(v)} is not a section of track {self.track.id!r}")
            return False
        return True

    def car_id(self, field: str, v: Any, optional: bool = True) -> None:
        if v is None and optional:
            return
        if not isinstance(v, str) or v not in self.s.cars:
            self.fail(field, f"{short(v)} is not a car of this race")

    # ----------------------------------------------------------------------------------------------
    def run(self) -> None:
        s = self.s
        self.int_in("turn", s.turn, 1, self.last_turn, f": the turns of track {self.track.id!r}")
        self.int_in("weather", s.weather, 0, len(self.track.weather.spaces) - 1, ": the weather table")
        self.int_in("rng", s.rng.state, 0, MAX_RNG)
        for name in ("restart", "finished", "started", "sc_called"):
            self.is_bool(name, getattr(s, name))
        self.cars()
        self.cards()
        self.wear()
        self.order()
        self.race_fields()

    def cars(self) -> None:
        s = self.s

        for cid, car in s.cars.items():
            p = f"cars.{field_key(cid)}"
            if car.id != cid:
                self.fail(f"{p}.id", f"{short(car.id)} is filed under {cid!r}")
            if not isinstance(car.id, str) or not car.id:
                self.fail(f"{p}.id", "a car id is a non-empty string")
            self.is_enum(f"{p}.kind", car.kind, CarKind)
            self.is_enum(f"{p}.robot", car.robot, RobotType, optional=True)
            if car.kind is CarKind.ROBOT and car.robot is None:
                self.fail(f"{p}.robot", "a robot needs a type: superfast, fast or slow (§17)")
            if car.kind is CarKind.HUMAN and car.robot is not None:
                self.fail(f"{p}.robot", "a human car has no robot type")
            self.setup(f"{p}.setup", car.setup)
            tyres = car.setup.tyres if isinstance(car.setup, Setup) and is_int(car.setup.tyres) else None
            self.is_enum(f"{p}.tyre", car.tyre, Tyre)
            self.int_in(f"{p}.chips", car.chips, 0, tyres, ": §14, no more than the setup's tyres")
            self.int_in(f"{p}.blue", car.blue, 0, MAX_BLUE, ": §9.2, §27")
            self.int_in(f"{p}.time_loss", car.time_loss, 0, MAX_COUNT)
            self.int_in(f"{p}.lap", car.lap, -MAX_COUNT, MAX_COUNT)  # a pit stop can take a car back over the line
            self.int_in(f"{p}.pits", car.pits, 0, MAX_COUNT)
            self.int_in(f"{p}.soft_sets", car.soft_sets, 0, MAX_COUNT)
            self.int_in(f"{p}.bw_card_turn", car.bw_card_turn, 0, self.last_turn)
            self.int_in(f"{p}.assist_turn", car.assist_turn, 0, self.last_turn)  # Expansion #1 §5.6
            self.int_in(f"{p}.assist_bonus", car.assist_bonus, 0, 20, ": the green card's +20 (Expansion #1 §5.6)")
            self.is_enum(f"{p}.et_cause", car.et_cause, EtCause, optional=True)  # who put a robot on its ET (§4.7)
            if car.team is not None and sum(c.team == car.team for c in s.cars.values()) > 2:
                self.fail(f"{p}.team", f"team {car.team} has more than two cars (Expansion #1 §5.1)")
            if car.refuel is not None:
                self.int_in(f"{p}.refuel", car.refuel, 1, refuel_max(self.last_turn),
                            f": §8, a refuel chit is on a turn, at most a full tank ({TANK_MAX}) beyond the last "
                            "and one space a turn of SAVE FUEL (§26.3)")
            self.is_enum(f"{p}.strategy", car.strategy, Strategy, optional=True)
            if car.strategy is not None and car.strategy not in IMPLEMENTED_STRATEGIES:
                self.fail(f"{p}.strategy", f"{car.strategy.value}: not playable in this engine version (§26)")
            self.is_enum(f"{p}.skill", car.skill, Skill, optional=True)
            if car.skill is Skill.SIXTH_SENSE:
                self.fail(f"{p}.skill", "§27 / AMB-15: SIXTH SENSE's flags are NOT IN SOURCE; it cannot be used")
            self.is_enum(f"{p}.status", car.status, Status)
            for name in ("skill_used", "played", "no_move", "just_pit", "forced_pit"):
                self.is_bool(f"{p}.{name}", getattr(car, name))
            for name in ("hand", "frozen", "table", "wear"):
                if not isinstance(getattr(car, name), list):
                    self.fail(f"{p}.{name}", f"must be a list, not {kind_of(getattr(car, name))}")
            if isinstance(car.wear, list):
                for i, w in enumerate(car.wear):
                    self.is_enum(f"{p}.wear[{i}]", w, Wear)
                slots = car.setup.wear if isinstance(car.setup, Setup) else None
                if is_int(slots) and len(car.wear) > slots:  # type: ignore[arg-type]
                    self.fail(f"{p}.wear", f"{len(car.wear)} tokens but only {slots} wear slots (§6.2)")
            if car.kind is CarKind.ROBOT:
                for name in ("hand", "wear"):
                    if getattr(car, name):
                        self.fail(f"{p}.{name}", f"a robot has no {name} (§17.1)")
                if car.target is not None:
                    self.fail(f"{p}.target", "a robot has no Target Check card; it uses 70 (§17.1)")
            if car.section != "":
                self.section(f"{p}.section", car.section, optional=False)
            elif car.status is Status.RACING and car.off_track is None:
                self.fail(f"{p}.section", "a racing car is in a section")
            if car.off_track is not None and self.section(f"{p}.off_track", car.off_track):
                if car.lost_control is None:
                    self.fail(f"{p}.lost_control", "a car off the track lost control in some section (§18.5)")
            self.section(f"{p}.lost_control", car.lost_control)
            if car.trajectory is not None:
                try:
                    tr = self.track.trajectory(car.trajectory)
                except (KeyError, TypeError):
                    self.fail(f"{p}.trajectory", f"{short(car.trajectory)} is not a trajectory of track "
                                                 f"{self.track.id!r}")
                else:
                    if tr.section != car.section:
                        self.fail(f"{p}.trajectory", f"trajectory {car.trajectory} is in section {tr.section}, "
                                                     f"not {car.section!r}")
            self.car_id(f"{p}.chasing", car.chasing)
            if car.chasing == car.id:
                self.fail(f"{p}.chasing", "a car cannot chase itself (§26.8)")

    def setup(self, p: str, su: Any) -> None:
        if not isinstance(su, Setup):
            self.fail(p, f"{short(su)} is not a setup")
            return
        for cat in ("tyres", "cards", "wear"):
            v = getattr(su, cat)
            known = dict(SETUP_POINTS[cat]) | PRESUMED_SETUP_POINTS.get(cat, {})
            if not is_int(v) or v not in known:
                self.fail(f"{p}.{cat}", f"{short(v)} is not a setup value of §6.2 (known: "
                                        f"{', '.join(str(k) for k in sorted(known))})")

    def cards(self) -> None:
        """§6.1 / §23: every card in exactly one place; no unknown code; each pile holds its own deck."""
        s = self.s
        race_codes, track_codes = set(s.cards.codes()), set(s.track_cards.codes())
        seen: dict[str, str] = {}

        def place(field: str, code: Any, allowed: set[str] | None = None) -> None:
            if not isinstance(code, str):
                self.fail(field, f"{short(code)} is not a card code ({kind_of(code)})")
                return
            if code not in race_codes and code not in track_codes:
                self.fail(field, f"no card {code!r} in the Race deck or this track's Track Cards")
                return
            if allowed is not None and code not in allowed:
                deck = "Track" if code in track_codes else "Race"
                self.fail(field, f"card {code} belongs to the {deck} deck, not this pile (§23)")
                return
            if code in seen:
                self.fail(field, f"card {code} is also at {seen[code]} (a card is in one place only, §6.1)")
                return
            seen[code] = field

        for name, deck, codes in (("race_deck", s.race_deck, race_codes), ("track_deck", s.track_deck, track_codes)):
            for pile in ("pile", "discards"):
                lst = getattr(deck, pile)
                if not isinstance(lst, list):
                    self.fail(f"{name}.{pile}", f"must be a list, not {kind_of(lst)}")
                    continue
                for i, code in enumerate(lst):
                    place(f"{name}.{pile}[{i}]", code, codes)
            self.int_in(f"{name}.reshuffles", deck.reshuffles, 0, None)
        for cid, car in s.cars.items():
            for name in ("hand", "frozen", "table"):
                lst = getattr(car, name)
                if isinstance(lst, list):
                    for i, code in enumerate(lst):
                        place(f"cars.{field_key(cid)}.{name}[{i}]", code)
            if car.target is not None:
                place(f"cars.{field_key(cid)}.target", car.target)
        for code in sorted((race_codes | track_codes) - set(seen)):
            self.fail("cards", f"card {code} is nowhere: not in a pile, a hand, on a panel or on the table "
                               "(§6.1: no card is lost)")
        on_table = {c for car in s.cars.values() if isinstance(car.table, list) for c in car.table}
        for code in sorted(s.face_down, key=str):
            if code not in on_table:
                self.fail("face_down", f"{short(code)} is face down but on no car's table (§12.1)")
        for cid, held in s.reserved.items():
            self.car_id(f"reserved.{field_key(cid)}", cid, optional=False)
            if not isinstance(held, list):
                self.fail(f"reserved.{field_key(cid)}", f"must be a list, not {kind_of(held)}")
                continue
            for i, code in enumerate(held):
                if not isinstance(code, str) or code not in race_codes | track_codes:
                    self.fail(f"reserved.{field_key(cid)}[{i}]", f"{short(code)} is not a card of this race")

    def wear(self) -> None:
        """§2.2 / §13.D.1: the bag and the panels hold the box's tokens, no more and no fewer."""
        bag = self.s.bag
        ok = self.int_in("bag.red", bag.red, 0, RED_TOKENS) & self.int_in("bag.brown", bag.brown, 0, BROWN_TOKENS)
        if not isinstance(bag.stacked, list):
            self.fail("bag.stacked", f"must be a list, not {kind_of(bag.stacked)}")
            return
        for i, w in enumerate(bag.stacked):
            self.is_enum(f"bag.stacked[{i}]", w, Wear)
        if not ok or not all(isinstance(c.wear, list) for c in self.s.cars.values()):
            return
        for colour, total, in_bag in (("red", RED_TOKENS, bag.red), ("brown", BROWN_TOKENS, bag.brown)):
            on_panels = sum(1 for c in self.s.cars.values() for w in c.wear if isinstance(w, Wear)
                            and w.value == colour)
            if in_bag + on_panels != total:
                self.fail(f"bag.{colour}", f"{in_bag} in the bag + {on_panels} on panels is not the box's {total} "
                                           f"{colour} tokens (§2.2)")
            stacked = sum(1 for w in bag.stacked if isinstance(w, Wear) and w.value == colour)
            if stacked > in_bag:
                self.fail("bag.stacked", f"{stacked} {colour} draws stacked but only {in_bag} {colour} tokens "
                                         "in the bag")

    def order(self) -> None:
        """Every racing car on the track is in its section's order list once; nothing else is there but (Y)."""

        s = self.s
        names = {sec.name for sec in self.track.sections}
        if not isinstance(s.order, dict) or set(s.order) != names:
            got = sorted(map(str, s.order)) if isinstance(s.order, dict) else kind_of(s.order)
            self.fail("order", f"must name every section of track {self.track.id!r} once (got {got})")
            return
        where: dict[str, str] = {}
        for sec, lst in s.order.items():
            if not isinstance(lst, list):
                self.fail(f"order.{sec}", f"must be a list, not {kind_of(lst)}")
                continue
            flags = 0
            for i, cid in enumerate(lst):
                f = f"order.{sec}[{i}]"
                if cid == YELLOW_FLAG:
                    flags += 1
                    if self.track.section(sec).type.value != "corner":
                        self.fail(f, f"a yellow flag can only be in a corner section, not in {sec} (§15.1)")
                    elif flags > 1:
                        self.fail(f, f"at most one yellow flag per corner section ({sec}) (§15.1)")
                    continue
                if not isinstance(cid, str) or cid not in s.cars:
                    self.fail(f, f"{short(cid)} is not a car of this race")
                    continue
                if cid in where:
                    self.fail(f, f"car {cid} is also at {where[cid]}")
                    continue
                where[cid] = f
                car = s.cars[cid]
                if car.section != sec:
                    self.fail(f, f"car {cid} is listed in {sec} but its section is {car.section!r}")
                if car.status is not Status.RACING or car.off_track is not None:
                    self.fail(f, f"car {cid} is not on the track (status {car.status.value}"
                                 f"{', off track' if car.off_track else ''}) but is listed in {sec}")
        for cid, car in s.cars.items():
            if car.status is Status.RACING and car.off_track is None and car.section and cid not in where:
                self.fail(f"cars.{field_key(cid)}.section",
                          f"car {cid} is racing in {car.section} but not in its order list")

    def level(self) -> None:
        """The basic game (Expansion #1 §2, §4.7, §5.3): no SuperFast robots, no <STK> skill (FLAT OUT, §27), and
        «en el Juego Básico los robots nunca ocupan un punto ET», save a robot teammate (its human's green card,
        Expansion #1 §5.6, AMB-X1-29)."""

        s = self.s
        if s.level not in LEVELS:
            self.fail("level", f"{short(s.level)} is not a rules level ({', '.join(LEVELS)})")
        if s.level != BASIC:
            return
        for cid, car in s.cars.items():
            p = f"cars.{field_key(cid)}"
            if car.robot is RobotType.SUPERFAST:
                self.fail(f"{p}.robot", "the basic game has no SuperFast robots (Expansion #1 §5.3)")
            if car.skill is Skill.FLAT_OUT:
                self.fail(f"{p}.skill", "FLAT OUT is marked <STK>: not for the basic game (§27)")
            try:
                on_et = car.trajectory is not None and \
                    self.track.trajectory(car.trajectory).kind is TrajectoryKind.EXTREME
            except (KeyError, TypeError):  # not a trajectory: cars() says so
                on_et = False
            has_human = car.team is not None and any(c.team == car.team and not c.is_robot for c in s.cars.values())
            if car.is_robot and on_et and not has_human:
                self.fail(f"{p}.trajectory", "in the basic game robots never occupy an ET (Expansion #1 §4.7); only "
                                             "a robot teammate, by its human's green card (§5.6, AMB-X1-29)")

    def race_fields(self) -> None:

        s = self.s
        self.level()
        self.car_id("leader", s.leader)
        self.car_id("orange", s.orange)
        if not isinstance(s.blue_flags, set):
            self.fail("blue_flags", f"must be a set of car ids, not {kind_of(s.blue_flags)}")
        else:
            for cid in sorted(s.blue_flags, key=str):
                self.car_id("blue_flags", cid, optional=False)
        self.is_enum("robot_tyre", s.robot_tyre, Tyre)
        self.is_enum("robot_tyre_change", s.robot_tyre_change, Tyre, optional=True)
        for i, chit in enumerate(s.robot_chits):
            if not (isinstance(chit, tuple) and len(chit) == 2):
                self.fail(f"robot_chits[{i}]", f"{short(chit)} is not a (type, turn) pair")
                continue
            self.is_enum(f"robot_chits[{i}][0]", chit[0], RobotType)
            self.int_in(f"robot_chits[{i}][1]", chit[1], 1, refuel_max(self.last_turn), ": §8, a turn")
        if s.activation is not None:
            a = s.activation
            if not isinstance(a, Activation):
                self.fail("activation", f"{short(a)} is not an activation")
            else:
                self.section("activation.section", a.section, optional=False)
                if a.part not in ("whole", "leader", "ahead"):
                    self.fail("activation.part", f"{short(a.part)} is not one of whole, leader, ahead")
        self.section("fas_anchor", s.fas_anchor)
        self.section("sc", s.sc)
        for pair in sorted(s.duel_chances, key=str):
            if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
                self.fail("duel_chances", f"{short(pair)} is not a (car, activation) pair")
            else:
                self.car_id("duel_chances", pair[0], optional=False)
