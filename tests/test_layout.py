"""One game, one folder (issue 15): the package layout, and the 0.1 module names kept for one release."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import racebook
from racebook import _compat

ROOT = Path(__file__).resolve().parents[1]


def test_the_skeleton_exists() -> None:
    pkg = ROOT / "racebook"
    for d in ("core", "rf90", "rf90/rules", "rf90/analysis", "rf90/lessons", "rf90/ui", "rf90/turn", "rf90/events",
              "ui"):  # events: a package, one module per concern (issue 15: no engine module over 500 lines)
        assert (pkg / d / "__init__.py").is_file(), d
    for m in ("state", "cards", "car", "track", "trackfile", "notation", "actions", "options", "game"):
        assert (pkg / "rf90" / f"{m}.py").is_file(), m
    assert (pkg / "rf90" / "data" / "race_deck.toml").is_file()
    assert sorted(p.name for p in (pkg / "rf90" / "scenarios").glob("ex*.toml"))
    assert (ROOT / "tracks" / "rf90" / "SCHEMA.md").is_file()
    assert not list((ROOT / "tracks").glob("*.toml")), "track files live in tracks/<game>/"


@pytest.mark.parametrize("old", sorted(_compat.MOVED))
def test_an_old_module_name_is_the_new_module_with_a_deprecation_warning(old: str) -> None:
    new = _compat.MOVED[old]
    if old.startswith("racebook.ui."):
        pytest.importorskip("ipywidgets")
    saved = sys.modules.pop(old, None)
    try:
        with pytest.warns(DeprecationWarning, match=f"{old.replace('.', '[.]')} moved to {new.replace('.', '[.]')}"):
            mod = importlib.import_module(old)
        assert mod is importlib.import_module(new)
    finally:
        if saved is not None:
            sys.modules[old] = saved


def test_old_names_work_in_a_fresh_interpreter() -> None:
    code = ("import warnings; warnings.simplefilter('error')\n"
            "import racebook\n"
            "try:\n    import racebook.turn\nexcept DeprecationWarning as e:\n    print('warned:', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == ("warned: racebook.turn moved to racebook.rf90.turn; the old name will be removed "
                                  "in the next release")


def test_public_names_need_no_deprecated_path() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert racebook.scenario is importlib.import_module("racebook.rf90.scenario")
        assert racebook.Race.__module__ == "racebook.rf90.game"
        assert racebook.load_scenario("ex01").race.position()
