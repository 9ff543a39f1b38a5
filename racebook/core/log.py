"""The step log with time travel: what every game's race keeps, and how it goes back to step N.

A game is a pure function of its initial state and the actions applied to it (chance goes through the seeded
generator stored in the state). So a race keeps its initial state and a list of :class:`Step` (one per action, plus
step 0 for the automatic opening steps), each with the events the action caused and, optionally, a snapshot of the
visible position after every event (a *frame*, for steppers and plots). Going back is replaying:
:meth:`Replay.at` builds a fresh race from the initial state and applies the first ``n`` actions.

A saved race is the same idea written down (a JSON envelope): its format, its initial state, its actions and its final
state. Loading reads the JSON object (:func:`read_json_object`), replays the actions (:func:`replay_actions`) and
compares the result with the saved final state (:func:`check_replayed`, :func:`first_difference` names the first
field where they disagree); each problem is a :class:`~racebook.core.errors.SaveDataError` naming the file and field.
What the envelope holds besides (a game's track, its state checks) is the game's (e.g. racebook.rf90.saves).

Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from racebook.core.actions import Action
from racebook.core.errors import RacebookError, SaveDataError
from racebook.core.events import Event
from racebook.core.fields import kind_of

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


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a race can hold")


def read_json_object(text: Any, file: str, what: str = "a saved race") -> dict[str, Any]:
    """The JSON object in ``text`` (``NaN`` and ``Infinity`` refused); else a SaveDataError at ``<json>``."""
    if not isinstance(text, str):
        raise SaveDataError(file, "<json>", f"{what} is JSON text, not {kind_of(text)}")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
        raise SaveDataError(file, "<json>", f"not {what}: {e}") from None
    if not isinstance(data, dict):
        raise SaveDataError(file, "<json>", f"{what} is a JSON object, not {kind_of(data)}")
    return data


def replay_actions(game: Any, actions: Sequence[str], parse: Callable[[str], Any], file: str) -> None:
    """Apply the saved action texts to ``game`` in order; the first that does not parse or is not legal is a
    SaveDataError at ``actions[i]``."""
    for i, a in enumerate(actions):
        try:
            game.apply(parse(a))
        except RacebookError as e:
            raise SaveDataError(file, f"actions[{i}]", f"{a!r:.80}: {e}") from None


def check_replayed(got: Any, saved: Any, file: str, path: str = "final") -> None:
    """The replayed state ``got`` (a JSON-able value) must equal the ``saved`` one; else a SaveDataError at the first
    differing field."""
    diff = first_difference(json.loads(json.dumps(got)), saved, path)
    if diff is not None:
        where, mine, theirs = diff
        raise SaveDataError(file, where, f"replaying the saved actions gives {mine!r:.60}, the save says "
                                         f"{theirs!r:.60} (the save is altered or was made by another engine)")
