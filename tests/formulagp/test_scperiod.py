"""[ADV] The Safety Car period by die (digest §19.4.1, §19.6, A13; the original's 13.9.1, 13.10): the pure rule
(every WHITE face under both readings of A13), the deployment in an Advanced race (the SC token that many spaces
ahead, a major incident's Red Flag), the 'Safety Car' card's one roll or two (``safety_car_card_one_roll``), the
Safety Car driving and leaving on its own token, the race ending under it, the notation, the worked scenario
fgp_exs1, a Standard race untouched, and Advanced races with Safety Cars keeping the invariants to the flag."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.core.rng import Rng
from racebook.formulagp import events as ev
from racebook.formulagp import redflag, safetycar, scperiod
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.components import dice
from racebook.formulagp.events.scperiod import SafetyCarPeriod
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase
from racebook.formulagp.track import race_track

WHITE = dice().white


# ------------------------------------------------------------------ the pure rule
def test_only_a_6_shows_the_red_flag_and_every_other_face_is_the_period() -> None:
    """A13's default (the original's 13.10: "a roll of 6"): faces 1 (the icon, counts 1) to 5 are the period."""
    got = [scperiod.period(f, Rules()) for f in WHITE]
    assert got == [1, 2, 3, 4, 5, scperiod.RED_FLAG]


def test_a13_on_every_red_face_shows_the_red_flag() -> None:
    """A13's other reading (the original's 13.9.1: "red, major incident"): the default colour map, odd green."""
    got = [scperiod.period(f, Rules(red_flag_on_red_face=True)) for f in WHITE]
    assert got == [1, scperiod.RED_FLAG, 3, scperiod.RED_FLAG, 5, scperiod.RED_FLAG]


# ------------------------------------------------------------------ the deployment
def _race(mode: Mode = Mode.ADVANCED, rules: Rules | None = None, flag: int = 10) -> Race:
    race = new_race(["Grey", "Red", "Blue"], 8, mode=mode, rules=rules)
    s = race.state
    s.flag, s.round = flag, flag if mode.advanced else flag - 8
    return race


@pytest.mark.parametrize("face, until", [(1, 11), (3, 13), (5, 15), (4, 14)])
def test_an_advanced_safety_car_stays_out_the_white_die_s_spaces(face: int, until: int) -> None:
    race = _race()
    s = race.state
    s.stacked["white"] = [str(face)]
    log = EventLog()
    safetycar.deploy(s, log, "a test")
    assert s.sc_tile >= 0 and s.sc_until == until and s.sc_from == 10
    assert [(e.face, "Red Flag" in e.outcome) for e in log if isinstance(e, SafetyCarPeriod)] == [(face, False)]


def test_a_6_at_the_period_roll_is_a_major_incident_the_red_flag() -> None:
    race = _race()
    s = race.state
    s.stacked["white"] = ["6"]
    log = EventLog()
    safetycar.deploy(s, log, "two separate Yellow Flag zones")
    assert s.sc_tile < 0 and s.restart
    assert any(isinstance(e, ev.RedFlag) for e in log)


def test_a_standard_safety_car_stays_the_two_rounds_and_rolls_nothing() -> None:
    race = _race(Mode.STANDARD)
    s = race.state
    s.stacked["white"] = ["6"]
    log = EventLog()
    safetycar.deploy(s, log, "a test")
    assert s.sc_until == 12 and s.sc_from == 0 and s.stacked["white"] == ["6"]
    assert not any(isinstance(e, SafetyCarPeriod) for e in log)


@pytest.mark.parametrize("one_roll, white, until", [(True, ["3"], 13), (False, ["3", "5"], 15),
                                                    (False, ["3", "6"], None)])
def test_the_safety_car_card_rolls_once_or_twice(one_roll: bool, white: list[str], until: int | None) -> None:
    race = _race(rules=Rules(safety_car_card_one_roll=one_roll))
    s = race.state
    s.stacked["white"] = white
    log = EventLog()
    redflag.safety_car_card(s, log)
    assert not s.stacked.get("white")  # every stacked die rolled
    if until is None:
        assert s.restart and s.sc_tile < 0  # the second roll's 6: the Red Flag
    else:
        assert s.sc_until == until
    assert len([e for e in log if isinstance(e, SafetyCarPeriod)]) == 1


def test_the_safety_car_drives_from_the_next_round_and_leaves_on_its_token() -> None:
    """§19.4.2 steps 4–5 with a period of 1 (the icon): out in round 10, drives in round 11, leaves at its end."""
    race = _race()
    s = race.state
    s.stacked["white"] = ["1"]
    log = EventLog()
    safetycar.deploy(s, log, "a test")
    tile = s.sc_tile
    safetycar.movement_phase(s, log)
    assert s.sc_tile == tile  # not in the round it came out (A16)
    assert not safetycar.round_end(s, log) and s.sc_tile == tile
    s.flag += 1
    safetycar.movement_phase(s, log)
    assert s.sc_tile != tile
    assert not safetycar.round_end(s, log) and s.sc_tile < 0 and s.sc_from == 0
    assert any(isinstance(e, ev.SafetyCarIn) for e in log)


def test_still_out_at_the_final_lap_space_the_race_ends_under_it() -> None:
    race = _race(flag=22)
    s = race.state
    s.stacked["white"] = ["5"]
    log = EventLog()
    safetycar.deploy(s, log, "a test")
    s.flag = 23
    assert safetycar.round_end(s, log)  # the flag moves to 24 with the Safety Car out (§19.4.1)


def test_the_deployment_space_round_trips_and_a_standard_line_has_none() -> None:
    race = _race()
    s = race.state
    s.stacked["white"] = ["4"]
    safetycar.deploy(s, EventLog(), "a test")
    text = race.position()
    assert " scf=10" in text and format_state(parse_position(text)) == text
    std = _race(Mode.STANDARD)
    safetycar.deploy(std.state, EventLog(), "a test")
    assert " scf=" not in std.position()
    with pytest.raises(NotationError) as e:
        parse_position(std.position().replace(" gt=-", " gt=- scf=3", 1))
    assert "scf=" in str(e.value) and "\n" not in str(e.value)


def test_fgp_ex_s1_the_safety_car_card_s_white_die_3_puts_the_sc_token_on_space_13() -> None:
    """Scenario fgp_exs1 (no example in Appendix A; the rule's words, §19.4.1): the card's WHITE die 3 in round
    10 — no Red Flag, the SC token on radar space 13 (a Standard race's would be on 12)."""
    sc = fgp_scenario.read("fgp_exs1_safety_car_period_by_die")
    race = sc.race(play=False)
    for a in sc.actions:
        race.apply(a)
    s = race.state
    assert (s.sc_until, s.sc_from, s.flag) == (13, 10, 10) and s.sc_tile >= 0
    assert [(e.face, e.colour) for e in race.events if isinstance(e, SafetyCarPeriod)] == [(3, "green")]
    assert [e.until for e in race.events if isinstance(e, ev.SafetyCarDeployed)] == [13]


# ------------------------------------------------------------------ Advanced races with Safety Cars
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5), st.booleans())
@example(472, 5, True)  # a Red Flag before the driver moved: it played its cards from the grid into another's space
def test_advanced_races_with_safety_cars_keep_the_invariants_and_end(seed: int, n: int, red_face: bool) -> None:
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, track=race_track(), mode=Mode.ADVANCED, rules=Rules(red_flag_on_red_face=red_face))
    drivers = {c: (RandomDriver(seed + i) if (i + seed) % 2 else Greedy(seed + i)) for i, c in enumerate(cars)}
    rng, log, steps = Rng(seed), EventLog(None), 0
    while not race.is_over:
        s = race.state
        if s.phase is Phase.PLAY and rng.below(60) == 0:
            safetycar.deploy(s, log, "injected")
            race.refresh()
            if race.is_over:
                break
        assert race.legal_actions()
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
        if steps % 61 == 0:
            assert not problems(race.state)
            assert format_state(parse_position(race.position())) == race.position()
    assert sorted(race.classification()) == sorted(cars)
