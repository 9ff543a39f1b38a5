"""Notebook 00's tour (start here): the table of the notebooks, read from the notebook files themselves, and the
house rules with their defaults and a position's legal actions (their labels and rules), as markdown tables.

The table of notebooks lists the ``NN_name.ipynb`` files of a folder (a topic in parts, ``05a_…`` and ``05b_…``,
gives one row per part), in learning order, each with the title its first heading gives ("# 05a — Late braking,
part 1: …"): nothing is written twice, so a notebook added, renamed or split shows as it is.

Standard library only; no rule here (the house rules' words are :data:`racebook.rf90.options.HOUSE_RULE_DOCS`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from racebook.core.notebooknames import NOTEBOOK_NAME
from racebook.rf90.actionlabels import labels
from racebook.rf90.game import Race
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules

_TITLE = re.compile(r"^#\s+\S+\s+[—-]+\s+(?P<title>.+)$")


@dataclass(frozen=True, slots=True)
class NotebookEntry:
    """One notebook of the folder: its ``name`` (file stem), its ``title`` (its first heading without the number,
    "" when it has none) and its part letter ("" for a whole topic)."""

    name: str
    title: str
    part: str

    @property
    def number(self) -> str:
        return self.name[:2]


def title_of(path: Path) -> str:
    """The title of the notebook at ``path``: its first markdown heading, without "NN —" ("" when none)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return ""
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        for line in (source if isinstance(source, str) else "".join(source)).splitlines():
            found = _TITLE.match(line.strip())
            if found:
                return found["title"].strip()
    return ""


def notebooks(folder: Path | str = ".") -> list[NotebookEntry]:
    """The notebooks of ``folder`` (``NN_name.ipynb``, ``NNa_name.ipynb``), in learning order (number, then part)."""
    named = sorted(((p, found) for p in Path(folder).glob("*.ipynb")
                    if (found := NOTEBOOK_NAME.fullmatch(p.stem)) is not None), key=lambda pair: pair[0].stem)
    return [NotebookEntry(p.stem, title_of(p), found["part"]) for p, found in named]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def notebooks_table(folder: Path | str = ".", here: str = "00_start_here") -> str:
    """The notebooks of ``folder`` as a markdown table: a link to each, what it teaches (its title), and "you are
    here" on ``here``; a topic in parts says which part."""
    rows = ["| | notebook | what it teaches |", "|---|---|---|"]
    for nb in notebooks(folder):
        mark = "**you are here**" if nb.name == here else (f"part {nb.part}" if nb.part else "")
        rows.append(f"| {nb.number} {mark} | [{nb.name}]({nb.name}.ipynb) | {_cell(nb.title)} |")
    return "\n".join(rows)


def house_rules_table(rules: Rules | None = None) -> str:
    """The house rules as a markdown table: each switch, its value (the digest's recommendation by default) and the
    readings it chooses between (:data:`HOUSE_RULE_DOCS`)."""
    rows = ["| house rule | value | where the book can be read two ways |", "|---|---|---|"]
    for name, value in (Rules() if rules is None else rules).to_dict().items():
        rows.append(f"| `{name}` | {_cell(str(value))} | {_cell(HOUSE_RULE_DOCS[name])} |")
    return "\n".join(rows)


def choices_table(race: Race) -> str:
    """The legal actions of ``race`` now as a markdown table: what each button says and its rule
    (:mod:`racebook.rf90.actionlabels`)."""
    rows = ["| what the button says | rule |", "|---|---|"]
    rows += [f"| {_cell(c.label)} | {c.rule} |" for c in labels(race.legal_actions(), race.state)]
    return "\n".join(rows)
