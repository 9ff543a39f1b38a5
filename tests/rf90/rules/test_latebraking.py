"""Late braking, off-track routes and re-entry (§13.F.1, §18, §19.3): Ex. 31, 38 and rule checks."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import LateBrake, NoLateBrake
from racebook.rf90.scenario import build


def checks_in(race: racebook.Race) -> list[ev.CheckTest]:
    return [e for e in race.events if isinstance(e, ev.CheckTest)]


def notes(race: racebook.Race) -> list[str]:
    return [e.body() for e in race.events]


def test_ex_31_successful_late_braking_at_abbey() -> None:
    """Ex. 31: orange [3] + the +1 trajectory = 4 MP; 3 MP reach the braking zone (1 lost); TC (88) - 20 = 68;
    the blind (42) passes; Blue passes both cars and advances one section; new TC (42)."""
    race = racebook.load_scenario("ex31").race
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 4
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.section == "Abbey-brake" and stop.lost == "; 1 MP lost"
    (lb,) = checks_in(race)
    assert (lb.card, lb.target, lb.passed, lb.new_target) == ("(42)", 68, True, "(42)")
    s = race.state
    assert s.cars["Blue"].section == "Abbey"
    assert s.cars_in("Abbey-brake") == ["Fast1", "Green"]
    assert s.card(s.cars["Blue"].target).check == 42
    assert s.track.section("Abbey-brake").lb_modifier == -20


def test_ex_38_lb_discard_power() -> None:
    """Ex. 38: TC (55) - 20 = 35 is risky; discarding the Track Card [5] with the LB power succeeds with no test."""
    sc = racebook.rf90.scenario.load("ex38", play=False)
    race = sc.race
    for a in sc.actions[:-1]:
        race.apply(a)
    legal = race.legal_actions()
    assert LateBrake("Green", "T05") in legal and LateBrake("Green") in legal and NoLateBrake("Green") in legal
    race.apply(sc.actions[-1])
    assert not checks_in(race)  # no blind test
    s = race.state
    assert s.cars["Green"].section == "Stowe" and "T05" not in s.cars["Green"].hand
    assert "T05" in s.track_deck.discards
    assert s.card(s.cars["Green"].target).check == 55  # the Target Check is untouched


def _lb_fail_race() -> racebook.Race:
    """Ex. 31's position, but the late braking fails: the Abbey route (recovery test -20) is followed."""
    sc = racebook.rf90.scenario.load("ex31", play=False)
    race = sc.race
    race.state.race_deck.stack(["R95"])  # replaces (42) as the LB draw: 95 > 68 fails
    race.state.race_deck.stack(["R01"])
    for a in sc.actions:
        race.apply(a)
    return race


def test_failed_late_braking_follows_the_off_track_route() -> None:
    """§18.3: the recovery test (printed -20 is a modifier to the new TC, AMB-6) decides green or red arrow;
    tyre wear is paid in chips only; time loss applies next turn; the car waits at the re-entry point."""
    race = _lb_fail_race()
    lb = checks_in(race)[0]
    assert lb.passed is False and lb.new_target == "(95)"
    assert race.phase is not None and race.phase.name == "RECOVERY"
    race.apply("Blue test 1 R55")  # normal recovery test: (55) vs 95 - 20 = 75 → pass
    rec = checks_in(race)[1]
    assert (rec.card, rec.target, rec.passed) == ("(55)", 75, True)
    blue = race.state.cars["Blue"]
    assert blue.chips == 9 and blue.time_loss == 2
    assert blue.off_track == "Abbey" and blue.lost_control == "Abbey-brake"
    assert "Blue" not in race.state.cars_in("Abbey") and "Blue" not in race.state.cars_in("Abbey-brake")


def test_reentry_costs_one_mp_places_behind_and_blocks_duels() -> None:
    """§18.5: the off-track car plays after the cars of its re-entry section, pays 1 MP to re-enter, is placed
    behind them, and takes no part in any duel this Game Turn."""
    race = _lb_fail_race()
    race.apply("Blue test 1 R55")
    # next Game Turn: play everyone until Blue's turn comes
    seen = []
    while race.current_car != "Blue":
        acts = race.legal_actions()
        seen.append(race.current_car)
        race.apply(acts[0] if acts[0].verb not in ("challenge",) else acts[1])
    begins = [e for e in race.events if isinstance(e, ev.TurnBegins) and e.car == "Blue"]
    assert begins[-1].section == "Abbey"
    before = len([e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Blue"])
    race.apply("Blue start")
    while len([e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Blue"]) == before:
        race.apply(race.legal_actions()[0])
    mp = [e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Blue"][-1]
    assert "-1 re-entering the track" in mp.breakdown and "-2 time loss" in mp.breakdown
    assert ("Blue", "re-entered") in race.state.duel_chances


def _build(position: str, cars: dict, stack: list[str]) -> racebook.Race:
    return build({"scenario": {"id": "t", "track": "silverstone", "seed": 3, "position": position},
                  "cars": cars, "deck": {"stack": stack}})


def test_leader_off_track_keeps_the_token_when_his_section_is_empty() -> None:
    """§18.4: the leader loses control where nobody else is: he keeps the Leader token and the front of the
    activation sequence stays in that section, until a car gets ahead of it."""
    race = _build("silverstone turn=6 lap=2 | Club-2: Blue* | Vale: Green",
                  {"Blue": {"hand": ["R89", "R56"], "target": "R88"}, "Green": {"hand": ["R57"], "target": "R67"}},
                  ["R01", "R95", "R40", "R02"])
    for a in ("Blue start", "Blue play R89", "Blue late-brake", "Blue test 1 blind"):
        race.apply(a)
    s = race.state
    assert s.cars["Blue"].off_track == "Abbey" and s.leader == "Blue" and s.fas_anchor == "Abbey-brake"
    token = [e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§18.4"]
    assert token and token[-1].car == "Blue"
    assert [str(a) for a in racebook.rf90.rules.activation.sweep(s)][:3] == ["Abbey-brake", "Club-2", "Club-1"]
    race.apply("Green start")
    race.apply("Green play R57")  # Club-1, Club-2, Abbey-brake: not ahead of the anchor
    assert s.leader == "Blue" and s.fas_anchor == "Abbey-brake"


def test_leader_off_track_gives_the_token_to_the_front_car_of_that_section() -> None:
    """§18.4: with cars in the section where the leader lost control, the frontmost of them takes the token
    (a lapped car physically ahead is not the leader)."""
    race = _build("silverstone turn=6 lap=2 | Abbey-brake: Purple Blue* Green | Vale: Red",
                  {"Blue": {"hand": ["R89", "R56"], "target": "R88"}, "Green": {"hand": ["R57"], "target": "R67"},
                   "Red": {"hand": ["R63"], "target": "R68"}, "Purple": {"hand": ["R64"], "target": "R69"}},
                  ["R01", "R30", "R95", "R40"])
    for a in ("Blue start", "Blue play R89", "Blue leader-check blind", "Blue late-brake", "Blue test 1 blind"):
        race.apply(a)
    s = race.state
    assert s.cars["Blue"].off_track == "Abbey"
    assert s.leader == "Green" and s.fas_anchor is None
    token = [e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§18.4"]
    assert [(t.car, t.section) for t in token] == [("Green", "Abbey-brake")]


def test_only_one_late_braking_per_turn_and_only_in_lb_zones() -> None:
    """§13.F.1: LB is offered only when the movement ended in a braking zone with the LB symbol."""
    race = racebook.load_scenario("ex26").race  # ends in a corner
    assert all(a.verb != "late-brake" for a in race.legal_actions())


def test_ex_33_et_failure_at_1st_di_lesmo() -> None:
    """Ex. 33: TC (67), blind (83) fails, TC (83); Normal recovery at -10 → 73, (42) from hand passes: -2 MP;
    the movement is 3 - 2 = 1 MP, no ET bonus."""
    race = racebook.load_scenario("ex33").race
    et, rec = checks_in(race)
    assert (et.card, et.target, et.passed, et.new_target) == ("(83)", 67, False, "(83)")
    assert (rec.card, rec.target, rec.passed) == ("(42)", 73, True)
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 1 and "trajectory" not in mp.breakdown
    assert race.state.track.trajectory("Lesmo1-exit.et1").bonus == 3


def test_ex_33_red_arrow_means_no_movement() -> None:
    """Ex. 33: had he failed the recovery (red arrow, -4 MP) he would not move: NO MOVE -1 PM token."""
    sc = racebook.rf90.scenario.load("ex33", play=False)
    race = sc.race
    for a in sc.actions[:-1]:
        race.apply(a)
    race.apply("Blue test 1 R55")  # (55) vs 73 passes too; use a card that fails:
    assert checks_in(race)[-1].passed
    alt = race.at(2)
    alt.state.cars["Blue"].hand.append("R99")
    alt.apply("Blue test 1 R99")
    assert not checks_in(alt)[-1].passed
    mp = [e for e in alt.events if isinstance(e, ev.MovementPoints)][-1]
    assert mp.mp == -1
    stop = [e for e in alt.events if isinstance(e, ev.MovementStops)][-1]
    assert stop.rule == "§13.E.6" and "NO MOVE" in stop.why  # (removed again at the end of the Game Turn)
    assert alt.state.cars["Blue"].section == "Lesmo1-exit"


def test_ex_34_lb_failure_at_variante_ascari() -> None:
    """Ex. 34: TC (77) - 10 = 67, (73) fails (TC 73); recovery at -20 → 53 passes; re-entry point, 1 tyre chip,
    -2 MP on the next turn."""
    race = racebook.load_scenario("ex34").race
    lb, rec = checks_in(race)
    assert (lb.card, lb.target, lb.passed, lb.new_target) == ("(73)", 67, False, "(73)")
    assert (rec.target, rec.passed) == (53, True)
    blue = race.state.cars["Blue"]
    assert blue.chips == 9 and blue.time_loss == 2 and blue.off_track == "Ascari-2"
    assert race.position().endswith("Ascari-2: Blue{off=Ascari-brake}")
