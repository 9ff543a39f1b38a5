"""The race every game plays: one state API — ``legal_actions()``, ``explain(action)``, ``apply(action)``,
``clone()``, ``at(n)``, ``to_json()`` — written once, with the game's own flow plugged in through a few hooks.

A :class:`Race` holds the game's position (``state``), its initial state and the append-only step log with time
travel (:class:`racebook.core.log.Replay`: ``steps``, ``events``, ``frames``, ``actions``, ``at(n)``). What it adds:

* **one listing per position**: ``legal_actions()`` lists once per position (:meth:`Replay._legal_now`, keyed by
  :meth:`Replay._position_key`) and ``apply`` and ``explain`` reuse that list; a copy is returned, so a caller cannot
  change it. A position changed outside ``apply`` (a test, a lesson setting up a case) calls :meth:`Race.refresh`.
* **atomic apply without copies**: while actions succeed nothing is copied. An action that raises half-way (an
  engine bug, or a typed error mid-step) rewinds the race (:meth:`Race._rewind`): the game is a pure function of its
  initial state and its actions (chance is the seeded generator in the state), so the position before the action
  is rebuilt by replaying the logged actions from the nearest kept position (or the initial state), and moved into
  the race's own state objects (whoever holds them sees the restored values). A raw exception becomes
  :class:`~racebook.core.errors.EngineError` naming the action and the position; a racebook error propagates as it
  is. If the replay fails or its events differ from the log, the state was changed outside ``apply``: the error says
  the race could not be restored.
* **kept positions**: a race that keeps frames copies its position every :attr:`Replay.snapshot_every` (K) actions,
  so ``at(n)`` — a click back in a stepper — replays at most K − 1 actions wherever it is in the race.
* ``clone()`` (a copy of the position, the past shared), ``to_json()`` / ``from_json()`` through the game's codec
  (:class:`Codec`: its saves module), and ``_repr_svg_()`` through the game's drawing (:meth:`Race._svg`).

How a game plugs in (docs/engine.md): subclass ``Race[ActionType, FrameType, StateType]``, build step 0 in
``__init__`` (its opening automatic steps) and implement the hooks —

=====================  ==============================================================================================
``_parse_text``        the game's action parser (text -> action); ``action_type`` and ``example_action`` for errors
``_list_legal``        every legal action now (the one listing)
``_step``              apply a legal action and run the automatic steps after it, appending events to the log
``_refusal``           the verdict (rule and reason) on an action that is not legal now
``_legal_rule``        the rule cited for a legal action now
``_new_log``           the event log of one step (with a frame after every event when frames are recorded)
``_fresh``             a new race from the initial state
``_restore``           (optional) move a replayed position into this race's own objects, in place
``_allows``            (optional) check a recorded action more cheaply than listing everything
``_position_key``      (optional) what the listing depends on besides the number of steps
``codec``, ``_svg``    the saves module; the SVG drawing (None: no picture)
``position``           the position as one line of text (errors, ``repr``)
=====================  ==============================================================================================

The state must offer ``copy()`` (an independent copy; immutable data may be shared). Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError, EngineError, RacebookError
from racebook.core.events import Event
from racebook.core.log import EventLog, Replay, Step
from racebook.core.verdict import Verdict

A = TypeVar("A", bound=Action)
F = TypeVar("F")
S = TypeVar("S", bound="Position")
R = TypeVar("R", bound="Race[Any, Any, Any]")


class Position(Protocol):
    """What a game's state offers the race: an independent copy of itself, and whether the race is over."""

    finished: bool

    def copy(self) -> Any: ...


class Codec(Protocol):
    """A game's saves (e.g. :mod:`racebook.rf90.saves`, :mod:`racebook.automobiles.saves`): a race as JSON text and
    back (every problem a :class:`~racebook.core.errors.SaveDataError` naming ``file``)."""

    def dumps(self, race: Any) -> str: ...

    def loads(self, text: Any, file: str = ..., frames: bool = ...) -> Any: ...


def move_contents(mine: Mapping[Any, Any], theirs: dict[Any, Any]) -> None:
    """Put the contents of ``theirs``' objects into ``mine``'s objects of the same key, and those objects into
    ``theirs`` (so a restored state keeps the objects views and callers hold: a car, a player)."""
    for key, obj in theirs.items():
        own = mine.get(key)
        if own is not None and own is not obj:
            vars(own).clear()
            vars(own).update(vars(obj))
            theirs[key] = own


def listed(action: object, legal: list[Any]) -> bool:
    """Is ``action`` in the listing ``legal``? The same answer as ``in``, the listed object itself found first by
    identity (a widget's click, a recorded action of the same process): ``in`` compares it, field by field, with
    every action listed before it."""
    for a in legal:
        if a is action:
            return True
    return action in legal


class Race(Replay[A, F], Generic[A, F, S]):
    """A race being played: the game's position (``state``) and its step log. See the module docstring."""

    #: copy the position every K steps when frames are kept (``at(n)`` replays at most K - 1 actions)
    snapshot_every = 32
    #: True: frames are rebuilt on demand from the kept positions (RF90: a frame is big); False: a frame is stored
    #: after every event in its step (Automobiles: a frame is small)
    frames_on_demand = False
    #: the game's action class (what ``apply`` accepts besides a text) and an example text for the error message
    action_type: ClassVar[type[Action]] = Action
    example_action: ClassVar[str] = ""
    #: the instance attributes a copy of the race shares with it (immutable: the initial state, a prelude…)
    shared: ClassVar[tuple[str, ...]] = ("_initial",)

    state: S
    _initial: Any

    # ------------------------------------------------------------------ hooks (see the module docstring)
    @classmethod
    def _parse_text(cls, text: str) -> A:
        raise NotImplementedError

    @classmethod
    def codec(cls) -> Codec:
        """The game's saves module (imported when asked: it imports the game)."""
        raise NotImplementedError

    def _step(self, action: A, events: EventLog) -> None:
        raise NotImplementedError

    def _refusal(self, action: A, legal: list[A]) -> Verdict:
        raise NotImplementedError

    def _legal_rule(self) -> str:
        raise NotImplementedError

    def _new_log(self) -> EventLog:
        raise NotImplementedError

    def _svg(self) -> str | None:
        return None

    def position(self) -> str:
        raise NotImplementedError

    def _allows(self, action: A) -> bool:
        """Is ``action`` legal now (a recorded action: a replay, a save)? By default: in the listing."""
        return action in self._legal_now()

    def _restore(self, replayed: S) -> None:
        """Make this race's state the ``replayed`` position, in place (the state object stays the same)."""
        vars(self.state).clear()
        vars(self.state).update(vars(replayed))

    # ------------------------------------------------------------------ the API
    @property
    def is_over(self) -> bool:
        return self.state.finished

    def legal_actions(self) -> list[A]:
        """Every action legal now; the single source of truth for ``apply`` and ``explain``. Listed once per
        position (the race's cache; :meth:`refresh` after changing the state outside ``apply``)."""
        return list(self._legal_now())

    def refresh(self) -> None:
        """Forget the listing of this position: for a state changed outside ``apply`` (a lesson, a test)."""
        self._legal_cache = None

    @classmethod
    def parse(cls, action: A | str) -> A:
        """The action given, or the action its text names (an :class:`ActionSyntaxError` if it names none)."""
        if isinstance(action, str):
            action = cls._parse_text(action)
        if not isinstance(action, cls.action_type):
            raise ActionSyntaxError(repr(action), "actions",
                                    f"not an action: give an Action or its text, e.g. {cls.example_action!r}")
        return action

    def explain(self, action: A | str) -> Verdict:
        """Is ``action`` (or its text) legal now, and if not why: the rule section and a sentence, from the game's
        rules (:meth:`_refusal`). Nothing is applied; text that does not parse raises as in :meth:`apply`."""
        action = self.parse(action)
        legal = self._legal_now()
        if action in legal:
            return Verdict(action, True, self._legal_rule(), f"{action} is legal now", tuple(legal))
        return self._refusal(action, legal)

    def apply(self, action: A | str) -> tuple[Event, ...]:
        """Apply one legal action (or its text); returns the events it caused. An action that is not legal raises
        the :class:`~racebook.core.errors.IllegalAction` of its :meth:`explain` verdict; a text that does not parse
        (or an object that is not an action) an :class:`ActionSyntaxError`. Both leave the race unchanged; so does
        a failure half-way (see the module docstring)."""
        action = self.parse(action)
        legal = self._legal_now()
        if not listed(action, legal):
            raise self._refusal(action, legal).error()
        return self._perform(action)

    def apply_recorded(self, action: A | str) -> tuple[Event, ...]:
        """Apply an action read from a record (``at(n)``, a save): checked by :meth:`_allows`, which a game may make
        cheaper than the whole listing; one it does not allow goes through :meth:`apply` (the same error as ever)."""
        action = self.parse(action)
        if not self._allows(action):
            return self.apply(action)
        return self._perform(action)

    def _perform(self, action: A) -> tuple[Event, ...]:
        """Apply ``action``, found legal: atomic (a failure half-way rewinds the race, :meth:`_rewind`)."""
        self._legal_cache = None
        self._keep_position()
        events = self._new_log()
        try:
            self._step(action, events)
        except BaseException as e:
            restored = self._rewind()
            if isinstance(e, RacebookError) and restored or not isinstance(e, Exception):
                raise
            raise EngineError(action, self._where(), e, restored) from e
        step: Step[A, F] = Step(len(self.steps), action, tuple(events), tuple(events.frames))
        self.steps.append(step)
        return step.events

    def _rewind(self) -> bool:
        """Put the race back to the position after its last logged step, after an action failed half-way.

        Costs nothing while actions succeed: the logged actions are replayed from the nearest kept position before
        (never the current one, which the failure left half-changed) or from the initial state, and the result is
        moved into this race's own state (:meth:`_restore`). Returns False, leaving the race as it is, if the replay
        fails or its events differ from this race's log: the state was changed other than through ``apply`` (an
        edit that leaves no trace in the log cannot be told apart, and is lost)."""
        n = len(self.steps) - 1
        snaps = self._snaps or {}
        j = max((s for s in snaps if s <= n), default=None)
        try:
            if j is None:
                j, r = 0, self._fresh(False)
            else:
                r = self._resume(snaps[j], self.steps[:j + 1], False)
            for st in self.steps[j + 1:]:
                r.apply_recorded(st.action)  # type: ignore[arg-type]
        except RacebookError:
            return False
        if [str(e) for st in self.steps[j + 1:] for e in st.events] != \
                [str(e) for st in r.steps[j + 1:] for e in st.events]:  # from the start: step 0 is not compared
            return False
        self._restore(r.state)
        self._legal_cache = None
        return True

    def _where(self) -> str:
        try:
            return self.position()
        except Exception as e:  # noqa: BLE001 - a half-applied state may not print
            return f"<the position cannot be printed: {type(e).__name__}: {e}>"

    # ------------------------------------------------------------------ copies
    def _copy_position(self) -> S:
        return self.state.copy()  # type: ignore[no-any-return]

    def _resume(self: R, position: Any, steps: list[Step[Any, Any]], frames: bool) -> R:
        """A new race at a copy of ``position`` (the position right after the last of ``steps``, its past)."""
        r = type(self).__new__(type(self))
        for name in self.shared:
            setattr(r, name, getattr(self, name))
        r.state = position.copy()
        r.record_frames = frames
        r.steps = list(steps)
        return r

    def clone(self: R) -> R:
        """An independent copy of this race at its current position, without replay: the state (the turn in
        progress, the generator) copied; the past steps (immutable) and the kept copies of past positions shared.
        Applying an action to one race leaves the other unchanged. (:meth:`at` goes back by replay.)"""
        r = self._resume(self.state, self.steps, self.record_frames)
        r._snaps = dict(self._snaps) if self._snaps else None
        return r

    # ------------------------------------------------------------------ saves, pictures
    def to_json(self) -> str:
        """The save of this race (the game's codec: its initial state, every action, its final state)."""
        return self.codec().dumps(self)

    @classmethod
    def from_json(cls: type[R], text: str, frames: bool = True, file: str = "<save>") -> R:
        """The race saved in ``text``, replayed to where it was saved; a damaged save raises a
        :class:`~racebook.core.errors.SaveDataError` naming ``file``, the field and why."""
        return cls.codec().loads(text, file, frames)  # type: ignore[no-any-return]

    def _repr_svg_(self) -> str | None:
        """The current position drawn as SVG (notebooks, GitHub, docs): the game's drawing (:meth:`_svg`)."""
        return self._svg()


AnyRace = Race[Any, Any, Any]
"""A race of any game: what game-agnostic views (racebook.ui) take."""
