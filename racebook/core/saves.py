"""A saved race's envelope, for every game (issue 39): one JSON object ``{"format": …, <the game's keys>}`` whose
format names the game and the version, with no unknown key and none missing; and its list of action texts.

Each game's codec (:class:`racebook.rf90.game.Saves`, :class:`racebook.automobiles.game.Saves`,
:class:`racebook.formulagp.game.Saves`) reads its own fields after :func:`read_envelope`, starts the race and replays
the actions (:func:`start_and_replay`) and compares the final position (:func:`racebook.core.log.check_replayed`).
Every problem is one :class:`~racebook.core.errors.SaveDataError` naming the file, the field and the reason.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from racebook.core.errors import DataError, RacebookError, SaveDataError
from racebook.core.fields import as_strs, field_key, rewrap
from racebook.core.log import read_json_object, replay_actions

R = TypeVar("R")


def read_envelope(text: Any, file: str, fmt: str, keys: Sequence[str], old: Sequence[str] = (),
                  old_keys: Sequence[str] = ()) -> dict[str, Any]:
    """The save's JSON object, its envelope checked: ``format`` is ``fmt`` (or one of the ``old`` formats, whose
    keys are ``old_keys``), every other key is one of ``keys`` (listed in that order in the message) and none is
    missing."""
    data = read_json_object(text, file)
    got = data.get("format")
    if got != fmt and got not in old:
        also = f" (or {', '.join(map(repr, old))})" if old else ""
        raise SaveDataError(file, "format", f"{got!r:.60} is not {fmt!r}{also}")
    known = tuple(old_keys) if got in old else tuple(keys)
    for k in data:
        if k not in known:
            raise SaveDataError(file, field_key(k), f"unknown key (known: {', '.join(known)})")
    for k in known:
        if k not in data:
            raise SaveDataError(file, k, "missing")
    return data


def action_texts(data: dict[str, Any], file: str) -> list[str]:
    """The save's ``actions``: a list of action texts (each is checked when the race replays it)."""
    try:
        return list(as_strs(data["actions"], "actions"))
    except DataError as e:
        raise rewrap(e, SaveDataError, file) from None


def start_and_replay(start: Callable[[], R], actions: Sequence[str], parse: Callable[[str], Any], file: str,
                     what: str = "this state", refused: tuple[type[Exception], ...] = (RacebookError,)) -> R:
    """The race ``start()`` builds from a save's initial position — one of the ``refused`` errors is a SaveDataError
    at ``initial``: "the race cannot start from {what}: …" — with the saved action texts replayed
    (:func:`racebook.core.log.replay_actions`)."""
    try:
        race = start()
    except refused as e:
        raise SaveDataError(file, "initial", f"the race cannot start from {what}: {e}") from None
    replay_actions(race, actions, parse, file)
    return race
