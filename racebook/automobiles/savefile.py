"""The Automobiles save format (read and written here; :mod:`racebook.automobiles.saves` is the public interface and
:class:`racebook.automobiles.game.Saves` the game's codec, which builds the race): every field checked, each problem
one :class:`~racebook.core.errors.SaveDataError` naming the file, the field and the reason. This module does not
import the game, so the game's codec needs no import inside a function.

A save is one JSON object::

    {"format": "racebook-automobiles/1",
     "initial": {"position": "<the initial position, racebook.automobiles.notation>", "rng": <generator state>,
                 "stacks": {"A": ["W", "L"]}},
     "actions": ["A buy L", "A pass", ...],
     "final": {"position": "<the position after the last action>", "rng": <generator state>}}
"""

from __future__ import annotations

import json
from typing import Any

from racebook.automobiles.cubes import CODES
from racebook.automobiles.notation import format_state, parse_position
from racebook.automobiles.state import GameState
from racebook.core.errors import DataError, RacebookError, SaveDataError
from racebook.core.fields import as_strs, field_key, kind_of, rewrap
from racebook.core.log import check_replayed
from racebook.core.rng import Rng
from racebook.core.saves import action_texts, read_envelope

FORMAT = "racebook-automobiles/1"
_KEYS = ("format", "initial", "actions", "final")


def _snapshot(position: str, rng: Rng) -> dict[str, Any]:
    return {"position": position, "rng": rng.state}


def dumps(race: Any) -> str:
    """The save of ``race`` (a :class:`racebook.automobiles.game.Race`) as JSON text (the race is not changed)."""
    init = race._initial
    first = _snapshot(format_state(init), init.rng)
    first["stacks"] = {pid: list(s) for pid, s in init.stacks.items() if s}
    return json.dumps({"format": FORMAT, "initial": first, "actions": [str(a) for a in race.actions],
                       "final": _snapshot(format_state(race.state), race.state.rng)}, ensure_ascii=False)


def _rng(v: Any, file: str, where: str) -> Rng:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**64:
        raise SaveDataError(file, where, f"the generator's state is an integer 0..2^64-1, not {kind_of(v)}")
    return Rng(v)


def _table(v: Any, file: str, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise SaveDataError(file, where, f"must be a table, not {kind_of(v)}")
    for k in v:
        if k not in keys:
            raise SaveDataError(file, f"{where}.{field_key(k)}", f"unknown key (known: {', '.join(keys)})")
    for k in ("position", "rng"):
        if k not in v:
            raise SaveDataError(file, f"{where}.{k}", "missing")
    if not isinstance(v["position"], str):
        raise SaveDataError(file, f"{where}.position", f"a position text, not {kind_of(v['position'])}")
    return v


def read(text: Any, file: str = "<save>") -> tuple[GameState, list[str], dict[str, Any]]:
    """A save's initial position (with its generator and stacked draws), its action texts and its final snapshot,
    every field checked (the actions are checked when the race replays them)."""
    data = read_envelope(text, file, FORMAT, _KEYS)
    init = _table(data["initial"], file, "initial", ("position", "rng", "stacks"))
    final = _table(data["final"], file, "final", ("position", "rng"))
    try:
        state = parse_position(init["position"])
    except RacebookError as e:
        raise SaveDataError(file, "initial.position", str(e)) from None
    state.rng = _rng(init["rng"], file, "initial.rng")
    stacks = init.get("stacks", {})
    if not isinstance(stacks, dict):
        raise SaveDataError(file, "initial.stacks", f"must be a table player = [cube codes], not {kind_of(stacks)}")
    for pid, codes in stacks.items():
        where = f"initial.stacks.{field_key(pid)}"
        try:
            lst = as_strs(codes, where)
        except DataError as e:
            raise rewrap(e, SaveDataError, file) from None
        if pid not in state.players or any(c not in CODES for c in lst):
            raise SaveDataError(file, where, "stacked draws of a player of the race, as cube codes")
        state.stacks[pid] = list(lst)
    return state, action_texts(data, file), final


def check_final(race: Any, final: dict[str, Any], file: str) -> None:
    """The replayed race reproduces the saved final position and generator."""
    check_replayed(format_state(race.state), final["position"], file, "final.position")
    _rng(final["rng"], file, "final.rng")
    check_replayed(race.state.rng.state, final["rng"], file, "final.rng")
