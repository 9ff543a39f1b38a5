"""racebook.rf90.lessons.safetycar: notebook 10's situations and the book's Ex. 39 and Ex. 40 (§21)."""

from __future__ import annotations

import pytest

from racebook.core.errors import ScenarioError
from racebook.rf90.lessons.safetycar import SITUATIONS, build, ex39, ex40, queue_line, situation


def test_ex_39_book_rows() -> None:
    """Ex. 39: every statement of the book about the pit window and the realignment, beside the engine's value."""
    ex = ex39()
    assert [r[0] for r in ex.rows if r[1] != r[2]] == []
    assert len({r[0] for r in ex.rows}) == len(ex.rows) == 9
    assert ex.moments[1][1] == ("Blue in Pits-1, Pink in Woodcote, Orange in Woodcote-brake, Green in "
                                "Woodcote-approach, Red in Luffield-2; the Safety Car in Pits-2, Game Turn 11")


def test_ex_40_book_rows() -> None:
    """Ex. 40: Blue's forced pit under the SC puts him last, Orange leads, every car two sections up, no gaps."""
    ex = ex40()
    assert [r[0] for r in ex.rows if r[1] != r[2]] == []
    assert len(ex.rows) == 8 and ex.race.state.race_order() == ["Orange", "Pink", "Green", "Blue"]
    assert ex.moments[0][1] == "Blue in E, Orange in F, Pink in G, Green in H; the Safety Car in D"


def test_situations_stop_at_a_decision_of_the_car_named() -> None:
    """Each situation's race waits for a decision of the car its first choice names."""
    for s in SITUATIONS:
        race = build(s)
        assert race.current_car == s.choices[0].split()[0], s.name
    assert queue_line(build(situation("3."))) == ("Orange in A, Fast1 in C, Green off track beside F, Pink in G, "
                                                  "Red in I (-1 lap)")
    with pytest.raises(ScenarioError, match="no Safety Car situation"):
        situation("nowhere")
