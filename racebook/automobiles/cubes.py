"""The ten cube types (§1) and the component numbers read from ``data/cubes.toml`` and ``data/setup.toml``.

A cube is a one-letter code: the gears ``W`` (3rd, white), ``L`` (4th, light grey), ``D`` (5th, dark grey), ``K``
(6th, black); ``X`` wear (brown); the action colours ``Y`` Garage, ``R`` Handling, ``P`` Pit, ``B`` Engine, ``G``
Performance (§1.2). A space colour is one of the four gear codes (§7.1). The costs, values, stock counts, starting
bag, draw size, player range, default laps and the Decline table are data with their provenance (§26, §27).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import file_path, load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_int, as_str, get, get_int, get_str, kind_of, rewrap, unknown_key

DATA = Path(__file__).resolve().parent / "data"

INVENTED = "invented-for-teaching"
THIRD_PARTY = "third-party"
_PROVENANCES = ("digest §", f"{INVENTED}: ", f"{THIRD_PARTY}: ")


class Kind(Enum):
    GEAR = "gear"
    WEAR = "wear"
    ACTION = "action"


#: Gear codes from lowest to highest: "1 gear higher / lower" and "or lower" follow this order (§1.1).
GEARS = ("W", "L", "D", "K")
WEAR = "X"
ACTIONS = ("Y", "R", "P", "B", "G")
CODES = GEARS + (WEAR,) + ACTIONS
COLOUR_NAMES = {"W": "white", "L": "light grey", "D": "dark grey", "K": "black", "X": "brown",
                "Y": "yellow", "R": "red", "P": "purple", "B": "blue", "G": "green"}


def gear_rank(code: str) -> int:
    """0 for white … 3 for black (§1.1); a ValueError for a cube that is not a gear."""
    return GEARS.index(code)


def darkest(colours: list[str] | tuple[str, ...]) -> str | None:
    """The darkest gear colour among ``colours`` (§11), or None for none."""
    return max(colours, key=gear_rank) if colours else None


def check_source(src: Any, path: str, file: str) -> str:
    """A provenance string must say where the number comes from: the digest, a third party, or invented (why)."""
    if not isinstance(src, str) or not src.startswith(_PROVENANCES) or len(src.split(":", 1)[-1].strip()) < 3:
        raise DataError(file, path, "needs a provenance: 'digest §N…', 'third-party: …' or "
                                    f"'{INVENTED}: <why>' (got {src!r})")
    return src


@dataclass(frozen=True, slots=True)
class CubeType:
    code: str
    name: str
    colour: str
    kind: Kind
    cost: int
    value: int
    stock: int
    gear: int | None
    sources: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Components:
    """Every component number the engine needs besides the board."""

    cubes: dict[str, CubeType]
    starting_bag: dict[str, int]
    draw: int
    players_min: int
    players_max: int
    laps: int
    decline: dict[str, int]
    sources: dict[str, str]

    def cost(self, code: str) -> int:
        return self.cubes[code].cost

    def value(self, code: str) -> int:
        return self.cubes[code].value

    def stock(self) -> dict[str, int]:
        return {c: t.stock for c, t in self.cubes.items()}


def _read_cube(t: Any, i: int, file: str) -> CubeType:
    path = f"cube[{i}]"
    try:
        code = get_str(t, "code", path)
        if code not in CODES:
            raise DataError(file, f"{path}.code", f"must be one of {' '.join(CODES)} (got {code!r})")
        kind = Kind(get_str(t, "kind", path))
        src = get(t, "source", path)
        if not isinstance(src, dict):
            raise DataError(file, f"{path}.source", f"must be a table, not {kind_of(src)}")
        nums = {k: get_int(t, k, path, lo=0, hi=999) for k in ("cost", "value", "stock")}
        sources = tuple((k, check_source(src.get(k), f"{path}.source.{k}", file)) for k in nums)
        gear = t.get("gear")
        if (kind is Kind.GEAR) != (gear is not None):
            raise DataError(file, f"{path}.gear", "a gear cube (and only one) names its gear")
        if gear is not None and as_int(gear, f"{path}.gear", 3, 6) != 3 + gear_rank(code):
            raise DataError(file, f"{path}.gear", f"{code} is gear {3 + gear_rank(code)} (§1.1)")
        expected = Kind.GEAR if code in GEARS else Kind.WEAR if code == WEAR else Kind.ACTION
        if kind is not expected:
            raise DataError(file, f"{path}.kind", f"{code} is a {expected.value} cube (§1)")
        return CubeType(code, as_str(t.get("name"), f"{path}.name"), as_str(t.get("colour"), f"{path}.colour"),
                        kind, nums["cost"], nums["value"], nums["stock"], gear, sources)
    except ValueError as e:
        if isinstance(e, DataError) and e.file == file:
            raise
        raise DataError(file, getattr(e, "field", path), getattr(e, "reason", str(e))) from None


def load_components(cubes_file: str | Path | None = None, setup_file: str | Path | None = None) -> Components:
    """Read and validate the cube and set-up data (each problem: a DataError naming the file and the field)."""
    cf = file_path(cubes_file) if cubes_file is not None else DATA / "cubes.toml"
    sf = file_path(setup_file) if setup_file is not None else DATA / "setup.toml"
    doc = load_toml(cf)
    known_keys(doc, {"schema", "cube"}, str(cf))
    rows = doc.get("cube")
    if not isinstance(rows, list):
        raise DataError(str(cf), "cube", "must be an array of tables [[cube]]")
    cubes: dict[str, CubeType] = {}
    for i, t in enumerate(rows):
        ct = _read_cube(t, i, str(cf))
        if ct.code in cubes:
            raise DataError(str(cf), f"cube[{i}].code", f"{ct.code} is listed twice")
        cubes[ct.code] = ct
    missing = [c for c in CODES if c not in cubes]
    if missing:
        raise DataError(str(cf), "cube", f"the ten cube types are needed (§1); missing {' '.join(missing)}")
    return _read_setup(load_toml(sf), str(sf), cubes)


def known_keys(doc: dict[str, Any], keys: set[str], file: str) -> None:
    """The top of a data file has only the keys ``keys`` (else a DataError naming the unknown one)."""
    try:
        unknown_key(doc, keys)
    except DataError as e:
        raise rewrap(e, DataError, file) from None


def _read_setup(doc: dict[str, Any], file: str, cubes: dict[str, CubeType]) -> Components:
    known_keys(doc, {"schema", "setup", "decline"}, file)
    try:
        s = get(doc, "setup", "setup")
        src = get(s, "source", "setup")
        sources = {}
        for k in ("starting_bag", "draw", "players_min", "players_max", "laps"):
            sources[k] = check_source(src.get(k) if isinstance(src, dict) else None, f"setup.source.{k}", file)
        bag_t = get(s, "starting_bag", "setup")
        if not isinstance(bag_t, dict) or not bag_t:
            raise DataError(file, "setup.starting_bag", "must be a table of cube code = count")
        bag = {}
        for code, n in bag_t.items():
            if code not in cubes:
                raise DataError(file, f"setup.starting_bag.{code}", f"not a cube code ({' '.join(CODES)})")
            bag[code] = as_int(n, f"setup.starting_bag.{code}", 1, 99)
        draw = get_int(s, "draw", "setup", lo=1, hi=20)
        lo = get_int(s, "players_min", "setup", lo=1, hi=5)
        hi = get_int(s, "players_max", "setup", lo=lo, hi=5)
        laps = get_int(s, "laps", "setup", lo=1, hi=9)
        dec = get(doc, "decline", "decline")
        sources["decline"] = check_source(dec.get("source") if isinstance(dec, dict) else None,
                                          "decline.source", file)
        decline = {g: get_int(dec, g, "decline", lo=0, hi=20) for g in GEARS}
        if [decline[g] for g in GEARS] != sorted(decline[g] for g in GEARS):
            raise DataError(file, "decline", "darker spaces give more wear (§11)")
    except DataError as e:
        if e.file == file:
            raise
        raise DataError(file, e.field, e.reason) from None
    return Components(cubes, bag, draw, lo, hi, laps, decline, sources)


@cache
def components() -> Components:
    """The shipped component data (read once)."""
    return load_components()
