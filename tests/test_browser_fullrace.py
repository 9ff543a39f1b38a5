"""Issue 34 item 1 and issue 33 item 3: notebook 12's race table on one screen, in a real browser — in presenter mode
at 1280×720 and in JupyterLab at 1366×768 (the file browser open), after 1. Deal, 2. Qualify and 3. Start are
clicked, and again at the first play of cards: the board, the car's hand and the choices lie wholly inside the
visible area, "what happened" is a
fixed-height scroll box, the three set-up buttons are in view without scrolling and no set-up label is cut short;
in presenter mode the widgets' type is the presenter's 20 px (tests/browser_fullrace.py measures; screenshots in
test-output/browser/fullrace/).

Skips, saying why, only where the browser checks cannot run (no /usr/bin/chromium, no playwright, no Voilà)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_check import _available
from browser_fullrace import SCREENS, check_fullrace


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
@pytest.mark.parametrize("mode", list(SCREENS))
def test_full_race_board_hand_and_choices_on_one_screen(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    if mode == "presenter":
        pytest.importorskip("voila")
    seen = check_fullrace(mode)
    with capsys.disabled():
        print(f"\n  fullrace {mode} {seen['screen']}: in view {seen['race_in_view']}, boxes {seen['race_boxes']}, "
              f"type {seen['font_px']}, race tab {seen['race_tab_height_px']:.0f} px, {seen['choice_controls']} "
              f"choice controls; screenshots {seen['screenshots']}")
    assert seen["setup_buttons_in_view"], seen["setup_buttons"]
    assert seen["setup_cut_labels"] == [], seen["setup_cut_labels"]
    assert not any(w in seen["setup_text"] for w in ("NOT IN SOURCE", "racebook.", "ROBOTS_BY_PLAYERS", "AMB-"))
    for part in ("board", "hand", "choices"):
        assert seen["race_in_view"][part], (part, seen["race_boxes"][part], seen["area"])
    for part in ("board", "hand", "choices"):  # and at the cards (phase C)
        assert seen["play_in_view"][part], (part, seen["play_boxes"][part], seen["area"])
    assert any(t.startswith("play one card") for t in seen["play_rows"]), seen["play_rows"]
    assert seen["log_scrolls"] in ("auto", "scroll") and 80 <= seen["log_height_px"] <= 260, seen
    assert seen["board_marks"] >= 20, "the board drew no track"
    assert 1 <= seen["menus"] and seen["choice_controls"] <= 8  # phase A: the strategy changes are one menu
    want = 20 if mode == "presenter" else 16
    assert seen["font_px"]["choice button"] == want and seen["font_px"]["hand"] == want, seen["font_px"]
    assert all(Path(p).stat().st_size > 10_000 for p in seen["screenshots"])
