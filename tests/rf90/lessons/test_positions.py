"""The position in words (racebook.rf90.lessons.positions): the order, leader and laps down are the engine's."""

from __future__ import annotations

import racebook
import racebook.rf90.lessons.notebook
from racebook.rf90.lessons.positions import in_words


def test_in_words_ex11_start() -> None:
    start = racebook.rf90.scenario.load("ex11", play=False).race
    assert in_words(start.state) == "Game Turn 5 — E: Blue (leader) · G: Orange, Green · I: Yellow · D: Purple"


def test_in_words_ex42_after_reds_turn_lapped_cars_behind_the_leader() -> None:
    after_red = racebook.load_scenario("ex42").race.at(6)
    assert in_words(after_red.state) == \
        "Game Turn 6 — G: Yellow, Red (leader), Orange (1 lap down), Purple (1 lap down)"


def test_in_words_ex11_backmarker_ahead_is_not_yet_lapped() -> None:
    """Purple, ahead of Blue in D on the lap behind, is a backmarker Blue is about to lap: no "lap down" yet."""
    state = racebook.rf90.scenario.load("ex11", play=False).race.state
    assert state.laps_down("Purple") == 0 and "Purple (" not in in_words(state)


def test_a_car_off_track_waits_beside_its_re_entry_section() -> None:
    """§18.4/§18.5: Blue, the leader, fails a late braking into E and waits beside D; he keeps the token."""
    race = racebook.rf90.lessons.notebook.small_race(
        "teaching turn=5 lap=2 | F: Blue* | H: Orange | I: Green",
        {"Blue": {"hand": ["R18", "R40", "R55"], "target": "R88"}, "Orange": {"target": "R77"},
         "Green": {"target": "R67"}}, stack=["R01", "R90", "R02", "R03"], seed=184)
    for action in ["Blue start", "Blue play R18", "Blue late-brake", "Blue test 1 R40"]:
        race.apply(action)
    assert in_words(race.state) == "Game Turn 5 — off track beside D: Blue (leader) · H: Orange · I: Green"
