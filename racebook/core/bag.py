"""A bag: a multiset of kinds drawn one at a time at random, with stacked draws and a refill policy.

Games draw tokens, discs or cubes "at random from the bag". A :class:`Bag` holds a count per kind (a mapping the
game's state owns: the bag reads and writes it in place, keeping no zero counts) and a fixed ``order`` of the kinds.
A draw is:

1. the next *stacked* kind, when a scenario stacked draws so that a book example replays exactly (it must be in the
   bag when drawn, else :class:`~racebook.core.errors.SetupError` citing the game's ``rule``);
2. otherwise one uniform draw through the state's seeded :class:`~racebook.core.rng.Rng`: ``rng.below(len(bag))``
   picks the i-th item of the bag laid out kind by kind in ``order`` (one generator call per draw, whatever the
   contents, so replays are exact);
3. with a *refill* (the game's rule: "when the bag is empty, the discards go back in"), an empty bag is first
   refilled from the pile the caller names; ``on_refill`` is told what comes back before it moves (for an event).

The bag cites no rule of its own: the game passes its citation (``rule``) and name. Users: RF90's damage bag
(:class:`racebook.rf90.damagebag.DamageBag`, red and brown wear tokens, §6.1) and each Automobiles player's Bag of
cubes (:func:`racebook.automobiles.rules.drawing.draw_one`, §12). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping, Sequence
from typing import Generic, TypeVar

from racebook.core.errors import SetupError
from racebook.core.rng import Rng

K = TypeVar("K", bound=Hashable)


def _name(kind: object) -> str:
    """A kind as the messages show it: an enum member by its value ("red"), anything else by ``str``."""
    return str(getattr(kind, "value", kind))


def _text(counts: Mapping[K, int], order: Sequence[K]) -> str:
    return " ".join(f"{_name(k)}×{counts[k]}" for k in order if counts.get(k)) or "empty"


class Bag(Generic[K]):
    """A multiset of kinds (``counts``, owned by the caller) drawn in a fixed ``order`` of kinds; ``stacked`` are the
    next draws, first drawn first. ``name`` and ``rule`` are what a refused stacked draw says."""

    __slots__ = ("counts", "order", "stacked", "name", "rule")

    def __init__(self, counts: MutableMapping[K, int], order: Sequence[K], stacked: list[K] | None = None, *,
                 name: str = "the bag", rule: str) -> None:
        self.counts = counts
        self.order = order
        self.stacked: list[K] = stacked if stacked is not None else []
        self.name = name
        self.rule = rule

    def __len__(self) -> int:
        return sum(self.counts.values())

    def count(self, kind: K) -> int:
        return self.counts.get(kind, 0)

    def add(self, kind: K, n: int = 1) -> None:
        """Put ``n`` of ``kind`` into the bag."""
        if n:
            self.counts[kind] = self.counts.get(kind, 0) + n

    def take(self, kind: K, n: int = 1) -> None:
        """Take ``n`` of ``kind`` out (the caller checked they are there: an engine bug otherwise)."""
        have = self.counts.get(kind, 0)
        if have < n:
            raise RuntimeError(f"{self.name} holds {have} {kind}, cannot take {n}")
        if have == n:
            del self.counts[kind]
        else:
            self.counts[kind] = have - n

    def stack(self, kinds: Iterable[K]) -> None:
        """The next draws, in order (checked when drawn: a stacked kind must be in the bag then)."""
        self.stacked.extend(kinds)

    def refill(self, pile: MutableMapping[K, int]) -> None:
        """Everything in ``pile`` goes into the bag (in the pile's order); the pile is left empty."""
        for k, n in list(pile.items()):
            self.add(k, n)
        pile.clear()

    def pick(self, rng: Rng) -> K | None:
        """The kind the next draw takes, without taking it: the next stacked one (removed from the stack; refused
        with SetupError if it is not in the bag), else a uniform one by ``rng``; None when the bag is empty."""
        if self.stacked:
            kind = self.stacked.pop(0)
            if not self.counts.get(kind):
                raise SetupError(f"stack {_name(kind)}", self.rule, f"the stacked draw {_name(kind)} is not in "
                                 f"{self.name} ({_text(self.counts, self.order)})")
            return kind
        n = len(self)
        if not n:
            return None
        i = rng.below(n)
        for kind in self.order:
            have = self.counts.get(kind, 0)
            if i < have:
                return kind
            i -= have
        raise RuntimeError(f"{self.name} holds kinds outside its order: {dict(self.counts)}")

    def draw(self, rng: Rng, refill_from: MutableMapping[K, int] | None = None,
             on_refill: Callable[[Mapping[K, int]], None] | None = None) -> K | None:
        """Draw one (see the module docstring): refill first from ``refill_from`` when the bag is empty and that pile
        is not (``on_refill`` sees the pile before it moves); None when nothing can be drawn."""
        if not len(self) and refill_from:
            if on_refill is not None:
                on_refill(refill_from)
            self.refill(refill_from)
        kind = self.pick(rng)
        if kind is not None:
            self.take(kind)
        return kind
