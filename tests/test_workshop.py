"""Presenter mode's launcher (racebook.workshop): which notebook, which command (no server started)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from racebook.core.errors import RacebookError
from racebook.workshop import PRESENTER_ROOT, TEMPLATE, WorkshopError, command, find_notebooks

REPO = Path(__file__).resolve().parent.parent


def test_find_by_number_name_and_folder() -> None:
    assert find_notebooks("02", REPO) == REPO / "notebooks" / "rf90" / "02_duels.ipynb"
    assert find_notebooks("03_late_braking", REPO) == REPO / "notebooks" / "rf90" / "03_late_braking.ipynb"
    assert find_notebooks("notebooks/rf90/04_fuel_and_pits.ipynb", REPO).name == "04_fuel_and_pits.ipynb"
    assert find_notebooks("rf90/05", REPO) == REPO / "notebooks" / "rf90" / "05_check_tests.ipynb"
    assert find_notebooks(None, REPO) == REPO / "notebooks"


def test_unknown_notebook_says_what_exists(tmp_path: Path) -> None:
    with pytest.raises(WorkshopError, match=r"no notebook '99'.*01_activation"):
        find_notebooks("99", REPO)
    with pytest.raises(WorkshopError, match=r"no notebook 'formulagp/02'"):
        find_notebooks("formulagp/02", REPO)
    with pytest.raises(RacebookError, match="no notebooks/ folder"):
        find_notebooks(None, tmp_path)


def test_command_uses_the_presenter_template() -> None:
    cmd = command(REPO / "notebooks" / "rf90" / "01_activation.ipynb", port=9999, open_browser=False)
    assert f"--template={TEMPLATE}" in cmd.argv and "--strip_sources=True" in cmd.argv and "--no-browser" in cmd.argv
    assert cmd.env["JUPYTER_PATH"].split(":")[0] == str(PRESENTER_ROOT)
    tpl = PRESENTER_ROOT / "voila" / "templates" / TEMPLATE
    assert json.loads((tpl / "conf.json").read_text())["base_template"] == "lab"
    assert "presenter-show" in (tpl / "index.html.j2").read_text()
    assert cmd.url == "http://127.0.0.1:9999/"
