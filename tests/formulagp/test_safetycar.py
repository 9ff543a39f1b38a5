"""The Safety Car and the Red Flag (digest §19.4, §19.6, A13, A16, A30) through the engine, on built positions with
stacked dice: the limits and benefits under the Safety Car, its drive and its period, the race ending under it, the
'Safety Car' EVENT card's roll, the Red Flag grid (Example 24) and the restart."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import redflag, safetycar
from racebook.formulagp.actions import Discard, End, Launch, Play, Stop, To
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.options import RedFlagRestart, Rules, SafetyCarMoves
from racebook.formulagp.rules.order import Place
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Car, Phase, RaceState
from tests.formulagp.test_race import at_turn, conserved


def _race(where: dict[str, str], hand: list[str], car: str = "Grey", rules: Rules | None = None,
          sc: str | None = None) -> Race:
    cars = list(where)
    race = at_turn(new_race(cars, 1, rules=rules), car, where, hand)
    s = race.state
    s.order, s.turn_index = tuple(cars), cars.index(car)
    if sc:
        s.sc_tile, s.sc_until = s.track.tile(sc).index, s.flag + 2
    race.refresh()
    return race


def _drive(race: Race) -> None:
    while not any(isinstance(a, End) for a in race.legal_actions()):
        race.apply(next(a for a in race.legal_actions() if isinstance(a, (To, Stop))))


def test_under_the_safety_car_a_car_stops_one_tile_behind_the_car_ahead_and_loses_its_mp() -> None:
    """§19.4.2: no overtaking — not even with an empty lane between (§13.1's free pass): the car stops one tile behind
    the car ahead; its leftover MP are lost, no OT."""
    race = _race({"Grey": "T02.1.2", "Red": "T03.3.1"}, ["G1"], sc="T10")
    race.apply("Grey play G1")
    assert To("Grey", "T03.1.1") not in race.legal_actions() and Stop("Grey") in race.legal_actions()
    assert race.explain("Grey to T03.1.1").rule == "§19.4.2"
    events = race.apply("Grey stop")
    lost = next(e for e in events if isinstance(e, ev.MpWasted))
    assert (lost.at, lost.mp, lost.citation) == ("T02.1.2", 6, "§19.4.2") and race.state.cars["Grey"].ot == 0
    assert not any(isinstance(e, ev.ForcedStop) for e in events)


def test_under_the_safety_car_a_free_slipstream_shadow_behind_the_car_ahead_is_allowed() -> None:
    race = _race({"Grey": "T27.2.1", "Red": "T28.2.2"}, ["G1"], sc="T31")
    race.apply("Grey play G1")
    race.apply("Grey to T27.2.2")
    assert To("Grey", "T28.2.1") in race.legal_actions()
    race.apply("Grey to T28.2.1")
    assert race.state.cars["Grey"].ot == 0 and race.legal_actions() == [End("Grey")]


def test_nobody_enters_the_safety_car_tile_but_a_blue_flag_car_passes_it_and_the_field() -> None:
    """§19.4.2: the Safety Car fills its tile and cannot be passed; a lapped (Blue Flag) car passes the cars without
    one and the Safety Car freely, to unlap itself."""
    race = _race({"Grey": "T09.1.2", "Red": "T30.1.1"}, ["G1"], sc="T10")
    race.apply("Grey play G1")
    assert not any(isinstance(a, To) and a.to.startswith("T10") for a in race.legal_actions())
    assert race.explain("Grey to T10.1.1").rule == "§19.4.2"
    race = _race({"Grey": "T09.1.2", "Red": "T11.2.1"}, ["G1"], sc="T10")
    race.state.cars["Grey"].blue = 1
    race.refresh()
    race.apply("Grey play G1")
    for to in ("T10.1.1", "T10.1.2", "T11.1.1"):  # through the SC's tile, then past Red's tile
        race.apply(f"Grey to {to}")
    assert race.state.cars["Grey"].pos == race.state.track.pos("T11.1.1")


def test_under_the_safety_car_no_pairs_no_lane_change_wear_no_dice_no_stress_relief() -> None:
    """§19.4.2: any movement card but no pairs; movement and lane changes cause no tyre wear; tricky corners and
    the other track events are off (no dice); stress stays in the middle."""
    race = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["R1", "R2", "G1"], sc="T20")
    assert not any(isinstance(a, Play) and len(a.cards) == 2 for a in race.legal_actions())
    assert race.explain("Grey play R1 R2").rule == "§6.3"
    wear = race.state.cars["Grey"].wear
    race.apply("Grey play R1")
    race.apply("Grey to T05.2.1")  # a RED lane change: no wear under the Safety Car
    assert race.state.cars["Grey"].wear == wear
    race.state.cars["Grey"].wear = next(p for p, i in race.state.board.icons.items() if i.value == "red_die")
    _drive(race)
    events = race.apply("Grey end")  # the wear marker on the RED die icon: no die under the Safety Car
    assert not any(isinstance(e, ev.DieRolled) for e in events)
    race = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1"], sc="T20")
    race.apply("Grey play G1")  # a single GREEN card: no stress relief, the token stays in the middle
    _drive(race)
    events = race.apply("Grey end")
    assert not any(isinstance(e, ev.StressMoved) for e in events) and race.state.cars["Grey"].stress == 1


def test_under_the_safety_car_one_tyre_wear_card_a_turn_and_any_option_cards_may_be_discarded() -> None:
    race = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1", "W1", "W2", "P1", "P2"], sc="T20")
    legal = race.legal_actions()
    assert {Discard("Grey", x) for x in ("W1", "W2", "P1", "P2")} <= set(legal)
    race.apply("Grey discard W1")
    assert Discard("Grey", "W2") not in race.legal_actions() and Discard("Grey", "P2") in race.legal_actions()
    assert race.explain("Grey discard W2").rule == "§19.4.2"
    race.apply("Grey discard P1")
    assert "W1" in race.state.cars["Grey"].deck.discards and "P1" in race.state.cars["Grey"].deck.discards
    conserved(race)
    without = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1", "W1", "P1"])
    assert not any(isinstance(a, Discard) for a in without.legal_actions())
    assert without.explain("Grey discard P1").rule == "§10.1.1"


def _sc_race(rules: Rules, seed: int = 4) -> tuple[Race, int]:
    """A seeded 3-car race, the Safety Car deployed (the 'Safety Car' EVENT, a stacked 4) in round 5's first turn."""
    race = new_race(["A", "B", "C"], seed, rules=rules)
    drivers = {c: Greedy(i) for i, c in enumerate("ABC")}
    while not (race.state.round == 5 and race.phase is Phase.PLAY):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    s = race.state
    s.stacked["white"] = ["4"]
    log = EventLog(None)
    redflag.safety_car_card(s, log)
    race.refresh()
    return race, s.flag


@pytest.mark.parametrize("moves", list(SafetyCarMoves))
def test_a16_the_safety_car_drives_3_tiles_a_round_and_leaves_after_two_rounds(moves: SafetyCarMoves) -> None:
    """§19.4.1: the Standard period is 2 rounds: the SC token 2 radar spaces ahead; the round the Chequered Flag
    reaches it is the last behind the Safety Car, which leaves at its end. A16: it drives 3 tiles at the start of each
    movement phase (default) or after each round's last car — never in the round it came out."""
    race, deployed = _sc_race(Rules(safety_car_moves=moves))
    drivers = {c: Greedy(i) for i, c in enumerate("ABC")}
    assert race.state.sc_until == deployed + 2
    while race.state.flag < deployed + 3 and not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    flag_of, flag = {}, 0
    for e in race.events:
        if isinstance(e, ev.RoundStarted):
            flag = e.flag
        if isinstance(e, (ev.SafetyCarMoved, ev.SafetyCarIn)):
            flag_of.setdefault(type(e).__name__, []).append(flag)
        if isinstance(e, ev.OrderSet) and flag in (deployed + 1, deployed + 2):
            moved = [f for f in flag_of.get("SafetyCarMoved", []) if f == flag]
            assert bool(moved) == (moves is SafetyCarMoves.ROUND_START)  # before the first car, or not yet
    assert flag_of["SafetyCarMoved"] == [deployed + 1, deployed + 2]  # not in the round it came out
    assert flag_of["SafetyCarIn"] == [deployed + 2] and race.state.sc_tile == -1


def test_every_car_stops_behind_the_safety_car_and_no_car_passes_it() -> None:
    race, deployed = _sc_race(Rules())
    drivers = {c: Greedy(i) for i, c in enumerate("ABC")}
    s = race.state
    while s.flag <= deployed + 2 and not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        if s.sc_tile >= 0:
            assert all(c.pos.tile != s.sc_tile for c in s.cars.values())
    conserved(race)


def test_the_race_ends_under_the_safety_car_on_the_final_lap_space() -> None:
    """§19.4.1: still out on or after round 24 (radar space 24): the race ends under the Safety Car, every car where
    it stands, classified by §17.2."""
    race = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1"])
    s = race.state
    s.flag = s.final_lap_at - 1
    s.order, s.turn_index = ("Grey",), 0
    safetycar.deploy(s, EventLog(None), "a test")
    race.refresh()
    race.apply("Grey play G1")
    _drive(race)
    events = race.apply("Grey end")
    assert any(isinstance(e, ev.EndsUnderSafetyCar) for e in events) and race.is_over
    assert race.classification() == ("Red", "Grey")  # Red is farther round, neither crossed the line


@pytest.mark.parametrize(("face", "red_face", "red"), [("6", False, True), ("4", False, False),
                                                       ("2", False, False), ("2", True, True), ("3", True, False)])
def test_a13_the_safety_car_event_card_roll(face: str, red_face: bool, red: bool) -> None:
    """§19.6, A13: the WHITE die rolled for the 'Safety Car' EVENT card: a 6 shows the Red Flag (default); with
    red_flag_on_red_face any red face (2, 4, 6) does; otherwise the Safety Car is deployed."""
    race = _race({"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1"], rules=Rules(red_flag_on_red_face=red_face))
    s, log = race.state, EventLog(None)
    s.stacked["white"] = [face]
    redflag.safety_car_card(s, log)
    assert s.restart is red and (s.sc_tile >= 0) is (not red)
    assert any(isinstance(e, ev.RedFlag) for e in log) is red


def test_ex24_red_flag_mid_move_grid_and_the_drivers_still_to_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Example 24's grid (§19.6) with the flag shown while the leader is moving: Orange leads, then Grey, Red (in the
    pit lane) and Blue; the Red Flag's grid is Orange 1st, Grey 2nd, Blue 3rd, Red 4th. Red is said to be in the pit
    lane through ``redflag.place_of`` (the worked example itself, Red in its box: test_fgp_ex_24, scenario fgp_ex24).
    Every car on its grid place, stress in the middle, ERS at the maximum; the driver moving stops at once, the
    drivers still to move lose their turn."""

    def place_of(s: RaceState, c: Car) -> Place:
        return Place.PIT_LANE if c.id == "Red" else Place.TRACK

    monkeypatch.setattr(redflag, "place_of", place_of)
    where = {"Orange": "T02.1.2", "Grey": "T01.2.2", "Red": "T40.4.1", "Blue": "T40.2.1"}
    race = _race(where, ["G1"], car="Orange")
    s = race.state
    for car, lap in (("Orange", 1), ("Grey", 1)):
        s.cars[car].lap = lap
    s.cars["Blue"].stress, s.cars["Blue"].ers = 2, 0
    race.apply("Orange play G1")
    race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    log = EventLog(None)
    redflag.red_flag(s, log, "a tile blocked by spun cars")
    red = next(e for e in log if isinstance(e, ev.RedFlag))
    assert red.grid == ("Orange", "Grey", "Blue", "Red") == s.grid
    assert [s.track.name_of(s.cars[c].pos) for c in s.grid] == [s.track.name_of(p) for p in s.track.grid[:4]]
    assert all(c.stress == 1 and c.ers == s.board.ers_max for c in s.cars.values())
    assert s.order == ("Orange", "Grey", "Red", "Blue")[:1] and s.turn is not None and s.turn.mp_left == 0
    race.refresh()
    assert race.legal_actions() == [End("Orange")]


@pytest.mark.parametrize("restart", list(RedFlagRestart))
def test_a30_the_red_flag_restart(restart: RedFlagRestart) -> None:
    """§19.6 step 6, A30: the Chequered Flag moves one space and the race restarts — by default with race round 1's
    rules (no draw, hands kept, sealed start cards, 2nd gear), then round 2's; or as a normal round."""
    race = new_race(["A", "B", "C"], 7, rules=Rules(red_flag_restart=restart))
    drivers = {c: Greedy(i) for i, c in enumerate("ABC")}
    while not (race.state.round == 6 and race.phase is Phase.PLAY):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    s = race.state
    flag, hands = s.flag, {c.id: list(c.hand) for c in s.cars.values()}
    mover = s.turn.car if s.turn else ""
    redflag.red_flag(s, EventLog(None), "a test")
    race.refresh()
    while race.phase is not Phase.START and race.state.flag <= flag + 1 and race.phase is not Phase.DRAW:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    if restart is RedFlagRestart.RACE_START:
        assert (s.round, s.flag, s.phase) == (1, flag + 1, Phase.START)
        assert {c: s.cars[c].hand for c in hands if c != mover} == {c: h for c, h in hands.items() if c != mover}
        assert all(isinstance(a, Launch) for a in race.legal_actions())
    else:
        assert s.round == 7 and s.flag == flag + 1 and s.phase in (Phase.DRAW, Phase.PLAY)
    play_out(race, drivers)
    assert race.is_over
    conserved(race)


def test_the_virtual_safety_car_procedure() -> None:
    """§19.5: B draws the 'Virtual Safety Car' card on its turn and finishes it (5 spaces); C, after it in the
    sequence, then A, who had moved already, move 5 spaces each with no card and no overtaking; stress to the middle;
    the next round has no draw phase, B starts it and A (who moved twice) does not move."""
    from racebook.formulagp import vsc

    race = _race({"A": "T20.2.1", "B": "T10.1.1", "C": "T02.1.1"}, ["G1"], car="B")
    s = race.state
    s.cars["C"].stress = 2
    vsc.deploy(s, "B", EventLog(None))
    race.apply("B play G1")  # 6th gear GREEN: 2 + 3 = 5 MP
    _drive(race)
    events = race.apply("B end")
    deployed = next(e for e in events if isinstance(e, ev.VscDeployed))
    assert (deployed.car, deployed.spaces, deployed.twice) == ("B", 5, ("A",))
    assert all(c.stress == 1 for c in s.cars.values())
    assert next(e for e in events if isinstance(e, ev.VscMove)) == ev.VscMove("C", 5)
    assert race.phase is Phase.MOVE and not any(isinstance(a, Play) for a in race.legal_actions())
    hand = list(s.cars["C"].hand)
    _drive(race)
    events = race.apply("C end")
    assert s.cars["C"].hand == hand and ev.VscMove("A", 5) in events
    _drive(race)
    events = list(race.apply("A end"))
    while race.phase is Phase.DRAW:
        events += race.apply(race.legal_actions()[0])
    assert not any(isinstance(e, ev.Drew) for e in events)
    assert s.order[0] == "B" and "A" not in s.order and any(isinstance(e, ev.VscEnded) for e in events)
    conserved(race)
