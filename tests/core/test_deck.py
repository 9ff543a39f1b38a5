"""Decks with discard piles and the damage bag (§2.2, §6.1, §13.D.1, §23): racebook.core.deck."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.deck import DamageBag, Deck, Wear
from racebook.core.errors import SetupError
from racebook.core.rng import Rng

# ------------------------------------------------------------------ Deck


def test_draw_takes_the_top_card() -> None:
    """§6.1: the pile is face down; the top (end of the list) is drawn first."""
    d = Deck("Race", ["R01", "R02", "R03"])
    assert d.peek() == ["R03"] and d.peek(2) == ["R03", "R02"]
    assert d.draw(Rng(1)) == "R03"
    assert d.draw(Rng(1)) == "R02"
    assert len(d) == 1


def test_discard_goes_to_the_discard_pile_not_the_pile() -> None:
    """§23: used cards go to the discard pile."""
    d = Deck("Race", ["R01"])
    d.discard("R05")
    assert d.discards == ["R05"] and d.pile == ["R01"]


def test_reshuffle_discards_when_the_pile_runs_out() -> None:
    """§6.1 item 4: if a deck runs out, reshuffle its discards into a new pile."""
    d = Deck("Race", ["R01"], discards=["R02", "R03", "R04"])
    rng = Rng(7)
    assert d.draw(rng) == "R01"
    assert d.reshuffles == 0
    drawn = [d.draw(rng) for _ in range(3)]
    assert sorted(drawn) == ["R02", "R03", "R04"]  # type: ignore[type-var]
    assert d.reshuffles == 1
    assert d.discards == [] and d.pile == []


def test_reshuffle_is_a_shuffle_with_the_race_rng() -> None:
    """§6.1: the new pile is shuffled (with the seeded Rng, so it is reproducible)."""
    cards = [f"R{i:02d}" for i in range(1, 41)]

    def order(seed: int) -> list[str | None]:
        d = Deck("Race", [], discards=list(cards))
        rng = Rng(seed)
        return [d.draw(rng) for _ in cards]

    assert order(3) == order(3)
    assert order(3) != order(4)
    assert order(3) != cards[::-1]  # not simply drawn in discard order


def test_draw_from_empty_pile_and_empty_discards_is_none() -> None:
    """§6.1: only when every card is in hands is there nothing to draw."""
    d = Deck("Race")
    assert d.draw(Rng(0)) is None
    assert d.reshuffles == 0


def test_stack_puts_cards_on_top_in_order() -> None:
    """Scenario stacking: the first code given is drawn next ("the next blind draw is (42)")."""
    d = Deck("Race", ["R01", "R02", "R03", "R04"], discards=["R09"])
    d.stack(["R02", "R09", "R01"])
    rng = Rng(0)
    assert [d.draw(rng) for _ in range(3)] == ["R02", "R09", "R01"]
    assert d.draw(rng) == "R04"
    assert d.draw(rng) == "R03"
    assert d.discards == []


def test_stack_keeps_every_card_exactly_once() -> None:
    d = Deck("Race", ["R01", "R02", "R03"], discards=["R04"])
    d.stack(["R04", "R01"])
    assert Counter(d.pile + d.discards) == Counter(["R01", "R02", "R03", "R04"])


def test_stack_refuses_a_card_that_is_in_a_hand() -> None:
    """§6.1: a card in a hand (not in the pile or its discards) cannot be stacked; the error names it."""
    d = Deck("Race", ["R01", "R02"])
    with pytest.raises(SetupError) as e:
        d.stack(["R42"])
    assert e.value.rule == "§6.1"
    assert "R42" in str(e.value) and "Race" in str(e.value)


def test_shuffle_is_a_permutation() -> None:
    cards = [f"R{i:02d}" for i in range(1, 100)]
    d = Deck("Race", cards)
    d.shuffle(Rng(5))
    assert sorted(d.pile) == cards and d.pile != cards


def test_deck_to_dict_from_dict_round_trip() -> None:
    d = Deck("Race", ["R01", "R02"], discards=["R03"])
    d.reshuffles = 2
    data = d.to_dict()
    e = Deck.from_dict("Race", data)
    assert (e.name, e.pile, e.discards, e.reshuffles) == ("Race", ["R01", "R02"], ["R03"], 2)
    assert e.to_dict() == data
    e.pile.append("R09")
    assert d.pile == ["R01", "R02"] and data["pile"] == ["R01", "R02"]  # no shared lists


# ------------------------------------------------------------------ DamageBag


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
