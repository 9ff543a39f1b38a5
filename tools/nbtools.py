"""Build a notebook from a list of cells, execute it in the project's kernel, and save it with its outputs.

Notebook builders (tools/notebooks/nbNN.py) call :func:`build`. nbval then re-runs the committed notebook
in ``make test`` and compares the outputs: keep text outputs deterministic (seeded races), and start a cell
whose output is a widget or otherwise unstable with ``# NBVAL_IGNORE_OUTPUT``.

    .venv/bin/python tools/notebooks/nb01.py      # writes notebooks/01_activation.ipynb
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def md(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(text.strip("\n"))


def code(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(text.strip("\n"))


def build(name: str, cells: list[nbformat.NotebookNode], timeout: int = 300) -> Path:
    """Write notebooks/<name>.ipynb, execute it top to bottom, and save the outputs."""
    nb = nbformat.v4.new_notebook()
    for i, cell in enumerate(cells):  # stable ids: rebuilding an unchanged notebook gives the same file
        cell["id"] = f"{name[:2]}-{i:03d}"
    nb.cells = cells
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    path = ROOT / "notebooks" / f"{name}.ipynb"
    path.parent.mkdir(exist_ok=True)
    # widget state is not stored: it is megabytes of bqplot data that only a live kernel can drive anyway
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for cell in nb.cells:  # stable files: no execution timestamps
        cell.get("metadata", {}).pop("execution", None)
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    return path
