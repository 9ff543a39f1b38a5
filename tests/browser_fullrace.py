"""Notebook 12's race table for a room (issue 34 item 1, issue 33 item 3): the real-browser check of its one-screen
layout, in presenter mode at 1280×720 and in JupyterLab at 1366×768 (Debian Chromium + Playwright).

:func:`check_fullrace` opens a copy of ``notebooks/rf90/12_full_race.ipynb`` (presenter mode: ``racebook workshop``'s
Voilà; JupyterLab: Run All), scrolls the first race table to the top of the screen and measures the set-up tab
(the three step buttons in view, no developer words), presses 1. Deal, 2. Qualify, 3. Start as a player would, then
measures the Race tab with its top at the top of the screen: the bounding boxes of the board (the track view),
the car's hand and the choices, and "what happened" (a fixed-height scroll box), against the visible area (the
window in presenter mode; the notebook's scrolling panel in JupyterLab, under its menu and toolbar). It also reads
the widgets' type size, counts the choice controls and checks the board has drawn its track. Screenshots go to
``test-output/browser/fullrace/``.

As a script: ``python tests/browser_fullrace.py [presenter|lab ...]`` prints what was seen."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from browser_check import OUTPUT_DIR, REPO, _browser_session, jupyter_lab, presenter, run_all_in_lab, settle

NOTEBOOK = REPO / "notebooks" / "rf90" / "12_full_race.ipynb"
SHOTS = OUTPUT_DIR / "fullrace"
#: The screens of the issue: a projector in presenter mode, a laptop in JupyterLab.
SCREENS = {"presenter": {"width": 1280, "height": 720}, "lab": {"width": 1366, "height": 768}}
#: Words a player should never read in the set-up tab (issue 34 item 1).
DEVELOPER_WORDS = ("NOT IN SOURCE", "racebook.", "ROBOTS_BY_PLAYERS", "AMB-", "_row", "_at_start", "True", "False",
                   "…")

# The visible area a widget can use: the window (presenter mode) or JupyterLab's notebook scroll panel.
_AREA = """(mode) => {
  if (mode === 'lab') {
    const el = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
      || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  }
  return {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight};
}"""
_BOX = "(el) => { const r = el.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, " \
       "bottom: r.bottom}; }"


def _box(loc: Any) -> dict[str, float] | None:
    return loc.evaluate(_BOX) if loc.count() else None


def inside(box: dict[str, float] | None, area: dict[str, float], slack: float = 1.0) -> bool:
    """The box lies wholly in the area (and has a size)."""
    return box is not None and box["bottom"] - box["top"] > 4 and box["right"] - box["left"] > 4 and \
        box["left"] >= area["left"] - slack and box["right"] <= area["right"] + slack and \
        box["top"] >= area["top"] - slack and box["bottom"] <= area["bottom"] + slack


def _open(page: Any, url: str, mode: str, name: str) -> None:
    """Open the notebook and wait until its first race table is drawn (JupyterLab: after Run All)."""
    if mode == "presenter":
        page.goto(url, wait_until="domcontentloaded", timeout=180_000)
    else:
        run_all_in_lab(page, f"{url}/lab/tree/{name}?reset", open_timeout=90_000, run_timeout=180_000, polling=250)
    page.locator(".rb-fr").first.wait_for(timeout=180_000)
    settle(page)


def _to_top(page: Any, loc: Any) -> None:
    """Scroll ``loc``'s top to the top of the visible area (JupyterLab scrolls its notebook panel, not the page)."""
    loc.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    settle(page)


def check_fullrace(mode: str = "presenter", shots: Path = SHOTS) -> dict[str, Any]:
    """Open notebook 12 in ``mode`` (presenter or lab) at its screen size, set up and start a race in its first table,
    and measure the set-up and race tabs (see the module docstring)."""
    server = presenter if mode == "presenter" else (lambda copy, root: jupyter_lab(root))
    seen: dict[str, Any] = {"mode": mode, "screen": SCREENS[mode]}
    shots.mkdir(parents=True, exist_ok=True)
    with _browser_session(NOTEBOOK, server, f"fullrace-{mode}") as (url, page, console, copy):
        page.set_viewport_size(SCREENS[mode])
        t0 = time.monotonic()
        _open(page, url, mode, copy.name)
        seen["open_s"] = round(time.monotonic() - t0, 1)
        table = page.locator(".rb-fr").first
        _to_top(page, table)
        area = page.evaluate(_AREA, mode)
        seen["area"] = area
        setup = table.locator(".rb-fr-setup").first
        seen["setup_text"] = setup.inner_text()
        # a label cut short by its box ("SuperF…"): its text is wider than the box shows
        seen["setup_cut_labels"] = setup.evaluate(
            "(el) => [...el.querySelectorAll('.widget-label, .widget-label-basic, label, button')]"
            ".filter(l => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1).map(l => l.innerText)")
        seen["setup_buttons"] = {cls: _box(table.locator(f".rb-fr-{cls}").first)
                                 for cls in ("deal", "qualify", "start")}
        seen["setup_buttons_in_view"] = all(inside(b, area) for b in seen["setup_buttons"].values())
        page.screenshot(path=str(shots / f"{mode}-setup.png"))
        # the three steps, as a player clicks them
        for step, after in (("deal", "qualify"), ("qualify", "start")):
            table.locator(f".rb-fr-{step}").first.click()
            page.wait_for_function("(el) => !el.disabled", arg=table.locator(f".rb-fr-{after}").first
                                   .element_handle(), timeout=60_000)
        table.locator(".rb-fr-start").first.click()
        race = table.locator(".rb-fr-race").first
        race.wait_for(state="visible", timeout=60_000)
        page.wait_for_function("(el) => el.querySelectorAll('.rb-choice').length > 0", arg=race.element_handle(),
                               timeout=60_000)
        settle(page)  # the board's marks
        _to_top(page, table)
        area = page.evaluate(_AREA, mode)
        parts = {"board": ".rb-fr-board", "hand": ".rb-fr-hand", "choices": ".rb-choices",
                 "what happened": ".rb-fr-what"}
        seen["race_boxes"] = {k: _box(race.locator(sel).first) for k, sel in parts.items()}
        seen["race_in_view"] = {k: inside(b, area) for k, b in seen["race_boxes"].items()}
        log = race.locator(".rb-fr-log").first
        seen["log_scrolls"] = log.evaluate("(el) => getComputedStyle(el).overflowY")
        seen["log_height_px"] = log.evaluate("(el) => el.getBoundingClientRect().height")
        seen["board_marks"] = race.locator(".rb-fr-board svg path, .rb-fr-board svg polygon").count()
        seen["choice_controls"] = race.locator(".rb-choice").count()
        seen["menus"] = race.locator(".rb-choices select").count()
        seen["status"] = race.locator(".rb-fr-status").first.inner_text()
        seen["font_px"] = {
            "choice button": race.locator("button.rb-choice").first.evaluate(
                "(el) => parseFloat(getComputedStyle(el).fontSize)") if race.locator("button.rb-choice").count()
            else None,
            "hand": race.locator(".rb-fr-hand .rb-fr-panel").first.evaluate(
                "(el) => parseFloat(getComputedStyle(el).fontSize)"),
            "what happened": log.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"),
        }
        seen["race_tab_height_px"] = race.evaluate("(el) => el.getBoundingClientRect().height")
        page.screenshot(path=str(shots / f"{mode}-race.png"))
        # one click on, to the cards (phase C): its plays are rows by number of cards, on the same screen
        race.locator("button.rb-choice", has_text="start the turn").first.click()
        page.wait_for_function("(el) => [...el.querySelectorAll('.rb-choices-title')]"
                               ".some(t => t.innerText.startsWith('play'))", arg=race.element_handle(),
                               timeout=60_000)
        settle(page)
        _to_top(page, table)
        area = page.evaluate(_AREA, mode)
        seen["play_boxes"] = {k: _box(race.locator(sel).first) for k, sel in parts.items()}
        seen["play_in_view"] = {k: inside(b, area) for k, b in seen["play_boxes"].items()}
        seen["play_rows"] = race.locator(".rb-choices-title").all_inner_texts()
        page.screenshot(path=str(shots / f"{mode}-play.png"))
        seen["screenshots"] = [str(shots / f"{mode}-{n}.png") for n in ("setup", "race", "play")]
        seen["console_errors"] = [m for m in console["console"] if m.startswith("error")]
    return seen


if __name__ == "__main__":
    for m in sys.argv[1:] or list(SCREENS):
        print(json.dumps(check_fullrace(m), indent=1, ensure_ascii=False))
