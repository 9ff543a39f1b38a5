"""docs/automobiles.md stays true: every house-rule switch with its default and alternative (from the data file),
every sponsor's numbers (from its data), the invented Season numbers, the CLI options and the headings it owns."""

from __future__ import annotations

import re
from pathlib import Path

from racebook.automobiles.options import house_rule_docs
from racebook.automobiles.season import season_data
from racebook.automobiles.sponsors import sponsors

# The page as a reader sees it: the citation links (tools/link_citations.py: "[§9][]") read as their text.
DOC = re.sub(r"\[((?:§|AMB-|Ex\. )[^\]]+)\]\[[^\]]*\]", r"\1",
             (Path(__file__).resolve().parents[2] / "docs" / "automobiles.md").read_text(encoding="utf-8"))


def test_the_headings() -> None:
    for h in ("Engine", "Seasons and sponsors", "House rules", "Saves", "Computer players"):
        assert f"\n## {h}\n" in DOC


def test_every_switch_is_listed_with_its_readings() -> None:
    for d in house_rule_docs().values():
        assert f"| `{d.name}` | {d.cite} | `{d.default}` | `{d.alternative}` |" in DOC


def test_every_sponsor_and_the_season_numbers() -> None:
    for s in sponsors().values():
        assert f"{s.id}: {s.standard} · {' / '.join(s.tiers)}" in DOC
    assert "-".join(str(p) for p in season_data()["points"]) in DOC
    assert f"players + {season_data()['pool_extra']}" in DOC


def test_the_cli_options_are_documented() -> None:
    for opt in ("--policy greedy|builder|mixed", "--season RACES", "--draft", "resume SAVE", "replay FILE_OR_ID",
                "racebook-automobiles/1"):
        assert opt in DOC
