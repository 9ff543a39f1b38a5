"""Saved Automobiles races: :func:`dumps` / :func:`loads` (and :func:`save` / :func:`load` for files), a public
interface like RF90's saves (:mod:`racebook.rf90.saves`).

A save is one JSON object::

    {"format": "racebook-automobiles/1",
     "initial": {"position": "<the initial position, racebook.automobiles.notation>", "rng": <generator state>,
                 "stacks": {"A": ["W", "L"]}},
     "actions": ["A buy L", "A pass", ...],
     "final": {"position": "<the position after the last action>", "rng": <generator state>}}

The position notation carries everything a race is made of (board, laps, cards, house rules, Season, drivers, the
turn in progress, a card effect in progress); the generator state and the stacked draws complete it, so a game in
progress (a single race, a draft, a Season between two races) resumes **exactly**: the same legal actions and the
same future draws. Loading validates like a scenario: the JSON, every field, the initial position (its parser), every
action (each must be legal when replayed) and that replaying reproduces the saved final position and generator. Any
problem is one :class:`~racebook.core.errors.SaveDataError` naming the file (``<save>`` or the path), the field and
the reason.
"""

from __future__ import annotations

import json
import os
from typing import Any

from racebook.automobiles.actions import parse
from racebook.automobiles.cubes import CODES
from racebook.automobiles.game import Race
from racebook.automobiles.notation import format_state, parse_position
from racebook.core.datafile import read_text, write_text
from racebook.core.errors import DataError, RacebookError, SaveDataError
from racebook.core.fields import as_strs, field_key, kind_of, rewrap
from racebook.core.log import check_replayed, read_json_object, replay_actions
from racebook.core.rng import Rng

FORMAT = "racebook-automobiles/1"
_KEYS = ("format", "initial", "actions", "final")


def _snapshot(position: str, rng: Rng) -> dict[str, Any]:
    return {"position": position, "rng": rng.state}


def dumps(race: Race) -> str:
    """The save of ``race`` as JSON text (the race is not changed)."""
    init = race._initial
    first = _snapshot(format_state(init), init.rng)
    first["stacks"] = {pid: list(s) for pid, s in init.stacks.items() if s}
    return json.dumps({"format": FORMAT, "initial": first, "actions": [str(a) for a in race.actions],
                       "final": _snapshot(format_state(race.state), race.state.rng)}, ensure_ascii=False)


def save(race: Race, path: str | os.PathLike[str]) -> None:
    """Write the save of ``race`` to ``path`` (an OSError is a SaveDataError naming the path)."""
    write_text(path, dumps(race), SaveDataError)  # a FIFO or a device is refused, never waited on


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


def loads(text: Any, file: str = "<save>", frames: bool = True) -> Race:
    """The race saved in ``text``, replayed to where it was saved; every problem is a SaveDataError."""
    data = read_json_object(text, file)
    if data.get("format") != FORMAT:
        raise SaveDataError(file, "format", f"{data.get('format')!r:.60} is not {FORMAT!r}")
    for k in data:
        if k not in _KEYS:
            raise SaveDataError(file, field_key(k), f"unknown key (known: {', '.join(_KEYS)})")
    for k in _KEYS:
        if k not in data:
            raise SaveDataError(file, k, "missing")
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
    try:
        actions = as_strs(data["actions"], "actions")
    except DataError as e:
        raise rewrap(e, SaveDataError, file) from None
    try:
        race = Race(state, frames)
    except RacebookError as e:
        raise SaveDataError(file, "initial", f"the race cannot start from this position: {e}") from None
    replay_actions(race, actions, parse, file)
    check_replayed(format_state(race.state), final["position"], file, "final.position")
    _rng(final["rng"], file, "final.rng")
    check_replayed(race.state.rng.state, final["rng"], file, "final.rng")
    return race


def load(path: str | os.PathLike[str], frames: bool = True) -> Race:
    """The race saved in the file ``path`` (errors name the path)."""
    return loads(read_text(path, SaveDataError), str(path), frames)
