"""Qualifying and the grid (§7, §8, §29.1).

Each player lays one card face down and secretly picks a refuel chit (turn 8, 10, 12, 14 or 16); both are
revealed together. Fuel weight modifies the card's MP: 8 → +2, 10 → +1, 12 → 0, 14 → -1, 16 → -2;
QUALIFY adds +2. Higher value starts further forward; ties go to the lower check factor, then to a
seeded lot. Robots draw an invented refuel chit per car (the manual's chit values are NOT IN SOURCE).
The qualifying card stays face up as the car's Target Check (§7.2).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from .car import RobotType, Skill
from .errors import IllegalAction
from .rng import Rng

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

    def explain(self) -> str:
        if self.robot is not None:
            return f"{self.car}: robot chit {self.mp} ({self.check:02d}), pits on turn {self.refuel}"
        mod = FUEL_MODIFIER[self.refuel]
        q = f" {QUALIFY_BONUS:+d} QUALIFY" if self.skill is Skill.QUALIFY else ""
        return f"{self.car}: card [{self.mp}] ({self.check:02d}) {mod:+d} for chit {self.refuel}{q} = {self.value}"


def human_entry(car: str, card_mp: int, card_check: int, refuel: int, skill: Skill | None = None,
                card: str | None = None) -> Entry:
    if refuel not in FUEL_MODIFIER:
        raise IllegalAction(f"chit {refuel}", "§7.1", f"refuel chits show turn 8, 10, 12, 14 or 16, not {refuel}")
    return Entry(car, card_mp, card_check, refuel, skill, None, card)


def grid_order(entries: list[Entry], rng: Rng) -> list[Entry]:
    """§7.2: value high → low, then lower check factor, then a seeded lot."""
    lots = {e.car: rng.next_u64() for e in entries}
    return sorted(entries, key=lambda e: (-e.value, e.check, lots[e.car]))


def load_robot_chits(path: str | Path | None = None) -> dict[RobotType, list[tuple[int, int, int]]]:
    p = Path(path) if path else Path(__file__).parent / "data" / "robot_chits.toml"
    raw = tomllib.loads(p.read_text(encoding="utf-8"))
    return {RobotType(t["type"]): [tuple(v) for v in t["values"]] for t in raw["chits"]}  # type: ignore[misc]


def draw_robot_entries(robots: list[tuple[str, RobotType]], rng: Rng) -> list[Entry]:
    """§7.1 item 5 (recommended reading): one chit per robot car, drawn at random from its type's chits."""
    pools = {t: list(v) for t, v in load_robot_chits().items()}
    for pool in pools.values():
        rng.shuffle(pool)
    out = []
    for car, rt in robots:
        q, check, turn = pools[rt].pop()
        out.append(Entry(car, q, check, turn, None, rt))
    return out
