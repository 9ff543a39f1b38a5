"""The seeded generator behind every draw and shuffle (§6.1 "shuffle", §13.D.1 "at random"): racebook.core.rng."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.rng import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert [Rng(1).next_u64() for _ in range(3)] != [Rng(2).next_u64() for _ in range(3)]
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_outputs_are_64_bit() -> None:
    r = Rng(9)
    for _ in range(200):
        assert 0 <= r.next_u64() < 2**64


def test_seed_is_masked_to_64_bits() -> None:
    assert Rng(2**64 + 5).state == 5
    assert Rng(-1).state == 2**64 - 1


@pytest.mark.parametrize("n", [1, 2, 3, 7, 30, 99, 1000])
def test_below_stays_in_range(n: int) -> None:
    r = Rng(n)
    values = [r.below(n) for _ in range(500)]
    assert all(0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}


def test_below_rejects_non_positive() -> None:
    with pytest.raises(ValueError):
        Rng(0).below(0)
    with pytest.raises(ValueError):
        Rng(0).below(-3)


def test_below_is_roughly_uniform() -> None:
    """Every outcome of below(6) appears about 1/6 of the time (chi-square well under the 0.1% critical value)."""
    r = Rng(123)
    n, k = 60_000, 6
    counts = Counter(r.below(k) for _ in range(n))
    assert set(counts) == set(range(k))
    expected = n / k
    chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(k))
    assert chi2 < 20.5  # df = 5, p = 0.001


def test_below_handles_huge_bounds() -> None:
    r = Rng(3)
    n = 2**63 + 12345
    assert all(0 <= r.below(n) < n for _ in range(100))


def test_shuffle_is_a_permutation() -> None:
    items = list(range(99))
    r = Rng(17)
    r.shuffle(items)
    assert sorted(items) == list(range(99))
    assert items != list(range(99))


def test_shuffle_small_lists() -> None:
    empty: list[int] = []
    Rng(0).shuffle(empty)
    assert empty == []
    one = ["x"]
    Rng(0).shuffle(one)
    assert one == ["x"]


def test_shuffle_reaches_every_permutation_of_three() -> None:
    r = Rng(8)
    seen = set()
    for _ in range(600):
        xs = [1, 2, 3]
        r.shuffle(xs)
        seen.add(tuple(xs))
    assert len(seen) == 6


def test_shuffle_is_deterministic_by_seed() -> None:
    a, b = list(range(30)), list(range(30))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b


def test_state_round_trip_resumes_the_same_future() -> None:
    """A saved race stores rng.state; Rng(state) continues with exactly the same draws."""
    r = Rng(77)
    for _ in range(13):
        r.below(10)
    saved = r.state
    future = [r.below(1000) for _ in range(20)]
    resumed = Rng(saved)
    assert [resumed.below(1000) for _ in range(20)] == future


def test_copy_is_independent() -> None:
    r = Rng(4)
    c = r.copy()
    assert c.state == r.state and c is not r
    first = c.next_u64()
    assert r.next_u64() == first
    c.next_u64()
    assert c.state != r.state


def test_repr_shows_the_state() -> None:
    assert repr(Rng(255)) == "Rng(state=0xff)"


def test_known_splitmix64_values() -> None:
    """SplitMix64 reference outputs for seed 0 (Steele, Lea & Flood 2014)."""
    r = Rng(0)
    assert r.next_u64() == 0xE220A8397B1DCDAF
    assert r.next_u64() == 0x6E789E6AA1B965F4
