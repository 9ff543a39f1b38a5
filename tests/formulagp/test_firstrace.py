"""Notebook F0's guided first race (issue 32 item 2): the learner drives Blue against computer players and Rookie
BOTs; every choice in plain words (grouped in menus, a move that does nothing last), every event in a sentence with
its rule and the notebook that teaches it, no card the learner cannot see, and a clean stop after the last round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from racebook.core.errors import IllegalAction
from racebook.core.guided import GuidedRaceModel
from racebook.formulagp.actions import Keep, parse
from racebook.formulagp.events import Drew
from racebook.formulagp.lessons.firstrace import (
    COMPUTERS,
    DOES_NOTHING,
    GROUPS,
    HINTS,
    LESSONS,
    NOTEBOOKS,
    ROOKIES,
    YOU,
    FirstRace,
    lesson_of,
    plain,
)
from racebook.formulagp.state import Phase

ROOT = Path(__file__).resolve().parents[2]
F1 = ROOT / "notebooks" / "formulagp" / "F1_cards_gears_and_movement.py"


def _race(seed: int, rounds: int = 4) -> FirstRace:
    """A first race with the coach off (these tests are about the race, tests/formulagp/test_coach.py the coach)."""
    race = FirstRace(seed, rounds)
    race.coach = False
    return race


def _play(race: FirstRace, pick: int = 0) -> list[str]:
    """The race played to its end taking choice ``pick`` (or the last), the text of every story line."""
    told = [line.text() for line in race.latest()]
    while not race.finished:
        choices = race.labelled_choices()
        told += [line.text() for line in race.decide(choices[min(pick, len(choices) - 1)].key)]
    return told


def test_the_first_race_is_the_guided_race_protocol_with_its_cars() -> None:
    race = FirstRace(1)
    assert isinstance(race, GuidedRaceModel) and race.game == "formulagp"
    s = race.race.state
    assert set(s.cars) == {YOU, *COMPUTERS, *ROOKIES}
    assert [cid for cid, c in s.cars.items() if c.bot] == [c for c in s.cars if c in ROOKIES]
    assert s.grid[-1] == YOU and race.my_turn and race.place() == 5  # from the back of the grid


def test_every_lesson_of_f1_is_a_heading_of_f1_and_every_notebook_is_named() -> None:
    source = F1.read_text(encoding="utf-8")
    for lesson in {*LESSONS.values()}:
        assert lesson.file == NOTEBOOKS[lesson.notebook]
        if lesson.notebook == "F1":
            assert re.search(rf"^# ## {re.escape(lesson.part)}", source, re.M), lesson.part
    assert (ROOT / "notebooks" / "formulagp" / NOTEBOOKS["F1"]).exists()


def test_a_race_stops_after_its_rounds_and_says_so_once() -> None:
    race = _race(2, 2)
    told = _play(race)
    assert race.finished and not race.race.is_over and race.race.state.round == 3
    assert race.labelled_choices() == [] and race.hint_line() is None
    last = race.latest()
    assert last[-1].sentence.startswith("The guided race is over after 2 rounds: you finished ")
    assert not any("Round 3" in line.sentence for line in last)  # the next round is not told
    assert sum("over after 2 rounds" in t for t in told) == 1
    assert race.status().startswith(last[-1].sentence)
    assert race.standings() == race.standings() and race.place() == race.standings().index(YOU) + 1
    with pytest.raises(IllegalAction, match="over after 2 rounds"):
        race.decide(f"{YOU} keep")


def test_the_learner_decides_only_for_blue_and_a_refusal_changes_nothing() -> None:
    race = _race(3)
    before = race.race.position()
    with pytest.raises(IllegalAction, match="you drive Blue"):
        race.decide("Red keep")
    with pytest.raises(IllegalAction):
        race.decide(f"{YOU} play G1")  # not the draw phase's decision
    assert race.race.position() == before


def test_another_cars_hidden_cards_are_never_told() -> None:
    race = _race(4, 3)
    seen = 0
    while not race.finished:
        for step in race.race.steps[-40:]:
            for e in step.events:
                if e.kind in ("Drew", "Returned", "Discarded") and e.car_id != YOU:
                    text = plain(e)
                    codes = [*getattr(e, "cards", ()), getattr(e, "card", "")]
                    assert not any(c and re.search(rf"\b{c}\b", text) for c in codes), text
                    seen += 1
        race.decide(race.labelled_choices()[0].key)
    assert seen > 5
    # the learner's own cards are told
    drew = next(e for st in race.race.steps for e in st.events if isinstance(e, Drew) and e.car == YOU)
    assert all(c in plain(drew) for c in drew.cards)


def test_the_start_and_battle_cards_are_sealed_in_the_story() -> None:
    race = _race(5, 1)
    told = _play(race)
    sealed = [t for t in told if "lays its start cards face down" in t]
    revealed = [t for t in told if " reveals " in t]
    assert len(sealed) >= 3 and len(revealed) >= 3
    assert told.index(sealed[-1]) < told.index(revealed[0])  # nothing shown before every driver has sealed


def test_the_hint_says_who_has_sealed_but_never_what() -> None:
    race = _race(2)
    while race.race.state.phase is not Phase.START:
        race.decide(race.labelled_choices()[0].key)
    s = race.race.state
    assert s.start.committed == ("Red", "Green")  # sealed before Blue, in grid order
    hint = race.hint_line()
    assert hint is not None and hint.sentence.endswith("Face down already (you cannot see them): Red, Green.")
    for car in ("Red", "Green"):
        launch = s.start.choice(car)
        assert launch is not None and launch.split(" ", 2)[2] not in hint.sentence


def test_choices_are_plain_grouped_and_the_move_that_does_nothing_comes_last() -> None:
    race = _race(6)
    choices = race.labelled_choices()
    assert race.race.state.phase is Phase.DRAW
    keep = [c for c in choices if isinstance(parse(c.key), Keep)]
    assert keep == [choices[-1]] and keep[0].label.endswith(DOES_NOTHING)
    assert sum(DOES_NOTHING in c.label for c in choices) == 1
    groups = {c.group for c in choices if c.group}
    assert groups == {GROUPS[parse(choices[0].key).__class__]}  # the returns: one menu
    for c in choices:
        assert c.tooltip.startswith(c.key) and "§" in c.tooltip
        assert not c.group or c.label.startswith(c.group)
    while race.race.state.phase is not Phase.START:
        race.decide(race.labelled_choices()[-1].key)
    launches = race.labelled_choices()
    assert len(launches) > 3 and {c.group for c in launches} == {"seal your start cards:"}
    assert all(c.primary for c in launches)


def test_every_phase_the_learner_meets_has_a_hint_with_its_rule_and_notebook() -> None:
    race = _race(7, 3)
    phases = set()
    while not race.finished:
        hint = race.hint_line()
        phases.add(race.race.state.phase)
        assert hint is not None and hint.rule.startswith("§") and hint.link in NOTEBOOKS.values()
        race.decide(race.labelled_choices()[0].key)
    assert {Phase.DRAW, Phase.START, Phase.PLAY, Phase.MOVE} <= phases <= set(HINTS)


def test_every_story_line_has_its_rule_and_notebook_and_names_its_car() -> None:
    race = _race(8, 3)
    lines = list(race.latest())
    while not race.finished:
        lines += race.decide(race.labelled_choices()[-1].key)
    assert len(lines) > 100
    for line in lines:
        assert line.more and line.link in NOTEBOOKS.values(), line
        assert line.group, line
        assert line.sentence[:1].isupper() or line.sentence[:1].isdigit(), line.sentence
    assert lines[0].group == "The race is set up:"
    mine = [line for line in lines if line.mine]
    assert mine and all(line.group == f"You ({YOU}):" for line in mine)
    assert {line.group for line in lines} >= {"Red (computer player):", "Orange (Rookie BOT):"}
    assert sum(line.sentence.startswith("You chose: ") for line in lines) >= 5


def test_each_kind_of_event_has_a_lesson() -> None:
    race = _race(9, 2)
    _play(race)
    kinds = {e.kind: e for st in race.race.steps for e in st.events}
    for e in kinds.values():
        assert lesson_of(e).notebook in NOTEBOOKS


def test_new_race_is_the_next_seed_and_a_whole_race_can_be_played() -> None:
    race = _race(10, 1)
    _play(race)
    race.restart()
    assert race.seed == 11 and not race.finished and race.race.state.round == 1
    race.restart(3)
    assert race.seed == 3
    whole = _race(12, 40)
    _play(whole, pick=0)
    assert whole.race.is_over and whole.status().startswith("The race is over after ")
    assert whole.standings() == list(whole.race.classification())
