"""The step log with time travel: what every game's race keeps, and how it goes back to step N.

A game is a pure function of its initial state and the actions applied to it (chance goes through the seeded
generator stored in the state). So a race keeps its initial state and a list of :class:`Step` (one per action, plus
step 0 for the automatic opening steps), each with the events the action caused and, optionally, a snapshot of the
visible position after every event (a *frame*, for steppers and plots). Going back is replaying:
:meth:`Replay.at` builds a fresh race from the initial state and applies the first ``n`` actions.

A saved race is the same idea written down: its initial state, its actions and its final state; loading replays the
actions and :func:`first_difference` names the first field where the replay and the save disagree.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from racebook.core.actions import Action
from racebook.core.events import Event

A = TypeVar("A", bound=Action)
F = TypeVar("F")
R = TypeVar("R", bound="Replay[Any, Any]")


class EventLog(list):  # type: ignore[type-arg]  # a list of events (subclassed by the games' logs)
    """An event list that also records a frame after every event when given a ``snapshot`` function."""

    def __init__(self, snapshot: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.frames: list[Any] = []

    def append(self, event: Event) -> None:
        super().append(event)
        if self.snapshot is not None:
            self.frames.append(self.snapshot())


@dataclass(frozen=True, slots=True)
class Step(Generic[A, F]):
    """One entry of the log: the action (None for the opening automatic steps) and its events.

    ``frames[i]`` is the position right after ``events[i]`` (empty when frames are off).
    """

    index: int
    action: A | None
    events: tuple[Event, ...]
    frames: tuple[F, ...] = ()


class Replay(Generic[A, F]):
    """Time travel for a game that keeps ``steps`` and can start afresh from its initial state (:meth:`_fresh`)."""

    steps: list[Step[A, F]]
    record_frames: bool

    def apply(self, action: A) -> tuple[Event, ...]:
        raise NotImplementedError

    def _fresh(self: R, frames: bool) -> R:
        """A new race of the same game from this one's initial state (no action applied)."""
        raise NotImplementedError

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    @property
    def frames(self) -> list[F]:
        return [f for s in self.steps for f in s.frames]

    @property
    def actions(self) -> list[A]:
        return [s.action for s in self.steps if s.action is not None]

    def at(self: R, n: int, frames: bool | None = None) -> R:
        """A new race replayed from the start up to step ``n`` (time travel by replay); ``frames`` defaults to
        this race's."""
        r = self._fresh(self.record_frames if frames is None else frames)
        for a in self.actions[:n]:
            r.apply(a)
        return r


def first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where two JSON values differ: ``(dotted path, a's value, b's value)``, or None if equal
    (types count: ``1`` is not ``1.0`` nor ``True``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}", a.get(k, "(nothing)"), b.get(k, "(nothing)")
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path, a, b
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    if a != b or type(a) is not type(b):
        return path, a, b
    return None
