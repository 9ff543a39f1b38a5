"""The Optional rule 15.9, "Penalties — let the Race Director decide" (digest §21 15.9, the original's 15.9; house rule
``race_director``, off by default).

"When any driver (player or BOT) would receive a penalty from an incident involving another car" — causing a
collision (§18.3) or pushing a car off track (§11.3.1, §18.2) — the WHITE die decides (:func:`judge`):

* the **1st range**: a racing incident, no penalty;
* the **2nd range**: a **warning**, the black-and-white flag token (``Car.warnings``, the notation's per-car ``wn=``);
  the 2nd warning of the race gives 1 Penalty token at once, and so does every later one (:func:`warn`);
* the **3rd range**: the penalty as normal.

And "a driver who has already received a warning performs an action that would normally result in receiving 1
penalty token, that driver receives 2 Penalty tokens instead" (:func:`doubled`). The ranges are printed icons, not
in source: ``data/race_director.toml`` (invented-for-teaching, validated on load by :func:`parse_ranges`).

Every Penalty token of the race goes through :func:`racebook.formulagp.penalties.give`, which calls this module when
the switch is on: a call site names the other car of a two-car incident (``against=``); pit speeding, a yellow line
crossed, a card held too long or a RISK card are no two-car incidents and are not judged. Rookie BOTs never get
penalties (§22.13.8), so they are not judged either. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import kind_of
from racebook.core.log import EventLog
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA
from racebook.formulagp.events import racedirector as rdev
from racebook.formulagp.state import Car, Die, RaceState

__all__ = ["Verdict", "Ranges", "parse_ranges", "load_ranges_file", "ranges", "judge", "warn", "doubled", "RULE"]

SCHEMA_VERSION = 1
RULE = "§21"  # Optional 15.9
FACES = (1, 6)


class Verdict(Enum):
    """The Race Director's decision, by the range the WHITE die falls in (1st, 2nd, 3rd)."""

    RACING_INCIDENT = "racing incident"
    WARNING = "warning"
    PENALTY = "penalty"


_ORDER = (Verdict.RACING_INCIDENT, Verdict.WARNING, Verdict.PENALTY)
_KEYS = {Verdict.RACING_INCIDENT: "racing_incident", Verdict.WARNING: "warning", Verdict.PENALTY: "penalty"}


@dataclass(frozen=True, slots=True)
class Ranges:
    """The WHITE die's three ranges, each (lowest face, highest face), in the order 1st, 2nd, 3rd."""

    racing_incident: tuple[int, int]
    warning: tuple[int, int]
    penalty: tuple[int, int]
    source: str

    def verdict(self, face: int) -> Verdict:
        """The verdict of a WHITE die ``face`` (1–6)."""
        for v in _ORDER:
            lo, hi = getattr(self, _KEYS[v])
            if lo <= face <= hi:
                return v
        raise ValueError(f"§21 15.9: the WHITE die has faces 1-6, not {face}")

    def range_number(self, v: Verdict) -> int:
        return _ORDER.index(v) + 1


def _pair(t: dict[str, Any], key: str, file: str) -> tuple[int, int]:
    v = t.get(key)
    path = f"race_director.{key}"
    if v is None:
        raise DataError(file, path, "missing: [lowest face, highest face] of the WHITE die")
    if not isinstance(v, list) or len(v) != 2 or not all(type(x) is int for x in v):
        raise DataError(file, path, f"must be [lowest face, highest face] (two whole numbers), not {kind_of(v)}")
    lo, hi = v
    if not FACES[0] <= lo <= hi <= FACES[1]:
        raise DataError(file, path, f"{v}: faces 1-6, the lowest first")
    return lo, hi


def parse_ranges(doc: dict[str, Any], file: str) -> Ranges:
    """Validate a Race Director document (see ``data/race_director.toml``): the three ranges cover the faces 1–6 in
    order, each at least one face, with a provenance."""
    if doc.get("schema") != SCHEMA_VERSION:
        raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
    pv.only_keys(doc, {"schema", "race_director"}, file, "")
    t = pv.table(doc, "race_director", file)
    pv.only_keys(t, {*_KEYS.values(), "source"}, file, "race_director")
    source = pv.check_source(t.get("source"), "race_director.source", file)
    pairs = [_pair(t, _KEYS[v], file) for v in _ORDER]
    expect = FACES[0]
    for v, (lo, hi) in zip(_ORDER, pairs, strict=True):
        if lo != expect:
            raise DataError(file, f"race_director.{_KEYS[v]}",
                            f"starts at {lo}, must start at {expect}: the ranges cover 1-6 in order, no gap or overlap")
        expect = hi + 1
    if expect != FACES[1] + 1:
        raise DataError(file, "race_director.penalty", f"ends at {expect - 1}, must end at 6: the ranges cover 1-6")
    return Ranges(pairs[0], pairs[1], pairs[2], source)


def load_ranges_file(path: str | Path) -> Ranges:
    return parse_ranges(load_toml(path), str(path))


@cache
def ranges() -> Ranges:
    """The ranges of ``data/race_director.toml``."""
    return load_ranges_file(DATA / "race_director.toml")


def judge(s: RaceState, c: Car, other: str, reason: str, log: EventLog) -> Verdict:
    """The WHITE die for ``c``'s penalty from an incident with car ``other`` (a stacked face first)."""
    face = s.white_face(s.roll(Die.WHITE)).value
    r = ranges()
    v = r.verdict(face)
    log.append(rdev.RaceDirectorRoll(c.id, other, reason, face, r.range_number(v), v.value))
    return v


def warn(c: Car, log: EventLog) -> int:
    """``c`` receives a warning; returns the Penalty tokens it gives: 1 from the 2nd warning of the race on."""
    c.warnings += 1
    tokens = 1 if c.warnings >= 2 else 0
    log.append(rdev.RaceDirectorWarning(c.id, c.warnings, tokens))
    return tokens


def doubled(c: Car, tokens: int) -> int:
    """A driver already warned who commits an ordinary 1-token offence takes 2 tokens instead."""
    return 2 if tokens == 1 and c.warnings else tokens
