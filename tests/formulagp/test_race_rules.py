"""Rule pieces of a Standard race completed for issue 37 item 1 (helper h5): one rule in one place (a collision's
Penalty token through ``penalties.give``, a battle's Tyre Wear wear through ``tyrewear.wear_by``), Cold Tyres in a
battle (A35), the unlapped car rejoining the sequence (§19.7.4), the Red Flag grid (§19.6), and the readings of the
Investigation (§17.4) and of "a green result equals 1" (§19.3.1, A3) checked against the original.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.agents import Greedy
from racebook.formulagp.game import Race
from racebook.formulagp.lapping import rejoin_sequence
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_battles import adjacent_stop
from tests.formulagp.test_losscontrol import GREEN, LOC, RED, red_die_at_end
from tests.formulagp.test_race import at_turn


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

