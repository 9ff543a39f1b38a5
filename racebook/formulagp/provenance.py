"""Where each FormulaGP component number comes from, and the shared readers of the data files.

The source prints the procedures and almost no component values (digest §0, §3, §24 A1–A4). Every number in a
FormulaGP data file therefore says where it comes from:

* ``"digest §N: …"`` — stated by the rulebook (through the digest; the original wins where they differ);
* ``"invented-for-teaching: <why>"`` — invented so that the engine can run and the worked examples come out.

A table carries ``source`` (the provenance of all its values) and may carry ``sources``, a table of
``field = provenance`` for the values whose provenance differs (a stated value in an invented table, or the other way
round). :func:`sourced` reads both into flat ``{path: provenance}`` entries; ``stated()`` / ``invented()`` of the
loaded objects list them. Each file also records in ``[examples]`` which worked examples (Appendix A) rely on
which of its values: ``"10" = "speed 6th GREEN …"``.
"""

from __future__ import annotations

import re
from typing import Any

from racebook.core.errors import DataError
from racebook.core.fields import kind_of, short

INVENTED = "invented-for-teaching"
STATED = "digest §"
_EXAMPLE_KEY = re.compile(r"(?:[1-9]|[12][0-9]|3[01])[a-e]?|x[1-3]")


def check_source(src: Any, path: str, file: str) -> str:
    """A provenance string: ``digest §N…`` or ``invented-for-teaching: <why>`` (a reason of 3+ characters)."""
    ok = isinstance(src, str) and (
        (src.startswith(STATED) and src[len(STATED):len(STATED) + 1].isdigit())
        or (src.startswith(INVENTED + ": ") and len(src[len(INVENTED) + 2:].strip()) >= 3))
    if not ok:
        raise DataError(file, path, f"needs a provenance: 'digest §N: …' or '{INVENTED}: <why>' (got {short(src)})")
    return str(src)


def is_stated(src: str) -> bool:
    return src.startswith(STATED)


def table(doc: Any, key: str, file: str, path: str = "") -> dict[str, Any]:
    """``doc[key]``, which must be a table (a DataError naming the field otherwise)."""
    where = f"{path}.{key}" if path else key
    if not isinstance(doc, dict):
        raise DataError(file, path or "<top>", f"must be a table, not {kind_of(doc)}")
    t = doc.get(key)
    if not isinstance(t, dict):
        raise DataError(file, where, "missing" if t is None else f"must be a table, not {kind_of(t)}")
    return t


def only_keys(t: dict[str, Any], allowed: set[str], file: str, path: str) -> None:
    """Refuse an unknown key (a typo must not be silently ignored)."""
    unknown = sorted(str(k) for k in t if k not in allowed)
    if unknown:
        raise DataError(file, f"{path}.{unknown[0]}" if path else unknown[0],
                        f"unknown key; known: {', '.join(sorted(allowed))}")


def sourced(t: dict[str, Any], fields: list[str], file: str, path: str) -> dict[str, str]:
    """The provenance of each of ``fields`` of table ``t``: its ``sources.<field>`` or else its ``source``."""
    default = check_source(t.get("source"), f"{path}.source", file)
    extra = t.get("sources", {})
    if not isinstance(extra, dict):
        raise DataError(file, f"{path}.sources", f"must be a table of field = provenance, not {kind_of(extra)}")
    out = {}
    for k, v in extra.items():
        if k not in fields:
            raise DataError(file, f"{path}.sources.{k}", f"names no value of this table; values: {', '.join(fields)}")
        out[f"{path}.{k}"] = check_source(v, f"{path}.sources.{k}", file)
    for f in fields:
        out.setdefault(f"{path}.{f}", default)
    return out


def examples(doc: dict[str, Any], file: str) -> dict[str, str]:
    """The ``[examples]`` table: worked example (Appendix A number, ``28a``, or ``x1``–``x3``) → the values it needs."""
    t = doc.get("examples", {})
    if not isinstance(t, dict):
        raise DataError(file, "examples", f"must be a table of example = values it relies on, not {kind_of(t)}")
    out = {}
    for k, v in t.items():
        if not _EXAMPLE_KEY.fullmatch(str(k)):
            raise DataError(file, f"examples.{k}", "not a worked example of Appendix A (1–31, 28a–28e) or x1–x3")
        if not isinstance(v, str) or len(v.strip()) < 3:
            raise DataError(file, f"examples.{k}", f"must say which values the example relies on (got {short(v)})")
        out[str(k)] = v
    return out


def rewrapped(e: DataError, file: str) -> DataError:
    """A field reader's error (file ``<state>``) as this file's."""
    return e if e.file == file else DataError(file, e.field, e.reason)
