"""racebook.core.bag: a multiset drawn at random, with stacked draws and a refill (the game passes its rule)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.core.bag import Bag
from racebook.core.errors import SetupError
from racebook.core.rng import Rng

ORDER = ("a", "b", "c")
counts_st = st.dictionaries(st.sampled_from(ORDER), st.integers(1, 5))


@given(counts_st, st.integers(0, 2**32))
def test_a_draw_is_the_ith_item_laid_out_in_order(counts: dict[str, int], seed: int) -> None:
    """One generator call per draw: rng.below(len) picks the i-th item of the bag laid out kind by kind in order
    (what Automobiles' list of cubes and RF90's "red below the red count" both did)."""
    bag = Bag(dict(counts), ORDER, rule="§T")
    rng, twin = Rng(seed), Rng(seed)
    while len(bag):
        laid_out = [k for k in ORDER for _ in range(bag.count(k))]
        expected = laid_out[twin.below(len(laid_out))]
        assert bag.draw(rng) == expected
        assert rng.state == twin.state
    assert bag.draw(rng) is None and bag.counts == {}  # no zero counts kept


@given(counts_st, st.integers(0, 2**32))
def test_nothing_is_created_or_lost(counts: dict[str, int], seed: int) -> None:
    bag, rng, drawn = Bag(dict(counts), ORDER, rule="§T"), Rng(seed), []
    while (k := bag.draw(rng)) is not None:
        drawn.append(k)
    assert sorted(drawn) == sorted(k for k, n in counts.items() for _ in range(n))


def test_stacked_draws_come_first_and_must_be_in_the_bag() -> None:
    stack = ["c", "a"]
    bag = Bag({"a": 1, "c": 1}, ORDER, stack, name="Red's Bag", rule="§12")
    assert [bag.draw(Rng(0)), bag.draw(Rng(0))] == ["c", "a"] and stack == []  # the caller's list, popped
    bag.add("b")
    bag.stack(["a"])
    with pytest.raises(SetupError) as e:
        bag.draw(Rng(0))
    assert e.value.rule == "§12" and "the stacked draw a is not in Red's Bag (b×1)" in str(e.value)


def test_an_empty_bag_refills_from_the_pile_it_is_given() -> None:
    seen: list[dict[str, int]] = []
    bag, discard = Bag({}, ORDER, rule="§T"), {"b": 2, "a": 1}
    assert bag.draw(Rng(3), None) is None  # no refill: nothing drawn
    k = bag.draw(Rng(3), discard, lambda pile: seen.append(dict(pile)))
    assert seen == [{"b": 2, "a": 1}] and discard == {}
    assert k in ORDER and len(bag) == 2
