"""The JupyterLite site in a real browser, offline (issue 23).

:func:`check_site` serves a built site (tools/build_lite.py) on 127.0.0.1 with ``python -m http.server``, opens
notebooks in Debian's Chromium with every request to another host aborted (Playwright routes), runs every cell, and
clicks the first stepper's ▶, recording the sentences and the SVG track view's markup after each click. It measures
the kernel boot time (page opened -> Pyodide kernel idle: Pyodide loaded, IPython, jedi and the kernel installed).

As a script (``python tests/lite_check.py [--site site] [NOTEBOOK …]``) it prints, per notebook, the boot time, the
cells run, the errors and the blocked requests: docs/lite.md's table of what runs offline comes from it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from browser_check import BROWSER_ARGS, CHROMIUM, OUTPUT_DIR, REPO, _free_port, _serve, run_all_in_lab

SVG = ".rb-trackview-svg svg"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


@contextmanager
def serve_site(site: Path) -> Iterator[str]:
    """``python -m http.server`` on ``site`` (loopback only); yields its URL; always stops it."""
    import tempfile

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    logs = Path(tempfile.mkdtemp(prefix="racebook-lite-serve-"))
    cmd = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)]
    with _serve(cmd, logs, {"PATH": "/usr/bin:/bin"}, f"{url}/jupyter-lite.json", "http-server"):
        yield url


def _offline(context: Any, blocked: list[str]) -> None:
    def route(r: Any) -> None:
        if urlparse(r.request.url).hostname in LOOPBACK:
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)


def run_notebook(page: Any, url: str, path: str, clicks: int, seen: dict[str, Any]) -> None:
    """Open ``path`` (relative to the site's files), wait for the kernel, run all cells, step the first player."""
    ran = run_all_in_lab(page, f"{url}/lab/index.html?path={path}", open_timeout=120_000, idle_timeout=400_000,
                         run_timeout=400_000, until_error=True, dismiss_news=False)
    seen["boot_s"], seen["run_s"] = round(ran.boot_s, 1), round(ran.run_s, 1)
    seen["cells"], seen["cells_run"], seen["errors"] = ran.cells, ran.cells_run, ran.errors
    seen["steppers"] = page.locator(".rb-step-button").count() // 4
    if seen["steppers"] and clicks:
        _step(page, clicks, seen)


def _step(page: Any, clicks: int, seen: dict[str, Any]) -> None:
    box = page.locator(".jp-OutputArea-output").filter(has=page.locator(".rb-sentence")).filter(
        has=page.locator(SVG)).first
    box.wait_for(timeout=60_000)
    box.scroll_into_view_if_needed()  # JupyterLab does not render cells out of view: their text reads as ""
    box.locator(".rb-sentence").first.wait_for(state="visible", timeout=60_000)
    sentence, picture = box.locator(".rb-sentence").first, box.locator(SVG).first
    seen["sentences"] = [sentence.inner_text()]
    seen["svgs"] = [picture.evaluate("(svg) => svg.outerHTML")]
    nxt = box.locator(".rb-step-next").first
    if nxt.is_disabled():  # a player shown at its last event (position=None): go to the first one, then step
        box.locator(".rb-step-first").first.click()
        page.wait_for_function("([el, old]) => el.innerText !== old",
                               arg=[sentence.element_handle(), seen["sentences"][-1]], timeout=60_000)
        seen["sentences"] = [sentence.inner_text()]
        seen["svgs"] = [picture.evaluate("(svg) => svg.outerHTML")]
    for _ in range(clicks):
        before = seen["sentences"][-1]
        nxt.click()
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[sentence.element_handle(), before],
                               timeout=60_000)
        seen["sentences"].append(sentence.inner_text())
        seen["svgs"].append(box.locator(SVG).first.evaluate("(svg) => svg.outerHTML"))
    # The sentence and the picture are separate widgets, updated by separate kernel messages: the picture of the last
    # step may arrive after its sentence. Give it time to change from the first one (the test's check) before the
    # last reading, so a race whose board first changes on the last click is not read one message too early.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"([box, old]) => box.querySelector({json.dumps(SVG)})?.outerHTML !== old",
                               arg=[box.element_handle(), seen["svgs"][0]], timeout=15_000)
    except PlaywrightTimeout:
        pass  # it did not change: the test reports it
    seen["svgs"][-1] = box.locator(SVG).first.evaluate("(svg) => svg.outerHTML")


def check_site(site: Path, notebooks: list[str], clicks: int = 3, shots: Path | None = OUTPUT_DIR / "lite"
               ) -> dict[str, dict[str, Any]]:
    """Each notebook (a path under the site's files, e.g. ``rf90/03_activation.ipynb``) in a fresh offline page."""
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, Any]] = {}
    with serve_site(site) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        try:
            for nb in notebooks:
                seen: dict[str, Any] = {"blocked": [], "console": []}
                context = browser.new_context(viewport={"width": 1400, "height": 1500})
                _offline(context, seen["blocked"])
                page = context.new_page()
                page.set_default_timeout(60_000)
                page.on("console", lambda m, s=seen: s["console"].append(f"{m.type}: {m.text}"))
                try:
                    run_notebook(page, url, nb, clicks, seen)
                except Exception as exc:
                    seen["failure"] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
                finally:
                    if shots is not None:
                        shots.mkdir(parents=True, exist_ok=True)
                        shot = shots / (nb.replace("/", "_").removesuffix(".ipynb") + ".png")
                        page.screenshot(path=str(shot))
                        seen["screenshot"] = str(shot)
                    context.close()
                results[nb] = seen
        finally:
            browser.close()
    return results


#: Notebooks checked offline besides each game's first: those the docs say run fully offline (docs/lite.md) that are
#: not a game's first notebook; FormulaGP's F1–F4 (issue 32: each FormulaGP notebook runs fully offline, their
#: examples stepper drawing the SVG picture where bqplot is missing).
ALSO_OFFLINE = ("automobiles/A1_your_bag_is_your_engine.ipynb", "formulagp/F1_cards_gears_and_movement.ipynb",
                "formulagp/F2_overtaking_and_battles.ipynb", "formulagp/F3_hazards_pits_and_race_control.ipynb",
                "formulagp/F4_advanced_race_and_pro_bots.ipynb")


def first_notebooks(site: Path) -> list[str]:
    """RF90's activation notebook, the first notebook of every other game in the site (found by glob; Automobiles'
    is A0, its first race) and :data:`ALSO_OFFLINE` (Automobiles' A1, the first before A0 arrived; FormulaGP's
    F1–F4)."""
    files = site / "files"
    out = ["rf90/03_activation.ipynb"]
    for game in sorted(p for p in files.iterdir() if p.is_dir() and p.name != "rf90"):
        nbs = sorted(game.glob("*.ipynb"))
        if nbs:
            out.append(f"{game.name}/{nbs[0].name}")
    return out + [nb for nb in ALSO_OFFLINE if nb not in out and (files / nb).exists()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=REPO / "site")
    ap.add_argument("--clicks", type=int, default=3)
    ap.add_argument("notebooks", nargs="*", help="paths under site/files (default: every notebook)")
    a = ap.parse_args()
    nbs = a.notebooks or sorted(str(p.relative_to(a.site / "files")) for p in (a.site / "files").rglob("*.ipynb"))
    for nb, seen in check_site(a.site, nbs, a.clicks).items():
        summary = {k: seen.get(k) for k in ("boot_s", "run_s", "cells", "cells_run", "errors", "steppers",
                                             "failure")}
        summary["svg_changed"] = len(set(seen.get("svgs", []))) > 1 if seen.get("svgs") else None
        summary["blocked"] = sorted({urlparse(u).hostname or u for u in seen["blocked"]})
        print(nb, json.dumps(summary, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
