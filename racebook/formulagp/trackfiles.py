"""FormulaGP's circuits for ``racebook tracks`` (the registry's track hooks): the shipped ids and a one-line
description of a circuit read and checked (:mod:`racebook.formulagp.track`, no engine imported).
Standard library only."""

from __future__ import annotations

import os

from racebook.core.choices import unknown
from racebook.core.datafile import DATA_ID, file_path
from racebook.core.errors import TrackDataError
from racebook.formulagp.track import Track, load_track, load_track_file, track_ids

__all__ = ["track_ids", "describe_track"]


def describe_track(path_or_id: str) -> str:
    """A circuit's line (a shipped id or a track file, read and validated): name, tiles, lanes, pit, DRS zones, a
    street circuit (the file's ``street = true``, §21 15.2)."""
    if path_or_id in track_ids():
        t: Track = load_track(path_or_id)
    else:
        p = file_path(path_or_id, TrackDataError)
        if DATA_ID.fullmatch(path_or_id) and not path_or_id.endswith(".toml") and not os.path.lexists(p):
            raise TrackDataError(path_or_id, "<file>", "no such file, and " + unknown(
                "FormulaGP track", path_or_id, track_ids()))
        t = load_track_file(p)
    moving = sum(1 for x in t.tiles if x.costs_mp)
    zones = sorted({x.drs for x in t.tiles if x.drs})
    return (f"FormulaGP circuit: {t.description} ({moving} movement tiles, 4 lanes, {t.laps} laps, "
            f"{len(t.grid)} grid places, DRS {', '.join(zones) or 'none'}; invented-for-teaching"
            f"{'; the race circuit' if t.default_race else ''}"
            f"{'; a street circuit (§21 15.2: play it with street_circuit = 1 or 2)' if t.street else ''})")
