"""Decks with discard piles: racebook.core.deck, as RF90's Race deck uses it (§6.1, §23; the deck cites the rule its
owner passes)."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.deck import Deck
from racebook.core.errors import SetupError
from racebook.core.rng import Rng

RULE = "§6.1"  # the owner's citation: RF90's Race deck


def test_draw_takes_the_top_card() -> None:
    """§6.1: the pile is face down; the top (end of the list) is drawn first."""
    d = Deck("Race", ["R01", "R02", "R03"], rule=RULE)
    assert d.peek() == ["R03"] and d.peek(2) == ["R03", "R02"]
    assert d.draw(Rng(1)) == "R03"
    assert d.draw(Rng(1)) == "R02"
    assert len(d) == 1


def test_discard_goes_to_the_discard_pile_not_the_pile() -> None:
    """§23: used cards go to the discard pile."""
    d = Deck("Race", ["R01"], rule=RULE)
    d.discard("R05")
    assert d.discards == ["R05"] and d.pile == ["R01"]


def test_reshuffle_discards_when_the_pile_runs_out() -> None:
    """§6.1 item 4: if a deck runs out, reshuffle its discards into a new pile."""
    d = Deck("Race", ["R01"], discards=["R02", "R03", "R04"], rule=RULE)
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
        d = Deck("Race", [], discards=list(cards), rule=RULE)
        rng = Rng(seed)
        return [d.draw(rng) for _ in cards]

    assert order(3) == order(3)
    assert order(3) != order(4)
    assert order(3) != cards[::-1]  # not simply drawn in discard order


def test_draw_from_empty_pile_and_empty_discards_is_none() -> None:
    """§6.1: only when every card is in hands is there nothing to draw."""
    d = Deck("Race", rule=RULE)
    assert d.draw(Rng(0)) is None
    assert d.reshuffles == 0


def test_stack_puts_cards_on_top_in_order() -> None:
    """Scenario stacking: the first code given is drawn next ("the next blind draw is (42)")."""
    d = Deck("Race", ["R01", "R02", "R03", "R04"], discards=["R09"], rule=RULE)
    d.stack(["R02", "R09", "R01"])
    rng = Rng(0)
    assert [d.draw(rng) for _ in range(3)] == ["R02", "R09", "R01"]
    assert d.draw(rng) == "R04"
    assert d.draw(rng) == "R03"
    assert d.discards == []


def test_stack_keeps_every_card_exactly_once() -> None:
    d = Deck("Race", ["R01", "R02", "R03"], discards=["R04"], rule=RULE)
    d.stack(["R04", "R01"])
    assert Counter(d.pile + d.discards) == Counter(["R01", "R02", "R03", "R04"])


def test_stack_refuses_a_card_that_is_in_a_hand() -> None:
    """§6.1: a card in a hand (not in the pile or its discards) cannot be stacked; the error names it."""
    d = Deck("Race", ["R01", "R02"], rule=RULE)
    with pytest.raises(SetupError) as e:
        d.stack(["R42"])
    assert e.value.rule == "§6.1"
    assert "R42" in str(e.value) and "Race" in str(e.value)


def test_shuffle_is_a_permutation() -> None:
    cards = [f"R{i:02d}" for i in range(1, 100)]
    d = Deck("Race", cards, rule=RULE)
    d.shuffle(Rng(5))
    assert sorted(d.pile) == cards and d.pile != cards


def test_deck_to_dict_from_dict_round_trip() -> None:
    d = Deck("Race", ["R01", "R02"], discards=["R03"], rule=RULE)
    d.reshuffles = 2
    data = d.to_dict()
    e = Deck.from_dict("Race", data, rule=RULE)
    assert (e.name, e.pile, e.discards, e.reshuffles, e.rule) == ("Race", ["R01", "R02"], ["R03"], 2, RULE)
    assert e.to_dict() == data
    e.pile.append("R09")
    assert d.pile == ["R01", "R02"] and data["pile"] == ["R01", "R02"]  # no shared lists


def test_the_deck_cites_the_rule_its_owner_passes() -> None:
    """The core deck knows no game: a refused stack names the owner's rule, and a copy keeps it."""
    d = Deck("Action", ["A1", "A2"], rule="§9.2").copy()
    with pytest.raises(SetupError) as e:
        d.stack(["A1", "A1"])
    assert e.value.rule == "§9.2" and "stacked twice" in str(e.value)
