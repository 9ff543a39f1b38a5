"""A race position told in words, for the notebooks' printed lines (issue 19: outputs are sentences or tables,
never a raw Race Position Notation string). Nothing here decides anything: the order in each section, the leader,
the laps down and the cars off track are the state's own (:meth:`racebook.rf90.state.RaceState.cars_in`,
``off_track_at``, ``leader``, ``laps_down``)."""

from __future__ import annotations

from racebook.rf90.car import Status
from racebook.rf90.state import RaceState


def _car(state: RaceState, cid: str) -> str:
    notes = []
    if cid == state.leader:
        notes.append("leader")
    down = state.laps_down(cid)
    if down:
        notes.append(f"{down} lap{'s' if down > 1 else ''} down")
    return f"{cid} ({', '.join(notes)})" if notes else cid


def in_words(state: RaceState) -> str:
    """The position in one line: the places with cars, frontmost first, each with its cars front to back as they sit
    on the board (a backmarker not yet lapped is ahead of the leader in his section; a car off track waits beside
    its re-entry section, §18.5):
    ``Game Turn 5 — E: Blue (leader) · G: Orange, Green · I: Yellow · D: Purple``."""
    rank: dict[tuple[str, bool], tuple[int, int, int]] = {}  # (section, off track) -> its frontmost car's place
    for car in state.cars.values():
        if car.status is Status.RACING and car.section:
            off = car.off_track is not None
            place = (car.lap, state.track.index_of(car.section), 0 if off else 1)
            rank[car.section, off] = max(rank.get((car.section, off), place), place)
    parts = []
    for section, off in sorted(rank, key=rank.__getitem__, reverse=True):
        cars = state.off_track_at(section) if off else state.cars_in(section)
        where = f"off track beside {section}" if off else section
        parts.append(f"{where}: {', '.join(_car(state, c) for c in cars)}")
    return f"Game Turn {state.turn} — {' · '.join(parts)}"
