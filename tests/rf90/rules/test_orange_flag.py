"""The orange flag forces robots (§15.4, §17.3 D/F, AMB-29, AMB-40)."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import Force, NoForce


def _race(stack: list[str], position: str = "teaching turn=4 lap=2 | A: Red*{played} | G: Fast1") -> racebook.Race:
    return racebook.rf90.scenario.build({
        "scenario": {"id": "o", "track": "teaching", "seed": 4, "position": position},
        "race": {"orange": "Red"},
        "cars": {"Red": {"hand": ["R55"], "target": "R88"}, "Fast1": {"kind": "robot", "robot": "fast"}},
        "deck": {"stack": stack},
    })


def test_holder_decides_when_a_robot_ends_in_an_lb_zone() -> None:
    """Fast1 (3 MP) from H ends in the braking zone E (LB -20): the orange-flag holder Red may force it (AMB-40)."""
    race = _race([], "teaching turn=4 lap=2 | A: Red*{played} | H: Fast1")  # H → G, F, E (braking, LB -20)
    assert race.current_car == "Red"
    assert set(race.legal_actions()) == {Force("Red", "Fast1", "lb"), NoForce("Red")}


def test_forced_late_braking_success_and_failure() -> None:
    """AMB-29: the robot tests blind against 70 + the LB modifier (+ rain)."""
    ok = _race(["R40"], "teaching turn=4 lap=2 | A: Red*{played} | H: Fast1")
    ok.apply("Red force Fast1 lb")
    test = next(e for e in ok.events if isinstance(e, ev.CheckTest))
    assert (test.card, test.target, test.passed) == ("(40)", 50, True)
    assert ok.state.cars["Fast1"].section == "D"
    bad = _race(["R60", "R10"], "teaching turn=4 lap=2 | A: Red*{played} | H: Fast1")
    bad.apply("Red force Fast1 lb")
    lb, rec = [e for e in bad.events if isinstance(e, ev.CheckTest)]
    assert not lb.passed and rec.target == 70 - 20
    assert bad.state.cars["Fast1"].off_track in ("D", "C")  # the e-lb route's re-entry points


def test_forced_et_is_tested_on_the_robots_next_turn() -> None:
    """§15.4 / §17.3 D: a robot made to take an ET tests it blind on its next turn."""
    race = _race(["R20"], "teaching turn=4 lap=2 | A: Red*{played} | J: Fast1")  # J → I, H, G (G.et1 free)
    assert Force("Red", "Fast1", "G.et1") in race.legal_actions()
    race.apply("Red force Fast1 G.et1")
    assert race.state.cars["Fast1"].trajectory == "G.et1"
    while not any(isinstance(e, ev.CheckTest) and e.car == "Fast1" for e in race.events):
        race.apply(race.legal_actions()[0])
    test = next(e for e in race.events if isinstance(e, ev.CheckTest) and e.car == "Fast1")
    assert test.what.startswith("ET blind test at G.et1") and test.target == 70
    assert (test.test, test.subject) == (ev.Checked.ET, "G.et1")
