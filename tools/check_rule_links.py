"""Check in a real browser that the rules reference's anchors work (Playwright + Debian's /usr/bin/chromium).

    .venv/bin/python tools/check_rule_links.py [--anchor s13-d-2] [--out test-output/rule_links]

Five checks, printed as one JSON report (and screenshots in --out):

1. **JupyterLab, a notebook's markdown link**: a throwaway ``notebooks/rf90/links.ipynb`` beside a copy of
   ``docs/rules`` holds ``[§13.D.2][]`` with ``[§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2`` (the form
   ``tools/link_citations.py`` writes); the script clicks it and
   reports which viewer opens, whether the ``<a id>`` survives JupyterLab's sanitizer and where the target is.
2. **JupyterLab, the Markdown preview opened at the anchor** (the file's own rendering).
3. **JupyterLab, the stepper's rule badge**: a widget link that also carries JupyterLab's command-link attributes
   (``rendermime:handle-local-link`` with the digest's path and anchor, :mod:`racebook.ui.lablinks`); after Run All
   the click opens the digest in the Markdown Preview at the section, in the same JupyterLab tab (no new browser
   tab; a plain link's new tab would open the digest at its top, JupyterLab drops a ``/lab/tree`` fragment).
4. **Presenter mode** (Voilà with racebook's template and the digests rendered by :mod:`racebook.rulepages`, as
   ``racebook workshop`` serves them): the notebook's citation and the stepper's badge open the digest's page at
   the section, in a new tab.
5. **GitHub-style rendering**: the digest rendered as CommonMark (markdown-it-py; raw HTML kept as GitHub keeps
   ``<a id>``), loaded at ``#s13-d-2``: is the target at the top of the viewport?

``tests/test_rule_links.py`` asserts checks 3 and 4 (in ``make test``).
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


def _badge_notebook() -> dict:
    code = ("import racebook\nfrom racebook.ui.stepper import Stepper\n"
            "st = Stepper(racebook.load_scenario('ex21').race)\nst.widget\n")
    cell = f"A link to the rule: [§13.D.2][].\n\n[§13.D.2]: ../../docs/rules/{FILE}#s13-d-2\n"
    return {"cells": [{"cell_type": "markdown", "id": "cite", "metadata": {}, "source": [cell]},
                      {"cell_type": "code", "execution_count": None, "id": "st", "metadata": {}, "outputs": [],
                       "source": [code]}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _badge_root(tmp: str) -> Path:
    root = Path(tmp)
    (root / "notebooks" / "rf90").mkdir(parents=True)
    shutil.copytree(ROOT / "docs" / "rules", root / "docs" / "rules")
    (root / "notebooks" / "rf90" / "badge.ipynb").write_text(json.dumps(_badge_notebook()), encoding="utf-8")
    return root


def check_stepper_badge(out: Path) -> dict:
    """A stepper in a notebook (after Run All): click its rule badge and see where JupyterLab lands."""
    from playwright.sync_api import sync_playwright

    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="racebook-badge-") as tmp:
        root = _badge_root(tmp)
        with jupyter_lab(root) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            page.goto(f"{url}/lab/tree/notebooks/rf90/badge.ipynb", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
                                   "?.status === 'idle'", timeout=60_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            badge = page.locator("a.rb-rule").first
            badge.wait_for(timeout=90_000)
            result["badge_href"] = badge.get_attribute("href")
            result["badge_command"] = badge.get_attribute("data-commandlinker-command")
            result["badge_args"] = json.loads(badge.get_attribute("data-commandlinker-args") or "null")
            badge.click()
            page.wait_for_timeout(5000)
            result["browser_tabs"] = len(context.pages)
            result["opened_tab"] = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel").all_inner_texts()
            result["target"] = _where(page, result["badge_href"].split("#")[1])
            page.screenshot(path=str(out / "lab_stepper_badge.png"))
            browser.close()
    return result


def check_presenter(out: Path) -> dict:
    """The same notebook in presenter mode: click the citation, then the badge; where each new tab lands."""
    from browser_check import presenter
    from playwright.sync_api import sync_playwright

    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="racebook-presenter-links-") as tmp:
        root = _badge_root(tmp)
        with presenter(root / "notebooks" / "rf90" / "badge.ipynb", root, timeout=60) as url, \
                sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            page.goto(url, wait_until="domcontentloaded", timeout=120_000)
            badge = page.locator("a.rb-rule").first
            badge.wait_for(timeout=120_000)
            for name, link in (("citation", page.locator(".jp-RenderedMarkdown a", has_text="§13.D.2").first),
                               ("badge", badge)):
                anchor = (link.get_attribute("href") or "").rpartition("#")[2]
                with context.expect_page() as new:
                    link.click()
                tab = new.value
                tab.wait_for_load_state("domcontentloaded")
                tab.wait_for_timeout(1000)
                result[name] = {"url": tab.url.split("//", 1)[1].split("/", 1)[1], **_where(tab, anchor)}
                tab.screenshot(path=str(out / f"presenter_{name}.png"))
                tab.close()
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
              "stepper_badge": check_stepper_badge(args.out), "presenter": check_presenter(args.out)}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
