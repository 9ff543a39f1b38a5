"""docs/automobiles.md, sections "Track view" and "Notebooks": every module, class and file they name exists, and the
recompute command is the experiment's own."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from racebook.automobiles.analysis import purchases

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "automobiles.md"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def test_the_views_section_names_what_exists() -> None:
    text = _section("Track view")
    for dotted in set(re.findall(r"`(racebook(?:\.\w+)+)`", text)):  # a module, or a name in one
        try:
            importlib.import_module(dotted)
        except ModuleNotFoundError:
            mod, _, name = dotted.rpartition(".")
            assert hasattr(importlib.import_module(mod), name), dotted
    ui = importlib.import_module("racebook.automobiles.ui")
    for name in ("RacePlayer", "ZonesPanel", "OddsPanel", "BuyPanel", "CardSandbox", "BoardView"):
        assert name in text and hasattr(ui, name)
    svg = importlib.import_module("racebook.automobiles.boardsvg")
    for fn in ("position_svg", "state_svg", "race_svg"):
        assert f"`{fn}(" in text and hasattr(svg, fn)
    for shot in re.findall(r"`(\w+\.png)`", text):
        assert (ROOT / "docs" / "screenshots" / "automobiles" / shot).is_file(), shot


def test_the_notebooks_section_names_the_notebooks_and_the_recompute_command() -> None:
    text = _section("Notebooks")
    for stem in re.findall(r"`(A\d_\w+)`", text):
        for suffix in (".py", ".ipynb"):
            assert (ROOT / "notebooks" / "automobiles" / f"{stem}{suffix}").is_file(), stem
    assert f"`{purchases.RECOMPUTE}`" in text
    for name in purchases.EXPERIMENTS:
        assert name in text


def test_the_workshop_finds_the_automobiles_notebooks_by_their_names() -> None:
    from racebook.workshop import find_notebooks

    nb = ROOT / "notebooks" / "automobiles"
    assert find_notebooks("A1", ROOT) == nb / "A1_your_bag_is_your_engine.ipynb"
    assert find_notebooks("automobiles/A3", ROOT) == nb / "A3_what_if.ipynb"
