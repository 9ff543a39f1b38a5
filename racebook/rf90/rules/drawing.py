"""Drawing cards: into hand, blind (not into hand) and Track Cards; an empty deck is reshuffled (§6.1, §13.B)."""

from __future__ import annotations

from racebook.core.deck import Deck
from racebook.rf90.car import Car
from racebook.rf90.events import CardDrawn, DeckEmpty, DeckReshuffled, DrawReason, Event
from racebook.rf90.state import RaceState


def _top(state: RaceState, deck: Deck, events: list[Event]) -> str | None:
    """The top card of a deck; its discards are reshuffled first when it is empty (§6.1)."""
    before = deck.reshuffles
    code = deck.draw(state.rng)
    if deck.reshuffles != before:
        events.append(DeckReshuffled(deck.name))
    return code


def _draw(state: RaceState, car: Car, why: DrawReason, events: list[Event], rule: str = "§13.B",
          source: str | None = None) -> str | None:
    """Draw a Race Card into hand (robots have no hand: the card is only returned)."""
    code = _top(state, state.race_deck, events)
    if code is None:
        events.append(DeckEmpty("Race", car.id))
        return None
    if car.is_robot:
        return code
    car.hand.append(code)
    events.append(CardDrawn(car.id, code, why, rule, source))
    return code


def _blind(state: RaceState, car: Car, events: list[Event]) -> str | None:
    """Top card of the Race deck for a blind draw (not into hand)."""
    return _top(state, state.race_deck, events)


def draw_track_card(state: RaceState, car: Car, why: DrawReason, events: list[Event], rule: str) -> None:
    code = _top(state, state.track_deck, events)
    if code is None:
        events.append(DeckEmpty("Track", car.id))
        return
    car.hand.append(code)
    events.append(CardDrawn(car.id, code, why, rule))
