"""Money and buying (§9; before the race §4 item 5).

Money is the $ value of the cubes still in the Active pile after the Action phase; it buys any number of cubes from
the finite Stock at their cost; what is not spent is lost. Bought cubes go to the Used pile (AMB-3); before the race
they go into the Bag (AMB-4). Wear is gained, never bought (it has no cost or use, §1.1), unless the house rule
``wear_buyable`` is on.
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.cubes import WEAR
from racebook.automobiles.state import GameState
from racebook.automobiles.zones import Zone


def money(state: GameState, active: Zone) -> int:
    """The $ value of ``active`` (§9 item 1)."""
    return sum(state.comps.value(c) * n for c, n in active.items())


def buyable(state: GameState, budget: int) -> list[str]:
    """The cube codes one can buy with ``budget`` now: in the Stock, cost within budget, not wear."""
    return [c for c in state.comps.cubes if (c != WEAR or state.rules.wear_buyable) and state.stock.get(c, 0)
            and state.comps.cost(c) <= budget]


def why_not_buy(state: GameState, code: str, budget: int) -> str:
    """Why ``code`` cannot be bought with ``budget`` (the same tests as :func:`buyable`, in words)."""
    if code == WEAR and not state.rules.wear_buyable:
        return "wear is gained, never bought (house rule wear_buyable)"
    if not state.stock.get(code, 0):
        return f"the Stock has no {code} left (§1.2: the Stock is finite)"
    return f"{code} costs ${state.comps.cost(code)} and ${budget} is left"


def buy(state: GameState, code: str, into: Zone) -> int:
    """Move one ``code`` from the Stock to ``into``; returns its cost."""
    zones.take(state.stock, code)
    zones.add(into, code)
    return state.comps.cost(code)
