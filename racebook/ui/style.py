"""Colours and marker shapes of the track view (§3 board colours, §17 robot colours)."""

from __future__ import annotations

import html
import zlib
from dataclasses import dataclass
from typing import Any

from racebook.core import citations
from racebook.ui import lablinks

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

HUMAN_MARKER = "circle"
ROBOT_MARKER = "square"
HIGHLIGHT = "#e0119d"  # the active section's halo: a colour no car or section uses
LEADER_RING = "#ffb000"
LAP_DOWN = "#c00000"
YELLOW_FLAG_COLOUR = "#ffd700"


@dataclass(frozen=True, slots=True)
class CarStyle:
    colour: str
    robot: str | None  # "superfast" | "fast" | "slow" | None


def robot_kind(car_id: str, car: Any = None) -> str | None:
    """The robot type's value for a car (from the state when given, else from its id, §17)."""
    if car is not None:
        robot = getattr(car, "robot", None)
        return getattr(robot, "value", None) if robot is not None else None
    for prefix, value in (("SuperFast", "superfast"), ("Fast", "fast"), ("Slow", "slow")):
        if car_id.startswith(prefix):
            return value
    return None


def car_style(car_id: str, car: Any = None) -> CarStyle:
    robot = robot_kind(car_id, car)
    if robot is not None:
        return CarStyle(ROBOT_COLOURS.get(robot, "black"), robot)
    colour = CSS_CAR_COLOURS.get(car_id.lower())
    if colour is None:
        colour = _FALLBACK[zlib.crc32(car_id.encode()) % len(_FALLBACK)]
    return CarStyle(colour, None)


def rule_html(rule: str, game: str = "rf90", cls: str = "rule", css: str = "") -> str:
    """A rule citation as a badge (``cls``, inline ``css``): a link to its section of the rules reference
    (:func:`racebook.core.citations.widget_url`, opens in a new tab) when it cites one, else plain text. In
    JupyterLab the link also carries JupyterLab's command-link attributes (:mod:`racebook.ui.lablinks`), which open
    the digest in the Markdown Preview at the section."""
    style_attr = f' style="{css}"' if css else ""
    link = citations.first(rule, game)
    if link is None:
        return f'<span class="{cls}"{style_attr}>{html.escape(rule)}</span>'
    return (f'<a class="{cls}"{style_attr} href="{html.escape(citations.widget_url(link))}" target="_blank" '
            f'rel="noopener" title="{html.escape(link.file)}#{link.anchor}"{lablinks.attributes(link)}>'
            f'{html.escape(rule)}</a>')


def sentence_html(text: str, game: str = "rf90") -> str:
    """An event sentence as HTML, its closing "— §x.y" citation set apart with the ``rule`` class (a link)."""
    body, sep, rule = text.rpartition(" — ")
    if not sep:
        return html.escape(text)
    return f"{html.escape(body)} {rule_html(rule, game)}"
