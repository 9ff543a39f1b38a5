"""Issue 19 item 5: guard-rails and content bugs found in the walk through the RF90 widgets, one regression test
(or a few) per bug. The rules stay in the engine; these tests drive the widgets headless, as clicks and typed values
would, and run notebook sources cell by cell as Run All and a re-run do."""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import html
import io
import re
import symtable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")
pytest.importorskip("pandas")
jupytext = pytest.importorskip("jupytext")

from fuzzing import fuzz_settings  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import racebook  # noqa: E402
from racebook.core.errors import ActionSyntaxError, RacebookError, ScenarioError  # noqa: E402
from racebook.rf90 import actions as A  # noqa: E402
from racebook.rf90.actiontext import parse  # noqa: E402
from racebook.rf90.cards import is_card_code  # noqa: E402
from racebook.rf90.lessons import duel_sandbox as ds  # noqa: E402
from racebook.rf90.rules import activation  # noqa: E402
from racebook.rf90.ui.duels import DEFAULT_SANDBOX, DuelOddsPanel, DuelSandbox  # noqa: E402
from racebook.rf90.ui.fullrace import RaceTable  # noqa: E402
from racebook.rf90.ui.quiz import ActivationQuiz  # noqa: E402
from racebook.rf90.ui.robots import RobotMovePanel  # noqa: E402
from racebook.ui.errors import InputError  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "rf90"


# ------------------------------------------------------------------ running a notebook source, cell by cell
def _code_cells(name: str) -> list[str]:
    nb = jupytext.read(NOTEBOOKS / name)
    return [c.source for c in nb.cells if c.cell_type == "code"]


def _run(cells: list[str], ns: dict[str, Any], name: str, indexes: range) -> None:
    for i in indexes:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(cells[i], f"{name} cell {i}", "exec"), ns)  # noqa: S102 - our own notebook's source


def _run_all(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], dict[str, Any]]:
    monkeypatch.chdir(NOTEBOOKS)  # as the kernel runs it: relative paths from the notebook's folder
    cells = _code_cells(name)
    ns: dict[str, Any] = {"__name__": "__main__"}
    _run(cells, ns, name, range(len(cells)))
    return cells, ns


def _globals_read(table: symtable.SymbolTable) -> set[str]:
    out: set[str] = set()
    for sym in table.get_symbols():
        if table.get_type() == "module":  # a str (a StrEnum from Python 3.13)
            if sym.is_referenced() and not sym.is_assigned() and not sym.is_imported():
                out.add(sym.get_name())
        elif sym.is_global() and sym.is_referenced():
            out.add(sym.get_name())
    for child in table.get_children():
        out |= _globals_read(child)
    return out


def rebound_later(name: str) -> list[str]:
    """Each name a cell reads from an earlier cell that a later cell binds again: after Run All, re-running the
    reading cell would see the later value (issue 19: a re-run of notebook 07's early cells raised AttributeError)."""
    cells = _code_cells(name)
    bound, read = [], []
    for src in cells:
        table = symtable.symtable(src, "cell", "exec")
        mine = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}
        bound.append(mine)
        read.append(_globals_read(table) - mine - set(dir(builtins)))
    return [f"cell {i} reads {n!r}, cell {k} binds it again"
            for i, names in enumerate(read) for n in sorted(names)
            for k in range(i + 1, len(cells)) if n in bound[k]]


# ------------------------------------------------------------------ 1. the activation quiz's explanations
def test_quiz_explains_a_non_leaders_turn_with_the_rule_that_applies_to_him() -> None:
    """Green, behind the leader Blue in C, plays when C is activated again — not "the leader plays alone"."""
    quiz = ActivationQuiz("teaching turn=5 lap=3 | C: Purple Blue* Green | D: Orange")
    quiz.predict("Blue Green Orange Purple")
    steps = quiz.reveal()
    assert [(s.expected, s.group, s.rule) for s in steps] == [
        ("Blue", "C2", "§11.2 case 1"), ("Green", "C2", "§11.2 case 1"), ("Orange", "D", "§11.1"),
        ("Purple", "C1", "§11.2 case 3")]
    blue, green, orange, purple = steps
    assert blue.why == activation.LEADER_SOLO.says and "leader plays alone" in blue.why  # the leader's case
    assert green.why == activation.LEADER_SECTION_AGAIN.says and "alone" not in green.why
    assert orange.why == activation.BEHIND_THE_FAS.says
    assert purple.why == activation.AHEAD_OF_THE_LEADER.says
    assert "leader plays alone" not in quiz.text().splitlines()[2]  # Green's line
    assert "activated again" in quiz.result.value


def test_quiz_explanations_are_the_engines_reasons_for_each_car() -> None:
    """Each turn's explanation is the reason next_to_play gives when that car's turn comes (its first car of a
    group) or "front to back" (§10 step 3); the leader having played, nobody plays alone."""
    quiz = ActivationQuiz("teaching turn=5 lap=3 | C: Purple Blue*{played} Green Red | D: Orange")
    quiz.predict("Green Red Orange Purple")
    steps = quiz.reveal()
    assert [s.expected for s in steps] == ["Green", "Red", "Orange", "Purple"]
    assert steps[0].why == activation.LEADER_SECTION_AGAIN.says
    assert steps[1].why == activation.SAME_GROUP.says and "front to back" in steps[1].why
    assert all("alone" not in s.why for s in steps)
    # the engine's own order, asked car by car, gives the same reasons
    s = quiz.state.copy()  # type: ignore[union-attr]
    for step in steps:
        nxt = activation.next_to_play(s)
        assert nxt is not None and nxt.car == step.expected
        if step.why != activation.SAME_GROUP.says:
            assert nxt.reason.says == step.why and nxt.rule == step.rule
        s.cars[nxt.car].played = True


def test_preview_follows_next_to_play_behind_the_safety_car() -> None:
    """One implementation of the order: with the Safety Car out every car plays in race order (§21.3)."""
    race = racebook.rf90.scenario.load("ex40", play=False).race
    groups = activation.preview_groups(race.state)
    assert [g.reason for g in groups] == [activation.BEHIND_THE_SAFETY_CAR] * len(groups)
    assert [c for g in groups for c in g.cars] == [c for c in race.state.race_order() if race.state.cars[c].on_track]


# ------------------------------------------------------------------ 2. notebook 05's late-braking panel
def test_notebook_05_panel_stays_in_ex34s_position_after_run_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's text promises Ex. 34 from Blue's seat: after Run All (the "try it" cells included) the panel
    shown is still there — TC 77, Ascari's LB -10, target 67, dry, no REFLEXES (Ex. 34: 77 - 10 = 67)."""
    _cells, ns = _run_all("05b_late_braking_in_the_race.py", monkeypatch)
    panel = ns["panel"]
    assert (panel.w_track.value, panel.w_zone.value) == ("monza", "Ascari-brake")
    assert (panel.w_tc.value, panel.w_lb.value, panel.result.target) == (77, -10, 67)
    assert not panel.w_rain.value and not panel.w_reflexes.value and not panel.w_hazard.value
    assert panel.viewer == "Blue" and sorted(panel.resources.hand) == [1, 40, 55]
    assert panel.report().splitlines()[0] == "monza / Ascari-brake: target 67 = TC 77 -10 LB"
    assert ns["trial"] is not panel and ns["trial"].w_reflexes.value  # the "try it" cells used their own panel


# ------------------------------------------------------------------ 3. re-running notebook 07's early cells
def test_notebook_07_early_cells_run_again_after_run_all(monkeypatch: pytest.MonkeyPatch) -> None:
    cells, ns = _run_all("07_fuel_and_pits.py", monkeypatch)
    _run(cells, ns, "07_fuel_and_pits.py", range(len(cells)))  # every cell again, with the later cells' names set
    assert ns["pits"].TANK_MAX == 16  # the rules module, not a number a later cell bound to the name


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]*_*.py")))
def test_no_cell_rebinds_a_name_an_earlier_cell_reads(name: str) -> None:
    assert rebound_later(name) == []


# ------------------------------------------------------------------ 4. a card given twice
def test_duel_sandbox_card_given_twice_says_so() -> None:
    sb = DuelSandbox()
    sb.rows[0].hand.value = "R14 R14 R55"
    assert sb.result is None and sb.errors.text == ""
    assert "\n" not in sb.message and "no card" not in sb.message
    assert "'R14' is named twice: name each card once" in sb.message and "§6.1" in sb.message


def test_odds_panel_card_given_twice_says_so() -> None:
    p = DuelOddsPanel()
    p.hand.value = "R22 R22 R24"
    assert p.rows == [] and "'R22' is named twice" in p.message and "no card" not in p.message


def test_scenario_hand_with_a_card_twice_names_the_field() -> None:
    setup = DEFAULT_SANDBOX
    twice = ds.DuelCar("Blue", hand=("R14", "R14"), choice="join", bid=("R14",))
    with pytest.raises(ScenarioError) as e:
        ds.run(dataclasses.replace(setup, cars=(twice, *setup.cars[1:])))
    assert "cars.Blue.hand[1]" in str(e.value) and "named twice" in str(e.value)


# ------------------------------------------------------------------ 5. Start before dealing and qualifying
def test_start_waits_for_the_grid() -> None:
    """"3. Start" is disabled until "2. Qualify" (it would deal and qualify unseen, with card 1 of each hand)."""
    t = RaceTable(players=2, seed=12)
    assert t.start_b.disabled and "qualify" in t.start_b.tooltip
    t.start_b.click()  # a click that reaches it anyway (not from a browser: the button is disabled there)
    assert t.race is None and t.stage == "practice"
    assert t.errors.text.startswith("✗ deal the hands (1.) and qualify (2.) first") and "§7" in t.errors.text
    t.deal()
    assert t.start_b.disabled
    t.forms[0].qualify.value = 3
    t.qualify()
    assert not t.start_b.disabled and t.start_b.tooltip == ""
    t.start_b.click()
    assert t.race is not None and t.start_b.disabled
    assert t.setup_result.state.cars["Blue"].target == t.hands["Blue"][3]  # type: ignore[union-attr]


def test_start_from_code_says_what_it_chose() -> None:
    t = RaceTable(players=2, seed=12)
    assert t.start() is not None
    hand = t.hands["Blue"]
    assert f"Blue with {hand[0]} (card 1 of the hand)" in t.setup_text and "Started before qualifying" in t.setup_text


# ------------------------------------------------------------------ 6. the action parser refuses nonsense
def _table() -> RaceTable:
    t = RaceTable(track="teaching", players=2, seed=12)
    t.deal()
    t.qualify()
    t.start()
    for _ in range(2):  # Red: start, then his play phase (C)
        t.computer_step()
    return t


def test_try_box_refuses_nonsense_as_a_syntax_error() -> None:
    t = _table()
    t.try_w.value = "fly to the moon"
    shown = html.unescape(re.sub(r"<[^>]+>", "", t.try_html.value))
    assert "\n" not in shown and "play fly" not in shown and "moon the to" not in shown
    assert "cannot read 'Red fly to the moon'" in shown and "expected 'CAR VERB …'" in shown and "play" in shown
    ok, why = t.explain("R32 moon")
    assert not ok and "'moon' is not a card code" in why and "e.g. 'R42'" in why
    ok, why = t.explain("R32")  # a short play form still works
    assert why.startswith("Red play R32 is")


@pytest.mark.parametrize("text", ["Blue play fly moon the to", "Blue play to", "Blue discard moon",
                                  "Blue bid fly", "Blue take the", "Blue test 5 moon", "Blue late-brake hello"])
def test_parser_refuses_words_where_cards_stand(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value) and "is not a card code" in str(e.value) and "at least one digit" in str(e.value)


_WORD = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzRT0123456789_-+=,"), min_size=1, max_size=8)


@pytest.mark.fuzz
@fuzz_settings(300)
@given(verb=st.sampled_from(sorted(A._VERBS)), words=st.lists(_WORD, max_size=5))
def test_fuzz_a_parsed_action_is_an_action(verb: str, words: list[str]) -> None:
    """Whatever follows a verb: either a one-line syntax error, or an action that writes back to itself and whose
    cards are card codes (with a digit: no English word is read as a card)."""
    text = " ".join(["Blue", verb, *words])
    try:
        action = parse(text)
    except ActionSyntaxError as e:
        assert "\n" not in str(e) and e.rule == "actions"
        return
    except RacebookError:  # RuleUnavailable: strategy=tenth is NOT IN SOURCE (§0.1), not a syntax error
        return
    assert parse(str(action)) == action
    for name in ("cards", "card"):
        value = getattr(action, name, None)
        for code in value if isinstance(value, tuple) else ([value] if isinstance(value, str) else []):
            assert code == A.BLIND or is_card_code(code), (text, code)


@pytest.fixture(scope="module")
def try_table() -> RaceTable:
    return _table()


@pytest.mark.fuzz
@fuzz_settings(60)
@given(words=st.lists(st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1, max_size=7),
                      min_size=1, max_size=5))
def test_fuzz_the_try_box_never_turns_words_into_a_play(try_table: RaceTable, words: list[str]) -> None:
    ok, why = try_table.explain(" ".join(words))
    assert "\n" not in why
    assert not re.match(r"Red play \S", why), why  # no digit, no card: never a play of these words
    if not why.startswith("Red "):  # not an action of this position: refused as text, quoting it
        assert not ok and why.startswith("actions: cannot read") and " ".join(words) in why


# ------------------------------------------------------------------ 7. a new set-up clears the stale errors
def test_race_table_new_setup_clears_the_errors() -> None:
    t = RaceTable(players=2)
    t.forms[0].tyres.value, t.forms[0].cards.value = 12, 7  # 8 setup points (§6.2): said in the set-up box
    t.deal()
    t.json_w.value = "not json at all"
    t.load_b.click()
    assert t.errors.text and "✗ Blue: §6.2" in t.setup_text
    t.reset_b.click()  # "new set-up"
    assert t.errors.text == "" and not t.errors.errors and "✗" not in t.setup_text
    assert "New set-up" in t.setup_text


def test_race_table_new_race_clears_the_errors() -> None:
    t = RaceTable(players=2)
    t.start_b.click()  # refused: not qualified
    assert t.errors.text
    t.deal()
    t.qualify()
    t.start_b.click()
    assert t.race is not None and t.errors.text == ""


def test_quiz_new_position_clears_the_errors() -> None:
    quiz = ActivationQuiz()
    quiz.rpn.value = "teaching | C: Purple* Blue*"
    quiz.rpn_button.click()
    assert "more than one car holds the Leader token" in quiz.errors.text
    quiz.preset.value = "Ex. 14 start"
    quiz.preset_button.click()
    assert quiz.errors.text == "" and not quiz.errors.errors


def test_robot_panel_and_duel_sandbox_new_setup_clear_the_errors() -> None:
    panel = RobotMovePanel("the robot leader's Leader check")

    def mistake() -> None:
        raise InputError("an earlier mistake")

    panel.errors.guard(mistake)()
    assert panel.errors.text
    panel.preset_button.click()
    assert panel.errors.text == ""
    sb = DuelSandbox()
    sb.errors.guard(mistake)()
    assert sb.errors.text
    sb.set_setup(DEFAULT_SANDBOX)
    assert sb.errors.text == ""
