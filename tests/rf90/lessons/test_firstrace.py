"""The guided first race of notebook 00 (issue 19 item 1), without widgets: the real engine, the story lines (plain,
each citing its rule and naming the notebook that teaches it), the "learn more" table, "new race"."""

from __future__ import annotations

import inspect
from functools import cache
from pathlib import Path

import pytest

import racebook.rf90.events as events_module
from racebook.core import citations
from racebook.core.errors import IllegalAction
from racebook.core.events import Event
from racebook.rf90.actions import _VERBS
from racebook.rf90.lessons.firstrace import (
    LEARN_MORE,
    LEARN_MORE_BY_VERB,
    LEARNER,
    PHASE_HINTS,
    FirstRace,
    Guide,
)
from racebook.rf90.turn import Phase

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOKS = ROOT / "notebooks" / "rf90"
RULES = ROOT / "docs" / "rules"
NEVER_EMITTED = {"Note", "DuelEvent"}  # free commentary (tests/rf90/test_events_are_data.py), the duel steps' base
EVERY_KIND = sorted(c.__name__ for c in vars(events_module).values()
                    if inspect.isclass(c) and issubclass(c, Event) and c is not Event
                    and c.__name__ not in NEVER_EMITTED)


@cache
def _anchors(file: str) -> frozenset[str]:
    return frozenset(citations.anchors_in((RULES / file).read_text(encoding="utf-8")))


def _notebook_exists(name: str) -> bool:
    return (NOTEBOOKS / f"{name}.py").is_file() and (NOTEBOOKS / f"{name}.ipynb").is_file()


def assert_good_line(g: Guide) -> None:
    assert g.sentence.strip() and " — §" not in g.sentence, g  # plain: the rule is apart
    found = citations.find(g.rule, "rf90")
    assert found, f"{g.kind}: {g.rule!r} cites no section"
    for c in found:
        assert c.anchor in _anchors(c.file), f"{g.kind}: {g.rule!r} → {c.file}#{c.anchor}"
    assert _notebook_exists(g.notebook), g.notebook
    assert g.text().endswith(f"learn more → {g.notebook}")


def test_every_event_kind_maps_to_a_notebook_that_exists() -> None:
    assert len(EVERY_KIND) > 90
    assert sorted(LEARN_MORE) == EVERY_KIND
    assert not [name for name in set(LEARN_MORE.values()) if not _notebook_exists(name)]


def test_every_verb_maps_to_a_notebook_that_exists() -> None:
    assert sorted(LEARN_MORE_BY_VERB) == sorted(_VERBS)
    assert not [name for name in set(LEARN_MORE_BY_VERB.values()) if not _notebook_exists(name)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_clicking_the_first_legal_action_each_step_plays_the_guided_race(seed: int) -> None:
    race = FirstRace(seed=seed, turns=3)
    kinds: set[str] = set()
    clicks = 0
    for step in race.steps:
        for g in step.lines:
            assert_good_line(g)
    while not race.finished:
        assert race.my_turn
        choices = race.choices()
        assert choices and all(c.action.car == LEARNER for c in choices)
        steps = race.choose(choices[0].text)
        clicks += 1
        assert steps[0].car == LEARNER and steps[0].lines[0].sentence == f"You chose: {choices[0].label}"
        for step in steps:
            assert step.lines or step.car != LEARNER
            for g in step.lines:
                assert_good_line(g)
                kinds.add(g.kind)
        assert clicks < 200
    assert race.turn > 3 or race.race.is_over
    assert clicks >= 3  # at least one decision a Game Turn
    assert {"choice", "CardsPlayed", "EnterSection", "TurnEnds"} <= kinds
    assert race.status().startswith("The guided race is over after 3 Game Turns")
    with pytest.raises(IllegalAction):
        race.choose(f"{LEARNER} start")


def test_every_event_of_the_guided_races_is_told() -> None:
    """Each event of the race appears in the story: a line of its own, or merged into a car's drive line."""
    race = FirstRace(seed=3, turns=2)
    while not race.finished:
        race.choose(race.choices()[0].action)
    told = sum(len(step.lines) for step in race.steps)
    choices = sum(1 for step in race.steps if step.car == LEARNER)
    entries = [e for e in race.race.events if e.kind == "EnterSection"]
    assert told - choices <= len(race.race.events) and told - choices >= len(race.race.events) - len(entries)
    assert {e.kind for e in race.race.events} <= set(LEARN_MORE)


def test_new_race_resets_and_is_seeded() -> None:
    race = FirstRace(seed=5)
    first = [g.text() for step in race.steps for g in step.lines]
    race.choose(race.choices()[0].action)
    race.choose(race.choices()[0].action)
    race.new()
    assert race.turn == 1 and race.seed == 5 and [g.text() for step in race.steps for g in step.lines] == first
    race.new(6)
    assert race.seed == 6 and race.my_turn and race.turn == 1
    assert FirstRace(seed=6).race.position() == race.race.position()


def test_the_learner_drives_blue_only() -> None:
    race = FirstRace(seed=1)
    with pytest.raises(IllegalAction, match="you drive Blue"):
        race.choose("Red start")
    with pytest.raises(IllegalAction):
        race.choose(f"{LEARNER} late-brake")  # well-formed, not legal in phase A: the engine's refusal


def test_every_phase_of_a_decision_has_a_plain_hint() -> None:
    assert set(PHASE_HINTS) == {p.name for p in Phase} - {"DONE"}
    for name, (sentence, rule, notebook) in PHASE_HINTS.items():
        assert_good_line(Guide(name, LEARNER, sentence, rule, notebook))
    race = FirstRace(seed=2)
    seen = set()
    while not race.finished:
        hint = race.hint()
        assert hint is not None and race.race.phase is not None
        assert (hint.sentence.lower(), hint.rule) == (PHASE_HINTS[race.race.phase.name][0].lower(),
                                                      PHASE_HINTS[race.race.phase.name][1])
        seen.add(race.race.phase.name)
        race.choose(race.choices()[0].action)
    assert race.hint() is None and {"A", "PLAY"} <= seen
