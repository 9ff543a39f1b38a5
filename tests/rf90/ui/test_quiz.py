"""racebook.rf90.ui.quiz, headless: the "your turn" activation quiz and the book-order check (§10, §11)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import racebook  # noqa: E402
from racebook.rf90.rules.activation import preview  # noqa: E402
from racebook.rf90.ui.quiz import (  # noqa: E402
    DEFAULT_POSITION,
    ActivationQuiz,
    activation_log,
    book_check,
    scenario_position,
)

PUZZLE = "teaching turn=5 lap=3 | B: Red | C: Purple Blue* Green | D: Orange | G: Yellow"


@pytest.fixture
def quiz() -> ActivationQuiz:
    return ActivationQuiz(PUZZLE)


# ------------------------------------------------------------------ the quiz
def test_default_position_is_the_puzzle() -> None:
    q = ActivationQuiz()
    assert q.position == ActivationQuiz(DEFAULT_POSITION).position
    assert q.state is not None and q.state.leader == "Blue"


def test_reveal_marks_each_turn(quiz: ActivationQuiz) -> None:
    quiz.predict("Blue, Green, Orange, Yellow, Purple, Red")
    steps = quiz.reveal()
    assert [s.expected for s in steps] == ["Blue", "Green", "Orange", "Yellow", "Red", "Purple"]
    assert [s.mark for s in steps] == ["✓", "✓", "✓", "✓", "✗", "✗"]
    assert [s.group for s in steps] == ["C2", "C2", "D", "G", "B", "C1"]
    assert steps[0].rule == "§11.2 case 1" and steps[-1].rule == "§11.2 case 3"
    assert "last" in steps[-1].why
    assert quiz.score == (4, 6)
    assert "4/6" in quiz.result.value and "✗" in quiz.result.value
    assert quiz.text().splitlines()[-1] == "4/6 right"
    assert quiz.highlight.options[0] == ("1. C2: Blue", 0)  # one highlight button per activation group


def test_the_answer_is_the_engines_preview(quiz: ActivationQuiz) -> None:
    assert quiz.answer() == preview(quiz.state)
    order = [c for _label, cars, _rule in preview(quiz.state) for c in cars]
    quiz.predict(order)
    quiz.reveal()
    assert quiz.score == (len(order), len(order)) and all(s.ok for s in quiz.results)


def test_prediction_text_forms(quiz: ActivationQuiz) -> None:
    quiz.predict("blue → green > Orange;yellow   RED, purple")
    assert quiz.predicted() == ["Blue", "Green", "Orange", "Yellow", "Red", "Purple"]
    quiz.predict("")
    for cid in ("Blue", "Green", "Black"):
        quiz.pick[cid].click()
    assert quiz.prediction.value == "Blue, Green, Black"
    quiz.undo_button.click()
    assert quiz.prediction.value == "Blue, Green"


def test_short_prediction_misses_the_rest(quiz: ActivationQuiz) -> None:
    quiz.predict("Blue Green")
    steps = quiz.reveal()
    assert len(steps) == 6 and [s.ok for s in steps[:2]] == [True, True]
    assert all(s.predicted is None and not s.ok for s in steps[2:])


def test_dropdowns_build_the_position_and_the_track_follows(quiz: ActivationQuiz) -> None:
    quiz.arrange({"Blue": "E", "Orange": "E", "Green": "E", "Purple": "D", "Black": "I"}, leader="Blue")
    assert quiz.position == "teaching turn=5 lap=3 weather=0 | E: Blue* Orange Green | I: Black | D: Purple"
    assert quiz.rpn.value == quiz.position
    assert quiz.view.frame.order["E"] == ("Blue", "Orange", "Green")
    assert quiz.view.frame.activation is not None and str(quiz.view.frame.activation) == "E"  # the FAS halo
    assert quiz.section["Purple"].value == "D" and quiz.leader.value == "Blue"
    # One dropdown at a time, as a reader does: a car moved to a section goes to its back; a place makes room.
    quiz.section["Red"].value = "E"
    assert "E: Blue* Orange Green Red" in quiz.position
    quiz.place["Red"].value = 2
    assert "E: Blue* Red Orange Green" in quiz.position
    assert [quiz.place[c].value for c in ("Blue", "Red", "Orange", "Green")] == [1, 2, 3, 4]
    quiz.section["Red"].value = "C"
    assert "C: Red" in quiz.position and "E: Blue* Orange Green |" in quiz.position
    quiz.set_car("Yellow", "E", place=1, laps_down=1)
    assert "E: Yellow-1 Blue* Orange Green" in quiz.position
    quiz.predict("Blue Orange Green Black Red Purple Yellow")
    steps = quiz.reveal()
    assert steps[-1].expected == "Yellow" and steps[-1].group == "E1"  # ahead of the leader in E: last


def test_change_makes_the_reveal_stale(quiz: ActivationQuiz) -> None:
    quiz.predict("Blue")
    quiz.reveal()
    assert quiz.results
    quiz.set_car("Black", "H")
    assert quiz.results == [] and "Reveal again" in quiz.result.value


def test_highlight_shows_a_group_on_the_track(quiz: ActivationQuiz) -> None:
    quiz.predict("Blue")
    quiz.reveal()
    quiz.highlight.value = 5
    act = quiz.view.frame.activation
    assert (act.section, act.part) == ("C", "ahead")


def test_presets_load_the_book_positions(quiz: ActivationQuiz) -> None:
    rpn, robots = scenario_position("ex14")
    assert robots == {"Purple": racebook.rf90.car.RobotType.SLOW, "Yellow": racebook.rf90.car.RobotType.FAST}
    quiz.preset.value = "Ex. 14 start"
    quiz.preset_button.click()
    assert quiz.errors.text == ""
    assert quiz.position == "teaching turn=5 lap=2 weather=0 | C: Purple Blue* | D: Orange | G: Green | B: Red Yellow"
    assert quiz.state.cars["Purple"].is_robot and not quiz.state.cars["Blue"].is_robot
    for name in quiz.presets:
        quiz.load_preset(name)
        assert quiz.state is not None


# ------------------------------------------------------------------ errors
def test_two_leaders_land_in_the_output(quiz: ActivationQuiz) -> None:
    before = quiz.position
    quiz.rpn.value = "teaching | C: Purple* Blue*"
    quiz.rpn_button.click()
    assert "more than one car holds the Leader token" in quiz.errors.text
    assert quiz.errors.output.outputs and quiz.errors.errors
    assert quiz.position == before  # the last good position stays


@pytest.mark.parametrize("rpn, message", [
    ("teaching | Z: Blue*", "has no section 'Z'"),
    ("teaching | C: Pink*", "not in this quiz"),
    ("monza | Ascari-1: Blue*", "uses the 'teaching' track"),
    ("teaching | C: Blue* Blue", "appears twice"),
])
def test_bad_positions_land_in_the_output(quiz: ActivationQuiz, rpn: str, message: str) -> None:
    quiz.rpn.value = rpn
    quiz.rpn_button.click()
    assert message in quiz.errors.text


def test_bad_predictions_land_in_the_output(quiz: ActivationQuiz) -> None:
    quiz.predict("Blue, Bleu")
    quiz.reveal_button.click()
    assert "'Bleu' is not a car on the track" in quiz.errors.text
    quiz.errors.clear()
    quiz.predict("Blue Green Blue")
    quiz.reveal_button.click()
    assert "Blue appears twice" in quiz.errors.text
    quiz.errors.clear()
    quiz.predict("Blue Black")  # Black is in the quiz but not in this position
    quiz.reveal_button.click()
    assert "'Black' is not a car on the track" in quiz.errors.text
    assert quiz.results == []


def test_an_unfinished_position_is_a_message_not_an_error(quiz: ActivationQuiz) -> None:
    quiz.clear_cars()
    quiz.set_car("Blue", "E")
    assert quiz.state is None and "Leader token" in quiz.result.value
    assert quiz.errors.text == ""
    quiz.set_leader("Red")
    assert quiz.state is None and "Red holds the Leader token but is not on the track" in quiz.result.value
    quiz.predict("Blue")
    quiz.reveal_button.click()
    assert "not complete" in quiz.errors.text
    quiz.set_leader("Blue")
    assert quiz.position == "teaching turn=5 lap=3 weather=0 | E: Blue*"


def test_api_errors_are_raised_headless(quiz: ActivationQuiz) -> None:
    with pytest.raises(ValueError, match="no car 'Pink'"):
        quiz.set_car("Pink", "C")
    with pytest.raises(ValueError, match="no section 'Z'"):
        quiz.arrange({"Blue": "Z"}, leader="Blue")


# ------------------------------------------------------------------ the race log
def test_activation_log_of_ex14() -> None:
    steps = activation_log(racebook.load_scenario("ex14").race)
    assert [(s.label, s.played) for s in steps] == [
        ("C2", ("Blue",)), ("D", ("Orange",)), ("B2", ("Yellow",)), ("C", ("Purple",)), ("G", ("Green",)),
        ("K", ("Blue",)), ("B1", ("Red",))]
    assert steps[5].resumed == ("Blue",)  # the pitted leader finishes his turn (§13.A.3)
    assert steps[-1].rule == "§11.2 case 3"
    race = racebook.load_scenario("ex14").race
    assert steps[0].position >= 1 and race.events[steps[0].position - 1].kind == "SectionActivated"


def test_activation_log_sees_a_duel_winner_leave_the_subsection() -> None:
    steps = activation_log(racebook.load_scenario("ex42").race)
    g2 = steps[1]
    assert g2.label == "G2" and g2.due == ("Orange", "Purple") and g2.played == ("Purple",)
    assert "announced: Orange, Purple" in g2.line()
    # Orange's second challenge puts the declining Yellow behind him (§12.2, §17.2): Orange plays first in G1
    assert steps[2].label == "G1" and steps[2].played == ("Orange",)


def test_book_check_marks_matches_and_misses() -> None:
    race = racebook.load_scenario("ex11").race
    good = book_check(race, ["E: Blue", "D: Purple", "G: Orange Green", "I: Yellow"])
    assert good.splitlines()[-1] == "4/4 activations as in the book"
    bad = book_check(race, ["E: Blue", "G: Orange Green", "D", None])
    lines = bad.splitlines()
    assert lines[2].endswith("✗") and lines[3].endswith("✗") and "(not in the book)" in lines[4]
    assert lines[-1] == "1/3 activations as in the book"
