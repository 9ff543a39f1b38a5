"""[ADV] TEAM RADIO cards (digest §6.9, §9.3, §16.2; the original's 4.9): the teaching deck and its validation, the
draw-2-keep-1 before the start, the use once per turn when it applies (each teaching face's numbers), the swap and
the draw for an Option card, the free change in a pit stop, the notation, the action texts, the greedy driver, and a
hypothesis property over Advanced races (every listed action applies, every TEAM RADIO and ACTION card in one place,
the notation round-trips, the race ends)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import ActionSyntaxError, DataError
from racebook.formulagp import teamradio
from racebook.formulagp.actions import parse
from racebook.formulagp.actions.teamradio import Radio
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.components import cards
from racebook.formulagp.events import teamradio as tev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.rules import teamradio as tr
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase, Turn

CODES = Counter(c.code for c in cards().action)
DECK = tr.team_radio_deck()
HARVEST, TYRES, CALM = (next(c.code for c in DECK.cards if c.gain is g) for g in tr.Gain)


def conserved(race: Race) -> None:
    radio = teamradio.everywhere(race.state)
    assert sorted(radio) == sorted(DECK.codes), radio  # each TEAM RADIO card in one place (§6.9)
    for c in race.state.cars.values():
        if not c.bot:  # a BOT has no ACTION deck (§22.5)
            assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id


def test_the_teaching_deck_is_30_invented_trade_offs() -> None:
    """§3: 30 TEAM RADIO cards; their texts are invented-for-teaching (A2), the size stated."""
    assert len(DECK.cards) == 30 and len(set(DECK.codes)) == 30
    assert DECK.sources["deck.size"].startswith("digest §3")
    assert all(v.startswith("invented-for-teaching") for k, v in DECK.sources.items() if k.startswith("card"))
    assert {c.text() for c in DECK.cards} == {"+1 ERS for +1 tyre wear", "−1 tyre wear for −1 ERS",
                                              "−1 stress for −1 ERS"}


def _doc(**change: Any) -> dict[str, Any]:
    card = {"name": "X", "count": 30, "gain": "ers", "cost": "wear", "source": "invented-for-teaching: test"}
    card.update(change)
    return {"schema": 1, "deck": {"size": 30, "source": "digest §3: 30"}, "card": [card]}


@pytest.mark.parametrize("change", [{"gain": "fuel"}, {"cost": "ers"}, {"count": 29}, {"source": "made up"},
                                    {"count": "many"}, {"extra": 1}])
def test_bad_team_radio_data_is_a_one_line_data_error(change: dict[str, Any]) -> None:
    tr.parse_team_radio(_doc(), "team_radio.toml")
    with pytest.raises(DataError) as e:
        tr.parse_team_radio(_doc(**change), "team_radio.toml")
    assert "team_radio.toml" in str(e.value) and "\n" not in str(e.value)


def test_a_standard_race_has_no_team_radio() -> None:
    race = new_race(["A", "B"], 3)
    assert not race.state.radio_deck.pile and all(not c.radio_offer for c in race.state.cars.values())
    assert "trp=" not in race.position() and " tro=" not in race.position()


def test_before_the_start_each_player_draws_two_and_keeps_one() -> None:
    """§6.9: "Before the start of the race each player draws 2 TEAM RADIO cards, chooses 1, then discards the
    other"; a BOT holds none; race round 1's first decision of each driver is that choice (§9.3: "[ADV] Everyone
    must have a TEAM RADIO card")."""
    race = new_race(["A", "B", "R"], 5, mode=Mode.ADVANCED, bots=["R"])
    s = race.state
    assert len(s.radio_deck.pile) == 30 and not any(c.radio_offer for c in s.cars.values())  # shuffled at set-up
    conserved(race)
    while race.phase is not Phase.START:
        race.apply(race.legal_actions()[0])
    assert [len(s.cars[x].radio_offer) for x in "ABR"] == [2, 2, 0] and len(s.radio_deck.pile) == 26
    car = race.current_car
    assert car == "A"
    offer = s.cars["A"].radio_offer
    assert race.legal_actions() == [Radio("A", "keep", x) for x in sorted(offer, key=lambda x: (len(x), x))]
    assert not race.explain(parse(f"A launch {s.cars['A'].hand[0]}")).legal
    events = race.apply(Radio("A", "keep", offer[1]))
    kept = next(e for e in events if isinstance(e, tev.RadioKept))
    assert (kept.card, kept.discarded) == (offer[1], (offer[0],))
    assert s.cars["A"].radio == offer[1] and s.radio_deck.discards == [offer[0]] and not s.cars["A"].radio_offer
    assert all(not isinstance(a, Radio) for a in race.legal_actions())  # now its start cards
    conserved(race)


def playing(card: str, *, ers: int = 2, wear: int | None = None, stress: int = 1, hand: tuple[str, ...] = ("G4",),
            discards: tuple[str, ...] = ()) -> Race:
    """An Advanced race at Grey's PLAY phase in round 5, Grey holding the TEAM RADIO ``card`` (every card kept in
    one place: the offers back to the pile, ``discards`` on the discard pile)."""
    race = new_race(["Grey", "Red"], 1, mode=Mode.ADVANCED)
    s = race.state
    for c in s.cars.values():
        s.radio_deck.pile += list(c.radio_offer)
        c.radio_offer = ()
    for x in (card, *discards):
        s.radio_deck.pile.remove(x)
    s.radio_deck.discards = list(discards)
    g = s.cars["Grey"]
    g.radio = card
    g.deck.pile += g.hand
    g.hand = []
    for x in hand:
        (g.deck.pile if x in g.deck.pile else g.deck.discards).remove(x)
        g.hand.append(x)
    g.ers, g.stress = ers, stress
    g.wear = s.board.wear_start[g.tyre] if wear is None else wear
    s.round, s.phase, s.order, s.turn_index, s.turn = 5, Phase.PLAY, ("Grey",), 0, Turn("Grey")
    race.refresh()
    return race


def test_each_teaching_card_trades_as_printed_once_a_turn_and_is_kept() -> None:
    """§6.9: "using it once per turn, when applicable": 'Lift and coast' +1 ERS +1 wear; 'Manage the tyres' −1 wear
    −1 ERS; 'Calm down' −1 stress −1 ERS. The card stays held; a second use the same turn is refused."""
    race = playing(HARVEST)
    g = race.state.cars["Grey"]
    ers, wear = g.ers, g.wear
    assert Radio("Grey") in race.legal_actions()
    race.apply("Grey radio")
    assert (g.ers, g.wear, g.radio) == (ers + 1, wear + 1, HARVEST)
    assert Radio("Grey") not in race.legal_actions()
    verdict = race.explain(Radio("Grey"))
    assert not verdict.legal and "once per turn" in verdict.reason
    start = race.state.board.wear_start[g.tyre]
    race = playing(TYRES, wear=start + 2)
    g = race.state.cars["Grey"]
    race.apply("Grey radio")
    assert (g.ers, g.wear) == (1, start + 1)
    race = playing(CALM, stress=2)
    g = race.state.cars["Grey"]
    race.apply("Grey radio")
    assert (g.ers, g.stress) == (1, 1)
    conserved(race)


def test_a_card_applies_only_when_its_gain_does_something_and_its_price_can_be_paid() -> None:
    full = new_race(["A", "B"], 1).state.board.ers_max
    assert Radio("Grey") not in playing(HARVEST, ers=full).legal_actions()  # ERS already full
    assert Radio("Grey") not in playing(TYRES).legal_actions()  # a fresh set: no wear to regain
    assert Radio("Grey") not in playing(CALM, stress=0).legal_actions()  # Focus: no stress to shed
    assert Radio("Grey") not in playing(CALM, stress=2, ers=0).legal_actions()  # no ERS to pay with


def test_an_option_card_swaps_with_the_top_of_the_discard_pile() -> None:
    """§6.9 (i): "Draw the top card from the discard pile. Swap the card you are discarding with the card on the
    pile"; the Option card goes to the car's discard pile."""
    race = playing(HARVEST, hand=("G4", "P1"), discards=(TYRES, CALM))
    assert Radio("Grey", "swap", "P1") in race.legal_actions()
    race.apply("Grey radio swap P1")
    s = race.state
    assert s.cars["Grey"].radio == CALM and s.radio_deck.discards == [TYRES, HARVEST]
    assert "P1" in s.cars["Grey"].deck.discards and "P1" not in s.cars["Grey"].hand
    assert not any(isinstance(a, Radio) for a in race.legal_actions())  # once per turn
    conserved(race)


def test_an_option_card_draws_two_and_keeps_one_of_three() -> None:
    """§6.9 (ii): "Draw the top two cards … Keep one and place the other cards face up on the discard pile, or keep
    your existing card"; nothing else before the choice; the choice round-trips in the notation."""
    race = playing(HARVEST, hand=("G4", "P1"))
    s = race.state
    top = s.radio_deck.pile[-2:]
    race.apply("Grey radio draw P1")
    g = s.cars["Grey"]
    assert sorted(g.radio_offer) == sorted([HARVEST, *top]) and not g.radio
    assert all(isinstance(a, Radio) and a.what == "keep" for a in race.legal_actions())
    text = race.position()
    assert " tro=" in text
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    conserved(race)
    race.apply(Radio("Grey", "keep", HARVEST))  # keeps its own card: the two new ones face up on the pile
    assert g.radio == HARVEST and sorted(s.radio_deck.discards) == sorted(top)
    conserved(race)


def test_a_pit_stop_changes_the_card_for_free() -> None:
    """§16.2: "[ADV] Change your TEAM RADIO card without playing an Option card" (once a stop)."""
    race = playing(HARVEST, discards=(TYRES,))
    s = race.state
    g = s.cars["Grey"]
    g.pit, s.phase = "service", Phase.PIT
    race.refresh()
    legal = race.legal_actions()
    assert Radio("Grey", "swap") in legal and Radio("Grey", "draw") in legal
    race.apply("Grey radio swap")
    assert g.radio == TYRES and not any(isinstance(a, Radio) for a in race.legal_actions())
    conserved(race)


def test_the_notation_round_trips_and_standard_lines_are_unchanged() -> None:
    race = playing(HARVEST, discards=(TYRES,))
    race.apply("Grey radio")
    text = race.position()
    assert f" tr={HARVEST}" in text and " tru=5" in text and f" trd={TYRES}" in text
    assert format_state(parse_position(text)) == text
    with pytest.raises(Exception) as e:
        parse_position(text.replace(f" tr={HARVEST}", " tr=TR99"))
    assert "TEAM RADIO" in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("text", ["Grey radio", "Grey radio keep TR5", "Grey radio swap P3", "Grey radio draw P3",
                                  "Grey radio swap", "Grey radio draw"])
def test_action_texts_round_trip(text: str) -> None:
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["Grey radio keep", "Grey radio keep G3", "Grey radio fly", "Grey radio swap X1",
                                  "Grey radio draw P3 P4"])
def test_bad_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


def test_the_greedy_driver_keeps_an_ers_card_and_uses_it_on_fresh_tyres() -> None:
    race = playing(HARVEST)
    assert Greedy(1).choose(race) == Radio("Grey")
    race = playing(TYRES, wear=race.state.board.wear_start[race.state.cars["Grey"].tyre] + 1, ers=1)
    assert Greedy(1).choose(race) != Radio("Grey")  # 1 ERS: not worth it
    offers = [Radio("Grey", "keep", TYRES), Radio("Grey", "keep", HARVEST)]
    assert teamradio.greedy(race.state, offers) == Radio("Grey", "keep", HARVEST)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), greedy=st.booleans())
def test_advanced_races_with_team_radio_conserve_round_trip_and_end(seed: int, n: int, greedy: bool) -> None:
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed, mode=Mode.ADVANCED)
    drivers = {c: (Greedy(seed + i) if greedy and i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        if any(isinstance(a, Radio) for a in legal) or steps % 97 == 0:
            for a in legal:
                race.clone().apply(a)  # every listed action applies
            text = race.position()
            assert format_state(parse_position(text)) == text
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
        steps += 1
        assert steps < 30_000
    assert sorted(race.classification()) == sorted(cars_)
