"""The README's public promises: the quick start, the JSON summary keys, the examples table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_quick_start_is_exactly_two_commands() -> None:
    block = README.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make lab", "make test"]


def test_examples_table_is_current() -> None:
    table = subprocess.run([sys.executable, str(ROOT / "tools" / "examples_table.py")], capture_output=True,
                           text=True, check=True).stdout.strip()
    current = re.search(r"<!-- examples-table -->\n(.*)\n<!-- /examples-table -->", README, re.S)
    assert current is not None and current.group(1) == table, "run: python tools/examples_table.py"


def test_json_summary_documents_every_key() -> None:
    out = subprocess.run([sys.executable, "-m", "racebook.cli", "replay", "ex28", "--json"], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    data = json.loads(out)
    section = README.split("## The JSON summary (public interface)", 1)[1].split("\n## ", 1)[0]
    for key in data:
        assert f"`{key}`" in section, key
    for key in data["cars"]["Blue"]:
        assert f"`{key}`" in section, key
