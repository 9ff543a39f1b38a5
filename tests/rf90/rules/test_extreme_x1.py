"""Expansion #1's Extreme Trajectory procedure on Spa (expansion1 digest §4.3–§4.7, §8 Ex. X1-1…X1-3; AMB-X1-2…13,
AMB-X1-38): the worked examples with the book's numbers, then each rule of the procedure and its house rules."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.rf90 import events as ev
from racebook.rf90.actions import Extreme
from racebook.rf90.actiontext import parse
from racebook.rf90.options import EtProcedureRule, Rules
from racebook.rf90.rules import duel
from racebook.rf90.scenario import build

ET = "Descent-2.et1"


def checks_in(race: racebook.Race) -> list[ev.CheckTest]:
    return [e for e in race.events if isinstance(e, ev.CheckTest)]


def spa(stack: list[str], hand: list[str] | None = None, *, car: dict[str, Any] | None = None,
        rules: dict[str, Any] | None = None, position: str = f"spa turn=6 lap=2 | Descent-2: Red*@{ET}",
        race: dict[str, Any] | None = None) -> racebook.Race:
    raw: dict[str, Any] = {
        "scenario": {"id": "t", "track": "spa", "seed": 7, "position": position},
        "cars": {"Red": {"hand": hand or ["R12", "R28", "R44"], "target": "R83", **(car or {})}},
        "deck": {"stack": stack},
    }
    if rules:
        raw["rules"] = rules
    if race:
        raw["race"] = race
    return build(raw)


def odds_target(race: racebook.Race) -> int:
    from racebook.rf90.analysis import odds

    return odds.et_check_x1(race.state, race.state.cars["Red"], race.state.track.trajectory(ET))[0]


def strs(race: racebook.Race) -> list[str]:
    return [str(a) for a in race.legal_actions()]


# ----------------------------------------------------------------------------- the worked examples


def test_ex_x1_01_eau_rouge_et_check_57_against_60_passes() -> None:
    """Ex. X1-1: the ET check is a blind draw from the Race deck against the printed 60, not the Target Check (83):
    (57) <= 60 passes; the card is discarded and the Target Check stays (83) (AMB-X1-6)."""
    race = racebook.load_scenario("x1_01").race
    (check,) = checks_in(race)
    assert (check.card, check.target, check.passed, check.test) == ("(57)", 60, True, ev.Checked.ET)
    assert check.mods == "" and "unchanged" in check.new_target and check.rule == "§4.3 (Expansion #1)"
    red = race.state.cars["Red"]
    assert red.target == "R83" and "R57" in race.state.race_deck.discards and "R57" not in red.hand
    assert red.trajectory == ET  # on the ET, not also on the standard trajectory (one or the other)
    assert race.state.track.trajectory(ET).check_value == 60


def test_ex_x1_02_et_bonus_green_3_gives_7_mp_to_the_orange_trajectory_at_rivage() -> None:
    """Ex. X1-2: a green [3] matches the ET's colour: 3 + 4 = 7 MP; 1 tyre paid; a +20 check; on a clear track
    the 7 MP reach Rivage, whose orange trajectory Red then occupies."""
    race = racebook.load_scenario("x1_02").race
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 7 and "+4 trajectory Descent-2.et1" in mp.breakdown and mp.breakdown.startswith("3 cards")
    paid = next(e for e in race.events if isinstance(e, ev.TyresPaid))
    assert paid.car == "Red" and race.state.cars["Red"].chips == 9
    card_test = checks_in(race)[1]
    assert card_test.target == 83 + 20 and card_test.test is ev.Checked.CARD
    entered = [e for e in race.events if isinstance(e, ev.EnterSection)]
    assert len(entered) == 7 and entered[-1].section == "Rivage"
    assert race.state.cars["Red"].section == "Rivage" and race.state.cars["Red"].trajectory == "Rivage.t1"


def test_ex_x1_02_the_bonus_needs_a_card_of_the_et_colour() -> None:
    """§4.4: without a green card among the movement cards there is no '+traj' play (R44 is not green)."""
    race = racebook.load_scenario("x1_01").race
    assert "Red play R12 +traj" in strs(race)
    assert race.state.card("R44").colour.value == "red"
    assert "Red play R44 +traj" not in strs(race) and "Red play R44" in strs(race)


def test_ex_x1_03_failed_et_recovery_28_against_40_first_reentry_point_minus_2_next_turn() -> None:
    """Ex. X1-3: (65) > 60 fails; no movement card this turn; the off-track route's normal check at -20 is taken
    against the ET value, 60 - 20 = 40, with a (28) from hand: pass; the first re-entry point; the turn ends; next
    turn -2 MP (and 1 MP to re-enter, §18.5)."""
    race = racebook.load_scenario("x1_03").race
    et, rec = checks_in(race)
    assert (et.card, et.target, et.passed) == ("(65)", 60, False)
    assert (rec.card, rec.target, rec.passed, rec.test) == ("(28)", 40, True, ev.Checked.RECOVERY)
    assert "60 -20" in rec.mods
    red = race.state.cars["Red"]
    assert red.target == "R83"  # the Target Check is unchanged by either check
    assert {"R65", "R28"} <= set(race.state.race_deck.discards)  # both cards discarded (docs/house-rules.md)
    assert not any(isinstance(e, (ev.CardsPlayed, ev.MovementPoints)) for e in race.events)  # no movement card
    assert red.off_track == "Raidillon" and red.time_loss == 2
    route = race.state.track.routes[race.state.track.trajectory(ET).recovery]  # type: ignore[index]
    first = route.nodes[route.nodes[route.nodes[route.start].on_pass].next]  # type: ignore[index]
    assert first.section == "Raidillon"  # the route's first re-entry point
    ends = [e for e in race.events if isinstance(e, ev.TurnEnds) and e.car == "Red"]
    assert ends[0].at_reentry and ends[0].off_track
    draws = [e for e in race.events if isinstance(e, ev.CardDrawn) and e.car == "Red"]
    assert [d.card for d in draws] == ["R33"]  # the phase-B draw still happens (AMB-X1-5)
    # next turn: -2 time loss and -1 to re-enter
    race.apply("Red start")
    race.apply("Red play R44")
    mp = [e for e in race.events if isinstance(e, ev.MovementPoints)][-1]
    assert mp.mp == race.state.card("R44").mp - 2 - 1
    assert "-2 time loss" in mp.breakdown and "-1 re-entering" in mp.breakdown


def test_ex_x1_03_with_reflexes_the_recovery_target_is_60_but_the_et_check_stays_60() -> None:
    """§4.5 (AMB-X1-8): REFLEXES adds nothing to the ET check, +20 to the off-track checks (40 + 20 = 60)."""
    race = spa(["R65", "R33"], car={"skill": "reflexes"})
    race.apply("Red extreme")
    race.apply("Red test 1 R44")
    et, rec = checks_in(race)
    assert et.target == 60 and "REFLEXES" not in et.mods
    assert rec.target == 60 and "REFLEXES" in rec.mods and rec.passed  # (44) <= 60


def test_ex_x1_04_blocked_by_a_rival_in_the_braking_section_before_rivage() -> None:
    """Ex. X1-4 (the Spa board of Fig. 4; the teammate part: tests/rf90/rules/test_teams.py): an orange [2] + the +1
    trajectory = 3 MP; 2 MP to the braking section before Rivage, where the rival Blue stops Green: 1 MP lost;
    Green ends behind Blue (ahead of his teammate Red) and may late-brake there (the section has the LB symbol)."""
    race = racebook.load_scenario("x1_04").race
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 3 and "+1 trajectory Les-Combes-brake.t1" in mp.breakdown
    entered = [e.section for e in race.events if isinstance(e, ev.EnterSection)]
    assert entered == ["Les-Combes", "Rivage-brake"]
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.section == "Rivage-brake" and "1 MP lost" in stop.sentence() and stop.rule == "§13.E.3"
    assert race.state.cars_in("Rivage-brake") == ["Blue", "Green", "Red"]
    assert race.state.section("Rivage-brake").lb_modifier == -10


# ----------------------------------------------------------------------------- the procedure


def test_the_decision_comes_first_and_declining_gives_no_bonus() -> None:
    """§4.3, AMB-X1-5: the choice is the first act of the turn, beside start, skip and pit; 'start' declines: the
    car moves with no trajectory bonus at all (no '+traj' play, no ET test later)."""
    race = spa(["R33", "R40"])
    legal = strs(race)
    assert "Red extreme" in legal and "Red start" in legal and "Red skip" in legal and "Red pit 0" in legal
    race.apply("Red start")
    assert not any("+traj" in a for a in strs(race))
    race.apply("Red play R12")
    assert not any(e.test is ev.Checked.ET for e in checks_in(race))


def test_extreme_is_refused_off_an_et_or_under_the_manuals_procedure() -> None:
    race = spa(["R33"], position="spa turn=6 lap=2 | Descent-2: Red*@Descent-2.t1")
    assert not any(a.startswith("Red extreme") for a in strs(race))
    with pytest.raises(IllegalAction, match="does not stand on an Extreme Trajectory"):
        race.apply("Red extreme")
    manual = spa(["R57", "R33"], rules={"et_procedure": "2e"})
    with pytest.raises(IllegalAction, match="manual's ET procedure"):
        manual.apply("Red extreme")


def test_house_rule_2e_plays_the_manuals_procedure_on_spa() -> None:
    """AMB-X1-2: with et_procedure = '2e' the ET is tested in D.2 against the Target Check plus Spa's (invented)
    test modifier -10, and the test card becomes the Target Check."""
    race = spa(["R33", "R57"], rules={"et_procedure": "2e"})
    race.apply("Red start")
    race.apply("Red play R12 +traj")
    et = checks_in(race)[0]
    assert et.test is ev.Checked.ET and et.target == 83 - 10 and et.new_target == "(57)"


def test_rain_applies_to_the_et_check() -> None:
    race = spa(["R45", "R33"], position=f"spa turn=6 lap=2 weather=4 | Descent-2: Red*@{ET}")
    assert race.state.condition().value == "rain"
    race.apply("Red extreme")
    assert checks_in(race)[0].target == 40 and not checks_in(race)[0].passed  # 60 - 20 rain


@pytest.mark.parametrize(("rain", "target", "mods"), [(True, 40, " (= 60 -20 rain)"), (False, 60, "")])
def test_house_rule_et_check_rain_for_players_robots_and_the_odds(rain: bool, target: int, mods: str) -> None:
    """AMB-X1-13, ``et_check_rain``: in rain the expansion's ET check is against 60 - 20 = 40 (default: the manual's
    «A chuva também modifica qualquer teste em -20» wins) or against the printed 60 (the expansion's words alone),
    for a player, for a robot, and in the exact odds; the off-track route keeps the manual's rain -20 either way."""
    wet = "spa turn=6 lap=2 weather=4 | Descent-2: {car}*@" + ET
    rules = None if rain else {"et_check_rain": False}
    red = spa(["R45", "R33"], position=wet.format(car="Red"), rules=rules)
    assert red.state.rules.et_check_rain is rain
    assert odds_target(red) == target
    red.apply("Red extreme")
    check = checks_in(red)[0]
    assert (check.test, check.target, check.mods, check.passed) == (ev.Checked.ET, target, mods, not rain)
    robot = spa(["R45", "R10"], position=wet.format(car="Fast1") + " | Pits: Red{played}", rules=rules)
    et = next(e for e in checks_in(robot) if e.car == "Fast1")
    assert (et.target, et.passed) == (target, not rain)
    if rain:  # failed: the route's recovery check, -20 printed and -20 rain on the ET value
        rec = [e for e in checks_in(robot) if e.car == "Fast1"][1]
        assert rec.target == 60 - 20 - 20


def test_a_spa_track_card_with_the_crossed_et_replaces_the_check() -> None:
    """§4.6 (AMB-X1-12): S03 (crossed-out ET, green) is discarded instead of the blind check, in the straight before
    Eau Rouge, the corner it names; the colour requirement still applies to the bonus."""
    race = spa(["R33"], hand=["R12", "R44", "S03"])
    assert "Red extreme S03" in strs(race)
    race.apply("Red extreme S03")
    assert not checks_in(race) and any(isinstance(e, ev.EtDiscardPower) for e in race.events)
    assert "S03" in race.state.track_deck.discards
    assert "Red play R12 +traj" in strs(race) and "Red play R44 +traj" not in strs(race)
    with pytest.raises(IllegalAction, match="no ET power"):
        spa(["R33"], hand=["R12", "S04"]).apply("Red extreme S04")


def test_flat_out_skips_the_check_for_one_less() -> None:
    """AMB-X1-9: FLAT OUT: no check, bonus +4 - 1."""
    race = spa(["R33", "R40"], car={"skill": "flat_out"})
    race.apply("Red extreme flat")
    race.apply("Red play R12 +traj")
    race.apply("Red test 1 blind")
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 3 + 4 - 1 and not any(e.test is ev.Checked.ET for e in checks_in(race))


@pytest.mark.parametrize(("non_red_only", "card", "ok"), [(False, "R45", True), (True, "R45", True),
                                                          (True, "R03", False), (False, "R03", True)])
def test_balance_colour_reading_is_a_house_rule(non_red_only: bool, card: str, ok: bool) -> None:
    """AMB-X1-10: BALANCE needs no colour (2nd-edition card); balance_non_red_only: a green, orange or yellow
    card (R45 is yellow, R03 red)."""
    race = spa(["R57", "R33"], hand=["R45", "R03", "R28"], car={"strategy": "balance"},
               rules={"balance_non_red_only": non_red_only})
    race.apply("Red extreme")
    assert (f"Red play {card} +traj" in strs(race)) is ok


@pytest.mark.parametrize(("strategy", "card", "track_card"), [("balance", "R12", True), ("balance", "R45", False),
                                                               ("save_tyres", "R12", False)])
def test_the_et_track_card_goes_to_balance_with_the_ets_own_colour_only(strategy: str, card: str,
                                                                        track_card: bool) -> None:
    """§4.4 (AMB-X1-11, docs/house-rules.md): «También se obtendrá una Carta de Circuito si se utiliza una carta del
    color adecuado en una trayectoria Extrema», in the BALANCE paragraph: BALANCE's Special. A BALANCE player who
    follows the ET with a green card (R12, the ET's colour) draws a Track Card; with a yellow one (R45, the colour
    BALANCE substitutes) he gets the bonus but no card; another strategy with the green card gets none."""
    race = spa(["R57", "R33", "R40"], hand=["R12", "R45", "R28"], car={"strategy": strategy})
    race.apply("Red extreme")
    race.apply(f"Red play {card} +traj")
    while not any(isinstance(e, ev.TurnEnds) and e.car == "Red" for e in race.events):  # to the end of the turn
        race.apply(next(a for a in ("Red test 1 blind", "Red no-flag", "Red no-late-brake", "Red occupy none")
                        if a in strs(race)))
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints))
    assert "+4" in mp.breakdown  # the ET bonus, in every case
    specials = [e for e in race.events if isinstance(e, ev.CardDrawn) and e.reason is ev.DrawReason.BALANCE_SPECIAL]
    assert bool(specials) is track_card


def test_a_robot_on_the_et_checks_against_the_printed_value() -> None:
    """§4.7 (AMB-X1-13): a robot forced onto the ET checks blind against 60 (not 70): pass, +4 to its MP."""
    race = spa(["R57"], position=f"spa turn=6 lap=2 | Descent-2: Fast1*@{ET} | Pits: Red{{played}}")
    et = next(e for e in checks_in(race) if e.car == "Fast1")
    assert (et.target, et.passed) == (60, True)
    mp = next(e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Fast1")
    assert "+4 ET" in mp.breakdown


def test_a_robot_failing_the_et_goes_off_track_and_does_not_move() -> None:
    race = spa(["R65", "R20"], position=f"spa turn=6 lap=2 | Descent-2: Fast1*@{ET} | Pits: Red{{played}}")
    et, rec = [e for e in checks_in(race) if e.car == "Fast1"][:2]
    assert (et.target, et.passed) == (60, False) and (rec.target, rec.passed) == (40, True)
    assert race.state.cars["Fast1"].off_track == "Raidillon"
    assert not any(isinstance(e, ev.MovementPoints) and e.car == "Fast1" for e in race.events)


def test_restart_duels_is_a_house_rule() -> None:
    """AMB-X1-38: no duels at a restart (2nd edition); restart_duels: the expansion's reading."""
    act = SimpleNamespace(section="Rivage")
    no = spa(["R33"], race={"restart": True})
    assert duel.duels_possible(no.state, act) == "no duels at a restart (§22)"  # type: ignore[arg-type]
    yes = spa(["R33"], race={"restart": True}, rules={"restart_duels": True})
    assert duel.duels_possible(yes.state, act) is None  # type: ignore[arg-type]


def test_the_new_switches_stay_out_of_saves_at_their_defaults() -> None:
    assert {"et_procedure", "balance_non_red_only", "et_check_rain", "restart_duels"}.isdisjoint(Rules().to_dict())
    r = Rules(et_procedure=EtProcedureRule.SECOND_EDITION, restart_duels=True, et_check_rain=False)
    assert r.to_dict()["et_procedure"] == "2e" and r.to_dict()["et_check_rain"] is False
    assert Rules.from_dict(r.to_dict()) == r


@pytest.mark.parametrize("text", ["Red extreme", "Red extreme S03", "Red extreme flat"])
def test_extreme_action_text_round_trips(text: str) -> None:
    a = parse(text)
    assert isinstance(a, Extreme) and str(a) == text


def test_the_odds_of_the_et_check_are_exact_over_the_unseen_cards() -> None:
    """§4.3: P(pass) = the unseen cards with a check factor <= 60 (+ rain), whatever the Target Check."""
    from fractions import Fraction

    from racebook.rf90.analysis import odds

    race = spa(["R57"])
    red = race.state.cars["Red"]
    target, p = odds.et_check_x1(race.state, red, race.state.track.trajectory(ET))
    pool = [race.state.card(c).check for c in odds.unseen(race.state, "Red")]
    assert target == 60 and p == Fraction(sum(1 for c in pool if c <= 60), len(pool))
    wet = spa(["R57"], position=f"spa turn=6 lap=2 weather=4 | Descent-2: Red*@{ET}", car={"skill": "reflexes"})
    assert odds.et_check_x1(wet.state, wet.state.cars["Red"], wet.state.track.trajectory(ET))[0] == 40
