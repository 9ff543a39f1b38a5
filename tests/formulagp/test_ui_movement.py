"""Notebook F1's widgets (racebook.formulagp.ui): the calculator shows the engine's MP for every play it lists,
the stepper walks every example, and nothing in them decides a rule."""

from __future__ import annotations

import ast
import html
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp import events as ev  # noqa: E402
from racebook.formulagp.actions import Play  # noqa: E402
from racebook.formulagp.ui import ExampleStepper, MovementCalculator  # noqa: E402
from racebook.formulagp.ui import movement as ui  # noqa: E402


def test_the_calculator_shows_the_engines_mp_for_every_listed_play() -> None:
    calc = MovementCalculator()
    for sid in ui.MOVES:
        calc.example.value = sid
        assert calc.picture.value.startswith("<svg")
        for _words, text in calc.play.options:
            calc.play.value = text
            after = calc.race.clone()
            after.apply(text)
            played = next(e for e in reversed(after.events) if isinstance(e, ev.CardsPlayed))
            assert calc.breakdown.mp == played.mp
            assert f"<td>total</td><td>{played.mp}</td>" in calc.table.value
    assert calc.errors.errors == []


def test_the_stepper_walks_the_examples_and_prices_each_play() -> None:
    st = ExampleStepper()
    for sid in ("fgp_ex04_drive_3_charge_2", "fgp_ex05_ers_returns", "fgp_ex06_alone_ahead_then_the_inside",
                "fgp_exx2_no_reduce_then_extend"):  # a reduction, an ERS return, a driver order, a refusal
        st.example.value = sid
        assert st.n == 0 and html.escape(st.scenario.title) in st.sentence.value
        for n in range(1, st.count + 1):
            st.b_next.click()
            assert st.n == n and f"action {n} of {st.count}" in st.counter.value
            action = st.race.steps[n].action
            assert html.escape(str(action)) in st.sentence.value
            assert ("total" in st.table.value) == isinstance(action, Play)
        st.b_first.click()
        assert st.n == 0
    assert st.errors.errors == []


def test_the_widgets_hold_no_rule() -> None:
    """The widgets import no rule module and call no rule function: the MP come from analysis.movement."""
    tree = ast.parse(Path(ui.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and (".rules" in m or m.endswith(("cardplay", "moving", "playerboard"))) for m in imported)
    called = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
    assert not called & {"movement_points", "pace_of", "adjust", "walk", "speed", "tyre_bonus"}
