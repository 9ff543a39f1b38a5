"""Issue 34 item 2: presenter mode shows no sentence that only makes sense in JupyterLab.

Presenter mode (`racebook workshop`, the Voilà template in ``racebook/ui/presenter``) hides the code, so a sentence
that sends the reader to a code cell, to *Run All Cells* or to the kernel would point at nothing. Such a sentence
lives in a markdown cell of its own tagged ``presenter-hide`` (the template never shows a cell with that tag). The
check reads the executed notebooks, as the template does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/*.ipynb"))
#: words that name a notebook-only thing: the Run menu, a code cell, the code, the kernel, a key to press
NOTEBOOK_ONLY = re.compile(r"Run All Cells|Run ▸|Run →|code cell|the code below|in the code|Shift\+Enter|kernel",
                           re.IGNORECASE)


def _markdown_cells(path: Path) -> list[tuple[int, str, list[str]]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(i, "".join(c["source"]), c.get("metadata", {}).get("tags", []))
            for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"]


def test_the_notebooks_are_found() -> None:
    assert len(NOTEBOOKS) >= 29


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_only_sentences_are_hidden_in_presenter_mode(path: Path) -> None:
    shown = [f"cell {i}: {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}"
             for i, text, tags in _markdown_cells(path) if "presenter-hide" not in tags
             for m in [NOTEBOOK_ONLY.search(text)] if m]
    assert shown == [], "move these sentences into a markdown cell tagged presenter-hide:\n" + "\n".join(shown)


def test_the_check_finds_a_shown_notebook_only_sentence(tmp_path: Path) -> None:
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["Press *Run ▸ Run All Cells*."]},
                    {"cell_type": "markdown", "metadata": {"tags": ["presenter-hide"]},
                     "source": ["Change the first code cell."]}]}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    found = [i for i, text, tags in _markdown_cells(path)
             if "presenter-hide" not in tags and NOTEBOOK_ONLY.search(text)]
    assert found == [0]


#: Debian's default fonts (DejaVu) draw no emoji and none of the media-control symbols (⏮ ⏭ ⏯ …): in a browser
#: without an emoji font they show as empty boxes. Checked with ``fc-list ':charset=1f3b2'`` (none) and the like.
MISSING_GLYPHS = re.compile("[\u23e9-\u23fa\U0001f000-\U0001faff\u2600-\u2604\u2b50\ufe0f]")
TEXT_SOURCES = sorted([*ROOT.glob("notebooks/*/*.py"), *ROOT.glob("racebook/ui/**/*.py"),
                       *ROOT.glob("racebook/*/ui/**/*.py"), *ROOT.glob("racebook/*/lessons/**/*.py")])


def test_no_glyph_the_default_fonts_lack() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}: {m.group(0)!r}" for p in TEXT_SOURCES
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             for m in [MISSING_GLYPHS.search(line)] if m]
    assert len(TEXT_SOURCES) > 50
    assert found == [], "use a word or a glyph DejaVu draws (▶ ◀ ✓ ✗ ★):\n" + "\n".join(found)
