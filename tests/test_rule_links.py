"""Issue 18: a rule citation lands on its section everywhere — the badge's JupyterLab command link, the digests
rendered for presenter mode, and (in a real browser) a badge clicked in JupyterLab and a citation and a badge
clicked in presenter mode."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

import racebook
from racebook import rulepages, workshop
from racebook.core import citations

pytest.importorskip("ipywidgets")

from browser_check import BROWSER_ARGS, CHROMIUM, _available, jupyter_lab, presenter, run_all_in_lab  # noqa: E402

from racebook.ui import lablinks, style  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = workshop.PRESENTER_ROOT / "voila" / "templates" / "racebook" / "index.html.j2"


# ----------------------------------------------------------------- the badge's JupyterLab command link
def _fake_server(tmp: Path, monkeypatch: pytest.MonkeyPatch, root: Path, pid: str = "424242") -> None:
    """A kernel started by a Jupyter server whose root is ``root`` (its info file in a runtime dir)."""
    runtime = tmp / "runtime"
    runtime.mkdir(exist_ok=True)
    (runtime / f"jpserver-{pid}.json").write_text(json.dumps({"root_dir": str(root), "pid": int(pid)}))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("JPY_PARENT_PID", pid)
    monkeypatch.delenv("RACEBOOK_RULES_URL", raising=False)


def _checkout(tmp: Path) -> Path:
    """A served folder laid out like the repository: notebooks/rf90/ beside docs/rules/."""
    root = tmp / "served"
    (root / "notebooks" / "rf90").mkdir(parents=True)
    shutil.copytree(REPO / "docs" / "rules", root / "docs" / "rules")
    return root


def test_in_jupyterlab_the_badge_runs_the_link_handler_on_the_digest_from_the_server_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _checkout(tmp_path)
    _fake_server(tmp_path, monkeypatch, root)
    monkeypatch.chdir(root / "notebooks" / "rf90")  # a kernel runs in its notebook's folder
    badge = style.rule_html("§13.D.2")
    assert f'data-commandlinker-command="{lablinks.COMMAND}"' in badge
    args = json.loads(html.unescape(re.search(r'data-commandlinker-args="([^"]+)"', badge).group(1)))
    assert args == {"path": "docs/rules/rf90_rules_digest.md", "id": "#s13-d-2"}
    # the plain link stays, for the front ends with no command linker
    assert 'href="../../docs/rules/rf90_rules_digest.md#s13-d-2" target="_blank"' in badge
    # another document: its own file and anchor
    args = lablinks.lab_args(citations.first("§4.3 (Expansion #1)"))
    assert args == {"path": "docs/rules/rf90_expansion1_digest.md", "id": "#x1-s4-3"}


def test_a_notebook_elsewhere_links_the_installed_copy_when_it_is_under_the_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No docs/rules beside the notebook: the copy racebook.docs_path() names, as a path from the server root."""
    served = racebook.docs_path().parents[1]  # the folder holding the checkout (or site-packages)
    _fake_server(tmp_path, monkeypatch, served)
    monkeypatch.chdir(tmp_path)
    args = lablinks.lab_args(citations.first("AMB-29"))
    rules = (racebook.docs_path() / "rules").resolve().relative_to(served.resolve()).as_posix()
    assert args == {"path": f"{rules}/rf90_rules_digest.md", "id": "#amb-29"}


def test_no_command_link_without_a_jupyter_server_outside_its_root_or_with_a_hosted_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = citations.first("§13.D.2")
    assert link is not None
    root = _checkout(tmp_path)
    monkeypatch.chdir(root / "notebooks" / "rf90")
    monkeypatch.delenv("JPY_PARENT_PID", raising=False)  # a script, JupyterLite
    assert lablinks.attributes(link) == ""
    _fake_server(tmp_path, monkeypatch, root, pid="515151")
    assert lablinks.attributes(link) != ""
    monkeypatch.setenv("JPY_PARENT_PID", "616161")  # Voilà: a server with no jpserver file
    assert lablinks.attributes(link) == ""
    other = tmp_path / "elsewhere"
    other.mkdir()
    _fake_server(tmp_path, monkeypatch, other, pid="717171")  # the digests are not under the server's root
    assert not racebook.docs_path().resolve().is_relative_to(other.resolve())
    assert lablinks.attributes(link) == ""
    _fake_server(tmp_path, monkeypatch, root, pid="515151")
    monkeypatch.setenv("RACEBOOK_RULES_URL", "https://example.org/racebook/docs/rules")
    badge = style.rule_html("§13.D.2")
    assert "data-commandlinker" not in badge
    assert 'href="https://example.org/racebook/docs/rules/rf90_rules_digest.md#s13-d-2"' in badge


def test_a_badge_with_no_citation_stays_text(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    _fake_server(tmp_path, monkeypatch, root)
    monkeypatch.chdir(root / "notebooks" / "rf90")
    assert style.rule_html("RPN") == '<span class="rule">RPN</span>'


# ----------------------------------------------------------------- the digests as pages for presenter mode
def test_every_digest_becomes_a_page_with_every_anchor_and_no_server_path(tmp_path: Path) -> None:
    pages = rulepages.write_pages(tmp_path)
    assert sorted(p.name for p in pages) == sorted(f"{Path(d.file).stem}.html" for d in citations.DOCS.values())
    for page in pages:
        assert page.parent == tmp_path / "voila" / "templates" / "racebook" / "static" / "rules"
        text = page.read_text(encoding="utf-8")
        md = (racebook.docs_path() / "rules" / f"{page.stem}.md").read_text(encoding="utf-8")
        assert citations.anchors_in(text) == citations.anchors_in(md), page.name
        assert str(tmp_path) not in text and str(REPO) not in text
        assert not re.search(r'href="(?![a-z]+:)[^"]*\.md[#"]', text), page.name  # no link to a .md left
    digest = (tmp_path / rulepages.STATIC / "rf90_rules_digest.html").read_text(encoding="utf-8")
    assert '<h4><a id="s13-d-2"></a>13.D.2 Perform tests' in digest
    assert digest.startswith("<!doctype html>") and "<title>Race! Formula 90" in digest


def test_links_between_digests_point_at_their_pages() -> None:
    page = rulepages.render("# T\n\nSee [§4.3](rf90_expansion1_digest.md#x1-s4-3) and [all](formulagp_rules_digest.md)"
                            " and [web](https://example.org/a.md#b).\n")
    assert 'href="rf90_expansion1_digest.html#x1-s4-3"' in page
    assert 'href="formulagp_rules_digest.html"' in page
    assert 'href="https://example.org/a.md#b"' in page


def test_the_workshop_serves_the_pages_and_removes_them_on_exit() -> None:
    with rulepages.presenter_root() as root:
        assert (root / rulepages.STATIC / "rf90_rules_digest.html").is_file()
        cmd = workshop.command(Path("notebooks"), port=8899, pages=root)
        assert cmd.env["JUPYTER_PATH"].split(os.pathsep)[:2] == [str(root), str(workshop.PRESENTER_ROOT)]
    assert not root.exists()
    assert rulepages.URL_PATH == "/".join(rulepages.STATIC.parts) + "/"
    assert rulepages.URL_PATH in TEMPLATE.read_text(encoding="utf-8")


def test_the_workshop_main_cleans_up_after_the_server_stops(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    pytest.importorskip("voila")
    seen: dict[str, Any] = {}

    def fake_serve(cmd: workshop.WorkshopCommand, ip: str, open_browser: bool, timeout: float) -> int:
        root = Path(cmd.env["JUPYTER_PATH"].split(os.pathsep)[0])
        seen["root"], seen["page"] = root, (root / rulepages.STATIC / "rf90_rules_digest.html").is_file()
        return 0

    monkeypatch.setattr(workshop, "_serve", fake_serve)
    (tmp_path / "a.ipynb").write_text("{}")
    assert workshop.main(str(tmp_path / "a.ipynb"), port=None, open_browser=False) == 0
    assert seen["page"] and not seen["root"].exists()


# ----------------------------------------------------------------- in a real browser
ANCHOR = "s13-d-2"
_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "id": "cite", "metadata": {},
         "source": [f"The rule: [§13.D.2][].\n\n[§13.D.2]: ../../docs/rules/rf90_rules_digest.md#{ANCHOR}\n"]},
        {"cell_type": "code", "execution_count": None, "id": "step", "metadata": {}, "outputs": [],
         "source": ["import racebook\nfrom racebook.ui.stepper import Stepper\n",
                    "st = Stepper(racebook.load_scenario('ex21').race)\nst.widget\n"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}

# Where the element named by an anchor is, relative to the top of its scrolling box (JupyterLab renames id).
_WHERE = """(anchor) => {
    const el = [...document.querySelectorAll(`[id="${anchor}"], [data-jupyter-id="${anchor}"]`)]
        .find(e => e.getClientRects().length);
    if (!el) return null;
    let box = el.parentElement;
    while (box && box !== document.body && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    const top = box && box !== document.body ? box.getBoundingClientRect().top : 0;
    return {offset: Math.round(el.getBoundingClientRect().top - top),
            preview: !!el.closest('.jp-MarkdownViewer'), url: location.href};
}"""


def _lands(page: Any, anchor: str, timeout: float = 20_000) -> dict:
    """Wait until ``anchor``'s element is scrolled near the top of its box; what was seen."""
    page.wait_for_function(f"(a) => {{ const w = ({_WHERE})(a); return w && w.offset > -30 && w.offset < 150; }}",
                           arg=anchor, timeout=timeout)
    return dict(page.evaluate(_WHERE, anchor))


def _lab(browser: Any, url: str, shots: Path) -> dict:
    """Run the notebook in JupyterLab, click the stepper's badge: where JupyterLab goes."""
    seen: dict = {}
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    ran = run_all_in_lab(page, f"{url}/lab/tree/notebooks/rf90/links.ipynb")
    assert ran.errors == [], ran.errors
    badge = page.locator("a.rb-rule").first
    badge.wait_for(timeout=60_000)
    args = json.loads(badge.get_attribute("data-commandlinker-args") or "null")
    seen["command"], seen["args"] = badge.get_attribute("data-commandlinker-command"), args
    badge.click()
    seen["where"] = _lands(page, args["id"][1:])
    seen["tabs"] = len(context.pages)
    seen["tab_label"] = page.locator(".lm-DockPanel .lm-TabBar-tab.lm-mod-current").first.inner_text()
    page.screenshot(path=str(shots / "lab_badge.png"))
    return seen


def _presenter(page: Any, shots: Path) -> dict:
    """In the presenter-mode page, click the notebook's citation, then the stepper's badge: where each new tab is."""
    seen: dict = {}
    badge = page.locator("a.rb-rule").first
    badge.wait_for(timeout=90_000)
    for name, link in (("citation", page.locator(".jp-RenderedMarkdown a", has_text="§13.D.2").first),
                       ("badge", badge)):
        anchor = (link.get_attribute("href") or "").rpartition("#")[2]
        with page.context.expect_page() as new:
            link.click()
        tab = new.value
        tab.wait_for_load_state("domcontentloaded")
        seen[name] = {"anchor": anchor, **_lands(tab, anchor), "text": tab.locator("body").inner_text()}
        tab.screenshot(path=str(shots / f"presenter_{name}.png"))
        tab.close()
    return seen


@pytest.mark.skipif(_available() is not None, reason=_available() or "")
def test_clicked_citations_land_on_their_section_in_jupyterlab_and_presenter_mode() -> None:
    """A stepper's badge clicked in JupyterLab opens the digest in the Markdown Preview at the section; in
    presenter mode a notebook's citation and the badge open the digest's page at the section."""
    from playwright.sync_api import sync_playwright

    pytest.importorskip("voila")
    t0 = time.monotonic()
    shots = Path(os.environ.get("RACEBOOK_TEST_OUTPUT", REPO / "test-output")) / "browser" / "rule_links"
    shots.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="racebook-links-"))
    try:
        (root / "notebooks" / "rf90").mkdir(parents=True)
        shutil.copytree(REPO / "docs" / "rules", root / "docs" / "rules")
        (root / "notebooks" / "rf90" / "links.ipynb").write_text(json.dumps(_NOTEBOOK), encoding="utf-8")
        notebook = root / "notebooks" / "rf90" / "links.ipynb"
        with (sync_playwright() as pw, jupyter_lab(root) as lab_url, presenter(notebook, root, timeout=60) as url):
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                shown = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
                shown.goto(url, wait_until="commit", timeout=90_000)  # Voilà runs it while JupyterLab is checked
                lab = _lab(browser, lab_url, shots)
                show = _presenter(shown, shots)
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"JupyterLab: {lab}\npresenter: { {k: {**v, 'text': len(v['text'])} for k, v in show.items()} }\n"
          f"{time.monotonic() - t0:.1f}s")
    assert lab["command"] == lablinks.COMMAND
    assert lab["args"]["path"].startswith("docs/rules/") and lab["args"]["id"].startswith("#")
    assert lab["where"]["preview"], lab  # JupyterLab's Markdown Preview, scrolled to the section
    assert lab["tabs"] == 1, "the badge opened a browser tab instead of the Markdown Preview"
    assert lab["tab_label"].strip().endswith(".md"), lab["tab_label"]
    assert show["citation"]["anchor"] == ANCHOR
    for name, where in show.items():
        assert re.search(rf"/voila/templates/racebook/static/rules/\w+\.html#{where['anchor']}$", where["url"]), \
            (name, where["url"])
        assert str(root) not in where["text"] and "/tmp/" not in where["url"], name
