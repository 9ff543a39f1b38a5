"""The optional Pro BOT rules of issue 38 item 2 (digest §22.14): BOT 7.4's stress levels (house rule
``pro_stress_levels``) and BOT 7.1's weather variant (``pro_undercut_weather``), each on and off."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import NotationError, SetupError
from racebook.core.log import EventLog
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.bots import pro, prolate, prostressing, proweather
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.game import Race
from racebook.formulagp.losscontrol import lose_control
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules import prostress as ps
from racebook.formulagp.rules.botpace import Source, pace_rule
from racebook.formulagp.rules.prostress import Level, ProStress
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode, RaceState
from racebook.formulagp.stressing import is_leader

STRESS = Rules(pro_stress_levels=True)
WEATHER = Rules(pro_undercut=True, pro_undercut_weather=True)


def _stress_state(on: bool, level: Level = Level.ONE, round_: int = 5) -> RaceState:
    s = new_state(["A", "P", "Q"], 3, pros=["P", "Q"], rules=Rules(pro_stress_levels=on))
    s.round = s.flag = round_
    if on:
        s.pro.stress["P"] = ProStress(level, 0)
    return s


def _said(log: EventLog, kind: type) -> list[str]:
    return [e.sentence() for e in log if isinstance(e, kind)]


# ------------------------------------------------------------------ the pure machine (rules/prostress.py)
def test_the_start_drops_a_level_in_round_3_and_another_in_round_4_unless_stress_rose_in_round_3() -> None:
    st0 = ProStress()
    assert st0.level is Level.MAX
    assert ps.round_start(st0, 2) == st0
    one = ps.round_start(st0, 3)
    assert one.level is Level.ONE
    assert ps.round_start(one, 4).level is Level.ZERO
    assert ps.round_start(ProStress(Level.ONE, 3), 4).level is Level.ONE  # it rose in round 3
    assert ps.round_start(st0, 3, neutralised=True) == st0  # under the SC/VSC level 1 holds


def test_stress_rises_once_a_round_never_to_the_maximum_in_rounds_1_2_and_at_the_maximum_nothing() -> None:
    assert ps.gain(ProStress(Level.ZERO), 5) == ProStress(Level.ONE, 5)
    assert ps.gain(ProStress(Level.ONE), 5) == ProStress(Level.MAX, 5)
    assert ps.gain(ProStress(Level.ONE, 5), 5) == ProStress(Level.ONE, 5)  # once a round
    assert ps.gain(ProStress(Level.ONE), 2) == ProStress(Level.ONE, 2)  # not in rounds 1-2 (but it counts)
    assert ps.gain(ProStress(Level.ZERO), 1) == ProStress(Level.ONE, 1)
    assert ps.gain(ProStress(Level.MAX), 7) == ProStress(Level.MAX, 7)  # nothing, no RED die


def test_stress_falls_after_the_move_from_round_4_when_it_did_not_rise() -> None:
    assert ps.after_move(ProStress(Level.ONE), 4).level is Level.ZERO
    assert ps.after_move(ProStress(Level.ONE), 3).level is Level.ONE  # the start's rounds
    assert ps.after_move(ProStress(Level.MAX, 6), 6).level is Level.MAX  # it rose this round
    assert ps.after_move(ProStress(Level.ZERO), 9).level is Level.ZERO
    assert ps.after_move(ProStress(Level.MAX), 9, neutralised=True).level is Level.MAX
    assert ps.reset(ProStress(Level.ZERO, 4)) == ProStress(Level.ONE, 4)
    assert ps.reset(ProStress(Level.MAX)).level is Level.ONE


def test_the_effects_green_pace_at_the_maximum_and_the_focus_bonus_at_zero_not_for_the_leader() -> None:
    assert ps.green_pace(ProStress(Level.MAX)) and not ps.green_pace(ProStress(Level.ONE))
    assert ps.focus_mp(ProStress(Level.ZERO), leader=False) == 1
    assert ps.focus_mp(ProStress(Level.ZERO), leader=True) == 0
    assert ps.focus_mp(ProStress(Level.ONE), leader=False) == 0
    assert pace_rule(1, stressed=True).source is Source.GREEN  # rounds 1-2: no WHITE die
    assert pace_rule(5, w2w=True, stressed=True).rule == "§22.14 [BOT 7.4]"
    assert pace_rule(5, w2w=True).source is Source.DIE


# ------------------------------------------------------------------ in the race, built positions, stacked dice
@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_set_up_at_the_maximum(on: bool) -> None:
    s = new_state(["A", "P", "Q"], 3, pros=["P", "Q"], rules=Rules(pro_stress_levels=on))
    assert s.pro.stress == ({"P": ProStress(), "Q": ProStress()} if on else {})
    text = format_state(s)
    assert (" pstr=P:2.0,Q:2.0" in text) is on and "pstr=" not in format_state(new_state(["A", "P"], 3, pros=["P"]))
    assert parse_position(text).pro.stress == s.pro.stress


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_the_red_die_raises_stress_once_a_round(on: bool) -> None:
    """§22.14 [BOT 7.4]: the RED die (the hazard roll, not the counter-steer roll) raises stress one level; a second
    roll in the same round does nothing."""
    s = _stress_state(on)
    c = s.cars["P"]
    s.stacked["red"] = ["1", "1"]  # tyre wear faces: no effect for a Pro BOT (§22.13.1)
    log = EventLog(None)
    pro.red_die(s, c, "-", "test", "a test", log)
    pro.red_die(s, c, "-", "test", "a test", log)
    said = _said(log, pev.ProStressLevel)
    if not on:
        assert not said and not s.pro.stress
        return
    assert s.pro.stress["P"] == ProStress(Level.MAX, 5)
    assert said == ["P (Pro BOT), it rolls the RED die: stress level 1 (the Stress token front side up) → maximum "
                    "stress (the Stress token backside up: GREEN pace) — §22.14 [BOT 7.4]"]
    assert prostressing.stressed(s, "P")


def test_at_the_maximum_more_stress_does_nothing_and_rolls_no_red_die() -> None:
    s = _stress_state(True, Level.MAX)
    s.stacked["red"] = ["1"]
    log = EventLog(None)
    pro.red_die(s, s.cars["P"], "-", "test", "a test", log)
    assert not s.stacked["red"]  # the hazard's one die, no more
    assert s.pro.stress["P"] == ProStress(Level.MAX, 5)
    assert "nothing more (no RED die)" in _said(log, pev.ProStressLevel)[0]


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_a_loss_of_control_raises_stress(on: bool) -> None:
    s = _stress_state(on, Level.ZERO)
    log = EventLog(None)
    lose_control(s, s.cars["P"], log, "a test")
    assert s.pro.stress.get("P") == (ProStress(Level.ONE, 5) if on else None)
    assert len(_said(log, pev.ProStressLevel)) == int(on)


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_a_w2w_token_on_its_stress_side_raises_stress(on: bool) -> None:
    s = _stress_state(on, Level.ZERO, round_=7)
    s.cars["P"].w2w = "Stress"
    log = EventLog(None)
    pro.new_round(s, log)
    assert s.pro.stress.get("P") == (ProStress(Level.ONE, 7) if on else None)
    assert any("Stress side" in x for x in _said(log, pev.ProStressLevel)) is on


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_the_start_of_rounds_3_and_4(on: bool) -> None:
    s = _stress_state(on, Level.MAX, round_=3)
    log = EventLog(None)
    pro.new_round(s, log)
    assert s.pro.stress.get("P", ProStress()).level is (Level.ONE if on else Level.MAX)
    s.round = 4
    pro.new_round(s, log)
    assert s.pro.stress.get("P", ProStress()).level is (Level.ZERO if on else Level.MAX)
    assert len([x for x in _said(log, pev.ProStressLevel) if x.startswith("P ")]) == 2 * int(on)


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_the_safety_car_resets_to_level_1(on: bool) -> None:
    s = _stress_state(on, Level.MAX)
    s.pro.stress.update({"Q": ProStress(Level.ZERO)} if on else {})
    log = EventLog(None)
    pro.safety_car(s, log)
    assert {k: v.level for k, v in s.pro.stress.items()} == ({"P": Level.ONE, "Q": Level.ONE} if on else {})
    assert len(_said(log, pev.ProStressLevel)) == 2 * int(on)


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_the_focus_bonus_adds_1_mp_except_for_the_leader(on: bool) -> None:
    s = _stress_state(on, Level.ZERO)
    off = _stress_state(False)
    mp = pro.speed(s, "P", 4, "red")
    assert mp == pro.speed(off, "P", 4, "red") + int(on and not is_leader(s, s.cars["P"]))
    paced = pro.paced(s, "P", "red", 4, mp, "", "§22.9 [BOT 2.1]")
    assert paced.mp == paced.base + paced.tyre + paced.bonus + prostressing.focus_mp(s, "P")
    assert ("Focus Bonus 1" in paced.sentence()) is (prostressing.focus_mp(s, "P") == 1)


def test_the_focus_bonus_is_not_the_race_leaders() -> None:
    """§22.14 [BOT 7.4]: at zero stress the +1 Focus Bonus token; the race leader flips the Focus token instead."""
    s = _stress_state(True, Level.ZERO)
    s.pro.stress["Q"] = ProStress(Level.ZERO)
    s.cars["P"].lap += 1  # a lap ahead: the leader
    assert is_leader(s, s.cars["P"]) and not is_leader(s, s.cars["Q"])
    assert prostressing.focus_mp(s, "P") == 0 and prostressing.focus_mp(s, "Q") == 1
    log = EventLog(None)
    prostressing.reset(s, "P", "a test", log)
    s.round = 9
    prostressing.after_move(s, s.cars["P"], log)
    assert _said(log, pev.ProStressLevel)[-1].endswith("→ zero stress (the Focus token flipped to its Race Leader "
                                                       "side: no bonus) — §22.14 [BOT 7.4]")


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_after_the_move_a_level_down_unless_stress_rose(on: bool) -> None:
    s = _stress_state(on, Level.MAX, round_=6)
    log = EventLog(None)
    prostressing.after_move(s, s.cars["P"], log)
    assert s.pro.stress.get("P", ProStress()).level is (Level.ONE if on else Level.MAX)
    s.round = 7
    prostressing.gain(s, "P", "a test", log)
    prostressing.after_move(s, s.cars["P"], log)  # it rose this round: no loss
    assert s.pro.stress.get("P", ProStress()).level is Level.MAX


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_stress_levels_rounds_1_2_at_green_pace_in_a_race(on: bool) -> None:
    """A Pro BOT starts at maximum stress: GREEN pace in race rounds 1–2 (no WHITE die for the pace); without the
    rule the WHITE die's colour (§22.8)."""
    race = new_race(["A", "P", "Q"], 11, pros=["P", "Q"], rules=Rules(pro_stress_levels=on))
    driver = Greedy(1)
    while race.state.round <= 2 and not race.is_over:
        race.apply(driver.choose(race))
    start = [(e.pace, e.rule) for e in race.events if isinstance(e, pev.ProPaced)][:4]
    assert len(start) == 4
    assert all(x == ("green", "§22.14 [BOT 7.4]") for x in start) is on, start
    assert any(rule.startswith("§22.8") for _, rule in start) is not on, start


def test_the_stress_word_is_refused_when_malformed() -> None:
    s = _stress_state(True)
    text = format_state(s)
    for bad in ("pstr=P:3.0", "pstr=P:1", "pstr=X:1.0", "pstr=P:1.-2"):
        with pytest.raises(NotationError):
            parse_position(text.replace(f"pstr={','.join(f'{k}:{v.word()}' for k, v in s.pro.stress.items())}",
                                        bad))


# ------------------------------------------------------------------ BOT 7.1's weather variant
def test_the_weather_variant_needs_the_undercut() -> None:
    with pytest.raises(SetupError, match="pro_undercut"):
        new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED, rules=Rules(pro_undercut_weather=True))


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("white,early", [(["3"], True), (["2"], False)])
def test_house_rule_pro_undercut_weather(on: bool, white: list[str], early: bool) -> None:
    """§22.14 BOT 7.1's weather variant: a confirmed change puts the second Weather token 4 spaces ahead of the main
    one (on the flag's side, N-P11: 14 → 10); when the flag reaches it, the Pro BOTs with a PIT-side token between
    the two (both included) roll the WHITE die as for the Pit Check token; a token outside them does not."""
    s = new_state(["A", "P", "Q"], 3, pros=["P", "Q"], mode=Mode.ADVANCED,
                  rules=Rules(pro_undercut=True, pro_undercut_weather=on))
    s.round = s.flag = 6
    s.weather, s.weather_token, s.weather_side = "cloudy", 14, "icon"
    s.pro.bots["P"].pit = PitToken(14, PitSide.PIT)  # on the main token
    s.pro.bots["Q"].pit = PitToken(19, PitSide.PIT)  # beyond it (and beyond §22.12.5's window)
    s.stacked["white"] = ["2"]  # §22.12.5's roll at the confirmation (P within 4 of the change): red, no early stop
    log = EventLog(None)
    proweather.weather_event(s, log, "confirmed")
    assert s.pro.weather_check == (10 if on else 0)
    assert len(_said(log, pev.ProWeatherToken)) == int(on)
    if on:
        text = format_state(s)
        assert " pwx=10" in text and parse_position(text).pro.weather_check == 10
    s.pro.pit_check = 0
    s.round = s.flag = 9
    prolate.weather_check(s, EventLog(None))  # not reached yet
    assert s.pro.weather_check == (10 if on else 0)
    s.round = s.flag = 10
    s.stacked["white"] = list(white)
    log = EventLog(None)
    prolate.weather_check(s, log)
    said = [e for e in log if isinstance(e, pev.ProUndercut)]
    assert [e.car for e in said] == (["P"] if on else [])
    assert s.pro.bots["P"].pit.side is (PitSide.ENTRY if on and early else PitSide.PIT)
    assert s.pro.bots["Q"].pit.side is PitSide.PIT and s.pro.weather_check == 0
    if on:
        assert said[0].sentence().startswith("The Chequered Flag reaches the second Weather token: P (Pro BOT)")


def test_the_undercut_and_its_weather_variant_share_one_roll() -> None:
    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED, rules=WEATHER)
    s.pro.bots["P"].pit = PitToken(9, PitSide.PIT)
    s.stacked["white"] = ["3"]
    log = EventLog(None)
    prolate.undercut_roll(s, "P", log)
    assert s.pro.bots["P"].pit == PitToken(9, PitSide.ENTRY)
    assert _said(log, pev.ProUndercut)[0].startswith("The Chequered Flag reaches the Pit Check token: P")


# ------------------------------------------------------------------ seeded Advanced races with 2 Pro BOTs
@pytest.mark.parametrize("rules", [STRESS, WEATHER], ids=["stress", "weather"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(3, 5))
def test_advanced_races_with_two_pros_and_each_switch_run_to_the_flag(rules: Rules, seed: int, n: int) -> None:
    """Every legal action applies; the notation round-trips and continues alike (the switches' words included); a Pro
    BOT is never offered an action; its stress level stays a level; the race ends with every car classified."""
    cars_ = [f"C{i}" for i in range(n)]
    pros = cars_[-2:]
    race = new_race(cars_, seed, pros=pros, mode=Mode.ADVANCED, rules=rules)
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal and race.current_car not in pros
        if steps % 17 == 0:
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        assert set(race.state.pro.stress) == (set(pros) if rules.pro_stress_levels else set())
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)


@pytest.mark.parametrize("vsc,sc_tile,falls", [(0, -1, True), (2, -1, False), (0, 5, False)])
def test_level_1_holds_under_the_vsc_and_the_safety_car(vsc: int, sc_tile: int, falls: bool) -> None:
    """§22.14 [BOT 7.4]: "during a Pit Stop, Virtual Safety Car, or Safety Car, reset Stress to level 1": the reset's
    level holds while the VSC or the SC is out (no loss after the move, no start drop)."""
    s = _stress_state(True, Level.ONE, round_=6)
    s.vsc, s.sc_tile = vsc, sc_tile
    log = EventLog(None)
    prostressing.after_move(s, s.cars["P"], log)
    assert s.pro.stress["P"].level is (Level.ZERO if falls else Level.ONE)
    s.round, s.pro.stress["P"] = 3, ProStress(Level.MAX)
    prostressing.new_round(s, log)
    assert s.pro.stress["P"].level is (Level.ONE if falls else Level.MAX)
