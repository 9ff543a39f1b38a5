"""A loss of control at the pit entry (digest §16.1; the original's 11.1) and the Optional counter-steer toward the
outside of a corner (§21, the original's 15.6; house rule ``countersteer_outside_in_corners``), through the engine on
built positions with stacked dice and cards. The teaching circuit's pit entry is T39, its pit-side lane 4 (the
track's pit side is the right): the WHITE die's green face sends a spin or a counter-steer right, toward the pit
lane; its red face left, onto lane 3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from racebook.formulagp import events as ev
from racebook.formulagp.actions import parse
from racebook.formulagp.events import spins as sev
from racebook.formulagp.game import Race
from racebook.formulagp.incidentcards import IncidentDeck
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_losscontrol import GREEN, LOC, RED, RED_ICON, code_of, kinds, red_die_at_end
from tests.formulagp.test_pits import begin_in_box
from tests.formulagp.test_race import at_turn, conserved

FAR = {"Red": "T30.1.1", "Blue": "T33.1.1"}


def pitting(at: str, hand: list[str], stacked: dict[str, list[str]], damage: list[str] | None = None,
            play: str = "G5") -> tuple[Race, list[object]]:
    """Grey at ``at`` on the pit-entry tile with its wear marker on the RED die icon (a RED die after every move,
    §14.1) plays ``play`` and enters the pits: the RED die is rolled on track first (§16.1), the faces stacked."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey", {"Grey": at, **FAR}, hand)
    s = race.state
    s.cars["Grey"].wear = RED_ICON
    s.stacked.update({k: list(v) for k, v in stacked.items()})
    if damage:
        s.card_stack["damage"] = list(damage)
    race.refresh()
    race.apply(f"Grey play {play}")
    return race, list(race.apply("Grey pit"))


def test_a_spin_toward_the_pit_lane_hits_the_wall_draws_damage_and_the_stop_is_next_round() -> None:
    """11.1: "you hit the wall and you must immediately draw a DAMAGE card ... place your car backwards in the pit
    lane area and end your turn. During the next round, move your car to its pit box and follow the normal pit stop
    procedures." No Penalty token, no speed check, none of a spin's wear, stress or Yellow Flag (the reading)."""
    wing = code_of(IncidentDeck.DAMAGE, "Front wing damage")
    race, events = pitting("T39.4.2", ["G5"], {"red": [LOC], "white": [GREEN]}, [wing])
    s, grey = race.state, race.state.cars["Grey"]
    assert [e.car for e in events if isinstance(e, sev.SpunIntoPitLane)] == ["Grey"]
    drawn = next(e for e in events if isinstance(e, ev.IncidentCardDrawn))
    assert (drawn.deck, drawn.card) == ("DAMAGE", wing) and grey.damage == [wing]
    assert (grey.pit, grey.pit_round, grey.penalties) == ("box", 3, 0)
    assert not grey.spun and not grey.off and grey.wear == RED_ICON and grey.stress == 1
    for kind in ("PitPenalty", "PitSpeedCheck", "YellowFlagIncident", "PitEntered", "Spun"):
        assert kind not in kinds(events)
    assert kinds(events).index("SpunIntoPitLane") < kinds(events).index("TurnEnded")
    conserved(race)
    box = begin_in_box(race, "Grey", round_=4)  # next round: the normal stop from its box
    assert any(isinstance(e, ev.PitService) for e in box) and s.phase is Phase.PIT


def test_a_spin_away_from_the_pit_lane_is_a_spin_on_track_and_no_entry() -> None:
    race, events = pitting("T39.4.2", ["G5"], {"red": [LOC], "white": [RED]})
    s, grey = race.state, race.state.cars["Grey"]
    assert s.track.name_of(grey.pos) == "T39.3.2" and grey.spun and grey.pit == ""
    assert grey.wear == RED_ICON + 1 and "YellowFlagIncident" in kinds(events)
    lost = next(e for e in events if isinstance(e, sev.PitEntryLost))
    assert "lost control" in lost.why and "PitEntered" not in kinds(events)


def test_no_loss_of_control_enters_as_before() -> None:
    race, events = pitting("T39.4.2", ["G5"], {"red": ["1"]})
    grey = race.state.cars["Grey"]
    assert "LostControl" not in kinds(events) and grey.pit == "box"
    entered = next(e for e in events if isinstance(e, ev.PitEntered))
    assert (entered.how, entered.lost) == ("", 2)  # 3 MP (8th gear GREEN, worn: no bonus), 1 to the pit lane


@pytest.mark.parametrize("at", ["T39.4.2", "T39.4.1"])  # forward, or sideways across the yellow line
def test_a_counter_steer_toward_the_pit_lane_crosses_the_yellow_line_without_penalty(at: str) -> None:
    """11.1: "If a spin is avoided using a counter-steer function, proceed to the pit box ... Crossing the yellow
    line unintentionally does not result in a penalty." The decision waits in the CONTROL phase (resume=pit), whose
    position round-trips."""
    race, events = pitting(at, ["G5", "G1"], {"red": [LOC], "white": [GREEN]})
    s = race.state
    assert s.phase is Phase.CONTROL and s.resume == "pit" and "PitEntered" not in kinds(events)
    text = format_state(s)
    assert "resume=pit" in text and format_state(parse_position(text)) == text
    events = list(race.apply("Grey countersteer G1"))
    grey = s.cars["Grey"]
    assert [e.car for e in events if isinstance(e, sev.SteeredIntoPitLane)] == ["Grey"]
    entered = next(e for e in events if isinstance(e, ev.PitEntered))
    assert "counter-steer" in entered.how and "PitPenalty" not in kinds(events)
    assert (grey.pit, grey.penalties, grey.wear) == ("box", 0, RED_ICON + 1)  # the counter-steer's +1 wear
    assert s.resume == "" and s.phase is not Phase.CONTROL
    conserved(race)


def test_a_counter_steer_away_from_the_pit_lane_moves_one_lane_and_the_car_does_not_enter() -> None:
    """'the counter-steer might instead push your car in the opposite direction': one lane onto the track, pointing
    forward; the pit entry is not made this turn."""
    race, _ = pitting("T39.4.2", ["G5", "G1"], {"red": [LOC], "white": [RED]})
    events = list(race.apply("Grey countersteer G1"))
    s, grey = race.state, race.state.cars["Grey"]
    assert s.track.name_of(grey.pos) == "T39.3.2" and not grey.spun and grey.pit == ""
    lost = next(e for e in events if isinstance(e, sev.PitEntryLost))
    assert "away from the pit lane" in lost.why and "PitEntered" not in kinds(events)


def test_choosing_to_spin_at_the_pit_entry_toward_the_pit_lane_is_the_pit_wall() -> None:
    race, _ = pitting("T39.4.2", ["G5", "G1"], {"red": [LOC], "white": [GREEN]})
    events = list(race.apply("Grey spin"))
    grey = race.state.cars["Grey"]
    assert "SpunIntoPitLane" in kinds(events) and grey.pit == "box" and "G1" in grey.hand


def test_a_blue_entry_counter_steered_into_the_pit_lane_still_checks_the_speed() -> None:
    race, events = pitting("T39.4.2", ["B1", "G1"], {"red": [LOC], "white": [GREEN, "1"]}, play="B1")
    events = list(race.apply("Grey countersteer G1"))
    check = next(e for e in events if isinstance(e, ev.PitSpeedCheck))
    assert check.face == 1 and race.state.cars["Grey"].penalties == 1  # speeding, not the yellow line


# ------------------------------------------------------------------ the Optional 15.6 counter-steer (house rule)
@pytest.mark.parametrize(("outside", "lane"), [(False, 3), (True, 1)])
def test_optional_15_6_on_a_corner_the_counter_steer_goes_outside(outside: bool, lane: int) -> None:
    """T37 is a right-hand corner: its outside is the left (lane 1 side). Off (default): the WHITE die's green face
    sends the car right, to lane 3. On: left, toward the outside, and no WHITE die is rolled."""
    race, _ = red_die_at_end({"Grey": "T37.2.1", **FAR}, ["G1", "G5"], {"red": [LOC]})
    s = race.state
    s.rules = replace(s.rules, countersteer_outside_in_corners=outside)
    s.stacked["white"] = [GREEN]
    events = list(race.apply("Grey countersteer G1"))
    assert s.cars["Grey"].pos.lane == lane and not s.cars["Grey"].spun
    assert ("CounterSteeredOutside" in kinds(events)) is outside and ("CounterSteered" in kinds(events)) is not outside
    assert s.stacked.get("white", []) == ([GREEN] if outside else [])  # the die is not rolled on the corner
    if outside:
        steer = next(e for e in events if isinstance(e, sev.CounterSteeredOutside))
        assert (steer.tile, steer.side) == ("T37", "left")
    assert format_state(parse_position(format_state(s))) == format_state(s)


def test_optional_15_6_does_not_apply_on_a_straight() -> None:
    race, _ = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G1", "G5"], {"red": [LOC]})
    s = race.state
    s.rules = Rules(countersteer_outside_in_corners=True)
    s.stacked["white"] = [RED]
    events = list(race.apply("Grey countersteer G1"))
    assert s.track.name_of(s.cars["Grey"].pos) == "T03.1.1" and "CounterSteered" in kinds(events)


def test_a_spun_car_at_the_pit_entry_turns_first_then_may_enter() -> None:
    """§18.2: a spun car's 1st MP turns it the right way; only then is the pit entry offered (before, a spun car could
    enter the pit lane still rotated)."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey", {"Grey": "T39.4.2", **FAR}, ["G5"])
    s = race.state
    s.cars["Grey"].spun = True
    race.refresh()
    race.apply("Grey play G5")
    assert [str(a) for a in race.legal_actions()] == ["Grey face"]
    verdict = race.explain(parse("Grey pit"))
    assert not verdict.legal and verdict.rule == "§18.2"
    race.apply("Grey face")
    assert "Grey pit" in [str(a) for a in race.legal_actions()]
    events = list(race.apply("Grey pit"))
    assert s.cars["Grey"].pit == "box" and "PitEntered" in kinds(events)
