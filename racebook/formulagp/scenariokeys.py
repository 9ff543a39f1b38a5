"""The ``[[car]]`` keys of a FormulaGP scenario that the worked examples added (issue 37 item 4), each a reader
``(value, path, car, ctx)`` that checks the value and sets it, raising a field error (a
:class:`~racebook.core.errors.DataError`, rewrapped by :mod:`racebook.formulagp.scenario` with the file's name) on a
bad value: ``w2w`` (Example 18), ``lapping`` (Example 26), ``team`` (Example 19), ``events`` (Example 24), ``off``
(Example 20), ``params`` (Example 2). :data:`racebook.formulagp.scenario.CAR_KEYS` lists them. Two ``[race]`` keys
too, readers ``(value, path, state)`` in :data:`racebook.formulagp.scenario.RACE_KEYS`: ``event_draws`` (the EVENT
cards stacked, §6.7) and ``yellow_zones`` (Example 23's zone, §19.3.1). Standard library only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from racebook.core.errors import RacebookError
from racebook.core.fields import as_int, as_str, as_strs, bad
from racebook.formulagp.actions import CAR_ID
from racebook.formulagp.eventdeck import event_deck, stack
from racebook.formulagp.rules.wheeltowheel import W2W
from racebook.formulagp.state import Car, RaceState, Zone


@dataclass
class ReadContext:
    """What a key's reader needs besides its value: the race being built, its components and the seen cards (the
    scenario reader's, :mod:`racebook.formulagp.scenario`: here, below it, so that the keys' readers need not import
    it)."""

    state: RaceState
    codes: Counter[str]  # the ACTION deck, code -> copies (§3)
    placed: dict[str, list[str]]  # per car: every card named so far (hand, discards, draws)
    draws: dict[str, list[str]]  # per car: the stacked draws, put on top once its deck is built (scenario._stack)

__all__ = ["w2w", "lapping", "team", "held_events", "off", "params", "event_draws", "yellow_zones"]


def w2w(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``w2w``: the Wheel-to-Wheel token (§13.5, A32): "none", "VS" or "Stress"."""
    token = as_str(v, path)
    names = [t.value for t in W2W]
    if token not in names:
        raise bad(path, f"{token[:12]!r} is not a Wheel-to-Wheel token ({', '.join(names)}: §13.5, A32)")
    car.w2w = token


def team(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``team``: the car's team, named like a car id; two cars of a team share a Pit Box (§2.5, §16.4)."""
    name = as_str(v, path)
    if not CAR_ID.fullmatch(name):
        raise bad(path, f"{name[:20]!r} is not a team name (a letter, then letters, digits or _)")
    mates = [c.id for c in ctx.state.cars.values() if c.team == name and c.id != car.id]
    if len(mates) >= 2:
        raise bad(path, f"team {name} already has {' and '.join(mates)}: a team has at most two cars (§16.4)")
    car.team = name


def held_events(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``events``: the EVENT cards the car holds face down on the table (§6.7), taken out of the shared EVENT deck."""
    codes = as_strs(v, path)
    deck = ctx.state.events
    for i, code in enumerate(codes):
        if code not in deck.pile:
            held = [c.id for c in ctx.state.cars.values() if code in c.events]
            why = f"held by {held[0]}" if held else f"not an EVENT card code (E1…E{len(event_deck().codes)})"
            raise bad(f"{path}[{i}]", f"{code[:12]!r} is {why}: each EVENT card is in one place (§6.7)")
        deck.pile.remove(code)
        car.events.append(code)


def off(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``off``: off track on that side ("left" / "right") of ``at``, its nearest track space, facing forward (§18.2)."""
    side = as_str(v, path)
    if side not in ("left", "right"):
        raise bad(path, f"{side[:12]!r} is not 'left' or 'right' (the side of the track the car went off, §18.2)")
    car.off = side


def params(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``params``: the Parameter tokens still unused (§8.3), a subset of "WYR" (White, Yellow, Red) in that order."""
    text = as_str(v, path)
    if text != "".join(p for p in "WYR" if p in text) or len(text) != len(set(text)):
        raise bad(path, f"{text[:12]!r} is not the unused Parameter tokens: letters of 'WYR' (White, Yellow, Red), "
                        "each once, in that order (§8.3)")
    car.params = text


def lapping(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``lapping``: the Blue Flags (§19.7): 0 on the lead lap, 1 a single Blue Flag, 2 a double."""
    car.blue = as_int(v, path, 0, 2, ": the lapping status (Blue Flags), 0 the lead lap, 1 single, 2 double, §19.7")


# ------------------------------------------------------------------ [race] keys (a reader (value, path, state))
def event_draws(v: Any, path: str, s: RaceState) -> None:
    """``event_draws``: the next EVENT cards drawn (an Option card's draw, §6.7), first drawn first."""
    codes = as_strs(v, path, unique=True)
    known = event_deck().advanced_codes if s.mode.advanced else event_deck().codes  # §4.4: three-dot cards
    for i, code in enumerate(codes):
        if code not in known:
            raise bad(f"{path}[{i}]", f"{code!r} is not an EVENT card code (data/event_deck.toml: E1…E{len(known)})")
    try:
        stack(s, list(codes))
    except RacebookError as e:  # pragma: no cover - no EVENT card is held in a scenario's position
        raise bad(path, str(e)) from None


def yellow_zones(v: Any, path: str, s: RaceState) -> None:
    """``yellow_zones``: the Yellow Flag zones on track (§19.3.1), each ``"yellow/green/until"``: the Yellow Flag's
    tile id, the Green Flag's tile id (the zone ends on the tile before it) and the radar space it lasts until."""
    index = {t.id: t.index for t in s.track.tiles}
    zones = []
    for i, z in enumerate(as_strs(v, path, unique=True)):
        parts = z.split("/")
        if len(parts) != 3 or parts[0] not in index or parts[1] not in index or not parts[2].isdigit():
            raise bad(f"{path}[{i}]", f"{z!r} is not 'yellow tile/green tile/radar space', e.g. 'T08/T11/6' (§19.3.1)")
        zones.append(Zone(index[parts[0]], index[parts[1]], int(parts[2])))
    s.zones = tuple(zones)
