"""racebook.rf90.ui.firstrace.GuidedRace, headless: notebook 00's guided first race. Clicks are ``Button.click()``
(what the front end triggers); the story's lines link their rule and their "learn more" notebook."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from racebook.core.errors import IllegalAction  # noqa: E402
from racebook.rf90.lessons.firstrace import LEARNER  # noqa: E402
from racebook.rf90.ui.firstrace import GuidedRace  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "rf90"


def test_clicking_the_first_button_each_step_plays_to_the_end_without_an_error() -> None:
    """The first decision offered each step (a button, or the first entry of a menu: the card plays come as one menu
    per number of cards, issue 33 item 3)."""
    g = GuidedRace(seed=2)
    assert g.buttons and "Game Turn 1 of 3" in g.status_html.value and "your decision" in g.status_html.value
    assert "Start of your turn" in g.prompt_html.value and "learn more → 03_activation" in g.prompt_html.value
    clicks = 0
    while g.offered:
        text = g.offered[0]
        if text in g.buttons:
            button = g.buttons[text]
        else:
            menu, button = next(pair for pair in g.menus.values() if text in [k for _o, k in pair[0].options])
            menu.value = text
        label = button.description if text in g.buttons else dict((k, o) for o, k in menu.options)[text]
        assert label and "=" not in label and button.tooltip.startswith(text + " — §")
        g.press(text)
        clicks += 1
        assert not g.errors.errors, g.errors.text
        lines = g.lines()
        assert lines and lines[0].startswith("You chose: ") and all(" · learn more → " in x for x in lines)
        links = re.findall(r'class="more rb-learn-more" href="([^"]+)"', g.story.value)
        assert len(links) == len(lines) and all((NOTEBOOKS / link).is_file() for link in links)
        assert g.story.value.count('class="rule"') >= len(lines)  # every line's rule badge (a link to its section)
        assert clicks < 200
    assert g.model.finished and "The guided race is over" in g.status_html.value and not g.choices_box.children
    assert "new race" in g.prompt_html.value and not g.offered


def test_the_strategy_changes_are_one_menu_not_nine_buttons() -> None:
    """Phase A offers "skip, change strategy to …" once per other strategy: one menu and its "go" button."""
    g = GuidedRace(seed=1)
    menu, go = g.menus["skip, change strategy to"]
    assert [o for o, _k in menu.options] == ["BANGING WHEELS", "SAVE FUEL", "LUCKY", "BALANCE", "HAZARD", "PUSH",
                                              "CHASE", "RECOVERY"]
    assert not any("change strategy" in b.description for b in g.buttons.values()) and len(g.buttons) == 5
    assert sorted(g.offered) == sorted(c.key for c in g.model.labelled_choices())
    menu.value = "Blue skip strategy=push"
    assert go.tooltip.startswith("Blue skip strategy=push — §13.A")
    g.hold("looking back")
    assert menu.disabled and go.disabled
    before = (g.lines(), sorted(g.offered))
    go.click()  # a disabled button's click does nothing
    assert (g.lines(), sorted(g.offered)) == before
    g.hold(None)
    go.click()
    assert g.lines()[0] == "You chose: skip, change strategy to PUSH — §13.A.1 · learn more → 03_activation"
    assert not g.errors.errors


def test_new_race_resets_the_race_the_story_and_the_errors() -> None:
    g = GuidedRace(seed=4)
    opening = g.story.value
    for _ in range(3):
        g.press(g.offered[0])  # a button, or a menu entry (the card plays)
    g.errors.guard(g.choose)("Red start")  # not the learner's car: one friendly line
    assert len(g.errors.errors) == 1 and isinstance(g.errors.errors[0], IllegalAction)
    assert "you drive Blue" in g.errors.text and not g.errors.bug_shown
    g.new_race_b.click()
    assert g.model.seed == 5 and g.model.turn == 1 and not g.errors.errors and g.buttons
    assert g.model.race.current_car == LEARNER and g.story.value != opening
    g.new_race(4)
    assert g.story.value == opening


def test_the_guided_race_works_without_bqplot_or_pandas() -> None:
    """The JupyterLite site has neither: the track view is the SVG view, and a click still plays."""
    code = ("import sys; sys.modules['bqplot'] = None; sys.modules['pandas'] = None\n"
            "from racebook.rf90.ui.firstrace import GuidedRace\n"
            "g = GuidedRace(seed=1); assert type(g.view).__name__ == 'SvgTrackView', type(g.view)\n"
            "g.press(next(iter(g.buttons))); assert not g.errors.errors and g.lines()\n"
            "assert '<svg' in g.view.picture.value; print('ok', len(g.buttons))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("ok"), out.stderr[-2000:]
