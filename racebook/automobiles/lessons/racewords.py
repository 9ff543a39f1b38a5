"""Words of notebook A0's first race (issue 33 items 3 and 4): a handful of cubes in words, what the learner needs in
view while deciding (:func:`needs`: your money, the cubes you drew, your Bag), the group of the buys (one menu) and
the codes the race's words use with their meaning on hover (:data:`TERMS`). Words only: the numbers are the
engine's (:mod:`racebook.automobiles.rules.buying`). Standard library only."""

from __future__ import annotations

from racebook.automobiles.actionlabels import colour
from racebook.automobiles.cubes import CODES
from racebook.automobiles.rules import buying
from racebook.automobiles.state import GameState, Phase
from racebook.core.plainwords import COMMON, Term

#: The words every buy's label starts with: the buys of one decision are one menu (issue 33 item 3).
BUY_GROUP = "buy a"
#: The codes the race's words use, with their meaning on hover (issue 33 item 4; :mod:`racebook.core.plainwords`).
TERMS: tuple[Term, ...] = (
    Term(r"(?<=space )\d+\.\d+", "a space's label on the board: its lane, then its number along the lane"),
    *COMMON,
)


def cubes_words(codes: tuple[str, ...] | dict[str, int]) -> str:
    """A handful of cubes in words, by colour in code order: "3 white, 1 black and 3 yellow"."""
    counts = dict(codes) if isinstance(codes, dict) else {c: codes.count(c) for c in set(codes)}
    parts = [f"{counts[c]} {colour(c)}" for c in CODES if counts.get(c)]
    if not parts:
        return "no cubes"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def needs(state: GameState, you: str) -> str:
    """What ``you`` need in view while deciding: your money now (what is left to spend before the race or in the Buy
    phase, §4 item 5 and §9; else what the cubes of your Active pile are worth, §9 item 1), the cubes you drew, and
    how many are in your Bag."""
    p = state.players[you]
    t = state.turn
    if t is not None and t.car == you and t.phase in (Phase.PRERACE, Phase.BUY):
        money = t.money
    elif state.round == 0:
        money = p.money
    else:
        money = buying.money(state, p.active)
    active = f" · your Active pile (drawn): {cubes_words(p.active)}" if p.active else ""
    return f"Your money: ${money}{active} · in your Bag: {plural(sum(p.bag.values()), 'cube')}"
