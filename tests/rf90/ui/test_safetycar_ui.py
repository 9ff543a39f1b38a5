"""racebook.rf90.ui.safetycar, headless: notebook 10's "your turn" panel — the answer is the engine's (§21)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from racebook.rf90.lessons.safetycar import SITUATIONS, build  # noqa: E402
from racebook.rf90.ui.safetycar import SafetyCarTurn  # noqa: E402


@pytest.fixture
def panel() -> SafetyCarTurn:
    return SafetyCarTurn()


def test_behind_the_sc_only_follow_or_pit(panel: SafetyCarTurn) -> None:
    """§21.3: the leader behind the Safety Car follows or pits; a strategy change or a card play is refused."""
    assert panel.situation.name == "1. Behind the Safety Car"
    assert "<svg" in panel.picture.value and "<title>Blue in E, Orange in F, Fast1 in G</title>" in panel.picture.value
    assert [d.text for d in panel.legal_choices()] == ["Blue start", "Blue pit 0"]
    labels = [b.description for b in panel.buttons.children]
    assert labels[:2] == ["follow the Safety Car: draw one card, move one section",
                          "pit under the Safety Car: 16 turns of fuel, to the back of the queue"]
    panel.buttons.children[labels.index("skip, change strategy to PUSH")].click()
    assert panel.answer is not None and not panel.answer.legal and panel.answer.verdict.rule == "§21.3"
    assert "no strategy" in panel.result.value and "✗ not legal" in panel.result.value
    no_extra = panel.choose("Blue pit 1")
    assert (no_extra.legal, no_extra.verdict.rule) == (False, "§21.4")
    go = panel.choose("Blue start")
    assert go.legal and go.happens == ("Blue draws R01 (behind the Safety Car) — §21.3",
                                       "Blue follows the Safety Car to D — §21.3")
    assert go.then.startswith("Blue decides") and "discard one card" in go.then
    assert panel.race.current_car == "Blue" and panel.race.state.cars["Blue"].section == "E"  # played on a clone
    assert panel.errors.errors == []


def test_every_answer_is_the_races_explain() -> None:
    """The panel's verdict on every choice of every situation is the race's own ``explain``, and at least one
    choice of each situation is legal and one is not."""
    panel = SafetyCarTurn()
    for s in SITUATIONS:
        panel.picker.value = s.name
        assert panel.situation is s
        race = build(s)
        verdicts = [panel.choose(t).verdict for t in s.choices]
        assert [(v.legal, v.rule, v.reason) for v in verdicts] == [
            (v.legal, v.rule, v.reason) for v in (race.explain(t) for t in s.choices)], s.name
        assert any(v.legal for v in verdicts) and not all(v.legal for v in verdicts), s.name
    assert panel.errors.errors == []


def test_pit_window_and_ex_40(panel: SafetyCarTurn) -> None:
    """§21.1: the window offers pit or stay out (a robot is never asked, AMB-30); Ex. 40: Blue must pit."""
    panel.load("3.")
    assert panel.race.current_car == "Orange"
    assert panel.choose("Orange stay-out").happens == ("Orange stays out — §21.1",)
    assert panel.choose("Orange start").verdict.rule == "§21.1"
    assert not panel.choose("Fast1 pit 0").legal
    panel.load("4.")
    assert [d.text for d in panel.legal_choices()] == ["Blue pit 0"]
    forced = panel.choose("Blue start")
    assert not forced.legal and "must pit" in forced.verdict.reason


def test_restart_pass_costs_one_mp(panel: SafetyCarTurn) -> None:
    """§22: at the restart Pink (QUALIFY, +1 MP) passes Orange in the corner D for 1 MP."""
    panel.load("5.")
    shown = panel.choose("Pink play R57")
    assert "Pink has 4 MP (3 cards +1 QUALIFY at the start/restart) — §13.E.1" in shown.happens
    assert "Pink overtakes Orange in D (restart turn: 1 MP in any section, 1 MP); 1 MP left — §22" in shown.happens
    panel.all_button.click()
    assert "Every legal choice of Pink" in panel.result.value and "play R14 [4] and move 4 MP" in panel.result.value


def test_an_unknown_situation_is_one_line(panel: SafetyCarTurn) -> None:
    with panel.errors.catching("load"):
        panel.load("9. nowhere")
    assert len(panel.errors.errors) == 1 and "no Safety Car situation" in str(panel.errors.errors[0])
    assert not panel.errors.bug_shown  # a mistake: one line, no traceback
