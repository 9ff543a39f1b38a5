"""The real-browser walk of every notebook (issue 18 item 6): Debian Chromium + Playwright + one JupyterLab.

Every executed notebook of every game (``notebooks/*/*.ipynb``: a new game's folder or a new notebook is picked
up by the glob) is copied into a throwaway folder and opened, one after the other, in ONE JupyterLab server and
ONE page (JupyterLab loads once; each notebook is opened by its document manager and closed after; a notebook whose
check failed leaves a fresh page to the next).
For each: run all cells, require that no cell has an error output (nor a widget a bug's details toggle), look at
its **first screen** (issue 19 item 6: scrolled to the top in a 1366×768 window, a laptop's or a club projector's;
a screenshot ``<game>_<nb>-first-screen.png``, and whether a widget or a picture shows in it), click
the notebook's main widget — the first shown stepper's ▶, else the first shown button of an output whose click
changes that output — and require the change, take a screenshot (``test-output/browser/walk/<game>_<nb>.png``)
and shut the kernel down. The stepper's click-to-update latency (click → the event sentence changes, measured in
the page) is printed for each notebook with a stepper.

As a script, ``python tests/browser_walk.py [NAME ...]`` walks the notebooks whose names contain NAME (all by
default) and prints one line per notebook; with ``--presenter`` it prints each one's presenter-mode render time
instead (``presenter_times``)."""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_check import (
    BROWSER_ARGS,
    CHROMIUM,
    OUTPUT_DIR,
    REPO,
    close_notebooks,
    jupyter_lab,
    presenter,
    run_all_in_lab,
    settle,
)

NOTEBOOKS = REPO / "notebooks"
WALK_DIR = OUTPUT_DIR / "walk"
LATENCY_CLICKS = 5
#: With no stepper, the first of this many buttons whose click changes its output is the main widget.
MAX_BUTTONS = 6
BUTTON_WAIT_MS = 8_000
#: The first screen: a 1366×768 window (a common laptop, and what a club's projector shows), JupyterLab's own bars
#: included. The walk's other screenshots use a larger window.
FIRST_SCREEN = {"width": 1366, "height": 768}
WALK_SCREEN = {"width": 1400, "height": 1400}


def every_notebook() -> list[Path]:
    """Every executed notebook of every game, in order (game folder, then name)."""
    return sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@dataclass
class Walked:
    """What the walk saw in one notebook."""

    name: str
    cells: int = 0
    errors: list[str] = field(default_factory=list)
    clicked: str = ""
    changed: bool = False
    latencies_ms: list[float] = field(default_factory=list)
    run_s: float = 0.0
    screenshot: str = ""
    first_screen: str = ""  # the first screen's screenshot
    acts_first: bool = False  # a widget or a picture shows in the first screen

    @property
    def latency_ms(self) -> float | None:
        return statistics.median(self.latencies_ms) if self.latencies_ms else None

    def line(self) -> str:
        lat = f"; stepper click-to-update {self.latency_ms:.0f} ms (median of {len(self.latencies_ms)})" \
            if self.latency_ms is not None else ""
        first = "a widget or picture" if self.acts_first else "NO widget or picture"
        return (f"{self.name}: {self.cells} code cells run in {self.run_s:.1f}s, {len(self.errors)} error outputs, "
                f"first screen: {first}, "
                f"clicked {self.clicked or 'nothing'} → {'changed' if self.changed else 'NO CHANGE'}{lat}")


# One click, timed in the page: from the click to the first change of the element's text (the event sentence).
_TIMED_CLICK = """([btn, el]) => new Promise(resolve => {
  const old = el.innerText, t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (el.innerText !== old) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(el, {subtree: true, childList: true, characterData: true});
  btn.click();
  setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
})"""
# The output area a button belongs to, as text + markup (what "changed" compares).
_STATE = "(el) => { const o = el.closest('.jp-OutputArea') || el.closest('.jp-Cell') || el; " \
         "return o.innerText + '\\n' + o.innerHTML; }"


def _shutdown_kernels(page: Any) -> None:
    """Stop every kernel of the server (through the page's session manager: the server wants its XSRF cookie)."""
    page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")


def _run_all(page: Any, url: str, rel: str, seen: Walked, reuse: bool = False) -> None:
    """Run all of ``rel``'s cells in a fresh JupyterLab page (``reuse``: in the one ``page`` shows, its earlier
    notebooks closed) and note what ran and every error output."""
    address = rel if reuse else f"{url}/lab/tree/{rel}?reset"
    ran = run_all_in_lab(page, address, open_timeout=90_000, run_timeout=300_000, polling=250)
    seen.run_s, seen.cells, seen.errors = ran.run_s, ran.cells, ran.errors
    # The stderr a widget shows for a bug, in an Output widget (not an error output), counts too.
    seen.errors += page.evaluate(
        "() => [...document.querySelectorAll('.rb-error-bug')].map(e => 'widget bug: ' + e.innerText)")


# A widget view or a picture (SVG, PNG) in an output, drawn and starting above the window's bottom edge.
_ACTS_IN_VIEW = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')].some(o => {
  const r = o.getBoundingClientRect();
  return r.height > 20 && r.top < window.innerHeight - 40 && r.bottom > 0
    && o.querySelector('.jupyter-widgets, svg, img') !== null; })"""


def _first_screen(page: Any, seen: Walked, shot: Path) -> None:
    """Scroll the notebook to its top in the first-screen window; screenshot it and note whether it acts."""
    page.set_viewport_size(FIRST_SCREEN)
    page.evaluate("() => { const nb = window.jupyterapp.shell.currentWidget.content; nb.activeCellIndex = 0;"
                  " return nb.scrollToItem(0, 'start'); }")
    settle(page)  # the widgets redraw at the new width
    page.screenshot(path=str(shot))
    seen.first_screen = str(shot)
    seen.acts_first = bool(page.evaluate(_ACTS_IN_VIEW))
    page.set_viewport_size(WALK_SCREEN)


# JupyterLab draws only the cells near the view: scroll cell by cell until a stepper's button is drawn (or the end).
_SCROLL_TO_A_STEPPER = """async () => { const nb = window.jupyterapp.shell.currentWidget.content;
  const found = () => document.querySelector('.jp-OutputArea-output .rb-step-button') !== null;
  for (let i = 0; i < nb.widgets.length && !found(); i++) {
    await nb.scrollToItem(i, 'start'); await new Promise(r => setTimeout(r, 120)); }
  return found(); }"""


def _click_main_widget(page: Any, seen: Walked) -> Any:
    """Click the first usable stepper's ▶ (timed; one that is shown, enabled and has a sentence; a stepper below the
    first screen is scrolled to) or else the first shown, enabled button of an output; returns the output clicked
    in."""
    if not page.locator(".jp-OutputArea-output .rb-step-button").count():
        page.evaluate(_SCROLL_TO_A_STEPPER)
    steps = page.locator(".jp-OutputArea-output .rb-step-button", has_text="▶")
    for i in range(steps.count()):
        nxt = steps.nth(i)
        nxt.scroll_into_view_if_needed()  # a cell out of view may be drawn hidden
        if not nxt.is_visible() or not nxt.is_enabled():
            continue
        box = nxt.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')][1]")
        sentence = box.locator(".rb-sentence:visible").first
        if not sentence.count() or not sentence.inner_text().strip():
            continue
        seen.clicked = "the stepper's ▶"
        handles = [nxt.element_handle(), sentence.element_handle()]
        for _ in range(LATENCY_CLICKS):  # each timed click waits for the sentence to change (-1: it did not)
            ms = page.evaluate(_TIMED_CLICK, handles)
            if ms >= 0:
                seen.latencies_ms.append(float(ms))
            settle(page, box)  # the rest of the step (the picture follows the sentence)
        seen.changed = bool(seen.latencies_ms)
        return box
    buttons = page.locator(".jp-OutputArea-output button.jupyter-button:visible:enabled")
    for i in range(min(buttons.count(), MAX_BUTTONS)):  # the first button that does something visible
        button = buttons.nth(i)
        button.scroll_into_view_if_needed()
        label = button.inner_text().strip() or button.get_attribute("title") or button.evaluate(
            "(b) => b.querySelector('i')?.className || ''")
        seen.clicked = f"the button {label[:40]!r}"
        before = button.evaluate(_STATE)
        try:  # a button shown only on hover (a bqplot figure's own toolbar: 'PanZoom') cannot be clicked: the next
            button.click(timeout=BUTTON_WAIT_MS)
        except Exception:
            continue
        try:
            page.wait_for_function(f"([el, old]) => ({_STATE})(el) !== old", arg=[button.element_handle(), before],
                                   timeout=BUTTON_WAIT_MS, polling=100)
        except Exception:  # nothing changed: try the next button
            continue
        seen.changed = True
        return button.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')][1]")
    return None


def walk(notebooks: list[Path] | None = None, out_dir: Path = WALK_DIR) -> list[Walked]:
    """Walk ``notebooks`` (default: all) in one JupyterLab server and one Chromium; returns what was seen."""
    from playwright.sync_api import sync_playwright

    notebooks = every_notebook() if notebooks is None else notebooks
    root = Path(tempfile.mkdtemp(prefix="racebook-walk-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    results: list[Walked] = []
    try:
        for nb in notebooks:  # copies: autosave never touches the committed files
            (root / nb.parent.name).mkdir(exist_ok=True)
            shutil.copy(nb, root / nb.parent.name / nb.name)
        with jupyter_lab(root, timeout=120) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            page = None
            try:
                for nb in notebooks:
                    seen = Walked(f"{nb.parent.name}/{nb.stem}")
                    results.append(seen)
                    # One page for the walk: JupyterLab loads once and opens each notebook in turn (loading it
                    # again for each notebook took more than the notebook's own run); after a failure, a new page.
                    reuse = page is not None
                    if page is None:
                        page = browser.new_page(viewport=WALK_SCREEN)
                        page.set_default_timeout(60_000)
                    shot = out_dir / f"{nb.parent.name}_{nb.stem}.png"
                    try:
                        _run_all(page, url, f"{nb.parent.name}/{nb.name}", seen, reuse=reuse)
                        _first_screen(page, seen, shot.with_name(shot.stem + "-first-screen.png"))
                        box = _click_main_widget(page, seen)
                        settle(page)
                        (box if box is not None and box.count() else page).screenshot(path=str(shot))
                        seen.screenshot = str(shot)
                    except Exception as e:
                        seen.errors.append(f"walk failed: {type(e).__name__}: {str(e).splitlines()[0][:300]}")
                        page.screenshot(path=str(shot.with_name(shot.stem + "-failure.png")), full_page=True)
                        with suppress(Exception):
                            _shutdown_kernels(page)
                        page.close()
                        page = None
                    else:
                        _shutdown_kernels(page)
                        close_notebooks(page)
                    print(seen.line(), flush=True)
            finally:
                if page is not None:
                    page.close()
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return results


# The page is rendered: Voilà ran every cell (its loading splash is gone) and every widget output of the notebook is
# drawn: as many outputs hold a drawn widget view as the executed notebook has widget outputs, and none still shows
# the "Loading widget..." placeholder (until the widget manager has drawn them, the outputs are not there at all, or
# say that).
_RENDERED = """(widgets) => !document.getElementById('loading') && document.getElementById('rendered_cells')
  && [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.querySelector('.jupyter-widgets'))
       .length >= widgets
  && ![...document.querySelectorAll('.jp-OutputArea-output')].some(o => o.childElementCount === 0
       && o.textContent.includes('Loading widget'))"""


def widget_outputs(nb: Path) -> int:
    """How many widget outputs the executed notebook ``nb`` has (what presenter mode must draw; a committed notebook
    keeps a placeholder for each, tools/widget_outputs.py)."""
    sys.path.insert(0, str(REPO / "tools"))
    from widget_outputs import is_widget

    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return sum(is_widget(o) for c in cells for o in c.get("outputs", []))


def presenter_times(notebooks: list[Path] | None = None, out_dir: Path = WALK_DIR) -> dict[str, float]:
    """Render every notebook in presenter mode (``racebook workshop``'s Voilà, one server for all) in Chromium;
    returns name → seconds from opening the URL to the page drawn (every cell run, every widget output drawn)."""
    from playwright.sync_api import sync_playwright

    notebooks = every_notebook() if notebooks is None else notebooks
    root = Path(tempfile.mkdtemp(prefix="racebook-presenter-"))
    times: dict[str, float] = {}
    try:
        site = root / "notebooks"
        for nb in notebooks:
            (site / nb.parent.name).mkdir(parents=True, exist_ok=True)
            shutil.copy(nb, site / nb.parent.name / nb.name)
        with presenter(site, root, timeout=120) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                for nb in notebooks:
                    name = f"{nb.parent.name}/{nb.stem}"
                    page = browser.new_page(viewport={"width": 1400, "height": 1000})
                    t0 = time.monotonic()
                    page.goto(f"{url}voila/render/{nb.parent.name}/{nb.name}", wait_until="commit",
                              timeout=300_000)
                    page.wait_for_function(_RENDERED, arg=widget_outputs(nb), timeout=300_000, polling=100)
                    times[name] = time.monotonic() - t0
                    page.screenshot(path=str(out_dir / f"{nb.parent.name}_{nb.stem}_presenter.png"))
                    page.close()
                    print(f"{name}: presenter mode drawn in {times[name]:.1f}s", flush=True)
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return times


if __name__ == "__main__":
    args = sys.argv[1:]
    in_presenter = "--presenter" in args
    wanted = [a for a in args if not a.startswith("--")]
    picked = [p for p in every_notebook() if not wanted or any(w in p.stem for w in wanted)]
    t0 = time.monotonic()
    if in_presenter:
        WALK_DIR.mkdir(parents=True, exist_ok=True)
        presenter_times(picked)
    else:
        walk(picked)
    print(f"{len(picked)} notebooks in {time.monotonic() - t0:.0f}s")
