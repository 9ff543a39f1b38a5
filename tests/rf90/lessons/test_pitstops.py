"""Notebook 07's helpers (racebook.rf90.lessons.pitstops): the pit-stop sentences, the labelled choices of a stop
and the hand limit at a stop (§8, §13.A.3)."""

from __future__ import annotations

import racebook
from racebook.rf90.lessons import pitstops as ps


def test_ex_7_pit_stop_lines_give_the_books_numbers() -> None:
    lines = ps.pit_stop_lines(racebook.load_scenario("ex07").race)
    assert any(line.startswith("Blue goes back 9 section(s)") for line in lines)
    assert any(line.startswith("Blue's refuel chit moves from turn 8 to turn 21") for line in lines)
    assert any(line.startswith("SuperFast1 goes back 8 section(s)") for line in lines)
    assert sum("Leader token" in line for line in lines) == 2  # Blue, then SuperFast1, pitted and lost the lead


def test_ex_17_choices_walk_labels_every_decision() -> None:
    lines = ps.choices_walk("ex17")
    chosen = [line.split("chooses: ")[1] for line in lines if "chooses:" in line]
    assert chosen == ["pit: 10 turns of fuel", "pit: discard R56 [3]", "pit: discard R57 [3]",
                      "pit: stop discarding, draw up to the hand limit", "pit: fit hard tyres",
                      "pit: change strategy to BANGING WHEELS", "occupy no trajectory"]
    assert lines[0].startswith("13 choices: start the turn") and "strategy=" not in "".join(lines)


def test_hand_limit_frozen_cards_count_at_a_pit_stop() -> None:
    assert ps.hand_limit_demo() == ["with 5 in hand and 2 frozen: Blue may not finish discarding",
                                    "after discarding R63: Blue may finish discarding"]
