"""Colours and marker shapes of RF90's track view (§3 board colours, §17 robot colours)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from racebook.rf90.trackpicture import robot_kind

# §18.1: an off-track route's arrows — green where the recovery test passed, red where it failed (the bqplot track
# view's route and the late-braking panel's bars).
ROUTE_PASS = "#16a34a"
ROUTE_FAIL = "#dc2626"

# §3: a section's border colour tells its type. Fill light, edge strong.
SECTION_EDGE = {"straight": "#8b5a2b", "braking": "#7f7f7f", "corner": "#e6b800"}
SECTION_FILL = {"straight": "#f3e6d6", "braking": "#ececec", "corner": "#fff6c8"}

# The manual's car colours: the car id is the CSS colour name.
CSS_CAR_COLOURS = {
    "blue": "blue", "orange": "orange", "green": "green", "red": "red",
    "pink": "pink", "yellow": "yellow", "purple": "purple", "black": "black",
}
# §17.1: SuperFast robots are black, Fast yellow, Slow purple.
ROBOT_COLOURS = {"superfast": "black", "fast": "yellow", "slow": "purple"}
_FALLBACK = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

TRAJECTORY_COLOURS = {"red": "#d62728", "green": "#2ca02c", "orange": "#ff8c00", "yellow": "#e6c300"}

# Car tokens are never circles or diamonds, the trajectory marks' shapes (issue 33 item 5): a player's is a square,
# a robot's an upright rectangle (bqplot's "rectangle", ROBOT_SKEW tall).
HUMAN_MARKER = "square"
ROBOT_MARKER = "rectangle"
ROBOT_SKEW = 0.12
HIGHLIGHT = "#e0119d"  # the active section's halo: a colour no car or section uses
LEADER_RING = "#ffb000"
LAP_DOWN = "#c00000"
YELLOW_FLAG_COLOUR = "#ffd700"


@dataclass(frozen=True, slots=True)
class CarStyle:
    colour: str
    robot: str | None  # "superfast" | "fast" | "slow" | None


def car_style(car_id: str, car: Any = None) -> CarStyle:
    robot = robot_kind(car_id, car)
    if robot is not None:
        return CarStyle(ROBOT_COLOURS.get(robot, "black"), robot)
    colour = CSS_CAR_COLOURS.get(car_id.lower())
    if colour is None:
        colour = _FALLBACK[zlib.crc32(car_id.encode()) % len(_FALLBACK)]
    return CarStyle(colour, None)
