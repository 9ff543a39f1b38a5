"""Issue 33 item 3, in a real browser: each guided first race (RF90 00, Automobiles A0, FormulaGP F0) shows its
board, its choices and what the learner needs (money, hand, target) on ONE screen once the first decision is drawn,
at 1366×768 and at 1280×720, in JupyterLab (its file browser open, as `make lab` opens it) and in presenter mode
(tests/browser_firstrace.py; screenshots in test-output/browser/firstrace/). And what the learner reads there has no
rule section number (item 4). Skips, saying why, only where the browser checks cannot run."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_check import _available
from browser_firstrace import FIRST_RACES, SIZES, Screen, in_lab, in_presenter


def _check(screens: list[Screen], mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print()
        for s in screens:
            print(f"  first race: {s.line()}")
    assert [(s.name, s.size) for s in screens] == [(f"{nb.parent.name}/{nb.stem}", size) for nb in FIRST_RACES
                                                  for size in SIZES]
    off = {f"{s.name} {s.size}": s.outside() for s in screens if s.outside()}
    assert not off, f"not on one screen in {mode}: {off}"
    for s in screens:
        assert Path(s.shot).stat().st_size > 10_000, s.shot
        read = "\n".join(s.texts)
        assert "Your hand" in read or "Your money" in read, (s.name, read[:300])
        assert "§" not in read, (s.name, read[max(0, read.find("§") - 80):read.find("§") + 20])


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_each_first_race_has_board_and_choices_on_one_screen_in_jupyterlab(capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    _check(in_lab(), "JupyterLab", capsys)


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_each_first_race_has_board_and_choices_on_one_screen_in_presenter_mode(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("voila")
    _check(in_presenter(), "presenter mode", capsys)
