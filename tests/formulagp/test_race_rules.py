"""Rule pieces of a Standard race completed for issue 37 item 1 (helper h5): one rule in one place (a collision's
Penalty token through ``penalties.give``, a battle's Tyre Wear wear through ``tyrewear.wear_by``), Cold Tyres in a
battle (A35), the unlapped car rejoining the sequence (§19.7.4), the Red Flag grid (§19.6), and the readings of the
Investigation (§17.4) and of "a green result equals 1" (§19.3.1, A3) checked against the original.
"""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags, redflag
from racebook.formulagp.agents import Greedy
from racebook.formulagp.eventdeck import EventEffect, event_card
from racebook.formulagp.game import Race
from racebook.formulagp.incidentcards import IncidentDeck
from racebook.formulagp.lapping import rejoin_sequence
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_battles import adjacent_stop
from tests.formulagp.test_incident_on_track import no_race_event_draws
from tests.formulagp.test_losscontrol import GREEN, LOC, RED, red_die_at_end
from tests.formulagp.test_race import at_turn, conserved
from tests.formulagp.test_secondary import position


# ------------------------------------------------------------------ one rule, one place
def test_a_collisions_penalty_token_is_given_through_the_penalty_rules() -> None:
    """§18.3: the initiator takes a Penalty token — logged as every Penalty token is (§17.3, ``PenaltyTaken``)."""
    race, events = red_die_at_end({"Grey": "T03.2.1", "Red": "T03.3.1", "Blue": "T33.1.1"}, ["G5"],
                                  {"red": [LOC], "white": [GREEN, RED]})
    taken = [(e.car, e.tokens, e.total, e.rule) for e in events if isinstance(e, ev.PenaltyTaken)]
    assert taken == [("Grey", 1, 1, "§18.3"), ("Red", 1, 1, "§18.3")]
    assert [e.penalties for e in events if isinstance(e, ev.Collided)] == [1, 1]


def test_a_battle_tyre_wear_card_moves_the_marker_through_the_wear_rules() -> None:
    """§13.3, §14.1: a Tyre Wear card laid in a battle costs +1 wear; reaching an icon on the wear track is logged."""
    race = adjacent_stop(["W1"], ["G5"])
    grey = race.state.cars["Grey"]
    grey.wear = 5  # soft: degraded at 6 (the teaching board)
    race.apply("Grey attack Red")
    race.apply("Grey bid W1")
    events = race.apply("Red bid G5")
    icons = [(e.car, e.wear) for e in events if isinstance(e, ev.TyreIcon)]
    assert icons == [("Grey", 6)] and grey.wear == 6
    shown = next(e for e in events if isinstance(e, ev.BattleRevealed) and e.car == "Grey")
    assert shown.wear == 6


# ------------------------------------------------------------------ Cold Tyres in a battle (§13.3 item 4, A35)
def _battle(attacker_cold: int, defender_cold: int) -> tuple[ev.BattleRevealed, ev.BattleRevealed]:
    race = adjacent_stop(["B1"], ["B2"])
    s = race.state
    s.cars["Grey"].cold, s.cars["Red"].cold = attacker_cold, defender_cold
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    events = race.apply("Red bid B2")
    att, dfn = (e for e in events if isinstance(e, ev.BattleRevealed))
    return att, dfn


def test_cold_tyres_take_two_leds_off_the_attacker_and_the_defender() -> None:
    """A35: a car with a Cold Tyres token (§16.5: the round it leaves the pit lane and the next) counts −2 LEDs in a
    battle, attacking or defending. BLUE 3 LEDs each; the attacker adds its OT level's 2 LEDs (OT 2)."""
    att, dfn = _battle(0, 0)
    assert (att.leds, dfn.leds, att.cold_leds, dfn.cold_leds) == (5, 3, 0, 0)
    assert "Cold Tyres" not in att.sentence()
    att, dfn = _battle(2, 0)
    assert (att.leds, dfn.leds, att.cold_leds) == (3, 3, -2) and "-2 Cold Tyres = 3 LEDs" in att.sentence()
    att, dfn = _battle(0, 1)
    assert (att.leds, dfn.leds, dfn.cold_leds) == (5, 1, -2)
    att, dfn = _battle(1, 2)
    assert (att.leds, dfn.leds) == (3, 1)


# ------------------------------------------------------------------ unlapping: back in the sequence at once (§19.7.4)
def _unlapping() -> Race:
    """Round 3: Red leads (lap 2, T11), Grey a lap down with a single Blue Flag (lap 1, T10) moves second, Blue (lap
    2, T05) last. Grey's R1 (+1 MP, the Car Characteristic) takes it to T13, two tiles ahead of the leader: it gets
    its lap back."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 1), "Grey",
                   {"Grey": "T10.2.1", "Red": "T11.1.1", "Blue": "T05.1.1"}, ["R1", "R2", "G3"])
    s = race.state
    s.cars["Red"].lap, s.cars["Blue"].lap, s.cars["Grey"].lap, s.cars["Grey"].blue = 2, 2, 1, 1
    s.order, s.turn_index = ("Red", "Grey", "Blue"), 1
    no_race_event_draws(s)  # Blue's driver plays Option cards: no Safety Car ends this round
    race.refresh()
    race.apply("Grey play R1 +char")
    for step in ("T10.2.2", "T10.3.2", "T11.3.1", "T11.3.2", "T12.3.1", "T12.3.2", "T13.3.1", "T13.3.2"):
        race.apply(f"Grey to {step}")
    return race


def test_an_unlapped_car_rejoins_the_sequence_at_once_and_moves_twice() -> None:
    """§19.7.4: "The car immediately returns to the normal players' sequence. This allows a driver to move two times
    in a game round." Grey's place by the driver order from the leader's tile back (§10.2) is after Blue: it moves
    again once Blue has moved."""
    race = _unlapping()
    events = race.apply("Grey end")
    s = race.state
    assert s.cars["Grey"].blue == 0 and any(isinstance(e, ev.Unlapped) for e in events)
    rejoined = next(e for e in events if isinstance(e, ev.SequenceRejoined))
    assert rejoined.order == ("Blue", "Grey") and "second time" in rejoined.sentence()
    assert s.order == ("Red", "Grey", "Blue", "Grey") and race.current_car == "Blue"
    text = format_state(s)
    assert "order=Red,Grey,Blue,Grey" in text and format_state(parse_position(text)) == text
    driver = Greedy(2)
    while race.current_car == "Blue":
        race.apply(driver.choose(race))
    assert race.current_car == "Grey" and race.phase is Phase.PLAY and s.round == 3  # its second turn this round
    assert race.legal_actions()


def test_a_car_moves_at_most_twice_in_a_round() -> None:
    race = _unlapping()
    s = race.state
    s.order = ("Grey", "Red", "Grey", "Blue")  # Grey has moved twice already (a second unlapping this round)
    s.turn_index = 2
    log = EventLog(None)
    rejoin_sequence(s, s.cars["Grey"], log)
    assert s.order == ("Grey", "Red", "Grey", "Blue") and not list(log)


# ------------------------------------------------------------------ the Red Flag grid (§19.6)
def _red_flag_race() -> Race:
    """Example 24's field: Orange leads, then Grey, Red (in its pit box beside T40) and Blue."""
    where = {"Orange": "T02.1.2", "Grey": "T01.2.2", "Red": "T40.4.1", "Blue": "T40.2.1"}
    race = at_turn(new_race(list(where), 1), "Orange", where, ["G1"])
    s = race.state
    s.order, s.turn_index = tuple(where), 0
    s.cars["Orange"].lap = s.cars["Grey"].lap = 1
    s.cars["Red"].pit, s.cars["Red"].pit_round = "box", 3
    race.refresh()
    return race


def test_fgp_ex_24_the_red_flag_grid_with_the_pit_rules() -> None:
    """Example 24 (§19.6 item 1) with Red in its pit box (the pit rules, not a stand-in): the grid is Orange 1st, Grey
    2nd, Blue 3rd, Red 4th (last); Red's stop is over, it stands on its grid place."""
    race = _red_flag_race()
    s = race.state
    log = EventLog(None)
    redflag.red_flag(s, log, "a tile blocked by spun cars")
    assert s.grid == ("Orange", "Grey", "Blue", "Red")
    assert s.cars["Red"].pit == "" and s.track.name_of(s.cars["Red"].pos) == s.track.name_of(s.track.grid[3])
    conserved(race)


def test_the_red_flag_grid_repairs_damage_fits_fresh_tyres_and_removes_the_safety_car_card() -> None:
    """§19.6 step 2: tyres changed and damage repaired, system failures not; step 5: the 'Safety Car' EVENT card
    leaves the deck. Every ACTION, EVENT and incident card stays in one place."""
    race = _red_flag_race()
    s = race.state
    grey = s.cars["Grey"]
    damage = s.incident_decks[IncidentDeck.DAMAGE.value].discards.pop()
    failure = s.incident_decks[IncidentDeck.FAILURE.value].discards.pop()
    grey.damage, grey.failures, grey.wear = [damage], [failure], 11
    sc_card = next(x for x in s.events.pile + s.events.discards if event_card(x).effect is EventEffect.SAFETY_CAR)
    log = EventLog(None)
    redflag.red_flag(s, log, "a tile blocked by spun cars")
    assert grey.damage == [] and grey.failures == [failure]
    assert damage in s.incident_decks[IncidentDeck.DAMAGE.value].discards
    assert s.grid_tyres == s.grid and not any(isinstance(e, ev.GridTyres) for e in log)  # chosen at the round's end
    assert redflag.choose_tyres(s)  # the round's end: each driver chooses (tests/formulagp/test_redflag_tyres.py)
    race.refresh()
    for car in s.grid:
        log.extend(race.apply(f"{car} tyres {s.cars[car].tyre.value}"))  # each its own type: a fresh set
    assert grey.wear == s.board.wear_start[grey.tyre]
    fitted = [e for e in log if isinstance(e, ev.GridTyres)]
    assert [e.car for e in fitted] == list(s.grid)
    assert sc_card in s.events_out and sc_card not in s.events.pile + s.events.discards
    assert [e.card for e in log if isinstance(e, ev.EventCardRemoved)] == [sc_card]
    repaired = [e for e in log if isinstance(e, ev.Repaired)]
    assert [(e.car, e.card) for e in repaired] == [("Grey", damage)]
    conserved(race)
    assert Counter(s.incident_cards_everywhere()) == before_incidents(race)


def before_incidents(race: Race) -> Counter[str]:
    fresh = new_race(list(race.state.cars), 1).state
    return Counter(fresh.incident_cards_everywhere())


# ------------------------------------------------------------------ readings checked against the original
@pytest.mark.parametrize("counts_hand", [True, False])
def test_the_investigation_counts_the_penalty_icons_in_hand(counts_hand: bool) -> None:
    """§17.4, the original's 13.12.1: every car shows the EVENT cards it holds; a player "with one or more cards with
    the penalty icons in their hand" takes a token per icon. B holds the Draw Failure card (one penalty icon, §6.6)
    in its hand: counted by default (``investigation_counts_hand``, the hand as the end-of-race reveal reads it),
    not with the digest's summary (EVENT cards only)."""
    race = position(["G1"], events=["E1"])
    s = race.state
    s.rules = Rules(investigation_counts_hand=counts_hand)
    b = s.cars["B"]
    if "F1" not in b.hand:
        (b.deck.pile if "F1" in b.deck.pile else b.deck.discards).remove("F1")
        b.hand.append("F1")
    race.refresh()
    race.apply("A event E1")
    shown = {e.car: e for e in race.events if isinstance(e, ev.CardsShown)}
    assert shown["B"].icons == int(counts_hand) and b.penalties == int(counts_hand)
    assert ("F1" in shown["B"].cards) is counts_hand and "F1" in b.hand  # shown, not taken
    conserved(race)


@pytest.mark.parametrize("any_green", [False, True])
def test_a_green_result_equals_1_for_the_green_flag_and_incident_on_track(any_green: bool) -> None:
    """§19.3.1 step 3, §19.3.2, A3: the WHITE die puts the Green Flag that many tiles ahead, "a green result equals
    1". Default: the icon face (1) counts 1 and the green 3 counts 3 (the original's [ADV] Safety Car period needs
    green faces with their numbers); ``green_result_any_green_face``: the green 3 counts 1. A red 4 is 4 both ways."""
    where = {"Grey": "T02.1.1", "Red": "T10.2.1", "Blue": "T30.1.1"}
    cars = list(where)
    race = at_turn(new_race(cars, 1, rules=Rules(green_result_any_green_face=any_green)), "Grey", where, ["G1"])
    s = race.state
    s.stacked["white"] = ["3"]
    log = EventLog(None)
    flags.incident(s, "Red", log)
    flag = next(e for e in log if isinstance(e, ev.YellowFlag))
    assert flag.green == ("T11" if any_green else "T13")
    s.zones = ()
    s.stacked["white"] = ["4"]
    flags.incident(s, "Blue", log)
    assert [e for e in log if isinstance(e, ev.YellowFlag)][-1].green == "T34"
    assert flags.green_result(s, s.white_face(0)) == 1  # the icon face
    assert flags.green_result(s, s.white_face(2)) == (1 if any_green else 3)
    assert flags.green_result(s, s.white_face(3)) == 4
