"""The house-rule switches in players' words (issue 34 item 1): the set-up tab of notebook 12 shows each switch of
:class:`racebook.rf90.options.Rules` by a plain title, never by its identifier, and each reading of a switch with
several readings by its words. The words are data: ``racebook/rf90/data/house_rule_words.toml``, checked against the
class (every switch once, in the class's order; every reading of an Enum switch worded; nothing else).

Standard library only; no rule here (the readings and their sources: :data:`racebook.rf90.options.HOUSE_RULE_DOCS`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.rf90.options import Rules

WORDS_FILE = Path(__file__).parent / "data" / "house_rule_words.toml"


@dataclass(frozen=True, slots=True)
class RuleWords:
    """One switch in players' words: its ``title`` (what a ticked switch does, or what a menu chooses) and, for a
    switch with several readings, each reading's words by its value."""

    name: str
    title: str
    values: tuple[tuple[str, str], ...] = ()

    def words(self, value: Any) -> str:
        """The words of one reading (``value``: the Enum or its value)."""
        v = value.value if isinstance(value, Enum) else value
        return dict(self.values)[v]


def parse_words(doc: dict[str, Any], file: str = str(WORDS_FILE)) -> dict[str, RuleWords]:
    """The words of every switch from a parsed file, checked against :class:`Rules` (a DataError names the field)."""
    rules = doc.get("rule")
    if not isinstance(rules, list):
        raise DataError(file, "rule", "missing: one [[rule]] per house-rule switch")
    switches = {f.name: getattr(Rules(), f.name) for f in fields(Rules)}
    out: dict[str, RuleWords] = {}
    for i, r in enumerate(rules):
        where = f"rule[{i}]"
        if not isinstance(r, dict):
            raise DataError(file, where, "must be a table")
        unknown = set(r) - {"name", "title", "values"}
        if unknown:
            raise DataError(file, f"{where}.{sorted(unknown)[0]}", "unknown key (known: name, title, values)")
        name, title = r.get("name"), r.get("title")
        if name not in switches:
            raise DataError(file, f"{where}.name", f"{name!r} is not a house-rule switch (known: "
                                                   f"{', '.join(switches)})")
        if name in out:
            raise DataError(file, f"{where}.name", f"{name} is worded twice")
        if not isinstance(title, str) or not title.strip():
            raise DataError(file, f"{where}.title", "missing: the switch's plain title")
        default = switches[name]
        values = r.get("values", {})
        if isinstance(default, Enum):
            wanted = [e.value for e in type(default)]
            if not isinstance(values, dict) or sorted(values) != sorted(wanted) or \
                    not all(isinstance(v, str) and v.strip() for v in values.values()):
                raise DataError(file, f"{where}.values", f"must word each reading: {', '.join(wanted)}")
            pairs = tuple((v, values[v]) for v in wanted)
        elif values:
            raise DataError(file, f"{where}.values", "only a switch with several readings has values")
        else:
            pairs = ()
        out[name] = RuleWords(name, title.strip(), pairs)
    if list(out) != list(switches):
        missing = [n for n in switches if n not in out]
        raise DataError(file, "rule", f"missing switches: {', '.join(missing)}" if missing
                        else "the switches must be in the order of racebook.rf90.options.Rules")
    return out


@cache
def house_rule_words() -> dict[str, RuleWords]:
    """Every switch's words, by switch name, in the order of :class:`Rules`."""
    return parse_words(load_toml(WORDS_FILE), str(WORDS_FILE))
