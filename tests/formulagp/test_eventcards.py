"""The EVENT deck and Option/EVENT cards in the race (data/event_deck.toml, eventdeck.py, eventcards.py): the data and
its clean errors, Option cards drawing EVENT cards (not in round 1, A40), holding and playing them at the start or
end of the turn, their effects, the 'apply immediately' card held too long (the rulebook's example x1), the deck's
conservation and reshuffle over seeded races."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from racebook.core.errors import DataError, SetupError
from racebook.formulagp import eventdeck
from racebook.formulagp import events as ev
from racebook.formulagp.actions import End, OptionCard, Play, PlayEvent, To
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.components import Secondary, Timing, cards
from racebook.formulagp.eventcards import RACE_EVENTS
from racebook.formulagp.eventdeck import EventEffect, event_card, event_deck, parse_event_deck
from racebook.formulagp.integrity import problems
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, Turn
from tests.formulagp.test_race import conserved
from tests.formulagp.test_secondary import last, position

FILE = eventdeck.DATA / "event_deck.toml"


# ------------------------------------------------------------------ the data
def test_the_teaching_deck_and_its_named_cards() -> None:
    deck = event_deck()
    assert len(deck.cards) == 30 and deck.codes == [f"E{i}" for i in range(1, 31)]  # the box's 30 (§3)
    named = {c.name: c for c in cards().named}
    for card in deck.cards:
        if card.name in named:  # the named card's face is written once, in cards.toml
            n = named[card.name]
            assert (card.timing, card.secondary, card.penalty_icons) == (n.timing, n.secondary, n.penalty_icons)
    assert {c.name for c in deck.cards} >= {"Investigation", "Incident on Track", "Safety Car", "Virtual Safety Car"}
    assert event_card("E1").secondary is Secondary.PARAMETER2  # Example 2: it pairs with GREEN G4-G6
    assert all(v.startswith(("digest §", "invented-for-teaching: ")) for v in deck.sources.values())
    assert any(c.timing is Timing.IMMEDIATELY and c.penalty_icons for c in deck.cards)  # example x1


def _doc() -> dict[str, Any]:
    import tomllib

    return tomllib.loads(FILE.read_text())


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["deck"].update(size=13), "card"),
    (lambda d: d["card"][0].update(effect="mp"), "card[0].effect"),
    (lambda d: d["card"][4].update(effect="teleport"), "card[4].effect"),
    (lambda d: d["card"][4].update(effect="safety_car"), "card[4].effect"),
    (lambda d: d["card"][4].update(secondary="brake"), "card[4].secondary"),
    (lambda d: d["card"][4].pop("source"), "card[4].source"),
    (lambda d: d["card"][4].update(source="made up"), "card[4].source"),
    (lambda d: d["card"][5].update(name="Clean Air"), "card[5].name"),
    (lambda d: d["card"][4].update(colour="red"), "card[4].colour"),
    (lambda d: d.update(schema=2), "schema"),
    (lambda d: d.update(card=[]), "card"),
])
def test_bad_event_decks_are_data_errors(edit: Any, field: str) -> None:
    doc = _doc()
    edit(doc)
    with pytest.raises(DataError) as e:
        parse_event_deck(doc, "event_deck.toml")
    assert e.value.field == field and e.value.file == "event_deck.toml" and "\n" not in str(e.value)


# ------------------------------------------------------------------ Option cards (§6.5)
def _stack(race: Any, *codes: str) -> None:
    eventdeck.stack(race.state, list(codes))
    race.refresh()


def test_an_option_card_draws_an_event_card_held_face_down() -> None:
    race = position(["P1", "G1", "G2", "G3", "G4", "G5"], ers=4)
    _stack(race, "E9")
    c = race.state.cars["A"]
    race.apply("A option P1")
    assert c.events == ["E9"] and "E9" not in c.hand and "P1" in c.deck.discards
    assert last(race, ev.OptionPlayed).event == "E9"  # type: ignore[attr-defined]
    assert len(c.hand) == 5 <= race.state.hand_limit(c)  # an EVENT card is not part of the hand (§8.5)
    conserved(race)


def test_no_event_card_in_race_round_1_but_in_round_2() -> None:
    """§6.7: no EVENT card is drawn in race round 1; A40: round 2 allows it."""
    r1 = position(["P1", "G1"], round_=1)
    assert OptionCard("A", "P1") not in r1.legal_actions()
    assert r1.explain(OptionCard("A", "P1")).rule == "§6.7"
    r2 = position(["P1", "G1"], round_=2)
    assert OptionCard("A", "P1") in r2.legal_actions()


def test_an_option_card_is_played_before_moving_only() -> None:
    race = position(["P1", "G1"])
    race.apply("A play G1")
    assert OptionCard("A", "P1") not in race.legal_actions()
    assert race.explain(OptionCard("A", "P1")).rule in ("§6.5", "§10.3")


# ------------------------------------------------------------------ EVENT cards (§6.7)
def test_an_mp_event_card_adds_to_the_move_before_it_only() -> None:
    """§10.3 step 2.9: EVENT-card movement is added to the MP (Example 10's 5 MP + 1)."""
    race = position(["G1"], events=["E5", "E9"], ers=3)
    race.apply("A event E5")
    race.apply(Play("A", ("G1",)))
    assert last(race, ev.CardsPlayed).mp == 6  # type: ignore[attr-defined]
    assert "E5" in race.state.events.discards
    late = position(["G1"], events=["E5", "E9"], ers=3)
    late.apply("A play G1")
    t = late.state.turn
    assert t is not None
    while t.mp_left:
        late.apply(next(a for a in late.legal_actions() if isinstance(a, To)))
    legal = late.legal_actions()
    assert End("A") in legal and PlayEvent("A", "E9") in legal and PlayEvent("A", "E5") not in legal
    assert late.explain(PlayEvent("A", "E5")).rule == "§10.3"
    late.apply("A event E9")  # the end of the turn: +1 ERS
    assert late.state.cars["A"].ers == 4
    assert late.explain(PlayEvent("A", "E9")).rule == "§6.7"


def test_event_effects_ers_tyres_relief() -> None:
    race = position(["G1"], events=["E9", "E12", "E10"], ers=4, wear=6)
    c = race.state.cars["A"]
    c.stress = 2
    race.apply("A event E9")
    assert c.ers == 4  # never above the maximum
    race.apply("A event E12")
    assert c.wear == 5
    race.apply("A event E10")
    assert c.stress == 1 and last(race, ev.StressMoved).delta == -1  # type: ignore[attr-defined]
    assert c.events == [] and sorted(race.state.events.discards) == ["E10", "E12", "E9"]


def test_the_race_event_cards_are_held_played_and_recorded() -> None:
    """'Safety Car' (§19.4), 'Incident on Track' (§19.3) and 'Virtual Safety Car' (§19.5) are drawn, held and played
    here; their effect on the race belongs to the race events (``RACE_EVENTS`` is where the call goes): the WHITE die,
    then the Safety Car (or on a 6 the Red Flag, Example 24's scenario), and the 'Safety Car' card is then out of the
    game (§19.4.2); the VSC from the end of this driver's move; 'Incident on Track' a Yellow Flag at the car's tile
    and Race Control advanced by the WHITE die (flags.incident_on_track; test_incident_on_track)."""
    assert {EventEffect.INCIDENT_ON_TRACK, EventEffect.SAFETY_CAR, EventEffect.VIRTUAL_SAFETY_CAR} <= set(RACE_EVENTS)
    race = position(["G1"], events=["E3", "E2"])
    race.state.stacked["white"] = ["4"]
    race.apply("A event E3")
    played = last(race, ev.EventPlayed)
    assert played.citation == "§19.4" and "resolved now" in played.effect  # type: ignore[attr-defined]
    assert (last(race, ev.SafetyCarRoll).face, last(race, ev.SafetyCarRoll).outcome) == (  # type: ignore[attr-defined]
        4, "the Safety Car is deployed")
    assert race.state.sc_tile >= 0 and not race.state.restart
    assert race.state.events_out == ["E3"] and "E3" not in race.state.events.discards
    assert race.explain("A event E2").rule == "§19.4.2"  # under the Safety Car EVENT cards are off (§19.4.2)
    conserved(race)

    incident = position(["G1"], events=["E2"])  # 'Incident on Track': Race Control +3, the Green Flag 2 tiles on
    incident.state.stacked["white"] = ["3", "2"]
    incident.apply("A event E2")
    assert last(incident, ev.EventPlayed).citation == "§19.3" and "resolved now" in last(  # type: ignore[attr-defined]
        incident, ev.EventPlayed).effect
    assert last(incident, ev.RaceControl).spaces == 3 and incident.state.yellow_track == 3  # type: ignore[attr-defined]
    assert len(incident.state.zones) == 1 and incident.state.zones[0].yellow == incident.state.cars["A"].pos.tile
    assert "E2" in incident.state.events.discards
    conserved(incident)

    virtual = position(["G1"], events=["E4"])
    virtual.apply("A event E4")
    assert last(virtual, ev.EventPlayed).citation == "§19.5"
    assert (virtual.state.vsc, virtual.state.vsc_car) == (1, "A") and "E4" in virtual.state.events.discards
    conserved(virtual)

def test_a_red_flag_from_the_drivers_own_safety_car_card_ends_its_turn() -> None:
    """§19.6, §6.7: the 'Safety Car' EVENT card played before the move, its WHITE die a 6: the Red Flag puts every
    car on the grid and the driver, who has not moved yet, plays no movement card from its grid place: its turn ends
    (before the fix it could still play G1 and move off the grid into another car's space)."""
    race = position(["G1"], events=["E3"])
    race.state.stacked["white"] = ["6"]
    race.apply("A event E3")
    assert race.state.restart and race.legal_actions() == [End("A")]
    assert not race.explain("A play G1").legal
    race.apply("A end")
    assert last(race, ev.TurnEnded).car == "A" and not problems(race.state)  # type: ignore[attr-defined]
    conserved(race)


def test_an_apply_immediately_event_held_too_long_on_a_built_position() -> None:
    """The rulebook's example in §6.7 [4.4] on a built position (the scenario replay is ``test_fgp_ex_x1_…`` in
    test_examples.py, fgp_exx1): an 'apply immediately' EVENT card may be held, but when it is proven it
    should already have been played (the player held only that card then and used it later), the player takes the
    Penalty tokens its icons show. 'Perfect Exit' (E7) has one penalty icon."""
    race = position(["P1", "G1", "G2"])
    _stack(race, "E7")
    c = race.state.cars["A"]
    race.apply("A option P1")
    assert c.events == ["E7"] and event_card("E7").immediate and event_card("E7").penalty_icons == 1
    race.apply("A play G1")  # moves on without applying it
    t = race.state.turn
    assert t is not None
    while t.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    race.apply("A end")  # its turn is over: the card should have been applied
    assert c.overdue == ["E7"] and c.penalties == 0
    s = race.state
    s.phase, s.order, s.turn_index = Phase.PLAY, ("A",), 0
    s.turn = Turn("A")
    race.refresh()
    race.apply("A event E7")  # used later: the proof
    late = last(race, ev.HeldTooLong)
    assert (late.card, late.tokens) == ("E7", 1) and c.penalties == 1 and c.overdue == []  # type: ignore[attr-defined]
    assert last(race, ev.PenaltyTaken).citation == "§6.7"
    on_time = position(["P1", "G1"])
    _stack(on_time, "E7")
    on_time.apply("A option P1")
    on_time.apply("A event E7")  # applied in the turn it was drawn: no penalty
    assert on_time.state.cars["A"].penalties == 0


def test_a_stacked_card_must_be_in_the_deck() -> None:
    race = position(["G1"], events=["E4"])
    with pytest.raises(SetupError, match="§6.7"):
        eventdeck.stack(race.state, ["E4"])


def test_the_first_draw_shuffles_and_an_empty_deck_reshuffles_its_discards() -> None:
    race = position(["P1", "P2", "G1"])
    s = race.state
    assert not s.events_shuffled and s.events.pile == event_deck().codes
    held = s.events.pile[:-1]
    s.events.discards, s.events.pile = held, s.events.pile[-1:]
    race.refresh()
    race.apply("A option P1")
    assert s.events_shuffled and s.events.pile == [] and len(s.cars["A"].events) == 1
    race.apply("A option P2")
    assert s.events.reshuffles == 1 and len(s.cars["A"].events) == 2
    conserved(race)


@pytest.mark.parametrize("seed", [3, 4])
def test_seeded_races_draw_play_and_conserve_event_cards(seed: int) -> None:
    """Mixed greedy and random drivers: EVENT cards drawn and played; every card in one place at the end (the
    property test of test_race checks it after every action)."""
    race = new_race(["A", "B", "C"], seed)
    play_out(race, {"A": Greedy(seed), "B": RandomDriver(seed), "C": Greedy(seed + 1)})
    kinds = Counter(type(e).__name__ for e in race.events)
    assert kinds["OptionPlayed"] > 0 and kinds["EventPlayed"] > 0 and race.is_over
    conserved(race)


def _late_event(rules: Rules) -> Any:
    race = position(["P1", "G1", "G2"])
    race.state.rules = rules
    _stack(race, "E7")
    race.apply("A option P1")
    race.apply("A play G1")
    t = race.state.turn
    assert t is not None
    while t.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    race.apply("A end")
    s = race.state
    s.phase, s.order, s.turn_index, s.turn = Phase.PLAY, ("A",), 0, Turn("A")
    race.refresh()
    race.apply("A event E7")
    return race.state.cars["A"]


def test_the_immediate_event_house_rule_both_ways() -> None:
    """§6.7: by default the engine proves an 'apply immediately' card held past its turn (1 Penalty token for
    'Perfect Exit'); with the switch off it proves nothing during the race."""
    assert _late_event(Rules()).penalties == 1
    off = _late_event(Rules(immediate_event_overdue_after_its_turn=False))
    assert off.penalties == 0 and off.overdue == []


def test_held_event_cards_are_face_down_for_the_others() -> None:
    """§6.7: EVENT cards are held face down on the table: their owner sees them, the others how many."""
    from racebook.core.visibility import TABLE
    from racebook.formulagp import visibility as fgpvis

    race = position(["G1"], events=["E5", "E7"])
    assert fgpvis.events_view(race.state, "A")["A"] == ("E5", "E7")
    assert fgpvis.events_view(race.state, "B")["A"] == (fgpvis.FACE_DOWN,) * 2
    assert fgpvis.events_view(race.state, TABLE)["B"] == ()
    assert {h.item for h in fgpvis.hidden(race.state) if h.where == fgpvis.FACE_DOWN} == {"A:E5", "A:E7"}
