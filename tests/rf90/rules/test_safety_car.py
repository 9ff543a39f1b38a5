"""The Safety Car (§21): Ex. 39 and Ex. 40, and its rules."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import Pit, Start, StayOut


def notes(race: racebook.Race) -> list[str]:
    return [e.body() for e in race.events]


def test_ex_39_deployment_pit_window_and_realignment() -> None:
    """Ex. 39: Blue has played; Orange pits, Pink and Green decline; Red pits and drops from -1 to -2 laps; then
    the SC goes in the leader's section, every car one section apart, and Green and Red regain their laps."""
    sc = racebook.rf90.scenario.load("ex39", play=False)
    race = sc.race
    for a in sc.actions[:4]:
        race.apply(a)
    assert race.legal_actions() == [Pit("Orange", 0), Pit("Orange", 1), Pit("Orange", 2), StayOut("Orange")]
    for a in sc.actions[4:12]:
        race.apply(a)
    assert race.state.laps_down("Red") == 2  # after his pit, before the realignment
    for a in sc.actions[12:]:
        race.apply(a)
    s = race.state
    assert s.race_order() == ["Blue", "Pink", "Orange", "Green", "Red"]
    sections = [s.cars[c].section for c in s.race_order()]
    idx = [s.section(x).index for x in sections]
    assert idx == [28, 27, 26, 25, 24]  # one car per section, no gaps (AMB-12)
    assert all(s.laps_down(c) == 0 for c in s.race_order())
    assert s.cars["Black"].status.value == "retired"
    assert s.turn == 11 and s.sc == "Pits-2"  # the turn ended (AMB-43) and the SC advanced one section
    assert "sc=Pits-2" in race.position()


def test_ex_40_leader_forced_to_pit_under_the_sc() -> None:
    """Ex. 40: the SC advances; Blue must pit and goes to the end of the queue; Orange becomes the leader; every
    car moves one section forward with no gaps."""
    sc = racebook.rf90.scenario.load("ex40", play=False)
    race = sc.race
    assert "The Safety Car advances to D" in notes(race)
    assert race.legal_actions() == [Pit("Blue", 0)]  # his chit is due: no other choice
    for a in sc.actions:
        race.apply(a)
    s = race.state
    assert s.race_order() == ["Orange", "Pink", "Green", "Blue"]
    assert [s.cars[c].section for c in s.race_order()] == ["D", "E", "F", "G"]
    assert s.cars["Blue"].refuel == 6 + 16


def test_sc_turns_draw_one_move_one_discard_one() -> None:
    """§21.3: draw one Race Card, move to the next section (no cards played), then discard one card."""
    race = racebook.rf90.scenario.load("ex40", play=False).race
    for a in ("Blue pit 0", "Blue pit-done", "Blue pit-tyres keep", "Blue pit-strategy keep"):
        race.apply(a)
    assert race.legal_actions() == [Start("Orange"), Pit("Orange", 0)]
    hand = len(race.state.cars["Orange"].hand)
    race.apply("Orange start")
    assert len(race.state.cars["Orange"].hand) == hand + 1
    assert {a.verb for a in race.legal_actions()} == {"discard"}


def test_sc_leaves_at_a_new_race_stage_and_the_race_restarts() -> None:
    """§21.5: the SC leaves when a new Race Stage begins; that Game Turn is a restart (§22)."""
    race = racebook.rf90.scenario.build({
        "scenario": {"id": "s", "track": "teaching", "seed": 1,
                     "position": "teaching turn=4 lap=3 | E: Blue* | F: Orange"},
        "race": {"safety_car": "E"},
        "cars": {"Blue": {"hand": ["R55"], "target": "R88"}, "Orange": {"hand": ["R56"], "target": "R77"}},
    })
    while race.state.turn == 4:
        race.apply(race.legal_actions()[0])
    s = race.state
    assert s.turn == 5 and s.sc is None and s.restart
    assert any(isinstance(e, ev.SafetyCarIn) for e in race.events)


def test_sc_refusals_name_the_safety_car_rule() -> None:
    """§21.1, §21.3, §21.4: an action the Safety Car's phases refuse is explained by the Safety Car's own rule."""
    sc = racebook.rf90.scenario.load("ex40", play=False)
    race = sc.race
    forced = race.explain("Blue start")  # his refuel chit is due: he must pit, under the SC too
    assert (forced.legal, forced.rule) == (False, "§13.A.3") and "must pit" in forced.reason
    for a in sc.actions[:4]:  # Blue's pit under the SC
        race.apply(a)
    assert race.legal_actions() == [Start("Orange"), Pit("Orange", 0)]
    for text, rule, words in (("Orange skip strategy=push", "§21.3", "no strategy"),
                              ("Orange play R01", "§21.3", "no card is played"),
                              ("Orange pit 1", "§21.4", "16 turns of fuel without extra sections"),
                              ("Orange stay-out", "§21.1", "pit window")):
        verdict = race.explain(text)
        assert (verdict.legal, verdict.rule) == (False, rule) and words in verdict.reason, text
    race.apply("Orange start")
    two = race.explain(f"Orange discard {' '.join(race.state.cars['Orange'].hand[:2])}")
    assert (two.legal, two.rule) == (False, "§21.3") and "exactly one card" in two.reason


def test_sc_pit_window_refuses_a_turn() -> None:
    """§21.1: in the pit window a player who has not played only pits or stays out (Ex. 39's Orange)."""
    sc = racebook.rf90.scenario.load("ex39", play=False)
    race = sc.race
    for a in sc.actions[:4]:
        race.apply(a)
    verdict = race.explain("Orange start")
    assert (verdict.legal, verdict.rule) == (False, "§21.1") and "pit now or stay out" in verdict.reason
    assert race.explain("Orange stay-out").legal
