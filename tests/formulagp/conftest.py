"""Shared fixtures of the FormulaGP tests: the notebooks' example steppers walked on both pictures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest


@pytest.fixture(params=["svg", "bqplot"])
def walk_examples(request: pytest.FixtureRequest) -> Callable[[Sequence[str]], None]:
    """A notebook's :class:`~racebook.formulagp.ui.ExampleStepper` over ``examples`` (its scenario ids), each example
    stepped to its last action, on the SVG picture (the offline browser's) and on the bqplot figure (skipped without
    bqplot): the menu lists the examples in order, every example has actions and ends on them, the SVG picture is
    drawn, the figure shows every car of the last position, and no widget callback failed."""
    view: str = request.param
    if view == "bqplot":
        pytest.importorskip("bqplot")

    def walk(examples: Sequence[str]) -> None:
        from racebook.formulagp.ui import ExampleStepper

        st = ExampleStepper(examples[0], examples, view=view)
        assert [v for _w, v in st.example.options] == list(examples)
        for sid in examples:
            st.example.value = sid
            st.b_last.click()
            assert st.n == st.count > 0
            if view == "svg":
                assert st.picture.value.startswith("<svg")
            else:  # the figure shows every car of the last position
                assert len(st.picture.m_cars.x) == len(st.race.state.cars) > 0
        assert st.errors.errors == []

    return walk
