"""The Pro BOT cards, read from ``data/probots.toml`` and validated (digest §22.2, §22.3, §22.9.2, §22.9.3): the Pro
BOT Control cards (one per car colour: max OT, the faster and slower sides' MP by gear and pace and their difficulty
bonus, the optional bonus MP, the Tyre token's bonus by tyre), the STRATEGY cards (the starting tyre by the WHITE die,
the tyres of the stops, the weather-change tyre) and the Pro TACTICS cards (a Rookie TACTICS card's fields plus the
corner modifier and the Red Die hazard area). Every face value is ``invented-for-teaching`` (the source prints none);
each problem is a :class:`~racebook.core.errors.DataError` naming the file, the field and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_int, get, get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.bots.cards import Block, Decide, Shape, Side, Tactics, bot_cards, by_code, card_rows
from racebook.formulagp.components import DATA
from racebook.formulagp.playerboard import GEARS, Tyre
from racebook.formulagp.track import Turn

SCHEMA_VERSION = 1
DIE = "die"  # a STRATEGY card's stop tyre read by the WHITE die at the stop (§22.3)


class Hazard(Enum):
    """Where a Pro TACTICS card's Red Die hazard symbol sits (§22.9.3, [BOT 2.4])."""

    NONE = "none"
    MOVE = "move"  # the movement-direction area: after all movement, the corner modifier included
    CORNER = "corner"  # the corner-modifier area: only when the modifier was used, after it
    BATTLE = "battle"  # the battle area: after an overtake attempt, won or lost


@dataclass(frozen=True, slots=True)
class ProControl:
    """A Pro BOT Control card (§22.2 a, b)."""

    colour: str
    max_ot: int
    sides: dict[str, tuple[int, Side]]  # "faster"/"slower" -> (difficulty bonus MP, the side's MP table)

    def speed(self, side: str, gear: int, pace: str) -> int:
        """The MP of ``side`` for ``gear`` and pace, before the tyre, difficulty and optional bonuses (§22.9)."""
        return self.sides[side][1].speed(gear, pace)


@dataclass(frozen=True, slots=True)
class Strategy:
    """A STRATEGY card (§22.3, [BOT 1.3.1])."""

    code: str
    start: tuple[Tyre, ...]  # by the WHITE die's value 1-6
    then: tuple[str, ...]  # the stops' tyres in order: a Tyre value or "die"
    weather: Tyre  # the weather-change section's tyre (§22.11.2, §22.14 7.3)


@dataclass(frozen=True, slots=True)
class ProTactics:
    """A Pro TACTICS card: the Rookie card's fields (``lanes``) plus the corner modifier and the hazard area."""

    lanes: Tactics
    corner: int
    hazard: Hazard
    failure: bool = False  # a card that gives a failure (§22.12.4): to the pits, no attack or defence

    @property
    def code(self) -> str:
        return self.lanes.code


@dataclass(frozen=True)
class ProCards:
    controls: tuple[ProControl, ...]
    bonus_mp: int
    tyre_bonus: dict[Tyre, tuple[int, int]]  # tyre -> (full side, lower side)
    strategy: tuple[Strategy, ...]
    tactics: tuple[ProTactics, ...]
    sources: dict[str, str]
    examples: dict[str, str]
    failures: tuple[ProTactics, ...] = ()  # the TACTICS cards that give a failure (house rule pro_tactics_failures)

    def control(self, colour: str) -> ProControl:
        for c in self.controls:
            if c.colour == colour:
                return c
        raise KeyError(colour)

    def strategy_card(self, code: str) -> Strategy:
        return by_code(self.strategy, code)

    def tactics_card(self, code: str) -> ProTactics:
        return by_code(self.tactics + self.failures, code)


def parse_pro_cards(doc: dict[str, Any], file: str) -> ProCards:
    """Validate a Pro BOT card document (see ``data/probots.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "control", "strategy", "tactics", "failure", "examples"}, file, "")
        controls, bonus, tyres, sources = _control(doc, file)
        strategy = _strategy(doc, file, sources)
        tactics = _tactics(doc, file, sources)
        failures = _failures(doc, file, sources, {x.code for x in tactics})
        return ProCards(controls, bonus, tyres, strategy, tactics, sources, pv.examples(doc, file), failures)
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _mp(t: Any, path: str, file: str) -> dict[int, tuple[int, int]]:
    if not isinstance(t, dict) or sorted(t) != sorted(str(g) for g in GEARS):
        raise DataError(file, path, f"must give the MP for each gear {', '.join(map(str, GEARS))}")
    out = {}
    for g in GEARS:
        pair = t[str(g)]
        if not isinstance(pair, list) or len(pair) != 2:
            raise DataError(file, f"{path}.{g}", "must be [GREEN, RED] movement points")
        green, red = (as_int(x, f"{path}.{g}[{j}]", 0, 20) for j, x in enumerate(pair))
        if green > red:
            raise DataError(file, f"{path}.{g}", "GREEN pace is never faster than RED (§6.2)")
        out[g] = (green, red)
    return out


def _control(doc: dict[str, Any], file: str) -> tuple[tuple[ProControl, ...], int, dict[Tyre, tuple[int, int]],
                                                      dict[str, str]]:
    t = pv.table(doc, "control", file)
    pv.only_keys(t, {"bonus_mp", "tyre_bonus", "card", "source", "sources"}, file, "control")
    sources = pv.sourced(t, ["bonus_mp", "tyre_bonus", "count"], file, "control")
    bonus = get_int(t, "bonus_mp", "control.bonus_mp", lo=0, hi=3)
    tb = get(t, "tyre_bonus", "control.tyre_bonus")
    if not isinstance(tb, dict) or sorted(tb) != sorted(x.value for x in Tyre):
        raise DataError(file, "control.tyre_bonus",
                        f"must give [full, lower] for each tyre {', '.join(x.value for x in Tyre)}")
    tyres = {}
    for x in Tyre:
        pair = tb[x.value]
        if not isinstance(pair, list) or len(pair) != 2:
            raise DataError(file, f"control.tyre_bonus.{x.value}", "must be [full side, lower side] MP")
        full, lower = (as_int(v, f"control.tyre_bonus.{x.value}[{j}]", 0, 9) for j, v in enumerate(pair))
        if lower > full:
            raise DataError(file, f"control.tyre_bonus.{x.value}", "the lower side is never above the full side "
                                                                   "(§22.11.1)")
        tyres[x] = (full, lower)
    rows = t.get("card")
    if not isinstance(rows, list) or not rows:
        raise DataError(file, "control.card", "must be an array of tables [[control.card]]")
    out: list[ProControl] = []
    for i, r in enumerate(rows):
        path = f"control.card[{i}]"
        if not isinstance(r, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(r)}")
        pv.only_keys(r, {"colour", "max_ot", "faster", "slower"}, file, path)
        colour = get_str(r, "colour", f"{path}.colour")
        if not colour.isalpha() or colour in [c.colour for c in out]:
            raise DataError(file, f"{path}.colour", f"a unique colour name of letters (got {colour!r})")
        sides = {}
        for name in ("faster", "slower"):
            st = get(r, name, f"{path}.{name}")
            if not isinstance(st, dict):
                raise DataError(file, f"{path}.{name}", f"must be a table {{ bonus, mp }}, not {kind_of(st)}")
            pv.only_keys(st, {"bonus", "mp"}, file, f"{path}.{name}")
            sides[name] = (get_int(st, "bonus", f"{path}.{name}.bonus", lo=0, hi=3),
                           Side(name, 0, _mp(get(st, "mp", f"{path}.{name}.mp"), f"{path}.{name}.mp", file)))
        out.append(ProControl(colour, get_int(r, "max_ot", f"{path}.max_ot", lo=0, hi=9), sides))
    return tuple(out), bonus, tyres, sources


def _tyre(v: Any, path: str, file: str, extra: tuple[str, ...] = ()) -> str:
    known = [x.value for x in Tyre if x is not Tyre.WET] + list(extra)
    if v not in known:
        raise DataError(file, path, f"must be one of {', '.join(known)} (got {v!r})")
    return str(v)


def _strategy(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[Strategy, ...]:
    out = []
    for i, r in enumerate(card_rows(doc, "strategy", file, sources)):
        path = f"strategy.cards[{i}]"
        pv.only_keys(r, {"code", "start", "then", "weather"}, file, path)
        start, then = get(r, "start", f"{path}.start"), get(r, "then", f"{path}.then")
        if not isinstance(start, list) or len(start) != 6:
            raise DataError(file, f"{path}.start", "must give the starting tyre for each WHITE die face 1-6 (§22.3)")
        if not isinstance(then, list) or not then:
            raise DataError(file, f"{path}.then", "must list the tyre of each stop, in order (§22.3)")
        out.append(Strategy(r["code"], tuple(Tyre(_tyre(x, f"{path}.start[{j}]", file)) for j, x in enumerate(start)),
                            tuple(_tyre(x, f"{path}.then[{j}]", file, (DIE,)) for j, x in enumerate(then)),
                            Tyre(_tyre(r.get("weather"), f"{path}.weather", file))))
    return tuple(out)


def _tactics(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[ProTactics, ...]:
    rookie = {x.code for x in bot_cards().tactics}
    out = []
    for i, r in enumerate(card_rows(doc, "tactics", file, sources)):
        path = f"tactics.cards[{i}]"
        pv.only_keys(r, {"code", "shape", "lane", "yellow", "blocked", "attack", "defend", "corner", "hazard"},
                     file, path)
        if r["code"] in rookie:
            raise DataError(file, f"{path}.code", f"{r['code']} is a Rookie TACTICS card's code (data/bots.toml)")
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
        lanes = Tactics(r["code"], get_enum(r, "shape", Shape, f"{path}.shape"),
                        get_int(r, "lane", f"{path}.lane", lo=0, hi=4), get_enum(r, "yellow", Turn, f"{path}.yellow"),
                        blocked, get_enum(r, "attack", Decide, f"{path}.attack"),
                        get_enum(r, "defend", Decide, f"{path}.defend"))
        out.append(ProTactics(lanes, get_int(r, "corner", f"{path}.corner", lo=-3, hi=3),
                              get_enum(r, "hazard", Hazard, f"{path}.hazard")))
    return tuple(out)


def _failures(doc: dict[str, Any], file: str, sources: dict[str, str], taken: set[str]) -> tuple[ProTactics, ...]:
    """The TACTICS cards that give a failure (§22.12.4): a code and the yellow arrow; as a lane card they keep to their
    lane (lane 0), go the yellow arrow's way when forced, never push, and neither attack nor defend (:func:`racebook.
    formulagp.bots.rookie.decide` reads ``failure``); no corner modifier, no hazard."""
    if "failure" not in doc:
        return ()
    out = []
    for i, r in enumerate(card_rows(doc, "failure", file, sources)):
        path = f"failure.cards[{i}]"
        pv.only_keys(r, {"code", "yellow"}, file, path)
        if r["code"] in taken:
            raise DataError(file, f"{path}.code", f"{r['code']} is already a Pro TACTICS card's code")
        lanes = Tactics(r["code"], Shape.STRAIGHT, 0, get_enum(r, "yellow", Turn, f"{path}.yellow"),
                        dict.fromkeys(range(1, 7), Block.NOT_AGGRESSIVE), Decide.YES, Decide.YES)
        out.append(ProTactics(lanes, 0, Hazard.NONE, failure=True))
    return tuple(out)


def load_pro_cards_file(path: str | Path) -> ProCards:
    return parse_pro_cards(load_toml(path), str(path))


@cache
def pro_cards() -> ProCards:
    """The Pro BOT cards of ``data/probots.toml`` (cached)."""
    return load_pro_cards_file(DATA / "probots.toml")
