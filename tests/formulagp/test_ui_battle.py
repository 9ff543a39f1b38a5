"""Notebook F2's widget and helpers (racebook.formulagp.ui.battle): the sandbox shows battleodds' exact odds for the
side, hand size, memory and model chosen, reads only what the viewer sees, the stepper walks F2's examples, the
replays carry the source's numbers, and nothing in them decides a rule."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp.analysis import battleodds as bo  # noqa: E402
from racebook.formulagp.state import Phase  # noqa: E402
from racebook.formulagp.ui import BattleSandbox  # noqa: E402
from racebook.formulagp.ui import battle as ui  # noqa: E402

EX17 = "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"


def test_the_sandbox_shows_battleodds_for_every_choice() -> None:
    box = BattleSandbox()
    assert box.race.phase is Phase.BATTLE and box.picture.value.startswith("<svg")
    assert box.unseen.value == len(box.race.state.cars["Green"].hand) == 2
    for side in ("attacker", "defender"):
        box.side.value = side
        for model in ui.MODELS:
            box.model.value = model
            for n in (1, 3):
                box.unseen.value = n
                o = box.result
                assert (o.role, o.hand, o.model) == (side, n, ui.MODELS[model].__name__)
                assert o.bids == box.odds().bids and f"<code>{o.best().bid}</code>" in box.table.value
    box.position.value = "fgp_ex03_ers_in_battle_cuts_the_hand_limit"
    assert (box.attack.car, box.attack.defender, box.result.viewer) == ("Grey", "Red", "Red")
    assert box.errors.errors == []


def test_the_sandbox_matches_the_odds_of_example_17() -> None:
    """Orange attacks Green's 2 unseen cards: the sandbox's table is battle_odds on the declared battle."""
    box = BattleSandbox()
    race = ui.before_attack(EX17)
    race.apply("Orange attack Green")
    assert box.result.bids == bo.battle_odds(race, "Orange").bids
    box.memory.value = "nothing"
    assert box.result.pool == 45 and box.result.bids == bo.battle_odds(race, "Orange", memory=bo.Memory.NONE).bids


def test_the_replays_show_the_sources_numbers() -> None:
    lines = "\n".join(ui.replay_lines(EX17))
    assert "= 4 MP" in lines and "3 MP left become OT, OT 2 (1 lost over the maximum)" in lines  # Example 17
    drs = ui.replay_lines("fgp_ex26_drs_only_with_the_same_lapping_status", ("DrsMoved",))
    assert any("Lead moves from T26.2.1 to T28.2.2" in x for x in drs)
    assert any("Blue2 moves from T26.4.1 to T26.4.2" in x for x in drs)
    assert ui.before(EX17, "Orange stop").explain("Orange to T34.2.1").rule == "§13.2"


def test_the_stepper_walks_f2s_examples(walk_examples: Callable[[Sequence[str]], None]) -> None:
    """Each example to its last action, on the SVG picture (the offline browser's) and on the bqplot figure."""
    walk_examples(ui.EXAMPLES)


def test_the_widget_holds_no_rule() -> None:
    tree = ast.parse(Path(ui.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and (".rules" in m or m.endswith(("battles", "moving", "playerboard"))) for m in imported)
