"""The Player Control Board, read from ``data/board_<id>.toml`` and validated (digest §3, §8, §10.3, §14.1).

A board holds the speed display MP[gear][pace] (§10.3 step 4), the OT track with its LEDs (§8.2), the ERS track with
its LEDs (§8.1), the hand base (§8.5), the Tyre Bonus values and the Tyre Wear track with its start positions and
icons (§14.1), the Car Characteristic (§8.4) and the Focus bonus (§15). The source prints none of these numbers but
a few (A1); the rest are ``invented-for-teaching`` and each file says why and which examples rely on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from racebook.core.datafile import DATA_ID, load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_enum, as_int, get, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA, SCHEMA_VERSION


class Pace(Enum):
    """A race pace: a column of the speed display (§6.2, §10.3). A card colour or a pair sets it (§6.3)."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"


GEARS = (2, 4, 6, 8)  # §2.1: a tile shows 2, 4, 6 or 8; none printed = 8th


class Tyre(Enum):
    SOFT = "soft"
    MEDIUM = "medium"
    HARD = "hard"
    WET = "wet"


class TyreState(Enum):
    """The Tyre Bonus token (§14.1): fresh side up, flipped to its degraded side, or removed (worn out: bonus 0)."""

    FRESH = "fresh"
    DEGRADED = "degraded"
    WORN = "worn"


class WearIcon(Enum):
    """An icon of the Tyre Wear track (§14.1); it fires when the marker reaches it, by the tyre fitted."""

    SM_DEGRADED = "sm_degraded"
    HW_DEGRADED = "hw_degraded"
    SOFT_WORN = "soft_worn"
    MEDIUM_WORN = "medium_worn"
    SM_WORN = "sm_worn"
    HW_WORN = "hw_worn"
    RED_DIE = "red_die"

    def applies(self, tyre: Tyre) -> bool:
        return tyre in _APPLIES[self]


_APPLIES = {WearIcon.SM_DEGRADED: {Tyre.SOFT, Tyre.MEDIUM}, WearIcon.HW_DEGRADED: {Tyre.HARD, Tyre.WET},
            WearIcon.SOFT_WORN: {Tyre.SOFT}, WearIcon.MEDIUM_WORN: {Tyre.MEDIUM},
            WearIcon.SM_WORN: {Tyre.SOFT, Tyre.MEDIUM}, WearIcon.HW_WORN: {Tyre.HARD, Tyre.WET},
            WearIcon.RED_DIE: set(Tyre)}
_DEGRADES = {WearIcon.SM_DEGRADED, WearIcon.HW_DEGRADED}
_WEARS_OUT = {WearIcon.SOFT_WORN, WearIcon.MEDIUM_WORN, WearIcon.SM_WORN, WearIcon.HW_WORN}


class Condition(Enum):
    """When the Car Characteristic may be used (A27: a board may print a condition)."""

    NONE = "none"
    STRAIGHT = "straight"
    CORNER = "corner"


_START_KEYS = {"soft_medium": (Tyre.SOFT, Tyre.MEDIUM), "hard": (Tyre.HARD,), "wet": (Tyre.WET,)}


@dataclass(frozen=True)
class PlayerBoard:
    name: str
    side: str
    description: str
    speed_table: dict[tuple[int, Pace], int]
    ot_leds: tuple[int, ...]
    ers_leds: tuple[int, ...]
    hand_base: int
    bonus: dict[tuple[Tyre, TyreState], int]
    wear_length: int
    wear_start: dict[Tyre, int]
    icons: dict[int, WearIcon]
    characteristic_mp: int
    characteristic_condition: Condition
    focus_mp: int
    sources: dict[str, str]
    examples: dict[str, str]

    @property
    def ot_max(self) -> int:
        return len(self.ot_leds) - 1

    @property
    def ers_max(self) -> int:
        return len(self.ers_leds) - 1

    def speed(self, gear: int, pace: Pace) -> int:
        """MP of the speed display for ``gear`` and ``pace`` (§10.3 step 4)."""
        return self.speed_table[(gear, pace)]

    def ot_level_leds(self, ot: int) -> int:
        """The LEDs beside OT level ``ot``; above max (Red Parameter) those of the highest level (§8.2)."""
        return self.ot_leds[max(0, min(ot, self.ot_max))]

    def ers_level_leds(self, ers: int) -> int:
        """The LEDs beside ERS level ``ers`` (§8.1)."""
        return self.ers_leds[ers]

    def hand_limit(self, ers: int) -> int:
        """4 + the LEDs beside the current ERS level (§8.5)."""
        return self.hand_base + self.ers_leds[ers]

    def tyre_bonus(self, tyre: Tyre, state: TyreState) -> int:
        """The Tyre Bonus token's value (§10.3 step 5): 0 once removed (worn out, §14.1)."""
        return 0 if state is TyreState.WORN else self.bonus[(tyre, state)]

    @cached_property
    def _tyre_states(self) -> dict[tuple[Tyre, int], TyreState]:
        """:meth:`tyre_state`'s answers, kept (the board is immutable; the dict is outside the dataclass fields)."""
        return {}

    def tyre_state(self, tyre: Tyre, wear: int) -> TyreState:
        """The token's state with the wear marker at ``wear``: the icons between the start and the marker (§14.1)."""
        key = (tyre, wear)
        state = self._tyre_states.get(key)
        if state is None:
            state = self._tyre_states[key] = self._state_at(tyre, wear)
        return state

    def _state_at(self, tyre: Tyre, wear: int) -> TyreState:
        state = TyreState.FRESH
        for pos in sorted(self.icons):
            icon = self.icons[pos]
            if pos <= wear and icon.applies(tyre):
                if icon in _WEARS_OUT:
                    state = TyreState.WORN
                elif icon in _DEGRADES and state is TyreState.FRESH:
                    state = TyreState.DEGRADED
        return state

    def red_die_every_move(self, wear: int) -> bool:
        """The marker has reached the RED die icon: roll the RED die after every move (§14.1, §19.2)."""
        return any(icon is WearIcon.RED_DIE and pos <= wear for pos, icon in self.icons.items())

    def stated(self) -> dict[str, str]:
        return {k: v for k, v in self.sources.items() if pv.is_stated(v)}

    def invented(self) -> dict[str, str]:
        return {k: v for k, v in self.sources.items() if not pv.is_stated(v)}


_TOP = {"schema", "name", "side", "description", "source", "speed", "ot", "ers", "hand", "tyres", "wear_track",
        "characteristic", "focus", "examples"}


def parse_board(doc: dict[str, Any], file: str, name: str | None = None) -> PlayerBoard:
    """Validate a player board document (see ``data/board_teaching.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, _TOP, file, "")
        bname = get_str(doc, "name", "name")
        if not DATA_ID.fullmatch(bname) or (name is not None and bname != name):
            raise DataError(file, "name", f"must be the file's id {name!r} (got {bname!r})")
        sources = {"source": pv.check_source(doc.get("source"), "source", file)}
        side = get_str(doc, "side", "side")
        if side not in ("A", "B"):
            raise DataError(file, "side", f"a board has two sides, A and B (§3) (got {side!r})")
        desc = get_str(doc, "description", "description", default="")
        speed = _speed(doc, file, sources)
        ot = _track(doc, "ot", file, sources, 1, 9)
        ers = _track(doc, "ers", file, sources, 1, 9)
        hand = pv.table(doc, "hand", file)
        pv.only_keys(hand, {"base", "source", "sources"}, file, "hand")
        sources |= pv.sourced(hand, ["base"], file, "hand")
        base = get_int(hand, "base", "hand.base", lo=1, hi=9)
        bonus = _tyres(doc, file, sources)
        length, start, icons = _wear(doc, file, sources)
        ch = pv.table(doc, "characteristic", file)
        pv.only_keys(ch, {"mp", "condition", "source", "sources"}, file, "characteristic")
        sources |= pv.sourced(ch, ["mp", "condition"], file, "characteristic")
        focus = pv.table(doc, "focus", file)
        pv.only_keys(focus, {"mp", "source", "sources"}, file, "focus")
        sources |= pv.sourced(focus, ["mp"], file, "focus")
        return PlayerBoard(bname, side, desc, speed, ot, ers, base, bonus, length, start, icons,
                           get_int(ch, "mp", "characteristic.mp", lo=0, hi=3),
                           as_enum(Condition, get(ch, "condition", "characteristic.condition"),
                                   "characteristic.condition"),
                           get_int(focus, "mp", "focus.mp", lo=0, hi=3), sources, pv.examples(doc, file))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _speed(doc: dict[str, Any], file: str, sources: dict[str, str]) -> dict[tuple[int, Pace], int]:
    t = pv.table(doc, "speed", file)
    pv.only_keys(t, {str(g) for g in GEARS} | {"source", "sources"}, file, "speed")
    sources |= pv.sourced(t, [f"{g}.{p.value}" for g in GEARS for p in Pace], file, "speed")
    out: dict[tuple[int, Pace], int] = {}
    for g in GEARS:
        row = get(t, str(g), f"speed.{g}")
        if not isinstance(row, dict):
            raise DataError(file, f"speed.{g}", f"must be a table of pace = MP, not {kind_of(row)}")
        pv.only_keys(row, {p.value for p in Pace}, file, f"speed.{g}")
        mps = [get_int(row, p.value, f"speed.{g}.{p.value}", lo=0, hi=20) for p in Pace]
        if mps != sorted(mps):
            raise DataError(file, f"speed.{g}", "GREEN is the shortest move and BLUE the farthest (§6.2)")
        out |= {(g, p): mp for p, mp in zip(Pace, mps, strict=True)}
    return out


def _track(doc: dict[str, Any], key: str, file: str, sources: dict[str, str], lo: int, hi: int) -> tuple[int, ...]:
    t = pv.table(doc, key, file)
    pv.only_keys(t, {"leds", "source", "sources"}, file, key)
    sources |= pv.sourced(t, ["leds", "max"], file, key)
    leds = get(t, "leds", f"{key}.leds")
    if not isinstance(leds, list) or not lo + 1 <= len(leds) <= hi + 1:
        raise DataError(file, f"{key}.leds", f"must list the LEDs of levels 0..max ({lo}..{hi}), not {kind_of(leds)}")
    out = tuple(as_int(x, f"{key}.leds[{i}]", 0, 9) for i, x in enumerate(leds))
    if list(out) != sorted(out):
        raise DataError(file, f"{key}.leds", "a higher level never shows fewer LEDs")
    return out


def _tyres(doc: dict[str, Any], file: str, sources: dict[str, str]) -> dict[tuple[Tyre, TyreState], int]:
    t = pv.table(doc, "tyres", file)
    pv.only_keys(t, {ty.value for ty in Tyre} | {"source", "sources"}, file, "tyres")
    sides = (TyreState.FRESH, TyreState.DEGRADED)
    sources |= pv.sourced(t, [f"{ty.value}.{s.value}" for ty in Tyre for s in sides], file, "tyres")
    out = {}
    for ty in Tyre:
        row = get(t, ty.value, f"tyres.{ty.value}")
        if not isinstance(row, dict):
            raise DataError(file, f"tyres.{ty.value}", f"must be a table {{fresh, degraded}}, not {kind_of(row)}")
        pv.only_keys(row, {s.value for s in sides}, file, f"tyres.{ty.value}")
        fresh = get_int(row, "fresh", f"tyres.{ty.value}.fresh", lo=0, hi=9)
        degraded = as_int(get(row, "degraded", f"tyres.{ty.value}.degraded"), f"tyres.{ty.value}.degraded", 0,
                          fresh, "; the flipped side is not higher")
        out[(ty, TyreState.FRESH)], out[(ty, TyreState.DEGRADED)] = fresh, degraded
    dry = [out[(ty, TyreState.FRESH)] for ty in (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)]
    if dry != sorted(dry, reverse=True):
        raise DataError(file, "tyres", "Soft has the biggest bonus, Hard the smallest, Medium between (§4.6)")
    return out


def _wear(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[int, dict[Tyre, int], dict[int, WearIcon]]:
    t = pv.table(doc, "wear_track", file)
    pv.only_keys(t, {"length", "start", "icons", "source", "sources"}, file, "wear_track")
    sources |= pv.sourced(t, ["length", "starts", "icons"], file, "wear_track")
    length = get_int(t, "length", "wear_track.length", lo=4, hi=40)
    st = get(t, "start", "wear_track.start")
    if not isinstance(st, dict):
        raise DataError(file, "wear_track.start", f"must be a table, not {kind_of(st)}")
    pv.only_keys(st, set(_START_KEYS), file, "wear_track.start")
    start: dict[Tyre, int] = {}
    for key, tyres in _START_KEYS.items():
        pos = get_int(st, key, f"wear_track.start.{key}", lo=0, hi=length - 1)
        start |= dict.fromkeys(tyres, pos)
    raw = get(t, "icons", "wear_track.icons")
    if not isinstance(raw, dict):
        raise DataError(file, "wear_track.icons", f"must be a table of position = icon, not {kind_of(raw)}")
    icons = {}
    for k, v in raw.items():
        path = f"wear_track.icons.{k}"
        if not str(k).isdigit() or not 0 <= int(k) < length:
            raise DataError(file, path, f"a position of the wear track 0..{length - 1}")
        icons[int(k)] = as_enum(WearIcon, v, path)
    for ty in Tyre:
        worn = [p for p, i in icons.items() if i in _WEARS_OUT and i.applies(ty)]
        degraded = [p for p, i in icons.items() if i in _DEGRADES and i.applies(ty)]
        if len(worn) != 1 or len(degraded) != 1 or not start[ty] < degraded[0] < worn[0]:
            raise DataError(file, "wear_track.icons", f"{ty.value} tyres need one degraded icon and then one "
                                                      "worn-out icon, both after their start position (§14.1)")
    return length, start, icons


def load_board_file(path: str | Path) -> PlayerBoard:
    p = Path(path)
    return parse_board(load_toml(p), str(p), p.stem.removeprefix("board_"))


@cache
def load_board(board_id: str = "teaching") -> PlayerBoard:
    """A shipped player board by id (a DataError for an unknown id)."""
    ids = sorted(p.stem.removeprefix("board_") for p in DATA.glob("board_*.toml"))
    if not isinstance(board_id, str) or board_id not in ids:
        raise DataError("<board>", "board", f"unknown player board {board_id!r}; shipped: {', '.join(ids)}")
    return load_board_file(DATA / f"board_{board_id}.toml")
