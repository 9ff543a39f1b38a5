"""Typed readers of scenario and save fields: refuse a malformed dict with a dotted path, never a raw error.

Every ``from_dict`` method and file loader of every game reads its tables through these: ``get_int(d, "turn",
"cars.Blue.turn", lo=1)`` returns the integer or raises a :class:`~racebook.core.errors.DataError` naming the field
(a dotted path such as ``cars.Blue.hand[2]``) and why (``'x' is not an integer (a string)``). Loaders re-raise it
with their file name (:func:`rewrap`). Integers are never booleans; messages quote at most 60 characters of a value.

Standard library only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from racebook.core.errors import DataError, RacebookError

E = TypeVar("E", bound=Enum)


class _Missing:
    pass


MISSING: Any = _Missing()


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def ascii_int(text: str, max_digits: int, signed: bool = False) -> int | None:
    """The whole number ``text`` spells in ASCII digits (at most ``max_digits``; a leading ``-`` or ``+`` only if
    ``signed``), else None. The one rule of every text racebook reads a number from (RF90 and Automobiles positions,
    action texts, zone counts): ``str.isdigit`` accepts ``²`` (``int`` then fails) and ``int`` reads Arabic-Indic
    ``٣``, Devanagari ``३`` and fullwidth ``３`` as 3, so neither is used on input."""
    if not isinstance(text, str) or not _ASCII_INT.fullmatch(text) or (text[0] in "+-" and not signed):
        return None
    return int(text) if len(text.lstrip("+-")) <= max_digits else None


def field_key(k: Any) -> str:
    """A key as a dotted-path component: bare when it can be (``Blue``), else quoted as in TOML (``"a.b"``, ``""``)."""
    k = str(k)
    return k if _BARE.fullmatch(k) else json.dumps(k)


def kind_of(v: Any) -> str:
    """A short name of a value's type for messages ("a string", "a list", …)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "an integer"
    if isinstance(v, float):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (list, tuple)):
        return "a list"
    if isinstance(v, dict):
        return "a table"
    return type(v).__name__


def is_int(v: Any) -> bool:
    """An integer that is not a boolean (TOML and JSON ``true`` are not numbers here)."""
    return isinstance(v, int) and not isinstance(v, bool)


def short(v: Any) -> str:
    """``repr(v)``, cut to 60 characters (messages quote the bad value, not a whole document)."""
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def bad(path: str, reason: str) -> DataError:
    """A DataError for an in-memory dict (file ``<state>``); loaders re-raise it with their file and prefix."""
    return DataError("<state>", path, reason)


def get(d: Any, key: str, path: str, default: Any = MISSING) -> Any:
    """``d[key]``; a missing key (without ``default``) or a ``d`` that is not a table is an error at ``path``."""
    if not isinstance(d, dict):
        raise bad(path.rpartition(".")[0] or path, f"must be a table, not {kind_of(d)}")
    if key in d:
        return d[key]
    if default is MISSING:
        raise bad(path, "missing")
    return default


def get_int(d: Any, key: str, path: str, lo: int | None = None, hi: int | None = None, default: Any = MISSING,
            optional: bool = False) -> Any:
    v = get(d, key, path, default)
    if v is None and optional:
        return None
    return as_int(v, path, lo, hi)


def int_problem(v: Any, lo: int | None = None, hi: int | None = None, why: str = "") -> str | None:
    """Why ``v`` is not an integer in ``lo..hi`` (``why`` is appended to the range), or None when it is."""
    if not is_int(v):
        return f"{short(v)} is not an integer ({kind_of(v)})"
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        return f"{v} is out of range ({_range(lo, hi)}{why})"
    return None


def as_int(v: Any, path: str, lo: int | None = None, hi: int | None = None, why: str = "") -> int:
    reason = int_problem(v, lo, hi, why)
    if reason:
        raise bad(path, reason)
    return v


def as_bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise bad(path, f"{short(v)} is not true or false ({kind_of(v)})")
    return v


def get_bool(d: Any, key: str, path: str, default: Any = MISSING) -> bool:
    return as_bool(get(d, key, path, default), path)


def as_str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise bad(path, f"{short(v)} is not a string ({kind_of(v)})")
    return v


def get_str(d: Any, key: str, path: str, default: Any = MISSING, optional: bool = False) -> Any:
    v = get(d, key, path, default)
    if v is None and optional:
        return None
    return as_str(v, path)


def get_strs(d: Any, key: str, path: str, default: Any = MISSING) -> list[str]:
    return as_strs(get(d, key, path, default), path)


def as_strs(v: Any, path: str, unique: bool = False) -> list[str]:
    """A list of strings; with ``unique`` no string twice (card codes: a card is in one place only)."""
    if not isinstance(v, list):
        raise bad(path, f"{short(v)} is not a list of strings ({kind_of(v)})")
    seen: set[str] = set()
    for i, x in enumerate(v):
        as_str(x, f"{path}[{i}]")
        if unique and x in seen:
            raise bad(f"{path}[{i}]", f"{x!r} is named twice: name each card once (a card is in one place only, §6.1)")
        seen.add(x)
    return list(v)


def as_enum(enum: type[E], v: Any, path: str, parse: Callable[[str], E] | None = None) -> E:
    """``enum(v)`` (or ``parse(v)``); anything else is an error listing the allowed values."""
    allowed = ", ".join(str(e.value) for e in enum)
    if not isinstance(v, str):
        raise bad(path, f"{short(v)} is not a string ({kind_of(v)}); one of {allowed}")
    try:
        return parse(v) if parse else enum(v)
    except RacebookError:
        raise  # e.g. RuleUnavailable from Strategy.parse: also a ValueError, but not "not one of"
    except ValueError:
        raise bad(path, f"{v!r} is not one of {allowed}") from None


def get_enum(d: Any, key: str, enum: type[E], path: str, default: Any = MISSING, optional: bool = False) -> Any:
    v = get(d, key, path, default)
    if v is None and optional:
        return None
    return as_enum(enum, v, path)


def unknown_key(d: dict[str, Any], known: set[str] | tuple[str, ...], path: str = "") -> None:
    """A key of the table ``d`` (at ``path``; ``""`` for the top of a file) that is not one of ``known`` is an error
    naming it (an empty key as ``""``) and listing the known ones."""
    for k in d:
        if k not in known:
            key = field_key(k)
            raise bad(f"{path}.{key}" if path else key, f"unknown key (known: {', '.join(sorted(known))})")


def rewrap(e: DataError, cls: type[DataError], file: str, prefix: str = "") -> DataError:
    """The same problem as ``cls(file, prefix + field, reason)`` (for a dict read out of a file)."""
    field = f"{prefix}.{e.field}" if prefix and e.field else (prefix or e.field)
    return cls(file, field, e.reason)


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"
