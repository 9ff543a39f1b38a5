"""Rule pieces of a Standard race completed for issue 37 item 1 (helper h5): one rule in one place (a collision's
Penalty token through ``penalties.give``, a battle's Tyre Wear wear through ``tyrewear.wear_by``), Cold Tyres in a
battle (A35), the unlapped car rejoining the sequence (§19.7.4), the Red Flag grid (§19.6), and the readings of the
Investigation (§17.4) and of "a green result equals 1" (§19.3.1, A3) checked against the original.
"""

from __future__ import annotations

from racebook.formulagp import events as ev
from tests.formulagp.test_battles import adjacent_stop
from tests.formulagp.test_losscontrol import GREEN, LOC, RED, red_die_at_end


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
