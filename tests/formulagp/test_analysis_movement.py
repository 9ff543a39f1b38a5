"""The MP breakdown (racebook.formulagp.analysis.movement) against the engine's own moves on the worked examples
(Examples 4, 10–13 and the no-reduce-then-extend example move a car; 5–9 are the draw and the driver order) and
one built position per term the examples do not reach (a pair, the Car Characteristic, Focus, a DAMAGE card)."""

from __future__ import annotations

import pytest

from racebook.core.errors import IllegalAction
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.analysis import movement as am
from racebook.formulagp.analysis import order
from racebook.formulagp.game import Race
from racebook.formulagp.incidentcards import incident_cards
from racebook.formulagp.playerboard import Pace, load_board
from racebook.formulagp.rules.movement import Adjust, Part

BOARD = load_board()
MOVES = ["fgp_ex04_drive_3_charge_2", "fgp_ex10_green_in_sixth_gear", "fgp_ex11_extend_with_ers_or_a_tyre_wear_card",
         "fgp_ex12_a_lateral_lane_change_onto_the_kerb", "fgp_ex13_brake_to_stop_on_the_straight",
         "fgp_exx2_no_reduce_then_extend", "fgp_ex21_two_different_hazards_two_red_dice"]


def _turns(sid: str) -> list[tuple[am.MoveBreakdown, Race, int]]:
    """Each play of the scenario: its breakdown before, the race after the whole scenario, the events' start."""
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    out = []
    for a in sc.actions:
        if " play " in a:
            out.append((am.breakdown(race, a), len(race.events)))
        race.apply(a)
    return [(b, race, n) for b, n in out]


def _item(b: am.MoveBreakdown, part: Part) -> am.Item:
    return next(i for i in b.items if i.what == part.value)


def _played(race: Race, n: int, car: str) -> ev.CardsPlayed:
    return next(e for e in race.events[n:] if isinstance(e, ev.CardsPlayed) and e.car == car)


@pytest.mark.parametrize("sid", MOVES)
def test_the_total_is_the_engines_mp_and_every_mp_is_accounted_for(sid: str) -> None:
    for b, race, n in _turns(sid):
        played = _played(race, n, b.car)
        assert b.mp == played.mp == sum(i.mp for i in b.items)
        t = am.tally(race.events[n:], b.car)
        assert t.mp == b.mp and t.accounted


@pytest.mark.parametrize("sid", MOVES)
def test_board_speed_is_the_start_tiles_gear_times_the_pace(sid: str) -> None:
    for b, race, n in _turns(sid):
        played = _played(race, n, b.car)
        tile = race.state.track.tile(b.start.split(".")[0])
        assert b.gear == played.gear == (tile.gear or 8) and b.pace == played.pace
        assert _item(b, Part.BOARD).mp == BOARD.speed(b.gear, Pace(b.pace))
        assert b.items[0].what == Part.BOARD.value and b.items[0].rule == "§10.3 step 2.4"


@pytest.mark.parametrize("sid", MOVES)
def test_tyre_bonus_is_the_boards_for_the_cars_tyre_state(sid: str) -> None:
    sc = fgp_scenario.read(sid)
    for b, _race, _n in _turns(sid):
        s = sc.state
        c = s.cars[b.car]
        assert _item(b, Part.TYRE).mp == BOARD.tyre_bonus(c.tyre, s.tyre_state(c))


def test_worn_tyres_give_no_bonus_ex21() -> None:
    (b, race, n), = _turns("fgp_ex21_two_different_hazards_two_red_dice")
    assert _item(b, Part.TYRE).mp == 0 and "worn" in _item(b, Part.TYRE).note
    assert b.mp == _played(race, n, "Grey").mp == BOARD.speed(4, Pace.RED) == 3


def test_reductions_made_stay_within_the_room_ex04_ex13() -> None:
    (b4, race4, n4), = _turns("fgp_ex04_drive_3_charge_2")
    room = {r.step: r for r in b4.reduce}
    assert room[Adjust.CHARGE_ERS].most == BOARD.ers_max - 2 == am.tally(race4.events[n4:], "Grey").reduced
    (b13, race13, n13), = _turns("fgp_ex13_brake_to_stop_on_the_straight")
    room = {r.step: r for r in b13.reduce}
    assert room[Adjust.CHARGE_ERS].most == 0 and "full" in room[Adjust.CHARGE_ERS].why  # Ex. 13: a full ERS
    assert room[Adjust.BRAKE].most == 2 == am.tally(race13.events[n13:], "Grey").reduced  # two Tyre Wear cards
    assert race13.state.cars["Grey"].wear == fgp_scenario.read("fgp_ex13_brake_to_stop_on_the_straight") \
        .state.cars["Grey"].wear + 2  # Brake! +1 wear each (§11.9)


def test_extension_made_stays_within_the_room_ex11() -> None:
    turns = _turns("fgp_ex11_extend_with_ers_or_a_tyre_wear_card")
    race = turns[0][1]
    for b, _race, n in turns:
        t = am.tally([e for e in race.events[n:]][:_turn_len(race, n, b.car)], b.car)
        assert t.extended == 1 and t.accounted
        straight = {r.step: r.most for r in b.extend}
        assert straight[Adjust.EXTEND_ERS] >= 1 and straight[Adjust.EXTEND_TYRE] >= 1


def _turn_len(race: Race, n: int, car: str) -> int:
    """The events of ``car``'s turn from index ``n``: up to the next CardsPlayed of another car."""
    for k, e in enumerate(race.events[n:]):
        if k and isinstance(e, ev.CardsPlayed) and e.car != car:
            return k
    return len(race.events) - n


def _ex10() -> Race:
    return fgp_scenario.read("fgp_ex10_green_in_sixth_gear").race(play=False)


def _engine_mp(race: Race, play: str) -> int:
    r = race.clone()
    r.apply(play)
    return next(e for e in reversed(r.events) if isinstance(e, ev.CardsPlayed)).mp


def test_car_characteristic_adds_one_once_per_turn() -> None:
    race = _ex10()
    b = am.breakdown(race, "Grey play G1 +char")
    assert _item(b, Part.CHARACTERISTIC).mp == BOARD.characteristic_mp == 1
    assert b.mp == _engine_mp(race, "Grey play G1 +char") == am.breakdown(race, "Grey play G1").mp + 1


def test_focus_adds_one_on_the_focus_space() -> None:
    race = _ex10()
    race.state.cars["Grey"].stress = 0
    b = am.breakdown(race, "Grey play G1")
    assert _item(b, Part.FOCUS).mp == BOARD.focus_mp == 1 and b.mp == _engine_mp(race, "Grey play G1") == 6


def test_damage_takes_one_off() -> None:
    race = _ex10()
    code = next(c.code for c in incident_cards().cards if c.name == "Front wing damage")  # -1 MP (invented)
    race.state.cars["Grey"].damage = [code]
    b = am.breakdown(race, "Grey play G1")
    assert _item(b, Part.PENALTY).mp == -1 and b.mp == _engine_mp(race, "Grey play G1") == 4


def test_a_pair_is_the_next_pace_and_the_engine_agrees() -> None:
    race = _ex10()
    grey = race.state.cars["Grey"]
    grey.deck.pile.remove("G2")  # the second GREEN card from Grey's own deck into its hand
    grey.hand.append("G2")
    b = am.breakdown(race, "Grey play G1 G2")
    assert b.pair and b.pace == "red" and _item(b, Part.BOARD).mp == BOARD.speed(6, Pace.RED)
    assert b.mp == _engine_mp(race, "Grey play G1 G2")
    assert "a pair" in b.sentence()


def test_every_listed_play_matches_the_engine() -> None:
    race = _ex10()
    for a in am.plays(race):
        assert am.breakdown(race, a).mp == _engine_mp(race, str(a))


def test_refused_plays_raise_the_engines_reason() -> None:
    race = _ex10()
    with pytest.raises(IllegalAction, match="not in Grey's hand"):
        am.breakdown(race, "Grey play R9")
    with pytest.raises(IllegalAction):
        am.breakdown(race, "Grey end")
    before = race.position()
    am.breakdown(race, "Grey play G1")
    assert race.position() == before  # the position is not changed


def test_rows_and_sentence_show_every_term() -> None:
    b = am.breakdown(_ex10(), "Grey play G1")
    rows = b.rows()
    assert rows[0][0].startswith("board speed") and rows[-1] == ("total", "5", "§10.3")
    assert "6th gear" in b.sentence() and "= 5 MP" in b.sentence()


@pytest.mark.parametrize("sid, first, why", [
    ("fgp_ex06_alone_ahead_then_the_inside", ["Red", "Grey", "Orange"], "item 2"),
    ("fgp_ex07_a_lane_that_ends", ["Orange", "Blue"], "item 3"),
    ("fgp_ex08_the_lane_counts_not_the_space", ["Red", "Orange", "Blue"], "item 2"),
    ("fgp_ex09_the_slipstream_car_counts_as_the_lane_ahead", ["Orange", "Grey", "Red"], "item 5"),
])
def test_the_driver_order_explained_is_the_races(sid: str, first: list[str], why: str) -> None:
    """Examples 6–9 (§10.2): the sequence the race set, each car with the rule that placed it."""
    sc = fgp_scenario.read(sid)
    placed = order.explained(sc.race(play=False), sc.prelude)
    assert [p.car for p in placed] == first == list(next(e.order for e in sc.prelude if isinstance(e, ev.OrderSet)))
    assert why in placed[-1].why or why in placed[1].why
    assert [p.place for p in placed] == list(range(1, len(first) + 1))


def test_an_order_the_track_alone_does_not_give_is_refused() -> None:
    sc = fgp_scenario.read("fgp_ex06_alone_ahead_then_the_inside")
    race = sc.race(play=False)
    race.state.cars["Orange"].pos = race.state.track.pos("T05.1.1")  # now ahead of the order the race set
    with pytest.raises(ValueError, match="not the on-track order"):
        order.explained(race, sc.prelude)
