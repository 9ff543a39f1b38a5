"""Six rules checked against the Portuguese manual (issue 13) and three house-rule switches (§12.1, §12.2, §18.4).

Each test builds the situation in Race Position Notation and asserts the book's outcome; the manual's words are
quoted in the docstrings.
"""

from __future__ import annotations

import dataclasses

import pytest

import racebook
from racebook.rf90 import events as ev
from racebook.rf90 import notation
from racebook.rf90.actions import Bid, Play, Test
from racebook.rf90.game import Race
from racebook.rf90.lessons.passes import PassSituation, quote
from racebook.rf90.options import Rules
from racebook.rf90.rules.movement import PassKind
from racebook.rf90.track import SectionType
from racebook.rf90.trackfile import load_track

BANGING_WHEELS_DRAWS = (ev.DrawReason.BANGING_WHEELS_SPECIAL, ev.DrawReason.BANGING_WHEELS_DUEL)  # §26.2


def duel_texts(race: Race) -> list[str]:
    return [e.body() for e in race.events if isinstance(e, ev.DuelEvent)]


# ----------------------------------------------------------------------------- 1. §12.2 everyone declines
# G is Curve 1 of the teaching track (duel modifier -1); the leader is a robot ahead, so G is activated at once.
DUEL = "teaching turn=5 lap=3 | F: Fast1* | G: Blue Red Green"
HANDS = {"Blue": {"hand": ["R22", "R24"]}, "Red": {"hand": ["R55", "R63"]}, "Green": {"hand": ["R42", "R76"]}}


def _all_decline(make_race, rules: dict | None = None) -> Race:
    race = make_race(DUEL, HANDS, rules=rules)
    for a in ("Green challenge", "Red decline", "Blue decline"):
        race.apply(a)
    return race


def test_s12_all_decline_go_behind_challenger(make_race) -> None:
    """§12.2 «Pilotos que se recusaram a participar agora são colocados atrás do DESAFIANTE de acordo com suas
    posições originais»: also when every car ahead declines. By the default house rule the lone challenger still
    lays his card(s) face down, and they freeze."""
    race = _all_decline(make_race)
    assert race.current_car == "Green"
    assert {a.car for a in race.legal_actions() if isinstance(a, Bid)} == {"Green"}
    race.apply("Green bid R42")
    assert race.state.cars_in("G")[:3] == ["Green", "Blue", "Red"]  # decliners behind him, in original order
    assert race.state.cars["Green"].frozen == ["R42"]
    assert "New order in G: Green, Blue, Red" in duel_texts(race)


def test_s12_lone_challenger_playing_no_card_is_not_participating(make_race) -> None:
    """§12.1 «Quem não jogar essas cartas não estará participando deste duelo»: a lone challenger who lays no
    card is not participating, so the order is kept."""
    race = _all_decline(make_race)
    race.apply("Green bid")
    assert race.state.cars_in("G")[:3] == ["Blue", "Red", "Green"]
    assert race.state.cars["Green"].frozen == []


def test_house_rule_lone_challenger_bids_false_lays_no_card(make_race) -> None:
    """House rule lone_challenger_bids = False: nobody accepts, the decliners go behind the challenger and he
    lays no card (nothing frozen)."""
    race = _all_decline(make_race, {"lone_challenger_bids": False})
    s = race.state
    assert s.cars_in("G")[:3] == ["Green", "Blue", "Red"]
    assert s.cars["Green"].frozen == [] and sorted(s.cars["Green"].hand) == ["R42", "R76"]
    assert not any(isinstance(a, Bid) for a in race.legal_actions())
    assert race.current_car == "Green"  # the new first car of G plays first (§10)


def test_s17_2_a_robot_that_refuses_goes_behind_the_challenger() -> None:
    """§17.2 a robot ahead of the leader does not accept a duel; as a decliner it goes behind the challenger
    (§12.2). Ex. 42: Orange's second challenge against the Fast robot Yellow is a real chance."""
    race = racebook.load_scenario("ex42").race
    assert "Yellow (robot) stays out of the duel" in duel_texts(race)
    assert race.state.cars_in("G") == ["Orange", "Yellow", "Red", "Purple"]
    assert race.state.leader == "Red"  # a lapped car ahead of the Leader token does not lead (§12.2)


# ----------------------------------------------------------------------------- switch: the duel's first car
def test_house_rule_duel_modifier_spares_group_front_both_ways() -> None:
    """§12.2 «Qualquer participante, com exceção do primeiro carro da seção, recebe um bônus ou penalidade».
    Ex. 42's duel in the leader's subsection G2 (Red, Orange, Purple; Yellow ahead of the Leader token in G1).
    Default: Red, first of the activated group, is spared; literal: Yellow is the section's first car, so Red
    takes Curve 1's -1 as well."""
    totals = {}
    for spare_group in (True, False):
        sc = racebook.rf90.scenario.load("ex42", play=False)
        race = sc.race
        race.state.rules = dataclasses.replace(race.state.rules, duel_modifier_spares_group_front=spare_group)
        for a in sc.actions[: sc.actions.index("Red bid R22") + 1]:
            race.apply(a)
        reveal = next(e.body() for e in race.events if isinstance(e, ev.DuelReveal) and e.car == "Red")
        totals[spare_group] = reveal
    assert "total 2 (2 R22 [2])" in totals[True]
    assert "total 1 (2 R22 [2] -1 Curve 1 modifier)" in totals[False]


# ----------------------------------------------------------------------------- 2. §15.1 yellow flag, trajectories
def _move(make_race, position: str) -> Race:
    race = make_race(position, {"Blue": {"hand": ["R22", "R24"]}}, deck=["R55"])
    race.apply("Blue start")
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play) and a.cards == ("R22",)
                    and not a.trajectory))
    return race


def test_s15_1_trajectory_car_ignores_yellow_flag_slowdown(make_race) -> None:
    """§15.1 «Uma bandeira amarela deve sempre ser colocada após as trajetórias (atrás dela) e, portanto, carros
    numa trajetória não são afetados»: Blue on G's ET with the flag listed ahead of it (it occupied the ET after
    the flag was placed) pays nothing for it — the same board as the flag placed behind it."""
    flag_ahead = _move(make_race, "teaching turn=5 lap=3 | D: Fast1* | G: (Y) Blue@G.et1")
    flag_behind = _move(make_race, "teaching turn=5 lap=3 | D: Fast1* | G: Blue@G.et1 (Y)")
    (y,) = [e for e in flag_ahead.events if isinstance(e, ev.YellowFlagPassed)]
    assert y.cost == 0 and "trajectory" in y.sentence()
    for race in (flag_ahead, flag_behind):  # 2 MP: F and E, whichever way round the board was reached
        assert race.state.cars["Blue"].section == "E"
        assert [e.section for e in race.events if isinstance(e, ev.EnterSection) and e.car == "Blue"] == ["F", "E"]


def test_s15_1_car_off_the_trajectories_still_pays_the_slowdown(make_race) -> None:
    """§15.1 slowdown: a car not on a trajectory that finds the flag ahead spends 1 MP to move past it."""
    race = _move(make_race, "teaching turn=5 lap=3 | D: Fast1* | G: (Y) Blue")
    (y,) = [e for e in race.events if isinstance(e, ev.YellowFlagPassed)]
    assert y.cost == 1 and race.state.cars["Blue"].section == "F"


def test_s15_1_no_overtaking_still_binds_a_car_on_a_trajectory(make_race) -> None:
    """§15.1 alignment: «A bandeira amarela tem prioridade sobre tudo» — no overtaking in the flagged section, for
    a car on a trajectory too (the engine's reading: the trajectory only exempts it from the slowdown)."""
    race = make_race("teaching turn=5 lap=3 | D: Fast1* | G: Red{played} (Y) Blue@G.et1",
                     {"Blue": {"hand": ["R22", "R24"]}}, deck=["R55"])
    race.apply("Blue start")
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play) and a.cards == ("R22",)
                    and not a.trajectory))
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.rule == "§15.1" and race.state.cars_in("G")[0] == "Red"


# ----------------------------------------------------------------------------- 3. §18.2 failed ET
ET = "teaching turn=5 lap=3 | C: Fast1* | D: Blue@D.et1 | E: Red{played}"


def _fail_et(make_race) -> Race:
    # D.et1: red, +3, blind test; recovery chart d-et: Normal test -10, pass -2 MP, fail -4 MP, back on track
    race = make_race(ET, {"Blue": {"hand": ["R89", "R22"], "target": "R50"}}, deck=["R18", "R95", "R99"])
    race.apply("Blue start")  # draws R18
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play) and a.cards == ("R89",)
                    and a.trajectory))
    race.apply(Test("Blue", 1, "blind"))  # the recovery test: (99) fails, -4 MP
    return race


def test_s18_2_failed_et_leaves_the_spot(make_race) -> None:
    """§18.2 «você não tem permissão para reocupar a trajetória ET ou qualquer outra trajetória disponível nesta
    seção»: Blue fails D's ET and, with -4 MP, cannot move: it stays in D but leaves the ET spot; it is not offered
    the ET next Game Turn and another car may take it."""
    from racebook.rf90.turn import free_trajectories

    race = _fail_et(make_race)
    s = race.state
    blue = s.cars["Blue"]
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops) and e.car == "Blue")
    assert stop.section == "D" and "NO MOVE" in stop.why
    assert any(isinstance(e, ev.EtFailed) and "leaves the ET spot" in e.sentence() for e in race.events)
    # the next Game Turn: Blue is still in D, off the ET, which is free for anybody
    assert s.turn == 6 and race.current_car == "Blue" and blue.section == "D" and blue.trajectory is None
    assert [t.id for t in free_trajectories(s, "D")] == ["D.et1"]
    assert "@D.et1" not in notation.format_state(s)
    race.apply("Blue start")
    assert not any(isinstance(a, Play) and a.trajectory for a in race.legal_actions())


def test_s18_2_no_trajectory_in_that_section_this_turn(make_race) -> None:
    """§18.2: in the section where the ET failed, neither that ET nor any other trajectory is offered (one
    implementation for players and robots: ``turn.occupiable_trajectories``)."""
    from racebook.rf90.turn import Phase, PlayCtx, TurnCtx, occupiable_trajectories

    race = _fail_et(make_race)
    s = race.state
    ctx = TurnCtx("Blue", Phase.OCCUPY, play=PlayCtx(traj_failed=True, traj_failed_in="D"))
    assert occupiable_trajectories(s, s.cars["Blue"], ctx) == []
    assert [t.id for t in occupiable_trajectories(s, s.cars["Blue"], TurnCtx("Blue"))] == ["D.et1"]


def test_s18_2_robot_failing_an_et_leaves_it_too(make_race) -> None:
    """§17.3 D / §18.2: a robot forced onto an ET that fails its blind test leaves the spot (the same code)."""
    race = make_race("teaching turn=5 lap=3 | C: Blue*{played} | D: Slow1@D.et1", deck=["R99", "R01"])
    s = race.state
    assert s.cars["Slow1"].trajectory is None
    assert any("Slow1 failed the ET D.et1" in e.sentence() for e in race.events)


def test_s18_2_orange_flag_cannot_force_a_robot_back_onto_the_et_it_failed() -> None:
    """§18.2 with §15.4: the Slow robot fails D's ET, loses 2 MP (2 - 2 = 0: it stays in D) and the orange-flag
    holder may not put it back on that ET in the same turn."""
    from racebook.rf90.actions import Force

    race = racebook.rf90.scenario.build({
        "scenario": {"id": "t", "track": "teaching", "seed": 0,
                     "position": "teaching turn=5 lap=3 | C: Blue*{played} | D: Slow1@D.et1"},
        "deck": {"stack": ["R99", "R01"]}, "race": {"orange": "Blue"}})
    s = race.state
    stop = next(e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Slow1")
    assert stop.mp == 0 and s.cars["Slow1"].section == "D" and s.cars["Slow1"].trajectory is None
    assert not any(isinstance(a, Force) for a in race.legal_actions())


# ----------------------------------------------------------------------------- 4. §26.2 BANGING WHEELS
LB = "teaching turn=5 lap=3 | C: Fast1* | E: Red{played} Green{played} | F: Blue"


def test_s26_2_banging_wheels_counts_late_braking_passes(make_race) -> None:
    """§26.2 BANGING WHEELS Special «Sempre que ultrapassar carros na mesma volta em qualquer lugar da pista»:
    passing same-lap cars by a successful late braking (§13.F.1) earns the Track Card (1 per turn)."""
    race = make_race(LB, {"Blue": {"hand": ["R18"], "target": "R88", "strategy": "banging_wheels"}},
                     deck=["R22", "R01"])
    race.apply("Blue start")
    race.apply("Blue play R18")  # 1 MP: into E, behind Red and Green
    race.apply("Blue late-brake")  # (1) vs 88 - 20: passes both, advances to D
    race.apply("Blue occupy none")
    s = race.state
    assert s.cars["Blue"].section == "D"
    got = [e for e in race.events if isinstance(e, ev.CardDrawn) and e.reason in BANGING_WHEELS_DRAWS]
    assert len(got) == 1 and got[0].card in s.cars["Blue"].hand


def test_s26_2_late_braking_past_lapped_cars_only_earns_nothing(make_race) -> None:
    """§26.2: only same-lap cars count; passing lapped cars by late braking earns no Track Card."""
    race = make_race("teaching turn=5 lap=3 | C: Fast1* | E: Red-1{played} | F: Blue",
                     {"Blue": {"hand": ["R18"], "target": "R88", "strategy": "banging_wheels"}},
                     deck=["R22", "R01"])
    for a in ("Blue start", "Blue play R18", "Blue late-brake", "Blue occupy none"):
        race.apply(a)
    assert race.state.cars["Blue"].section == "D"
    assert not [e for e in race.events if isinstance(e, ev.CardDrawn) and e.reason in BANGING_WHEELS_DRAWS]


# ----------------------------------------------------------------------------- 5. §18.5 re-entry past the line
def _track_reentry_past_the_line():
    """The teaching track with E's off-track route re-entering at L, the first section after the finish line
    (invented for this test: no shipped track has such a route yet)."""
    track = load_track("teaching")
    route = track.routes["e-lb"]
    nodes = {k: (dataclasses.replace(n, section="L") if n.section else n) for k, n in route.nodes.items()}
    routes = {**track.routes, "e-lb": dataclasses.replace(route, nodes=nodes)}
    return dataclasses.replace(track, routes=routes)


def test_s18_5_reentry_past_finish_line_counts_the_lap(make_race) -> None:
    """§18.5: a failed late braking in E whose route re-enters at L, beyond the finish line: the car crosses the
    line like any other crossing (lap + 1). Blue, the leader, keeps the Leader token (nobody in E, §18.4); Slow1
    takes it by getting ahead of E (§18.4), and Blue, a lap further on, takes it back when it re-enters."""
    race = make_race("teaching turn=5 lap=3 | F: Blue* | H: Slow1", {"Blue": {"hand": ["R18"], "target": "R20"}},
                     deck=["R22", "R99", "R01", "R24"])  # phase B, LB blind (99: fails), recovery (1), turn 6 draw
    state = race.state
    state.track = _track_reentry_past_the_line()
    blue = state.cars["Blue"]
    for a in ("Blue start", "Blue play R18", "Blue late-brake"):
        race.apply(a)
    race.apply(Test("Blue", 1, "blind"))  # the Normal recovery test -20: (1) passes: 1 tyre chip, -2 MP next turn
    assert blue.off_track == "L" and blue.lost_control == "E"
    assert blue.lap == 4
    assert ev.FinishLine("Blue", 4) in race.events
    kept = next(e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§18.4")
    assert kept.car == "Blue" and kept.section == "E" and "keeps the token" in kept.why
    # Game Turn 6: Slow1 (lap 3, in F) plays from the FAS in E backwards and gets ahead of E: it takes the token
    assert state.turn == 6 and race.current_car == "Blue"
    assert state.leader == "Slow1" and state.cars["Slow1"].lap == 3 and state.cars["Slow1"].section == "B"
    race.apply("Blue start")
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play)))
    assert blue.off_track is None and blue.section == "L" and blue.lap == 4
    assert state.leader == "Blue" and state.fas_anchor is None  # a lap ahead of Slow1 (lap 3, in B)
    back = [e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§18.4"]
    assert back[-1].car == "Blue" and "re-entered" in back[-1].why


@pytest.mark.parametrize("past_the_line", [False, True])
def test_s18_5_pit_from_a_reentry_past_the_line_starts_where_control_was_lost(make_race, past_the_line) -> None:
    """§18.5: a pit declared at re-entry starts from the section where control was lost: a re-entry point past
    the line gives the same stop as one before it (the lap counted at the re-entry point is taken back)."""
    position = ("teaching turn=6 lap=4 | L: Blue*{off=E}" if past_the_line else
                "teaching turn=6 lap=3 | D: Blue*{off=E}")
    race = make_race(position, {"Blue": {"hand": ["R18"]}})
    race.state.track = _track_reentry_past_the_line() if past_the_line else race.state.track
    blue = race.state.cars["Blue"]
    assert race.state.lost_control_lap(blue) == 3
    race.apply("Blue pit 0")
    assert blue.off_track is None and (blue.section, blue.lap) == ("A", 2)  # E, 8 sections back: over the line


# ----------------------------------------------------------------------------- 6. §22 last-turn blue flag
@pytest.mark.parametrize("section", [SectionType.CORNER, SectionType.BRAKING, SectionType.STRAIGHT])
def test_s22_last_turn_blue_flag_lap_costs_nothing_without_easy_passing(section: SectionType) -> None:
    """§22 «No último turno do jogo, as bandeiras azuis permitem que você dê uma volta sem gastar PM»: with
    last_turn_easy_passing = False (AMB-13) a blue-flag lap in the last turn still costs 0 MP."""
    rules = Rules(last_turn_easy_passing=False)
    q = quote(PassSituation(section=section, kind=PassKind.LAP, blue_flag=True, turn="last", rules=rules))
    assert q.cost.cost == 0 and q.cost.rule == "§22"
    normal = quote(PassSituation(section=section, kind=PassKind.LAP, turn="last", rules=rules))
    assert normal.cost.cost == (2 if section is SectionType.CORNER else 1)  # no blue flag: the normal table


# ----------------------------------------------------------------------------- switch: §18.4 leader off track
LEADER_OFF = "teaching turn=5 lap=3 | E: Slow1-1 Red-1{played} | F: Blue*"


@pytest.mark.parametrize("same_lap", [True, False])
def test_house_rule_leader_token_same_lap_both_ways(make_race, same_lap: bool) -> None:
    """§18.4 «o token do Líder é atribuído ao carro que esteja mais à frente na seção onde ele perdeu o controle».
    Only lapped cars are in E. Default (leader_token_same_lap): Blue keeps the token, the FAS stays in E; literal
    reading: the token goes to Slow1, the frontmost car in E, though it is lapped."""
    race = make_race(LEADER_OFF, {"Blue": {"hand": ["R18"], "target": "R20"}}, deck=["R22", "R99", "R98"],
                     rules={"leader_token_same_lap": same_lap})
    for a in ("Blue start", "Blue play R18", "Blue late-brake"):
        race.apply(a)
    if race.current_car == "Blue" and race.phase is not None and race.phase.name == "RECOVERY":
        race.apply(Test("Blue", 1, "blind"))
    s = race.state
    assert s.cars["Blue"].off_track is not None
    token = [e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§18.4"]
    if same_lap:
        assert token[-1].car == "Blue" and s.fas_anchor == "E"
    else:
        assert token[-1].car == "Slow1" and s.leader == "Slow1"
