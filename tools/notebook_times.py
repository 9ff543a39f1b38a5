"""How long each notebook takes: its reading time (from its text) and its run time (executed here, not written).

    python tools/notebook_times.py                 # print the table
    python tools/notebook_times.py --readme        # write it into README.md between the notebooks markers
    python tools/notebook_times.py --no-run        # reading times only (no run column)

The workshop time of a notebook is mostly reading and talking: the script counts the words of its markdown cells
and divides by READING_WPM (a presenter's pace, words per minute, rounded up to whole minutes) and counts the
interactive panels a group can try (the cells of the executed .ipynb that show a widget). The run time is the wall-clock
time of executing the notebook top to bottom with ``tools/run_notebook.py``'s executor (kernel start included),
on this machine, under its load at the time (printed). Nothing is typed by hand.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from run_notebook import read_source  # noqa: E402
from widget_outputs import is_widget  # noqa: E402

from racebook.core.notebooknames import NOTEBOOK_NAME  # noqa: E402  (the one naming rule)

README = ROOT / "README.md"
BEGIN = "<!-- notebooks:begin (written by tools/notebook_times.py --readme) -->"
END = "<!-- notebooks:end -->"
READING_WPM = 100  # words a presenter reads out (and explains) per minute
_LINK_DEF = re.compile(r"^\[[^\]]+\]: \S+$", re.M)


def markdown_words(text: str) -> int:
    """The words of a markdown cell a reader reads: link definitions (``[§1]: ../../docs/…``) are not read."""
    return len(re.findall(r"\w+", _LINK_DEF.sub("", text)))


def reading(source: Path) -> tuple[str, int, int]:
    """The notebook's title, its reading minutes and its count of interactive panels."""
    nb = read_source(source)
    words, title, panels = 0, source.stem, 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            words += markdown_words(cell.source)
            m = re.search(r"^# (.+)$", cell.source, re.M)
            if m and title == source.stem:
                title = m.group(1).strip()
    executed = nbformat.read(source.with_suffix(".ipynb"), as_version=4)  # the committed outputs
    panels = sum(any(is_widget(out) for out in cell.get("outputs", []))
                 for cell in executed.cells if cell.cell_type == "code")
    return title, math.ceil(words / READING_WPM), panels


def every_source() -> list[Path]:
    """Every game's notebook sources, game by game (RF90 first), in number order (parts in letter order)."""
    games = sorted((ROOT / "notebooks").iterdir(), key=lambda d: (d.name != "rf90", d.name))
    return [src for game in games if game.is_dir() for src in sorted(game.glob("*.py"))
            if NOTEBOOK_NAME.fullmatch(src.stem)]


def row_name(source: Path) -> str:
    """A notebook's name in the table: ``rf90/03_activation.ipynb``."""
    return f"{source.parent.name}/{source.with_suffix('.ipynb').name}"


def run_seconds(source: Path) -> float:
    nb = read_source(source)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(source.parent)}})
    t0 = time.perf_counter()
    client.execute()
    return time.perf_counter() - t0


def table(rows: list[tuple[str, str, int, int, float | None]], load: float) -> str:
    lines = [f"{BEGIN}",
             f"Reading time at {READING_WPM} words a minute; run time measured by `tools/notebook_times.py` "
             f"(load average {load:.1f}, {os.cpu_count()} CPUs).",
             "",
             "| notebook | what | reading | panels to try | runs in |",
             "|---|---|---|---|---|"]
    for name, title, minutes, panels, seconds in rows:
        ran = f"{seconds:.0f} s" if seconds is not None else "—"
        lines.append(f"| `{name}` | {title} | {minutes} min | {panels} | {ran} |")
    return "\n".join(lines + [END])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readme", action="store_true")
    ap.add_argument("--no-run", action="store_true")
    ap.add_argument("sources", nargs="*", type=Path)
    args = ap.parse_args()
    sources = [s.resolve() for s in args.sources] or every_source()
    load = os.getloadavg()[0]
    rows = []
    for source in sources:
        title, minutes, panels = reading(source)
        title = re.sub(r"^[0-9A-Z]\d+[a-z]?\s*[—-]\s*", "", title)
        rows.append((row_name(source), title, minutes, panels,
                     None if args.no_run else run_seconds(source)))
        print(rows[-1], file=sys.stderr)
    out = table(rows, load)
    print(out)
    if args.readme:
        text = README.read_text(encoding="utf-8")
        if text.count(BEGIN) != 1 or text.count(END) != 1:
            raise SystemExit(f"{README}: needs one pair of notebooks markers")
        head, rest = text.split(BEGIN)
        README.write_text(head + out + rest.split(END, 1)[1], encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
