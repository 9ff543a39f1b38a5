"""Execute notebooks from their jupytext sources and write the paired, executed ``.ipynb``.

Each notebook's source is a jupytext ``py:percent`` file (``notebooks/<game>/NN_name.py``, header
``formats: ipynb,py:percent``); the ``.ipynb`` beside it is the executed copy that nbval checks in ``make test``
and JupyterLab/Voilà open. This script reads a source, runs it top to bottom in the project's kernel and writes
the ``.ipynb`` with stable cell ids (``NN-000``, ``NN-001`` …), no execution timestamps, no widget state
(megabytes of bqplot data that only a live kernel can drive anyway) and each cell's printed text in one stream
output (not split where the kernel happened to flush) and widget outputs named after their cell, so rebuilding an
unchanged notebook gives the same file.

    .venv/bin/python tools/run_notebook.py notebooks/rf90/03_activation.py     # one notebook (prints its time)
    .venv/bin/python tools/run_notebook.py notebooks/rf90/*.py                 # all of them (make notebooks)
    .venv/bin/python tools/run_notebook.py --check notebooks/rf90/*.py         # only check the pairs are in sync

Keep text outputs deterministic (seeded races) and give a cell whose output is a widget or otherwise unstable the cell
tag ``nbval-ignore-output`` (``# %% tags=["nbval-ignore-output"]``: a tag, not a comment line a learner reads).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import uuid
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
FORMATS = "ipynb,py:percent"
#: The cell metadata a source carries into its notebook (and the sync check compares): presenter and nbval tags.
CELL_KEYS = ("tags",)
sys.path.insert(0, str(ROOT / "tools"))
from widget_outputs import WIDGET_VIEW, to_placeholder  # noqa: E402  (the tools folder, as a script or imported)


def read_source(source: Path) -> nbformat.NotebookNode:
    """The notebook a ``py:percent`` source describes: its cells with stable ids, no outputs yet."""
    nb = jupytext.read(source, fmt="py:percent")
    prefix = source.stem[:2]
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{prefix}-{i:03d}"
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in CELL_KEYS}
    nb.metadata = nbformat.NotebookNode({
        "jupytext": {"formats": FORMATS},
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    })
    nb.nbformat, nb.nbformat_minor = 4, 5
    return nb


def stable_widget_id(cell_id: str, k: int) -> str:
    """The id a committed widget output keeps: named after its cell and place (the kernel's random model id would
    make every rebuild differ)."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"racebook:{cell_id}/{k}").hex


def _stable_widget_ids(nb: nbformat.NotebookNode) -> None:
    """Replace each widget output by its placeholder named after its cell and place (:mod:`widget_outputs`): the
    widget state is not stored, so the view would point at nothing ("model not found" when the notebook is opened
    before it runs), and a stable id keeps a rebuilt notebook byte-identical."""
    for cell in nb.cells:
        for k, out in enumerate(cell.get("outputs", [])):
            if WIDGET_VIEW in out.get("data", {}):
                to_placeholder(out, stable_widget_id(cell["id"], k))


def execute(source: Path, timeout: int = 300) -> tuple[Path, float, float]:
    """Run ``source`` top to bottom and write its paired ``.ipynb``; returns the path, the seconds taken (wall
    clock, the kernel's start included) and the kernel's CPU seconds (less sensitive to a busy machine)."""
    nb = read_source(source)
    target = source.with_suffix(".ipynb")
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False, coalesce_streams=True,
                            resources={"metadata": {"path": str(source.parent)}})
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    client.execute()  # starts the kernel, runs every cell, and shuts the kernel down (waited for: its CPU counts)
    seconds = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    for cell in nb.cells:  # stable files: no execution timestamps
        cell.get("metadata", {}).pop("execution", None)
    nb.metadata.pop("widgets", None)
    _stable_widget_ids(nb)
    nbformat.write(nb, target)
    return target, seconds, (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)


def _cells(nb: nbformat.NotebookNode) -> list[tuple[str, str, dict]]:
    return [(c.cell_type, c.source, {k: c.get("metadata", {}).get(k) for k in CELL_KEYS if k in c.get("metadata", {})})
            for c in nb.cells]


def differences(source: Path) -> list[str]:
    """How the ``.py`` source and its ``.ipynb`` disagree (cell types, sources, tags); empty when in sync."""
    target = source.with_suffix(".ipynb")
    if not target.is_file():
        return [f"{target.name} is missing: run tools/run_notebook.py {source.name}"]
    text = source.read_text(encoding="utf-8")
    header = text.split("# ---", 2)[1] if text.startswith("# ---") else ""
    if f"formats: {FORMATS}" not in header:
        return [f"{source.name}: no jupytext header pairing it as {FORMATS}"]
    src, out = _cells(read_source(source)), _cells(nbformat.read(target, as_version=4))
    found = []
    if len(src) != len(out):
        found.append(f"{source.name} has {len(src)} cells, {target.name} {len(out)}")
    for i, (a, b) in enumerate(zip(src, out, strict=False)):
        if a != b:
            first = next((line for line in a[1].splitlines() if line.strip()), "")[:60]
            found.append(f"cell {i} differs ({a[0]} cell starting {first!r})")
    return found


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", nargs="+", type=Path, help="py:percent notebook sources")
    ap.add_argument("--check", action="store_true", help="only check each pair is in sync (exit 1 if not)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per cell")
    args = ap.parse_args(argv)
    bad = 0
    for source in args.sources:
        source = source.resolve()
        if args.check:
            for line in differences(source):
                print(f"{_shown(source)}: {line}", file=sys.stderr)
                bad = 1
            continue
        target, seconds, cpu = execute(source, args.timeout)
        print(f"wrote {_shown(target)} ({seconds:.1f} s; kernel CPU {cpu:.1f} s)", file=sys.stderr)
    return bad


if __name__ == "__main__":
    sys.exit(main())
