"""Decks with discard piles and the damage bag (§6.1, §13.D.1, §23).

Both are chance devices: they draw with the race's seeded :class:`Rng`, and
both can be *stacked* so that a scenario replays the manual exactly ("the
next blind draw is (42)").
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from racebook.core.errors import SetupError
from racebook.core.rng import Rng


class Deck:
    """A face-down draw pile (top = end of the list) and its discard pile.

    When the draw pile runs out the discards are shuffled into a new pile
    (§6.1 item 4). Cards are codes (``"R42"``).
    """

    __slots__ = ("name", "pile", "discards", "reshuffles")

    def __init__(self, name: str, cards: Iterable[str] = (), discards: Iterable[str] = ()) -> None:
        self.name = name
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
        in one place only); else :class:`~racebook.core.errors.SetupError` (§6.1).
        """
        codes = list(codes)
        for i, code in enumerate(codes):
            if code in codes[:i]:
                raise SetupError(f"stack {code}", "§6.1", f"{code} is stacked twice (a card is in one place only)")
        for code in reversed(codes):
            if code in self.pile:
                self.pile.remove(code)
            elif code in self.discards:
                self.discards.remove(code)
            else:
                raise SetupError(
                    f"stack {code}", "§6.1", f"{code} is not in the {self.name} deck or its discard pile "
                    "(it is in a hand, on a panel or not in this deck)")
            self.pile.append(code)

    def peek(self, n: int = 1) -> list[str]:
        return self.pile[-1 : -n - 1 : -1]

    def copy(self) -> Deck:
        """An independent deck with the same piles (what :meth:`to_dict` holds)."""
        d = Deck(self.name, self.pile, self.discards)
        d.reshuffles = self.reshuffles
        return d

    def to_dict(self) -> dict:
        return {"pile": list(self.pile), "discards": list(self.discards), "reshuffles": self.reshuffles}

    @classmethod
    def from_dict(cls, name: str, d: dict, where: str = "deck") -> Deck:
        """The deck of :meth:`to_dict`; a malformed dict raises DataError naming the field."""
        from racebook.core.fields import get_int, get_strs

        deck = cls(name, get_strs(d, "pile", f"{where}.pile"), get_strs(d, "discards", f"{where}.discards"))
        deck.reshuffles = get_int(d, "reshuffles", f"{where}.reshuffles", 0, default=0)
        return deck


class Wear(Enum):
    """Damage tokens (§13.D.1): red = repairable, brown = permanent."""

    RED = "red"
    BROWN = "brown"


class DamageBag:
    """The bag of wear tokens drawn at random (§6.1 item 5).

    The manual's table of how many tokens to use per number of players is
    NOT IN SOURCE (§0.1); the default is every token in the box: 24 red and
    6 brown discs (§2.2). A scenario may stack the next draws.
    """

    __slots__ = ("red", "brown", "stacked")

    def __init__(self, red: int = 24, brown: int = 6) -> None:
        self.red = red
        self.brown = brown
        self.stacked: list[Wear] = []

    def __len__(self) -> int:
        return self.red + self.brown

    def draw(self, rng: Rng) -> Wear | None:
        """Draw one token at random (or the next stacked one). ``None`` if empty."""
        if self.stacked:
            w = self.stacked.pop(0)
            if (self.red if w is Wear.RED else self.brown) == 0:
                raise SetupError(f"stack {w.value}", "§6.1", f"the bag has no {w.value} token left")
        elif not len(self):
            return None
        else:
            w = Wear.RED if rng.below(len(self)) < self.red else Wear.BROWN
        if w is Wear.RED:
            self.red -= 1
        else:
            self.brown -= 1
        return w

    def put_back(self, w: Wear) -> None:
        if w is Wear.RED:
            self.red += 1
        else:
            self.brown += 1

    def stack(self, tokens: Iterable[Wear | str]) -> None:
        """The next draws, in order. A stacked token that is no longer in the bag when it is drawn raises
        :class:`~racebook.core.errors.SetupError` (§6.1); a colour that is not red or brown, ValueError."""
        self.stacked.extend(Wear(t) if isinstance(t, str) else t for t in tokens)

    def copy(self) -> DamageBag:
        """An independent bag with the same tokens and stacked draws (what :meth:`to_dict` holds)."""
        b = DamageBag(self.red, self.brown)
        b.stacked = list(self.stacked)
        return b

    def to_dict(self) -> dict:
        return {"red": self.red, "brown": self.brown, "stacked": [w.value for w in self.stacked]}

    @classmethod
    def from_dict(cls, d: dict, where: str = "bag") -> DamageBag:
        """The bag of :meth:`to_dict`; a malformed dict raises DataError naming the field."""
        from racebook.core.fields import as_enum, get_int, get_strs

        bag = cls(get_int(d, "red", f"{where}.red"), get_int(d, "brown", f"{where}.brown"))
        stacked = get_strs(d, "stacked", f"{where}.stacked", [])
        bag.stack([as_enum(Wear, t, f"{where}.stacked[{i}]") for i, t in enumerate(stacked)])
        return bag
