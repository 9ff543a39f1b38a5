"""The guided first races on one screen (issue 33 item 3), in a real browser: Debian Chromium + Playwright.

Each first-race notebook (RF90 00, Automobiles A0, FormulaGP F0) is cut after its race cell (the markdown above it
kept: what a learner sees first) and opened in ONE JupyterLab server and in presenter mode (``racebook workshop``'s
Voilà, one server for the three). At each window size of :data:`SIZES` (a laptop's 1366×768 and a projector's
1280×720) the race widget is scrolled to the top of its scrolling area once the first decision's choices are drawn,
and the bounding boxes of the board (``.rb-guided-board``), the choices (``.rb-guided-choices``) and the line of
what the learner needs (``.rb-guided-needs``) are measured: each must lie inside the window. A screenshot of each
goes to ``test-output/browser/firstrace/<game>_<nb>-<W>x<H>-<lab|presenter>.png``.

As a script, ``python tests/browser_firstrace.py [lab|presenter] [NAME ...]`` prints what it measured."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_check import BROWSER_ARGS, CHROMIUM, OUTPUT_DIR, REPO, jupyter_lab, presenter, settle
from browser_walk import Walked, _run_all, _shutdown_kernels

FIRST_RACES = (REPO / "notebooks" / "rf90" / "00_start_here.ipynb",
               REPO / "notebooks" / "automobiles" / "A0_first_race.ipynb",
               REPO / "notebooks" / "formulagp" / "F0_first_race.ipynb")
#: A laptop's screen and a club projector's (the browser window's inner size).
SIZES = ((1366, 768), (1280, 720))
SHOT_DIR = OUTPUT_DIR / "firstrace"
#: What must be in the window together: the board, the choices, what the learner needs (money, hand, target).
PARTS = {"board": ".rb-guided-board", "choices": ".rb-guided-choices", "needs": ".rb-guided-needs"}


@dataclass
class Screen:
    """What one window size showed of one first race: each part's box (left, top, right, bottom, in CSS px)."""

    name: str
    mode: str
    size: tuple[int, int]
    boxes: dict[str, list[float]] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    shot: str = ""

    def outside(self) -> dict[str, list[float]]:
        """The parts not wholly inside the window (or not drawn)."""
        w, h = self.size
        return {part: box for part, box in self.boxes.items()
                if not box or box[0] < -1 or box[1] < -1 or box[2] > w + 1 or box[3] > h + 1
                or box[2] - box[0] < 10 or box[3] - box[1] < 10} | \
            {part: [] for part in PARTS if part not in self.boxes}

    def line(self) -> str:
        boxes = ", ".join(f"{p} {[round(v) for v in b]}" for p, b in self.boxes.items())
        bad = self.outside()
        return f"{self.name} {self.mode} {self.size[0]}×{self.size[1]}: {boxes}" + \
            (f" — OUTSIDE: {sorted(bad)}" if bad else " — on one screen")


def race_notebook(nb: Path) -> dict:
    """``nb`` cut after its guided-race cell (the first code cell that builds a ``GuidedRace``)."""
    data = json.loads(nb.read_text(encoding="utf-8"))
    cells = data["cells"]
    at = next(i for i, c in enumerate(cells)
              if c["cell_type"] == "code" and "GuidedRace(" in "".join(c["source"]))
    data["cells"] = cells[:at + 1]
    return data


def _copies(root: Path, notebooks: tuple[Path, ...]) -> list[str]:
    out = []
    for nb in notebooks:
        (root / nb.parent.name).mkdir(parents=True, exist_ok=True)
        (root / nb.parent.name / nb.name).write_text(json.dumps(race_notebook(nb)), encoding="utf-8")
        out.append(f"{nb.parent.name}/{nb.name}")
    return out


# The race widget's top at the top of its scrolling area (the notebook's, or the page's), then each part's box.
_MEASURE = """(parts) => {
  const race = document.querySelector('.rb-guided-race');
  race.scrollIntoView({block: 'start'});
  const out = {};
  for (const [name, sel] of Object.entries(parts)) {
    const el = race.querySelector(sel);
    if (el && el.offsetParent !== null) {
      const r = el.getBoundingClientRect();
      out[name] = [r.left, r.top, r.right, r.bottom];
    }
  }
  return out;
}"""
# What the learner reads of the race (its top line and its board-and-decision body; not the look-back tools under it).
_TEXTS = """() => [...document.querySelectorAll('.rb-guided-race .rb-guided-top, .rb-guided-race .rb-guided-body')]
  .map(r => r.innerText)"""
_READY = ("() => { const r = document.querySelector('.rb-guided-race');"
          " return r && r.querySelector('.rb-guided-choices .rb-guided-choice')"
          " && r.querySelector('.rb-guided-board') && r.querySelector('.rb-guided-board').offsetHeight > 50; }")


def _measure(page: Any, name: str, mode: str, size: tuple[int, int], out_dir: Path) -> Screen:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    settle(page)  # the widgets redraw at the new width
    seen = Screen(name, mode, size)
    page.evaluate(_MEASURE, PARTS)
    settle(page)  # JupyterLab draws the cells scrolled into view
    seen.boxes = page.evaluate(_MEASURE, PARTS)
    seen.texts = page.evaluate(_TEXTS)
    shot = out_dir / f"{name.replace('/', '_')}-{size[0]}x{size[1]}-{mode}.png"
    page.screenshot(path=str(shot))
    seen.shot = str(shot)
    return seen


def in_lab(notebooks: tuple[Path, ...] = FIRST_RACES, out_dir: Path = SHOT_DIR) -> list[Screen]:
    """Each first race in one JupyterLab, measured at every size of :data:`SIZES`."""
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="racebook-firstrace-"))
    screens: list[Screen] = []
    try:
        names = _copies(root, notebooks)
        with jupyter_lab(root, timeout=120) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                for rel in names:
                    page = browser.new_page(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
                    page.set_default_timeout(60_000)
                    try:
                        walked = Walked(rel)
                        _run_all(page, url, rel, walked)
                        if walked.errors:
                            raise AssertionError(f"{rel}: {walked.errors}")
                        page.wait_for_function(_READY, timeout=60_000, polling=250)
                        for size in SIZES:
                            screens.append(_measure(page, rel.removesuffix(".ipynb"), "lab", size, out_dir))
                    finally:
                        _shutdown_kernels(page)
                        page.close()
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return screens


def in_presenter(notebooks: tuple[Path, ...] = FIRST_RACES, out_dir: Path = SHOT_DIR) -> list[Screen]:
    """Each first race in presenter mode (one Voilà for the three), measured at every size of :data:`SIZES`."""
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="racebook-firstrace-presenter-"))
    screens: list[Screen] = []
    try:
        site = root / "notebooks"
        names = _copies(site, notebooks)
        with presenter(site, root, timeout=120) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
            try:
                for rel in names:
                    page = browser.new_page(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
                    page.set_default_timeout(60_000)
                    try:
                        page.goto(f"{url}voila/render/{rel}", wait_until="commit", timeout=300_000)
                        page.wait_for_function(_READY, timeout=300_000, polling=250)
                        for size in SIZES:
                            screens.append(_measure(page, rel.removesuffix(".ipynb"), "presenter", size, out_dir))
                    finally:
                        page.close()
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return screens


if __name__ == "__main__":
    args = sys.argv[1:]
    modes = [a for a in args if a in ("lab", "presenter")] or ["lab", "presenter"]
    wanted = [a for a in args if a not in ("lab", "presenter")]
    picked = tuple(p for p in FIRST_RACES if not wanted or any(w in p.stem for w in wanted))
    for mode in modes:
        for s in (in_lab if mode == "lab" else in_presenter)(picked):
            print(s.line(), s.shot, flush=True)
