"""The board: a loop of lanes of coloured spaces, read from ``data/boards/<id>.toml`` and validated (§7, §13, §26).

The source prints no board (§26): every shipped board is ``invented-for-teaching``. A board has ``length`` rows and
``lanes`` lanes (lane 1 innermost: it wins position ties, §13). A *space* (§7.3) is a run of rows in one lane with one
gear colour; its rows are its *segments*. A car's place is a lane and an absolute ``progress`` (rows travelled from the
finish line; the grid is behind it, at negative progress); its row is ``progress mod length``.

Adjacency (§7.1, AMB-12) is derived from the geometry, forward and lateral only: from a segment at row r of lane l,
the spaces holding row r+1 in lanes l-1, l, l+1 are adjacent (never the space the segment is in). Entering a space
(§7.3, AMB-11) the cube goes to its frontmost segment ahead of where it came from that no other car holds; a space
with no such segment cannot be the end of a move, but a multi-space move may pass through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from racebook.automobiles.cubes import DATA, GEARS, check_source
from racebook.core.choices import valid_ids
from racebook.core.datafile import DATA_ID, file_path, load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_int, get, kind_of

BOARDS = DATA / "boards"
#: The most rows a board may have (the shipped boards have 40 and 48): a bound on the memory a board file takes.
MAX_ROWS = 400
SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class Space:
    """One space: ``id`` is ``"<lane>.<n>"`` (the n-th space of the lane from the finish line)."""

    id: str
    lane: int
    colour: str  # a gear code: W L D K
    start: int  # first row
    length: int  # segments

    @property
    def end(self) -> int:
        return self.start + self.length - 1


@dataclass(frozen=True, slots=True)
class GridSlot:
    lane: int
    row: int
    money: int


@dataclass(frozen=True)
class Board:
    name: str
    description: str
    source: str
    length: int
    lanes: int
    spaces: dict[str, Space]
    grid: tuple[GridSlot, ...]
    grid_sources: tuple[tuple[str, str], ...]
    _at: dict[tuple[int, int], str]

    def space_at(self, lane: int, progress: int) -> Space:
        """The space holding the segment of ``lane`` at absolute ``progress``."""
        return self.spaces[self._at[(lane, progress % self.length)]]

    def adjacent(self, lane: int, progress: int) -> list[Space]:
        """The spaces adjacent to the segment at (lane, progress): forward and lateral (§7.1, AMB-12)."""
        here = self.space_at(lane, progress)
        out = []
        for ln in (lane - 1, lane, lane + 1):
            if 1 <= ln <= self.lanes:
                s = self.space_at(ln, progress + 1)
                if s.id != here.id:
                    out.append(s)
        return out

    def landing(self, space: Space, progress: int, occupied: set[tuple[int, int]]) -> int | None:
        """Where a cube entering ``space`` from ``progress`` goes (§7.3): the absolute progress of the frontmost
        segment of the space ahead of ``progress`` that no other car holds (``occupied``: (lane, row)), or None."""
        first = progress + 1
        row = first % self.length
        for p in range(first + space.end - row, first - 1, -1):
            if (space.lane, p % self.length) not in occupied:
                return p
        return None

    def front(self, space: Space, progress: int) -> int:
        """The frontmost segment of ``space`` entered from ``progress`` (a move passing through, §7.3)."""
        first = progress + 1
        return first + space.end - first % self.length

    def space_of(self, token: str) -> Space:
        """The space a route token names: ``1.3``, or a segment of it with Weaving, ``1.3:2`` (§22.1)."""
        return self.spaces[token.partition(":")[0]]

    def segment(self, space: Space, k: int, progress: int) -> int | None:
        """With Weaving (§22.1): the absolute progress of segment ``k`` (1 = the rearmost) of ``space`` entered from
        ``progress``, or None if that segment is not ahead of it."""
        first = progress + 1
        p = first + (space.start + k - 1) - first % self.length
        return p if p >= first else None

    def grid_progress(self, slot: GridSlot) -> int:
        """A grid slot's absolute progress: behind the finish line, so negative (§4)."""
        return slot.row - self.length


def _problem(file: str, field: str, reason: str) -> DataError:
    return DataError(file, field, reason)


def parse_board(doc: dict[str, Any], file: str, name: str | None = None) -> Board:
    """Validate a board document (see ``data/boards/teaching.toml``); each problem names the file and the field."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise _problem(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        unknown = set(doc) - {"schema", "name", "description", "source", "lanes", "grid", "grid_source"}
        if unknown:
            raise _problem(file, sorted(unknown)[0], "unknown key")
        bname = doc.get("name")
        if not isinstance(bname, str) or not DATA_ID.fullmatch(bname) or (name is not None and bname != name):
            raise _problem(file, "name", f"must be the file's id {name!r} (got {bname!r})")
        source = check_source(doc.get("source"), "source", file)
        lanes = doc.get("lanes")
        if not isinstance(lanes, list) or not 1 <= len(lanes) <= 6:
            raise _problem(file, "lanes", "must be a list of 1 to 6 lane strings")
        spaces: dict[str, Space] = {}
        at: dict[tuple[int, int], str] = {}
        length = None
        for i, lane in enumerate(lanes):
            ln = i + 1
            if not isinstance(lane, str) or not lane.split():
                raise _problem(file, f"lanes[{i}]", f"must be a string of spaces such as 'KKKK DDD LL W', not "
                                                    f"{kind_of(lane)}")
            row = 0
            if len(lane) > 2 * 9 * MAX_ROWS:  # a space is at most 9 letters and a blank
                raise _problem(file, f"lanes[{i}]", f"{len(lane)} characters: too long for a board of at most "
                                                    f"{MAX_ROWS} rows")
            for n, tok in enumerate(lane.split(), start=1):
                if tok[0] not in GEARS or set(tok) != {tok[0]} or len(tok) > 9:
                    raise _problem(file, f"lanes[{i}]", f"space {n} {tok!r}: one colour letter (W L D K) repeated "
                                                        "once per segment, at most 9 (§7.3)")
                sp = Space(f"{ln}.{n}", ln, tok[0], row, len(tok))
                spaces[sp.id] = sp
                for r in range(row, row + len(tok)):
                    at[(ln, r)] = sp.id
                row += len(tok)
                if row > MAX_ROWS:
                    raise _problem(file, f"lanes[{i}]", f"covers more than {MAX_ROWS} rows (a board is at most "
                                                        f"{MAX_ROWS} rows)")
            if length is None:
                length = row
            elif row != length:
                raise _problem(file, f"lanes[{i}]", f"covers {row} rows; lane 1 covers {length} (a loop: every "
                                                    "lane the same length)")
        assert length is not None
        if length < 8:
            raise _problem(file, "lanes", f"a loop of at least 8 rows (got {length})")
        missing = [g for g in GEARS if not any(s.colour == g for s in spaces.values())]
        if missing:
            raise _problem(file, "lanes", f"every gear colour needs spaces (§7.1); none of {' '.join(missing)}")
        grid = _grid(doc, file, len(lanes), length)
        gs = doc.get("grid_source")
        if not isinstance(gs, dict):
            raise _problem(file, "grid_source", "must be a table with the provenance of slots and money")
        grid_sources = tuple((k, check_source(gs.get(k), f"grid_source.{k}", file)) for k in ("slots", "money"))
        desc = doc.get("description", "")
        if not isinstance(desc, str):
            raise _problem(file, "description", "must be a string")
    except DataError as e:
        if e.file == file:
            raise
        raise _problem(file, e.field, e.reason) from None
    return Board(bname, desc, source, length, len(lanes), spaces, grid, grid_sources, at)


def _grid(doc: dict[str, Any], file: str, lanes: int, length: int) -> tuple[GridSlot, ...]:
    rows = doc.get("grid")
    if not isinstance(rows, list) or not 2 <= len(rows) <= 5:
        raise _problem(file, "grid", "must be 2 to 5 [[grid]] slots, front to back (§4)")
    slots = []
    for i, t in enumerate(rows):
        path = f"grid[{i}]"
        slots.append(GridSlot(as_int(get(t, "lane", path), f"{path}.lane", 1, lanes),
                              as_int(get(t, "row", path), f"{path}.row", 0, length - 1),
                              as_int(get(t, "money", path), f"{path}.money", 0, 99)))
    if len({(s.lane, s.row) for s in slots}) != len(slots):
        raise _problem(file, "grid", "two slots share a segment (§7.3)")
    keys = [(-(s.row - length), s.lane) for s in slots]
    if keys != sorted(keys):
        raise _problem(file, "grid", "slots must be listed front to back: further first, then the inner lane (§13)")
    if [s.money for s in slots] != sorted(s.money for s in slots):
        raise _problem(file, "grid", "further back on the grid gets at least as much money (§4)")
    return tuple(slots)


def board_ids() -> list[str]:
    """The shipped boards (from the files)."""
    return sorted(p.stem for p in BOARDS.glob("*.toml"))


def load_board_file(path: str | Path) -> Board:
    p = file_path(path)
    return parse_board(load_toml(p), str(p), p.stem)


@cache
def load_board(board_id: str = "teaching") -> Board:
    """A shipped board by id (a DataError for an unknown id)."""
    if not isinstance(board_id, str) or not DATA_ID.fullmatch(board_id) or board_id not in board_ids():
        raise DataError("<board>", "board", f"unknown board {board_id!r}; {valid_ids(str(board_id), board_ids())}")
    return load_board_file(BOARDS / f"{board_id}.toml")


def describe_board(path_or_id: str) -> str:
    """A board's one-line description (``racebook tracks``): a shipped id or a board file, read and checked."""
    b = load_board(path_or_id) if path_or_id in board_ids() else load_board_file(path_or_id)
    return f"Automobiles board: {b.description} ({b.length} rows a lap, {b.lanes} lanes, invented-for-teaching)"
