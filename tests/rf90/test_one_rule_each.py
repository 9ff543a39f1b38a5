"""One implementation of each rule (issue 15 item 3, turn side): one off-track route walker for players, robots
and the odds (§18.1); one late-braking advance for players, robots and the orange flag (§13.F.1, §15.4); one
"blind draw or hand card, then resolve" test step (§13.D.2)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook.rf90.analysis import odds
from racebook.rf90.rules import checks, latebraking, offtrack


def _count_walks(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    seen: Counter[str] = Counter()
    real = offtrack.follow_route

    def counting(route: Any, nid: Any, policy: Any, s: Any) -> Any:
        seen[type(policy).__name__] += 1
        return real(route, nid, policy, s)

    monkeypatch.setattr(offtrack, "follow_route", counting)
    return seen


def _lb_fail_race() -> racebook.Race:
    """Ex. 31's position with a failed late braking: Blue follows the Abbey route (§18.3)."""
    sc = racebook.rf90.scenario.load("ex31", play=False)
    race = sc.race
    race.state.race_deck.stack(["R95"])
    race.state.race_deck.stack(["R01"])
    for a in sc.actions:
        race.apply(a)
    return race


def _orange_race(stack: list[str]) -> racebook.Race:
    return racebook.rf90.scenario.build({
        "scenario": {"id": "o", "track": "teaching", "seed": 4,
                     "position": "teaching turn=4 lap=2 | A: Red*{played} | H: Fast1"},
        "race": {"orange": "Red"},
        "cars": {"Red": {"hand": ["R55"], "target": "R88"}, "Fast1": {"kind": "robot", "robot": "fast"}},
        "deck": {"stack": stack},
    })


def test_one_route_walker_for_players_robots_and_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    """§18.1: a player's failed late braking, a robot's forced one (§15.4) and the odds all walk the route with
    racebook.rf90.rules.offtrack.follow_route, each with its own policy."""
    seen = _count_walks(monkeypatch)
    race = _lb_fail_race()
    assert seen["PlayerRoute"] >= 1
    monza = race.state.track
    route = next(iter(monza.routes.values()))
    odds.route_paths(route)
    odds.route_trace(route, [True])
    odds.walk_route(route, 50, [10, 60, 90])
    assert seen["_Paths"] >= 1 and seen["_Trace"] >= 1 and seen["_Exact"] >= 1  # (recursion counts too)
    bad = _orange_race(["R60", "R10"])
    bad.apply("Red force Fast1 lb")
    assert seen["_RobotRoute"] == 1
    assert bad.state.cars["Fast1"].off_track in ("D", "C")


def test_one_late_braking_advance_for_players_robots_and_the_orange_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    """§13.F.1: Ex. 31's successful late braking and a robot forced by the orange flag (§15.4, AMB-29) advance
    through racebook.rf90.rules.latebraking.lb_advance."""
    calls: list[str] = []
    real = latebraking.lb_advance

    def counting(state: Any, car: Any, events: Any) -> list[str]:
        calls.append(car.id)
        return real(state, car, events)

    monkeypatch.setattr(latebraking, "lb_advance", counting)
    race = racebook.load_scenario("ex31").race
    assert calls == ["Blue"] and race.state.cars["Blue"].section == "Abbey"
    ok = _orange_race(["R40"])
    ok.apply("Red force Fast1 lb")
    assert calls == ["Blue", "Fast1"] and ok.state.cars["Fast1"].section == "D"


def test_every_test_card_is_taken_by_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """§13.D.2: every test of a Race — late braking, recovery test — takes its card (blind draw or hand card) and
    resolves it through racebook.rf90.rules.checks.take_test; no other module draws a blind test card."""
    taken: list[str] = []
    real = checks.take_test

    def counting(state: Any, car: Any, using: str, what: str, *a: Any, **k: Any) -> Any:
        taken.append(what)
        return real(state, car, using, what, *a, **k)

    monkeypatch.setattr(checks, "take_test", counting)
    race = _lb_fail_race()
    race.apply("Blue test 1 R01")  # the Normal recovery test with a hand card
    assert taken == ["late braking in Abbey-brake (blind)", "normal recovery test"]
    assert "R01" not in race.state.cars["Blue"].hand
    root = Path(racebook.__file__).parent / "rf90"
    drawers = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "drawing._blind(" in p.read_text())
    assert drawers == ["rules/checks.py"]


def test_strategies_hook_in_at_named_points() -> None:
    """§26: every implemented strategy has its hooks (on draw, on play, on card damage, on a blind test, on late
    braking, its Special at the end of the turn); HAZARD's four effects (§26.6) and LUCKY's draw (§26.4) live in
    their hooks only, not in the turn's phases."""
    from racebook.rf90.car import Strategy
    from racebook.rf90.rules import strategies

    assert set(strategies.HOOKS) == set(strategies.IMPLEMENTED_STRATEGIES)
    hazard = type(strategies.HOOKS[Strategy.HAZARD])
    assert {"on_card_damage", "on_blind_test", "on_late_braking", "late_braking_sections"} <= set(vars(hazard))
    root = Path(racebook.__file__).parent / "rf90"
    engine = [p for d in ("turn", "rules") for p in (root / d).glob("*.py")]
    for name in ("Strategy.HAZARD", "Strategy.LUCKY"):
        assert [p.name for p in engine if name in p.read_text()] == ["strategies.py"]


def test_skills_hook_in_at_named_points() -> None:
    """§27: the skills that act in the turn — QUALIFY and LAPPING's MP, FLAT OUT's ET declaration, PITTING's Track
    Card, the once-per-stint skills made usable again at a pit stop — do it through rules.skills hooks; the turn
    machine's modules name none of them."""
    from racebook.rf90.car import Skill
    from racebook.rf90.rules import skills

    assert set(skills.HOOKS) == {Skill.QUALIFY, Skill.LAPPING, Skill.FLAT_OUT, Skill.PITTING, Skill.VERSATILITY,
                                 Skill.WISE_DRIVING, Skill.SIXTH_SENSE}
    turn_dir = Path(racebook.__file__).parent / "rf90" / "turn"
    for name in ("Skill.QUALIFY", "Skill.LAPPING", "Skill.FLAT_OUT", "Skill.SIXTH_SENSE"):
        assert not [p.name for p in turn_dir.glob("*.py") if name in p.read_text()], name
