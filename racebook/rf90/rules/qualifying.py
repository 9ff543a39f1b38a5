"""Qualifying and the grid (§7, §8, §29.1).

Each player lays one card face down and secretly picks a refuel chit (turn 8, 10, 12, 14 or 16); both are
revealed together. Fuel weight modifies the card's MP: 8 → +2, 10 → +1, 12 → 0, 14 → -1, 16 → -2;
QUALIFY adds +2. Higher value starts further forward; ties go to the lower check factor, then to a
seeded lot. Robots draw an invented refuel chit per car (the manual's chit values are NOT IN SOURCE).
The qualifying card stays face up as the car's Target Check (§7.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from racebook.core.datafile import file_path, load_toml
from racebook.core.errors import DeckDataError, SetupError
from racebook.core.rng import Rng
from racebook.rf90.car import RobotType, Skill
from racebook.rf90.events import QualifyingResult

FUEL_MODIFIER = {8: 2, 10: 1, 12: 0, 14: -1, 16: -2}  # §7.1 item 4, §29.1
QUALIFY_BONUS = 2  # §7.1 item 6, §27


@dataclass(frozen=True, slots=True)
class Entry:
    """One driver's qualifying: a human's card + chit, or a robot's drawn chit."""

    car: str
    mp: int  # the card's MP (humans) or the chit's printed qualifying value (robots)
    check: int  # tie-break check factor
    refuel: int  # pit turn on the refuel chit
    skill: Skill | None = None
    robot: RobotType | None = None
    card: str | None = None  # the qualifying card (becomes the Target Check)

    @property
    def value(self) -> int:
        if self.robot is not None:
            return self.mp
        v = self.mp + FUEL_MODIFIER[self.refuel]
        return v + (QUALIFY_BONUS if self.skill is Skill.QUALIFY else 0)

    def event(self) -> QualifyingResult:
        """The §7.2 event that shows this entry's value."""
        if self.robot is not None:
            return QualifyingResult(self.car, self.mp, self.check, self.refuel, self.value, robot=self.robot)
        bonus = QUALIFY_BONUS if self.skill is Skill.QUALIFY else 0
        return QualifyingResult(self.car, self.mp, self.check, self.refuel, self.value, FUEL_MODIFIER[self.refuel],
                                bonus)

    def explain(self) -> str:
        return self.event().body()


def human_entry(car: str, card_mp: int, card_check: int, refuel: int, skill: Skill | None = None,
                card: str | None = None) -> Entry:
    if refuel not in FUEL_MODIFIER:
        raise SetupError(f"chit {refuel}", "§7.1", f"refuel chits show turn 8, 10, 12, 14 or 16, not {refuel}")
    return Entry(car, card_mp, card_check, refuel, skill, None, card)


def grid_order(entries: list[Entry], rng: Rng) -> list[Entry]:
    """§7.2: value high → low, then lower check factor, then a seeded lot."""
    lots = {e.car: rng.next_u64() for e in entries}
    return sorted(entries, key=lambda e: (-e.value, e.check, lots[e.car]))


ROBOT_CHITS_FILE = Path(__file__).parents[1] / "data" / "robot_chits.toml"


def load_robot_chits(path: str | Path | None = None) -> dict[RobotType, list[tuple[int, int, int]]]:
    """The robot refuel chits per robot type: (qualifying value, check factor, pit turn) (§7.1 item 5).

    Every problem raises :class:`DeckDataError` naming the file and the field (``chits[1].values[3]``)."""
    p = file_path(path, DeckDataError) if path is not None else ROBOT_CHITS_FILE
    file = str(p)
    raw = load_toml(p, DeckDataError)
    extra = sorted(set(raw) - {"chits", "source"})
    if extra:
        raise DeckDataError(file, extra[0], "unknown top-level key (chits, source)")
    if not isinstance(raw.get("source", ""), str):
        raise DeckDataError(file, "source", f"{raw['source']!r} must be a string")
    items = raw.get("chits")
    if not isinstance(items, list) or not items:
        raise DeckDataError(file, "chits", "must be a non-empty array of [[chits]] tables")
    out: dict[RobotType, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(items):
        where = f"chits[{i}]"
        if not isinstance(t, dict):
            raise DeckDataError(file, where, f"must be a table, got {t!r}")
        unknown = sorted(set(t) - {"type", "values"})
        if unknown:
            raise DeckDataError(file, f"{where}.{unknown[0]}", "unknown key (type, values)")
        for key in ("type", "values"):
            if key not in t:
                raise DeckDataError(file, f"{where}.{key}", "missing")
        try:
            rt = RobotType(t["type"])
        except (ValueError, TypeError):
            allowed = ", ".join(repr(r.value) for r in RobotType)
            raise DeckDataError(file, f"{where}.type", f"{t['type']!r} is not one of {allowed}") from None
        if rt in out:
            raise DeckDataError(file, f"{where}.type", f"{rt.value!r} appears twice; one [[chits]] table per type")
        values = t["values"]
        if not isinstance(values, list) or not values:
            raise DeckDataError(file, f"{where}.values", "must be a non-empty array of [value, check, turn]")
        chits: list[tuple[int, int, int]] = []
        for j, v in enumerate(values):
            vw = f"{where}.values[{j}]"
            if not isinstance(v, list) or len(v) != 3 or not all(type(x) is int for x in v):
                raise DeckDataError(file, vw, f"{v!r} must be [qualifying value, check factor, pit turn] (integers)")
            q, check, turn = v
            if not 0 <= q <= 9:
                raise DeckDataError(file, f"{vw}[0]", f"{q!r}: a chit's qualifying value is in 0..9")
            if not 1 <= check <= 99:
                raise DeckDataError(file, f"{vw}[1]", f"{check!r}: a check factor is in 1..99 (§5.1)")
            if turn not in FUEL_MODIFIER:
                raise DeckDataError(file, f"{vw}[2]", f"{turn!r}: refuel chits show turn 8, 10, 12, 14 or 16 "
                                                      "(§7.1)")
            chits.append((q, check, turn))
        out[rt] = chits
    missing = [r.value for r in RobotType if r not in out]
    if missing:
        raise DeckDataError(file, "chits", f"no chits for robot type {', '.join(map(repr, missing))}")
    return out


# The default chits file, read once per version of the file on disk (its modification time and size are checked on
# every use, so an edited file is read again): a race's set-up need not parse it each time.
_CHITS: dict[str, tuple[tuple[int, int], dict[RobotType, list[tuple[int, int, int]]]]] = {}


def _default_chits() -> dict[RobotType, list[tuple[int, int, int]]]:
    """:func:`load_robot_chits` of :data:`ROBOT_CHITS_FILE` (the caller copies the lists before shuffling)."""
    try:
        st = ROBOT_CHITS_FILE.stat()
    except OSError:
        return load_robot_chits()  # raises the DeckDataError naming the file
    version = (st.st_mtime_ns, st.st_size)
    hit = _CHITS.get(str(ROBOT_CHITS_FILE))
    if hit is None or hit[0] != version:
        hit = _CHITS[str(ROBOT_CHITS_FILE)] = (version, load_robot_chits())
    return hit[1]


def draw_robot_entries(robots: list[tuple[str, RobotType]], rng: Rng) -> list[Entry]:
    """§7.1 item 5 (recommended reading): one chit per robot car, drawn at random from its type's chits."""
    pools = {t: list(v) for t, v in _default_chits().items()}
    for pool in pools.values():
        rng.shuffle(pool)
    out = []
    for car, rt in robots:
        if not pools[rt]:
            raise DeckDataError(str(ROBOT_CHITS_FILE), "chits", f"not enough {rt.value!r} chits for "
                                f"{sum(r is rt for _, r in robots)} {rt.value} robots")
        q, check, turn = pools[rt].pop()
        out.append(Entry(car, q, check, turn, None, rt))
    return out
