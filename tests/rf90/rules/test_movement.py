"""Movement: MP costs of passing, lapping and unlapping, the movement loop, wrong-tyre penalties.

§13.E.2–§13.E.7 (cost table and its modifiers), §15.1 yellow flag, §15.3 blue flag, §16.2 tyres (AMB-5,
AMB-33), §17.4 robots, §19.2 Track Card "-1", §20 Leader check, §22 start/restart/last turn, §26.2, §26.9, §27.

Teaching track, race order L K J I H G F E D C B A (finish line between A and L): H is a straight,
E a braking zone (Curve 2), G a corner (Curve 1), D and C corners (Curve 2).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from racebook.rf90.car import Car, Skill, Strategy, Tyre
from racebook.rf90.events import EnterSection, Event, FinishLine, MovementPoints, MovementStops, Pass, YellowFlagPassed
from racebook.rf90.game import Race
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.rules import movement
from racebook.rf90.rules.movement import Move, PassKind
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import Condition

MakeState = Callable[..., RaceState]
MakeRace = Callable[..., Race]

# ====================================================================== the §13.E.7 table

SECTION = {"straight": "H", "braking": "E", "corner": "G"}
CORNER_NUMBER = {"H": 1, "E": 2, "G": 1}  # the corner named for a "-1" Track Card (only G is a corner section)
KINDS = {"overtake": PassKind.OVERTAKE, "lap": PassKind.LAP, "unlap": PassKind.UNLAP}
S, B, C = "straight", "braking", "corner"

# §13.E.3–5 / §13.E.7: a human passing a car directly ahead in the same section.
NORMAL = {"overtake": {S: 1, B: None, C: None}, "lap": {S: 1, B: 1, C: 2}, "unlap": {S: 1, B: 1, C: 2}}
# §26.2 BANGING WHEELS: overtake corners 2, elsewhere 1; lapping/unlapping as normal.
BANGING = {**NORMAL, "overtake": {S: 1, B: 1, C: 2}}
# §13.E.4 / §15.3 blue flag and §27 LAPPING (laps only): straight 0, braking 0, corner 1.
LAPPER = {**NORMAL, "lap": {S: 0, B: 0, C: 1}}
# §26.9 RECOVERY vs Fast/Slow robots: straight 0, braking 1, corner 2; lapping/unlapping "presumably the same"
# (§13.E.7 modifier table).
RECOVERY = {k: {S: 0, B: 1, C: 2} for k in KINDS}
# §17.4: a robot vs a human: overtake straight 1, corner/braking forbidden; laps at 1/1/2; never unlaps (AMB-28).
ROBOT = {"overtake": {S: 1, B: None, C: None}, "lap": {S: 1, B: 1, C: 2}, "unlap": {S: None, B: None, C: None}}
# §17.4: robots pass and lap each other for 0 anywhere; a robot never unlaps on its own (AMB-28).
ROBOT_VS_ROBOT = {"overtake": {S: 0, B: 0, C: 0}, "lap": {S: 0, B: 0, C: 0}, "unlap": {S: None, B: None, C: None}}
ONE = {k: {S: 1, B: 1, C: 1} for k in KINDS}
FORBIDDEN = {k: {S: None, B: None, C: None} for k in KINDS}

MODIFIERS = ["none", "banging_wheels", "blue_flag", "lapping_skill", "recovery_vs_fast", "recovery_vs_slow",
             "recovery_vs_superfast", "robot_ahead", "no_move", "start_turn", "restart", "last_turn",
             "yellow_flag", "minus_one_corner"]
OTHER_ID = {"recovery_vs_fast": "FastOther", "recovery_vs_slow": "SlowOther", "recovery_vs_superfast": "SuperFastOther",
            "robot_ahead": "SlowOther"}


def expected_cost(mover: str, st: str, kind: str, mod: str) -> int | None:
    """§13.E.7 with the modifiers collected from §15, §17.4, §19.2, §22, §26, §27 (None = forbidden)."""
    if mod == "yellow_flag":  # §15.1: priority over everything, robots too
        return None
    if mover == "robot":
        if mod == "no_move":  # §17.4 last bullet: pass, lap or unlap a car that did not move for 1 MP anywhere
            return 1
        if mod in ("robot_ahead", "recovery_vs_fast", "recovery_vs_slow", "recovery_vs_superfast"):
            return ROBOT_VS_ROBOT[kind][st]
        if mod in ("start_turn", "restart", "last_turn"):  # §22: 1 MP anywhere; robots still never unlap
            return None if kind == "unlap" else 1
        # strategies, skills, flags and Track Cards do not exist for robots (§17.1)
        return ROBOT[kind][st]
    table = {"none": NORMAL, "robot_ahead": NORMAL, "recovery_vs_superfast": NORMAL, "banging_wheels": BANGING,
             "blue_flag": LAPPER, "lapping_skill": LAPPER, "recovery_vs_fast": RECOVERY,
             "recovery_vs_slow": RECOVERY, "no_move": ONE, "start_turn": ONE, "restart": ONE, "last_turn": ONE}
    if mod == "minus_one_corner":  # §19.2: the chosen corner counts as a straight: 1 MP per car, all kinds
        return 1 if st == C else NORMAL[kind][st]
    return table[mod][kind][st]


def pass_setup(make_state: MakeState, mover: str, st: str, kind: str, mod: str) -> tuple[RaceState, Car, Car]:
    """Leader far ahead in A; in the tested section the other car directly ahead of the mover."""
    sec = SECTION[st]
    mover_id = "Mover" if mover == "human" else "FastMover"
    other_id = OTHER_ID.get(mod, "Other")
    m_tok = mover_id + ("-1" if kind == "unlap" else "")
    o_tok = other_id + ("-1" if kind == "lap" else "")
    flag = f"{YELLOW_FLAG} " if mod == "yellow_flag" else ""
    turn = {"start_turn": 1, "last_turn": 16}.get(mod, 5)
    state = make_state(f"teaching turn={turn} lap=3 | A: Lead* | {sec}: {flag}{o_tok} {m_tok}")
    m, o = state.cars[mover_id], state.cars[other_id]
    if mod == "banging_wheels":
        m.strategy = Strategy.BANGING_WHEELS
    elif mod.startswith("recovery"):
        m.strategy = Strategy.RECOVERY
    elif mod == "blue_flag":
        state.blue_flags.add(mover_id)
    elif mod == "lapping_skill":
        m.skill = Skill.LAPPING
    elif mod == "no_move":
        o.no_move = True
    elif mod == "restart":
        state.restart = True
    return state, m, o


TABLE_CASES = [
    pytest.param(mover, st, kind, mod, id=f"{mover}-{st}-{kind}-{mod}")
    for mover in ("human", "robot") for st in (S, B, C) for kind in KINDS for mod in MODIFIERS
    if not (mod == "yellow_flag" and st != C)  # §15.1: yellow flags are placed on corner sections only
]


@pytest.mark.parametrize(("mover", "st", "kind", "mod"), TABLE_CASES)
def test_pass_cost_table_13_E_7(make_state: MakeState, mover: str, st: str, kind: str, mod: str) -> None:
    """§13.E.7: the MP to pass the car directly ahead, for every section type × pass kind × modifier × mover."""
    state, m, o = pass_setup(make_state, mover, st, kind, mod)
    assert state.section(m.section).type.value == st
    assert movement.pass_kind(m, o) is KINDS[kind]
    minus_one = CORNER_NUMBER[m.section] if mod == "minus_one_corner" else None
    pc = movement.pass_cost(state, m, o, minus_one)
    assert pc.kind is KINDS[kind]
    assert pc.cost == expected_cost(mover, st, kind, mod), pc.why
    assert pc.rule.startswith("§") and pc.why


def test_pass_cost_cites_the_rule(make_state: MakeState) -> None:
    """Each PassCost names its rule: §13.E.3 corner block, §15.1 yellow, §13.E.6 NO MOVE, §22 start, §17.4."""
    def rule(mover: str, st: str, kind: str, mod: str) -> str:
        state, m, o = pass_setup(make_state, mover, st, kind, mod)
        return movement.pass_cost(state, m, o).rule

    assert rule("human", C, "overtake", "none") == "§13.E.3"
    assert rule("human", C, "lap", "none") == "§13.E.4"
    assert rule("human", C, "unlap", "none") == "§13.E.5"
    assert rule("human", C, "lap", "yellow_flag") == "§15.1"
    assert rule("human", C, "overtake", "no_move") == "§13.E.6"
    assert rule("human", C, "overtake", "start_turn") == "§22"
    assert rule("human", S, "lap", "blue_flag") == "§15.3"
    assert rule("human", S, "lap", "lapping_skill") == "§27"
    assert rule("human", C, "overtake", "banging_wheels") == "§26.2"
    assert rule("human", B, "overtake", "recovery_vs_fast") == "§26.9"
    assert rule("robot", C, "overtake", "none") == "§17.4"


def test_pass_kind_follows_finish_line_crossings(make_state: MakeState) -> None:
    """§13.E.2 / AMB-25: same lap = overtaking; more laps = lapping; fewer laps = unlapping."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | H: X Y | G: P-1 Q | F: U V-1")
    cars = s.cars
    assert movement.pass_kind(cars["Y"], cars["X"]) is PassKind.OVERTAKE
    assert movement.pass_kind(cars["Q"], cars["P"]) is PassKind.LAP
    assert movement.pass_kind(cars["V"], cars["U"]) is PassKind.UNLAP


@pytest.mark.parametrize(("mod", "st"), [("blue_flag", S), ("blue_flag", B), ("lapping_skill", S),
                                          ("lapping_skill", B)])
def test_no_move_does_not_make_lapping_dearer_for_a_lapper(make_state: MakeState, mod: str, st: str) -> None:
    """§13.E.6 lets a car that did not move be lapped for 1 MP "in any section"; it is a relief, so a blue-flag
    or LAPPING lapper still laps it for 0 MP on straights and braking zones (§15.3, §27)."""
    state, m, o = pass_setup(make_state, "human", st, "lap", mod)
    o.no_move = True
    assert movement.pass_cost(state, m, o).cost == 0


@pytest.mark.parametrize("mover", ["human", "robot"])
@pytest.mark.parametrize("mod", ["no_move", "start_turn", "blue_flag", "banging_wheels"])
def test_yellow_flag_has_priority_over_everything(make_state: MakeState, mover: str, mod: str) -> None:
    """§15.1: no overtaking or lapping in a section with a yellow flag, even past a car that skipped its turn."""
    for kind in KINDS:
        state, m, o = pass_setup(make_state, mover, C, kind, mod)
        state.order[m.section].insert(0, YELLOW_FLAG)
        pc = movement.pass_cost(state, m, o)
        assert pc.cost is None and pc.rule == "§15.1"


@pytest.mark.parametrize("where", [S, B, C])
def test_lapping_at_start_and_last_turn_with_blue_flag_or_lapping_is_free(make_state: MakeState, where: str) -> None:
    """§22 / §15.3 / §27: at the start, a restart and the last turn a blue-flag or LAPPING lapper laps for 0 MP."""
    for mod in ("start_turn", "restart", "last_turn"):
        for lapper in ("blue", "skill"):
            state, m, o = pass_setup(make_state, "human", where, "lap", mod)
            if lapper == "blue":
                state.blue_flags.add(m.id)
            else:
                m.skill = Skill.LAPPING
            assert movement.pass_cost(state, m, o).cost == 0
            # overtaking a same-lap car stays 1 MP (the blue flag is for laps only)
            state2, m2, o2 = pass_setup(make_state, "human", where, "overtake", mod)
            state2.blue_flags.add(m2.id)
            assert movement.pass_cost(state2, m2, o2).cost == 1


def test_last_turn_easy_passing_is_a_house_rule(make_state: MakeState) -> None:
    """AMB-13: with last_turn_easy_passing=False the last turn follows the normal table."""
    s = make_state("teaching turn=16 lap=3 | A: Lead* | G: Other Mover", rules=Rules(last_turn_easy_passing=False))
    assert movement.special_turn(s) is None
    assert movement.pass_cost(s, s.cars["Mover"], s.cars["Other"]).cost is None
    s = make_state("teaching turn=16 lap=3 | A: Lead* | G: Other Mover")
    assert movement.special_turn(s) == "last"


def test_special_turns(make_state: MakeState) -> None:
    """§22: turn 1 is the start; a restart after the SC; the Turn Indicator's last space is the last turn."""
    assert movement.special_turn(make_state("teaching turn=1 | G: Blue")) == "start"
    assert movement.special_turn(make_state("teaching turn=5 | G: Blue")) is None
    s = make_state("teaching turn=5 | G: Blue")
    s.restart = True
    assert movement.special_turn(s) == "restart"
    assert movement.special_turn(make_state("teaching turn=16 | G: Blue")) == "last"


def test_minus_one_applies_only_to_the_chosen_corner(make_state: MakeState) -> None:
    """§19.2 / Ex. 37: the "-1" is used in one chosen corner only; another corner keeps the normal rules."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | G: Other Mover")
    m, o = s.cars["Mover"], s.cars["Other"]
    assert movement.pass_cost(s, m, o, minus_one_corner=1).cost == 1
    assert movement.pass_cost(s, m, o, minus_one_corner=2).cost is None
    s = make_state("teaching turn=5 lap=3 | A: Lead* | D: Other Mover")  # D is in Curve 2
    m, o = s.cars["Mover"], s.cars["Other"]
    assert movement.pass_cost(s, m, o, minus_one_corner=2).cost == 1


def test_recovery_has_no_effect_on_humans_or_superfast_robots(make_state: MakeState) -> None:
    """§26.9: RECOVERY eases passing Fast and Slow robots only."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | E: Other Mover")
    s.cars["Mover"].strategy = Strategy.RECOVERY
    assert movement.pass_cost(s, s.cars["Mover"], s.cars["Other"]).cost is None


# ====================================================================== the movement loop


def run(state: RaceState, car: str, mp: int, minus_one: int | None = None) -> tuple[Move, list[Event]]:
    mv = Move(car, mp, minus_one)
    events: list[Event] = []
    movement.advance(state, mv, events)
    return mv, events


def of(events: list[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_entering_a_section_costs_1_mp(make_state: MakeState) -> None:
    """§13.E.2: entering a new section always costs 1 MP, whatever its type."""
    s = make_state("teaching turn=5 | I: Blue")
    mv, events = run(s, "Blue", 3)
    assert s.cars["Blue"].section == "F"
    assert [(e.section, e.left) for e in of(events, EnterSection)] == [("H", 2), ("G", 1), ("F", 0)]
    assert mv.done and mv.mp == 0 and mv.entered == 3


def test_all_mp_must_be_spent(make_state: MakeState) -> None:
    """§13.E.2: spending MP is not optional; with nothing in the way every MP is used."""
    s = make_state("teaching turn=5 | I: Blue")
    mv, _ = run(s, "Blue", 6)
    assert s.cars["Blue"].section == "C" and mv.entered == 6 and mv.mp == 0


def test_zero_mp_does_not_move(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 | I: Blue")
    mv, events = run(s, "Blue", 0)
    assert mv.done and s.cars["Blue"].section == "I" and events == []


def test_crossing_the_finish_line_increments_the_lap(make_state: MakeState) -> None:
    """§10 / §3: the finish line lies between A and L; crossing it completes a lap."""
    s = make_state("teaching turn=5 lap=1 | B: Blue")
    _, events = run(s, "Blue", 3)
    car = s.cars["Blue"]
    assert car.section == "K" and car.lap == 2
    assert [(e.car, e.lap) for e in of(events, FinishLine)] == [("Blue", 2)]
    assert [e.section for e in of(events, EnterSection)] == ["A", "L", "K"]


def test_a_full_lap_and_more(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 lap=1 | A: Blue")
    run(s, "Blue", 13)
    assert s.cars["Blue"].section == "L" and s.cars["Blue"].lap == 3


def test_entering_puts_the_car_behind_the_cars_already_there(make_state: MakeState) -> None:
    """§13.E.3: a car entering a section is placed behind its occupants (it must pass them to go on)."""
    s = make_state("teaching turn=5 | H: X Y | I: Blue")
    run(s, "Blue", 1)
    assert s.cars_in("H") == ["X", "Y", "Blue"]


def test_ex_26_a_corner_blocks_overtaking_and_the_rest_of_the_mp_is_lost(make_state: MakeState) -> None:
    """Ex. 26 / §13.E.3: Blue (5 MP) enters H and G, meets same-lap Red in corner G: he stops, 3 MP lost."""
    s = make_state("teaching turn=2 | G: Red* | I: Blue")
    mv, events = run(s, "Blue", 5)
    assert s.cars_in("G") == ["Red", "Blue"]
    assert mv.done and mv.mp == 0
    stop = of(events, MovementStops)
    assert len(stop) == 1 and stop[0].rule == "§13.E.3" and stop[0].lost == "; 3 MP lost"


def test_ex_26_with_banging_wheels(make_state: MakeState) -> None:
    """Ex. 26: with BANGING WHEELS Blue passes Red in G for 2 MP and ends in F (H 1 + G 1 + pass 2 + F 1)."""
    s = make_state("teaching turn=2 | G: Red* | I: Blue")
    s.cars["Blue"].strategy = Strategy.BANGING_WHEELS
    mv, events = run(s, "Blue", 5)
    assert s.cars["Blue"].section == "F" and mv.mp == 0
    assert [(e.other, e.cost) for e in of(events, Pass)] == [("Red", 2)]
    assert s.leader == "Blue"  # §11.2 case 2: passing the leader on the same lap takes the token


def test_ex_27_straight_pass_and_braking_zone_with_banging_wheels(make_state: MakeState) -> None:
    """Ex. 27: 7 MP: H, G, F (3), pass Red on the straight (1), E (1), pass Green with BW (1), D (1)."""
    s = make_state("teaching turn=5 | E: Green* | F: Red | I: Blue")
    s.cars["Blue"].strategy = Strategy.BANGING_WHEELS
    mv, events = run(s, "Blue", 7)
    assert s.cars["Blue"].section == "D" and mv.mp == 0
    assert [(e.other, e.section, e.cost) for e in of(events, Pass)] == [("Red", "F", 1), ("Green", "E", 1)]


def test_ex_27_without_banging_wheels_stops_in_the_braking_zone(make_state: MakeState) -> None:
    """§13.E.3: a car entering a braking zone holding same-lap cars loses its remaining MP."""
    s = make_state("teaching turn=5 | E: Green* | F: Red | I: Blue")
    mv, events = run(s, "Blue", 7)
    assert s.cars_in("E") == ["Green", "Blue"] and mv.mp == 0
    assert of(events, MovementStops)[0].lost == "; 2 MP lost"


def test_ex_28_lapping_in_a_corner_costs_2(make_state: MakeState) -> None:
    """Ex. 28: Blue (5 MP) enters H, G (2), laps Orange in corner G (2), enters F (1) behind Purple."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | F: Purple-1 | G: Orange-1 | I: Blue")
    mv, events = run(s, "Blue", 5)
    assert [(e.other, e.verb, e.cost) for e in of(events, Pass)] == [("Orange", "laps", 2)]
    assert s.cars_in("F") == ["Purple", "Blue"] and mv.mp == 0


def test_ex_29_lapping_with_the_blue_flag(make_state: MakeState) -> None:
    """Ex. 29: blue flag: H, G (2), lap Orange in corner G (1), F (1), lap Pink on the straight (0), E (1)."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | F: Pink-1 | G: Orange-1 | I: Blue")
    s.blue_flags.add("Blue")
    mv, events = run(s, "Blue", 5)
    assert [(e.other, e.cost) for e in of(events, Pass)] == [("Orange", 1), ("Pink", 0)]
    assert s.cars["Blue"].section == "E" and mv.mp == 0


def test_ex_29_the_leader_laps_and_lap_tokens_appear(make_state: MakeState) -> None:
    """Ex. 29 / §13.E.4: cars lapped by the leader get a "-1 lap" token (Leader checks assumed passed, AMB-18)."""
    s = make_state("teaching turn=5 lap=3 | F: Pink | G: Orange | I: Blue*")
    s.blue_flags.add("Blue")
    assert s.laps_down("Pink") == 0 and s.laps_down("Orange") == 0
    mv = Move("Blue", 5)
    events: list[Event] = []
    movement.advance(s, mv, events)
    while mv.awaiting_check:
        movement.advance(s, mv, events, check_result=True)
    assert mv.checked == {"Orange", "Pink"}
    assert s.laps_down("Orange") == 1 and s.laps_down("Pink") == 1
    assert s.cars["Blue"].section == "E" and s.leader == "Blue"
    assert [e.tokens for e in of(events, Pass)] == ["; Orange now -1 lap", "; Pink now -1 lap"]


def test_ex_30_unlapping_the_leader(make_state: MakeState) -> None:
    """Ex. 30: Pink (4 MP): enters E (1), unlaps Blue (the leader) for 1, enters D and C; the token is removed."""
    s = make_state("teaching turn=5 lap=2 | E: Blue* | F: Pink-1")
    assert s.laps_down("Pink") == 1
    mv, events = run(s, "Pink", 4)
    assert [(e.other, e.verb, e.cost) for e in of(events, Pass)] == [("Blue", "unlaps", 1)]
    assert s.cars["Pink"].section == "C" and mv.mp == 0
    assert s.laps_down("Pink") == 0
    assert s.leader == "Blue"  # unlapping does not take the lead


def test_a_pass_that_costs_more_than_the_mp_left_stops_the_car(make_state: MakeState) -> None:
    """§13.E.2: with too few MP for the pass the car stops behind; the rest is lost."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | G: Orange-1 | H: Blue")
    mv, events = run(s, "Blue", 2)
    assert s.cars_in("G") == ["Orange", "Blue"] and mv.mp == 0 and mv.done
    assert "needs 2 MP" in of(events, MovementStops)[0].why


def test_cannot_refuse_to_overtake(make_state: MakeState) -> None:
    """§13.E.2: a player cannot refuse to overtake if he has enough MP."""
    s = make_state("teaching turn=5 | F: Red* Blue")
    run(s, "Blue", 1)
    assert s.cars_in("F") == ["Blue", "Red"] and s.leader == "Blue"


# ---------------------------------------------------------------------- yellow flag in movement


def test_passing_a_yellow_flag_costs_1_mp(make_state: MakeState) -> None:
    """§15.1 / AMB-38: a car that finds a yellow flag ahead spends 1 extra MP to move past it."""
    s = make_state("teaching turn=5 lap=2 | A: Lead* | G: (Y) | H: Blue")
    mv, events = run(s, "Blue", 3)
    assert s.cars["Blue"].section == "F" and mv.mp == 0
    assert [(e.section, e.left) for e in of(events, YellowFlagPassed)] == [("G", 1)]
    assert s.order["G"] == [YELLOW_FLAG]  # not the leader: the flag stays


def test_the_yellow_flag_is_removed_once_the_leader_passes_it(make_state: MakeState) -> None:
    """§15.1: removed immediately after the Leader passes it."""
    s = make_state("teaching turn=5 | G: (Y) | H: Blue*")
    run(s, "Blue", 3)
    assert YELLOW_FLAG not in s.order["G"] and s.cars["Blue"].section == "F"


# ---------------------------------------------------------------------- Leader lapping check (§20)


def test_leader_check_before_lapping_a_car_the_first_time(make_state: MakeState) -> None:
    """§20: the Leader must pass a check before lapping a car for the first time; success → normal MP."""
    s = make_state("teaching turn=5 lap=2 | F: Red Blue*")
    assert s.laps_down("Red") == 0
    mv, events = run(s, "Blue", 3)
    assert mv.awaiting_check == "Red" and not mv.done and mv.mp == 3
    assert s.cars_in("F") == ["Red", "Blue"]
    events2: list[Event] = []
    movement.advance(s, mv, events2, check_result=True)
    assert [(e.other, e.verb, e.cost) for e in of(events2, Pass)] == [("Red", "laps", 1)]
    assert s.cars["Blue"].section == "D" and mv.mp == 0
    assert s.laps_down("Red") == 1


def test_failed_leader_check_stops_the_leader_without_damage(make_state: MakeState) -> None:
    """§13.D.2 / §20: failure → stuck behind that car this turn, remaining MP lost, no damage."""
    s = make_state("teaching turn=5 lap=2 | F: Red Blue*")
    mv, _ = run(s, "Blue", 3)
    events: list[Event] = []
    movement.advance(s, mv, events, check_result=False)
    assert mv.done and mv.mp == 0 and s.cars_in("F") == ["Red", "Blue"]
    assert of(events, MovementStops)[0].rule == "§20"
    assert s.cars["Blue"].wear == [] and len(s.bag) == 30


def test_no_leader_check_for_a_car_already_lapped(make_state: MakeState) -> None:
    """§20: not needed when the Leader puts a car 2 or 3 laps down (only the first lapping needs it)."""
    s = make_state("teaching turn=5 lap=2 | F: Red-1 Blue*")
    assert s.laps_down("Red") == 1
    mv, events = run(s, "Blue", 3)
    assert mv.awaiting_check is None and mv.done
    assert [e.other for e in of(events, Pass)] == ["Red"]
    assert s.laps_down("Red") == 2


def test_no_leader_check_for_a_car_that_is_not_the_leader(make_state: MakeState) -> None:
    """§20: the check is the Leader's; other cars lap backmarkers at normal cost."""
    s = make_state("teaching turn=5 lap=3 | A: Lead* | F: Red-1 Blue")
    mv, events = run(s, "Blue", 3)
    assert mv.awaiting_check is None and [e.other for e in of(events, Pass)] == ["Red"]


def test_no_leader_check_to_overtake_or_unlap(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 lap=2 | E: Blue* | F: Pink-1")
    mv, _ = run(s, "Pink", 4)
    assert mv.awaiting_check is None


def test_blue_flag_does_not_remove_the_leader_check(make_state: MakeState) -> None:
    """§15.3 / §20: a leader with a blue pawn laps for 0 MP on a straight but must still make the Leader check."""
    s = make_state("teaching turn=5 lap=2 | F: Red Blue*")
    s.blue_flags.add("Blue")
    mv, _ = run(s, "Blue", 2)
    assert mv.awaiting_check == "Red"
    events: list[Event] = []
    movement.advance(s, mv, events, check_result=True)
    assert [(e.other, e.cost) for e in of(events, Pass)] == [("Red", 0)]
    assert s.cars["Blue"].section == "D"


def test_robot_leader_checks_before_lapping_a_robot(make_state: MakeState) -> None:
    """§17.4 / §20: a robot leader makes the Leader check to lap humans and robots."""
    s = make_state("teaching turn=5 lap=2 | F: SlowOne SuperFastLead*")
    mv, _ = run(s, "SuperFastLead", 4)
    assert mv.awaiting_check == "SlowOne"


def test_leader_check_is_asked_only_when_the_mp_suffice(make_state: MakeState) -> None:
    """§20: the Leader cannot refuse the test if he has enough MP to pass; without them there is no test."""
    s = make_state("teaching turn=5 lap=2 | G: Red | H: Blue*")
    mv, _ = run(s, "Blue", 2)  # enter G (1), lapping in a corner needs 2
    assert mv.awaiting_check is None and mv.done and s.cars_in("G") == ["Red", "Blue"]


# ====================================================================== wrong tyres (§16.2)

WEATHER = {Condition.DRY: 0, Condition.INTERMEDIATE: 3, Condition.RAIN: 6}
DRY, DRIZZLE, RAIN = Condition.DRY, Condition.INTERMEDIATE, Condition.RAIN
PRINTED_TABLE = {  # §16.2 as printed
    Tyre.SOFT: {DRY: 0, DRIZZLE: 1, RAIN: 2},
    Tyre.HARD: {DRY: 0, DRIZZLE: 1, RAIN: 2},
    Tyre.INTERMEDIATE: {DRY: 1, DRIZZLE: 1, RAIN: 0},
    Tyre.RAIN: {DRY: 2, DRIZZLE: 1, RAIN: 0},
}
CORRECTED_INTERMEDIATE = {DRY: 1, DRIZZLE: 0, RAIN: 1}  # AMB-5 recommended reading


@pytest.mark.parametrize("cond", [DRY, DRIZZLE, RAIN], ids=lambda c: c.value)
@pytest.mark.parametrize("tyre", list(Tyre), ids=lambda t: t.value)
@pytest.mark.parametrize("row", list(IntermediateRow), ids=lambda r: r.value)
def test_tyre_penalty_table(make_state: MakeState, row: IntermediateRow, tyre: Tyre, cond: Condition) -> None:
    """§16.2 wrong-tyre MP penalties; AMB-5: the Intermediate row is 'corrected' by default or 'printed'."""
    s = make_state(f"teaching weather={WEATHER[cond]} | G: Blue", rules=Rules(intermediate_row=row))
    assert s.condition() is cond
    car = s.cars["Blue"]
    car.tyre = tyre
    expected = PRINTED_TABLE[tyre][cond]
    if tyre is Tyre.INTERMEDIATE and row is IntermediateRow.CORRECTED:
        expected = CORRECTED_INTERMEDIATE[cond]
    assert movement.tyre_penalty(s, car) == expected


def test_default_rules_use_the_corrected_intermediate_row() -> None:
    """AMB-5: the recommended reading is the default."""
    assert Rules().intermediate_row is IntermediateRow.CORRECTED


@pytest.mark.parametrize(("tyre", "cond", "penalty"), [
    (Tyre.RAIN, DRIZZLE, 0), (Tyre.HARD, DRIZZLE, 0),  # the skill's own cases
    (Tyre.SOFT, DRIZZLE, 1),  # AMB-33: Soft in intermediate weather is still penalised
    (Tyre.RAIN, DRY, 2), (Tyre.HARD, RAIN, 2),  # "all other wrong-tyre cases are penalised normally"
    (Tyre.SOFT, RAIN, 2),
])
def test_rain_expert(make_state: MakeState, tyre: Tyre, cond: Condition, penalty: int) -> None:
    """§27 RAIN EXPERT / AMB-33: no penalty for Rain or Hard tyres in INTERMEDIATE weather only."""
    s = make_state(f"teaching weather={WEATHER[cond]} | G: Blue")
    car = s.cars["Blue"]
    car.tyre, car.skill = tyre, Skill.RAIN_EXPERT
    assert movement.tyre_penalty(s, car) == penalty


def test_rain_expert_with_intermediates_under_the_printed_row(make_state: MakeState) -> None:
    """AMB-33: the skill covers Rain and Hard tyres only, so printed-row Intermediates in drizzle keep -1."""
    s = make_state("teaching weather=3 | G: Blue", rules=Rules(intermediate_row=IntermediateRow.PRINTED))
    car = s.cars["Blue"]
    car.tyre, car.skill = Tyre.INTERMEDIATE, Skill.RAIN_EXPERT
    assert movement.tyre_penalty(s, car) == 1


@pytest.mark.parametrize("weather", [0, 3, 6])
def test_robots_never_suffer_tyre_penalties(make_state: MakeState, weather: int) -> None:
    """§16.2 / §17.3 E: robots ignore tyre penalties."""
    s = make_state(f"teaching weather={weather} | G: FastOne")
    robot = s.cars["FastOne"]
    for t in Tyre:
        robot.tyre = t
        assert movement.tyre_penalty(s, robot) == 0


def test_tyre_penalty_is_deducted_in_phase_e(make_race: MakeRace) -> None:
    """§13.E.1 / §16.2: Hard tyres in rain: -2 MP, so a [3] moves 1 section."""
    race = make_race("teaching turn=5 weather=6 | I: Blue", {"Blue": {"hand": ["R42"], "tyre": "hard"}},
                     deck=["R22"])
    race.apply("Blue start")
    events = race.apply("Blue play R42")
    mp = [e for e in events if isinstance(e, MovementPoints)]
    assert [e.mp for e in mp] == [1]
    assert "-2 hard tyres in rain weather" in mp[0].breakdown
    assert race.state.cars["Blue"].section == "H"
