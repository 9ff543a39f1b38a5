"""Which tiles the picture frames: the tiles of the current step (the car to play, the spaces its turn, or the last
turn, went through, with a tile of margin), or the whole circuit.

A race's last move is read from its event log (the events' position fields ``frm``, ``to``, ``at``: "views read
the fields, never the sentence"), back to the start of the latest turn in which a car moved; a bare state gives the
spaces its turn in progress has left (``Turn.seen``). A car to play in the pits, or one that went into them this
round, brings the pit lane's tiles in. The run, its margins and its limits are :func:`racebook.core.framing.run`,
shared with RF90's view. No engine module is imported. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from racebook.core import framing
from racebook.formulagp.track import Track

MARGIN = 1  # tiles shown before and after what the step covered
LEAST = 5  # the fewest tiles a framed picture shows
MOST = 13  # a step spread wider than this: the car to play and what follows it instead
LOOK_BACK = 80  # the most steps read back for the last move
POSITION_FIELDS = ("to", "at", "frm")  # newest first within an event
IN_PITS = ("box", "held", "service", "done", "exit")


def tile_of(track: Track, text: str) -> int | None:
    """The tile index a position (``T06.1.1``) or tile id (``T06``) names, None for any other text."""
    head = text.split(".", 1)[0].split("/", 1)[0]
    try:
        return track.tile(head).index
    except KeyError:
        return None


def last_move(race: Any) -> list[str]:
    """The positions the latest turn with a move went through (its start, each step, its stop), newest first: the
    events of the car that moved last, back to the start of its turn."""
    found: list[str] = []
    who = ""
    for step in reversed(race.steps[-LOOK_BACK:]):
        for e in reversed(step.events):
            car = getattr(e, "car", None)
            if not who:
                if not isinstance(getattr(e, "to", None), str):
                    continue
                who = str(car)
            if car != who:
                continue
            found += [v for v in (getattr(e, f, None) for f in POSITION_FIELDS) if isinstance(v, str)]
            if type(e).__name__ == "TurnStarted":
                return found
    return found


def focus(state: Any, mover: str | None, moved: Iterable[str] = ()) -> list[int]:
    """The tile indices to frame, in race order: the car to play's tile and the tiles of ``moved`` (position
    texts) with :data:`MARGIN`, at least :data:`LEAST` tiles; wider than :data:`MOST`, the car to play's tile and
    what lies ahead of it."""
    track: Track = state.track
    n = len(track.tiles)
    tiles: set[int] = set()
    home: int | None = None
    car = state.cars.get(mover) if mover else None
    if car is not None:
        home = track.pit_exit if car.pit in IN_PITS else car.pos.tile
        tiles.add(home)
        if car.pit in IN_PITS:  # in the pit lane: its boxes lie between the entry and the exit
            tiles.add(track.pit_entry)
    for c in state.cars.values():  # a car that went into the pits this round: the pit lane, its box included
        if c.pit in IN_PITS and getattr(c, "pit_round", 0) == state.round and c.pit != "exit" and moved:
            tiles |= {track.pit_entry, track.pit_exit}
    turn = getattr(state, "turn", None)
    for seen in getattr(turn, "seen", ()) or ():
        tiles.add(seen[0])
    for text in moved:
        t = tile_of(track, text)
        if t is not None:
            tiles.add(t)
    if not tiles:  # nobody to play (the race is over): the leader
        lead = max(state.cars.values(), key=lambda c: (c.lap, c.pos.tile))
        tiles.add(lead.pos.tile)
        home = lead.pos.tile
    # the run, its margins, at least LEAST tiles; too wide: the car to play alone (in the pits: the pit lane, from
    # the entry to the exit, where its box and its token are) -- the arithmetic every game's framing shares
    homes: set[int] = set()
    if home is not None:
        homes = {home, track.pit_entry} if car is not None and car.pit in IN_PITS else {home}
    return framing.run(tiles, n, margin=MARGIN, least=LEAST, most=MOST, home=homes)
