"""One turn machine (issue 15 item 2): one table from phase to the handler that lists the legal decisions (§13),
applies one and explains why an action is refused; ``Race.explain`` gives that verdict and ``Race.apply`` raises it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.rf90 import turn
from racebook.rf90.actions import BLIND, Action, Play, Test
from racebook.rf90.game import Race, Verdict
from racebook.rf90.turn import machine
from racebook.rf90.turnctx import Phase

MakeRace = Callable[..., Race]
POS = "teaching turn=5 lap=2 | D: Blue* | B: Red"


def test_every_phase_of_the_turn_has_one_handler() -> None:
    """§13: legality, application and explanation of a phase come from the same table row."""
    assert set(machine.TABLE) == set(Phase)
    assert turn.legal is machine.legal and turn.apply is machine.apply and turn.explain is machine.explain
    assert all(h.rule.startswith("§") for h in machine.TABLE.values())


def test_a_legal_action_gets_a_legal_verdict_with_its_phase_rule(make_race: MakeRace) -> None:
    """§13.A: in phase A "start" is legal; the verdict says so, cites the phase and applies nothing."""
    r = make_race(POS, {"Blue": {"hand": ["R20", "R30"]}}, deck=["R99"])
    v = r.explain("Blue start")
    assert isinstance(v, Verdict) and v.legal and v.rule == "§13.A" and str(v) == "Blue start is legal now"
    assert r.actions == []


def test_the_verdict_of_a_refused_action_is_the_error_apply_raises(make_race: MakeRace) -> None:
    """§13: a play in phase A is refused; apply raises the IllegalAction built from the same verdict."""
    r = make_race(POS, {"Blue": {"hand": ["R20", "R30"]}}, deck=["R99"])
    v = r.explain("Blue play R20")
    assert not v.legal and v.rule == "§13" and "start" in v.reason and "skip" in v.reason
    with pytest.raises(IllegalAction) as err:
        r.apply("Blue play R20")
    assert (err.value.rule, err.value.reason, err.value.legal) == (v.rule, v.reason, v.legal_now)
    assert str(err.value) == str(v.error())


def test_another_cars_action_is_refused_by_its_turn_rule(make_race: MakeRace) -> None:
    """§11: only the car whose individual turn it is decides."""
    r = make_race(POS, {"Blue": {"hand": ["R20", "R30"]}, "Red": {"hand": ["R40"]}}, deck=["R99"])
    v = r.explain("Red start")
    assert not v.legal and v.rule == "§11" and "Blue's decision" in v.reason and "not Red's" in v.reason


def test_in_a_duel_the_verdict_names_the_duel_stage() -> None:
    """§12: during the duel procedure the decisions are the duel's."""
    r = racebook.load_scenario("ex15").race.at(0)
    assert r.duel is not None
    legal = r.legal_actions()
    assert r.explain(legal[0]).legal and r.explain(legal[0]).rule == "§12"
    v = r.explain(Play(legal[0].car, ("R20",)))
    assert not v.legal and v.rule == "§12" and "duel procedure" in v.reason


def test_after_the_finish_no_decision_is_pending(make_race: MakeRace) -> None:
    """§10: the race is over."""
    r = make_race("teaching turn=16 | G: Fast1")
    v = r.explain("Fast1 start")
    assert r.is_over and not v.legal and v.rule == "§10" and "race is over" in v.reason


@pytest.mark.parametrize("seed", [3, 11])
def test_every_offered_action_is_legal_and_every_other_is_explained(seed: int) -> None:
    """Across a whole race, in every phase met: each legal action's verdict is legal, and an action of another
    phase is refused with a reason (a rule and a sentence) from the current phase's row — nothing is applied."""
    from racebook.rf90.ui.fullrace import RaceTable

    t = RaceTable(track="teaching", players=2, seed=seed)
    assert t.start() is not None
    race = t.race
    assert race is not None
    rng = random.Random(seed)
    seen: set[Phase] = set()
    for _ in range(400):
        if race.is_over:
            break
        legal = race.legal_actions()
        if race.ctx is not None and race.duel is None:
            seen.add(race.ctx.phase)
            for a in rng.sample(legal, min(3, len(legal))):
                assert race.explain(a).legal
            car = legal[0].car
            alien: Action = Test(car, 9, BLIND) if race.ctx.phase is Phase.PLAY else Play(car, ("R99",))
            n = len(race.actions)
            v = race.explain(alien)
            assert not v.legal and v.rule.startswith("§") and v.reason
            assert (v.rule, v.reason) == turn.explain(race.state, race.ctx, alien)
            assert len(race.actions) == n
        t.computer_step()
    assert {Phase.A, Phase.PLAY} <= seen and len(seen) >= 4


def test_the_widget_explains_without_applying(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-race widget's "try" box asks Race.explain; it never provokes apply to read its exception."""
    from racebook.rf90.ui.fullrace import RaceTable

    t = RaceTable(track="teaching", players=2, seed=12)
    assert t.start() is not None
    race = t.race
    assert race is not None

    def no_apply(self: Race, action: object) -> None:
        raise AssertionError("explain must not call apply")

    monkeypatch.setattr(Race, "apply", no_apply)
    car = race.current_car
    other = next(c for c in race.state.cars if c != car)
    ok, why = t.explain(f"{other} start")
    assert not ok and "§11" in why
    good = str(race.legal_actions()[0])
    assert t.explain(good) == (True, f"{good} is legal now")
