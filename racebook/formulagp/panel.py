"""The Race Control Panel, the Weather Radar, the stated durations, the points table and the box's counts, read from
``data/race_control.toml`` and validated (digest §3, §4.2, §12, §19.3.2, §20.2, §22.4).

The radar is the race clock: game round N is radar space N (A5); a Standard race starts on space 9 and its lap
becomes the final lap on space 24 (§17.1). The panel's two sides (picked by the WHITE die's colour, §4.2) differ in
where the Safety Car space lies on the Yellow Flag track: not in source, ``invented-for-teaching``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_int, get, get_enum, get_int, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA, SCHEMA_VERSION, FaceColour
from racebook.formulagp.playerboard import Tyre

_RADAR = ("spaces", "standard_start", "advanced_start", "final_lap", "fresh_tyres", "soft_icon", "medium_icon",
          "hard_icon")
_PERIODS = ("yellow_zone", "safety_car", "cold_tyres", "penalty_box", "penalty_box_many", "penalty_many",
            "end_penalty_tiles")
POINTS_PLACES = 10


@dataclass(frozen=True, slots=True)
class PanelSide:
    colour: FaceColour
    safety_car: int  # the Yellow Flag track space that deploys the Safety Car (§19.3.2)
    cloud: int  # where a Rainy start puts the token (§4.3)


@dataclass(frozen=True)
class Panel:
    radar: dict[str, int]
    sides: dict[FaceColour, PanelSide]
    periods: dict[str, int]
    points_rows: dict[int, tuple[int, ...]]
    counts: dict[str, int]
    bot_tyre_life: dict[Tyre, int]
    sources: dict[str, str]
    examples: dict[str, str]

    def points(self, field: int, position: int, above: bool = False) -> int:
        """Points for finishing ``position`` (1-based) in a field of ``field`` cars (§20.2; 7 or 9 cars: the row of the
        largest listed field not above it, A22; fewer than the smallest row: that row). ``above`` is A22's other
        reading (house rule ``small_field_points = "above"``): the smallest listed field not below it (more than the
        largest row: that row)."""
        if position < 1:
            raise ValueError(f"§20.2: a finishing position starts at 1 (got {position})")
        if above:
            fitting = [n for n in self.points_rows if n >= field] or [max(self.points_rows)]
            row = self.points_rows[min(fitting)]
            return row[position - 1] if position <= len(row) else 0
        fitting = [n for n in self.points_rows if n <= field] or [min(self.points_rows)]
        row = self.points_rows[max(fitting)]
        return row[position - 1] if position <= len(row) else 0

    def start_space(self, advanced: bool = False) -> int:
        """The Weather Radar space the Chequered Flag starts on (§4.2 b): the Standard start (space 9, 16 rounds) or
        the Advanced start (space 1, 24 rounds)."""
        return self.radar["advanced_start" if advanced else "standard_start"]

    def rounds(self, advanced: bool = False) -> int:
        """The nominal race length: from the start space to the final-lap space, inclusive (§1, §4.2)."""
        return self.radar["final_lap"] - self.start_space(advanced) + 1


def parse_panel(doc: dict[str, Any], file: str) -> Panel:
    """Validate a race-control document (see ``data/race_control.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "radar", "side", "periods", "points", "counts", "bot_tyre_life", "examples"},
                     file, "")
        radar, sources = _ints(doc, "radar", _RADAR, file, 1, 99)
        n = radar["spaces"]
        for k in _RADAR[1:]:
            if radar[k] > n:
                raise DataError(file, f"radar.{k}", f"{radar[k]} is past the radar's {n} spaces")
        if not radar["advanced_start"] < radar["standard_start"] < radar["final_lap"]:
            raise DataError(file, "radar", "the Advanced start comes before the Standard start, both before the final "
                                           "lap (§4.2, §17.1)")
        sides = _sides(doc, file, sources)
        periods, s = _ints(doc, "periods", _PERIODS, file, 1, 20)
        sources |= s
        points_rows = _points(doc, file, sources)
        ct = pv.table(doc, "counts", file)
        keys = [k for k in ct if k not in ("source", "sources")]
        counts = {k: as_int(ct[k], f"counts.{k}", 0, 999) for k in keys}
        sources |= pv.sourced(ct, keys, file, "counts")
        if counts.get("players_min", 1) > counts.get("players_max", 6):
            raise DataError(file, "counts.players_min", "more than players_max")
        life_t, s = _ints(doc, "bot_tyre_life", tuple(t.value for t in Tyre), file, 1, 30)
        sources |= s
        life = {t: life_t[t.value] for t in Tyre}
        return Panel(radar, sides, periods, points_rows, counts, life, sources, pv.examples(doc, file))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _ints(doc: dict[str, Any], key: str, names: tuple[str, ...], file: str, lo: int,
          hi: int) -> tuple[dict[str, int], dict[str, str]]:
    t = pv.table(doc, key, file)
    pv.only_keys(t, set(names) | {"source", "sources"}, file, key)
    return ({k: get_int(t, k, f"{key}.{k}", lo=lo, hi=hi) for k in names},
            pv.sourced(t, list(names), file, key))


def _sides(doc: dict[str, Any], file: str, sources: dict[str, str]) -> dict[FaceColour, PanelSide]:
    rows = doc.get("side")
    if not isinstance(rows, list) or len(rows) != 2:
        raise DataError(file, "side", "the panel has two sides, [[side]] green and red (§4.2)")
    out = {}
    for i, t in enumerate(rows):
        path = f"side[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(t)}")
        pv.only_keys(t, {"colour", "safety_car", "cloud", "source", "sources"}, file, path)
        colour = get_enum(t, "colour", FaceColour, f"{path}.colour")
        if colour in out:
            raise DataError(file, f"{path}.colour", f"the {colour.value} side is listed twice")
        sc = get_int(t, "safety_car", f"{path}.safety_car", lo=1, hi=20)
        cloud = get_int(t, "cloud", f"{path}.cloud", lo=0, hi=sc - 1)
        sources |= pv.sourced(t, ["safety_car", "cloud"], file, path)
        out[colour] = PanelSide(colour, sc, cloud)
    return out


def _points(doc: dict[str, Any], file: str, sources: dict[str, str]) -> dict[int, tuple[int, ...]]:
    t = pv.table(doc, "points", file)
    keys = [k for k in t if k not in ("source", "sources")]
    sources |= pv.sourced(t, keys, file, "points")
    out = {}
    for k in keys:
        if not str(k).isdigit() or not 1 <= int(k) <= 99:
            raise DataError(file, f"points.{k}", "a row is named by its field size (a number of cars)")
        row = get(t, k, f"points.{k}")
        if not isinstance(row, list) or len(row) != POINTS_PLACES:
            raise DataError(file, f"points.{k}", f"must list the points of places 1 to {POINTS_PLACES}")
        vals = tuple(as_int(x, f"points.{k}[{i}]", 0, 99) for i, x in enumerate(row))
        if list(vals) != sorted(vals, reverse=True):
            raise DataError(file, f"points.{k}", "a better place never scores fewer points")
        out[int(k)] = vals
    if not out:
        raise DataError(file, "points", "needs at least one row")
    return out


def load_panel_file(path: str | Path) -> Panel:
    return parse_panel(load_toml(path), str(path))


@cache
def panel() -> Panel:
    """The shipped Race Control data (read once)."""
    return load_panel_file(DATA / "race_control.toml")
