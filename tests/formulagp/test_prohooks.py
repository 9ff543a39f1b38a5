"""The Pro BOTs' hook table (issue 38 layering): the race events call the Pro BOT engine through
racebook.formulagp.prohooks, which bots.pro fills at import; the events no longer import the BOT engine."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from racebook.formulagp import prohooks
from racebook.formulagp.bots import pro

ROOT = Path(__file__).resolve().parents[2] / "racebook" / "formulagp"


def test_the_bot_engine_fills_every_slot() -> None:
    assert prohooks.HOOKS.damage is pro.damage
    assert prohooks.HOOKS.gravel is pro.gravel
    assert prohooks.HOOKS.safety_car is pro.safety_car
    assert prohooks.HOOKS.red_flag is pro.red_flag


@pytest.mark.parametrize("module", ["damage", "gravel", "safetycar", "redflag"])
def test_the_race_events_do_not_import_the_bot_engine(module: str) -> None:
    tree = ast.parse((ROOT / f"{module}.py").read_text(encoding="utf-8"))
    names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {m for m in names if m and m.startswith("racebook.formulagp.bots")}
    assert "racebook.formulagp.prohooks" in names


def test_an_unknown_slot_is_refused() -> None:
    with pytest.raises(TypeError, match="no Pro BOT hook 'pit'"):
        prohooks.register(pit=lambda *a: None)


def test_an_empty_slot_says_what_is_missing() -> None:
    with pytest.raises(RuntimeError, match="Pro BOT engine"):
        prohooks._missing()
