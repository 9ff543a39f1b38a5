"""House-rule switches, the part every game shares: a game's ``Rules`` is a frozen dataclass of named switches
(``bool``, ``int`` or an ``Enum``) whose defaults are the digest's recommended readings, subclassing
:class:`HouseRules` for the conversions (the switches that differ from the defaults, a scenario's ``[rules]`` table,
the one-word form in a position's notation), and its documentation is data: one ``[[rule]]`` per switch in the game's
``data/house_rules.toml``, validated against the class by :func:`load_docs`.

Standard library only.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_enum, bad, field_key, kind_of

__all__ = ["HouseRules", "RuleDoc", "load_docs", "plain"]

R = TypeVar("R", bound="HouseRules")


def plain(v: Any) -> Any:
    """A switch's value as TOML / JSON writes it (an Enum by its value)."""
    return v.value if isinstance(v, Enum) else v


def _default(f: Field[Any]) -> Any:
    if f.default is not MISSING:
        return f.default
    raise TypeError(f"house rule {f.name} needs a default")  # a programming error of the game's Rules class


class HouseRules:
    """Mixin for a game's frozen ``Rules`` dataclass: every field is a switch with a default."""

    __slots__ = ()

    def changed(self) -> dict[str, Any]:
        """The switches that differ from the defaults, as plain values (for positions, saves and summaries)."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)  # type: ignore[arg-type]
                if getattr(self, f.name) != _default(f)}

    def to_dict(self) -> dict[str, Any]:
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[R], d: Any, where: str = "rules") -> R:
        """The switches named in ``d`` (the others keep their defaults); an unknown switch or a bad value is a
        :class:`~racebook.core.errors.DataError` naming the field (``rules.gains_to``)."""
        if not isinstance(d, dict):
            raise bad(where, f"must be a table, not {kind_of(d)}")
        known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
        kw: dict[str, Any] = {}
        for k, v in d.items():
            if k not in known:
                raise bad(f"{where}.{field_key(k)}", f"unknown house rule (known: {', '.join(sorted(known))})")
            default = _default(known[k])
            if isinstance(default, Enum):
                kw[k] = as_enum(type(default), v, f"{where}.{k}")
            elif isinstance(default, bool):
                if not isinstance(v, bool):
                    raise bad(f"{where}.{k}", f"must be true or false, not {kind_of(v)}")
                kw[k] = v
            elif isinstance(default, int):
                if isinstance(v, bool) or not isinstance(v, int) or not -10**6 < v < 10**6:
                    raise bad(f"{where}.{k}", f"must be a whole number, not {kind_of(v)}")
                kw[k] = v
            else:  # pragma: no cover - a programming error of the game's Rules class
                raise TypeError(f"house rule {k}: unsupported type {type(default).__name__}")
        return cls(**kw)

    def text(self) -> str:
        """The changed switches as one word for a position's notation: ``gains_to=discard,wear_buyable=1``."""
        return ",".join(f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in self.changed().items())

    @classmethod
    def parse_text(cls: type[R], text: str) -> R:
        """The inverse of :meth:`text` (a :class:`DataError` for anything else)."""
        kinds = {f.name: _default(f) for f in fields(cls)}  # type: ignore[arg-type]
        out: dict[str, Any] = {}
        for item in text.split(","):
            k, eq, v = item.partition("=")
            if not eq:
                raise DataError("<position>", "rules", f"{item[:40]!r} is not name=value")
            default = kinds.get(k)
            if isinstance(default, bool):
                out[k] = {"1": True, "0": False}.get(v, v)
            elif isinstance(default, int) and v.lstrip("-").isdigit() and len(v) < 8:
                out[k] = int(v)
            else:
                out[k] = v
        return cls.from_dict(out)


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """One switch's documentation: its name, the rule it reads, both readings and what it changes."""

    name: str
    cite: str
    default: str
    alternative: str
    text: str


def load_docs(path: Path, rules: type[HouseRules]) -> dict[str, RuleDoc]:
    """The documentation of every switch of ``rules`` from ``path`` (``schema = 1`` and one ``[[rule]]`` per switch,
    in the order of the class, each default as the class has it); every problem is a :class:`DataError`."""
    file = str(path)
    doc = load_toml(path)
    rows = doc.get("rule")
    if doc.get("schema") != 1 or not isinstance(rows, list):
        raise DataError(file, "rule", "schema = 1 and an array of [[rule]] tables")
    out: dict[str, RuleDoc] = {}
    for i, t in enumerate(rows):
        if not isinstance(t, dict) or not all(isinstance(t.get(k), str) and t.get(k) for k in
                                              ("name", "cite", "default", "alternative", "text")):
            raise DataError(file, f"rule[{i}]", "needs name, cite, default, alternative and text (strings)")
        out[t["name"]] = RuleDoc(t["name"], t["cite"], t["default"], t["alternative"], t["text"])
    names = [f.name for f in fields(rules)]  # type: ignore[arg-type]
    if list(out) != names:
        raise DataError(file, "rule", f"one [[rule]] per switch, in the order of Rules: {', '.join(names)}")
    for f in fields(rules):  # type: ignore[arg-type]
        if out[f.name].default != str(plain(_default(f))).lower():
            raise DataError(file, f"rule.{f.name}.default", f"the default is {plain(_default(f))!r}")
    return out
