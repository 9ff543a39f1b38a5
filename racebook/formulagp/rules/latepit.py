"""[ADV] The Late Pit Bonus (digest §16.6, §14.2; the original's 11.4, 10.2): pure rules and the Fresh Tyres token's
values (``data/late_pit.toml``: the fresh side +2 stated, the lesser side invented-for-teaching).

* **When it opens**: "When the Chequered Flag token reaches the space with the Fresh Tyres token (17th or 18th
  round), place one Fresh Tyres token in each of the Pit Box tiles" — the radar's ``fresh_tyres`` space
  (``data/race_control.toml``); :func:`open_at`.
* **Who gets it**: "Each car that makes a pit stop from this point on" — reading **LP1** (the switch
  ``late_pit_needs_new_tyres``, off): any stop counts (the literal text); on: only a stop that fits tyres (the text's
  "fresh tyres").
* **Its side**: it "degrades when the tyres degrade" and is removed with the Tyre Bonus token (§14.1), so its side
  is the tyres' state: fresh → the fresh side, degraded → the lesser side, worn out → none; "Wet tyres on a dry
  track: flip it to its lower side" (§14.2).
* **When it is not added** (:func:`bonus`): with dry tyres on a wet track; on the move that starts on the pit-exit
  space; on a rejoin move (no tyre bonus of any kind, §18.2).

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import get_int
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA
from racebook.formulagp.playerboard import TyreState

SCHEMA_VERSION = 1
RULE = "§16.6"


@dataclass(frozen=True, slots=True)
class FreshTyres:
    """The Fresh Tyres token's two sides (MP added to each move)."""

    fresh: int
    degraded: int
    sources: tuple[tuple[str, str], ...]


def parse_late_pit(doc: dict[str, Any], file: str) -> FreshTyres:
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "fresh_tyres", "examples"}, file, "")
        t = pv.table(doc, "fresh_tyres", file)
        pv.only_keys(t, {"fresh", "degraded", "source", "sources"}, file, "fresh_tyres")
        sources = pv.sourced(t, ["fresh", "degraded"], file, "fresh_tyres")
        fresh = get_int(t, "fresh", "fresh_tyres.fresh", lo=1, hi=9)
        degraded = get_int(t, "degraded", "fresh_tyres.degraded", lo=0, hi=9)
        if degraded >= fresh:
            raise DataError(file, "fresh_tyres.degraded", f"{degraded}: the lesser side is below the fresh side")
        return FreshTyres(fresh, degraded, tuple(sorted(sources.items())))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def load_late_pit_file(path: str | Path) -> FreshTyres:
    return parse_late_pit(load_toml(path), str(path))


@cache
def late_pit_values() -> FreshTyres:
    return load_late_pit_file(DATA / "late_pit.toml")


def open_at(flag: int, fresh_space: int) -> bool:
    """§16.6: the Fresh Tyres tokens are in the pit boxes once the Chequered Flag reached their radar space."""
    return flag >= fresh_space


def earns(*, open_now: bool, tyres_fitted: bool, needs_new_tyres: bool) -> bool:
    """§16.6 (LP1): a stop made with the tokens in the boxes earns the token (with ``needs_new_tyres``: a stop that
    fitted tyres)."""
    return open_now and (tyres_fitted or not needs_new_tyres)


def bonus(tokens: FreshTyres, *, held: bool, tyres: TyreState, dry_on_wet: bool, wet_on_dry: bool,
          from_pit_exit: bool, rejoin: bool) -> int:
    """The MP the Fresh Tyres token adds to a move (§16.6, §14.2)."""
    if not held or dry_on_wet or from_pit_exit or rejoin or tyres is TyreState.WORN:
        return 0
    return tokens.degraded if tyres is TyreState.DEGRADED or wet_on_dry else tokens.fresh
