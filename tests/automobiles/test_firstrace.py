"""Notebook A0's first race (issue 19 item 1): the plain sentences, the "learn more" map from event kinds to the
notebook parts that teach them, the race against the computer players, and the GuidedRace widget."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from racebook.automobiles import events as auto_events
from racebook.automobiles.lessons.firstrace import LEARN_MORE, NOTEBOOKS, YOU, FirstRace, first_turn, plain
from racebook.core.agents import RandomDriver
from racebook.core.errors import IllegalAction, SetupError
from racebook.core.events import Event

ROOT = Path(__file__).resolve().parents[2]
NB = ROOT / "notebooks" / "automobiles"


def _random_first_races(n: int) -> list[FirstRace]:
    """First races played to the end, the learner's seat played at random (every card of the first-game set gets
    played), one or two computer players."""
    out = []
    for seed in range(n):
        race = FirstRace(seed, 1 + seed % 2, rounds=99)
        you = RandomDriver(seed)
        while not race.stopped:
            race.play(you.choose(race.race, [c.action for c in race.choices()]))
        out.append(race)
    return out


RACES = _random_first_races(16)


def _events() -> list[Event]:
    return [e for race in RACES for _who, _a, evs in race.history for e in evs]


def test_learn_more_covers_every_event_kind_a_first_race_produces() -> None:
    kinds = {e.kind for e in _events()}
    assert {"CubePlaced", "CarMoved", "DeclineWear", "CardPlayed", "PitStop", "RaceFinished"} <= kinds
    assert kinds <= set(LEARN_MORE), sorted(kinds - set(LEARN_MORE))
    classes = {name for name, c in vars(auto_events).items() if isinstance(c, type) and issubclass(c, Event)}
    assert set(LEARN_MORE) <= classes


@pytest.mark.parametrize("kind", sorted(LEARN_MORE))
def test_each_lesson_is_a_heading_of_its_notebook(kind: str) -> None:
    lesson = LEARN_MORE[kind]
    source = (NB / NOTEBOOKS[lesson.notebook]).with_suffix(".py").read_text(encoding="utf-8")
    headings = re.findall(r"^# ##+ (.+)$", source, re.M)
    assert any(h.startswith(lesson.heading) for h in headings), (lesson, headings)


def test_every_event_has_one_plain_sentence_from_its_fields() -> None:
    """One sentence each (no line break, no rule citation, no action syntax), and each event's own data in it."""
    seen = set()
    for e in _events():
        text = plain(e)
        assert text and "\n" not in text and "§" not in text, (e, text)
        assert text != e.sentence() and text[0].isupper(), text  # not the fallback (the engine's own sentence)
        assert not re.search(r"\b(You|Greedy|Builder) (play|buy) [A-Z]\b", text), text
        for field in dataclasses.fields(e):
            value = getattr(e, field.name)
            if field.name in ("car", "ahead") and value != YOU:
                assert value in text, (field.name, text)
            if field.name in ("money", "cost", "rows", "wear", "round") and value:
                assert str(value) in text, (field.name, text)
        seen.add(e.kind)
    assert len(seen) >= 15


def test_plain_sentences_speak_to_the_learner() -> None:
    race = first_turn(seed=3)
    mine = [plain(e) for _w, _a, evs in race.history for e in evs if getattr(e, "car", "") == YOU]
    assert mine[0].startswith("You have $") and any(s.startswith("Your car drives") for s in mine)
    assert any(s.startswith("Round 1: your turn") for s in mine)
    others = [plain(e) for _w, _a, evs in race.history for e in evs if getattr(e, "car", "") == "Greedy"]
    assert any(s.startswith("Greedy buys a ") and " its " in s for s in others)


def test_a_first_race_stops_after_its_rounds_with_the_standings() -> None:
    race = FirstRace(3, 2, rounds=2)
    assert race.race.state.order == ["Builder", "Greedy", YOU]  # seed 3: the learner starts third
    assert race.actor() == YOU and race.round == 0 and not race.stopped
    while not race.stopped:
        race.play(race.choices()[-1].action)  # always the last button: pass
    assert race.round == 3 and not race.race.is_over and race.choices() == []
    assert sorted(race.standings()) == sorted([YOU, "Builder", "Greedy"])
    with pytest.raises(IllegalAction, match="over after 2 rounds"):
        race.play("You pass")


def test_the_learner_decides_only_for_the_learners_car() -> None:
    race = FirstRace(3)
    legal = race.race.legal_actions()
    assert {a.car for a in legal} == {YOU} and [c.action for c in race.choices()] == legal
    assert all(c.tooltip.startswith(f"{c.action} (§") for c in race.choices())
    with pytest.raises(IllegalAction):
        race.play("You play K 1.1")
    with pytest.raises(SetupError):
        FirstRace(1, opponents=3)


def test_every_finished_race_ends_with_the_engines_finish() -> None:
    finished = [r for r in RACES if r.race.is_over]
    assert finished and all(r.history[-1][2][-1].kind == "RaceFinished" for r in finished)


# ------------------------------------------------------------------ the widget
def test_guided_race_plays_explains_and_looks_back() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.automobiles.ui import GuidedRace

    g = GuidedRace(seed=3, rounds=2)
    menu, go = g.menus["buy a"]  # the buys: one menu (issue 33 item 3), then the buttons
    assert ("black cube for $9", "You buy K") in menu.options and go.tooltip.startswith("You buy ")
    labels = [b.description for b in g.buttons.values()]
    assert labels[-1] == "done buying: wait for the start" and g.choices_box.children[-1] is g.buttons["You pass"]
    assert all(b.tooltip.startswith("You ") for b in g.buttons.values())
    assert "learn more → A1 · 2. A buy decision" in g.story.value and "Builder (computer player)" in g.story.value
    assert "Spend your grid money" in g.prompt_html.value and "Your move (before the race, prerace phase)" in \
        g.status_html.value
    g.press("You buy K")
    assert "You chose: buy a black cube for $9" in g.story.value
    assert "You buy a black cube for $9; it goes into your Bag" in g.story.value
    assert g.story.value.count('class="rule"') >= len(g.lines())  # every line's rule badge
    g.click("done buying: wait for the start")
    assert "Your move (round 1 of 2, action phase)" in g.status_html.value
    g.player.stepper.first()  # looking back: the buttons wait
    assert all(b.disabled for b in g.choices_box.children) and "return to it" in g.status_html.value
    g.player.stepper.next()
    assert "In plain words: The grid is drawn at random" in g.review.value
    g.player.stepper.last()
    assert not any(b.disabled for b in g.choices_box.children)
    for _ in range(100):
        if not g.choices_box.children:
            break
        g.choices_box.children[-1].click()
    assert "The guided race is over after 2 rounds: you finished" in g.status_html.value and g.errors.text == ""
    assert "The guided race is over" in g.prompt_html.value


def test_guided_race_shows_a_refused_click_as_one_line() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.automobiles.ui import GuidedRace

    g = GuidedRace(seed=3)
    stale = str(g.model.race.legal_actions()[0])
    g.click("done buying: wait for the start")
    g.errors.guard(g.choose)(stale)  # the buy is no longer legal: the engine's refusal, one line
    assert g.errors.text.startswith("✗ ") and g.errors.text.count("\n") == 1
    g.w_seed.value, g.w_opponents.value = 7, 1
    g.new_race_b.click()
    assert g.errors.text == "" and set(g.model.race.state.players) == {YOU, "Greedy"}


_NO_BQPLOT = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"bqplot", "pandas", "numpy"}:
            raise ImportError("not in this browser: " + name)
sys.meta_path.insert(0, Block())
from racebook.automobiles.ui import GuidedRace
g = GuidedRace(seed=3)
g.player.stepper.first()
before = g.player.view.widget.value
for _ in range(4):
    g.player.stepper.next()
g.player.stepper.last()
g.choices_box.children[-1].click()
print(type(g.player.view).__name__, before != g.player.view.widget.value, g.errors.text == "",
      sorted(m for m in sys.modules if m.split(".")[0] in {"bqplot", "pandas", "numpy"}))
"""


def test_guided_race_runs_with_ipywidgets_alone() -> None:
    """As on the offline site (Pyodide): no bqplot, pandas or numpy; the board is SVG and changes as the stepper
    moves over the computer players' pre-race turns (what tests/lite_check.py clicks)."""
    pytest.importorskip("ipywidgets")
    out = subprocess.run([sys.executable, "-c", _NO_BQPLOT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1] == "SvgBoardView True True []"
