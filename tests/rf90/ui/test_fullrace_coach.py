"""The coach of notebook 12's race table (issue 33 item 1): at every decision of a player car exactly one choice is
suggested, with one plain reason computed by RF90's coach (racebook.rf90.analysis.coach, the one notebook 00 uses);
the toggle hides it; a move that does nothing now is offered last and says so; in a running kernel the look-ahead
runs just after the click."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from racebook.core.debrief import finish  # noqa: E402
from racebook.rf90.actions import BLIND, Skip, Test  # noqa: E402
from racebook.rf90.analysis.coach import Seats, at_the_table, suggest  # noqa: E402
from racebook.rf90.analysis.odds import p_at_most, unseen  # noqa: E402
from racebook.rf90.lessons.choicewords import DOES_NOTHING  # noqa: E402
from racebook.rf90.rules.checks import modifiers, target_value  # noqa: E402
from racebook.rf90.ui.fullrace import DEBRIEF_REPLAYS, IDLE_FAMILY, RaceTable  # noqa: E402
from racebook.ui.errors import InputError  # noqa: E402


def started(seed: int = 12, coach: bool = True) -> RaceTable:
    t = RaceTable(track="teaching", players=2, seed=seed, coach=coach)
    assert t.start() is not None, t.setup_text
    return t


def marked(t: RaceTable) -> list[str]:
    """The keys of the choices the table draws as suggested: a green button, or a menu showing the choice with a
    green "go" (green only while the menu shows it)."""
    keys = [k for k, b in t.action_buttons.items() if b.button_style == "success"]
    for dd, go in t.menus.values():
        if go.button_style == "success":
            keys.append(str(dd.value))
            others = [v for _lab, v in dd.options if v != dd.value]
            if others:
                dd.value = others[0]
                assert go.button_style != "success"
                dd.value = next(v for _lab, v in dd.options if str(v) == keys[-1])
                assert go.button_style == "success"
    assert sorted(keys) == sorted(c.key for c in t.choice_bar.choices if c.suggested)
    return keys


def greedy(t: RaceTable) -> str:
    race = t.race
    assert race is not None
    legal = race.legal_actions()
    return str(t.computer[legal[0].car].choose(race, legal))


def test_every_decision_of_a_seeded_full_race_has_exactly_one_suggestion_with_its_reason() -> None:
    t = started()
    race = t.race
    assert race is not None
    decisions = tests = 0
    while not race.is_over:
        keys = marked(t)
        assert len(keys) == 1, (race.state.turn, race.phase, keys)
        key, reason = t.suggestion()  # type: ignore[misc]
        assert key == keys[0] and reason.strip() and reason.endswith(".")
        assert "Coach suggests" in t.coach_html.value
        # the shared coach, called: the same advice from racebook.rf90.analysis.coach on the same position
        actions = t.offered_actions()
        again = suggest(race, actions, actions[0].car, Seats(t.computer, 12), int(race.state.turn),
                        t.computer[actions[0].car].seed)
        assert (str(actions[again.index]), again.reason) == (key, reason)
        tests += race.phase is not None and race.phase.name == "TEST"
        decisions += 1
        t.press(greedy(t))  # the players decide like the computer: the race is the greedy simulation's
    assert decisions >= 100 and tests >= 1
    assert marked(t) == [] and t.suggestion() is None and t.coach_html.value == ""
    assert not t.errors.errors


def test_the_toggle_hides_the_suggestion_and_brings_it_back() -> None:
    t = started()
    assert len(marked(t)) == 1 and t.coach_b.description == "coach on"
    shown = t.suggestion()
    t.coach_b.value = False
    assert marked(t) == [] and t.coach_html.value == "" and t.suggestion() is None
    assert t.coach_b.description == "coach off"
    t.press(greedy(t))
    assert marked(t) == [] and t.coach_html.value == ""
    t.coach_b.value = True
    assert len(marked(t)) == 1 and t.suggestion() is not None and t.suggestion() != shown
    off = started(coach=False)
    assert marked(off) == [] and off.suggestion() is None


def test_a_computer_driven_car_gets_no_suggestion() -> None:
    t = started()
    t.set_computer("Red")
    race = t.race
    assert race is not None
    for _ in range(20):
        assert race.current_car != "Red"
        assert len(marked(t)) == 1
        t.press(greedy(t))


def test_a_skip_that_does_nothing_is_offered_last_and_says_so() -> None:
    t = started()
    race = t.race
    assert race is not None
    seen = 0
    for _ in range(60):
        actions = t.offered_actions()
        idle = [a for a in actions if isinstance(a, Skip) and a.strategy is None]
        if idle:
            seen += 1
            assert actions[-1] == idle[0]
            last = t.choice_bar.choices[-1]
            assert last.family == IDLE_FAMILY and last.label.endswith(DOES_NOTHING)
            assert t.action_buttons[str(idle[0])].description == last.label
            row = t.choice_bar.widget.children[-1]  # its own row, the last one
            assert t.action_buttons[str(idle[0])] in row.children
            assert t.offered_table()["choice"].str.endswith(DOES_NOTHING).sum() == 1
        t.press(greedy(t))
    assert seen >= 3


def test_a_test_decision_says_the_exact_chance_of_the_suggested_way() -> None:
    for seed in (12, 7, 3):
        t = started(seed)
        race = t.race
        assert race is not None
        while not race.is_over:
            if race.phase is not None and race.phase.name == "TEST":
                key, reason = t.suggestion()  # type: ignore[misc]
                action = next(a for a in t.offered_actions() if str(a) == key)
                assert isinstance(action, Test)
                s, car = race.state, race.state.cars[action.car]
                printed = race.ctx.play.tests[action.test - 1].modifier  # type: ignore[union-attr]
                target = target_value(s, car, modifiers(s, car, printed))
                if action.using == BLIND:
                    pool = [s.card(c).check for c in unseen(s, car.id)]
                    p = round(100 * p_at_most(pool, target))
                    assert (f"a blind draw passes this test with an exact {p}% chance (target {target}, over the "
                            f"{len(pool)} cards you cannot see)") in reason
                else:
                    check = s.card(action.using).check
                    assert f"{action.using}'s check factor {check} is " in reason
                    assert ("passes for sure" in reason) == (check <= target)
                return
            t.press(greedy(t))
    pytest.fail("no test decision met")


def test_in_a_running_kernel_the_look_ahead_comes_just_after_the_click() -> None:
    t = started()

    async def click() -> tuple[list[str], list[str]]:
        t.press(greedy(t))
        before = marked(t)  # the click is answered: the board and the choices, not yet the coach
        await asyncio.sleep(0)
        return before, marked(t)

    before, after = asyncio.run(click())
    assert before == [] and len(after) == 1 and "Coach suggests" in t.coach_html.value
    assert not t.errors.errors


def test_at_the_table_leaves_the_table_untouched() -> None:
    t = started()
    race = t.race
    assert race is not None
    states = {c: d.rng.state for c, d in t.computer.items()}
    position = race.position()
    advice = at_the_table(race, t.offered_actions(), t.computer, 12)
    assert advice.reason and race.position() == position
    assert {c: d.rng.state for c, d in t.computer.items()} == states
    with pytest.raises(ValueError, match="no legal action"):
        at_the_table(race, [], t.computer)


def test_the_debrief_at_the_end_replays_the_decisions_that_cost_most() -> None:
    t = started()
    race = t.race
    assert race is not None
    with pytest.raises(InputError, match="end of the race"):
        t.debrief("Blue")
    assert t.debrief_b.layout.display == "none"
    blue = 0
    while not race.is_over:
        legal = race.legal_actions()
        if legal[0].car == "Blue":  # Blue always takes the first choice offered; Red decides like the computer
            blue += 1
            t.press(str(t.offered_actions()[0]))
        else:
            t.press(greedy(t))
    assert t.debrief_b.layout.display == "" and t.debrief_b.description == "debrief for Blue"
    t.debrief_b.click()
    assert not t.errors.errors
    d = t.debrief("Blue")
    assert d.decisions == blue == len(t.logs["Blue"].decisions) and d.place == t.seat("Blue").place()
    assert d.replays == 2 * d.compared <= DEBRIEF_REPLAYS and d.costs
    assert "Debrief: You finished" in t.debrief_html.value
    for c in d.replayed:  # the numbers are replays: the same again on the same copies
        assert c.yours == finish(c.decision.at, c.decision.taken.key)
        assert c.suggested == finish(c.decision.at, c.decision.suggested.key)  # type: ignore[union-attr]
    with pytest.raises(InputError, match="not a player car"):
        t.debrief("SuperFast1")
