"""Structured mutation of parsed documents (scenario TOML, saved-race JSON) for the fuzz suites.

``mutate(doc, data)`` applies one hypothesis-drawn edit at a random place of a nested dict/list document: drop a
key or element, duplicate it, retype it (any junk value), swap in a value from elsewhere in the document, insert
a junk key or element, or put a boundary number there (-1, 0, huge, NaN, inf, 1.5). ``toml_dumps`` writes a
document back as TOML (``None`` cannot be written and is left out).
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

from hypothesis import strategies as st

Path_ = tuple[Any, ...]

# Words the loaders give meaning to: card codes, car ids, enum values, sections, tracks, paths.
WORDS = ["R42", "R01", "R100", "T01", "T99", "R4", "Blue", "Red", "Green", "SuperFast1", "Fast1", "Slow1", "X",
         "human", "robot", "alien", "superfast", "fast", "slow", "soft", "hard", "rain", "intermediate", "slick",
         "red", "brown", "blue", "tenth", "sixth_sense", "reflexes", "save_tyres", "banging_wheels", "chase", "A",
         "E", "G", "I", "Copse", "teaching", "silverstone", "/dev/zero", "../x.toml", "", " ", "(Y)", "keep",
         "Blue start", "Blue play R79", "printed", "racebook-race/1", "racebook-race/2", "whole", "leader",
         "x" * 300, "teaching\n", "a\x00b", "teaching.toml", "tracks/teaching.toml"]
NUMBERS = [-1, 0, 1, 2, 3, 16, 17, 99, 1000, 2**31, 2**63 - 1, -(2**63), 10**30, math.nan, math.inf, -math.inf, 1.5,
           -0.0, 10**19, 10**25, 10**4000, 1e19]  # issue 35: beyond 64 bits, thousands of digits, far out of range

scalars = st.one_of(st.integers(min_value=-(2**63), max_value=2**63 - 1), st.sampled_from(NUMBERS), st.booleans(),
                    st.sampled_from(WORDS), st.text(max_size=12),
                    st.floats(allow_nan=True, allow_infinity=True))
junk = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6),
                                                                     inner, max_size=3)), max_leaves=8)
OPS = ("drop", "duplicate", "retype", "swap", "insert", "number")


def paths(doc: Any, prefix: Path_ = ()) -> list[Path_]:
    """Every place in ``doc`` (the root is ``()``)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, prefix + (i,))
    return out


def at(doc: Any, path: Path_) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def mutate(doc: Any, data: st.DataObject) -> tuple[Any, str]:
    """A mutated deep copy of ``doc`` and a description of the edit."""
    doc = copy.deepcopy(doc)
    places = paths(doc)
    path = data.draw(st.sampled_from(places[1:] or places), label="path")
    op = data.draw(st.sampled_from(OPS), label="op")
    parent, key = (at(doc, path[:-1]), path[-1]) if path else (None, None)
    here = at(doc, path)
    if op == "drop" and parent is not None:
        del parent[key]
    elif op == "duplicate" and parent is not None:
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(here))
        else:
            parent[data.draw(st.sampled_from(WORDS), label="as")] = copy.deepcopy(here)
    elif op == "swap" and parent is not None:
        parent[key] = copy.deepcopy(at(doc, data.draw(st.sampled_from(places), label="from")))
    elif op == "insert" and isinstance(here, (dict, list)):
        value = data.draw(junk, label="junk")
        if isinstance(here, list):
            here.insert(data.draw(st.integers(0, len(here)), label="index"), value)
        else:
            here[data.draw(st.sampled_from(WORDS) | st.text(max_size=8), label="key")] = value
    elif op == "number" and parent is not None:
        parent[key] = data.draw(st.sampled_from(NUMBERS), label="number")
    elif parent is not None:  # retype (and the ops that do not apply here)
        parent[key] = data.draw(junk, label="junk")
        op = "retype"
    return doc, f"{op} at {'.'.join(map(str, path)) or '<root>'}"


# ------------------------------------------------------------------------------------------ TOML writer
def _scalar_text(s: str) -> str:
    """TOML strings hold Unicode scalar values: a lone surrogate (which hypothesis may draw) becomes U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s)


def _string(s: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, but only for BMP code points; DEL must be escaped)."""
    return json.dumps(_scalar_text(s), ensure_ascii=False).replace("\x7f", "\\u007f")


def _key(k: Any) -> str:
    return _string(str(k))


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_val(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_val(x)}" for k, x in v.items() if x is not None) + " }"
    raise TypeError(type(v))


def toml_dumps(doc: Any) -> str:
    """``doc`` as TOML: top-level tables as ``[table]`` sections, nested tables inline."""
    if not isinstance(doc, dict):
        return f"value = {_val(doc)}\n" if doc is not None else ""
    lines = [f"{_key(k)} = {_val(v)}" for k, v in doc.items() if v is not None and not isinstance(v, dict)]
    for k, v in doc.items():
        if isinstance(v, dict):
            lines.append(f"[{_key(k)}]")
            lines += [f"{_key(k2)} = {_val(v2)}" for k2, v2 in v.items() if v2 is not None]
    return "\n".join(lines) + "\n"
