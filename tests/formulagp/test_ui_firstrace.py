"""Notebook F0's widget (racebook.formulagp.ui.firstrace.GuidedRace) on the shared guided controller: the coach's
choice highlighted with its reason at every click, a group of choices as one menu with the suggestion preselected, the
picture (SVG, framed or the whole circuit), the learner's colour in the status line, and a new race."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp.lessons.firstrace import YOU  # noqa: E402
from racebook.formulagp.ui import GuidedRace  # noqa: E402
from racebook.formulagp.views.palette import liveries  # noqa: E402
from racebook.ui.guidedrace import words_html  # noqa: E402


def test_the_coach_is_shown_at_every_click_to_the_end() -> None:
    g = GuidedRace(seed=3, rounds=1)
    clicks = 0
    while g.offered:
        tip = next(c for c in g.model.labelled_choices() if c.suggested)
        # in plain words (issue 33 item 4): the label and the reason, their codes with their meaning on hover
        assert g.suggested == tip.key and f"Coach suggests <b>{words_html(tip.label, g.terms)}</b>" in \
            g.coach_line.value
        assert words_html(tip.reason, g.terms) in g.coach_line.value
        assert html.escape(tip.reason) == re.sub(r"<abbr [^>]*>|</abbr>", "", words_html(tip.reason, g.terms))
        if tip.group and tip.group in g.menus:  # a group of choices: one menu, the suggestion preselected
            menu, button = g.menus[tip.group]
            assert menu.value == tip.key and button.button_style == "success"
        else:
            assert [k for k, b in g.buttons.items() if b.button_style == "success"] == [tip.key]
        g.press(tip.key)
        clicks += 1
        assert not g.errors.errors, g.errors.text
    assert clicks > 5 and g.model.finished and g.suggested is None
    assert "The guided race is over" in g.prompt_html.value
    assert "over after 1 round: you finished" in g.status_html.value


def test_groups_are_menus_and_the_picture_frames_the_step_or_shows_the_whole_circuit() -> None:
    g = GuidedRace(seed=1)
    assert "return cards just drawn and draw again:" in g.menus  # the draw's returns: one menu, not 20 buttons
    assert len(g.choices_box.children) <= 4
    assert list(g.buttons)[-1] == f"{YOU} keep" and "does nothing now" in g.buttons[f"{YOU} keep"].description
    framed = g.picture.value
    assert framed.startswith("<svg") and 'data-frame="' in framed
    g.whole_b.value = True
    whole = g.picture.value
    assert whole != framed and whole.count("<svg") >= 1
    assert liveries(g.model.race.state)[YOU].fill in g.status_html.value
    assert "Round 1 of 4 · you drive Blue" in g.status_html.value  # your hand in view beside the choices (item 3)
    assert "Your hand: " in g.needs_html.value and "ERS" in g.needs_html.value
    g.new_race_b.click()
    assert g.model.seed == 2 and g.picture.value.startswith("<svg") and not g.errors.errors


_RUN_WITHOUT_NUMPY = """
import contextlib, importlib.abc, io, runpy, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "pandas", "bqplot"}:
            raise ImportError("not in the offline browser: " + name)
sys.meta_path.insert(0, Block())
with contextlib.redirect_stdout(io.StringIO()):
    runpy.run_path(sys.argv[1], run_name="__main__")
print(sorted(m for m in sys.modules if m.split(".")[0] in {"numpy", "pandas", "bqplot"}))
"""


def test_notebook_f0_runs_without_numpy_pandas_or_bqplot() -> None:
    """F0's source, run top to bottom where numpy, pandas and bqplot cannot be imported (as in the offline
    JupyterLite site): no cell raises and none of them is imported."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", _RUN_WITHOUT_NUMPY, "notebooks/formulagp/F0_first_race.py"],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines() == ["[]"]
