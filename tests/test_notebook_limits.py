"""Issue 19, item 6: how soon each notebook lets the learner act and how much plumbing it shows, against the limits
in ``notebooks/limits.toml`` (figures from ``tools/notebook_measure.py``; allowances only go down)."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import notebook_measure as M  # noqa: E402

LIMITS = tomllib.loads(M.LIMITS.read_text(encoding="utf-8"))
TARGET: dict[str, int] = LIMITS["target"]
ALLOWED: dict[str, dict[str, int]] = LIMITS.get("allowed", {})
NOTEBOOKS = {M.name_of(p): p for p in M.every_notebook()}


def test_the_limits_file_names_real_notebooks_and_figures() -> None:
    assert set(TARGET) == {"words_before_action", "longest_code_cell", "cells"}
    assert TARGET == {"words_before_action": 150, "longest_code_cell": 15, "cells": 45}  # issue 19's figures
    assert set(ALLOWED) <= set(NOTEBOOKS), set(ALLOWED) - set(NOTEBOOKS)
    for name, allowed in ALLOWED.items():
        assert allowed and set(allowed) <= set(TARGET), name
        for key, value in allowed.items():
            assert value > TARGET[key], f"{name}: an allowance of {key} = {value} is within the target: delete it"


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_each_notebook_keeps_to_its_limits(name: str) -> None:
    figures = M.measure(NOTEBOOKS[name])
    allowed = ALLOWED.get(name, {})
    for key, target in TARGET.items():
        value = getattr(figures, key)
        limit = allowed.get(key, target)
        assert value <= limit, f"{name}: {key} = {value}, over its limit {limit} (notebooks/limits.toml)"
        if key in allowed:  # allowances only go down: a notebook that improved lowers its allowance
            assert value == limit, f"{name}: {key} is now {value}: lower its allowance from {limit}"


def test_the_opening_notebooks_meet_the_targets_for_words() -> None:
    """The first notebook of each game lets the learner act at once: within the word target, widget first."""
    for name in ("rf90/00_start_here", "automobiles/A0_first_race", "formulagp/F0_first_race"):
        figures = M.measure(NOTEBOOKS[name])
        assert figures.first_action_cell is not None and figures.words_before_action <= TARGET["words_before_action"]
        assert "words_before_action" not in ALLOWED.get(name, {})


def test_the_measure_counts_what_it_says(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    widget = {"application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2,
                                                           "version_minor": 0}, "text/plain": "W"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Title\n\nOne two three.\n\n[§1]: ../../docs/rules/x.md#s1"),
        nbformat.v4.new_code_cell("import x\n\n# a comment\nx.y()\n", outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="printed text is not interactive\n")]),
        nbformat.v4.new_markdown_cell("Four five."),
        nbformat.v4.new_code_cell("w = x.W()\nw", outputs=[nbformat.v4.new_output("display_data", data=widget)]),
        nbformat.v4.new_markdown_cell("After the widget: not counted."),
        nbformat.v4.new_code_cell("a = 1\nb = 2\nc = 3"),
    ]
    path = tmp_path / "X1_test.ipynb"
    nbformat.write(nb, path)
    f = M.measure(path)
    # words: Title One two three + Four five; the longest cell: a, b, c (the first has 2 lines of code)
    assert (f.words_before_action, f.first_action_cell, f.longest_code_cell, f.cells) == (6, 3, 3, 6)
    # no interactive element: every markdown word counts, and the measure says so
    nb.cells[3].outputs = []
    nbformat.write(nb, path)
    assert M.measure(path).first_action_cell is None and M.measure(path).words_before_action == 6 + 5


def test_the_tool_prints_every_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    assert M.main(["--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == set(NOTEBOOKS)
