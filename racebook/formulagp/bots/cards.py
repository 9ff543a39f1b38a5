"""The Rookie BOT cards, read from ``data/bots.toml`` and validated (digest §22.1, §22.5, §22.9.1, §22.10): the
generic Rookie Control card (max OT, the faster / slower / rain sides with their MP by gear and pace and their
qualifying LEDs), the 10 Rookie TACTICS cards (lane preference, yellow arrow, blocked symbols, battle decision) and
a teaching set of BATTLE cards (LEDs, OT, aggression). Every face value is ``invented-for-teaching`` (the source
prints none); each problem is a :class:`~racebook.core.errors.DataError` naming the file, the field and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_int, get, get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA
from racebook.formulagp.playerboard import GEARS
from racebook.formulagp.trackparts import Turn

SCHEMA_VERSION = 1
ROOKIE_TACTICS = 10  # digest §22.1: the 10 single-LED TACTICS cards


class Shape(Enum):
    """The tile type a TACTICS card's green arrow is for (§22.9.1)."""

    STRAIGHT = "straight"
    CURVE = "curve"


class Block(Enum):
    """The blocked symbols of a TACTICS card (§22.9.1, [BOT 2.2.1])."""

    SURRENDER = "surrender"
    NOT_AGGRESSIVE = "not_aggressive"
    AGGRESSIVE = "aggressive"


class Decide(Enum):
    """A TACTICS card's battle decision (§22.10.2 item 2, [BOT 3.2.2]): without a die it does; with one, the WHITE
    die's colour decides (green yes, red aborts)."""

    YES = "yes"
    DIE = "die"


class Aggression(Enum):
    """A BATTLE card's aggression symbol (§22.10.2 item 5, [BOT 3.2.3.1])."""

    LEDS = "leds"
    DIE = "die"
    JOIN = "join"
    LOSE = "lose"
    BEST = "best"
    WORST = "worst"
    ABORT = "abort"


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the Rookie Control card."""

    name: str
    leds: int
    mp: dict[int, tuple[int, int]]  # gear -> (GREEN, RED)

    def speed(self, gear: int, pace: str) -> int:
        """The MP for ``gear`` and a ``"green"`` or ``"red"`` pace (§22.9)."""
        green, red = self.mp[gear]
        return green if pace == "green" else red


@dataclass(frozen=True, slots=True)
class Control:
    max_ot: int
    sides: tuple[Side, ...]

    def side(self, name: str) -> Side:
        for s in self.sides:
            if s.name == name:
                return s
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class Tactics:
    """A Rookie TACTICS card (§22.9.1, §22.10.2)."""

    code: str
    shape: Shape
    lane: int  # 1-4 from the reference edge; 0 = stay in lane
    yellow: Turn
    blocked: dict[int, Block]  # WHITE die value 1-6 -> symbol
    attack: Decide
    defend: Decide


class _Coded(Protocol):
    @property
    def code(self) -> str: ...


C = TypeVar("C", bound=_Coded)


def by_code(items: Iterable[C], code: str) -> C:
    """The card of ``items`` whose code is ``code`` (a BOT card file's cards: BATTLE, TACTICS, STRATEGY, Control);
    ``KeyError(code)`` when none is."""
    found = next((x for x in items if x.code == code), None)
    if found is None:
        raise KeyError(code)
    return found


@dataclass(frozen=True, slots=True)
class BattleCard:
    code: str
    leds: int
    ot: int
    aggression: Aggression


@dataclass(frozen=True)
class BotCards:
    control: Control
    tactics: tuple[Tactics, ...]
    battle: tuple[BattleCard, ...]
    sources: dict[str, str]
    examples: dict[str, str]

    def tactics_card(self, code: str) -> Tactics:
        return by_code(self.tactics, code)

    def battle_card(self, code: str) -> BattleCard:
        return by_code(self.battle, code)


def parse_bot_cards(doc: dict[str, Any], file: str) -> BotCards:
    """Validate a BOT card document (see ``data/bots.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "control", "tactics", "battle", "examples"}, file, "")
        control, sources = _control(doc, file)
        tactics = _tactics(doc, file, sources)
        battle = _battle(doc, file, sources)
        return BotCards(control, tactics, battle, sources, pv.examples(doc, file))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _control(doc: dict[str, Any], file: str) -> tuple[Control, dict[str, str]]:
    t = pv.table(doc, "control", file)
    pv.only_keys(t, {"max_ot", "side", "source", "sources"}, file, "control")
    sources = pv.sourced(t, ["max_ot"], file, "control")
    rows = t.get("side")
    if not isinstance(rows, list) or not rows:
        raise DataError(file, "control.side", "must be an array of tables [[control.side]]")
    sides = []
    for i, s in enumerate(rows):
        path = f"control.side[{i}]"
        if not isinstance(s, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(s)}")
        pv.only_keys(s, {"name", "leds", "mp", "source", "sources"}, file, path)
        sources |= pv.sourced(s, ["leds", "mp"], file, path)
        mp_t = get(s, "mp", f"{path}.mp")
        if not isinstance(mp_t, dict) or sorted(mp_t) != sorted(str(g) for g in GEARS):
            raise DataError(file, f"{path}.mp", f"must give the MP for each gear {', '.join(map(str, GEARS))}")
        mp: dict[int, tuple[int, int]] = {}
        for g in GEARS:
            pair = mp_t[str(g)]
            if not isinstance(pair, list) or len(pair) != 2:
                raise DataError(file, f"{path}.mp.{g}", "must be [GREEN, RED] movement points")
            green, red = (as_int(x, f"{path}.mp.{g}[{j}]", 0, 20) for j, x in enumerate(pair))
            if green > red:
                raise DataError(file, f"{path}.mp.{g}", "GREEN pace is never faster than RED (§6.2)")
            mp[g] = (green, red)
        sides.append(Side(get_str(s, "name", f"{path}.name"), get_int(s, "leds", f"{path}.leds", lo=0, hi=9), mp))
    names = [s.name for s in sides]
    if sorted(names) != ["faster", "rain", "slower"]:
        raise DataError(file, "control.side", "the Rookie Control card has a faster, a slower and a rain side "
                                              f"(§22.5 b), each once (got {names})")
    return Control(get_int(t, "max_ot", "control.max_ot", lo=0, hi=9), tuple(sides)), sources


def card_rows(doc: dict[str, Any], key: str, file: str, sources: dict[str, str]) -> list[dict[str, Any]]:
    """The ``[key]`` table of a BOT card file (Rookie or Pro): ``count`` and ``cards``, each card a table with a
    unique letters-and-digits ``code``; its sources merged into ``sources``. Each problem a DataError."""
    t = pv.table(doc, key, file)
    pv.only_keys(t, {"count", "cards", "source", "sources"}, file, key)
    sources |= pv.sourced(t, ["count", "cards"], file, key)
    rows = t.get("cards")
    count = get_int(t, "count", f"{key}.count", lo=1, hi=99)
    if not isinstance(rows, list) or len(rows) != count:
        raise DataError(file, f"{key}.cards", f"must list the {count} cards of {key}.count")
    codes: list[str] = []
    for i, r in enumerate(rows):
        if not isinstance(r, dict):
            raise DataError(file, f"{key}.cards[{i}]", f"must be a table, not {kind_of(r)}")
        code = get_str(r, "code", f"{key}.cards[{i}].code")
        if not code.isalnum() or code in codes:
            raise DataError(file, f"{key}.cards[{i}].code", f"a unique card code of letters and digits (got {code!r})")
        codes.append(code)
    return rows


def _tactics(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[Tactics, ...]:
    rows = card_rows(doc, "tactics", file, sources)
    if len(rows) != ROOKIE_TACTICS:
        raise DataError(file, "tactics.count", f"the Rookie TACTICS cards are the {ROOKIE_TACTICS} single-LED cards "
                                               "(§22.1)")
    out = []
    for i, r in enumerate(rows):
        path = f"tactics.cards[{i}]"
        pv.only_keys(r, {"code", "shape", "lane", "yellow", "blocked", "attack", "defend"}, file, path)
        blocked_t = get(r, "blocked", f"{path}.blocked")
        if not isinstance(blocked_t, dict):
            raise DataError(file, f"{path}.blocked", f"must be a table symbol = [die faces], not {kind_of(blocked_t)}")
        blocked: dict[int, Block] = {}
        for name, faces in blocked_t.items():
            sym = get_enum({"s": name}, "s", Block, f"{path}.blocked.{name}")
            if not isinstance(faces, list):
                raise DataError(file, f"{path}.blocked.{name}", "must be a list of WHITE die faces 1-6")
            for j, f in enumerate(faces):
                v = as_int(f, f"{path}.blocked.{name}[{j}]", 1, 6)
                if v in blocked:
                    raise DataError(file, f"{path}.blocked.{name}", f"face {v} is read twice")
                blocked[v] = sym
        if sorted(blocked) != [1, 2, 3, 4, 5, 6]:
            raise DataError(file, f"{path}.blocked", "the six WHITE die faces are each read against one symbol "
                                                     "([BOT 2.2.2])")
        out.append(Tactics(r["code"], get_enum(r, "shape", Shape, f"{path}.shape"),
                           get_int(r, "lane", f"{path}.lane", lo=0, hi=4),
                           get_enum(r, "yellow", Turn, f"{path}.yellow"), blocked,
                           get_enum(r, "attack", Decide, f"{path}.attack"),
                           get_enum(r, "defend", Decide, f"{path}.defend")))
    return tuple(out)


def _battle(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[BattleCard, ...]:
    rows = card_rows(doc, "battle", file, sources)
    out = []
    for i, r in enumerate(rows):
        path = f"battle.cards[{i}]"
        pv.only_keys(r, {"code", "leds", "ot", "aggression"}, file, path)
        out.append(BattleCard(r["code"], get_int(r, "leds", f"{path}.leds", lo=0, hi=9),
                              get_int(r, "ot", f"{path}.ot", lo=0, hi=9),
                              get_enum(r, "aggression", Aggression, f"{path}.aggression")))
    return tuple(out)


def load_bot_cards_file(path: str | Path) -> BotCards:
    return parse_bot_cards(load_toml(path), str(path))


@cache
def bot_cards() -> BotCards:
    """The shipped Rookie BOT cards (read once)."""
    return load_bot_cards_file(DATA / "bots.toml")
