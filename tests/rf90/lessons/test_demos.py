"""racebook.rf90.lessons.demos: every strategy (§26) and skill (§27) demo shows its effect; notebook 11's data.

The last tests are regressions for engine gaps found while writing the demos (BANGING WHEELS' Special after
an F-phase decision and its one card a turn, the TUNING and BALANCE sentences).
"""

from __future__ import annotations

import re

import pytest

import racebook
from racebook.core.errors import IllegalAction, RuleUnavailable
from racebook.rf90 import events as ev
from racebook.rf90.actions import Draw, Play
from racebook.rf90.car import Skill, Strategy
from racebook.rf90.lessons import demos
from racebook.rf90.scenario import build

BANGING_WHEELS_DRAWS = (ev.DrawReason.BANGING_WHEELS_SPECIAL, ev.DrawReason.BANGING_WHEELS_DUEL)  # §26.2


def results(key: str) -> list[demos.RunResult]:
    return demos.play(key)


def of(race: racebook.Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


# ------------------------------------------------------------------ coverage and shape
def test_every_strategy_and_skill_has_a_demo_in_the_digest_order() -> None:
    assert [d.key for d in demos.STRATEGY_DEMOS] == [s.value for s in Strategy]
    assert [d.key for d in demos.SKILL_DEMOS] == [s.value for s in Skill]
    assert list(demos.DEMOS) == [s.value for s in Strategy] + [s.value for s in Skill]


@pytest.mark.parametrize("key", list(demos.DEMOS))
def test_each_demo_shows_its_effect(key: str) -> None:
    for res in results(key):
        texts = [ln.text for ln in res.lines if ln.kind != "position"]
        for mark in res.run.expect:
            assert any(mark in t for t in texts), f"{key} / {res.run.label}: no line shows {mark!r}"
        for mark in res.run.absent:
            assert not any(mark in t for t in texts), f"{key} / {res.run.label}: a line shows {mark!r}"
        assert res.effects, f"{key} / {res.run.label}: no line is marked as the effect"


def test_demo_text_is_deterministic() -> None:
    first = [demos.demo_text(k) for k in demos.DEMOS]
    assert first == [demos.demo_text(k) for k in demos.DEMOS]
    assert all(demos.STAR in t for t in first)


def test_demo_lines_read_as_moves_and_sentences_not_notation() -> None:
    """Issue 19 item 4: what is printed is the move's label and the position as a sentence; the engine's exact
    text (the action text, the position notation) stays on the line for the ``expect`` checks and the tooltip."""
    printed = [demos.demo_text(k) for k in demos.DEMOS]
    assert not [t for t in printed if "position: " in t or "\n   > " in t or "legal now for" in t]
    plain, saving = results("save_tyres")[:2]  # Ex. 20 as printed, then with SAVE TYRES
    first, play = plain.lines[0], next(ln for ln in saving.lines if ln.kind == "action" and "R60" in ln.text)
    assert first.text == "position: teaching turn=3 lap=1 weather=0 | E: Green*{played} | I: Blue"
    assert first.shown == "Turn 3, lap 1, dry weather. E (braking): Green (the leader, has played); I (straight): Blue."
    assert play.text == "> Blue play R60" and play.shown == "▶ Blue: play R60 [3] and move 3 MP"
    legal = next(ln for r in results("lucky")[:1] for ln in r.lines if ln.kind == "legal")
    assert legal.text.startswith("legal now for Blue (B: LUCKY discard): draw R22")
    assert legal.shown.startswith("Blue may now (B: LUCKY discard): draw, then discard R22 [2] · ")
    assert str(legal).endswith(legal.shown)


def test_markdown_table_keeps_every_cell_whole_and_left_aligned() -> None:
    rows = demos.strategy_rows()
    md = demos.markdown_table(rows, ["strategy", "Bonus"]).split("\n")
    assert md[:2] == ["| strategy | Bonus |", "|:---|:---|"] and len(md) == 2 + len(rows)
    assert md[2] == f"| SAVE TYRES | {rows[0]['Bonus']} |"  # not cut short, as a DataFrame's HTML cuts it
    assert demos.markdown_table([{"a": "x|y"}], ["a"]).endswith("| x\\|y |")  # a pipe stays in its cell


def test_tables_have_the_ten_strategies_and_the_ten_skills() -> None:
    s, k = demos.strategy_rows(), demos.skill_rows()
    assert len(s) == 10 and len(k) == 10
    assert s[-1]["strategy"] == "(10th strategy)" and s[-1]["Bonus"] == "NOT IN SOURCE"
    assert s[-1]["engine"] == "NOT IN SOURCE: raises RuleUnavailable"
    sixth = next(r for r in k if r["skill"] == "SIXTH SENSE")
    assert "incomplete (AMB-15)" in sixth["engine"]
    assert {r["skill"] for r in k if r["token (rotated, reset at a pit)"]} == {"VERSATILITY", "WISE DRIVING",
                                                                               "SIXTH SENSE"}
    assert [t for t, _ in demos.ambiguities()] == ["AMB-7", "AMB-8", "AMB-9", "AMB-10", "AMB-11", "AMB-15"]


def test_a_shipped_scenario_is_patched_not_changed() -> None:
    run = demos.DEMOS["banging_wheels"].runs[1]
    assert demos.scenario_dict(run)["cars"]["Blue"]["strategy"] == "banging_wheels"
    printed = demos.DEMOS["banging_wheels"].runs[0]
    assert "strategy" not in demos.scenario_dict(printed)["cars"]["Blue"]
    assert demos.run_actions(printed) == racebook.load_scenario("ex26", play=False).actions
    assert demos.run_actions(run)[-1] == "Blue occupy none"


def test_a_broken_run_names_itself() -> None:
    bad = demos.Run("bad", "ex26", ("Blue occupy none",))
    with pytest.raises(IllegalAction, match="demo run 'bad', action 1"):
        demos.play_run(bad)
    with pytest.raises(ValueError, match="neither a scenario"):
        demos.scenario_dict(demos.Run("empty"))


# ------------------------------------------------------------------ strategies
def test_save_tyres_the_same_3_costs_one_chip_instead_of_two() -> None:
    plain, save, broke = results("save_tyres")
    assert plain.race.state.cars["Blue"].chips == 8 and save.race.state.cars["Blue"].chips == 9
    assert of(plain.race, ev.TyresPaid)[0].cost == 2 and of(save.race, ev.TyresPaid)[0].cost == 1
    assert broke.race.state.cars["Blue"].chips == 0 and not of(broke.race, ev.TyresPaid)


def test_banging_wheels_ex_26_variant_and_ex_16_plus_3() -> None:
    _, bw, duel, once = results("banging_wheels")
    p = of(bw.race, ev.Pass)[0]
    assert (p.other, p.section, p.cost) == ("Red", "G", 2) and bw.race.state.cars["Blue"].section == "F"
    assert _track_cards(bw.race, "Blue") == 1
    assert any(e.total == 6 and "+3 BANGING WHEELS" in e.breakdown for e in of(duel.race, ev.DuelReveal))
    assert of(once.race, ev.Pass) and _track_cards(once.race, "Blue") == 1


def test_save_fuel_moves_the_chit_forward() -> None:
    (res,) = results("save_fuel")
    assert res.race.state.cars["Blue"].refuel == 13


def test_lucky_house_rule_both_ways() -> None:
    mandatory, optional, _ = results("lucky")
    r = demos.build_race(mandatory.run)
    r.apply("Blue start")
    assert Draw("Blue") not in r.legal_actions() and Draw("Blue", "R55") in r.legal_actions()
    r = demos.build_race(optional.run)
    r.apply("Blue start")
    assert Draw("Blue") in r.legal_actions()
    assert len(mandatory.race.state.cars["Blue"].hand) == 3 and len(optional.race.state.cars["Blue"].hand) == 4


def test_balance_uses_the_trajectory_without_the_colour() -> None:
    plain, balance, _ = results("balance")
    assert of(plain.race, ev.MovementPoints)[0].mp == 2 and of(balance.race, ev.MovementPoints)[0].mp == 4


def test_hazard_plus_one_per_blind_test_and_two_sections() -> None:
    green, damage, lb, lb_hazard = results("hazard")
    assert of(green.race, ev.MovementPoints)[0].mp == 3 and of(damage.race, ev.MovementPoints)[0].mp == 5
    assert lb.race.state.cars["Blue"].section == "D" and lb_hazard.race.state.cars["Blue"].section == "C"


def test_push_makes_2_plus_4_legal_and_moves_the_chit_back() -> None:
    plain, push = results("push")
    r = demos.build_race(plain.run)
    r.apply("Blue start")
    assert not [a for a in r.legal_actions() if isinstance(a, Play) and set(a.cards) == {"R14", "R55"}]
    assert push.race.state.cars["Blue"].refuel == 11
    assert of(push.race, ev.MovementPoints)[0].mp == 6


def test_chase_token_plus_one_and_the_reserved_card() -> None:
    human, robot = results("chase")
    mps = [e for e in of(human.race, ev.MovementPoints) if e.car == "Blue"]
    assert "+1 CHASE" in mps[0].breakdown and "CHASE" not in mps[1].breakdown
    assert "R55" in human.race.state.cars["Blue"].hand
    assert "+1 CHASE" in of(robot.race, ev.MovementPoints)[0].breakdown


def test_recovery_passes_a_slow_robot_on_a_straight_for_0() -> None:
    plain, rec = results("recovery")
    assert of(plain.race, ev.Pass)[0].cost == 1 and of(rec.race, ev.Pass)[0].cost == 0


def test_the_tenth_strategy_and_sixth_sense_raise_rule_unavailable() -> None:
    with pytest.raises(RuleUnavailable, match="AMB-7"):
        Strategy.parse("tenth")
    with pytest.raises(RuleUnavailable, match="AMB-15"):
        Skill.parse("sixth sense")
    (tenth,) = results("tenth")
    (sixth,) = results("sixth_sense")
    assert tenth.race is None and "the 10th strategy is NOT IN SOURCE" in tenth.text
    assert "SIXTH SENSE's flags are NOT IN SOURCE" in sixth.text


# ------------------------------------------------------------------ skills
def test_qualify_plus_2_and_plus_1_mp_at_the_start() -> None:
    table, plain, qualify = results("qualify")
    assert "= 3" in table.lines[0].text and "+2 QUALIFY = 5" in table.lines[1].text
    assert of(plain.race, ev.MovementPoints)[0].mp == 2 and of(qualify.race, ev.MovementPoints)[0].mp == 3


def test_versatility_changes_strategy_once() -> None:
    (res,) = results("versatility")
    assert res.race.state.cars["Blue"].strategy is Strategy.PUSH and res.race.state.cars["Blue"].skill_used


def test_lapping_costs_0_and_1() -> None:
    plain, lapping = results("lapping")
    assert [p.cost for p in of(plain.race, ev.Pass)] == [1]
    assert [p.cost for p in of(lapping.race, ev.Pass)] == [0, 1]


def test_pitting_two_sections_fewer_and_a_track_card() -> None:
    plain, pitting = results("pitting")
    assert plain.race.state.cars["Blue"].section == "J" and pitting.race.state.cars["Blue"].section == "H"
    assert "T03" in pitting.race.state.cars["Blue"].hand


def test_reflexes_plus_20() -> None:
    plain, reflexes = results("reflexes")
    assert of(plain.race, ev.CheckTest)[0].target == 58 and of(reflexes.race, ev.CheckTest)[0].target == 78


def test_tuning_eight_points_and_a_brown_token_off() -> None:
    setup, plain, tuning = results("tuning")
    assert "without TUNING: §6.2" in setup.text and "with TUNING: legal" in setup.text
    assert plain.race.state.cars["Blue"].brown == 1 and tuning.race.state.cars["Blue"].brown == 0


def test_wise_driving_draws_to_the_limit_and_track_cards_do_not_count() -> None:
    (res,) = results("wise_driving")
    s = res.race.state
    hand = s.cars["Blue"].hand
    assert "T01" in hand and sum(1 for c in hand if not s.card(c).is_track) == 6


def test_rain_expert_no_penalty_and_three_blue_tokens() -> None:
    table, plain, expert = results("rain_expert")
    assert "RAIN EXPERT: 10 tyre chips, 3 blue token(s)" in table.text
    assert of(plain.race, ev.MovementPoints)[0].mp == 1 and of(expert.race, ev.MovementPoints)[0].mp == 2


def test_flat_out_skips_the_test_for_one_mp() -> None:
    plain, flat = results("flat_out")
    assert of(plain.race, ev.MovementPoints)[0].mp == 4 and of(flat.race, ev.MovementPoints)[0].mp == 3
    assert not [e for e in of(flat.race, ev.CheckTest) if e.test is ev.Checked.ET]


# ------------------------------------------------------------------ the widget
def test_strategy_demos_widget() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.strategies import StrategyDemos, card_html

    w = StrategyDemos("push")
    w.set("push", 1)
    assert "moves back to turn 11" in w.log.value and "effect" in w.log.value
    w.picker.value = "tenth"
    assert w.player.widget.layout.display == "none" and "RuleUnavailable" in w.text
    w.picker.value = "banging_wheels"
    w.runs.value = 1
    assert "BANGING WHEELS overtaking in a corner" in w.text and w.player.widget.layout.display is None
    assert w.player.race is w.result.race and not w.errors.errors
    assert w.player.stepper.position == w.result.stop < w.player.stepper.count  # the demo's end, not the log's
    assert "Special" in card_html(demos.DEMOS["lucky"]) and "Special" not in card_html(demos.DEMOS["qualify"])
    with pytest.raises(ValueError, match="no demo"):
        StrategyDemos("nope")


def test_strategy_demos_widget_of_one_kind_shows_plain_lines() -> None:
    """Notebook 11a opens with the strategies' explorer, 11b with the skills'; the log shows the plain lines, the
    engine's exact text in each line's tooltip."""
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.strategies import StrategyDemos

    skills = StrategyDemos("qualify", kind="skill")
    assert [k for _, k in skills.picker.options] == [d.key for d in demos.SKILL_DEMOS]
    strategies = StrategyDemos("save_tyres", kind="strategy")
    assert [k for _, k in strategies.picker.options] == [d.key for d in demos.STRATEGY_DEMOS]
    assert "▶ Blue: play R60 [3] and move 3 MP" in strategies.log.value
    assert 'title="&gt; Blue play R60"' in strategies.log.value  # the exact action text, in the tooltip
    visible = re.sub(r' title="[^"]*"', "", strategies.log.value)
    assert "position: " not in visible and "&gt; Blue" not in visible
    with pytest.raises(ValueError, match="is a strategy, not a skill"):
        StrategyDemos("push", kind="skill")
    with pytest.raises(ValueError, match="kind must be"):
        StrategyDemos("push", kind="skills")


# ------------------------------------------------------------------ regressions (found while writing the demos)
def _race(position: str, cars: dict, stack: list[str]) -> racebook.Race:
    return build({"scenario": {"id": "gap", "track": "teaching", "seed": 11, "position": position},
                  "cars": cars, "deck": {"stack": stack}})


def _track_cards(race: racebook.Race, car: str) -> int:
    return sum(1 for c in race.state.cars[car].hand if race.state.card(c).is_track)


def test_banging_wheels_special_after_a_trajectory_decision() -> None:
    """Ex. 26 with BANGING WHEELS: Blue overtakes Red in G, ends in F (a free trajectory: a decision), then
    declines it. §26.2: overtaking a same-lap car still gives the Special's Track Card."""
    sc = racebook.rf90.scenario.load("ex26", play=False)
    race = sc.race
    race.state.cars["Blue"].strategy = Strategy.BANGING_WHEELS
    for a in sc.actions:
        race.apply(a)
    assert of(race, ev.Pass) and _track_cards(race, "Blue") == 0
    race.apply("Blue occupy none")
    assert _track_cards(race, "Blue") == 1


def test_banging_wheels_one_track_card_a_turn() -> None:
    """§26.2 'Only 1 Track Card per turn': a corner-duel win and an overtaking in the same Game Turn give one."""
    race = _race("teaching turn=3 | A: Red*{played} | C: Pink{played,no_move} | G: Orange Blue",
                 {"Blue": {"hand": ["R14", "R21", "R89"], "target": "R88", "strategy": "banging_wheels"},
                  "Orange": {"hand": ["R18", "R56"], "target": "R77"}}, ["R01", "R02"])
    for a in ("Blue challenge", "Orange join", "Blue bid R14", "Orange bid R18", "Blue start", "Blue play R21 R89",
              "Blue pay chips=2"):
        race.apply(a)
    assert of(race, ev.Pass)
    specials = [e for e in of(race, ev.CardDrawn) if e.reason in BANGING_WHEELS_DRAWS]
    assert len(specials) == 1


def test_tuning_repair_sentence_counts_after_the_brown_token() -> None:
    (_, _, tuning) = results("tuning")
    line = next(t for t in (ln.text for ln in tuning.lines) if "TUNING removes" in t)
    assert "0 brown stay" in line


def test_balance_sentence_says_no_colour_match_was_needed() -> None:
    (_, balance, matched) = results("balance")
    assert any("no colour match needed with BALANCE" in ln.text for ln in balance.lines)
    assert any("colour matched" in ln.text for ln in matched.lines)


def test_stop_is_the_focus_cars_turn_end() -> None:
    res = results("save_tyres")[0]
    assert isinstance(res.race.events[res.stop - 1], ev.TurnEnds) and res.stop < len(res.race.events)
    assert res.lines[-2].kind == "panel" and [ln.at for ln in res.lines if ln.kind == "event"][-1] == res.stop
    duel = results("banging_wheels")[2]
    assert duel.stop == len(duel.race.events)
