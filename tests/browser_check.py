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
from contextlib import contextmanager
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
        "from racebook.ui import ScenarioPlayer\n",
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
def jupyter_lab(root: Path, timeout: float = 45.0) -> Iterator[str]:
    """Run JupyterLab on a free port in ``root``; yields its base URL; always stops it."""
    port = _free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["JUPYTER_RUNTIME_DIR"] = str(root / ".runtime")
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
           f"--ServerApp.root_dir={root}", f"--LabApp.workspaces_dir={root / '.workspaces'}",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(root / "lab.log", "wb")  # noqa: SIM115 - closed in finally
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited early:\n{(root / 'lab.log').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"jupyter lab did not answer in {timeout:.0f}s")
            time.sleep(0.5)
        yield url
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


def run_check(scenario: str = "ex26", clicks: int = 3, position: int | None = None, out: Path | None = None,
              width: int = 980, code: str = "") -> dict:
    """Open the player in a real browser, click ▶ ``clicks`` times; returns what was seen."""
    from playwright.sync_api import sync_playwright

    seen: dict = {"sentences": []}
    root = Path(tempfile.mkdtemp(prefix="racebook-browser-"))
    try:
        (root / "check.ipynb").write_text(json.dumps(_notebook(scenario, position, width, code)), encoding="utf-8")
        with jupyter_lab(root) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": width + 420, "height": 1500})
                page.set_default_timeout(30_000)
                page.on("console", lambda m: seen.setdefault("console", []).append(f"{m.type}: {m.text}"))
                try:
                    _drive(page, url, clicks, out, seen)
                except Exception:
                    page.screenshot(path=FAILURE_SHOT, full_page=True)
                    sys.stderr.write(f"browser check failed; page screenshot: {FAILURE_SHOT}\n"
                                     + "\n".join(seen.get("console", [])[-20:]) + "\n")
                    raise
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return seen


def _drive(page: Any, url: str, clicks: int, out: Path | None, seen: dict) -> None:
    page.goto(f"{url}/lab/tree/check.ipynb", wait_until="domcontentloaded")
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
    page.wait_for_timeout(800)
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
    if out is not None:
        page.wait_for_timeout(500)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.locator(".bqplot").first.screenshot(path=str(out))
        page.locator(".jp-OutputArea-output").first.screenshot(
            path=str(out.with_name(out.stem + "_player.png")))


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
    assert time.monotonic() - t0 < 120


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="ex26")
    ap.add_argument("--clicks", type=int, default=3)
    ap.add_argument("--position", type=int, default=None, help="player.go(N) before displaying")
    ap.add_argument("--width", type=int, default=980)
    ap.add_argument("--out", type=Path, default=Path("/tmp/ui_trackview.png"))
    ap.add_argument("--code", default="", help="notebook code that defines `player` (instead of --scenario)")
    a = ap.parse_args()
    t0 = time.monotonic()
    seen = run_check(a.scenario, a.clicks, a.position, a.out, a.width, a.code)
    print(json.dumps(seen, indent=1, ensure_ascii=False))
    print(f"screenshots: {a.out} and {a.out.with_name(a.out.stem + '_player.png')} ({time.monotonic() - t0:.1f}s)")


if __name__ == "__main__":
    main()
