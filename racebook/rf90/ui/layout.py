"""The track view's geometry (kept here for the widgets' imports): see :mod:`racebook.rf90.trackgeom`.

A track's look is its file's ``[layout]`` (the circuit's shape) or ``[view]`` table (a computed loop),
tracks/rf90/SCHEMA.md; :func:`register_layout` overrides it for the session (:data:`LAYOUT_OVERRIDES`).
"""

from __future__ import annotations

from racebook.core.geometry import Point, Span
from racebook.core.geometry import Span as SectionGeom
from racebook.rf90.trackgeom import (
    DEFAULT_SPEC,
    LAYOUT_OVERRIDES,
    LayoutSpec,
    TrackLayout,
    layout_for,
    register_layout,
    spec_for,
)

__all__ = ["DEFAULT_SPEC", "LAYOUT_OVERRIDES", "LayoutSpec", "Point", "SectionGeom", "Span", "TrackLayout",
           "layout_for", "register_layout", "spec_for"]
