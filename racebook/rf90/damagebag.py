"""The damage bag and its wear tokens (§2.2, §6.1 item 5, §13.D.1).

Wear tokens are drawn at random from a bag (§6.1 item 5): red = repairable, brown = permanent (§13.D.1). The bag
is a :class:`racebook.core.bag.Bag` of two kinds in the order red, brown (one draw is ``rng.below(red + brown)``:
red below the red count), and a scenario may stack the next draws.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from racebook.core.bag import Bag
from racebook.core.fields import as_enum, get_int, get_strs
from racebook.core.rng import Rng

RULE = "§6.1"


class Wear(Enum):
    """Damage tokens (§13.D.1): red = repairable, brown = permanent."""

    RED = "red"
    BROWN = "brown"


_ORDER = (Wear.RED, Wear.BROWN)


class DamageBag:
    """The bag of wear tokens drawn at random (§6.1 item 5).

    The manual's table of how many tokens to use per number of players is
    NOT IN SOURCE (§0.1); the default is every token in the box: 24 red and
    6 brown discs (§2.2). A scenario may stack the next draws.
    """

    __slots__ = ("_bag",)

    def __init__(self, red: int = 24, brown: int = 6) -> None:
        self._bag: Bag[Wear] = Bag({}, _ORDER, name="the damage bag", rule=RULE)
        self._bag.add(Wear.RED, red)
        self._bag.add(Wear.BROWN, brown)

    def _set(self, w: Wear, n: int) -> None:
        if n:
            self._bag.counts[w] = n
        else:
            self._bag.counts.pop(w, None)

    @property
    def red(self) -> int:
        return self._bag.count(Wear.RED)

    @red.setter
    def red(self, n: int) -> None:
        self._set(Wear.RED, n)

    @property
    def brown(self) -> int:
        return self._bag.count(Wear.BROWN)

    @brown.setter
    def brown(self, n: int) -> None:
        self._set(Wear.BROWN, n)

    @property
    def stacked(self) -> list[Wear]:
        """The stacked next draws, first drawn first."""
        return self._bag.stacked

    def __len__(self) -> int:
        return len(self._bag)

    def draw(self, rng: Rng) -> Wear | None:
        """Draw one token at random (or the next stacked one: SetupError, §6.1, if it is no longer in the bag).
        ``None`` if empty."""
        return self._bag.draw(rng)

    def put_back(self, w: Wear) -> None:
        self._bag.add(w)

    def stack(self, tokens: Iterable[Wear | str]) -> None:
        """The next draws, in order. A stacked token that is no longer in the bag when it is drawn raises
        :class:`~racebook.core.errors.SetupError` (§6.1); a colour that is not red or brown, ValueError."""
        self._bag.stack([Wear(t) if isinstance(t, str) else t for t in tokens])

    def copy(self) -> DamageBag:
        """An independent bag with the same tokens and stacked draws (what :meth:`to_dict` holds)."""
        b = DamageBag(self.red, self.brown)
        b._bag.stacked = list(self.stacked)
        return b

    def to_dict(self) -> dict:
        return {"red": self.red, "brown": self.brown, "stacked": [w.value for w in self.stacked]}

    @classmethod
    def from_dict(cls, d: dict, where: str = "bag") -> DamageBag:
        """The bag of :meth:`to_dict`; a malformed dict raises DataError naming the field."""
        bag = cls(get_int(d, "red", f"{where}.red"), get_int(d, "brown", f"{where}.brown"))
        stacked = get_strs(d, "stacked", f"{where}.stacked", [])
        bag.stack([as_enum(Wear, t, f"{where}.stacked[{i}]") for i, t in enumerate(stacked)])
        return bag
