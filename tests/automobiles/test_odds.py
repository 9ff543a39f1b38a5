"""Exact draw odds, checked by hand and against Monte Carlo through the engine's own draws (§12, AMB-15)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from racebook.automobiles.analysis.odds import at_least, count_distribution
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.setup import new_state
from racebook.core.log import EventLog


def test_by_hand() -> None:
    bag = {"K": 3, "W": 9}  # 12 cubes, 3 black: P(at least 2 black in 7)
    p2 = Fraction(comb(3, 2) * comb(9, 5) + comb(3, 3) * comb(9, 4), comb(12, 7))
    assert at_least(bag, {}, "K", 2) == p2
    assert sum(count_distribution(bag, {}, "K", 7)) == 1
    # 4 cubes in the Bag (1 black): all 4 are drawn, then 3 of the refilled Discard pile (2 black of 6)
    dist = count_distribution({"K": 1, "W": 3}, {"K": 2, "W": 4}, "K", 7)
    assert dist[0] == 0 and dist[1] == Fraction(comb(4, 3), comb(6, 3))
    assert at_least({"W": 2}, {}, "W", 2) == 1 and at_least({"W": 2}, {}, "W", 3) == 0


@pytest.mark.parametrize("bag, discard, code, k", [
    ({"K": 3, "W": 9}, {}, "K", 2),
    ({"K": 1, "W": 3}, {"K": 2, "W": 4, "X": 3}, "K", 2),
    ({"L": 2, "X": 5, "Y": 5}, {"X": 4}, "X", 3),
])
def test_monte_carlo_through_the_engine_agrees(bag, discard, code, k) -> None:
    state = new_state(["A", "B"], seed=5).copy()
    p = state.players["A"]
    runs, hits = 4000, 0
    for i in range(runs):
        p.bag, p.discard, p.active = dict(bag), dict(discard), {}
        state.rng.state = i * 7919
        got = draw(state, "A", 7, EventLog())
        hits += got.count(code) >= k
    exact = float(at_least(bag, discard, code, k))
    assert abs(hits / runs - exact) < 0.03, (hits / runs, exact)
