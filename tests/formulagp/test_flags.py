"""Yellow Flags (digest §19.3, A14, A33, §17.1) through the engine, on built positions with stacked dice:
racebook.formulagp.flags' incident entry point, the Race Control yellow track, the zone's limits on the move, and the
rulebook-text example x3 on a built position (two incidents in one round → two zones → the Safety Car; its
scenario replay is in test_examples.py)."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags
from racebook.formulagp.actions import End, Play, Stop, To
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, Zone
from tests.formulagp.test_race import at_turn, conserved


def _race(where: dict[str, str], hand: list[str], car: str = "Grey", rules: Rules | None = None) -> Race:
    cars = list(where)
    race = at_turn(new_race(cars, 1, rules=rules), car, where, hand)
    race.state.order = tuple(cars)
    race.state.turn_index = cars.index(car)
    race.refresh()
    return race


def _tile(race: Race, name: str) -> int:
    return race.state.track.tile(name).index


def _of(log: EventLog, kind: type) -> list:
    return [e for e in log if isinstance(e, kind)]


def test_an_incident_places_the_yellow_flag_the_green_flag_and_advances_race_control() -> None:
    """§19.3.1 steps 1–4: Race Control +1; the Yellow Flag on the incident tile; the WHITE die (3) puts the Green Flag
    3 tiles ahead; the radar Green Flag 2 spaces ahead of the Chequered Flag; the spun car may be passed."""
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s, log = race.state, EventLog(None)
    s.stacked["white"] = ["3"]
    flags.incident(s, "Red", log)
    assert s.yellow_track == 1 and _of(log, ev.RaceControl)[0].threshold == flags.threshold(s)
    assert s.zones == (Zone(_tile(race, "T10"), _tile(race, "T13"), s.flag + 2),)
    assert [s.track.tiles[i].id for i in flags.zone_tiles(s, s.zones[0])] == ["T10", "T11", "T12"]
    assert flags.in_zone(s, _tile(race, "T12")) and not flags.in_zone(s, _tile(race, "T13"))
    yellow = _of(log, ev.YellowFlag)[0]
    assert (yellow.tile, yellow.die, yellow.green, yellow.citation) == ("T10", 3, "T13", "§19.3.1")
    assert s.passable == ("Red",)


def test_the_icon_face_counts_1() -> None:
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s = race.state
    s.stacked["white"] = ["1"]
    flags.incident(s, "Red", EventLog(None))
    assert s.zones[0].green == _tile(race, "T11")


def test_a_second_incident_in_the_zone_extends_it_and_issues_no_second_yellow() -> None:
    """§19.3 (Example 23's rule): a second incident inside the zone: no second Yellow Flag, no Race Control advance;
    the radar Green Flag moves one space on."""
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1", "Blue": "T12.1.1"}, ["G1"])
    s, log = race.state, EventLog(None)
    s.stacked["white"] = ["4"]
    flags.incident(s, "Red", log)
    until = s.zones[0].until
    flags.incident(s, "Blue", log)
    assert len(s.zones) == 1 and s.zones[0].until == until + 1 and s.yellow_track == 1
    assert [type(e) for e in log].count(ev.YellowFlag) == 1 and _of(log, ev.YellowExtended)[0].until == until + 1
    assert s.sc_tile == -1 and set(s.passable) == {"Red", "Blue"}


def test_two_incidents_in_one_round_on_a_built_position_deploy_the_safety_car() -> None:
    """The rulebook's [13.8] example (§19.3, §19.4) on a built position (the scenario replay is
    ``test_fgp_ex_x3_…`` in test_examples.py, fgp_exx3): two separate cars spin in the same round on different parts
    of the track → two Yellow Flags on track at once → the Safety Car is deployed automatically.

    This test calls :func:`racebook.formulagp.flags.incident` twice in one round, for
    two cars on different tiles (the loss-of-control rules call it on a spin, as the scenario shows). The
    Safety Car goes on the tile in front of the leader, the round ends at once (the drivers still to move lose their
    turn), every token leaves the track, stress to the middle, ERS to the maximum; the next round it drives 3 tiles
    before the first car (A16)."""
    race = _race({"Red": "T10.2.1", "Grey": "T20.2.1", "Blue": "T30.1.1", "Orange": "T05.1.1"}, ["G1", "G2"])
    s, log = race.state, EventLog(None)
    assert s.order == ("Red", "Grey", "Blue", "Orange") and s.turn_index == 1  # Red has moved, Grey is moving
    s.cars["Red"].stress, s.cars["Blue"].ers = 2, 0
    s.stacked["white"] = ["2", "2"]
    flags.incident(s, "Red", log)  # a spin on T10
    assert len(s.zones) == 1 and s.sc_tile == -1
    flags.incident(s, "Blue", log)  # a second, separate spin on T30
    assert [type(e) for e in log].count(ev.YellowFlag) == 2 and s.yellow_track == 0  # the token starts over (a reading)
    sc = _of(log, ev.SafetyCarDeployed)[0]
    assert sc.cause == "two separate Yellow Flag zones on track" and sc.leader == "Blue"
    assert sc.tile == "T31" and s.sc_tile == _tile(race, "T31") and sc.until == s.flag + 2
    assert sc.lost == ("Blue", "Orange") and s.order == ("Red", "Grey")  # Grey moving, Red moved: the others lose it
    assert s.zones == () and s.passable == () and s.gravel == ()
    assert all(c.stress == 1 and c.ers == s.board.ers_max for c in s.cars.values())
    race.refresh()
    race.apply("Grey play G1")
    assert not any(isinstance(a, Play) and len(a.cards) == 2 for a in race.legal_actions())  # no pairs under the SC
    while not any(isinstance(a, End) for a in race.legal_actions()):
        race.apply(next(a for a in race.legal_actions() if isinstance(a, (To, Stop))))
    events = list(race.apply("Grey end"))
    while race.phase is Phase.DRAW:  # the next round's draw-phase decisions, then the movement phase
        events += race.apply(race.legal_actions()[0])
    kinds = [type(e) for e in events]
    assert ev.RoundStarted in kinds and kinds.index(ev.SafetyCarMoved) < kinds.index(ev.OrderSet)
    moved = _of(events, ev.SafetyCarMoved)[0]
    assert (moved.frm, moved.to) == ("T31", "T34")
    conserved(race)


def test_race_control_reaching_the_safety_car_space_deploys_it() -> None:
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s, log = race.state, EventLog(None)
    s.yellow_track = flags.threshold(s) - 1
    flags.incident(s, "Red", log)
    assert s.sc_tile >= 0 and not s.zones
    assert _of(log, ev.SafetyCarDeployed)[0].cause.startswith("the Race Control Yellow Flag token")


def test_race_round_1_flags_wait_for_the_end_of_the_round() -> None:
    """§19.3.1: in race round 1 the Yellow Flag is placed only after every driver has ended the round."""
    race = new_race(["Grey", "Red"], 2)
    s, log = race.state, EventLog(None)
    assert s.round == 1
    flags.incident(s, "Red", log)
    assert _of(log, ev.YellowPending) and not s.zones and s.yellow_pending == (("Red", s.cars["Red"].pos.tile),)
    s.stacked["white"] = ["2"]
    while race.state.round == 1:
        race.apply(race.legal_actions()[0])
    placed = next(e for e in race.events if isinstance(e, ev.YellowFlag))
    assert placed.tile == s.track.tiles[s.yellow_pending[0][1] if s.yellow_pending else race.state.zones[0].yellow].id
    assert race.state.zones and race.state.zones[0].until == 9 + 2  # placed in round 1 (radar space 9)


def test_no_yellow_flag_in_the_final_round() -> None:
    """§17.1: a car that spins or goes off in the final round may be passed; no Yellow Flag."""
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s, log = race.state, EventLog(None)
    s.final_round = True
    flags.incident(s, "Red", log)
    assert not s.zones and s.yellow_track == 0 and _of(log, ev.NoYellowFlag)[0].citation == "§17.1"


def test_the_zone_ends_when_the_chequered_flag_reaches_the_radar_green_flag() -> None:
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s = race.state
    flags.incident(s, "Red", EventLog(None))
    until = s.zones[0].until
    log = EventLog(None)
    s.flag = until - 1
    flags.round_started(s, log)
    assert s.zones
    s.flag = until
    flags.round_started(s, log)
    assert not s.zones and _of(log, ev.FlagsCleared)[0].tile == "T10"


def _zone(race: Race, first: str, green: str) -> None:
    race.state.zones = (Zone(_tile(race, first), _tile(race, green), race.state.flag + 2),)
    race.refresh()


def test_no_free_pass_in_a_zone_except_past_a_car_that_just_spun() -> None:
    """A33: no overtaking of any kind in a zone; an empty lane between is no longer a free pass (§13.1). A car that
    has just spun there may be passed until its next move (§19.3.1)."""
    race = _race({"Grey": "T02.1.2", "Red": "T03.3.1"}, ["G1"])
    _zone(race, "T03", "T05")
    race.apply("Grey play G1")
    assert To("Grey", "T03.1.1") not in race.legal_actions() and Stop("Grey") in race.legal_actions()
    assert race.explain("Grey to T03.1.1").rule == "§19.3.1"
    race = _race({"Grey": "T02.1.2", "Red": "T03.3.1"}, ["G1"])
    _zone(race, "T03", "T05")
    race.state.passable = ("Red",)
    race.apply("Grey play G1")
    assert To("Grey", "T03.1.1") in race.legal_actions() and To("Grey", "T03.3.2") not in race.legal_actions()


def test_a_red_move_through_a_zone_stops_on_the_green_flag_tile_green_goes_on() -> None:
    """§19.3.1: RED or BLUE through or from a zone stops on the Green Flag tile, leftover MP lost; GREEN does not."""
    race = _race({"Grey": "T10.1.1", "Red": "T30.1.1"}, ["R1", "G1"])
    _zone(race, "T10", "T12")
    race.apply("Grey play R1")  # 6th gear RED: 4 + 3 = 7 MP
    for to in ("T10.1.2", "T11.1.1", "T11.1.2"):
        race.apply(f"Grey to {to}")
    events = race.apply("Grey to T12.1.1")
    stop = _of(events, ev.YellowStop)[0]
    assert (stop.at, stop.pace, stop.mp) == ("T12.1.1", "red", 3)
    assert race.legal_actions() == [End("Grey")]
    race = _race({"Grey": "T10.1.1", "Red": "T30.1.1"}, ["G1"])
    _zone(race, "T10", "T12")
    race.apply("Grey play G1")  # 6th gear GREEN: 2 + 3 = 5 MP
    for to in ("T10.1.2", "T11.1.1", "T11.1.2", "T12.1.1"):
        race.apply(f"Grey to {to}")
    assert race.state.turn is not None and race.state.turn.mp_left == 1 and not race.state.turn.stopped


def test_no_pairs_on_a_move_from_a_zone() -> None:
    race = _race({"Grey": "T09.1.1", "Red": "T30.1.1"}, ["G1", "G2"])
    assert Play("Grey", ("G1", "G2")) in race.legal_actions()
    _zone(race, "T09", "T11")
    assert Play("Grey", ("G1", "G2")) not in race.legal_actions()
    assert race.explain("Grey play G1 G2").rule == "§6.3"


def test_tricky_corners_are_off_in_a_zone() -> None:
    """§19.3.1, §19.2: ending on a skid-mark space in a zone rolls no RED die (the pair's YELLOW die still rolls)."""
    race = _race({"Grey": "T05.2.1", "Red": "T30.1.1"}, ["G1", "W1"])
    _zone(race, "T05", "T07")
    race.state.cars["Grey"].ers = 0
    race.refresh()
    race.apply("Grey play G1")
    race.apply("Grey to T05.2.2")
    while race.state.turn and race.state.turn.mp_left:
        race.apply("Grey charge" if race.state.cars["Grey"].ers < 4 else "Grey brake W1")
    events = race.apply("Grey end")
    assert not _of(events, ev.DieRolled)


@pytest.mark.parametrize("double", [False, True])
def test_a14_the_yellow_flag_risk_card_and_incident_on_track(double: bool) -> None:
    """A14: the 'Yellow Flag' RISK card is the on-track procedure, +1 in all (both readings: +2); 'Incident on Track'
    advances Race Control by the WHITE die instead of +1 (both: die + 1)."""
    rules = Rules(race_control_double_count=double)
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"], rules=rules)
    s = race.state
    s.stacked["white"] = ["2"]
    flags.risk_yellow_flag(s, "Red", EventLog(None))
    assert s.yellow_track == (2 if double else 1) and len(s.zones) == 1
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"], rules=rules)
    s = race.state
    s.stacked["white"] = ["2", "3"]  # the card's roll (2 spaces), then the Green Flag's (3 tiles)
    flags.incident_on_track(s, "Red", EventLog(None))
    assert s.yellow_track == (3 if double else 2) and s.zones[0].green == _tile(race, "T13")


def test_the_notation_carries_the_flags() -> None:
    from racebook.formulagp.notation import format_state, parse_position

    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s = race.state
    flags.incident(s, "Red", EventLog(None))
    s.yellow_pending, s.gravel = (("Grey", 3),), (5, 7)
    line = format_state(s)
    back = parse_position(line)
    assert (back.zones, back.yellow_track, back.yellow_pending, back.passable, back.gravel) == (
        s.zones, s.yellow_track, s.yellow_pending, s.passable, s.gravel)
    assert format_state(back) == line and back.phase is Phase.PLAY


def test_a_spun_car_is_passable_in_a_zone_but_a_risk_card_makes_no_car_passable() -> None:
    """§19.3.1, §17.1: the car that spun may be passed until its next move (in the final round too, where no Yellow
    Flag is placed); the 'Yellow Flag' RISK card places a flag but nobody spun."""
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s = race.state
    s.final_round = True
    flags.incident(s, "Red", EventLog(None))
    assert s.passable == ("Red",) and not s.zones
    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    s = race.state
    flags.risk_yellow_flag(s, "Red", EventLog(None))
    assert s.passable == () and len(s.zones) == 1


@pytest.mark.parametrize(("token", "bad"), [("yz=", "yz=1.2"), ("yz=", "yz=a.b.c"), ("yq=", "yq=Red:x"),
                                            ("sct=", "sct=99"), ("gv=", "gv=500"), ("vsc=", "vsc=1:A"),
                                            ("yt=", "yt=many"), ("yz=", "yz=1.300.4")])
def test_bad_race_event_tokens_are_notation_errors(token: str, bad: str) -> None:
    from racebook.core.errors import NotationError
    from racebook.formulagp.notation import format_state, parse_position

    race = _race({"Grey": "T02.1.1", "Red": "T10.2.1"}, ["G1"])
    words = format_state(race.state).split(" ")
    line = " ".join(bad if w.startswith(token) else w for w in words)
    assert bad in line
    with pytest.raises(NotationError):
        parse_position(line)
