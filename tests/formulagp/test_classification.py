"""FormulaGP end of race (§17.2): penalties move cars back 5 tiles per token, then the classification groups."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.formulagp.panel import panel
from racebook.formulagp.rules.classification import TILES_PER_TOKEN, Finish, Finisher, classify


def _cars(result: tuple) -> list[str]:
    return [c.car for c in result]


def test_the_penalty_tiles_are_the_race_control_value() -> None:
    assert TILES_PER_TOKEN == panel().periods["end_penalty_tiles"] == 5


def test_penalties_move_a_car_back_five_tiles_per_token() -> None:
    cars = [Finisher("A", 100, 0, penalties=1), Finisher("B", 97, 1), Finisher("C", 96, 2)]
    result = classify(cars)
    assert _cars(result) == ["B", "C", "A"] and result[2].distance == 95


def test_landing_on_a_tile_fewer_tokens_first_then_the_sequence() -> None:
    landed = [Finisher("Clean", 90, 2), Finisher("Two", 100, 0, penalties=2), Finisher("One", 95, 1, penalties=1)]
    assert _cars(classify(landed)) == ["Clean", "One", "Two"]  # all on tile 90
    same = [Finisher("Back", 95, 1, penalties=1), Finisher("Front", 100, 0, penalties=2),
            Finisher("There", 90, 2, penalties=0), Finisher("Equal", 95, 3, penalties=1)]
    assert _cars(classify(same)) == ["There", "Back", "Equal", "Front"]


def test_the_classification_groups() -> None:
    cars = [Finisher("Lapped", 200, 0, finish=Finish.LAPPED), Finisher("NoLine", 150, 1, finish=Finish.NOT_CROSSED),
            Finisher("SpunOff", 140, 2, finish=Finish.SPUN_OFF), Finisher("Spun", 130, 3, finish=Finish.SPUN),
            Finisher("Clean", 120, 4)]
    assert _cars(classify(cars)) == ["Clean", "Spun", "SpunOff", "NoLine", "Lapped"]
    assert [c.position for c in classify(cars)] == [1, 2, 3, 4, 5]


def test_bad_finishers_are_refused() -> None:
    with pytest.raises(ValueError, match="§17.2"):
        classify([Finisher("A", 1, 0), Finisher("A", 2, 1)])
    with pytest.raises(ValueError, match="§17.2.1"):
        classify([Finisher("A", 1, 0, penalties=-1)])


@given(st.lists(st.tuples(st.integers(0, 120), st.integers(0, 3), st.sampled_from(list(Finish))), min_size=1,
                max_size=8))
def test_the_classification_is_a_ranking(rows: list[tuple[int, int, Finish]]) -> None:
    cars = [Finisher(f"C{i}", d, i, p, f) for i, (d, p, f) in enumerate(rows)]
    result = classify(cars)
    assert sorted(_cars(result)) == sorted(c.car for c in cars)
    for a, b in zip(result, result[1:], strict=False):
        if a.finish is b.finish:
            assert a.distance >= b.distance
