"""A real-browser check of the notebook widgets (Debian chromium + Playwright + JupyterLab).

As a pytest test it skips unless /usr/bin/chromium and the playwright package
are present (browsers are never downloaded: Playwright drives Debian's
chromium through ``executable_path``). It starts JupyterLab on a free port
with a throwaway notebook that displays ``ScenarioPlayer`` for ex26, runs the
cells with Shift+Enter, clicks ▶ a few times, and checks that the bqplot SVG
is drawn and that the event sentence changes. The server is always stopped.

As a script it also saves screenshots, for looking at the view::

    python tests/browser_check.py --scenario ex14 --position 12 --out /tmp/ui_trackview.png
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FAILURE_SHOT = "/tmp/racebook-browser-failure.png"
REPO = Path(__file__).resolve().parent.parent
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook(scenario: str, position: int | None, width: int, code: str = "") -> dict:
    src = [
        "import racebook\n",
        "from racebook.rf90.ui import ScenarioPlayer\n",
        f"player = ScenarioPlayer(racebook.load_scenario({scenario!r}), width={width})\n",
    ]
    if code:  # custom set-up: must define `player`
        src = [line + "\n" for line in code.splitlines()]
    if position is not None:
        src.append(f"player.go({position})\n")
    src.append("player\n")
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "player", "metadata": {}, "outputs": [],
                   "source": src}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@contextmanager
def _serve(cmd: list[str], root: Path, env: dict[str, str], probe: str, name: str,
           timeout: float = 45.0) -> Iterator[None]:
    """Run a server (``cmd``) with its log in ``root``; wait until ``probe`` answers 200; always stop it."""
    log = open(root / f"{name}.log", "wb")  # noqa: SIM115 - closed in finally
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited early:\n{(root / f'{name}.log').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(probe, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name} did not answer in {timeout:.0f}s")
            time.sleep(0.5)
        yield
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)
        log.close()


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["JUPYTER_RUNTIME_DIR"] = str(root / ".runtime")
    return env


@contextmanager
def jupyter_lab(root: Path, timeout: float = 45.0) -> Iterator[str]:
    """Run JupyterLab on a free port in ``root``; yields its base URL; always stops it."""
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
           f"--ServerApp.root_dir={root}", f"--LabApp.workspaces_dir={root / '.workspaces'}",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.expose_app_in_browser=True"]
    url = f"http://127.0.0.1:{port}"
    with _serve(cmd, root, _env(root), f"{url}/api/status", "jupyter-lab", timeout):
        yield url


@contextmanager
def presenter(notebook: Path, root: Path, timeout: float = 45.0) -> Iterator[str]:
    """Run the presenter mode (``racebook workshop``'s Voilà command) on ``notebook``; yields its URL."""
    from racebook.rulepages import presenter_root
    from racebook.workshop import command

    port = _free_port()
    with presenter_root() as pages:  # the rules digests as pages, as `racebook workshop` serves them
        cmd = command(notebook, port=port, open_browser=False, pages=pages)
        env = _env(root)
        env["JUPYTER_PATH"] = cmd.env["JUPYTER_PATH"]
        # The page itself runs the notebook; the probe only asks for Voilà's static files.
        with _serve(cmd.argv, root, env, f"{cmd.url}voila/static/voila.js", "voila", timeout):
            yield cmd.url


@contextmanager
def lab_and_browser(timeout: float = 45.0) -> Iterator[tuple[Path, str, Any]]:
    """One JupyterLab server (in a throwaway root) and one headless Chromium, shared by several :func:`run_check`
    calls (each its own notebook, page and kernel): starting JupyterLab costs ~5 s of CPU, so the checks of every
    track view share one. Yields (root, url, browser); always stops both and removes the root."""
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="racebook-browser-"))
    try:
        with jupyter_lab(root, timeout) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                yield root, url, browser
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_check(scenario: str = "ex26", clicks: int = 3, position: int | None = None, out: Path | None = None,
              width: int = 980, code: str = "", lab: tuple[Path, str, Any] | None = None,
              layout: bool = False) -> dict:
    """Open the player in a real browser, click ▶ ``clicks`` times; returns what was seen (with ``layout``, also
    :data:`_LAYOUT_JS`'s report as ``seen["layout"]``). With ``lab`` (from :func:`lab_and_browser`) in that server
    and browser, in a notebook of its own whose kernel is stopped after; else in a JupyterLab and a Chromium of its
    own."""
    if lab is None:
        with lab_and_browser() as own:
            return run_check(scenario, clicks, position, out, width, code, own, layout)
    root, url, browser = lab
    seen: dict = {"sentences": []}
    name = f"check-{len(list(root.glob('check-*.ipynb')))}.ipynb"
    (root / name).write_text(json.dumps(_notebook(scenario, position, width, code)), encoding="utf-8")
    page = browser.new_page(viewport={"width": width + 420, "height": 1500})
    page.set_default_timeout(30_000)
    page.on("console", lambda m: seen.setdefault("console", []).append(f"{m.type}: {m.text}"))
    try:
        _drive(page, url, name, clicks, out, seen)
        if layout:
            seen["layout"] = page.evaluate(_LAYOUT_JS)
    except Exception:
        page.screenshot(path=FAILURE_SHOT, full_page=True)
        sys.stderr.write(f"browser check failed; page screenshot: {FAILURE_SHOT}\n"
                         + "\n".join(seen.get("console", [])[-20:]) + "\n")
        raise
    finally:
        # The next check's notebook gets a kernel of its own: this one is not left running beside it (hygiene, not a
        # check: a failure to stop it must not hide the check's own error).
        with suppress(Exception):
            page.evaluate("() => window.jupyterapp?.serviceManager.sessions.shutdownAll()")
        page.close()
    return seen


# Resolves once nothing under ``el`` (the page's body if null) has changed for ``quiet`` ms (a MutationObserver:
# nodes, attributes, text), or after ``cap`` ms; returns the ms waited.
_SETTLE = """([el, sel, quiet, cap]) => new Promise(resolve => {
  const target = el || (sel && document.querySelector(sel)) || document.body, t0 = performance.now();
  let timer = null;
  const done = () => { obs.disconnect(); clearTimeout(timer); clearTimeout(stop); resolve(performance.now() - t0); };
  const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
  obs.observe(target, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(done, quiet);
  const stop = setTimeout(done, cap);
})"""


#: What :func:`settle` watches by default: JupyterLab's notebook (not its status bar), else presenter mode's page.
NOTEBOOK_AREA = ".jp-Notebook"


def settle(page: Any, within: Any = NOTEBOOK_AREA, quiet_ms: int = 250, cap_ms: int = 3_000) -> float:
    """Wait until the element ``within`` (a locator, a handle, or a CSS selector: the first match, else the page's
    body) has stopped changing: no DOM change for ``quiet_ms`` (bqplot's transitions, a widget redrawn at a new width,
    JupyterLab drawing cells scrolled into view), at most ``cap_ms``. Waits on the page's own changes instead of a
    fixed sleep: as short as the page allows, as long as it needs (up to the cap) on a loaded machine. Returns the
    ms waited."""
    if isinstance(within, str):
        return float(page.evaluate(_SETTLE, [None, within, quiet_ms, cap_ms]))
    handle = within.element_handle() if hasattr(within, "element_handle") else within
    return float(page.evaluate(_SETTLE, [handle, None, quiet_ms, cap_ms]))


def _drive(page: Any, url: str, name: str, clicks: int, out: Path | None, seen: dict) -> None:
    page.goto(f"{url}/lab/tree/{name}?reset", wait_until="domcontentloaded")  # ?reset: no tab of an earlier check
    page.wait_for_selector(".jp-Notebook .jp-Cell .cm-content", timeout=60_000)
    # Wait until the kernel is connected and idle, then run the cell (Shift+Enter); retry if it was too early.
    page.wait_for_function("() => /Idle/.test(document.querySelector('.jp-StatusBar-Widget, .jp-StatusBar')"
                           "?.innerText || '')", timeout=60_000)
    prompt = page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt")
    for _attempt in range(4):
        page.locator(".jp-Notebook .jp-Cell .cm-content").first.click()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function("(el) => /\\[(\\*|\\d+)\\]/.test(el.innerText)", arg=prompt.element_handle(),
                                   timeout=5_000)
            break
        except Exception:  # the kernel was not ready yet: the cell did not start
            page.wait_for_timeout(1_000)
    no = page.get_by_role("button", name="No")  # the "Jupyter news?" toast
    if no.count():
        no.first.click()
    page.wait_for_selector(".bqplot svg", timeout=40_000)
    sentence = page.locator(".rb-sentence").first
    sentence.wait_for(timeout=30_000)
    settle(page)  # the first frame's transitions
    seen["svg"] = page.locator(".bqplot svg").count()
    seen["sentences"].append(sentence.inner_text())
    nxt = page.locator(".rb-step-button", has_text="▶").first
    for _ in range(clicks):
        before = seen["sentences"][-1]
        nxt.click()
        page.wait_for_function(
            "([el, old]) => el.innerText !== old", arg=[sentence.element_handle(), before],
            timeout=10_000)
        seen["sentences"].append(sentence.inner_text())
    seen["paths"] = page.locator(".bqplot svg path").count()
    seen["texts"] = page.evaluate(
        "() => [...document.querySelectorAll('.bqplot svg text')].map(t => t.textContent).filter(t => t)")
    seen["text_boxes"] = page.evaluate(
        "() => [...document.querySelectorAll('.bqplot svg text')].filter(t => t.textContent.trim())"
        ".map(t => { const r = t.getBoundingClientRect();"
        " return [t.textContent, r.left, r.top, r.right, r.bottom]; }).filter(b => b[3] > b[1])")
    if out is not None:
        page.wait_for_timeout(500)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.locator(".bqplot").first.screenshot(path=str(out))
        page.locator(".jp-OutputArea-output").first.screenshot(
            path=str(out.with_name(out.stem + "_player.png")))


OUTPUT_DIR = Path(os.environ.get("RACEBOOK_TEST_OUTPUT", REPO / "test-output")) / "browser"
NOTEBOOK_ACTIVATION = REPO / "notebooks" / "rf90" / "03_activation.ipynb"
WIDGET_CELL = ".jp-OutputArea-output"


def _stepper_clicks(page: Any, clicks: int, seen: dict) -> Any:
    """In the first output holding a track view and a stepper, click ▶ ``clicks`` times.

    Records each sentence and the figure's SVG markup after each click in ``seen``; returns the output."""
    box = page.locator(WIDGET_CELL).filter(has=page.locator(".rb-sentence")).filter(
        has=page.locator(".bqplot svg.svg-figure")).first
    box.wait_for(timeout=90_000)
    box.scroll_into_view_if_needed()
    sentence = box.locator(".rb-sentence").first
    figure = box.locator(".bqplot svg.svg-figure").first
    page.wait_for_function("(el) => el.innerText.trim().length > 0", arg=sentence.element_handle(), timeout=30_000)
    settle(page, box)  # the first frame's transitions
    seen.setdefault("sentences", []).append(sentence.inner_text())
    seen.setdefault("figures", []).append(figure.inner_html())
    nxt = box.locator(".rb-step-button", has_text="▶").first
    for _ in range(clicks):
        before = seen["sentences"][-1]
        nxt.click()
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[sentence.element_handle(), before],
                               timeout=10_000)
        settle(page, box)  # bqplot animates marks; let the transition end
        seen["sentences"].append(sentence.inner_text())
        seen["figures"].append(figure.inner_html())
    seen["texts"] = figure.evaluate("(svg) => [...svg.querySelectorAll('text')].map(t => t.textContent)"
                                    ".filter(t => t)")
    return box


def _browser_page(pw: Any, width: int = 1400, height: int = 1500) -> tuple[Any, Any, dict]:
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(30_000)
    seen: dict = {"console": []}
    page.on("console", lambda m: seen["console"].append(f"{m.type}: {m.text}"))
    return browser, page, seen


def _on_failure(page: Any, seen: dict, name: str) -> None:
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    shot = OUTPUT_DIR / f"{name}-failure.png"
    page.screenshot(path=str(shot), full_page=True)
    sys.stderr.write(f"browser check failed; page screenshot: {shot}\n" + "\n".join(seen["console"][-20:]) + "\n")


@contextmanager
def _browser_session(notebook: Path, server: Any, name: str) -> Iterator[tuple[str, Any, dict, Path]]:
    """A temp copy of ``notebook``, ``server(copy, root)`` running on it and a Chromium page.

    Yields (url, page, seen, copy); on an error saves a failure screenshot; always cleans up.
    The copy keeps autosave away from the committed file."""
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix=f"racebook-{name}-"))
    try:
        copy = root / notebook.name
        shutil.copy(notebook, copy)
        with server(copy, root) as url, sync_playwright() as pw:
            browser, page, seen = _browser_page(pw)
            try:
                yield url, page, seen, copy
            except Exception:
                _on_failure(page, seen, name)
                raise
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


#: The code cells of the notebook in JupyterLab's current tab (its model: cells out of view are not rendered) and its
#: kernel, as the page sees them.
CODE_CELLS = "[...window.jupyterapp.shell.currentWidget.content.model.cells].filter(c => c.type === 'code')"
KERNEL = "window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel"


@dataclass
class RunAll:
    """What :func:`run_all_in_lab` saw: seconds from opening the page to the kernel idle, and of Run All; the code
    cells, how many ran, and the error outputs (``ename: evalue``)."""

    boot_s: float
    run_s: float
    cells: int
    cells_run: int
    errors: list[str]


def run_all_in_lab(page: Any, address: str, *, open_timeout: float = 60_000, idle_timeout: float | None = None,
                   run_timeout: float = 120_000, polling: float | str = "raf", until_error: bool = False,
                   dismiss_news: bool = True) -> RunAll:
    """Open the notebook at ``address`` in ``page``: JupyterLab's ``…/lab/tree/<path>[?reset]``, JupyterLite's
    ``…/lab/index.html?path=<path>``, or a bare path, opened in the JupyterLab ``page`` already shows (as
    :func:`close_notebooks` left it) without loading the page again. Wait until it is drawn (``open_timeout`` ms) and
    its kernel is idle (``idle_timeout`` ms, default ``open_timeout``); dismiss the "Jupyter news?" toast
    (``dismiss_news``); Run All Cells and wait (``run_timeout`` ms, checking every ``polling`` ms or animation frame)
    until every code cell has run and the kernel is idle again — with ``until_error``, also done when a cell has an
    error output (Run All stops there). The one way every browser check opens and runs a notebook (the walk, the
    first-race screens, the full race, the rule links, Lite); only the timeouts differ."""
    t0 = time.monotonic()
    fresh = address.startswith(("http://", "https://"))  # a page load (the toast shows once a page)
    if fresh:
        page.goto(address, wait_until="domcontentloaded")
        drawn = "() => window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell')"
    else:  # a path in the JupyterLab already open in ``page``: its document manager opens it, no page load
        page.evaluate("async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                      address)
        drawn = (f"() => window.jupyterapp.shell.currentWidget?.context?.path === {json.dumps(address)}"
                 " && document.querySelector('.jp-Notebook .jp-Cell')")
    page.wait_for_function(drawn, timeout=open_timeout)
    page.wait_for_function(f"() => {KERNEL}?.status === 'idle'",
                           timeout=open_timeout if idle_timeout is None else idle_timeout)
    boot_s = time.monotonic() - t0
    if dismiss_news and fresh:
        no = page.get_by_role("button", name="No")  # the "Jupyter news?" toast
        if no.count() and no.first.is_visible():  # not a hidden button whose name holds "no"
            no.first.click()
    t1 = time.monotonic()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    failed = " || cells.some(c => c.toJSON().outputs.some(o => o.output_type === 'error'))" if until_error else ""
    page.wait_for_function(
        f"() => {{ const cells = {CODE_CELLS}; return cells.length > 0 && {KERNEL}?.status === 'idle'"
        f" && (cells.every(c => c.executionCount !== null){failed}); }}", timeout=run_timeout, polling=polling)
    run_s = time.monotonic() - t1
    return RunAll(
        boot_s=boot_s, run_s=run_s, cells=page.evaluate(f"() => {CODE_CELLS}.length"),
        cells_run=page.evaluate(f"() => {CODE_CELLS}.filter(c => c.executionCount !== null).length"),
        errors=page.evaluate(f"() => {CODE_CELLS}.flatMap(c => c.toJSON().outputs)"
                             ".filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue)"))


def close_notebooks(page: Any) -> None:
    """Close every document of the JupyterLab in ``page`` without a "Save?" dialog (the copies run in a throwaway
    folder; nothing is kept), so the next :func:`run_all_in_lab` of a bare path finds a clean page."""
    page.evaluate("() => { for (const w of [...window.jupyterapp.shell.widgets('main')]) {"
                  " if (w.context) w.context.model.dirty = false; w.dispose(); } }")


def check_notebook_in_lab(notebook: Path = NOTEBOOK_ACTIVATION, clicks: int = 3, shot: Path | None = None) -> dict:
    """Open a copy of ``notebook`` in JupyterLab, run all its cells, step its first player."""
    with _browser_session(notebook, lambda copy, root: jupyter_lab(root), "lab") as (url, page, seen, _copy):
        ran = run_all_in_lab(page, f"{url}/lab/tree/{notebook.name}")
        seen["cells_run"] = ran.cells
        seen["errors"] = len(ran.errors)
        box = _stepper_clicks(page, clicks, seen)
        if shot is not None:
            shot.parent.mkdir(parents=True, exist_ok=True)
            box.screenshot(path=str(shot))
            seen["screenshot"] = str(shot)
    return seen


def check_presenter(notebook: Path = NOTEBOOK_ACTIVATION, clicks: int = 3, shot: Path | None = None) -> dict:
    """Open ``notebook`` in presenter mode (Voilà + racebook's template), step its first player."""
    with _browser_session(notebook, presenter, "presenter") as (url, page, seen, _copy):
        page.goto(url, wait_until="domcontentloaded", timeout=120_000)
        box = _stepper_clicks(page, clicks, seen)
        seen["code_inputs_visible"] = page.locator(
            ".jp-CodeCell .jp-InputArea:visible, .cm-editor:visible").count()
        seen["markdown_cells"] = page.locator(".jp-MarkdownOutput:visible, .jp-RenderedMarkdown:visible"
                                              ).count()
        seen["hidden_cells"] = page.locator(".rb-presenter-hidden").count()
        seen["body_font_px"] = page.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('.jp-RenderedHTMLCommon p'))"
            ".fontSize)")
        seen["sentence_font_px"] = box.locator(".rb-sentence").first.evaluate(
            "(el) => parseFloat(getComputedStyle("
            "el.querySelector('.widget-html-content > div') || el).fontSize)")
        seen["tracebacks"] = page.locator(".jp-RenderedText[data-mime-type*='error']").count()
        if shot is not None:
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shot), full_page=False)
            seen["screenshot"] = str(shot)
    return seen


def _assert_stepped(seen: dict, clicks: int) -> None:
    s, f = seen["sentences"], seen["figures"]
    assert len(s) == clicks + 1 and len(set(s)) == clicks + 1, f"the sentence did not change on every ▶: {s}"
    # Not every event moves a mark (e.g. "Game Turn 5 begins"), but within a few it must.
    assert f[-1] != f[0], "the bqplot figure did not change after the ▶ clicks"
    assert set("ABCDEFGHIJKL") <= set(seen["texts"]), seen["texts"]  # the teaching track's section names


def _available() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if shutil.which("jupyter") is None and not (Path(sys.executable).parent / "jupyter").exists():
        return "jupyter is not installed"
    return None


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_player_in_browser() -> None:
    t0 = time.monotonic()
    seen = run_check("ex26", clicks=3)
    assert seen["svg"] >= 1, "no bqplot SVG in the page"
    assert seen["paths"] >= 12, "the bqplot figure drew no section paths"
    assert set("ABCDEFGHIJKL") <= set(seen["texts"]), seen["texts"]  # the section names of the teaching track
    assert "Turn 2" in seen["texts"]
    s = seen["sentences"]
    assert len(s) == 4 and len(set(s)) == 4, s
    assert s[0].startswith("Start position")
    print(f"{time.monotonic() - t0:.1f}s")  # measured, not asserted: timings belong to the benchmark script


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_activation_notebook_in_lab() -> None:
    """Issue 9: 03_activation.ipynb run in JupyterLab + Chromium; ▶ changes the figure and the sentence."""
    seen = check_notebook_in_lab(NOTEBOOK_ACTIVATION, clicks=4, shot=OUTPUT_DIR / "03_activation_lab.png")
    print(f"screenshot: {seen['screenshot']}")
    assert seen["errors"] == 0, "a cell of 03_activation raised in the browser"
    assert seen["sentences"][0].startswith("Start position"), seen["sentences"][0]
    assert seen["cells_run"] >= 15, seen["cells_run"]
    _assert_stepped(seen, 4)
    assert Path(seen["screenshot"]).stat().st_size > 10_000


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_presenter_mode_in_browser() -> None:
    """Issue 9: the presenter mode shows explanation and widgets only, in large type, and the widgets work."""
    pytest.importorskip("voila")
    seen = check_presenter(NOTEBOOK_ACTIVATION, clicks=4, shot=OUTPUT_DIR / "03_activation_presenter.png")
    print(f"screenshot: {seen['screenshot']}")
    _assert_stepped(seen, 4)
    assert seen["code_inputs_visible"] == 0, "code is visible in presenter mode"
    assert seen["markdown_cells"] >= 10, seen["markdown_cells"]
    assert seen["hidden_cells"] >= 5, "text-only code cells were not hidden"
    assert seen["body_font_px"] >= 20 and seen["sentence_font_px"] >= 22, seen
    assert seen["tracebacks"] == 0


# One scenario per shipped track, for the track-view screenshots (issue 17): a position with several cars.
TRACK_SHOTS = {"teaching": ("ex14", 2), "silverstone": ("ex16", 2), "monza": ("ex34", 2)}
_ANY_TRACK = """import pathlib, tempfile
import racebook
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui import ScenarioPlayer
t = load_track({track!r}); s = [x.name for x in t.sections]
f = pathlib.Path(tempfile.mkdtemp()) / "shot.toml"
f.write_text(f'[scenario]\\nid = "shot"\\ntitle = "{{t.name}}"\\ncite = "issue 17"\\ntrack = "{track}"\\n'
             f'position = "{track} turn=1 | {{s[-1]}}: Blue* Red | {{s[len(s) // 2]}}: Green"\\nactions = []\\n')
player = ScenarioPlayer(racebook.load_scenario(str(f)), width={width})"""


def _text_overlaps(boxes: list[list[Any]]) -> list[tuple[str, str]]:
    """Pairs of texts of the figure whose boxes (as the browser laid them out) overlap by more than 1 px."""
    out = []
    for i, (ta, *a) in enumerate(boxes):
        for tb, *b in boxes[i + 1:]:
            if a[0] + 1 < b[2] and b[0] + 1 < a[2] and a[1] + 1 < b[3] and b[1] + 1 < a[3]:
                out.append((ta, tb))
    return out


def screenshot_tracks(out_dir: Path, width: int = 1280, tracks: list[str] | None = None) -> dict[str, dict]:
    """Screenshot the track view of every shipped track (the track files) in JupyterLab: a ScenarioPlayer at
    ``width`` px, ``out_dir/<track>.png`` (the figure) and ``<track>_player.png`` (the whole widget). A track
    without a scenario in :data:`TRACK_SHOTS` gets a three-car position. Each result has ``overlaps``: the pairs of
    texts whose boxes in the browser overlap."""
    from racebook.rf90.trackfile import available_tracks

    seen: dict[str, dict] = {}
    with lab_and_browser() as lab:  # one JupyterLab and one Chromium for every track
        for track in tracks or available_tracks():
            if track in TRACK_SHOTS:
                scenario, clicks = TRACK_SHOTS[track]
                got = run_check(scenario, clicks=clicks, out=out_dir / f"{track}.png", width=width, lab=lab)
            else:
                got = run_check("ex26", clicks=0, out=out_dir / f"{track}.png", width=width,
                                code=_ANY_TRACK.format(track=track, width=width), lab=lab)
            got["overlaps"] = _text_overlaps(got.get("text_boxes", []))
            seen[track] = got
    return seen


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_every_track_view_in_lab() -> None:
    """Issue 17: every shipped track's view in JupyterLab + Chromium, screenshot into test-output/browser/tracks/;
    the texts of the figure, as the browser lays them out, never overlap."""
    seen = screenshot_tracks(OUTPUT_DIR / "tracks")
    for track, got in seen.items():
        shot = OUTPUT_DIR / "tracks" / f"{track}.png"
        print(f"screenshot: {shot}")
        assert shot.stat().st_size > 10_000, track
        assert len(got["text_boxes"]) >= 10, (track, got["text_boxes"])
        assert got["overlaps"] == [], (track, got["overlaps"])


#: Automobiles board views (issue 22): a greedy 5-player race on the teaching board in round 12, two cubes on the
#: track, and the Burnout worked example on the ladder board.
AUTOMOBILES_SHOTS = {
    "teaching": """from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.setup import new_state
from racebook.automobiles.ui import RacePlayer
race = Race(new_state(5, seed=4))
driver = GreedyDriver()
for _ in range(400):
    race.apply(driver.choose(race, race.legal_actions()))
    if race.state.round >= 12 and len(race.state.players[race.current_car].track) >= 2:
        break
player = RacePlayer(race, width={width}, position=None)
player.go(player.stepper.count - 2)""",
    "ladder": """from racebook.automobiles.ui import RacePlayer
player = RacePlayer("auto_ex05_burnout", width={width})""",
}


def screenshot_automobiles(out_dir: Path, width: int = 1280) -> dict[str, dict]:
    """Screenshot the Automobiles board view of both shipped boards in JupyterLab (a RacePlayer at ``width`` px):
    ``out_dir/<board>.png`` (the figure) and ``<board>_player.png`` (the whole widget), after two clicks on ▶."""
    seen: dict[str, dict] = {}
    with lab_and_browser() as lab:  # one JupyterLab and one Chromium for both boards
        for board, code in AUTOMOBILES_SHOTS.items():
            got = run_check(clicks=2, out=out_dir / f"{board}.png", width=width, code=code.format(width=width),
                            lab=lab)
            got["overlaps"] = _text_overlaps(got.get("text_boxes", []))
            seen[board] = got
    return seen


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_automobiles_board_views_in_lab() -> None:
    """Issue 22: both Automobiles boards' views in JupyterLab + Chromium; the figure's texts never overlap."""
    seen = screenshot_automobiles(OUTPUT_DIR / "automobiles")
    for board, got in seen.items():
        assert (OUTPUT_DIR / "automobiles" / f"{board}.png").stat().st_size > 10_000, board
        assert len(got["text_boxes"]) >= 40 and len(got["sentences"]) == 3, (board, len(got["text_boxes"]),
                                                                             got["sentences"])
        assert got["overlaps"] == [], (board, got["overlaps"])


#: The worked examples on the real circuits (issue 33 item 5), each stepped to the event that shows it: Ex. 31's late
#: braking at Abbey (Silverstone), Ex. 34's at Variante Ascari (Monza), Ex. X1-2's Eau Rouge ET (Spa), and
#: notebook 14's Monaco position at Mirabeau (racebook.rf90.lessons.extreme_x1.MONACO_POSITION, no event to step).
EXAMPLE_SHOTS = {"silverstone": ("ex31", 3), "monza": ("ex34", 3), "spa": ("x1_02", 4), "monaco": ("", 0)}
_MONACO = """import pathlib, tempfile
import racebook
from racebook.rf90.lessons.extreme_x1 import MONACO_POSITION
from racebook.rf90.ui import ScenarioPlayer
f = pathlib.Path(tempfile.mkdtemp()) / "monaco.toml"
f.write_text(f'[scenario]\\nid = "monaco"\\ntitle = "Monaco at Mirabeau"\\ncite = "issue 33"\\ntrack = "monaco"\\n'
             f'position = "{{MONACO_POSITION}}"\\nactions = []\\n')
player = ScenarioPlayer(racebook.load_scenario(str(f)), width={width})"""
#: What the browser reports of the figure, the ▶ button and the picture's framed area (px of the page).
_LAYOUT_JS = """() => {
  const fig = document.querySelector('.bqplot svg.svg-figure');
  const area = fig.getBoundingClientRect();
  const next = [...document.querySelectorAll('.rb-step-button')].find(b => b.innerText.trim() === '▶');
  const sentence = document.querySelector('.rb-sentence');
  const inside = r => r.left >= area.left && r.right <= area.right && r.top >= area.top && r.bottom <= area.bottom;
  const labels = [...fig.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t => {
      const b = t.getBBox(), r = t.getBoundingClientRect();
      return [t.textContent, r.left, r.top, r.right, r.bottom, b.width, b.height]; })
    .filter(b => b[4] > b[2] && inside({left: b[1], top: b[2], right: b[3], bottom: b[4]}));
  const whole = document.querySelector('.rb-whole-circuit input');
  return {area: [area.left, area.top, area.right, area.bottom], labels,
          next: next ? [next.getBoundingClientRect().top, next.getBoundingClientRect().bottom] : null,
          sentence: sentence ? [sentence.getBoundingClientRect().top, sentence.getBoundingClientRect().bottom] : null,
          whole: whole ? whole.checked : null};
}"""


def screenshot_examples(out_dir: Path, width: int = 980) -> dict[str, dict]:
    """Screenshot the scenario player on each of :data:`EXAMPLE_SHOTS` in JupyterLab (``width`` px, the notebooks'
    width): ``out_dir/<track>.png`` (the figure) and ``<track>_player.png`` (the whole widget). Each result has
    ``layout`` (:data:`_LAYOUT_JS`: the labels in the framed area with their boxes, where ▶ and the sentence are)
    and ``overlaps``: the pairs of those labels whose boxes overlap."""
    seen: dict[str, dict] = {}
    with lab_and_browser() as lab:  # one JupyterLab and one Chromium for the four circuits
        for track, (scenario, clicks) in EXAMPLE_SHOTS.items():
            code = _MONACO.format(width=width) if not scenario else ""
            got = run_check(scenario or "ex26", clicks=clicks, out=out_dir / f"{track}.png", width=width, code=code,
                            lab=lab, layout=True)
            got["overlaps"] = _text_overlaps([b[:5] for b in got["layout"]["labels"]])
            seen[track] = got
    return seen


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_example_views_frame_the_action_in_lab() -> None:
    """Issue 33 item 5: the example views on Silverstone, Monza, Spa and Monaco in JupyterLab + Chromium (980 px,
    as in the notebooks): framed, no two labels in the framed area overlap (their boxes as the browser lays them
    out), and ▶ and the sentence sit right under the picture, within one 768 px screen of its top."""
    seen = screenshot_examples(OUTPUT_DIR / "examples")
    for track, got in seen.items():
        lay = got["layout"]
        print(f"screenshot: {OUTPUT_DIR / 'examples' / f'{track}.png'}; {len(lay['labels'])} labels in view")
        assert (OUTPUT_DIR / "examples" / f"{track}.png").stat().st_size > 5_000, track
        assert len(lay["labels"]) >= 5, (track, lay["labels"])
        assert all(b[5] > 0 and b[6] > 0 for b in lay["labels"]), track  # getBBox: laid out, not empty
        assert got["overlaps"] == [], (track, got["overlaps"])
        top, bottom = lay["area"][1], lay["area"][3]
        assert lay["next"] is not None and bottom <= lay["next"][0] <= bottom + 60, (track, lay)
        assert lay["sentence"][1] - top <= 768, (track, lay)  # picture, ▶ and sentence: one screen
        assert lay["whole"] is False, track  # framed by default; the checkbox shows the whole circuit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="ex26")
    ap.add_argument("--clicks", type=int, default=3)
    ap.add_argument("--position", type=int, default=None, help="player.go(N) before displaying")
    ap.add_argument("--width", type=int, default=980)
    ap.add_argument("--out", type=Path, default=Path("/tmp/ui_trackview.png"))
    ap.add_argument("--code", default="", help="notebook code that defines `player` (instead of --scenario)")
    ap.add_argument("--automobiles", type=Path, default=None, metavar="DIR",
                    help="screenshot both Automobiles boards' views into DIR (screenshot_automobiles) and stop")
    ap.add_argument("--examples", type=Path, default=None, metavar="DIR",
                    help="screenshot the example views of the real circuits into DIR (screenshot_examples) and stop")
    ap.add_argument("--tracks", type=Path, default=None, metavar="DIR",
                    help="screenshot every shipped track's view into DIR (see screenshot_tracks) and stop")
    a = ap.parse_args()
    if a.automobiles is not None:
        for board, s in screenshot_automobiles(a.automobiles, a.width if a.width != 980 else 1280).items():
            print(board, len(s.get("texts", [])), "texts; overlapping:", s["overlaps"])
        return
    if a.examples is not None:
        for track, s in screenshot_examples(a.examples, a.width).items():
            print(track, len(s["layout"]["labels"]), "labels in view; overlapping:", s["overlaps"])
        return
    if a.tracks is not None:
        for track, s in screenshot_tracks(a.tracks, a.width if a.width != 980 else 1280).items():
            print(track, len(s.get("texts", [])), "texts; overlapping:", s["overlaps"])
        return
    t0 = time.monotonic()
    seen = run_check(a.scenario, a.clicks, a.position, a.out, a.width, a.code)
    print(json.dumps(seen, indent=1, ensure_ascii=False))
    print(f"screenshots: {a.out} and {a.out.with_name(a.out.stem + '_player.png')} ({time.monotonic() - t0:.1f}s)")


if __name__ == "__main__":
    main()
