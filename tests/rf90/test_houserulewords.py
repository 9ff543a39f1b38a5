"""racebook.rf90.houserulewords: every house-rule switch in players' words (issue 34 item 1), checked against Rules."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

import pytest

from racebook.core.errors import DataError
from racebook.rf90.houserulewords import house_rule_words, parse_words
from racebook.rf90.options import Rules


def test_every_switch_has_a_plain_title_and_every_reading_its_words() -> None:
    words = house_rule_words()
    assert list(words) == [f.name for f in fields(Rules)]
    for name, w in words.items():
        assert w.title and "_" not in w.title and "AMB" not in w.title and "§" not in w.title, name
        default = getattr(Rules(), name)
        if isinstance(default, Enum):
            assert [v for v, _ in w.values] == [e.value for e in type(default)]
            assert all(w.words(e) for e in type(default))
        else:
            assert w.values == ()


def _doc() -> dict:
    return {"rule": [{"name": w.name, "title": w.title, **({"values": dict(w.values)} if w.values else {})}
                     for w in house_rule_words().values()]}


@pytest.mark.parametrize(("edit", "field", "reason"), [
    (lambda d: d["rule"].pop(), "rule", "missing switches: teammate_ends_ahead"),
    (lambda d: d["rule"][0].update(name="no_such_rule"), "rule[0].name", "is not a house-rule switch"),
    (lambda d: d["rule"][1].update(title=" "), "rule[1].title", "missing"),
    (lambda d: d["rule"][0]["values"].pop("printed"), "rule[0].values", "must word each reading"),
    (lambda d: d["rule"][1].update(values={"x": "y"}), "rule[1].values", "only a switch with several readings"),
    (lambda d: d["rule"][2].update(colour="red"), "rule[2].colour", "unknown key"),
    (lambda d: d["rule"].insert(0, d["rule"].pop(1)), "rule", "in the order"),
    (lambda d: d["rule"].append(dict(d["rule"][0])), "rule[12].name", "worded twice"),
    (lambda d: d.pop("rule"), "rule", "missing"),
])
def test_a_bad_words_file_is_one_line_naming_the_field(edit, field: str, reason: str) -> None:  # type: ignore[no-untyped-def]
    doc = _doc()
    edit(doc)
    with pytest.raises(DataError) as e:
        parse_words(doc, "words.toml")
    assert e.value.file == "words.toml" and e.value.field == field and reason in e.value.reason, str(e.value)
