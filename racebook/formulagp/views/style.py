"""The track view's sizes, colours and screen (see :mod:`racebook.formulagp.picture`): the picture is 1280 × 720 px;
a car's token is at least :data:`MIN_TOKEN` px across, 18 px or more when a notebook shows the picture
:data:`NOTEBOOK_WIDTH` px wide; a framed picture is no closer than :data:`MAX_SCALE` px per track unit. Colours: the
surfaces, and the race-control colours (the Safety Car's and the yellow zones' yellow, with hatching or words as
their second cue, §23). Standard library only."""

from __future__ import annotations

import math
from collections.abc import Iterable

from racebook.core import svg
from racebook.core.geometry import Point, Viewport
from racebook.formulagp.trackparts import Surface

WIDTH, HEIGHT = 1280, 720
TOP_PX = 34  # the info line
LEGEND_PX = 30
PANEL_PX = 330  # the key on the right of a framed picture
NOTEBOOK_WIDTH = 1000  # px a notebook's output area gives the picture on a 1280 × 720 screen (sidebar open)
MIN_TOKEN = 24.0  # a car's token, px across at the least: 24 × 1000 / 1280 = 18.75 px in a notebook
MAX_TOKEN = 38.0
MAX_SCALE = 2.1  # px per track unit at the most (a framed picture shows some context round a short step)
BADGE_FONT = 13.0
FILL = {Surface.ASPHALT: "#c9c9c9", Surface.SLIPSTREAM: "#a9cdf5", Surface.DOUBLE: "#e6d59a"}
KERB_RED = "#D55E00"
GRASS, WALL, SKID, EDGE = "#b5d99c", "#3b3b3b", "#e07000", "#ffffff"
DRS_FILL, PIT_FILL, PIT_LINE, YELLOW = "#009E73", "#8a8a8a", "#F0E442", "#F0E442"
SC_FILL = "#F0E442"


class Screen:
    """Track units -> pixels: turned by ``angle`` (radians, anticlockwise) about the origin, then a viewport placed
    in the picture's main area."""

    def __init__(self, vp: Viewport, dx: float, dy: float, angle: float = 0.0) -> None:
        self.vp, self.dx, self.dy = vp, dx, dy
        self.scale = vp.scale
        self.cos, self.sin = math.cos(angle), math.sin(angle)

    def turn(self, p: Point) -> Point:
        return p[0] * self.cos - p[1] * self.sin, p[0] * self.sin + p[1] * self.cos

    def px(self, p: Point) -> Point:
        x, y = self.vp.px(self.turn(p))
        return x + self.dx, y + self.dy

    def pts(self, points: Iterable[Point]) -> str:
        return svg.pts(self.px(p) for p in points)


def defs(uid: str) -> str:
    """The kerb's red and white stripes and the yellow zone's hatching (ids unique to this picture)."""
    return (f'<defs><pattern id="kerb-{uid}" patternUnits="userSpaceOnUse" width="10" height="10" '
            f'patternTransform="rotate(45)"><rect width="10" height="10" fill="white"/>'
            f'<rect width="5" height="10" fill="{KERB_RED}"/></pattern>'
            f'<pattern id="yellow-{uid}" patternUnits="userSpaceOnUse" width="8" height="8" '
            f'patternTransform="rotate(-45)"><rect width="8" height="8" fill="{YELLOW}"/>'
            f'<rect width="2.5" height="8" fill="#222"/></pattern></defs>')


# ------------------------------------------------------------------ the main area
