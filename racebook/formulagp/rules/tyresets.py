"""Optional tyre rules (digest §21; the original's 15.5 and 15.10): where a new set's wear marker starts, and the
limited dry tyre sets. Pure functions over the player board; the engine calls them from the fitting code
(:func:`racebook.formulagp.rules.tyres.fit`, the set-up).

* 15.5 Medium Tyre Wear Placement (house rule ``medium_one_space_early``): "When a player chooses Medium tyres, place
  the Tyre Wear marker one space before the matching Tyre type space on the Player Board". The marker never starts
  before the track's first space (position 0).
* 15.10 Limited Tyre Sets for a Dry Race (house rule ``limited_tyre_sets``: off, a or b): "each player
  receives a limited number of dry tyre sets for the race. You do not receive any more, even if all your tyres are
  worn out … Option A: 2x Softs, 1x Mediums, 1x Hards; Option B: 1x Softs, 2x Mediums, 1x Hards". The sets are
  initials (``s``, ``m``, ``h``); the set a car starts on is one of them; wet tyres are not limited.
"""

from __future__ import annotations

from racebook.formulagp.playerboard import PlayerBoard, Tyre

__all__ = ["start_wear", "TYRE_SET_OPTIONS", "sets_after", "available", "option_words"]

#: the Options of 15.10, as the dry sets' initials
TYRE_SET_OPTIONS = {"a": "ssmh", "b": "smmh"}
_DRY = {Tyre.SOFT: "s", Tyre.MEDIUM: "m", Tyre.HARD: "h"}


def start_wear(board: PlayerBoard, tyre: Tyre, medium_early: bool = False) -> int:
    """The wear marker's start position of a new ``tyre`` set (§14.1, §4.6); one space earlier for Medium with the
    Optional 15.5 (``medium_early``)."""
    start = board.wear_start[tyre]
    return max(0, start - 1) if medium_early and tyre is Tyre.MEDIUM else start


def sets_after(sets: str, tyre: Tyre) -> str:
    """The sets left once a ``tyre`` set is fitted (a wet set takes none); ``ValueError`` when none of it is left."""
    if tyre not in _DRY:
        return sets
    i = sets.find(_DRY[tyre])
    if i < 0:
        raise ValueError(f"§21 15.10: no {tyre.value} set left")
    return "".join(sorted(sets[:i] + sets[i + 1:], key="smh".index))  # Soft, Medium, Hard order


def available(sets: str, dry: tuple[Tyre, ...]) -> tuple[Tyre, ...]:
    """The dry types of ``dry`` with a set left."""
    return tuple(t for t in dry if _DRY[t] in sets)



def option_words(option: str) -> str:
    """An Option's sets in words: ``option_words("a") == "2 Soft, 1 Medium, 1 Hard"``."""
    sets = TYRE_SET_OPTIONS[option]
    return ", ".join(f"{sets.count(i)} {name}" for i, name in (("s", "Soft"), ("m", "Medium"), ("h", "Hard")))
