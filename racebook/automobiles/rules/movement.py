"""Movement: planning a route with cubes in the Action phase (§6.4, §7) and moving the car in the Car phase (§10).

The car never moves in the Action phase: each movement cube is placed on the track, the first one on a space adjacent
to the car, each later one adjacent to the last cube placed (one chain, AMB-8). A cube that moves several spaces
plans a path of adjacent spaces and sits on the last one (§7.2, AMB-9). In the Car phase the car goes to the last
cube placed; every space entered counts as moved through (for the Decline phase, §11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.automobiles import zones
from racebook.automobiles.board import Space
from racebook.automobiles.cubes import darkest
from racebook.automobiles.events import CarMoved, CubePlaced, LapCompleted
from racebook.automobiles.rules.standings import laps_done
from racebook.automobiles.state import GameState, Placed
from racebook.core.log import EventLog


@dataclass(frozen=True, slots=True)
class Route:
    """A path a cube may plan: the spaces entered (their tokens: the space ids, or with Weaving the segments
    ``1.3:2``, §22.1), and the segment (lane, progress) where the cube would sit."""

    spaces: tuple[Space, ...]
    lane: int
    progress: int
    tokens: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return self.tokens or tuple(s.id for s in self.spaces)


def head(state: GameState, pid: str) -> tuple[int, int]:
    """Where the route continues from: the last cube placed this turn, else the car (§7.1, AMB-8)."""
    p = state.players[pid]
    if p.track:
        return p.track[-1].lane, p.track[-1].progress
    return p.lane, p.progress


def routes(state: GameState, pid: str, allowed: Callable[[int, str, tuple[Space, ...]], bool], most: int,
           start: tuple[int, int] | None = None) -> list[Route]:
    """Every path of 1..``most`` adjacent spaces from ``start`` (the route's head) whose spaces ``allowed``
    accepts (index, colour, spaces so far). A path may pass through a space other cars fill, not end there (§7.3,
    AMB-11)."""
    board = state.board
    occupied = state.occupied(but=pid)
    out: list[Route] = []

    def walk(lane: int, prog: int, path: tuple[Space, ...], tokens: tuple[str, ...]) -> None:
        for s in board.adjacent(lane, prog):
            if not allowed(len(path), s.colour, path):
                continue
            here = path + (s,)
            if state.weaving:  # §22.1: any segment of the space, so a rear one can "cut" to the next lane
                for k in range(1, s.length + 1):
                    p = board.segment(s, k, prog)
                    if p is None:
                        continue
                    tok = tokens + (f"{s.id}:{k}",)
                    if (s.lane, p % board.length) not in occupied:
                        out.append(Route(here, s.lane, p, tok))
                    if len(here) < most:
                        walk(s.lane, p, here, tok)
                continue
            land = board.landing(s, prog, occupied)
            if land is not None:
                out.append(Route(here, s.lane, land))
            if len(here) < most:
                walk(s.lane, board.front(s, prog) if land is None else land, here, ())

    lane, prog = start if start is not None else head(state, pid)
    walk(lane, prog, (), ())
    return out


def colour_routes(state: GameState, pid: str, colours: frozenset[str] | set[str], most: int,
                  same_colour: bool = False) -> list[Route]:
    """Paths of up to ``most`` spaces whose colours are all in ``colours`` (all one colour if ``same_colour``)."""
    def ok(i: int, colour: str, path: tuple[Space, ...]) -> bool:
        return colour in colours and (not same_colour or not path or path[0].colour == colour)
    return routes(state, pid, ok, most)


def place(state: GameState, pid: str, code: str, route: Route, events: EventLog, rule: str = "") -> None:
    """Play ``code`` from the Active pile onto the track at the end of ``route`` (§6.3–6.4)."""
    p = state.players[pid]
    zones.take(p.active, code)
    p.track.append(Placed(code, route.ids, route.lane, route.progress))
    events.append(CubePlaced(pid, code, route.ids, rule))


def move_car(state: GameState, pid: str, spaces: tuple[str, ...], lane: int, progress: int, events: EventLog,
             rule: str = "") -> None:
    """Move ``pid``'s car through ``spaces`` to (lane, progress); the spaces count as moved through this turn when it
    is ``pid``'s turn (§11; a Box(er) bonus move of another player gives no wear, §20.5)."""
    p = state.players[pid]
    before = laps_done(state, pid)
    rows = progress - p.progress
    p.lane, p.progress = lane, progress
    t = state.turn
    if t is not None and t.car == pid:
        t.through.extend(spaces)
    dark = darkest(tuple(state.board.space_of(s).colour for s in spaces))
    assert dark is not None
    events.append(CarMoved(pid, spaces, spaces[-1], lane, rows, dark, rule))
    for lap in range(before + 1, laps_done(state, pid) + 1):
        events.append(LapCompleted(pid, lap, state.laps))


def car_phase(state: GameState, pid: str, events: EventLog) -> None:
    """Move the car to the last cube placed, through every space the cubes planned (§10)."""
    p = state.players[pid]
    if p.track:
        spaces = tuple(s for placed in p.track for s in placed.spaces)
        move_car(state, pid, spaces, p.track[-1].lane, p.track[-1].progress, events)


def darkest_through(state: GameState) -> str | None:
    """The darkest colour the car of the player whose turn it is moved through this turn (§11), None if it stayed."""
    t = state.turn
    if t is None or not t.through:
        return None
    return darkest(tuple(state.board.space_of(s).colour for s in t.through))
