"""Check in a real browser that the rules reference's anchors work (Playwright + Debian's /usr/bin/chromium).

    .venv/bin/python tools/check_rule_links.py [--anchor s13-d-2] [--out test-output/rule_links]

Four checks, printed as one line each (and screenshots in --out):

1. **JupyterLab, a notebook's markdown link**: a throwaway ``notebooks/rf90/links.ipynb`` beside a copy of
   ``docs/rules`` holds ``[§13.D.2][]`` with ``[§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2`` (the form
   ``tools/link_citations.py`` writes); the script clicks it and
   reports which viewer opens, whether the ``<a id>`` survives JupyterLab's sanitizer and where the target is.
2. **JupyterLab, the Markdown preview opened at the anchor** (the file's own rendering).
3. **JupyterLab, the stepper's rule badge** (a widget link, new tab): where the new tab lands.
4. **GitHub-style rendering**: the digest rendered as CommonMark (markdown-it-py; raw HTML kept as GitHub keeps
   ``<a id>``), loaded at ``#s13-d-2``: is the target at the top of the viewport?
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_check import BROWSER_ARGS, CHROMIUM, jupyter_lab  # noqa: E402

FILE = "rf90_rules_digest.md"


def _notebook(anchor: str) -> dict:
    # the form tools/link_citations.py writes: a collapsed reference link and its definition at the end of the cell
    cell = f"A link to the rule: [§13.D.2][].\n\n[§13.D.2]: ../../docs/rules/{FILE}#{anchor}\n"
    return {"cells": [{"cell_type": "markdown", "id": "links", "metadata": {}, "source": [cell]}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _where(page: Any, anchor: str) -> dict:
    """Is an element with id ``anchor`` in the page, and where is it relative to its scrolling container?"""
    return page.evaluate("""(anchor) => {
        const el = document.getElementById(anchor) || document.querySelector(`[data-jupyter-id="${anchor}"]`);
        if (!el) return {found: false};
        const r = el.getBoundingClientRect();
        const heading = el.closest('h1,h2,h3,h4,h5,h6');
        return {found: true, attribute: el.id === anchor ? 'id' : 'data-jupyter-id (JupyterLab renames id)',
                heading_id: heading ? (heading.id || heading.getAttribute('data-jupyter-id')) : null,
                top: Math.round(r.top), viewport: window.innerHeight,
                visible: r.top >= 0 && r.top < window.innerHeight};
    }""", anchor)


def check_lab(anchor: str, out: Path) -> dict:
    from playwright.sync_api import sync_playwright

    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="racebook-links-") as tmp:
        root = Path(tmp)
        (root / "notebooks" / "rf90").mkdir(parents=True)
        shutil.copytree(ROOT / "docs" / "rules", root / "docs" / "rules")
        (root / "notebooks" / "rf90" / "links.ipynb").write_text(json.dumps(_notebook(anchor)), encoding="utf-8")
        with jupyter_lab(root) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"{url}/lab/tree/notebooks/rf90/links.ipynb", wait_until="domcontentloaded")
            link = page.locator(".jp-RenderedMarkdown a", has_text="§13.D.2").first
            link.wait_for(timeout=60_000)
            result["notebook_link_href"] = link.get_attribute("href")
            link.click()
            page.wait_for_timeout(4000)
            tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel").all_inner_texts()
            result["opened_tab"] = tab
            result["opened_kind"] = page.evaluate("""() => {
                const w = document.querySelector('.jp-MainAreaWidget:not(.lm-mod-hidden)');
                return w ? [...w.classList].filter(c => c.startsWith('jp-')).join(' ') : null; }""")
            result["after_click"] = _where(page, anchor)
            page.screenshot(path=str(out / "lab_notebook_link.png"))
            page.goto(f"{url}/lab/tree/docs/rules/{FILE}", wait_until="domcontentloaded")
            page.wait_for_timeout(3000)
            result["default_open_kind"] = page.evaluate("""() => {
                const w = document.querySelector('.jp-MainAreaWidget:not(.lm-mod-hidden)');
                return w ? [...w.classList].filter(c => c.startsWith('jp-')).join(' ') : null; }""")
            # the Markdown preview of the same file, through the command JupyterLab's link handler uses
            page.evaluate("""async ([path, anchor]) => {
                const app = window.jupyterapp || window.jupyterlab;
                await app.commands.execute('docmanager:open', {path, factory: 'Markdown Preview'});
                await new Promise(r => setTimeout(r, 1500));
                await app.commands.execute('rendermime:handle-local-link', {path, id: '#' + anchor});
            }""", [f"docs/rules/{FILE}", anchor])
            page.wait_for_timeout(3000)
            result["markdown_preview"] = _where(page, anchor)
            page.screenshot(path=str(out / "lab_markdown_preview.png"))
            browser.close()
    return result


def check_stepper_badge(out: Path) -> dict:
    """A stepper in a notebook: click its rule badge (a link, new tab) and see where the new tab lands."""
    from playwright.sync_api import sync_playwright

    code = ("import racebook\nfrom racebook.ui.stepper import Stepper\n"
            "st = Stepper(racebook.load_scenario('ex21').race)\nst.widget\n")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "st", "metadata": {}, "outputs": [],
                     "source": [code]}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="racebook-badge-") as tmp:
        root = Path(tmp)
        (root / "notebooks" / "rf90").mkdir(parents=True)
        shutil.copytree(ROOT / "docs" / "rules", root / "docs" / "rules")
        (root / "notebooks" / "rf90" / "badge.ipynb").write_text(json.dumps(nb), encoding="utf-8")
        with jupyter_lab(root) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            page.goto(f"{url}/lab/tree/notebooks/rf90/badge.ipynb", wait_until="domcontentloaded")
            page.locator(".jp-Notebook").first.wait_for(timeout=60_000)
            page.wait_for_timeout(3000)
            page.keyboard.press("Shift+Enter")
            badge = page.locator("a.rb-rule").first
            badge.wait_for(timeout=90_000)
            result["badge_href"] = badge.get_attribute("href")
            with context.expect_page() as new:
                badge.click()
            tab = new.value
            tab.wait_for_load_state("domcontentloaded")
            tab.wait_for_timeout(8000)
            result["new_tab_url"] = tab.url.split("?")[0]
            result["new_tab_target"] = _where(tab, result["badge_href"].split("#")[1])
            tab.screenshot(path=str(out / "lab_stepper_badge.png"))
            browser.close()
    return result


def check_github_style(anchor: str, out: Path) -> dict:
    from markdown_it import MarkdownIt
    from playwright.sync_api import sync_playwright

    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(
        (ROOT / "docs" / "rules" / FILE).read_text(encoding="utf-8"))
    page_file = out / "github_style.html"
    page_file.write_text(f"<!doctype html><meta charset=utf-8><body>{body}</body>", encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(f"file://{page_file}#{anchor}")
        page.wait_for_timeout(500)
        result = _where(page, anchor)
        page.screenshot(path=str(out / "github_style.png"))
        browser.close()
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--anchor", default="s13-d-2")
    ap.add_argument("--out", type=Path, default=ROOT / "test-output" / "rule_links")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    report = {"github_style": check_github_style(args.anchor, args.out), "jupyterlab": check_lab(args.anchor, args.out),
              "stepper_badge": check_stepper_badge(args.out)}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
