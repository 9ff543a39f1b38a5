"""Where every card is (§6.1/§23): the card ledger the property tests and the legal-play fuzzer check."""

from __future__ import annotations

from racebook.rf90.game import Race
from racebook.rf90.state import RaceState


def all_cards(state: RaceState) -> set[str]:
    return set(state.cards.codes()) | set(state.track_cards.codes())


def located(state: RaceState) -> list[str]:
    """Every card the state knows about, with repetitions (piles, discards, hands, frozen duel cards, cards on
    the table this turn, Target Checks)."""
    out: list[str] = []
    for deck in (state.race_deck, state.track_deck):
        out += deck.pile + deck.discards
    for car in state.cars.values():
        out += car.hand + car.frozen + list(getattr(car, "table", ())) + ([car.target] if car.target else [])
    return out


def on_the_table(race: Race) -> list[str]:
    """Cards played this turn (movement cards, duel bids) that are not yet discarded or frozen."""
    out: list[str] = []
    if race.ctx is not None:
        out += list(race.ctx.play.cards)
    duel = getattr(race, "duel", None)
    if duel is not None:
        for cards in getattr(duel, "bids", {}).values():
            out += list(cards)
    return out
