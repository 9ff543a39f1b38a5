"""The step log with time travel: what every game's race keeps, and how it goes back to step N.

A game is a pure function of its initial state and the actions applied to it (chance goes through the seeded
generator stored in the state). So a race keeps its initial state and a list of :class:`Step` (one per action, plus
step 0 for the automatic opening steps), each with the events the action caused; views also want the visible position
after every event (a *frame*, for steppers and plots). Going back is replaying: :meth:`Replay.at` builds a race from
the initial state and applies the first ``n`` actions — or, in a game that can copy its position, from the copy the
race kept nearest before step ``n`` (one every K steps), and the frames are rebuilt one step at a time when a view asks
(:class:`Replay`, :class:`Frames`) rather than stored after every event.

A saved race is the same idea written down (a JSON envelope): its format, its initial state, its actions and its final
state. Loading reads the JSON object (:func:`read_json_object`), replays the actions (:func:`replay_actions`) and
compares the result with the saved final state (:func:`check_replayed`, :func:`first_difference` names the first
field where they disagree); each problem is a :class:`~racebook.core.errors.SaveDataError` naming the file and field.
What the envelope holds besides (a game's track, its state checks) is the game's (e.g. racebook.rf90.saves).

Standard library only.
"""

from __future__ import annotations

import bisect
import json
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from racebook.core.actions import Action
from racebook.core.datafile import parse_json
from racebook.core.errors import EngineError, RacebookError, SaveDataError
from racebook.core.events import Event
from racebook.core.fields import kind_of
from racebook.core.frozen import fast_init

A = TypeVar("A", bound=Action)
F = TypeVar("F")
R = TypeVar("R", bound="Replay[Any, Any]")


class EventLog(list):  # type: ignore[type-arg]  # a list of events (subclassed by the games' logs)
    """An event list that also records a frame after every event when given a ``snapshot`` function.

    Without one, ``append`` is the list's own (the rules append several events a turn: no Python call between)."""

    def __init__(self, snapshot: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.frames: list[Any] = []
        if snapshot is not None:
            self.append = self._append_recording  # type: ignore[method-assign]

    def _append_recording(self, event: Event) -> None:
        list.append(self, event)
        assert self.snapshot is not None
        self.frames.append(self.snapshot())


@dataclass(frozen=True, slots=True)
class Step(Generic[A, F]):
    """One entry of the log: the action (None for the opening automatic steps) and its events.

    ``frames[i]`` is the position right after ``events[i]`` when the game stores frames with its steps (empty when
    frames are off, and in a game that derives them on demand: read :meth:`Replay.step_frames` for either)."""

    index: int
    action: A | None
    events: tuple[Event, ...]
    frames: tuple[F, ...] = ()


fast_init(Step)  # one per action applied: the slot-storing constructor (racebook.core.frozen)


class Frames(Sequence[F]):
    """The frames of a whole race, one per event, derived step by step on demand (:meth:`Replay.step_frames`):
    what ``race.frames`` is for a game that keeps snapshots instead of a frame per event. Indexing finds the step
    of the event (a bisection over the steps' event counts, computed once); iterating walks the race forward once.
    Compares equal to any sequence of the same frames (e.g. the list ``frames`` used to be)."""

    def __init__(self, race: Replay[Any, F]) -> None:
        self.race = race
        self.starts: list[int] = []  # starts[i]: the index of step i's first event
        n = 0
        for st in race.steps:
            self.starts.append(n)
            n += len(st.events)
        self.size = n

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> F: ...

    @overload
    def __getitem__(self, i: slice) -> list[F]: ...

    def __getitem__(self, i: int | slice) -> F | list[F]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("frame index out of range")
        step = bisect.bisect_right(self.starts, i) - 1  # the last step starting at or before i: it holds event i
        return self.race.step_frames(step)[i - self.starts[step]]

    def __iter__(self) -> Iterator[F]:
        for i in range(len(self.starts)):
            yield from self.race.step_frames(i)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.size} frames of {len(self.starts)} steps, derived on demand>"


class Replay(Generic[A, F]):
    """Time travel for a game that keeps ``steps`` and can start afresh from its initial state (:meth:`_fresh`).

    A game that can also copy its current position (:meth:`_copy_position`) and resume from a copy
    (:meth:`_resume`) sets :attr:`snapshot_every` (K): a race that keeps its frames (``record_frames``) then keeps a
    copy of its position every K steps instead of a frame after every event, and

    * :meth:`at` starts from the nearest kept copy at or before the step and replays at most K - 1 actions, so a
      click back costs the same at any point of any race (O(1) in the race's length);
    * :meth:`step_frames` (and ``frames``) rebuild the frames of one step when a view asks for them, by replaying
      that step from the position before it; the last few steps asked are cached, and a walk forward replays each
      step once (a game whose frames are small stores them with their steps instead: ``frames_on_demand = False``).

    The copies are taken by the race itself as it is played, just before the action after a multiple of K is
    applied (:meth:`_keep_position`), so a change made to the position between two actions before that point is in
    the copy; a change made outside ``apply`` after it is not, and cannot be replayed — rebuilding frames then
    raises rather than show other positions than the race had. A race without frames keeps no copies: its
    :meth:`at` replays from the start, as every game without copies does.

    The games' races build on it through :class:`racebook.core.game.Race` (apply, explain, rewind, clone, saves).
    """

    steps: list[Step[A, F]]
    record_frames: bool
    snapshot_every: int = 0  # K: keep a copy of the position every K steps (0: the game cannot copy positions)
    frames_on_demand: bool = True  # rebuild frames from the kept copies (False: frames stored with their steps)
    frames_cached: int = 16  # how many steps' rebuilt frames a race keeps (the last asked)
    _log_frames: bool = False  # store a frame after every event in the steps being logged (a rebuilding replay)
    _snaps: dict[int, Any] | None = None  # step index -> a copy of the position right after that step (never played)
    _frame_cache: OrderedDict[int, tuple[F, ...]] | None = None
    _cursor: Replay[A, F] | None = None  # the replay that rebuilt the last frames, right after that step
    _legal_cache: tuple[Any, list[A]] | None = None  # (position key, the legal actions listed there)

    def apply(self, action: A) -> tuple[Event, ...]:
        raise NotImplementedError

    def _list_legal(self) -> list[A]:
        """List the actions legal now (the game's one listing)."""
        raise NotImplementedError

    def _position_key(self) -> Any:
        """What the legal actions depend on between two listings; by default the number of steps (a game whose
        decisions change within a step, or without a step, says more)."""
        return len(self.steps)

    def _legal_now(self) -> list[A]:
        """The legal actions of this position, listed once: a click's ``apply`` reuses the list its buttons were
        drawn from, and ``explain`` reuses it too. ``apply`` (and its rewind) drops the cache."""
        key = self._position_key()  # the listing changes nothing, so the key before it is the key after it
        cached = self._legal_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        legal = self._list_legal()
        self._legal_cache = (key, legal)
        return legal

    def apply_recorded(self, action: A) -> tuple[Event, ...]:
        """Apply an action read from a record (a replay, a save); a game may check it more cheaply than
        :meth:`apply` (same rule, same error). By default this is :meth:`apply`."""
        return self.apply(action)

    def _fresh(self: R, frames: bool) -> R:
        """A new race of the same game from this one's initial state (no action applied)."""
        raise NotImplementedError

    def _copy_position(self) -> Any:
        """An independent copy of the current position (machine states included), to resume from later."""
        raise NotImplementedError

    def _resume(self: R, position: Any, steps: list[Step[A, F]], frames: bool) -> R:
        """A new race at a copy of ``position``, the position right after the last of ``steps`` (its past)."""
        raise NotImplementedError

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    @property
    def keeps_positions(self) -> bool:
        """True when this race keeps a copy of its position every :attr:`snapshot_every` steps (a race with frames,
        of a game that can copy positions; not a replay rebuilding frames)."""
        return bool(self.snapshot_every and self.record_frames and not self._log_frames)

    @property
    def derives_frames(self) -> bool:
        """True when this race's frames are rebuilt on demand from its kept positions (not stored per event)."""
        return self.frames_on_demand and self.keeps_positions

    @property
    def frames(self) -> Sequence[F]:
        """The position after every event (empty when frames are off): a list of the stored frames, or a
        :class:`Frames` sequence that rebuilds them on demand."""
        if self.derives_frames:
            return Frames(self)
        return [f for s in self.steps for f in s.frames]

    @property
    def actions(self) -> list[A]:
        return [s.action for s in self.steps if s.action is not None]

    @property
    def snapshots(self) -> list[int]:
        """The steps after which this race keeps a copy of its position (every :attr:`snapshot_every` steps)."""
        return sorted(self._snaps or ())

    def _keep_position(self) -> None:
        """Called by the game's ``apply`` once the action is found legal, before the position changes: a race that
        keeps frames copies the position after every K-th step (see the class docstring)."""
        j = len(self.steps) - 1
        if self.keeps_positions and j % self.snapshot_every == 0:
            if self._snaps is None:
                self._snaps = {}
            if j not in self._snaps:
                self._snaps[j] = self._copy_position()

    def at(self: R, n: int, frames: bool | None = None) -> R:
        """A new race at step ``n``: the first ``n`` actions applied (as ``actions[:n]``); ``frames`` defaults to this
        race's. It starts from this race's copy of its position nearest before step ``n`` (its current position
        included), replaying at most ``snapshot_every - 1`` actions; without copies, from the initial state."""
        frames = self.record_frames if frames is None else frames
        last = len(self.steps) - 1
        k = len(range(last)[:n])  # the number of actions to apply, sliced as actions[:n] is
        start = self._nearest(k)
        if start is None:
            r = self._fresh(frames)
            j = 0
        elif start == last:
            r = self._resume(self._copy_position(), self.steps, frames)
            j = last
        else:
            j = start
            r = self._resume(self._snaps[j], self.steps[:j + 1], frames)  # type: ignore[index]
        if start is not None and frames and self._snaps:  # the copies of the shared past serve the new race too
            r._snaps = {s: p for s, p in self._snaps.items() if s <= j}
        for st in self.steps[j + 1:k + 1]:
            r.apply_recorded(st.action)  # type: ignore[arg-type]
        return r

    def _nearest(self, k: int) -> int | None:
        """The step nearest at or before ``k`` whose position this race can copy (the last step is its current
        position), or None."""
        if not self.snapshot_every:
            return None
        last = len(self.steps) - 1
        if k == last and self.record_frames:
            return last
        snaps = self._snaps or {}
        j = k - k % self.snapshot_every
        while j >= 0 and j not in snaps:
            j -= self.snapshot_every
        return j if j >= 0 else None

    def replay(self: R, n: int, frames: bool = False) -> R:
        """A new race replayed from the initial state through the first ``n`` actions (no kept copy used): what
        the actions alone give, e.g. to tell whether the position was changed outside ``apply``."""
        r = self._fresh(frames)
        for a in self.actions[:n]:
            r.apply_recorded(a)
        return r

    # ------------------------------------------------------------------ frames rebuilt on demand
    def step_frames(self, i: int) -> tuple[F, ...]:
        """The frames of step ``i`` (the position after each of its events): stored, or rebuilt by replaying step
        ``i`` from the position before it (:meth:`at`), then cached. Raises :class:`EngineError` if the replay does
        not give the step's logged events (the position was changed outside ``apply``)."""
        st = self.steps[i]
        if not self.derives_frames or not st.events:
            return st.frames
        if self._frame_cache is None:
            self._frame_cache = OrderedDict()
        cache = self._frame_cache
        if i in cache:
            cache.move_to_end(i)
            return cache[i]
        frames = self._rebuild(i)
        cache[i] = frames
        while len(cache) > self.frames_cached:
            cache.popitem(last=False)
        return frames

    def _rebuild(self, i: int) -> tuple[F, ...]:
        st = self.steps[i]
        cur, self._cursor = self._cursor, None  # a replay that fails half-way is not kept
        if i == 0:
            r = self._fresh_logging()
        else:
            if cur is None or len(cur.steps) != i:  # the last rebuilt step's replay stands right after step i - 1
                cur = self.at(i - 1, frames=True)
                cur._log_frames = True
            r = cur
            try:
                r.apply_recorded(st.action)  # type: ignore[arg-type]
            except RacebookError as e:
                raise self._unreplayable(i, e) from None
        got = r.steps[-1] if i else r.steps[0]
        if got.events != st.events:
            raise self._unreplayable(i, None)
        self._cursor = r
        return got.frames

    def _fresh_logging(self: R) -> R:
        """A new race from the initial state that stores the frames of its opening step (step 0)."""
        raise NotImplementedError

    def _unreplayable(self, i: int, cause: BaseException | None) -> EngineError:
        why = f"it raised {type(cause).__name__}: {cause}" if cause else "it gives other events"
        return EngineError(self.steps[i].action, f"step {i}", ValueError(
            f"the frames of step {i} cannot be rebuilt by replaying it from the position before it ({why}); the "
            "position was changed outside apply"), restored=False)


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
    data = parse_json(text, file, SaveDataError, what, parse_constant=_reject_constant)
    if not isinstance(data, dict):
        raise SaveDataError(file, "<json>", f"{what} is a JSON object, not {kind_of(data)}")
    return data


def replay_actions(game: Any, actions: Sequence[str], parse: Callable[[str], Any], file: str) -> None:
    """Apply the saved action texts to ``game`` in order (:meth:`Replay.apply_recorded`, else ``apply``); the first
    that does not parse or is not legal is a SaveDataError at ``actions[i]``."""
    apply = getattr(game, "apply_recorded", game.apply)
    for i, a in enumerate(actions):
        try:
            apply(parse(a))
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
