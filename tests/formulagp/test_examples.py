"""FormulaGP worked examples (Appendix A and the rulebook's [8.2] example), asserting the source's own numbers on the
teaching components.

An example that plays on a race position is a scenario (``racebook/formulagp/scenarios/fgp_exNN_….toml``): its test
loads the scenario, replays it through the race engine and asserts the source's numbers on the events and the
position, and keeps the rule-level assertions on the pure rules as well. The examples whose mechanic the race does
not play yet (W2W, pits, pushing, the Red Flag, DRS, secondary functions, battles) and Example 1 (a fact about a
track's data) stay rule-level."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

import pytest

from racebook.core.errors import IllegalAction
from racebook.formulagp import events as ev
from racebook.formulagp import lapping, pitlane
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import Discard, End, Extend, Play, Rejoin, Spend, Stop, To
from racebook.formulagp.components import CardType, Colour, Secondary, cards
from racebook.formulagp.eventdeck import event_card
from racebook.formulagp.game import Race
from racebook.formulagp.notation import parse_position
from racebook.formulagp.playerboard import Pace, Tyre, TyreState, load_board
from racebook.formulagp.rules.drs import DrsCar, drs_move
from racebook.formulagp.rules.hazards import DiceOwed, Hazard, dice_owed
from racebook.formulagp.rules.movement import (
    Adjust,
    AdjustContext,
    AdjustState,
    MoveCard,
    adjust,
    movement_points,
    pace_of,
    walk,
)
from racebook.formulagp.rules.order import Place, Runner, Why, driver_order, red_flag_grid
from racebook.formulagp.rules.passing import Entry, entering
from racebook.formulagp.rules.pitexit import PitStop, exit_order
from racebook.formulagp.rules.pushing import Push, PushOutcome, push
from racebook.formulagp.rules.resources import OtCharge, charge_ot, ers_returns, secondary_function, spend_ers_in_battle
from racebook.formulagp.rules.wheeltowheel import W2W, end_of_round, joined
from racebook.formulagp.state import Phase
from racebook.formulagp.track import load_track, parse_track

T = TypeVar("T")
BOARD = load_board()
TRACK = load_track()
GREEN = MoveCard(Colour.GREEN)
SOFT = BOARD.tyre_bonus(Tyre.SOFT, TyreState.FRESH)
CODES = Counter(c.code for c in cards().action)


def _played(sid: str) -> tuple[fgp_scenario.Scenario, Race]:
    """A shipped scenario and its race, every action applied."""
    sc = fgp_scenario.read(sid)
    return sc, sc.race()


def _before(sid: str, action: str) -> Race:
    """The scenario's race just before its action ``action`` (the first one of that text)."""
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    for a in sc.actions[:sc.actions.index(action)]:
        race.apply(a)
    return race


def _events(race: Race, kind: type[T]) -> list[T]:
    return [e for e in race.events if isinstance(e, kind)]


def _conserved(race: Race) -> None:
    """Every car's 45 ACTION cards each in one place (§3, §5)."""
    for c in race.state.cars.values():
        assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id


def _path(*names: str) -> list:
    return [TRACK.pos(n) for n in names]


def _order(**cars: str) -> list[str]:
    runners = [Runner(car, TRACK.pos(at)) for car, at in cars.items()]
    return [s.car for s in driver_order(TRACK, runners)]


def test_fgp_ex_01_an_undivided_lane_is_one_space() -> None:
    """Example 1 (§2.3): lane a is divided by a white outline (2 spaces); lanes b and c are undivided (1 space each):
    on a one-corner track built for it, and through the race on the teaching circuit (scenario fgp_ex01: a single-space
    lane is crossed for 1 MP, a divided one for 2)."""
    doc = {"schema": 1, "name": "ex01", "source": "invented-for-teaching: a one-corner loop for Example 1",
           "laps": 1, "grid": ["C1.1.1", "C1.2.1"], "pit": {"side": "right", "entry": "C1", "exit": "C1", "boxes": 1},
           "tiles": [{"id": "SF", "feature": "finish"}]
           + [{"id": f"C{i}", "shape": "corner", "turn": "left", "gear": 4, "lanes": ["n n", "k", "k", "off"]}
              for i in range(1, 9)]}
    t = parse_track(doc, "ex01.toml")
    corner = t.tile("C1")
    assert [len(corner.spaces(lane)) for lane in (1, 2, 3)] == [2, 1, 1]
    sc, race = _played("fgp_ex01_an_undivided_lane_is_one_space")
    for tile, lane3 in (("T04", "k"), ("T05", "n")):  # lane 2 divided, lane 3 undivided on the teaching circuit
        spaces = TRACK.tile(tile)
        assert (len(spaces.spaces(2)), len(spaces.spaces(3))) == (2, 1)
        assert TRACK.space(TRACK.pos(f"{tile}.3.1")).surface.value == lane3
    moves = {car: [e.to for e in _events(race, ev.Moved) if e.car == car] for car in ("Grey", "Red")}
    assert [m[:3] for m in moves["Grey"]] == ["T04", "T05", "T06", "T06", "T07"]  # 1 MP a single-space lane
    assert [m[:3] for m in moves["Red"]] == ["T04", "T04", "T05", "T05", "T06"]  # 2 MP a divided lane
    assert {e.car: e.mp for e in _events(race, ev.CardsPlayed)} == {"Grey": 5, "Red": 5}
    assert [race.state.track.name_of(race.state.cars[c].pos) for c in ("Grey", "Red")] == ["T07.3.1", "T06.2.1"]


def test_fgp_ex_02_secondary_functions() -> None:
    """Example 2 (§5.1): a single ORANGE card spends for +1 OT; a GREEN ACTION card and an EVENT card with matching
    icons restore a Parameter; two matching cards charge +1 ERS. Scenario: fgp_ex02 — each a free action before the
    move, the spent cards discarded."""
    c = cards()
    orange = c.card("O1")
    assert orange.type is CardType.ORANGE and secondary_function([orange.secondary]) is Secondary.PLUS_OT
    assert charge_ot(0, 1, BOARD.ot_max) == OtCharge(1, 0)
    assert charge_ot(BOARD.ot_max, 1, BOARD.ot_max) == OtCharge(BOARD.ot_max, 1)  # +1 OT never above the max
    green, event = c.card("G4"), c.named_card("Investigation")
    assert green.type is CardType.GREEN
    assert secondary_function([green.secondary, event.secondary]) is Secondary.PARAMETER2
    assert secondary_function([c.card("G7").secondary, c.card("R7").secondary]) is Secondary.ERS2
    with pytest.raises(IllegalAction, match="§5.1"):
        secondary_function([green.secondary, c.card("G7").secondary])
    sid = "fgp_ex02_secondary_functions"
    sc, race = _played(sid)
    start = sc.state.cars["A"]
    assert (start.ot, start.params, start.ers, start.events) == (0, "WR", 2, ["E1"])  # the Yellow token used
    assert event_card("E1").name == event.name == "Investigation"
    c = race.state.cars["A"]
    assert _before(sid, "A spend G4 E1 yellow").state.cars["A"].ot == 1
    assert Spend("A", ("G4", "E1"), "yellow") in _before(sid, "A spend G4 E1 yellow").legal_actions()
    restored = _before(sid, "A spend G7 R7")
    assert restored.state.cars["A"].params == "WYR" and "E1" in restored.state.events.discards
    assert restored.state.cars["A"].events == []
    assert c.ers == 3
    assert c.hand == ["G1"] and race.state.phase is Phase.PLAY  # still before the move
    assert [e.function for e in _events(race, ev.SecondarySpent)] == ["plus_ot", "parameter2", "ers2"]
    assert sorted(c.deck.discards) == ["G4", "G7", "O1", "R7"]  # the spent cards discarded
    _conserved(race)


def test_fgp_ex_03_ers_in_battle_cuts_the_hand_limit() -> None:
    """Example 3 (§8.1): spending 1 ERS at a level showing 2 LEDs adds 2 LEDs; the new level shows 0 LEDs, so the hand
    limit falls from 6 to 4 and a hand of 5 discards 1. Scenario: fgp_ex03 (Red defends a battle with R4 and 1 ERS)."""
    level = next(i for i in range(1, BOARD.ers_max + 1) if BOARD.ers_leds[i] == 2 and BOARD.ers_leds[i - 1] == 0)
    assert BOARD.hand_limit(level) == 6
    spent = spend_ers_in_battle(BOARD, level, hand=5)
    assert (spent.leds, spent.hand_limit, spent.discard, spent.ers) == (2, 4, 1, level - 1)
    sid = "fgp_ex03_ers_in_battle_cuts_the_hand_limit"
    sc, race = _played(sid)
    assert sc.state.cars["Red"].ers == level == 2  # the teaching board: level 2 shows 2 LEDs, level 1 shows 0
    before = _before(sid, "Grey attack Red")
    assert before.state.hand_limit(before.state.cars["Red"]) == 6
    revealed = _before(sid, "Red discard G4")
    red_side = next(e for e in revealed.events if isinstance(e, ev.BattleRevealed) and e.car == "Red")
    assert (red_side.card_leds, red_side.ers_leds, red_side.leds, red_side.ers) == (2, 2, 4, 1)
    assert revealed.state.hand_limit(revealed.state.cars["Red"]) == 4 and len(revealed.state.cars["Red"].hand) == 5
    assert revealed.phase is Phase.BATTLE and revealed.current_car == "Red"
    assert all(isinstance(a, Discard) for a in revealed.legal_actions())
    assert len(race.state.cars["Red"].hand) == 4 and race.state.battle is None
    assert race.phase is not Phase.BATTLE
    _conserved(race)


def test_fgp_ex_04_drive_3_and_charge_2() -> None:
    """Example 4 (§11.2.1, §8.1): 5 MP; the car drives 3 spaces and turns the other 2 into +2 ERS.
    Scenario: fgp_ex04."""
    mp = movement_points(BOARD, TRACK.tile("T03").gear or 8, Pace.GREEN, tyre_bonus=SOFT).total
    assert mp == 5
    w = walk(TRACK, TRACK.pos("T03.2.1"), _path("T03.2.2", "T04.2.1", "T04.2.2"), pace_of((GREEN,)))
    ers, state = 2, AdjustState()
    for _ in range(mp - w.mp):
        a = adjust(AdjustContext(ers=ers, ers_max=BOARD.ers_max, mp_left=mp - w.mp - state.reduced,
                                 on_straight=False, tyres_worn=False, tyre_wear_cards=0), state, Adjust.CHARGE_ERS)
        ers, state = ers + a.ers, a.state
    assert (w.mp, state.reduced, ers) == (3, 2, 4)
    sc, race = _played("fgp_ex04_drive_3_charge_2")
    played = _events(race, ev.CardsPlayed)[0]
    moves = [e for e in _events(race, ev.Moved) if e.car == "Grey"]
    charges = [e for e in _events(race, ev.Adjusted) if e.car == "Grey"]
    assert played.mp == 5 and (len(moves), len(charges)) == (3, 2)
    assert [e.step for e in charges] == [Adjust.CHARGE_ERS.value] * 2 and [e.left for e in charges] == [1, 0]
    assert (sc.state.cars["Grey"].ers, race.state.cars["Grey"].ers) == (2, 4)


def test_fgp_ex_05_ers_returns() -> None:
    """Example 5 (§10.1): with 2 LEDs on the ERS level, return up to 2 drawn cards and draw 2. Scenario: fgp_ex05."""
    level = next(i for i, leds in enumerate(BOARD.ers_leds) if leds == 2)
    assert ers_returns(BOARD, level) == 2
    sc, race = _played("fgp_ex05_ers_returns")
    drew = next(e for e in _events(race, ev.Drew) if e.car == "Grey")
    assert len(drew.cards) == BOARD.hand_limit(BOARD.ers_max) == 6 and BOARD.ers_level_leds(BOARD.ers_max) == 2
    back = _events(race, ev.Returned)[0]
    assert (back.cards, back.drawn) == (("W1", "P1"), ("G3", "R3"))
    assert sorted(race.state.cars["Grey"].hand) == ["G1", "G2", "G3", "R1", "R2", "R3"]
    three = _before("fgp_ex05_ers_returns", "Grey return W1 P1").explain("Grey return W1 P1 G1")
    assert not three.legal and three.rule == "§10.1.2"


def test_fgp_ex_06_alone_ahead_then_the_inside_of_the_next_corner() -> None:
    """Example 6 (§10.2): Red alone on a tile ahead moves 1st; Grey and Orange share a straight, and Grey is nearer
    the inside of the next corner: Grey 2nd, Orange 3rd. Scenario: fgp_ex06."""
    assert _order(Orange="T03.2.2", Grey="T03.3.1", Red="T04.1.1") == ["Red", "Grey", "Orange"]
    sc, race = _played("fgp_ex06_alone_ahead_then_the_inside")
    assert race.state.order == ("Red", "Grey", "Orange")
    assert [e.order for e in sc.prelude if isinstance(e, ev.OrderSet)] == [("Red", "Grey", "Orange")]


def test_fgp_ex_07_a_lane_that_ends_moves_after() -> None:
    """Example 7 (§10.2): Blue is in the inside lane for the coming corner, but its lane ends before the corner, so
    Orange moves before Blue. Scenario: fgp_ex07."""
    runners = [Runner("Blue", TRACK.pos("T03.4.2")), Runner("Orange", TRACK.pos("T03.2.1"))]
    slots = driver_order(TRACK, runners)
    assert [s.car for s in slots] == ["Orange", "Blue"] and slots[1].why is Why.LANE_ENDS
    sc, race = _played("fgp_ex07_a_lane_that_ends")
    assert race.state.order == ("Orange", "Blue") and race.current_car == "Orange"


def test_fgp_ex_08_the_lane_counts_not_the_space() -> None:
    """Example 8 (§10.2): Red moves first (inside lane of the corner); Blue looks farther ahead on the tile, but
    Orange's lane is nearer the inside, so Orange before Blue. Scenario: fgp_ex08."""
    slots = driver_order(TRACK, [Runner("Blue", TRACK.pos("T04.1.3")), Runner("Orange", TRACK.pos("T04.2.1")),
                                 Runner("Red", TRACK.pos("T04.3.1"))])
    assert [s.car for s in slots] == ["Red", "Orange", "Blue"] and slots[2].why is Why.INSIDE
    sc, race = _played("fgp_ex08_the_lane_counts_not_the_space")
    assert race.state.order == ("Red", "Orange", "Blue")


def test_fgp_ex_09_a_slipstream_car_counts_as_the_lane_it_is_tucked_into() -> None:
    """Example 9 (§10.2): Orange moves first (inside lane of the coming corner); Grey, in the Slipstream space behind
    it, counts as Orange's lane and moves before Red. Scenario: fgp_ex09."""
    assert _order(Red="T06.3.2", Grey="T06.1.1", Orange="T06.1.2") == ["Orange", "Grey", "Red"]
    sc, race = _played("fgp_ex09_the_slipstream_car_counts_as_the_lane_ahead")
    assert race.state.order == ("Orange", "Grey", "Red")


def test_fgp_ex_10_green_in_sixth_gear_plus_the_tyre_bonus() -> None:
    """Example 10 (§10.3): a GREEN card gives 2 MP in 6th gear; +3 tyre bonus = 5 spaces. Scenario: fgp_ex10."""
    tile = TRACK.tile("T03")
    assert tile.gear == 6 and BOARD.speed(6, Pace.GREEN) == 2 and SOFT == 3
    mp = movement_points(BOARD, tile.gear, pace_of((GREEN,)).pace, tyre_bonus=SOFT)
    assert mp.total == 5
    w = walk(TRACK, TRACK.pos("T03.2.1"), _path("T03.2.2", "T04.2.1", "T04.2.2", "T05.2.1", "T05.2.2"),
             pace_of((GREEN,)))
    assert w.mp == mp.total
    sc, race = _played("fgp_ex10_green_in_sixth_gear")
    played = _events(race, ev.CardsPlayed)[0]
    assert (played.cards, played.pace, played.gear, played.mp) == (("G1",), "green", 6, 5)
    assert len([e for e in _events(race, ev.Moved) if e.car == "Grey"]) == 5
    assert race.state.track.name_of(race.state.cars["Grey"].pos) == "T05.1.1"


def test_fgp_ex_11_extend_with_ers_on_a_straight_and_a_tyre_wear_card_in_a_corner() -> None:
    """Example 11 (§11.2.2): car a ended on the straight and spends an ERS charge for +1; car b stopped in a corner and
    plays a Tyre Wear card for +1 (tyre wear +1). Scenario: fgp_ex11."""
    a_tile, b_tile = TRACK.tile("T11"), TRACK.tile("T12")
    assert a_tile.straight and not b_tile.straight

    def ctx(straight: bool) -> AdjustContext:
        return AdjustContext(ers=BOARD.ers_max, ers_max=BOARD.ers_max, mp_left=0, on_straight=straight,
                             tyres_worn=False, tyre_wear_cards=1)

    a = adjust(ctx(a_tile.straight), AdjustState(), Adjust.EXTEND_ERS)
    b = adjust(ctx(b_tile.straight), AdjustState(), Adjust.EXTEND_TYRE)
    assert (a.mp, a.ers, a.wear) == (1, -1, 0) and (b.mp, b.wear, b.cards) == (1, 1, 1)
    for straight, step in ((True, Adjust.EXTEND_TYRE), (False, Adjust.EXTEND_ERS)):
        with pytest.raises(IllegalAction, match="§11.2.2"):
            adjust(ctx(straight), AdjustState(), step)
    sid = "fgp_ex11_extend_with_ers_or_a_tyre_wear_card"
    sc, race = _played(sid)
    ext = {e.car: e for e in _events(race, ev.Adjusted)}
    start = {c: sc.state.cars[c] for c in "AB"}
    assert ext["A"].step == Adjust.EXTEND_ERS.value and (ext["A"].ers, ext["A"].wear) == (start["A"].ers - 1,
                                                                                          start["A"].wear)
    assert ext["B"].step == Adjust.EXTEND_TYRE.value and ext["B"].card == "W1"
    assert (ext["B"].wear, ext["B"].ers) == (start["B"].wear + 1, start["B"].ers)
    assert ext["A"].left == ext["B"].left == 1
    a = _before(sid, "A extend ers")
    assert a.state.track.tiles[a.state.cars["A"].pos.tile].straight and Extend("A", "W2") not in a.legal_actions()
    assert a.explain("A extend W2").rule == "§11.2.2"
    b = _before(sid, "B extend W1")
    assert not b.state.track.tiles[b.state.cars["B"].pos.tile].straight
    assert Extend("B", "ers") not in b.legal_actions() and b.explain("B extend ers").rule == "§11.2.2"


def test_fgp_ex_12_a_lateral_lane_change_onto_the_kerb_never_diagonal() -> None:
    """Example 12 (§11.3): 5 MP; a lateral change from lane 1 to lane 2 (the kerb, which is track) costs 1 MP; a
    diagonal change from lane 1 to lane 3 is not allowed. Scenario: fgp_ex12."""
    tile = TRACK.tile("T12")
    assert movement_points(BOARD, tile.gear or 8, Pace.GREEN, tyre_bonus=SOFT).total == 5
    w = walk(TRACK, TRACK.pos("T12.1.1"), _path("T12.2.1"), pace_of((GREEN,)))
    assert w.mp == 1 and w.lane_changes == 1 and TRACK.space(w.end).surface.value == "k"
    with pytest.raises(IllegalAction, match="never diagonally") as e:
        walk(TRACK, TRACK.pos("T12.1.1"), _path("T12.3.1"), pace_of((GREEN,)))
    assert e.value.rule == "§11.3"
    sid = "fgp_ex12_a_lateral_lane_change_onto_the_kerb"
    sc, race = _played(sid)
    assert _events(race, ev.CardsPlayed)[0].mp == 5
    change = _events(race, ev.Moved)[0]
    assert (change.frm, change.to, change.how, change.left) == ("T12.1.1", "T12.2.1", "lane change", 4)
    diagonal = _before(sid, "Grey to T12.2.1")
    assert To("Grey", "T12.3.1") not in diagonal.legal_actions()
    verdict = diagonal.explain("Grey to T12.3.1")
    assert verdict.rule == "§11.3" and "never diagonally" in verdict.reason


def test_fgp_ex_13_brake_to_stop_on_the_straight() -> None:
    """Example 13 (§11.9): to stop on a straight rather than a corner, with no battle to charge OT and a full ERS, use
    Brake!. Scenario: fgp_ex13."""
    mp = movement_points(BOARD, TRACK.tile("T10").gear or 8, Pace.GREEN, tyre_bonus=SOFT).total
    full = BOARD.ers_max
    route = _path("T10.1.2", "T11.1.1", "T11.1.2", "T12.1.1", "T12.1.2")
    assert mp == 5 and not TRACK.tiles[route[mp - 1].tile].straight  # all 5 MP end in the corner
    ctx = AdjustContext(ers=full, ers_max=full, mp_left=mp, on_straight=True, tyres_worn=False, tyre_wear_cards=2)
    with pytest.raises(IllegalAction, match="the ERS is full"):
        adjust(ctx, AdjustState(), Adjust.CHARGE_ERS)
    state, wear = AdjustState(), 0
    for _ in range(2):
        a = adjust(ctx, state, Adjust.BRAKE)
        state, wear = a.state, wear + a.wear
    w = walk(TRACK, TRACK.pos("T10.1.1"), route[:mp - state.reduced], pace_of((GREEN,)))
    assert TRACK.tiles[w.end.tile].straight and wear == 2
    sid = "fgp_ex13_brake_to_stop_on_the_straight"
    sc, race = _played(sid)
    brakes = _events(race, ev.Adjusted)
    assert [b.step for b in brakes] == [Adjust.BRAKE.value] * 2 and [b.card for b in brakes] == ["W1", "W2"]
    assert race.state.cars["Grey"].wear == sc.state.cars["Grey"].wear + 2
    end = race.state.cars["Grey"].pos
    assert race.state.track.name_of(end) == "T11.1.2" and race.state.track.tiles[end.tile].straight
    full = _before(sid, "Grey brake W1")
    assert full.state.cars["Grey"].ers == BOARD.ers_max and "the ERS is full" in full.explain("Grey charge").reason


def test_fgp_ex_14_an_empty_lane_between_is_a_free_pass() -> None:
    """Example 14 (§13.1): Red shifts one lane right and passes Blue without a battle (an empty lane between them);
    staying in the middle lane it would have to battle. Scenario: fgp_ex14."""
    blue = [TRACK.pos("T11.1.1")]
    assert entering(TRACK, TRACK.pos("T10.3.2"), 3, blue) is Entry.FREE
    assert entering(TRACK, TRACK.pos("T10.2.2"), 2, blue) is Entry.STOP
    sid = "fgp_ex14_an_empty_lane_between_is_a_free_pass"
    sc, race = _played(sid)
    assert not _events(race, ev.ForcedStop)
    red, blue = race.state.cars["Red"].pos, race.state.cars["Blue"].pos
    assert red.tile > blue.tile and red.lane == 3
    middle = _before(sid, "Red to T10.3.2")
    assert Stop("Red") in middle.legal_actions() and middle.explain("Red to T11.2.1").rule == "§13.2"


def test_fgp_ex_15_once_on_the_tile_the_car_moves_freely() -> None:
    """Example 15 (§13.1): Red enters Grey's tile without a battle (an empty lane between them), then changes lanes and
    drives past Grey. Scenario: fgp_ex15."""
    grey = TRACK.pos("T11.1.1")
    assert entering(TRACK, TRACK.pos("T10.3.2"), 3, [grey]) is Entry.FREE
    w = walk(TRACK, TRACK.pos("T10.3.2"), _path("T11.3.1", "T11.2.1", "T11.2.2", "T12.2.1"), pace_of((GREEN,)))
    assert w.end.tile > grey.tile and w.lane_changes == 1
    sc, race = _played("fgp_ex15_on_the_tile_the_car_moves_freely")
    assert not _events(race, ev.ForcedStop)
    moves = _events(race, ev.Moved)
    assert [m.how for m in moves].count("lane change") == 1 and moves[1].to == "T11.2.1"
    assert race.state.cars["Red"].pos.tile > race.state.cars["Grey"].pos.tile


def test_fgp_ex_16_a_double_lane_space_is_one_lane() -> None:
    """Example 16 (§13.1): Blue cannot use a double-lane space to pass Orange without a battle. Scenario: fgp_ex16."""
    orange = [TRACK.pos("T10.4.1")]
    assert entering(TRACK, TRACK.pos("T09.2.2"), 2, orange) is Entry.STOP  # the double-lane space: lanes 2 and 3
    assert entering(TRACK, TRACK.pos("T09.1.2"), 2, orange) is Entry.FREE  # an ordinary space in lane 1: lane 3 free
    sid = "fgp_ex16_a_double_lane_space_is_one_lane"
    sc, race = _played(sid)
    stop = _events(race, ev.ForcedStop)[0]
    assert (stop.car, stop.at) == ("Blue", "T09.2.2")
    there = _before(sid, "Blue stop")
    assert there.state.track.double_lanes(there.state.cars["Blue"].pos) == (2, 3)
    assert not any(isinstance(a, To) and a.to.startswith("T10") for a in there.legal_actions())
    assert there.explain("Blue to T10.2.1").rule == "§13.2"


def test_fgp_ex_17_leftover_mp_become_ot_up_to_the_cap() -> None:
    """Example 17 (§13.2): Orange has 4 MP, moves 1 space and must stop a tile behind Green (adjacent lane); the other
    3 MP become OT, but its OT capacity is 2, so the 3rd point is lost. Scenario: fgp_ex17."""
    mp = movement_points(BOARD, TRACK.tile("T33").gear or 8, Pace.GREEN, tyre_bonus=SOFT).total
    assert mp == 4
    w = walk(TRACK, TRACK.pos("T33.2.1"), _path("T33.2.2"), pace_of((GREEN,)))
    assert entering(TRACK, w.end, 2, [TRACK.pos("T34.3.1")]) is Entry.STOP
    ot = charge_ot(0, mp - w.mp, BOARD.ot_max)
    assert (w.mp, mp - w.mp, BOARD.ot_max, ot.ot, ot.lost) == (1, 3, 2, 2, 1)
    sc, race = _played("fgp_ex17_leftover_mp_become_ot_up_to_the_cap")
    assert _events(race, ev.CardsPlayed)[0].mp == 4 and len(_events(race, ev.Moved)) == 1
    stop = _events(race, ev.ForcedStop)[0]
    assert (stop.car, stop.mp, stop.ot, stop.lost) == ("Orange", 3, 2, 1)


def test_fgp_ex_24_red_flag_grid_puts_the_pit_lane_car_behind() -> None:
    """Example 24 (§19.6): Orange leads, then Grey, Red (in the pit lane) and Blue; the new grid is Orange, Grey, Blue,
    Red. Scenario: fgp_ex24 — Red pits, Blue ends its move on Red's tile and plays the 'Safety Car' EVENT card, whose
    WHITE die shows 6: the Red Flag."""
    runners = [Runner("Orange", TRACK.pos("T02.1.2"), lap=1), Runner("Grey", TRACK.pos("T01.2.2"), lap=1),
               Runner("Red", TRACK.pos("T40.4.1"), place=Place.PIT_LANE), Runner("Blue", TRACK.pos("T40.2.1"))]
    sequence = [s.car for s in driver_order(TRACK, runners)]
    assert sequence == ["Orange", "Grey", "Red", "Blue"]
    assert red_flag_grid(TRACK, sequence, runners) == ("Orange", "Grey", "Blue", "Red")
    sid = "fgp_ex24_the_red_flag_grid_puts_the_pit_lane_car_behind"
    sc, race = _played(sid)
    shown = _before(sid, "Blue end")
    s = shown.state
    assert [(e.face, e.colour) for e in _events(shown, ev.SafetyCarRoll)] == [(6, "red")]
    red = _events(shown, ev.RedFlag)[0]
    assert red.grid == ("Orange", "Grey", "Blue", "Red") == s.grid
    assert [s.track.name_of(s.cars[c].pos) for c in s.grid] == [s.track.name_of(p) for p in s.track.grid[:4]]
    assert all(c.stress == 1 and c.ers == s.board.ers_max for c in s.cars.values())
    assert [sc.state.cars[c].stress for c in ("Orange", "Grey")] == [0, 2] and sc.state.cars["Grey"].ers == 0
    assert all(not c.pit for c in s.cars.values())  # Red, in its box at the flag, is on the grid, its stop over
    assert s.order == ("Orange", "Grey", "Red", "Blue") and s.turn is not None and s.turn.mp_left == 0
    assert shown.legal_actions() == [End("Blue")]
    at_flag = _before(sid, "Blue event E3").state
    assert at_flag.cars["Red"].pit == "box" and at_flag.cars["Red"].pos.tile == at_flag.cars["Blue"].pos.tile
    assert not _events(race, ev.W2WToken)  # the cars on the grid: no Wheel-to-Wheel tokens (§19.6)
    assert race.state.round == 1 and race.state.flag == sc.state.flag + 1  # the restart (A30)


def test_fgp_ex_x2_no_reduce_then_extend() -> None:
    """The rulebook's [8.2] example (§11.2): a car cannot charge its ERS to reduce its move and end on a corner, then
    extend the move by playing a Tyre Wear card. Scenario: fgp_exx2."""
    ctx = AdjustContext(ers=2, ers_max=BOARD.ers_max, mp_left=2, on_straight=False, tyres_worn=False,
                        tyre_wear_cards=1)
    reduced = adjust(ctx, AdjustState(), Adjust.CHARGE_ERS)
    with pytest.raises(IllegalAction, match="never both") as e:
        adjust(ctx, reduced.state, Adjust.EXTEND_TYRE)
    assert e.value.rule == "§11.2"
    sid = "fgp_exx2_no_reduce_then_extend"
    sc, race = _played(sid)
    assert [e.step for e in _events(race, ev.Adjusted)] == [Adjust.CHARGE_ERS.value] * 2
    reduced = _before(sid, "Grey end")
    assert not reduced.state.track.tiles[reduced.state.cars["Grey"].pos.tile].straight
    assert not any(isinstance(a, Extend) for a in reduced.legal_actions())
    verdict = reduced.explain("Grey extend W1")
    assert not verdict.legal and verdict.rule == "§11.2" and "never both" in verdict.reason


def test_fgp_ex_18_a_car_in_the_slipstream_joins_the_wheel_to_wheel() -> None:
    """Example 18 (§13.5, A32): Grey and Orange on one tile are in a W2W battle; later Grey and Blue are ('VS'
    tokens), and the trailing Red moves into the Slipstream space behind Grey without attacking Blue, so it joins:
    when the last driver has moved, Grey and Blue flip to 'Stress' (+1 stress each) and Red gets a 'VS' token.
    Scenario: fgp_ex18 (the second situation; the first stays rule-level)."""
    first = end_of_round(TRACK, {"Grey": TRACK.pos("T10.1.2"), "Orange": TRACK.pos("T10.2.1")}, {})
    assert {(c.car, c.after) for c in first} == {("Grey", W2W.VS), ("Orange", W2W.VS)}
    cars = {"Grey": TRACK.pos("T28.2.2"), "Blue": TRACK.pos("T28.1.2"), "Red": TRACK.pos("T28.2.1")}
    assert TRACK.space(cars["Red"]).surface.value == "s"
    later = end_of_round(TRACK, cars, {"Grey": W2W.VS, "Blue": W2W.VS})
    assert joined(later) == ["Red"]
    assert {(c.car, c.after, c.stress) for c in later} == {("Grey", W2W.STRESS, 1), ("Blue", W2W.STRESS, 1),
                                                           ("Red", W2W.VS, 0)}
    sid = "fgp_ex18_the_slipstream_car_joins_the_w2w"
    sc, race = _played(sid)
    assert [sc.state.cars[c].w2w for c in ("Grey", "Blue", "Red")] == ["VS", "VS", "none"]
    stress = {c: sc.state.cars[c].stress for c in ("Grey", "Blue", "Red")}
    stop = _events(race, ev.ForcedStop)[0]
    assert (stop.car, stop.at) == ("Red", "T28.2.1") and not _events(race, ev.BattleDeclared)
    red = race.state.cars["Red"].pos
    assert race.state.track.name_of(red) == "T28.2.1" and race.state.track.space(red).surface.value == "s"
    ended = _before(sid, "Red end")
    assert ended.current_car == "Red" and ended.explain("Red attack Blue").legal is False
    events = race.events[len(ended.events):]
    tokens = {(e.car, e.before, e.after, e.stress) for e in events if isinstance(e, ev.W2WToken)}
    assert tokens == {("Grey", "VS", "Stress", 1), ("Blue", "VS", "Stress", 1), ("Red", "none", "VS", 0)}
    assert [e.car for e in events if isinstance(e, ev.W2WToken)] == ["Grey", "Blue", "Red"]  # then the new round
    assert isinstance(next(e for e in events if isinstance(e, (ev.W2WToken, ev.RoundStarted))), ev.W2WToken)
    for car in ("Grey", "Blue"):
        assert race.state.cars[car].stress == stress[car] + 1 and race.state.cars[car].w2w == "Stress"
    assert race.state.cars["Red"].w2w == "VS" and race.state.cars["Red"].stress == stress["Red"]
    assert " w2w=Stress" in race.position() and parse_position(race.position()).cars["Red"].w2w == "VS"


def test_fgp_ex_19_three_teams_double_stack() -> None:
    """Example 19 (§16.4): three teams pit both cars in one round; the first-stopped cars roll the WHITE die and line
    up, then the second-stopped cars roll and line up behind them, then the cars that made repairs. Scenario: fgp_ex19
    (six cars, the teaching circuit's most: the first two groups, B1 2, A1 4, C1 5, then C2 2, A2 3, B2 6, as the next
    round's order); the eight-car version with the repairers stays rule-level."""
    stops = [PitStop("A1", 4, box=0), PitStop("B1", 2, box=1), PitStop("C1", 5, box=2),
             PitStop("A2", 3, box=0, second=True), PitStop("B2", 6, box=1, second=True),
             PitStop("C2", 2, box=2, second=True), PitStop("R", 3, box=3, repaired=True),
             PitStop("S", 2, box=4, repaired=True)]
    assert exit_order(stops) == ("B1", "A1", "C1", "C2", "A2", "B2", "S", "R")
    sid = "fgp_ex19_three_teams_double_stack"
    sc, race = _played(sid)
    cars = ["A1", "B1", "C1", "A2", "B2", "C2"]
    dice = {"A1": 4, "B1": 2, "C1": 5, "A2": 3, "B2": 6, "C2": 2}
    entered = [e.car for e in _events(race, ev.PitEntered)]
    assert entered == cars and {c: sc.state.cars[c].team for c in cars} == {c: c[0] for c in cars}
    boxed = _before(sid, "A1 leave").state
    assert [boxed.cars[c].pit_second for c in cars] == [False] * 3 + [True] * 3  # the teammate entered first
    s = race.state
    assert all(s.cars[c].pit == "exit" for c in cars)
    assert s.order == ("B1", "A1", "C1", "C2", "A2", "B2")
    assert pitlane.exit_ranks(s) == {c: i for i, c in enumerate(s.order)}
    assert _events(race, ev.PitExitOrder)[0].cars == s.order
    times = [(e.car, e.die) for e in _events(race, ev.PitStopTime)]
    assert times == [(c, dice[c]) for c in cars]  # first-stopped cars roll, then the second-stopped
    assert not _events(race, ev.W2WToken)  # cars in the pit lane are on no track tile (§16.2)


def test_fgp_ex_21_two_different_hazards_two_red_dice() -> None:
    """Example 21 (§19.2): ending on a Tricky Corner space with the wear marker on the RED die icon rolls the RED die
    twice. Scenario: fgp_ex21."""
    skid = TRACK.tile("T05").skids[0]
    assert skid.start == (2, 1)  # the skid marks begin at T05.2.2
    wear = next(p for p, icon in BOARD.icons.items() if icon.value == "red_die")
    assert BOARD.red_die_every_move(wear) and not BOARD.red_die_every_move(wear - 1)
    assert dice_owed([Hazard.TRICKY_CORNER, Hazard.WORN_TYRES]) == DiceOwed(2, 0)
    sc, race = _played("fgp_ex21_two_different_hazards_two_red_dice")
    assert sc.state.cars["Grey"].wear == wear
    rolled = [e for e in _events(race, ev.DieRolled) if e.car == "Grey"]
    assert [e.die for e in rolled] == ["red", "red"]
    assert race.state.track.name_of(race.state.cars["Grey"].pos) == "T05.2.2"


def test_fgp_ex_25_the_leader_laps_the_last_car_then_4_laps_against_3() -> None:
    """Example 25 (§19.7): after 3 laps the leader (P1) catches the 6th and last car (P6, a lap down, just ahead)
    and passes it: P6 is one lap down — a single Blue Flag, and it loses its turn this round (§19.7.1). At the next
    line crossing the leader has completed 4 laps and the lapped car 3. Scenario: fgp_ex25."""
    sid = "fgp_ex25_the_leader_laps_the_last_car"
    sc, race = _played(sid)
    assert {c.id: c.lap for c in sc.state.cars.values()} == {"P1": 3, "P2": 3, "P3": 3, "P4": 3, "P5": 3, "P6": 2}
    during = _before(sid, "P1 to T40.1.2")
    assert not _events(during, ev.Lapped)  # the move is not over: lapping is complete when the faster car ENDS ahead
    lapped_now = _before(sid, "P2 play G2")
    s = lapped_now.state
    lapped = _events(lapped_now, ev.Lapped)
    assert [(e.car, e.leader, e.flag, e.citation) for e in lapped] == [("P6", "P1", "single", "§19.7.1")]
    assert s.cars["P6"].blue == 1 == lapping.status(s, "P6") and "P6" not in s.order and "lose" in lapped[0].lost
    assert s.cars["P1"].lap == 4  # the leader has completed 4 laps
    crossings = [(e.car, e.lap) for e in _events(race, ev.CrossedLine)]
    assert crossings == [("P1", 4), ("P6", 3)]  # the next line crossing of the two cars
    s = race.state
    assert (s.cars["P1"].lap, s.cars["P6"].lap) == (4, 3) and s.cars["P6"].blue == 1
    _conserved(race)


def test_fgp_ex_26_drs_only_with_the_same_lapping_status() -> None:
    """Example 26 (§19.7, §11.6, A39): lead-lap cars use DRS only with lead-lap cars, single-blue cars only with
    single-blue cars. Scenario: fgp_ex26 — the lead-lap car ending its move at T26.2.1 in DRS zone D1 moves by DRS
    past the lapped car to T28.2.2, behind the lead-lap car Other; the lapped Blue2 ending at T26.4.1 moves only to
    the front of its tile, behind the lapped car (the lapping status: the Blue Flags, §19.7)."""
    cars = {"Lead": DrsCar(TRACK.pos("T26.2.1")), "Lapped": DrsCar(TRACK.pos("T27.3.1"), blue_flags=1),
            "Other": DrsCar(TRACK.pos("T29.2.1")), "Blue2": DrsCar(TRACK.pos("T26.4.1"), blue_flags=1)}
    assert drs_move(TRACK, "Lead", cars) == TRACK.pos("T28.2.2")  # behind Other, past the lapped car
    assert drs_move(TRACK, "Blue2", cars) == TRACK.pos("T26.4.2")  # behind Lapped: the front of its own tile
    assert drs_move(TRACK, "Lead", cars, inactive=True) is None
    sid = "fgp_ex26_drs_only_with_the_same_lapping_status"
    sc, race = _played(sid)
    assert {c: (sc.state.cars[c].lap, sc.state.cars[c].blue) for c in cars} == {
        "Lead": (2, 0), "Other": (2, 0), "Lapped": (1, 1), "Blue2": (1, 1)}
    assert not _events(race, ev.Adjusted)  # no reduction: a reduction turns DRS off (§11.6)
    moved = _events(race, ev.DrsMoved)
    assert [(e.car, e.frm, e.to, e.zone) for e in moved] == [("Lead", "T26.2.1", "T28.2.2", "D1"),
                                                              ("Blue2", "T26.4.1", "T26.4.2", "D1")]
    assert race.state.track.name_of(race.state.cars["Blue2"].pos) == "T26.4.2"
    assert race.state.track.name_of(race.state.cars["Lead"].pos) == "T28.2.2"
    assert [race.state.cars[c].blue for c in ("Lapped", "Blue2")] == [1, 1]  # nobody lapped or unlapped


def test_fgp_ex_20_rejoining_pushes_the_car_on_the_nearest_space() -> None:
    """Example 20 (§18.2, §11.3.1): Blue rejoins at the nearest space, but Red is on it: Blue enters it and pushes Red
    into the next lane; if Red goes off track or collides, Blue takes a Penalty token. Scenario: fgp_ex20 (Red stays on
    track); the off-track branch through the engine: test_losscontrol.test_ex20_pushed_off_track_…"""
    red = TRACK.pos("T10.4.1")
    pushed = push(TRACK, 5, red)  # Blue comes back from the grass beyond lane 4
    assert (pushed.outcome, pushed.victim_to, pushed.penalty) == (PushOutcome.ON_TRACK, TRACK.pos("T10.3.1"), 0)
    assert push(TRACK, 5, red, [TRACK.pos("T10.3.1")]) == Push(PushOutcome.CAR, None, 1)  # a collision
    assert push(TRACK, 2, TRACK.pos("T04.3.1")) == Push(PushOutcome.OFF_TRACK, None, 1)  # lane 4 is grass on T04
    sid = "fgp_ex20_rejoining_pushes_the_car_on_the_nearest_space"
    sc, race = _played(sid)
    assert sc.state.cars["Blue"].off == "left" and sc.state.cars["Blue"].pos == sc.state.cars["Red"].pos
    played = _before(sid, "Blue rejoin")
    assert played.legal_actions() == [Rejoin("Blue")]
    assert _events(race, ev.CardsPlayed)[0].mp == 2  # GREEN in 6th gear, no tyre bonus when rejoining (§18.2)
    pushed_ev = _events(race, ev.Pushed)[0]
    assert (pushed_ev.car, pushed_ev.other, pushed_ev.at, pushed_ev.to) == ("Blue", "Red", "T03.1.1", "T03.2.1")
    rejoined = _before(sid, "Blue to T03.1.2").state
    assert rejoined.track.name_of(rejoined.cars["Blue"].pos) == "T03.1.1" and not rejoined.cars["Blue"].off
    s = race.state
    assert s.track.name_of(s.cars["Red"].pos) == "T03.2.1" and not s.cars["Red"].off
    assert s.cars["Blue"].penalties == 0  # Red is still on track: no Penalty token
    _conserved(race)


def test_fgp_ex_x3_two_spins_in_one_round_two_yellow_zones_deploy_the_safety_car() -> None:
    """The rulebook's [13.8] example (§19.3, §19.4): two separate cars spin during the same round on different parts
    of the track → two Yellow Flags on the track at the same time → the Safety Car is deployed automatically; it goes
    on the tile in front of the leader, the round ends at once and the players who have not played lose their turn
    ([13.9.2]); from the next round it drives 3 tiles a turn and no pair is played behind it. Scenario: fgp_exx3 (the
    spins come out of the engine: a RED die's loss of control, no Counter-steer card; the assertions on a built
    position are in test_flags.py)."""
    sid = "fgp_exx3_two_spins_in_one_round_deploy_the_safety_car"
    sc, race = _played(sid)
    assert (sc.state.round, sc.state.order) == (3, ("Red", "Grey", "Blue", "Orange"))
    spins = _events(race, ev.Spun)
    assert [(e.car, e.at) for e in spins] == [("Red", "T11.3.2"), ("Grey", "T20.3.1")]  # two cars, same round
    assert all(e.cause == "the RED die" for e in _events(race, ev.LostControl))
    yellows = _events(race, ev.YellowFlag)
    assert [(e.car, e.tile, e.die, e.green) for e in yellows] == [("Red", "T11", 4, "T15"), ("Grey", "T20", 5, "T25")]
    sc_out = _events(race, ev.SafetyCarDeployed)
    assert len(sc_out) == 1 and sc_out[0].cause == "two separate Yellow Flag zones on track"
    assert (sc_out[0].leader, sc_out[0].tile, sc_out[0].lost) == ("Blue", "T31", ("Blue", "Orange"))
    assert sc_out[0].until == sc.state.flag + 2
    kinds = [type(e) for e in race.events]
    assert kinds.index(ev.SafetyCarDeployed) < kinds.index(ev.RoundStarted)  # the round ends at once
    assert not any(isinstance(e, ev.CardsPlayed) and e.car in ("Blue", "Orange") for e in race.events[:kinds.index(
        ev.RoundStarted)])  # Blue and Orange lost their turn
    at_sc = _before(sid, "Red keep").state  # the round after the deployment, before its draw decisions
    assert at_sc.round == 4 and at_sc.zones == () and at_sc.passable == () and at_sc.gravel == ()
    assert at_sc.yellow_track == 0 and at_sc.sc_tile == at_sc.track.tile("T31").index
    assert all(c.stress == 1 and c.ers == at_sc.board.ers_max for c in at_sc.cars.values())
    moved = _events(race, ev.SafetyCarMoved)[0]
    assert (moved.frm, moved.to) == ("T31", "T34") and kinds.index(ev.SafetyCarMoved) < kinds.index(ev.OrderSet)
    assert race.state.order[0] == "Blue" and race.current_car == "Blue"
    blue = race.state.cars["Blue"]
    assert sum(1 for x in blue.hand if x[0] in "GRBO") >= 2  # a pair could be played, but not behind the Safety Car
    assert not any(isinstance(a, Play) and len(a.cards) == 2 for a in race.legal_actions())


def test_fgp_ex_x1_an_apply_immediately_event_held_too_long_costs_its_penalty_icons() -> None:
    """The rulebook's [4.4] example (§6.7): a card marked 'apply immediately' may be held, but if it can be proven it
    should have been played (the player had only that card at the time and used it later), the player takes the
    Penalty tokens its icons show. Scenario: fgp_exx1 ('Perfect Exit', E7, one penalty icon, drawn by an Option card
    in round 3, held through the turn, used in round 4); applied in its own turn it costs nothing."""
    from racebook.formulagp.eventdeck import event_card

    sid = "fgp_exx1_apply_immediately_event_held_too_long"
    card = event_card("E7")
    assert card.immediate and card.penalty_icons == 1
    sc, race = _played(sid)
    drawn = _events(race, ev.OptionPlayed)
    assert [(e.car, e.event) for e in drawn] == [("Grey", "E7")]
    held = _before(sid, "Red play G4").state.cars["Grey"]  # Grey's turn is over: E7 is its only EVENT card
    assert held.events == ["E7"] and held.overdue == ["E7"] and held.penalties == 0
    assert race.state.round == 4  # used in a later round
    late = _events(race, ev.HeldTooLong)
    assert [(e.car, e.card, e.tokens) for e in late] == [("Grey", "E7", card.penalty_icons)]
    taken = _events(race, ev.PenaltyTaken)
    assert [(e.car, e.tokens, e.rule) for e in taken] == [("Grey", 1, "§6.7")]
    grey = race.state.cars["Grey"]
    assert grey.penalties == 1 and grey.overdue == [] and grey.events == []
    on_time = _before(sid, "Grey play G1")  # right after the Option card's draw, in the same turn
    on_time.apply("Grey event E7")
    assert on_time.state.cars["Grey"].penalties == 0 and not _events(on_time, ev.HeldTooLong)
