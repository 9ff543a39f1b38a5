"""The parts a FormulaGP circuit is made of (digest §2): tile shapes, features, turns and surfaces, a lane's spaces,
tricky-corner skid marks, a tile, and a place on the circuit. :mod:`racebook.formulagp.track` reads and validates a
circuit made of them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from racebook.core.errors import TrackDataError
from racebook.core.frozen import fast_init


class Shape(Enum):
    STRAIGHT = "straight"
    CORNER = "corner"


class Feature(Enum):
    """A tile that costs no MP (§2.1, A21)."""

    FINISH = "finish"
    DRS = "drs"
    SPACER = "spacer"


class Turn(Enum):
    LEFT = "left"
    RIGHT = "right"


class Surface(Enum):
    ASPHALT = "n"
    KERB = "k"
    SLIPSTREAM = "s"
    DOUBLE = "d"


@dataclass(frozen=True, slots=True)
class Space:
    surface: Surface
    shadows: int = 1  # car shadows of a Slipstream space (§2.3): how many cars it holds


@dataclass(frozen=True, slots=True)
class Skid:
    """Tricky-corner skid marks (§11.7): ending a move on ``start`` rolls the RED die; a spin ends on ``end``."""

    start: tuple[int, int]  # (lane, space index)
    end: tuple[int, int]


@dataclass(frozen=True)
class Tile:
    id: str
    index: int
    feature: Feature | None
    shape: Shape | None
    gear: int | None
    turn: Turn | None
    lanes: tuple[tuple[Space, ...] | None, ...]  # None = off track
    walls: frozenset[Turn]  # the sides with a wall (§2.4): LEFT beyond lane 1, RIGHT beyond lane 4
    no_pairs: bool
    straight_token: bool
    drs: str | None
    skids: tuple[Skid, ...]
    speed_limit: str | None = None  # [ADV] a Gear Marker: "green" or "red", the fastest colour allowed (§11.4.2)

    @property
    def costs_mp(self) -> bool:
        return self.feature is None

    @cached_property
    def straight(self) -> bool:
        """A straight for extensions and DRS (§2.1): no bend, or a Slipstream space, or the 8th Gear token (worked
        out once: a tile is immutable)."""
        return self.shape is Shape.STRAIGHT or self.straight_token or any(
            s.surface is Surface.SLIPSTREAM for lane in self.lanes if lane for s in lane)

    def racing(self, lane: int) -> bool:
        """Lane ``lane`` is racing surface here (a feature tile has no lanes of its own)."""
        return 1 <= lane <= len(self.lanes) and self.lanes[lane - 1] is not None

    def spaces(self, lane: int) -> tuple[Space, ...]:
        lane_spaces = self.lanes[lane - 1] if 1 <= lane <= len(self.lanes) else None
        return lane_spaces or ()


@dataclass(frozen=True, slots=True, order=True)
class Pos:
    """A place on the circuit: tile index, lane 1–4, space index (0 = the back of the tile), car shadow (0 = the
    front shadow of a Slipstream space, A26)."""

    tile: int
    lane: int
    space: int
    shadow: int = 0


fast_init(Pos)  # built by the thousand per race: the slot-storing constructor (racebook.core.frozen)


def check_loop(tiles: tuple[Tile, ...], file: str) -> None:
    """A track file's tiles form one circuit the rules can use: unique ids, one finish line, a corner (§2.1), each
    DRS zone one run of tiles and at most two zones (§2.6); else one TrackDataError naming file and field."""
    ids = [t.id for t in tiles]
    for i, tid in enumerate(ids):
        if tid in ids[:i]:
            raise TrackDataError(file, f"tiles[{i}].id", f"{tid!r} names two tiles")
    if sum(t.feature is Feature.FINISH for t in tiles) != 1:
        raise TrackDataError(file, "tiles", "one tile is the finish line (feature = 'finish')")
    if not any(t.shape is Shape.CORNER for t in tiles):
        raise TrackDataError(file, "tiles", "a circuit needs a corner (§2.1)")
    zones: list[str] = []
    for t in tiles:
        if t.drs is not None and (not zones or zones[-1] != t.drs):
            if t.drs in zones:
                raise TrackDataError(file, f"tiles[{t.index}].drs", f"DRS zone {t.drs!r} is not one run of tiles")
            zones.append(t.drs)
        elif t.drs is None and t.costs_mp and zones and zones[-1] != "":
            zones.append("")
    if len({z for z in zones if z}) > 2:
        raise TrackDataError(file, "tiles", "at most 2 DRS zones (§2.6)")


def overtake_zone(tiles: tuple[Tile, ...], value: object, file: str) -> str:
    """The DRS zone the Optional New Overtake Mode uses as its control point (§21 15.13: "only one DRS zone (on the
    main straight)"): the file's ``overtake_zone``, which must name one of its zones; without it, the track's only
    zone; "" when it has none, or two and names neither (the rule then has no control point; SCHEMA.md)."""
    zones = sorted({t.drs for t in tiles if t.drs is not None})
    if value is None:
        return zones[0] if len(zones) == 1 else ""
    if not isinstance(value, str) or value not in zones:
        raise TrackDataError(file, "overtake_zone", f"names one of the track's DRS zones {zones} (§21 15.13) "
                                                    f"(got {value!r})")
    return value
