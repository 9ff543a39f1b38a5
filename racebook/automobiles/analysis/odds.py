"""Exact draw odds (issue 22 item 4): "what is the chance of at least two black cubes in my next 7?"

A draw takes cubes from the Bag one at a time, uniformly; when the Bag is empty the whole Discard pile goes back
into it and the draw goes on (§12 item 4, AMB-15). So the next ``n`` cubes are the whole Bag if it holds fewer than
``n`` (then the rest come from the refilled Discard pile), else ``n`` cubes of the Bag: hypergeometric counts, exact
as fractions (``math.comb``), no sampling. Monte Carlo through the engine's own draws checks them (tests).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from racebook.automobiles import zones
from racebook.automobiles.zones import Zone


def _hyper(total: int, good: int, draws: int) -> list[Fraction]:
    """P(exactly j good cubes) for j = 0..draws, drawing ``draws`` of ``total`` cubes of which ``good`` are good."""
    if draws <= 0:
        return [Fraction(1)]
    whole = comb(total, draws)
    return [Fraction(comb(good, j) * comb(total - good, draws - j), whole) for j in range(draws + 1)]


def count_distribution(bag: Zone, discard: Zone, code: str, n: int) -> list[Fraction]:
    """P(exactly j cubes of ``code`` among the next ``n`` drawn), j = 0..n (fewer are drawn if fewer exist)."""
    b, d = zones.size(bag), zones.size(discard)
    if n <= b:
        dist = _hyper(b, bag.get(code, 0), n)
    else:  # the whole Bag, then the refill from the Discard pile
        first = bag.get(code, 0)
        rest = _hyper(d, discard.get(code, 0), min(n - b, d))
        dist = [Fraction(0)] * first + rest
    return (dist + [Fraction(0)] * (n + 1))[:n + 1]


def at_least(bag: Zone, discard: Zone, code: str, k: int, n: int = 7) -> Fraction:
    """P(at least ``k`` cubes of ``code`` among the next ``n`` drawn from ``bag`` (then the refilled ``discard``)."""
    return sum(count_distribution(bag, discard, code, n)[k:], Fraction(0))
