"""A deck with its discard pile: a chance device drawn with the race's seeded :class:`Rng`.

It can be *stacked* so that a scenario replays the book exactly ("the next blind draw is (42)"). The deck cites
no rule of its own: the game that owns it passes its citation (``rule``), which a refused stack names (RF90's
Race and Track decks pass theirs). The bag of tokens drawn at random is :mod:`racebook.core.bag`.
"""

from __future__ import annotations

from collections.abc import Iterable

from racebook.core.errors import SetupError
from racebook.core.fields import get_int, get_strs
from racebook.core.rng import Rng


class Deck:
    """A face-down draw pile (top = end of the list) and its discard pile.

    When the draw pile runs out the discards are shuffled into a new pile
    (the refill of every game with a discard pile). Cards are codes (``"R42"``). ``rule``
    is the owner's citation for this deck (what a refused :meth:`stack` names).
    """

    __slots__ = ("name", "pile", "discards", "reshuffles", "rule")

    def __init__(self, name: str, cards: Iterable[str] = (), discards: Iterable[str] = (), *, rule: str) -> None:
        self.name = name
        self.rule = rule
        self.pile: list[str] = list(cards)
        self.discards: list[str] = list(discards)
        self.reshuffles = 0

    def __len__(self) -> int:
        return len(self.pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.pile)

    def draw(self, rng: Rng) -> str | None:
        """Take the top card; reshuffle the discards first if the pile is empty.

        Returns ``None`` only if both piles are empty (every card is in hands).
        """
        if not self.pile:
            if not self.discards:
                return None
            self.pile = self.discards
            self.discards = []
            rng.shuffle(self.pile)
            self.reshuffles += 1
        return self.pile.pop()

    def discard(self, code: str) -> None:
        self.discards.append(code)

    def stack(self, codes: Iterable[str]) -> None:
        """Put these cards on top, in order: the first code is drawn next.

        Each card must be in the draw pile or the discard pile (a card in a
        hand or on a panel cannot be stacked), and be stacked once (a card is
        in one place only); else :class:`~racebook.core.errors.SetupError` citing the deck's ``rule``.
        """
        codes = list(codes)
        for i, code in enumerate(codes):
            if code in codes[:i]:
                raise SetupError(f"stack {code}", self.rule, f"{code} is stacked twice (a card is in one place only)")
        for code in reversed(codes):
            if code in self.pile:
                self.pile.remove(code)
            elif code in self.discards:
                self.discards.remove(code)
            else:
                raise SetupError(
                    f"stack {code}", self.rule, f"{code} is not in the {self.name} deck or its discard pile "
                    "(it is in a hand, on a panel or not in this deck)")
            self.pile.append(code)

    def peek(self, n: int = 1) -> list[str]:
        return self.pile[-1 : -n - 1 : -1]

    def copy(self) -> Deck:
        """An independent deck with the same piles (what :meth:`to_dict` holds)."""
        d = Deck(self.name, self.pile, self.discards, rule=self.rule)
        d.reshuffles = self.reshuffles
        return d

    def to_dict(self) -> dict:
        return {"pile": list(self.pile), "discards": list(self.discards), "reshuffles": self.reshuffles}

    @classmethod
    def from_dict(cls, name: str, d: dict, where: str = "deck", *, rule: str) -> Deck:
        """The deck of :meth:`to_dict` (``rule``: the owner's citation); a malformed dict raises DataError naming
        the field."""
        deck = cls(name, get_strs(d, "pile", f"{where}.pile"), get_strs(d, "discards", f"{where}.discards"),
                   rule=rule)
        deck.reshuffles = get_int(d, "reshuffles", f"{where}.reshuffles", 0, default=0)
        return deck
