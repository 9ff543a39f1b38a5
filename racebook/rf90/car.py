"""Cars: the human player's panel (§4, §6.2, §9.2) and robots (§17).

A :class:`Car` is mutable race state owned by a :class:`~racebook.rf90.state.RaceState`;
everything it refers to (cards, tyres, strategies) is an immutable value.
"""

from __future__ import annotations

import copy as _copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from racebook.core.errors import RuleUnavailable, SetupError
from racebook.core.fields import as_int, as_str, bad, get, get_bool, get_enum, get_int, get_str, get_strs, kind_of
from racebook.rf90.damagebag import Wear

#: A car id as Race Position Notation and action texts read it: a letter, then letters, digits or ``_``.
CAR_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


class CarKind(Enum):
    HUMAN = "human"
    ROBOT = "robot"


class RobotType(Enum):
    """Robot types and their base MP per turn (§17.1, §29.3)."""

    SUPERFAST = "superfast"  # black
    FAST = "fast"  # yellow
    SLOW = "slow"  # purple

    @property
    def mp(self) -> int:
        return _ROBOT_MP[self.value]


_ROBOT_MP = {"superfast": 4, "fast": 3, "slow": 2}  # §17.3: a robot's base MP by type


ROBOT_TARGET_CHECK = 70  # §17.1: fixed robot Target Check


class EtCause(Enum):
    """Who put a robot on the Extreme Trajectory it tests on its next turn (the sentence's words)."""

    ORANGE_FLAG = "forced by the orange flag"  # §15.4; Expansion #1 §4.7 (the orange-flag holder)
    TEAMMATE = "put there by its teammate's green card"  # Expansion #1 §5.6 (AMB-X1-27, AMB-X1-29)


class Tyre(Enum):
    """Tyre types (§9.2)."""

    SOFT = "soft"
    HARD = "hard"
    INTERMEDIATE = "intermediate"
    RAIN = "rain"


class Strategy(Enum):
    """Strategy Cards (§26). The manual says there are 10; only 9 are described (AMB-7)."""

    SAVE_TYRES = "save_tyres"
    BANGING_WHEELS = "banging_wheels"
    SAVE_FUEL = "save_fuel"
    LUCKY = "lucky"
    BALANCE = "balance"
    HAZARD = "hazard"
    PUSH = "push"
    CHASE = "chase"
    RECOVERY = "recovery"
    TENTH = "tenth"  # NOT IN SOURCE: selecting it raises RuleUnavailable

    @classmethod
    def parse(cls, text: str) -> Strategy:
        s = cls(text.strip().lower().replace(" ", "_").replace("-", "_"))
        if s is cls.TENTH:
            raise RuleUnavailable("§26 / AMB-7: the 10th strategy is NOT IN SOURCE; it cannot be used")
        return s


class Skill(Enum):
    """Skills (§27)."""

    QUALIFY = "qualify"
    VERSATILITY = "versatility"
    LAPPING = "lapping"
    PITTING = "pitting"
    REFLEXES = "reflexes"
    TUNING = "tuning"
    WISE_DRIVING = "wise_driving"
    RAIN_EXPERT = "rain_expert"
    FLAT_OUT = "flat_out"
    SIXTH_SENSE = "sixth_sense"

    @classmethod
    def parse(cls, text: str) -> Skill:
        s = cls(text.strip().lower().replace(" ", "_").replace("-", "_"))
        if s is cls.SIXTH_SENSE:
            raise RuleUnavailable("§27 / AMB-15: SIXTH SENSE's flags are NOT IN SOURCE; the skill cannot be used")
        return s


class Status(Enum):
    RACING = "racing"
    RETIRED = "retired"  # §18.6
    OUT_OF_FUEL = "out_of_fuel"  # §13.A.3 (pane seca)


# Known setup-token values (§6.2, §29.5). Other values are NOT IN SOURCE; the
# presumed ones are marked and accepted only with the documented option.
SETUP_POINTS = {
    "tyres": {10: 2, 12: 3},
    "cards": {5: 1, 6: 2},
    "wear": {5: 2},
}
PRESUMED_SETUP_POINTS = {"tyres": {8: 1}, "cards": {7: 3}}  # §6.2: "presumed, not stated"


@dataclass(frozen=True, slots=True)
class Setup:
    """Panel values chosen in Free Practice (§6.2)."""

    tyres: int = 10
    cards: int = 6
    wear: int = 5

    def points(self, allow_presumed: bool = True) -> dict[str, int]:
        out = {}
        for cat in ("tyres", "cards", "wear"):
            v = getattr(self, cat)
            table = dict(SETUP_POINTS[cat])
            if allow_presumed:
                table.update(PRESUMED_SETUP_POINTS.get(cat, {}))
            if v not in table:
                known = ", ".join(f"{k}→{p}" for k, p in sorted(table.items()))
                raise RuleUnavailable(f"§6.2: the setup-token value for {cat}={v} is NOT IN SOURCE (known: {known})")
            out[cat] = table[v]
        return out

    def validate(self, skill: Skill | None = None) -> None:
        """§6.2: at most 6 points (TUNING: 8, never more than 3 in one characteristic); else SetupError."""
        pts = self.points()
        total = sum(pts.values())
        limit = 8 if skill is Skill.TUNING else 6
        if total > limit:
            raise SetupError(self, "§6.2", f"setup uses {total} points; the limit is {limit}"
                             + (" with TUNING" if skill is Skill.TUNING else ""))
        if any(p > 3 for p in pts.values()):
            raise SetupError(self, "§6.2", "no characteristic may take more than 3 points")


@dataclass(eq=False)
class Car:
    """One car in the race: a human's panel or a robot.

    Position: ``section`` (name) and ``lap``; the order inside a section is
    held by the race state. ``lap`` counts finish-line crossings.
    """

    id: str
    kind: CarKind
    robot: RobotType | None = None
    # --- panel (humans) ---
    setup: Setup = Setup()
    tyre: Tyre = Tyre.HARD
    chips: int = 0  # black tyre chips
    blue: int = 0  # blue tokens (+1 MP each, max 1 per turn)
    hand: list[str] = field(default_factory=list)
    frozen: list[str] = field(default_factory=list)  # duel cards, back to hand next Game Turn (§12.2)
    table: list[str] = field(default_factory=list)  # cards played this turn, on the table until discarded (§23)
    target: str | None = None  # Target Check card code; robots use 70
    wear: list[Wear] = field(default_factory=list)
    refuel: int | None = None  # refuel-chit turn
    strategy: Strategy | None = None
    skill: Skill | None = None
    skill_used: bool = False  # token rotated 90°
    soft_sets: int = 0
    # --- position ---
    section: str = ""
    lap: int = 0
    trajectory: str | None = None  # trajectory id occupied
    # --- per-turn state ---
    status: Status = Status.RACING
    played: bool = False  # played its individual turn this Game Turn
    no_move: bool = False  # NO MOVE -1 PM token (§13.E.6)
    just_pit: bool = False
    time_loss: int = 0  # MP penalty for the next turn (§18.1)
    pits: int = 0  # pit stops made
    off_track: str | None = None  # at the re-entry point beside this section (§18.5)
    chasing: str | None = None  # the car carrying this car's Chased token (CHASE, §26.8)
    bw_card_turn: int = 0  # the Game Turn of the last BANGING WHEELS Special Track Card (only 1 per turn, §26.2)
    lost_control: str | None = None  # the section where it left the track (§18.4, §18.5)
    forced_pit: bool = False  # §18.1 forced pit stop at the start of the next turn
    # --- teams (Expansion #1 §5; written by to_dict only when set, so older saves read and write unchanged) ---
    team: str | None = None  # the team's name: cars with the same name are teammates (§5.1 X1)
    assist_turn: int = 0  # the Game Turn its human teammate last helped this robot (one card a turn, §5.6 X1)
    assist_bonus: int = 0  # +20 on this robot's next blind check, from a green assistance card (§5.6 X1)
    et_cause: EtCause | None = None  # who put this robot on its ET (None: the orange flag, §15.4; §4.7, §5.6 X1)

    @property
    def is_robot(self) -> bool:
        return self.kind is CarKind.ROBOT

    @property
    def on_track(self) -> bool:
        return self.status is Status.RACING

    @property
    def red(self) -> int:
        return sum(1 for w in self.wear if w is Wear.RED)

    @property
    def brown(self) -> int:
        return sum(1 for w in self.wear if w is Wear.BROWN)

    @property
    def free_slots(self) -> int:
        return self.setup.wear - len(self.wear)

    def has_skill(self, skill: Skill) -> bool:
        return self.skill is skill

    def label(self) -> str:
        return f"{self.id} ({self.robot.value} robot)" if self.robot else self.id

    def copy(self) -> Car:
        """An independent car: its fields, with its own hand, frozen cards, table and wear lists."""
        c = _copy.copy(self)
        c.hand, c.frozen, c.table, c.wear = list(self.hand), list(self.frozen), list(self.table), list(self.wear)
        return c

    def to_dict(self) -> dict:
        return {
            "id": self.id, "kind": self.kind.value, "robot": self.robot.value if self.robot else None,
            "setup": [self.setup.tyres, self.setup.cards, self.setup.wear], "tyre": self.tyre.value,
            "chips": self.chips, "blue": self.blue, "hand": list(self.hand),
            "frozen": list(self.frozen), "table": list(self.table),
            "target": self.target, "wear": [w.value for w in self.wear], "refuel": self.refuel,
            "strategy": self.strategy.value if self.strategy else None,
            "skill": self.skill.value if self.skill else None, "skill_used": self.skill_used,
            "soft_sets": self.soft_sets, "section": self.section, "lap": self.lap, "trajectory": self.trajectory,
            "status": self.status.value, "played": self.played, "no_move": self.no_move,
            "just_pit": self.just_pit, "time_loss": self.time_loss, "pits": self.pits,
            "forced_pit": self.forced_pit, "off_track": self.off_track, "lost_control": self.lost_control,
            "chasing": self.chasing, "bw_card_turn": self.bw_card_turn,
        } | {k: v for k, v in (("team", self.team), ("assist_turn", self.assist_turn),
                               ("assist_bonus", self.assist_bonus),
                               ("et_cause", self.et_cause.name.lower() if self.et_cause else None)) if v}

    @classmethod
    def from_dict(cls, d: dict, where: str = "car") -> Car:
        """The car of :meth:`to_dict`; a malformed dict raises DataError naming the field (``where.chips``)."""

        def f(key: str) -> str:
            return f"{where}.{key}"

        su = get(d, "setup", f("setup"))
        if not isinstance(su, list) or len(su) != 3:
            raise bad(f("setup"), f"{su!r:.60} is not [tyres, cards, wear]")
        setup = Setup(*(as_int(v, f"{f('setup')}[{i}]", 0, 99) for i, v in enumerate(su)))
        return cls(
            id=get_str(d, "id", f("id")), kind=get_enum(d, "kind", CarKind, f("kind")),
            robot=get_enum(d, "robot", RobotType, f("robot"), optional=True),
            setup=setup, tyre=get_enum(d, "tyre", Tyre, f("tyre")), chips=get_int(d, "chips", f("chips")),
            blue=get_int(d, "blue", f("blue")), hand=get_strs(d, "hand", f("hand")),
            frozen=get_strs(d, "frozen", f("frozen")), table=get_strs(d, "table", f("table"), []),
            target=get_str(d, "target", f("target"), optional=True),
            wear=[get_enum({"w": w}, "w", Wear, f"{f('wear')}[{i}]") for i, w in enumerate(_list(d, "wear", f))],
            refuel=get_int(d, "refuel", f("refuel"), optional=True),
            strategy=get_enum(d, "strategy", Strategy, f("strategy"), optional=True),
            skill=get_enum(d, "skill", Skill, f("skill"), optional=True),
            skill_used=get_bool(d, "skill_used", f("skill_used")), soft_sets=get_int(d, "soft_sets", f("soft_sets")),
            section=get_str(d, "section", f("section")), lap=get_int(d, "lap", f("lap")),
            trajectory=get_str(d, "trajectory", f("trajectory"), optional=True),
            status=get_enum(d, "status", Status, f("status")),
            played=get_bool(d, "played", f("played")), no_move=get_bool(d, "no_move", f("no_move")),
            just_pit=get_bool(d, "just_pit", f("just_pit")), time_loss=get_int(d, "time_loss", f("time_loss")),
            pits=get_int(d, "pits", f("pits")), forced_pit=get_bool(d, "forced_pit", f("forced_pit")),
            off_track=get_str(d, "off_track", f("off_track"), optional=True),
            lost_control=get_str(d, "lost_control", f("lost_control"), optional=True),
            chasing=get_str(d, "chasing", f("chasing"), None, optional=True),
            bw_card_turn=get_int(d, "bw_card_turn", f("bw_card_turn"), default=0),
            team=get_str(d, "team", f("team"), None, optional=True),
            assist_turn=get_int(d, "assist_turn", f("assist_turn"), default=0),
            assist_bonus=get_int(d, "assist_bonus", f("assist_bonus"), default=0),
            et_cause=_et_cause(d.get("et_cause"), f("et_cause")),
        )


def _et_cause(v: object, where: str) -> EtCause | None:
    """``et_cause`` of a saved car: absent, ``"orange_flag"`` or ``"teammate"``."""

    if v is None:
        return None
    name = as_str(v, where)
    if name.upper() not in EtCause.__members__:
        raise bad(where, f"{name!r:.40} is not who put a robot on its ET (orange_flag, teammate)")
    return EtCause[name.upper()]


def _list(d: dict, key: str, f: Callable[[str], str]) -> list:

    v = get(d, key, f(key))
    if not isinstance(v, list):
        raise bad(f(key), f"must be a list, not {kind_of(v)}")
    return v
