"""Notebooks as text (issue 18 item 1): each notebook's source is a jupytext py:percent file beside its executed
.ipynb (notebooks/<game>/NN_name.py + .ipynb), and the two must say the same thing: same cells, same sources, same
tags. tools/run_notebook.py writes the .ipynb from the source; this test fails when someone edits one side only."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("jupytext", reason="the notebook sources need jupytext: pip install 'racebook[test]'")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
_spec = importlib.util.spec_from_file_location("run_notebook", ROOT / "tools" / "run_notebook.py")
assert _spec and _spec.loader
run_notebook = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebook)
import widget_outputs  # noqa: E402  (tools/, on the path run_notebook sets)

_spec = importlib.util.spec_from_file_location("notebook_times", ROOT / "tools" / "notebook_times.py")
assert _spec is not None and _spec.loader is not None
notebook_times = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(notebook_times)

SOURCES = sorted(p for p in NOTEBOOKS.rglob("*.py") if ".ipynb_checkpoints" not in p.parts)
EXECUTED = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
#: Cell tags a source may carry: presenter mode's (racebook/ui/presenter) and nbval's.
KNOWN_TAGS = {"presenter-show", "presenter-hide", "nbval-ignore-output", "nbval-skip", "raises-exception"}


def test_every_notebook_is_a_pair_in_a_game_folder() -> None:
    assert len(SOURCES) >= 14 and [p.with_suffix(".ipynb") for p in SOURCES] == EXECUTED
    for p in SOURCES:
        assert p.parent.parent == NOTEBOOKS, p  # one folder per game: notebooks/rf90/NN_name.py
        header = "# ---\n# jupyter:\n#   jupytext:\n#     formats: ipynb,py:percent\n"
        assert p.read_text(encoding="utf-8").startswith(header), p


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_pair_in_sync(source: Path) -> None:
    assert run_notebook.differences(source) == []


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_executed_notebook_is_stable(source: Path) -> None:
    """Stable cell ids, no execution timestamps, no widget state: rebuilding an unchanged notebook changes nothing."""
    nb = json.loads(source.with_suffix(".ipynb").read_text(encoding="utf-8"))
    assert [c["id"] for c in nb["cells"]] == [f"{source.stem[:2]}-{i:03d}" for i in range(len(nb["cells"]))]
    assert "widgets" not in nb["metadata"] and nb["metadata"]["jupytext"] == {"formats": "ipynb,py:percent"}
    for cell in nb["cells"]:
        assert "execution" not in cell["metadata"]
        for k, out in enumerate(cell.get("outputs", [])):
            # issue 34 item 5: no widget view pointing at a model that only a live kernel has ("model not found"
            # when the notebook is opened): a placeholder named after its cell and place
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})
            if out.get("metadata", {}).get("racebook"):
                assert out["metadata"]["racebook"] == {"widget": run_notebook.stable_widget_id(cell["id"], k)}
                html = out["data"]["text/html"]
                assert ("".join(html) if isinstance(html, list) else html) == widget_outputs.PLACEHOLDER_HTML
        assert set(cell["metadata"]) <= {"tags"} and set(cell["metadata"].get("tags", [])) <= KNOWN_TAGS


def _pair(tmp_path: Path) -> Path:
    for suffix in (".py", ".ipynb"):
        shutil.copy(NOTEBOOKS / "rf90" / f"03_activation{suffix}", tmp_path)
    return tmp_path / "03_activation.py"


def test_a_desynced_pair_is_caught(tmp_path: Path) -> None:
    source = _pair(tmp_path)
    assert run_notebook.differences(source) == []  # the copy itself is in sync
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace('print(in_words(start11.state))',
                                   'print("now:", in_words(start11.state))'), encoding="utf-8")
    found = run_notebook.differences(source)
    assert len(found) == 1 and found[0].startswith("cell ")
    assert "code cell starting 'from racebook.rf90.lessons.notebook" in found[0]
    source.write_text(text + "\n# %%\nprint('one more cell')\n", encoding="utf-8")
    assert run_notebook.differences(source) == ["03_activation.py has 32 cells, 03_activation.ipynb 31"]
    source.write_text(text.replace('# %% tags=["presenter-show"]\nfrom racebook.rf90.lessons.notebook',
                                   "# %%\nfrom racebook.rf90.lessons.notebook", 1), encoding="utf-8")
    assert len(run_notebook.differences(source)) == 1  # a tag lost on one side
    source.write_text(text.replace("formats: ipynb,py:percent", "formats: ipynb,md"), encoding="utf-8")
    assert "no jupytext header" in run_notebook.differences(source)[0]
    source.with_suffix(".ipynb").unlink()
    assert "03_activation.ipynb is missing" in run_notebook.differences(source)[0]


def test_check_mode_exits_1_on_a_desynced_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _pair(tmp_path)
    assert run_notebook.main(["--check", str(source)]) == 0
    source.write_text(source.read_text(encoding="utf-8").replace("# 03 — Section activation", "# 03 — Activation"),
                      encoding="utf-8")
    assert run_notebook.main(["--check", str(source)]) == 1
    assert "cell 0 differs (markdown cell" in capsys.readouterr().err


def test_read_source_gives_stable_ids_and_only_tags() -> None:
    nb = run_notebook.read_source(NOTEBOOKS / "rf90" / "03_activation.py")
    assert nb.cells[0]["id"] == "03-000" and nb.cells[5]["id"] == "03-005"
    assert nb.metadata["jupytext"] == {"formats": "ipynb,py:percent"}
    assert all(set(c["metadata"]) <= {"tags"} for c in nb.cells)
    assert any("presenter-show" in c["metadata"].get("tags", []) for c in nb.cells)


def test_the_builders_are_gone() -> None:
    assert not (ROOT / "tools" / "notebooks").exists() and not (ROOT / "tools" / "nbtools.py").exists()


# ---------------------------------------------------------------- learning order (issue 19 item 2)
RF90 = [p for p in notebook_times.every_source() if p.parent.name == "rf90"]


def _number(source: Path) -> str:
    """``05a`` for ``05a_late_braking.py``: its number and part letter (the parts of one topic share a number)."""
    found = notebook_times.NOTEBOOK_NAME.fullmatch(source.stem)
    assert found, source.name
    return found["number"] + found["part"]
LINK = re.compile(r"\[[^\]]+\]\(([^)\s]+\.ipynb)\)")


def _cells(source: Path) -> list[str]:
    """The sources of the notebook's cells, as jupytext reads them ("markdown: " or "code: " in front)."""
    return [f"{c.cell_type}: {c.source}" for c in run_notebook.read_source(source).cells]


def _next(source: Path) -> Path:
    """The notebook the "Next →" cell (the last cell) links to first."""
    last = _cells(source)[-1]
    assert last.startswith("markdown: **Next →** "), f"{source.name} does not end with a **Next →** cell: {last[:80]!r}"
    found = LINK.search(last)
    assert found, f"{source.name}: the Next → cell links to no notebook"
    target = (source.parent / found.group(1)).resolve()
    assert target.is_file() and target.with_suffix(".py").is_file(), f"{source.name}: {found.group(1)} is missing"
    return target.with_suffix(".py")


def test_the_rf90_notebooks_are_numbered_00_to_16() -> None:
    """Every number from 00 to 16, once, or in parts a, b, … (a topic split into 15-20 minute parts, issue 19)."""
    numbers = [_number(p) for p in RF90]
    assert sorted({n[:2] for n in numbers}) == [f"{n:02d}" for n in range(17)]
    for n in {n[:2] for n in numbers}:
        parts = [x[2:] for x in numbers if x[:2] == n]
        assert parts in ([""], list("abcdefgh"[:len(parts)])), f"notebook {n}: parts {parts} (want none, or a, b, …)"


@pytest.mark.parametrize("source", RF90, ids=lambda p: p.stem)
def test_rf90_notebook_starts_with_what_you_need(source: Path) -> None:
    """Right after the title, one "**You need:**" line naming (as links) only notebooks that come before this one."""
    lines = _cells(source)[0].removeprefix("markdown: ").split("\n")
    assert lines[0].startswith(f"# {_number(source)} — ") and lines[1] == "", lines[:2]
    assert lines[2].startswith("**You need:** "), f"{source.name}: line 3 is {lines[2]!r}"
    need = " ".join(lines[2:lines.index("", 2)])
    if source.name.startswith("00_"):
        assert need == "**You need:** nothing — start here."
        return
    targets = LINK.findall(need)
    assert targets, f"{source.name}: You need names no notebook"
    for target in targets:
        assert (source.parent / target).is_file(), f"{source.name}: You need → {target} is missing"
        assert _number(source.parent / target) < _number(source), f"{source.name} needs {target}, which comes after it"


def test_the_next_chain_visits_every_rf90_notebook_in_number_order() -> None:
    chain = [RF90[0]]
    while chain[-1].parent == RF90[0].parent and len(chain) <= len(RF90):
        chain.append(_next(chain[-1]))
    assert [p.stem for p in chain[:-1]] == [p.stem for p in RF90]
    assert chain[-1] == NOTEBOOKS / "automobiles" / "A0_first_race.py"  # 16 leads on to the next game


@pytest.mark.parametrize("source", sorted((NOTEBOOKS / "automobiles").glob("A[1-9]_*.py")), ids=lambda p: p.stem)
def test_automobiles_notebooks_lead_on_with_a_next_link(source: Path) -> None:
    """A1–A3 end with (or just before the end, after "What to remember") a **Next →** link to a notebook that exists."""
    tail = "".join(_cells(source)[-2:])
    assert "**Next →** " in tail, source.name
    found = LINK.search(tail, tail.index("**Next →** "))
    assert found and (source.parent / found.group(1)).is_file(), source.name


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_nbval_markers_are_tags_not_comments(source: Path) -> None:
    """Issue 34 item 7: nbval's markers are cell tags (``# %% tags=["nbval-ignore-output"]``), never a comment line
    such as ``# NBVAL_IGNORE_OUTPUT`` at the top of a cell a learner reads."""
    lines = [ln for ln in source.read_text(encoding="utf-8").splitlines() if re.match(r"\s*#\s*NBVAL_", ln)]
    assert lines == []


#: U+23E9–U+23FA, the media-control symbols (⏩ ⏮ ⏭ ⏯ ⏸ …): Debian's default fonts (DejaVu, Liberation) lack them,
#: so a projector shows empty boxes (issue 34 item 2). The step buttons are FontAwesome icons; prose says |◀ and ▶|.
MISSING_GLYPHS = re.compile("[\u23e9-\u23fa]")


def test_no_glyph_the_default_fonts_lack() -> None:
    texts = SOURCES + sorted(p for p in (ROOT / "racebook").rglob("*.py"))
    found = [f"{p.relative_to(ROOT)}:{i}" for p in texts
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if MISSING_GLYPHS.search(line)]
    assert found == []


#: A command line in what a learner reads: ``python -m …``, ``python tools/…``, a virtualenv path, "recompute:".
COMMAND_LINE = re.compile(r"python3? (-m |tools/)|\.venv/bin/|recompute:")


@pytest.mark.parametrize("notebook", EXECUTED, ids=lambda p: p.stem)
def test_no_command_line_in_the_outputs(notebook: Path) -> None:
    """Issue 34 item 7: no command lines in widget text or outputs a learner reads — shipped results say where they
    come from in words (``Precomputed.describe``, ``purchases.describe``, ``ShippedOdds.describe``); the commands that
    recompute them are for developers (docs, the CLI)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = [i for i, cell in enumerate(cells) for out in cell.get("outputs", [])
             if COMMAND_LINE.search(json.dumps(out).replace("\\n", " "))]
    assert found == [], f"cells {found} print a command line"
