"""Notebooks as text (issue 18 item 1): each notebook's source is a jupytext py:percent file beside its executed
.ipynb (notebooks/<game>/NN_name.py + .ipynb), and the two must say the same thing: same cells, same sources, same
tags. tools/run_notebook.py writes the .ipynb from the source; this test fails when someone edits one side only."""

from __future__ import annotations

import importlib.util
import json
import shutil
import uuid
from pathlib import Path

import pytest

pytest.importorskip("jupytext", reason="the notebook sources need jupytext: pip install 'racebook[test]'")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
_spec = importlib.util.spec_from_file_location("run_notebook", ROOT / "tools" / "run_notebook.py")
assert _spec and _spec.loader
run_notebook = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebook)

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
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                assert out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] == \
                    uuid.uuid5(uuid.NAMESPACE_URL, f"racebook:{cell['id']}/{k}").hex
        assert set(cell["metadata"]) <= {"tags"} and set(cell["metadata"].get("tags", [])) <= KNOWN_TAGS


def _pair(tmp_path: Path) -> Path:
    for suffix in (".py", ".ipynb"):
        shutil.copy(NOTEBOOKS / "rf90" / f"01_activation{suffix}", tmp_path)
    return tmp_path / "01_activation.py"


def test_a_desynced_pair_is_caught(tmp_path: Path) -> None:
    source = _pair(tmp_path)
    assert run_notebook.differences(source) == []  # the copy itself is in sync
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace('print("position:", start11.position())',
                                   'print("position now:", start11.position())'), encoding="utf-8")
    found = run_notebook.differences(source)
    assert len(found) == 1 and found[0].startswith("cell ") and "code cell starting 'start11 = " in found[0]
    source.write_text(text + "\n# %%\nprint('one more cell')\n", encoding="utf-8")
    assert run_notebook.differences(source) == ["01_activation.py has 37 cells, 01_activation.ipynb 36"]
    source.write_text(text.replace('# %% tags=["presenter-show"]\nstart11', "# %%\nstart11", 1), encoding="utf-8")
    assert len(run_notebook.differences(source)) == 1  # a tag lost on one side
    source.write_text(text.replace("formats: ipynb,py:percent", "formats: ipynb,md"), encoding="utf-8")
    assert "no jupytext header" in run_notebook.differences(source)[0]
    source.with_suffix(".ipynb").unlink()
    assert "01_activation.ipynb is missing" in run_notebook.differences(source)[0]


def test_check_mode_exits_1_on_a_desynced_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _pair(tmp_path)
    assert run_notebook.main(["--check", str(source)]) == 0
    source.write_text(source.read_text(encoding="utf-8").replace("# 01 — Section activation", "# 01 — Activation"),
                      encoding="utf-8")
    assert run_notebook.main(["--check", str(source)]) == 1
    assert "cell 0 differs (markdown cell" in capsys.readouterr().err


def test_read_source_gives_stable_ids_and_only_tags() -> None:
    nb = run_notebook.read_source(NOTEBOOKS / "rf90" / "01_activation.py")
    assert nb.cells[0]["id"] == "01-000" and nb.cells[5]["id"] == "01-005"
    assert nb.metadata["jupytext"] == {"formats": "ipynb,py:percent"}
    assert all(set(c["metadata"]) <= {"tags"} for c in nb.cells)
    assert any("presenter-show" in c["metadata"].get("tags", []) for c in nb.cells)


def test_the_builders_are_gone() -> None:
    assert not (ROOT / "tools" / "notebooks").exists() and not (ROOT / "tools" / "nbtools.py").exists()
