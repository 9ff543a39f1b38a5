"""The optional ``[view]`` table of a track file: how the track view draws the track's loop.

The files hold no board art (tracks/rf90/SCHEMA.md), so the view lays the sections along a computed closed loop
(:mod:`racebook.rf90.ui.layout`); this table tunes that loop for one track. Its values are drawing choices, not
board values, and carry ``source = "invented-for-teaching"``. Keys left out take the view's defaults
(:class:`racebook.rf90.ui.layout.LayoutSpec`).

Standard library only: the engine checks the table, the widgets draw it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn, Protocol

from racebook.rf90.track import INVENTED, ViewLayout

SHAPES = ("rounded_rect", "superellipse")
KEYS = {"shape", "aspect", "corner", "finish", "band", "gap", "weights", "source", "sources"}


# Inclusive ranges of the numeric keys: wide enough for any sensible loop, narrow enough to catch a typo.
_RANGES: dict[str, tuple[float, float]] = {
    "aspect": (0.2, 5.0), "finish": (0.0, 1.0), "band": (0.05, 0.5), "gap": (0.0, 0.05),
}
_CORNER_RANGE = {"rounded_rect": (0.0, 0.5), "superellipse": (0.5, 20.0)}
_WEIGHT_RANGE = (0.1, 20.0)


class _Checker(Protocol):
    """What the track file parser offers: the failure, a table check and the provenance record."""

    def fail(self, field: str, reason: str) -> NoReturn: ...

    def table(self, raw: Any, where: str, keys: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]: ...

    def provenance(self, raw: dict[str, Any], where: str, key: str, default: str | None = None,
                   ids: tuple[str, ...] = ()) -> str: ...


def _number(p: _Checker, raw: Any, where: str, lo: float, hi: float) -> float:
    if not isinstance(raw, (int, float)) or isinstance(raw, bool) or not lo <= raw <= hi:
        p.fail(where, f"{raw!r} must be a number from {lo:g} to {hi:g}")
    return float(raw)


def parse_view(p: _Checker, raw: Any, sections: Iterable[str]) -> ViewLayout | None:
    """Check a ``[view]`` table (``None``: the file has none) against the track's ``sections``."""
    if raw is None:
        return None
    t = p.table(raw, "view", KEYS)
    if p.provenance(t, "view", "view") != INVENTED:  # (then its sources, if any, are invented too)
        p.fail("view.source", f"the view's loop is a drawing choice, not a board value: source = {INVENTED!r}")
    shape = t.get("shape")
    if shape is not None and shape not in SHAPES:
        p.fail("view.shape", f"{shape!r} is not one of {', '.join(repr(s) for s in SHAPES)}")
    nums = {k: _number(p, t[k], f"view.{k}", *_RANGES[k]) for k in _RANGES if k in t}
    corner = None
    if "corner" in t:
        corner = _number(p, t["corner"], "view.corner", *_CORNER_RANGE[shape or SHAPES[0]])
    weights: list[tuple[str, float]] = []
    if "weights" in t:
        raw_w = t["weights"]
        if not isinstance(raw_w, dict) or not raw_w:
            p.fail("view.weights", f"{raw_w!r} must be a non-empty table of section name = relative length")
        known = set(sections)
        for name, w in raw_w.items():
            if name not in known:
                p.fail(f"view.weights.{name}", f"{name!r} is not a section of this track")
            weights.append((name, _number(p, w, f"view.weights.{name}", *_WEIGHT_RANGE)))
    return ViewLayout(shape=shape, corner=corner, weights=tuple(weights), **nums)
