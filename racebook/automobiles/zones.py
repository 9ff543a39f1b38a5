"""Multisets of cubes: a zone (Bag, Active, Used, Discard, the Stock) is a ``dict`` code -> count (§3).

No zero counts are kept; the codes are listed in the fixed order of :data:`racebook.automobiles.cubes.CODES`, so the
same zone always prints and iterates the same way (replays are exact).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from racebook.automobiles.cubes import CODES

Zone = dict[str, int]


def add(zone: Zone, code: str, n: int = 1) -> None:
    if n:
        zone[code] = zone.get(code, 0) + n


def take(zone: Zone, code: str, n: int = 1) -> None:
    """Take ``n`` cubes of ``code`` (the caller checked they are there; an engine bug otherwise)."""
    have = zone.get(code, 0)
    if have < n:
        raise RuntimeError(f"zone holds {have} {code}, cannot take {n}")
    if have == n:
        del zone[code]
    else:
        zone[code] = have - n


def size(zone: Mapping[str, int]) -> int:
    return sum(zone.values())


def of(codes: Iterable[str]) -> Zone:
    z: Zone = {}
    for c in codes:
        add(z, c)
    return z


def ordered(zone: Mapping[str, int]) -> list[str]:
    """The cubes one by one, in code order (for drawing, printing and listing)."""
    return [c for c in CODES for _ in range(zone.get(c, 0))]


def text(zone: Mapping[str, int]) -> str:
    """``W3L2Y1`` (``-`` for an empty zone): the zone notation used in positions and events."""
    return "".join(f"{c}{zone[c]}" for c in CODES if zone.get(c)) or "-"


def parse(s: str) -> Zone:
    """The inverse of :func:`text` (a ValueError for anything else)."""
    if s == "-":
        return {}
    z: Zone = {}
    i = 0
    while i < len(s):
        c = s[i]
        j = i + 1
        while j < len(s) and "0" <= s[j] <= "9":  # ASCII digits only (racebook.core.fields.ascii_int)
            j += 1
        if c not in CODES or j == i + 1 or c in z or len(s[i + 1:j]) > 3:
            raise ValueError(f"not a zone: {s!r} (cube codes with counts, e.g. W3L2Y1, or -)")
        z[c] = int(s[i + 1:j])
        if not z[c]:
            del z[c]
        i = j
    return z
