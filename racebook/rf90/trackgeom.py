"""Where the track view draws an RF90 track: its sections as spans of a centre line (issue 17).

A track file with a ``[layout]`` table (:mod:`racebook.rf90.layouttable`) is drawn in its circuit's shape;
any other track along a computed closed loop (a rounded rectangle or a superellipse) tuned by its ``[view]``
table. Both become one :class:`racebook.core.geometry.TrackGeometry`, which the SVG renderer
(:mod:`racebook.rf90.tracksvg`) and the bqplot view (:mod:`racebook.rf90.ui.trackview`) both draw.

Coordinates are "track units", y up. A position *along* a section is ``t`` in [0, 1] (0 = the back edge
where cars enter, 1 = the front edge where they leave), and *across* it is ``lateral`` in half-bands
(+1 = the outer edge of the band, -1 = the inner edge). Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from racebook.core.geometry import CentreLine, TrackGeometry, rounded_rect, superellipse
from racebook.rf90.layouttable import centre_line

if TYPE_CHECKING:
    from racebook.rf90.track import Track

_SAMPLES = 2048  # points on a computed loop's outline; arc length is interpolated on it


@dataclass(frozen=True)
class LayoutSpec:
    """How to draw one track's computed loop (the ``[view]`` table, tracks/rf90/SCHEMA.md).

    * ``shape``: ``"rounded_rect"`` or ``"superellipse"``.
    * ``aspect``: width / height of the loop's centre line.
    * ``corner``: rounded_rect — corner radius as a fraction of the height (≤ 0.5);
      superellipse — the exponent n (2 = ellipse, larger = squarer).
    * ``finish``: where the finish line lies (the back edge of section index 0), as a fraction of the loop
      measured clockwise from the top centre: 0 = top centre, 0.25 = right middle, 0.5 = bottom centre.
    * ``band``: width of the section band, as a fraction of the height.
    * ``gap``: blank space between two sections, as a fraction of the loop.
    * ``weights``: relative length of named sections (others weigh 1).
    """

    shape: str = "rounded_rect"
    aspect: float = 1.9
    corner: float = 0.32
    finish: float = 0.5
    band: float = 0.24
    gap: float = 0.006
    weights: Mapping[str, float] = field(default_factory=dict)


DEFAULT_SPEC = LayoutSpec()

# Session overrides (track id -> spec), set by register_layout; they win over the track file's [view] table.
LAYOUT_OVERRIDES: dict[str, LayoutSpec] = {}


def register_layout(track_id: str, spec: LayoutSpec) -> None:
    """Use ``spec`` for the track ``track_id`` from now on (this session), whatever its file's ``[view]`` says."""
    LAYOUT_OVERRIDES[track_id] = spec


def spec_for(track: Track) -> LayoutSpec:
    """The session override of ``track``, else its file's ``[view]`` table over the defaults, else the defaults."""
    if track.id in LAYOUT_OVERRIDES:
        return LAYOUT_OVERRIDES[track.id]
    return LayoutSpec(**track.view.given()) if track.view is not None else DEFAULT_SPEC


class TrackLayout(TrackGeometry):
    """The sections of a track on a computed loop (``TrackLayout(names, spec)``), or on a circuit's centre
    line (:meth:`from_circuit`)."""

    def __init__(self, names: Iterable[str], spec: LayoutSpec = DEFAULT_SPEC) -> None:
        self.spec = spec
        names = tuple(names)
        if not names:
            raise ValueError("a track layout needs at least one section")
        w, h = spec.aspect, 1.0
        if spec.shape == "rounded_rect":
            pts = rounded_rect(w, h, spec.corner * h, _SAMPLES)
        elif spec.shape == "superellipse":
            pts = superellipse(w, h, spec.corner, _SAMPLES)
        else:
            raise ValueError(f"unknown layout shape {spec.shape!r} (use 'rounded_rect' or 'superellipse')")
        weights = [max(float(spec.weights.get(s, 1.0)), 1e-6) for s in names]
        total = sum(weights)
        spans = []
        u = spec.finish
        for name, wt in zip(names, weights, strict=True):
            spans.append((name, u, u + wt / total))
            u += wt / total
        super().__init__(CentreLine(pts), spans, spec.band * h / 2, spec.gap)
        self.circuit = False

    @classmethod
    def from_circuit(cls, track: Track, spec: LayoutSpec = DEFAULT_SPEC) -> TrackLayout:
        """The sections of ``track`` on the centre line of its ``[layout]`` table."""

        assert track.layout is not None
        self = cls.__new__(cls)
        self.spec = spec
        TrackGeometry.__init__(self, centre_line(track.layout), track.layout.spans, track.layout.band / 2,
                               spec.gap * 0.5)
        self.circuit = True
        return self

    def bounds(self, margin_x: float = 0.30, margin_y: float = 0.17) -> tuple[float, float, float, float]:
        """(xmin, xmax, ymin, ymax) of the band with room for the labels around it. The margins are in the
        units of a computed loop (1 = its height); a circuit scales them to its own size."""
        if self.circuit:
            x0, y0, x1, y1 = self._extent_cached()
            k = max(x1 - x0, (y1 - y0) * 1.9) / 4.0
            margin_x, margin_y = margin_x * k, margin_y * k
        return super().bounds(margin_x, margin_y)


def layout_for(track: Track) -> TrackLayout:
    """The layout of a :class:`racebook.rf90.track.Track`: its circuit (``[layout]``) unless a session override
    (:func:`register_layout`) asks for a computed loop, else its computed loop (:func:`spec_for`)."""
    spec = spec_for(track)
    if track.layout is not None and track.id not in LAYOUT_OVERRIDES:
        return TrackLayout.from_circuit(track, spec)
    return TrackLayout([s.name for s in track.sections], spec)
