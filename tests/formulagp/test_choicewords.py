"""FormulaGP's action words by per-class registration (issue 39 item 4): the button words
(racebook.formulagp.actionlabels.BUTTON) and notebook F0's plain variant (racebook.formulagp.lessons.choicewords.PLAIN)
each have one entry per action class, no isinstance ladder; an action class added without plain words is seen here."""

from __future__ import annotations

from racebook.formulagp.actionlabels import BUTTON, label
from racebook.formulagp.actions import BY_VERB, End, Keep, parse
from racebook.formulagp.lessons.choicewords import DOES_NOTHING, PLAIN, choice_label
from racebook.formulagp.lessons.firstrace import FirstRace

#: The action classes the guided first race never offers the learner (qualifying: F0 starts from the grid).
NOT_IN_F0 = {"qualify", "push", "nopush", "pole", "steer", "attempt"}


def test_every_action_class_the_first_race_offers_has_plain_words() -> None:
    missing = {verb for verb, cls in BY_VERB.items() if PLAIN.find(cls) is None}
    assert missing == NOT_IN_F0


def test_the_plain_words_are_the_lessons_and_the_button_words_the_engines() -> None:
    race = FirstRace(2)
    s = race.race.state
    keep = Keep(next(iter(s.cars)))
    assert choice_label(race.race, keep) == ("keep your hand as it is" + DOES_NOTHING, "")
    assert label(s, keep) == "keep the cards drawn (no ERS return)"
    assert BUTTON.find(End) is not None and label(s, End(keep.car)) == "end the turn"
    qualify = parse(f"{keep.car} qualify none")
    assert PLAIN.find(type(qualify)) is None and BUTTON.find(type(qualify)) is None
    assert choice_label(race.race, qualify) == (str(qualify), "")  # no words of its own: the action text
