"""RF90's damage bag of wear tokens (§2.2, §6.1 item 5, §13.D.1): racebook.rf90.damagebag over racebook.core.bag."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.errors import SetupError
from racebook.core.rng import Rng
from racebook.rf90.damagebag import DamageBag, Wear


def test_damage_bag_default_is_24_red_and_6_brown() -> None:
    """§2.2: 24 red (repairable) and 6 brown (permanent) discs; the per-player table is NOT IN SOURCE (§0.1)."""
    bag = DamageBag()
    assert (bag.red, bag.brown, len(bag)) == (24, 6, 30)


def test_damage_bag_draw_removes_the_token() -> None:
    """§13.D.1: a drawn token leaves the bag."""
    bag = DamageBag()
    w = bag.draw(Rng(1))
    assert w in (Wear.RED, Wear.BROWN)
    assert len(bag) == 29
    assert (bag.red, bag.brown) == ((23, 6) if w is Wear.RED else (24, 5))


def test_damage_bag_draw_is_deterministic_with_the_seeded_rng() -> None:
    """§6.1 item 5: random draws, reproducible from the race seed."""
    def draws(seed: int) -> list[Wear | None]:
        bag, rng = DamageBag(), Rng(seed)
        return [bag.draw(rng) for _ in range(30)]

    assert draws(11) == draws(11)
    assert Counter(draws(11)) == Counter({Wear.RED: 24, Wear.BROWN: 6})
    assert draws(11) != draws(12)


def test_damage_bag_draw_frequencies_follow_the_contents() -> None:
    """§13.D.1 "at random": a first draw is red with probability 24/30."""
    rng = Rng(2024)
    reds = sum(DamageBag().draw(rng) is Wear.RED for _ in range(3000))
    assert 0.75 < reds / 3000 < 0.85
    only_brown = DamageBag(0, 3)
    assert [only_brown.draw(rng) for _ in range(3)] == [Wear.BROWN] * 3


def test_damage_bag_empty_draws_none() -> None:
    bag = DamageBag(0, 0)
    assert bag.draw(Rng(0)) is None


def test_damage_bag_stacking_gives_the_stacked_tokens_first() -> None:
    """Scenario stacking: the next draws are the stacked tokens, in order, and they leave the bag."""
    bag = DamageBag()
    bag.stack(["brown", Wear.RED, "brown"])
    rng = Rng(0)
    assert [bag.draw(rng) for _ in range(3)] == [Wear.BROWN, Wear.RED, Wear.BROWN]
    assert (bag.red, bag.brown) == (23, 4)
    assert bag.stacked == []


def test_damage_bag_stacking_a_token_that_is_not_there_is_refused() -> None:
    bag = DamageBag(red=3, brown=0)
    bag.stack(["brown"])
    with pytest.raises(SetupError) as e:
        bag.draw(Rng(0))
    assert e.value.rule == "§6.1" and "brown" in str(e.value)


def test_damage_bag_stack_rejects_unknown_colours() -> None:
    with pytest.raises(ValueError):
        DamageBag().stack(["green"])


def test_damage_bag_put_back() -> None:
    """§13.A.3/§18.6: red tokens removed at a pit, and a retiring car's tokens, go back to the bag."""
    bag = DamageBag(20, 5)
    bag.put_back(Wear.RED)
    bag.put_back(Wear.BROWN)
    assert (bag.red, bag.brown) == (21, 6)


def test_damage_bag_to_dict_from_dict_round_trip() -> None:
    bag = DamageBag(10, 2)
    bag.stack(["red", "brown"])
    data = bag.to_dict()
    assert data == {"red": 10, "brown": 2, "stacked": ["red", "brown"]}
    again = DamageBag.from_dict(data)
    assert (again.red, again.brown, again.stacked) == (10, 2, [Wear.RED, Wear.BROWN])
