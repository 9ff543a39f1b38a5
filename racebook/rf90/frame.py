"""Frames: the visible position right after an event (§11 views), what the stepper and the track view draw.

A race does not store them: it keeps a copy of its position every few steps and rebuilds the frames of a step when a
view asks, replaying that step with a :class:`FrameLog` (:meth:`racebook.core.log.Replay.step_frames`).
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.log import EventLog
from racebook.rf90.state import Activation, RaceState


@dataclass(frozen=True, slots=True)
class Frame:
    """The visible position right after one event: what the track view draws (§11 views)."""

    order: dict[str, tuple[str, ...]]
    laps_down: dict[str, int]
    leader: str | None
    activation: Activation | None
    played: frozenset[str]
    trajectories: dict[str, str]
    turn: int
    weather: int
    off_track: dict[str, str]  # car -> section beside whose re-entry point it waits (§18.5)
    out: dict[str, str]  # car -> status for retired / out-of-fuel cars (§18.6, §13.A.3)
    sc: str | None = None  # the Safety Car's section while it is out (§21)


def frame_of(state: RaceState) -> Frame:
    """The frame of ``state`` now."""
    order = {k: tuple(v) for k, v in state.order.items() if v}
    off = {c.id: c.off_track for c in state.cars.values() if c.off_track and c.on_track}
    cars = [c for lst in order.values() for c in lst if c in state.cars] + list(off)
    return Frame(order, {c: state.laps_down(c) for c in cars}, state.leader, state.activation,
                 frozenset(c for c in cars if state.cars[c].played),
                 {c: state.cars[c].trajectory for c in cars if state.cars[c].trajectory},  # type: ignore[misc]
                 state.turn, state.weather, off,  # type: ignore[arg-type]
                 {c.id: c.status.value for c in state.cars.values() if not c.on_track}, state.sc)


class FrameLog(EventLog):
    """An event list that also records a Frame after every event when ``record`` (a replay rebuilding frames)."""

    def __init__(self, state: RaceState, record: bool) -> None:
        super().__init__((lambda: frame_of(state)) if record else None)
        self.state = state
        self.record = record
