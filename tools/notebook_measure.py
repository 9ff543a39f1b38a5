"""How quickly each notebook lets the learner act, and how much plumbing it shows (issue 19, item 6).

    python tools/notebook_measure.py            # the table, one row per notebook
    python tools/notebook_measure.py --json     # the same as JSON

Per notebook, read from the committed executed ``.ipynb`` (its outputs say what is interactive):

* **words before action**: the words of the markdown cells before the first *interactive element* — the first code
  cell whose output is a widget (a stepper, a panel, a question) or a picture (SVG, PNG). Link definitions
  (``[§13.D.2]: ../../docs/…``) are not read, so they do not count;
* **longest code cell**: the most lines of code in one code cell (blank lines and comment-only lines not counted);
* **cells**: every cell, markdown and code.

``notebooks/limits.toml`` holds the limits (``[target]``) and, for a notebook not yet brought under them, its
figures today (``[allowed.NAME]``): ``tests/test_notebook_limits.py`` fails when a notebook goes over its allowance,
or over the target where it has none, and when an allowance is looser than the notebook now is (lower it).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from notebook_times import every_source, markdown_words, row_name  # noqa: E402

LIMITS = ROOT / "notebooks" / "limits.toml"
INTERACTIVE = ("application/vnd.jupyter.widget-view+json", "image/svg+xml", "image/png")
from widget_outputs import is_widget  # noqa: E402


@dataclass(frozen=True)
class Figures:
    """One notebook's figures (see the module docstring)."""

    words_before_action: int
    longest_code_cell: int
    cells: int
    first_action_cell: int | None  # the index of the first interactive cell, None when there is none


def code_lines(source: str) -> int:
    return sum(1 for line in source.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def _interactive(cell: nbformat.NotebookNode) -> bool:
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if any(kind in data for kind in INTERACTIVE) or is_widget(out):
            return True
    return False


def measure(executed: Path) -> Figures:
    """The figures of one executed notebook."""
    nb = nbformat.read(executed, as_version=4)
    words, first = 0, None
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and _interactive(cell):
            first = i
            break
        if cell.cell_type == "markdown":
            words += markdown_words(cell.source)
    longest = max((code_lines(c.source) for c in nb.cells if c.cell_type == "code"), default=0)
    return Figures(words, longest, len(nb.cells), first)


def every_notebook() -> list[Path]:
    """Every executed notebook of every game (``notebooks/<game>/NN_name.ipynb``), as the README table lists them."""
    return [source.with_suffix(".ipynb") for source in every_source()]


def name_of(path: Path) -> str:
    """``rf90/00_start_here``: the notebook's name in ``notebooks/limits.toml``."""
    return row_name(path).removesuffix(".ipynb")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = {name_of(p): measure(p) for p in every_notebook()}
    if args.json:
        print(json.dumps({k: asdict(v) for k, v in rows.items()}, indent=2))
        return 0
    print(f"{'notebook':<44} {'words before action':>20} {'longest code cell':>18} {'cells':>6}")
    for name, f in rows.items():
        words = f"{f.words_before_action}" if f.first_action_cell is not None else f"{f.words_before_action} (none)"
        print(f"{name:<44} {words:>20} {f.longest_code_cell:>18} {f.cells:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
