"""Notebook 00's tour (racebook.rf90.lessons.tour): the table of notebooks is read from the files (parts included),
the house rules table from the options."""

from __future__ import annotations

import json
from pathlib import Path

from racebook.rf90.lessons.tour import choices_table, house_rules_table, notebooks, notebooks_table, title_of
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "rf90"


def _notebook(path: Path, *lines: str) -> None:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "\n".join(lines)}]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def test_the_table_lists_every_notebook_file_with_its_title_and_parts_in_order(tmp_path: Path) -> None:
    _notebook(tmp_path / "00_start_here.ipynb", "# 00 — Start here: your first race", "", "**You need:** nothing")
    _notebook(tmp_path / "05b_late_braking_in_the_race.ipynb", "# 05b — Late braking, part 2: in the race")
    _notebook(tmp_path / "05a_late_braking.ipynb", "# 05a — Late braking, part 1: the rule")
    _notebook(tmp_path / "12_full_race.ipynb", "no heading here")
    _notebook(tmp_path / "scratch.ipynb", "# 99 — not a notebook of the course")
    (tmp_path / "06_broken.ipynb").write_text("{not json")
    assert [(n.name, n.title, n.part) for n in notebooks(tmp_path)] == [
        ("00_start_here", "Start here: your first race", ""),
        ("05a_late_braking", "Late braking, part 1: the rule", "a"),
        ("05b_late_braking_in_the_race", "Late braking, part 2: in the race", "b"),
        ("06_broken", "", ""),
        ("12_full_race", "", "")]
    table = notebooks_table(tmp_path).splitlines()
    assert table[2] == "| 00 **you are here** | [00_start_here](00_start_here.ipynb) | Start here: your first race |"
    assert table[3] == ("| 05 part a | [05a_late_braking](05a_late_braking.ipynb) | Late braking, part 1: the "
                        "rule |")
    assert len(table) == 2 + 5 and "scratch" not in "\n".join(table)


def test_the_real_folder_lists_every_notebook_with_a_title() -> None:
    files = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))
    found = notebooks(NOTEBOOKS)
    assert [n.name for n in found] == files and len(files) >= 17
    assert all(n.title for n in found), [n.name for n in found if not n.title]
    assert title_of(NOTEBOOKS / "00_start_here.ipynb") == "Start here: your first race"


def test_the_house_rules_table_has_each_base_game_switch_with_its_default_and_readings() -> None:
    rows = house_rules_table().splitlines()[2:]
    defaults = Rules().to_dict()
    assert len(rows) == len(defaults) >= 7 and set(defaults) <= set(HOUSE_RULE_DOCS)  # the base game's switches
    assert rows[0] == f"| `intermediate_row` | corrected | {HOUSE_RULE_DOCS['intermediate_row']} |"
    assert "| `trajectories_at_start` | True |" in house_rules_table(Rules(trajectories_at_start=True))


def test_the_choices_table_gives_each_legal_action_its_label_and_rule() -> None:
    from racebook.rf90 import scenario
    from racebook.rf90.actionlabels import labels

    race = scenario.load("ex27", play=False).race
    rows = choices_table(race).splitlines()[2:]
    legal = labels(race.legal_actions(), race.state)
    assert len(rows) == len(legal) == 13
    assert rows[0] == "| start the turn: no declaration | §13.A |" and "strategy=" not in "\n".join(rows)
