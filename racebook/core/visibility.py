"""What one player may see: viewer-filtered views of a position and of the log, and sealed simultaneous decisions.

A board game hides things from some players: the cards in a hand, a bid laid face down, a choice written on a
secret dial. The engines keep everything (they must, to resolve the rules), so hiding is a *view*: a
:data:`Viewer` — one side (a player or car id) or :data:`TABLE` (everyone at once: only what is public) — and what
the game says is hidden from whom.

Two pieces, each small and game-agnostic (standard library only; a game supplies the content and cites its rules):

**Hidden things and the log** (:class:`Hidden`, :func:`hidden_from`, :func:`sees`, :class:`Secret`,
:func:`log_for`). A game lists what is hidden in a position as :class:`Hidden` items (``owner``, ``item``,
``where``: "Blue holds R42 in hand", "Red's face-down bid R07"); :func:`hidden_from` is the set of items one viewer
may not see (everything another side owns; for :data:`TABLE`, every hidden item). A log entry may be a secret of
one side until some later entry reveals it (a sealed bid is private until the reveal): the game says so with a
:class:`Secret` per entry, and :func:`log_for` shows the viewer each entry, or a :class:`SealedEntry` placeholder
("Red committed something") where it may not see it yet.

**Sealed rounds** (:class:`SealedRound`): simultaneous decisions. Every side of the round commits a hidden choice,
in any order; nothing is revealed until every side has committed; then :meth:`SealedRound.reveal` gives all the
choices together, in the round's fixed order of sides (never in commit order, so no commit order can change the
result). Committing before the round opens, twice, or as a side that is not in the round raises
:class:`~racebook.core.errors.IllegalAction` citing the rule the game passed to :meth:`SealedRound.open`; so does a
reveal before everyone has committed. :meth:`SealedRound.view` is what one viewer sees of the round: its own
choice, and of the others only *that* they have committed.

Who uses it:

* RF90's duel bids (§12.1: every participant lays 1–2 cards face down; all are turned over together):
  :class:`racebook.rf90.rules.duel.DuelCtx` holds its bids in a :class:`SealedRound`, and
  :mod:`racebook.rf90.visibility` lists the hands and face-down bids as :class:`Hidden` items.
* FormulaGP (the next game) is built on sealed decisions: **qualifying** (every driver secretly sets a lap
  choice; all are revealed together and ranked), **the race start** (every driver secretly picks a launch; all
  reveal at the lights) and **every battle** (the drivers in a battle each commit a hidden card or value; the
  battle resolves on the reveal). Each is one :class:`SealedRound` opened for the sides concerned, in the order
  the rules resolve them (grid order, position order); the game's ``legal_actions`` offers a commit to every side
  in :attr:`SealedRound.waiting`, its ``apply`` calls :meth:`SealedRound.commit`, and when
  :attr:`SealedRound.ready` it calls :meth:`SealedRound.reveal` and resolves. A screen for one player draws the
  position through :func:`hidden_from` and the log through :func:`log_for`, so a hot-seat or networked table
  never shows a sealed choice early.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from racebook.core.errors import IllegalAction

Side = Hashable  # a player id, a car id: whoever decides and owns hidden things


class Everyone(Enum):
    """The viewer who is every player at once: the table sees only what is public."""

    TABLE = "table"

    def __str__(self) -> str:
        return "the table"


TABLE = Everyone.TABLE
Viewer = Side | Everyone  # one side, or TABLE

S = TypeVar("S", bound=Hashable)  # a round's side type (str for car ids)
C = TypeVar("C")  # a round's choice type
E = TypeVar("E")


def sees(viewer: Viewer, owner: Side) -> bool:
    """Whether ``viewer`` may see what ``owner`` keeps hidden: only the owner itself (never :data:`TABLE`)."""
    return viewer is not TABLE and viewer == owner


@dataclass(frozen=True, slots=True)
class Hidden:
    """One hidden thing of a position: ``item`` (a card code, a chit), seen only by ``owner``; ``where`` says what
    kind of secret it is ("hand", "face-down bid"), for a view that shows how many."""

    owner: Side
    item: str
    where: str


def hidden_from(viewer: Viewer, hidden: Iterable[Hidden]) -> frozenset[str]:
    """The items ``viewer`` may not see: every hidden item another side owns (for :data:`TABLE`, every one)."""
    return frozenset(h.item for h in hidden if not sees(viewer, h.owner))


def masked(viewer: Viewer, items: Iterable[str], hidden: Iterable[Hidden], mask: str = "?") -> list[str]:
    """``items`` as ``viewer`` sees them: each hidden from it replaced by ``mask`` (the count stays visible)."""
    unseen = hidden_from(viewer, hidden)
    return [mask if i in unseen else i for i in items]


@dataclass(frozen=True, slots=True)
class Secret:
    """A log entry private to ``owner`` until the entry at index ``revealed_at`` (``None``: never revealed yet)."""

    owner: Side
    revealed_at: int | None = None


@dataclass(frozen=True, slots=True)
class SealedEntry:
    """What a viewer sees of a log entry it may not see yet: only that ``owner`` did something."""

    owner: Side

    def __str__(self) -> str:
        return f"{self.owner} commits a sealed choice"


def log_for(viewer: Viewer, entries: Sequence[E], secret: Callable[[int, E], Secret | None],
            upto: int | None = None) -> list[E | SealedEntry]:
    """The first ``upto`` entries of a log (all by default) as ``viewer`` sees them at that point.

    ``secret(i, entry)`` is the game's word on entry ``i``: ``None`` (public) or a :class:`Secret`. An entry is shown
    when it is public, when the viewer owns it, or when it is revealed at an entry within the shown part of the log;
    otherwise a :class:`SealedEntry` stands in its place (the viewer knows that the side committed, not what)."""
    n = len(entries) if upto is None else upto
    out: list[E | SealedEntry] = []
    for i, entry in enumerate(entries[:n]):
        s = secret(i, entry)
        if s is None or sees(viewer, s.owner) or (s.revealed_at is not None and s.revealed_at < n):
            out.append(entry)
        else:
            out.append(SealedEntry(s.owner))
    return out


@dataclass(frozen=True, slots=True)
class Committed:
    """What a viewer sees of another side's sealed choice before the reveal: that it has committed, nothing more."""

    side: Side

    def __str__(self) -> str:
        return f"{self.side}: sealed"


class SealedRound(Generic[S, C]):
    """One round of simultaneous sealed decisions (see the module docstring).

    Life cycle: closed → :meth:`open` (the sides, in the order the reveal lists them, and the rule that governs the
    round) → :meth:`commit` by each side in any order → :attr:`ready` → :meth:`reveal` (closed again; a new round
    may open). The engine holds every choice (it must resolve them); only :meth:`view` filters them for a viewer.
    """

    __slots__ = ("_sides", "_choices", "_rule", "_revealed")

    def __init__(self) -> None:
        self._sides: tuple[S, ...] | None = None
        self._choices: dict[S, C] = {}
        self._rule = ""
        self._revealed: tuple[tuple[S, C], ...] = ()

    # -- state ---------------------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self._sides is not None

    @property
    def sides(self) -> tuple[S, ...]:
        """The sides of the open round, in reveal order (empty when closed)."""
        return self._sides or ()

    @property
    def waiting(self) -> tuple[S, ...]:
        """The sides still to commit, in the round's order (empty when closed)."""
        return tuple(s for s in self.sides if s not in self._choices)

    @property
    def committed(self) -> tuple[S, ...]:
        """The sides that have committed, in the round's order (not in commit order: that stays private too)."""
        return tuple(s for s in self.sides if s in self._choices)

    @property
    def ready(self) -> bool:
        """Every side of the open round has committed: :meth:`reveal` may run."""
        return self.is_open and not self.waiting

    @property
    def revealed(self) -> tuple[tuple[S, C], ...]:
        """The last round's choices as :meth:`reveal` gave them (empty before any reveal)."""
        return self._revealed

    # -- moves ---------------------------------------------------------------------------------------------
    def open(self, sides: Iterable[S], rule: str) -> None:
        """Open a round for ``sides`` (at least one, each once), under the game's ``rule`` citation."""
        order = tuple(sides)
        if self._sides is not None:
            raise IllegalAction(f"open {list(order)}", self._rule or rule,
                                f"a sealed round is already open for {list(self._sides)} (reveal it first)")
        if not order:
            raise IllegalAction("open []", rule, "a sealed round needs at least one side")
        if len(set(order)) != len(order):
            raise IllegalAction(f"open {list(order)}", rule, "a side is named twice in the sealed round")
        self._sides, self._choices, self._rule = order, {}, rule

    def commit(self, side: S, choice: C, action: object = None) -> None:
        """``side`` seals ``choice``. Refused (IllegalAction citing the round's rule; ``action`` is what the
        message quotes, by default ``commit SIDE``) when no round is open, the side is not in it, or it has
        already committed."""
        what = action if action is not None else f"commit {side}"
        if self._sides is None:
            raise IllegalAction(what, self._rule or "sealed round", "no sealed round is open")
        if side not in self._sides:
            raise IllegalAction(what, self._rule, f"{side} is not in this sealed round (its sides: "
                                f"{', '.join(str(s) for s in self._sides)})")
        if side in self._choices:
            raise IllegalAction(what, self._rule, f"{side} has already committed its sealed choice")
        self._choices[side] = choice

    def reveal(self) -> tuple[tuple[S, C], ...]:
        """Every side's choice, together, in the round's order; closes the round. Before every side has
        committed: IllegalAction naming who is still to commit."""
        if self._sides is None:
            raise IllegalAction("reveal", self._rule or "sealed round", "no sealed round is open")
        if self.waiting:
            raise IllegalAction("reveal", self._rule, "not every side has committed: still to commit "
                                + ", ".join(str(s) for s in self.waiting))
        self._revealed = tuple((s, self._choices[s]) for s in self._sides)
        self._sides, self._choices = None, {}
        return self._revealed

    # -- views ---------------------------------------------------------------------------------------------
    def view(self, viewer: Viewer) -> dict[S, C | Committed]:
        """What ``viewer`` sees of the open round: its own choice if it has committed, :class:`Committed` for every
        other side that has (never the choice), nothing for a side still to commit."""
        return {s: (self._choices[s] if sees(viewer, s) else Committed(s)) for s in self.committed}

    def choice(self, side: S) -> C | None:
        """The engine's (unfiltered) look at one side's sealed choice; None if it has not committed."""
        return self._choices.get(side)

    def choices(self) -> Mapping[S, C]:
        """The engine's (unfiltered) look at every committed choice, in the round's order."""
        return {s: self._choices[s] for s in self.committed}

    def copy(self) -> SealedRound[S, C]:
        """An independent round in the same state (choices are values: shared, not copied)."""
        r: SealedRound[S, C] = SealedRound()
        r._sides, r._choices, r._rule, r._revealed = self._sides, dict(self._choices), self._rule, self._revealed
        return r

    def __deepcopy__(self, memo: dict[int, object]) -> SealedRound[S, C]:
        r: SealedRound[S, C] = SealedRound()
        r._sides, r._rule = self._sides, self._rule
        r._choices = _copy.deepcopy(self._choices, memo)
        r._revealed = _copy.deepcopy(self._revealed, memo)
        return r

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SealedRound):
            return NotImplemented
        return (self._sides, self._choices, self._rule, self._revealed) == (
            other._sides, other._choices, other._rule, other._revealed)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        if self._sides is None:
            return "<SealedRound closed>"
        return f"<SealedRound {self._rule}: committed {list(self.committed)}, waiting {list(self.waiting)}>"
