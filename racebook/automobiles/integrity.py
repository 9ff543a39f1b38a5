"""Is an Automobiles position sound? The conservation checks every reached position passes: a position read from
text (:func:`racebook.automobiles.notation.parse`) is refused by the same ones, and the conformance tests
(``tests/conformance``, through :mod:`racebook.automobiles.hooks`) run them after every action.

* §1.2: the cubes in the players' zones and the Stock add up to the game's (nothing created or lost), and no zone
  holds a zero or negative count;
* §7.3: one car per segment;
* §2 / §4 item 1: one card in play per action colour; §22.3: a sponsor card is held, on offer or in the deck — one
  place only.

Standard library only.
"""

from __future__ import annotations

from collections import Counter

from racebook.automobiles.cubes import ACTIONS
from racebook.automobiles.state import GameState

CUBES = "the cubes do not add up to the game's (§1.2: nothing created or lost)"
SEGMENT = "two cars in one segment (§7.3)"


def problems(state: GameState) -> list[str]:
    """Every conservation problem of ``state`` (an empty list: sound), each a sentence citing its rule."""
    out: list[str] = []
    if state.totals() != {c: n for c, n in sorted(state.comps.stock().items()) if n}:
        out.append(CUBES)
    if len({(p.lane, p.progress % state.board.length) for p in state.players.values()}) != len(state.players):
        out.append(SEGMENT)
    for p in state.players.values():
        for zone, cubes in p.zones().items():
            for code, n in cubes.items():
                if n <= 0:
                    out.append(f"player {p.id}'s {zone} holds {n} {code} (§1.2: a zone counts cubes it holds)")
    for code, n in state.stock.items():
        if n < 0:
            out.append(f"the Stock holds {n} {code} (§1.2)")
    if state.cards and set(state.cards) != set(ACTIONS):
        out.append(f"the cards in play are for {sorted(state.cards)}, not one per action colour {sorted(ACTIONS)} "
                   "(§4 item 1)")
    if state.season is not None:
        s = state.season
        places = Counter([*s.sponsors.values(), *s.pool, *s.deck])
        twice = sorted(c for c, n in places.items() if n > 1)
        if twice:
            out.append(f"sponsor cards {twice} are in two places (§22.3)")
    return out
