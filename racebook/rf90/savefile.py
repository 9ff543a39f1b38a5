"""The RF90 save format (read and written here; :mod:`racebook.rf90.saves` is the public interface and
:class:`racebook.rf90.game.Saves` the game's codec, which builds the race and replays it). This module does not
import the game, so the game's codec needs no import inside a function. ``Race.to_json`` / ``Race.from_json``
(a public interface; the format is in the README).

A save is one JSON object::

    {"format": "racebook-race/2",
     "track": {"id": "teaching", "digest": "<sha256 of the track's data>", "toml": "<the track file's text>"},
     "initial": {...RaceState.to_dict() before the first action...},
     "actions": ["Blue start", ...],
     "final": {...RaceState.to_dict() after the last action...}}

It is **self-contained**: the track travels with the race (its file text and a digest of its data), so a race on
a track loaded from a path reloads exactly, and never against a different shipped track of the same id. A track
built in code (no file) is saved by id and digest; it reloads only where that id names the same track.

Loading **validates like a scenario**: the JSON, the schema and types of every field (a dotted path names the
bad one), the integrity of the initial state (racebook.rf90.integrity: every card exactly once, the wear tokens of
the box, values in range), every action (each must be legal when replayed), and that replaying the actions
reproduces the saved final state. Any problem is a :class:`~racebook.core.errors.SaveDataError` naming the file
(``<save>``, or the path for :func:`load`), the field and the reason. Saves of format ``racebook-race/1`` (track
id only, no final state) still load.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from typing import Any

from racebook.core.datafile import read_text
from racebook.core.errors import DataError, RacebookError, SaveDataError, TrackDataError
from racebook.core.fields import field_key, kind_of, rewrap
from racebook.core.log import check_replayed
from racebook.core.saves import action_texts, read_envelope
from racebook.rf90.integrity import TRACK_ID, check_state
from racebook.rf90.state import RaceState
from racebook.rf90.track import Track
from racebook.rf90.trackfile import load_track, parse_track_text

FORMAT = "racebook-race/2"
OLD_FORMATS = ("racebook-race/1",)
_KEYS = ("format", "track", "initial", "actions", "final")  # a /1 save: all but "final"
_TRACK_KEYS = {"id", "digest", "toml", "file"}
_SOURCE = "_racebook_source"  # the file text a Track was parsed from, kept on the object (see track_text)
_NAME = "_racebook_file"  # the name of that file, for a track that came out of a save


# ------------------------------------------------------------------------------------ the track
def track_digest(track: Track) -> str:
    """A SHA-256 of the track's data (every section, corner, route, card, …), independent of where its file is."""
    return hashlib.sha256(repr(dataclasses.replace(track, file="")).encode("utf-8")).hexdigest()


def track_text(track: Track) -> str | None:
    """The text of the file ``track`` was loaded from, if that file still holds exactly this track."""
    cached = getattr(track, _SOURCE, None)
    if cached is not None:
        return cached
    if not track.file:
        return None
    try:
        text = read_text(track.file, TrackDataError)
        if parse_track_text(text, track.file, track.id) != track:
            return None  # the file was edited after the track was loaded
    except (DataError, RecursionError):
        return None
    object.__setattr__(track, _SOURCE, text)  # Track is frozen; this is a cache, not a field
    return text


def track_entry(track: Track) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": track.id, "digest": track_digest(track)}
    text = track_text(track)
    if text is not None:
        entry["toml"] = text
        entry["file"] = getattr(track, _NAME, None) or os.path.basename(track.file)
    return entry


def _track(entry: Any, file: str, legacy: bool) -> Track:
    if legacy:  # racebook-race/1: a track id
        if not isinstance(entry, str) or not TRACK_ID.fullmatch(entry):
            raise SaveDataError(file, "track", f"{entry!r:.60} is not a track id")
        tid, digest, text = entry, None, None
    else:
        if not isinstance(entry, dict):
            raise SaveDataError(file, "track", f"must be a table {{id, digest, toml}}, not {kind_of(entry)}")
        for k in entry:
            if k not in _TRACK_KEYS:
                raise SaveDataError(file, f"track.{field_key(k)}",
                                    f"unknown key (known: {', '.join(sorted(_TRACK_KEYS))})")
        for k in ("id", "digest"):
            if not isinstance(entry.get(k), str):
                raise SaveDataError(file, f"track.{k}", "missing or not a string")
        tid, digest, text = entry["id"], entry["digest"], entry.get("toml")
        if not TRACK_ID.fullmatch(tid):
            raise SaveDataError(file, "track.id", f"{tid!r:.60} is not a track id")
        if text is not None and not isinstance(text, str):
            raise SaveDataError(file, "track.toml", f"must be the track file's text, not {kind_of(text)}")
        if not isinstance(entry.get("file", ""), str):
            raise SaveDataError(file, "track.file", f"must be a file name, not {kind_of(entry['file'])}")
    if text is not None:
        try:
            track = parse_track_text(text, f"{file}:track", tid)
        except DataError as e:
            raise SaveDataError(file, f"track.toml.{e.field}", e.reason) from None
        except RecursionError:
            raise SaveDataError(file, "track.toml", "nested too deeply") from None
        object.__setattr__(track, _SOURCE, text)
        object.__setattr__(track, _NAME, os.path.basename(entry.get("file", "")) or f"{tid}.toml")
    else:
        try:
            track = load_track(tid)
        except RacebookError as e:
            raise SaveDataError(file, "track", str(e)) from None
    if digest is not None and track_digest(track) != digest:
        where = "the embedded track file" if text is not None else f"the track {tid!r} found here"
        raise SaveDataError(file, "track.digest", f"{where} is not the track this race was saved on (its data "
                                                  "differ); the save is altered, or the track file changed")
    return track


# ------------------------------------------------------------------------------------ saving and loading
def dumps(race: Any) -> str:
    """The save of a :class:`racebook.rf90.game.Race` (its track, initial state, actions and final state)."""
    return json.dumps({"format": FORMAT, "track": track_entry(race.state.track), "initial": race.initial_state(),
                       "actions": [str(a) for a in race.actions], "final": race.state.to_dict()})


def read(text: Any, file: str = "<save>") -> tuple[RaceState, list[str], dict[str, Any] | None]:
    """The initial state, the action texts and the final state (None in a ``racebook-race/1`` save) of the save in
    ``text``, every field checked (see the module docstring); every problem is a SaveDataError."""
    data = read_envelope(text, file, FORMAT, _KEYS, OLD_FORMATS, _KEYS[:-1])
    legacy = data["format"] in OLD_FORMATS
    track = _track(data["track"], file, legacy)
    initial = data["initial"]
    try:
        state = RaceState.from_dict(initial, track)
    except DataError as e:
        raise rewrap(e, SaveDataError, file, "initial") from None
    if initial.get("track", track.id) != track.id:
        raise SaveDataError(file, "initial.track", f"{initial.get('track')!r:.60} is not the saved track {track.id!r}")
    check_state(state, SaveDataError, file, "initial")
    return state, action_texts(data, file), None if legacy else data["final"]


def check_final(race: Any, final: dict[str, Any] | None, file: str) -> None:
    """The replayed race reproduces the saved final state (a /1 save has none) and passes the state checks."""
    if final is not None:
        check_replayed(race.state.to_dict(), final, file)
    check_state(race.state, SaveDataError, file, "final")
