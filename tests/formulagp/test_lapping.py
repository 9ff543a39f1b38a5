"""Lapping and Blue Flags (digest §19.7, Example 25, §10.2 item 6, §17.2.2) and Gravel (§19.8.1, A18) through the
engine, on built positions."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import gravel, lapping
from racebook.formulagp.actions import End, Play, Stop, To
from racebook.formulagp.game import Race
from racebook.formulagp.options import GravelRemoval, Rules
from racebook.formulagp.rounds import begin_movement_phase, finish
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Zone
from tests.formulagp.test_race import at_turn, conserved


def _race(where: dict[str, str], hand: list[str], car: str, laps: dict[str, int], rules: Rules | None = None) -> Race:
    cars = list(where)
    race = at_turn(new_race(cars, 1, rules=rules), car, where, hand)
    s = race.state
    s.order, s.turn_index = tuple(cars), cars.index(car)
    for c, lap in laps.items():
        s.cars[c].lap = lap
    race.refresh()
    return race


def _steps(race: Race, car: str, *spaces: str) -> list:
    out = []
    for to in spaces:
        out += list(race.apply(f"{car} to {to}"))
    return out


EX25 = {"P1": "T38.1.1", "P2": "T36.1.1", "P3": "T35.1.1", "P4": "T34.1.1", "P5": "T33.1.1", "P6": "T39.3.1"}
EX25_LAPS = {"P1": 3, "P2": 3, "P3": 3, "P4": 3, "P5": 3, "P6": 2}


def test_ending_on_the_same_tile_does_not_complete_the_lapping() -> None:
    """§19.7.1: when both cars end on the same tile the lapping is not complete; the slower car moves normally."""
    race = _race(EX25, ["G1"], "P1", EX25_LAPS)
    race.state.cars["P1"].ers = 0  # room to charge: the reduction stops P1 on P6's tile
    race.refresh()
    race.apply("P1 play G1")
    _steps(race, "P1", "T38.1.2", "T39.1.1")
    while not any(isinstance(a, End) for a in race.legal_actions()):
        race.apply("P1 charge")
    events = race.apply("P1 end")
    assert not any(isinstance(e, ev.Lapped) for e in events) and race.state.cars["P6"].blue == 0
    assert "P6" in race.state.order


def test_lapped_again_is_a_double_blue_flag_and_cars_move_around_it_freely() -> None:
    """§19.7.2: lapped a second time → Double Blue at once; cars without a double Blue Flag move around it freely (no
    stop, no OT); double-blue cars pass each other by normal overtaking."""
    race = _race({"P1": "T38.1.1", "P6": "T39.3.1", "P5": "T20.2.1"}, ["G1"], "P1", {"P1": 3, "P6": 1, "P5": 3})
    race.state.cars["P6"].blue = 1
    race.refresh()
    race.apply("P1 play G1")  # past P6 with an empty lane between (§13.1)
    events = _steps(race, "P1", "T38.1.2", "T39.1.1", "T39.1.2", "T40.1.1", "T40.1.2", "T01.1.1")
    events += race.apply("P1 end")
    assert race.state.cars["P6"].blue == 2 and any(isinstance(e, ev.Lapped) and e.flag == "double" for e in events)
    where = {"P1": "T38.1.1", "P6": "T39.2.1", "P5": "T20.2.1"}
    free = _race(where, ["G1"], "P1", {"P1": 3, "P6": 1, "P5": 3})
    free.state.cars["P6"].blue = 2
    free.refresh()
    free.apply("P1 play G1")
    free.apply("P1 to T38.1.2")
    assert To("P1", "T39.1.1") in free.legal_actions()  # lane 1 beside a double-blue car's lane 2: no stop
    normal = _race(where, ["G1"], "P1", {"P1": 3, "P6": 3, "P5": 3})
    normal.apply("P1 play G1")
    normal.apply("P1 to T38.1.2")
    assert To("P1", "T39.1.1") not in normal.legal_actions() and Stop("P1") in normal.legal_actions()
    both = _race(where, ["G1"], "P1", {"P1": 1, "P6": 1, "P5": 3})
    both.state.cars["P1"].blue = both.state.cars["P6"].blue = 2
    both.refresh()
    both.apply("P1 play G1")
    both.apply("P1 to T38.1.2")
    assert To("P1", "T39.1.1") not in both.legal_actions()  # double blue against double blue: normal overtaking


def test_unlapping_by_ending_a_tile_ahead_of_the_leader_not_in_a_yellow_zone() -> None:
    """§19.7.4: a lapped car drives around the leader and ends at least one tile ahead: the Blue Flag goes. Not in
    a Yellow Flag zone (§19.3.1)."""
    where = {"Lap": "T10.1.1", "Lead": "T11.3.1"}
    race = _race(where, ["R1"], "Lap", {"Lap": 1, "Lead": 2})
    race.state.cars["Lap"].blue = 1
    race.refresh()
    race.apply("Lap play R1")  # 6th gear RED: 4 + 3 = 7 MP
    events = _steps(race, "Lap", "T10.1.2", "T11.1.1", "T11.1.2", "T12.1.1", "T12.1.2", "T13.1.1", "T13.1.2")
    events += race.apply("Lap end")
    assert race.state.cars["Lap"].blue == 0 and any(isinstance(e, ev.Unlapped) for e in events)
    race = _race(where, ["R1"], "Lap", {"Lap": 1, "Lead": 2})
    s = race.state
    s.cars["Lap"].blue = 1
    s.zones = (Zone(s.track.tile("T12").index, s.track.tile("T14").index, s.flag + 2),)
    race.refresh()
    race.apply("Lap play R1")
    _steps(race, "Lap", "T10.1.2", "T11.1.1", "T11.1.2", "T12.1.1", "T12.1.2", "T13.1.1", "T13.1.2")
    race.apply("Lap end")
    assert s.cars["Lap"].blue == 1  # ended in the zone: no unlapping there


def test_a_blue_flag_car_moves_after_the_cars_of_its_tile_and_is_classified_behind_all() -> None:
    """§10.2 item 6 and §17.2.2: on a tile a Blue Flag car moves after the cars without one (here the inside lane);
    a lapped car is classified behind every other car, wherever it is."""
    race = _race({"A": "T10.1.1", "B": "T10.3.1", "C": "T05.1.1"}, ["G1"], "A", {"A": 2, "B": 2, "C": 2})
    s = race.state
    log = EventLog(None)
    s.turn = None
    begin_movement_phase(s, log)
    assert s.order[:2] == ("A", "B")
    s.cars["A"].blue = 1
    s.turn = None
    begin_movement_phase(s, log)
    assert s.order[:2] == ("B", "A")
    finish(s, log)
    assert s.result[-1] == "A" and [e.finish for e in log if isinstance(e, ev.Classified)][-1] == "lapped (Blue Flag)"


def test_unsuccessful_lapping_markers_single_then_double_then_free_for_a_round() -> None:
    """§19.7.3: a faster car a lap ahead forced to stop behind the slower car marks a failed attempt; the second
    attempt flips the marker to double: the next round every car moves around that car freely; the marker goes at
    the end of that round."""
    where = {"P1": "T38.2.2", "P6": "T39.2.1"}
    race = _race(where, ["G1"], "P1", {"P1": 3, "P6": 2})
    s = race.state
    race.apply("P1 play G1")
    events = race.apply("P1 stop")
    failed = [e for e in events if isinstance(e, ev.LappingFailed)]
    assert [(e.car, e.slower, e.marker) for e in failed] == [("P1", "P6", "single")] and s.cars["P6"].attempts == 1
    race = at_turn(race, "P1", where, ["G2"])
    race.apply("P1 play G2")
    events = race.apply("P1 stop")
    assert s.cars["P6"].attempts == 2 and s.cars["P6"].free_round == 4
    race = at_turn(race, "P1", where, ["G3"], round_=4)
    race.apply("P1 play G3")
    race.apply("P1 to T38.1.2")
    assert To("P1", "T39.1.1") in race.legal_actions()  # round 4: every car moves around P6 freely
    race = at_turn(race, "P1", where, ["G4"], round_=5)
    race.apply("P1 play G4")
    race.apply("P1 to T38.1.2")
    assert To("P1", "T39.1.1") not in race.legal_actions()  # not in another round (the marker is still there)
    log = EventLog(None)
    lapping.round_end(s, log)
    assert s.cars["P6"].attempts == 0 and any(isinstance(e, ev.LappingMarkerRemoved) for e in log)


def test_the_notation_carries_the_lapping_status() -> None:
    from racebook.formulagp.notation import format_state, parse_position

    race = _race(EX25, ["G1"], "P1", EX25_LAPS)
    s = race.state
    s.cars["P6"].blue, s.cars["P6"].attempts, s.cars["P6"].free_round, s.cars["P5"].gravel = 2, 1, 7, True
    back = parse_position(format_state(s))
    assert (back.cars["P6"].blue, back.cars["P6"].attempts, back.cars["P6"].free_round, back.cars["P5"].gravel) == (
        2, 1, 7, True)


# ------------------------------------------------------------------ Gravel (§19.8.1)
def test_gravel_driven_through_with_red_adds_wear_with_green_nothing() -> None:
    race = _race({"Grey": "T09.1.1", "Red": "T30.1.1"}, ["R1"], "Grey", {})
    s = race.state
    gravel.place(s, s.track.tile("T10").index, EventLog(None))
    wear = s.cars["Grey"].wear
    race.apply("Grey play R1")  # 4th gear RED: 3 + 3 = 6
    events = _steps(race, "Grey", "T09.1.2", "T10.1.1", "T10.1.2", "T11.1.1")
    hit = next(e for e in events if isinstance(e, ev.GravelHit))
    assert hit.tile == "T10" and s.cars["Grey"].wear == wear + 1
    race = _race({"Grey": "T09.1.1", "Red": "T30.1.1"}, ["G1"], "Grey", {})
    s = race.state
    gravel.place(s, s.track.tile("T10").index, EventLog(None))
    wear = s.cars["Grey"].wear
    race.apply("Grey play G1")
    _steps(race, "Grey", "T09.1.2", "T10.1.1", "T10.1.2", "T11.1.1")
    assert s.cars["Grey"].wear == wear


@pytest.mark.parametrize("removal", list(GravelRemoval))
def test_a18_gravel_removal_and_a_stop_on_it(removal: GravelRemoval) -> None:
    """§19.8.1, A18: a car driving through leaves the token (default) or removes it (``triggered``); a car ending its
    move on it takes it over its Tyre Bonus: next move no tyre bonus and no pairs, then the token is discarded."""
    race = _race({"Grey": "T09.1.1", "Red": "T30.1.1"}, ["G1"], "Grey", {}, rules=Rules(gravel_removal=removal))
    s = race.state
    t10, t11 = s.track.tile("T10").index, s.track.tile("T11").index
    gravel.place(s, t10, EventLog(None))
    gravel.place(s, t11, EventLog(None))
    race.apply("Grey play G1")  # 4th gear GREEN: 1 + 3 = 4 MP, through T10, ending on T11
    _steps(race, "Grey", "T09.1.2", "T10.1.1", "T10.1.2", "T11.1.1")
    race.apply("Grey end")
    assert (t10 in s.gravel) is (removal is GravelRemoval.STOP) and t11 not in s.gravel
    assert s.cars["Grey"].gravel
    race = at_turn(race, "Grey", {}, ["G2", "G3"], round_=4)
    s.cars["Grey"].stress = 1
    race.refresh()
    assert not any(isinstance(a, Play) and len(a.cards) == 2 for a in race.legal_actions())
    played = next(e for e in race.apply("Grey play G2") if isinstance(e, ev.CardsPlayed))
    assert (played.gear, played.mp) == (8, 3)  # GREEN in 8th gear, no tyre bonus (+3 on fresh softs otherwise)
    while not any(isinstance(a, End) for a in race.legal_actions()):
        race.apply(next(a for a in race.legal_actions() if isinstance(a, (To, Stop))))
    race.apply("Grey end")
    assert not s.cars["Grey"].gravel
    conserved(race)
