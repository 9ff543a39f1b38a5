"""Driver skills in battles (digest §3, §6.8, §13.3 item 4; the original's 4.8 and 9.3): the teaching DRIVER cards
read from ``data/drivers.toml`` and validated, who holds which, and when a skill applies.

The original's 4.8: "Driver Skills are traits that give you an advantage during battles. Use the special driver skill
when applicable, once per game round, as described on the card"; its 9.3: "Both drivers add LEDs provided by driver
skills, if applicable". The 20 DRIVER (and 20 CHAMPIONS) cards' skills are not in source: the teaching set of six
(``invented-for-teaching``) each add LEDs to one kind of battle (attacking, defending, either, attacking from a
Slipstream space). Reading **N30**: the set-up's "select one Driver" (§4.6) deals them in the order of the cars
(the first car D1, the seventh D1 again): a driver is a function of the car's place in the race, so nothing is drawn
and the seeded set-up is unchanged. A skill is *used* by a side's sealed bid (``+skill``, :class:`~racebook.formulagp
.actions.Bid`), at most once a game round (``Car.skill_round``, notation ``sk=``); it adds its LEDs at the reveal.
Rookie BOTs have their own battle rules (§22.10) and use none. House rule ``driver_skills``: off by default
(N30: no printed skill is known, and the source's worked battles count none); on, the teaching set applies. Each
problem in the data file is a :class:`~racebook.core.errors.DataError` naming the file, the field and the reason.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA
from racebook.formulagp.state import Car, RaceState

__all__ = ["When", "Driver", "Drivers", "parse_drivers", "load_drivers", "drivers", "driver_of", "use",
           "may_use"]

SCHEMA_VERSION = 1


class When(Enum):
    """Which battles a skill applies to."""

    ATTACK = "attack"
    DEFEND = "defend"
    ANY = "any"
    SLIPSTREAM = "slipstream"  # attacking from a Slipstream space (§13.2 b)


@dataclass(frozen=True, slots=True)
class Driver:
    code: str
    name: str
    when: When
    leds: int


@dataclass(frozen=True, slots=True)
class Drivers:
    cards: tuple[Driver, ...]
    sources: dict[str, str]


def parse_drivers(doc: dict[str, Any], file: str) -> Drivers:
    """Validate a DRIVER cards document (see ``data/drivers.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "deck", "driver"}, file, "")
        deck = pv.table(doc, "deck", file)
        pv.only_keys(deck, {"size", "source", "sources"}, file, "deck")
        sources = pv.sourced(deck, ["size"], file, "deck")
        size = get_int(deck, "size", "deck.size", lo=1, hi=40)
        rows = doc.get("driver")
        if not isinstance(rows, list) or not rows:
            raise DataError(file, "driver", "must be an array of tables [[driver]]")
        out: list[Driver] = []
        for i, t in enumerate(rows):
            path = f"driver[{i}]"
            if not isinstance(t, dict):
                raise DataError(file, path, f"must be a table, not {kind_of(t)}")
            pv.only_keys(t, {"name", "when", "leds", "source", "sources"}, file, path)
            name = get_str(t, "name", f"{path}.name")
            if not name.strip() or any(d.name == name for d in out):
                raise DataError(file, f"{path}.name", f"must be a unique driver name (got {name!r})")
            when = get_enum(t, "when", When, f"{path}.when")
            leds = get_int(t, "leds", f"{path}.leds", lo=1, hi=3)
            sources |= pv.sourced(t, ["when", "leds"], file, path)
            out.append(Driver(f"D{len(out) + 1}", name, when, leds))
        if len(out) != size:
            raise DataError(file, "driver", f"the cards add up to {len(out)}, not deck.size = {size}")
        return Drivers(tuple(out), sources)
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def load_drivers(path: str | Path) -> Drivers:
    return parse_drivers(load_toml(path), str(path))


@cache
def drivers() -> Drivers:
    """The shipped teaching DRIVER cards (read once)."""
    return load_drivers(DATA / "drivers.toml")


def driver_of(s: RaceState, car: str) -> Driver:
    """The DRIVER card of ``car`` (N30: dealt in the order of the cars)."""
    deck = drivers().cards
    return deck[list(s.cars).index(car) % len(deck)]


def applies(d: Driver, *, attacker: bool, slipstream: bool) -> bool:
    """Whether ``d``'s skill applies to this side of this battle (the card's condition)."""
    return (d.when is When.ANY or (d.when is When.ATTACK and attacker) or (d.when is When.DEFEND and not attacker)
            or (d.when is When.SLIPSTREAM and attacker and slipstream))


def may_use(s: RaceState, c: Car, *, attacker: bool, slipstream: bool) -> bool:
    """A player's driver may use its skill in this battle: the house rule on, no BOT, not used this game round, and
    the card's condition met (the original's 4.8: once per game round, when applicable)."""
    if not s.rules.driver_skills or c.bot or c.skill_round == s.round:
        return False
    return applies(driver_of(s, c.id), attacker=attacker, slipstream=slipstream)


def use(s: RaceState, c: Car) -> None:
    """``c``'s skill is used now (the reveal): marks the round (once per game round)."""
    c.skill_round = s.round
