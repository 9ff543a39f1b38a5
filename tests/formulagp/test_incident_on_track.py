"""The 'Incident on Track' EVENT card in the race (digest §19.3, §19.3.2, A14) and the calibration of the invented
values around it (issue 37; docs/formulagp.md, "Incident on Track and the calibration"): the teaching EVENT deck of the
box's 30 cards with each named card once, the Race Control track's Safety Car spaces (7 green, 6 red), the house rule
``safety_car_in_final_lap_ends_race`` (§19.4.1) both ways, and a pit-lane starter whose start round a Safety Car cut
short (§19.4.2 step 2)."""

from __future__ import annotations

import pytest

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags, safetycar
from racebook.formulagp.actions import Discard, OptionCard, PlayEvent
from racebook.formulagp.agents import Greedy
from racebook.formulagp.components import FaceColour
from racebook.formulagp.eventcards import RACE_EVENTS
from racebook.formulagp.eventdeck import EventEffect, event_card, event_deck, stack
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.state import Phase, RaceState
from tests.formulagp.test_race import conserved
from tests.formulagp.test_secondary import position

NAMED = {EventEffect.INVESTIGATION, EventEffect.INCIDENT_ON_TRACK, EventEffect.SAFETY_CAR,
         EventEffect.VIRTUAL_SAFETY_CAR}


def no_race_event_draws(s: RaceState) -> None:
    """Stack the EVENT deck so that every card but the race-event cards (§19.3-§19.5) is drawn first: for tests
    whose seeded computer drivers play Option cards and whose subject is not a race event."""
    stack(s, [c for c in event_deck().codes if event_card(c).effect not in RACE_EVENTS])


# ------------------------------------------------------------------ the data
def test_the_teaching_event_deck_is_the_box_s_30_with_each_named_card_once() -> None:
    """§3: 30 EVENT cards; the source names each of the four named cards in the singular ('Remove the Safety Car
    EVENT card from the deck', §19.6): once each; the 26 others invented, E1-E12 unchanged."""
    deck = event_deck()
    assert len(deck.cards) == panel().counts["event"] == 30
    named = [c for c in deck.cards if c.effect in NAMED]
    assert sorted(c.effect.value for c in named) == sorted(e.value for e in NAMED)
    assert [c.name for c in deck.cards[:4]] == ["Investigation", "Incident on Track", "Safety Car",
                                                "Virtual Safety Car"]
    invented = [v for k, v in deck.sources.items() if k.startswith("card[") and int(k[5:k.index("]")]) >= 4]
    assert len(invented) >= 26 and all(v.startswith("invented-for-teaching: ") for v in invented)


def test_the_safety_car_spaces_lie_beyond_a_cloudy_to_rainy_change_and_one_incident_die() -> None:
    """§19.1.1: the Cloudy -> Rainy change moves the token 3 spaces 'if it reaches SC' (from the Rainy start's cloud
    space too); 13.8.2: 'cumulative risky events' bring the SC: one 'Incident on Track' die (1-6) from the first space
    reaches it only on the red side, with a 6."""
    sides = panel().sides
    green, red = sides[FaceColour.GREEN], sides[FaceColour.RED]
    assert (green.safety_car, red.safety_car) == (7, 6)
    for side in (green, red):
        assert side.safety_car > side.cloud + 3
    assert green.safety_car > 6 and red.safety_car == 6 and red.safety_car < green.safety_car


# ------------------------------------------------------------------ the card through the engine
@pytest.mark.parametrize(("side", "roll", "safety_car"), [("green", "6", False), ("red", "6", True),
                                                          ("red", "5", False), ("green", "1", False)])
def test_incident_on_track_played_places_a_yellow_flag_and_advances_race_control_by_the_die(
        side: str, roll: str, safety_car: bool) -> None:
    """§19.3.2: the card's WHITE die advances Race Control (the icon face counts 1, A3); at the side's Safety Car
    space the Safety Car comes out (and the track is cleared), otherwise a Yellow Flag on the car's tile with the
    Green Flag the next WHITE die's tiles ahead (§19.3.1); the card is then discarded."""
    race = position(["G1"], events=["E2"])
    s = race.state
    s.panel_side = side
    s.stacked["white"] = [roll, "2"]
    events = race.apply("A event E2")
    played = next(e for e in events if isinstance(e, ev.EventPlayed))
    assert (played.card, played.citation) == ("E2", "§19.3") and "resolved now" in played.effect
    control = next(e for e in events if isinstance(e, ev.RaceControl))
    assert (control.spaces, control.threshold, control.citation) == (int(roll), flags.threshold(s), "§19.3.2")
    assert "'Incident on Track'" in control.cause
    assert any(isinstance(e, ev.SafetyCarDeployed) for e in events) is safety_car
    if safety_car:
        assert s.sc_tile >= 0 and s.zones == () and s.yellow_track == 0  # the token starts over (a reading)
    else:
        flag = next(e for e in events if isinstance(e, ev.YellowFlag))
        assert (flag.car, flag.tile, flag.green, flag.citation) == ("A", "T10", "T12", "§19.3.1")
        assert s.yellow_track == int(roll) and s.zones[0].yellow == s.cars["A"].pos.tile
    assert "E2" in s.events.discards and "E2" not in s.cars["A"].events
    conserved(race)


def test_incident_on_track_inside_a_zone_extends_it_and_a_second_zone_brings_the_safety_car() -> None:
    """§19.3: a second incident in an active zone issues no new Yellow Flag (the zone lasts a round longer); a
    second, separate zone deploys the Safety Car (§19.4)."""
    race = position(["G1"], events=["E2"])
    s = race.state
    s.stacked["white"] = ["2", "3"]
    flags.incident_on_track(s, "B", EventLog(None))  # B's zone, far from A
    until = s.zones[0].until
    s.stacked["white"] = ["1", "2"]
    events = race.apply("A event E2")
    assert any(isinstance(e, ev.SafetyCarDeployed) and "two separate" in e.cause for e in events)
    race = position(["G1"], events=["E2"])
    s = race.state
    s.stacked["white"] = ["1", "3"]
    flags.incident(s, "A", EventLog(None))  # A's own zone
    until = s.zones[0].until
    events = race.apply("A event E2")
    assert s.zones[0].until == until + 1 and not any(isinstance(e, ev.YellowFlag) for e in events)
    assert any(isinstance(e, ev.YellowExtended) for e in events) and s.sc_tile < 0


# ------------------------------------------------------------------ §19.4.1 both ways
def _final_lap_race(rules: Rules, flag_at: int) -> Race:
    race = position(["G1"], events=["E3"])
    race.state.rules = rules
    s = race.state
    s.flag = flag_at
    s.final_lap = s.flag >= s.final_lap_at
    s.order, s.turn_index = ("A",), 0
    s.stacked["white"] = ["4"]  # the 'Safety Car' card: not a 6, the Safety Car
    race.refresh()
    return race


@pytest.mark.parametrize("literal", [True, False])
def test_a_safety_car_deployed_in_the_final_lap_ends_the_race_or_runs_its_period(literal: bool) -> None:
    """§19.4.1 'still on track on or after the 24th game round': any Safety Car out in round 24 or later ends the race
    (default); with ``safety_car_in_final_lap_ends_race`` off only one already out when the flag reached space 24
    does: one deployed in round 25 runs its two rounds and racing resumes."""
    race = _final_lap_race(Rules(safety_car_in_final_lap_ends_race=literal), 25)
    race.apply("A event E3")
    assert race.state.sc_tile >= 0
    events = race.apply("A play G1")
    while not race.is_over and race.state.round == 3 and race.state.turn is not None:
        events = race.apply(Greedy(1).choose(race))
    ended = any(isinstance(e, ev.EndsUnderSafetyCar) for st in race.steps for e in st.events)
    assert ended is literal and race.is_over is literal
    if not literal:
        assert race.state.sc_tile >= 0 and race.state.sc_until == 27 and not events == []


@pytest.mark.parametrize("literal", [True, False])
def test_a_safety_car_out_when_the_flag_reaches_space_24_ends_the_race_in_both_readings(literal: bool) -> None:
    race = _final_lap_race(Rules(safety_car_in_final_lap_ends_race=literal), 23)
    race.apply("A event E3")
    race.apply("A play G1")
    while not race.is_over and race.state.turn is not None:
        race.apply(Greedy(1).choose(race))
    assert race.is_over and any(isinstance(e, ev.EndsUnderSafetyCar) for st in race.steps for e in st.events)


# ------------------------------------------------------------------ a pit-lane starter and the Safety Car
def test_a_pit_lane_starter_whose_round_the_safety_car_ended_joins_the_next_round() -> None:
    """§9.3, A7, §19.4.2 step 2: a car due to leave the pit lane after everyone in round 3 loses that turn when a
    Safety Car ends the round at once; it joins in round 4 (it used never to join)."""
    from tests.formulagp.test_qualifying import _crashed_race, _drive_to_round

    race = _crashed_race(Rules(pit_lane_start_round=3))
    race.apply(race.legal_actions()[0])
    no_race_event_draws(race.state)
    _drive_to_round(race, 3)
    drivers = {c: Greedy(i) for i, c in enumerate(race.state.cars)}
    while race.phase is not Phase.PLAY:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    s = race.state
    assert s.round == 3 and s.order[-1] == "A" and s.turn is not None and s.turn.car != "A"
    log = EventLog(None)
    safetycar.deploy(s, log, "a test")
    assert "A" in next(e for e in log if isinstance(e, ev.SafetyCarDeployed)).lost
    race.refresh()
    while not (s.turn and s.turn.car == "A"):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    assert s.round == 4 and s.order[-1] == "A"
    race.apply(drivers["A"].choose(race))
    assert any(isinstance(e, ev.PitLaneJoined) for e in race.events)
    conserved(race)


# ------------------------------------------------------------------ EVENT cards under the Safety Car (§19.4.2)
def test_event_cards_are_off_under_the_safety_car_and_option_cards_are_discarded() -> None:
    """§19.4.2 (the original's 13.9.2): "Events are inactive during the Safety Car and players may discard Option
    cards during their turn": no Option card draws an EVENT card and no held EVENT card is played while it is out;
    the Option card is discarded instead; once it is in, both come back."""
    race = position(["G1", "P1"], events=["E5"])
    s = race.state
    assert OptionCard("A", "P1") in race.legal_actions() and PlayEvent("A", "E5") in race.legal_actions()
    s.sc_tile, s.sc_until = s.track.tile("T20").index, s.flag + 2
    race.refresh()
    legal = race.legal_actions()
    assert not any(isinstance(a, (OptionCard, PlayEvent)) for a in legal)
    assert race.explain("A option P1").rule == race.explain("A event E5").rule == "§19.4.2"
    assert any(isinstance(a, Discard) and a.card == "P1" for a in legal)
    with pytest.raises(IllegalAction):
        race.apply("A event E5")
    s.sc_tile, s.sc_until = -1, 0
    race.refresh()
    assert OptionCard("A", "P1") in race.legal_actions() and PlayEvent("A", "E5") in race.legal_actions()
