"""What every game's bqplot view does to its figure: fit it to a picture, and hold its updates together.

:func:`fit`: the scales to the picture's bounds, the figure's height and aspect ratio.

RF90's track view (:mod:`racebook.rf90.ui.trackview`) and Automobiles' board view
(:mod:`racebook.automobiles.ui.boardview`) both draw a picture whose bounds (in track units) change with the track
or board; :func:`fit` sets the scales to those bounds and pins the figure's aspect ratio to theirs (within ±2 %), in
an order that keeps ``min_aspect_ratio <= max_aspect_ratio`` at every step (bqplot checks each assignment).
:func:`holding`: one context in which the figure and its marks hold their syncs, so a redraw reaches the browser as
one update (the track view, the board view, the planner's chart). Both work on the widgets they are given and
import nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any


def fit(figure: Any, sx: Any, sy: Any, bounds: tuple[float, float, float, float], height: int) -> None:
    """Scales ``sx``/``sy`` to ``bounds`` = (x0, x1, y0, y1), the figure ``height`` px high, its aspect pinned."""
    x0, x1, y0, y1 = bounds
    sx.min, sx.max, sy.min, sy.max = x0, x1, y0, y1
    ratio = (x1 - x0) / (y1 - y0)
    figure.layout.height = f"{height}px"
    if ratio * 0.98 > figure.max_aspect_ratio:  # keep min <= max at every step (bqplot checks)
        figure.max_aspect_ratio = ratio * 1.02
        figure.min_aspect_ratio = ratio * 0.98
    else:
        figure.min_aspect_ratio = ratio * 0.98
        figure.max_aspect_ratio = ratio * 1.02


def holding(figure: Any, marks: Iterable[Any]) -> contextlib.ExitStack:
    """A context holding the syncs of ``figure`` and each of ``marks`` (``with holding(fig, marks): ...``)."""
    stack = contextlib.ExitStack()
    stack.enter_context(figure.hold_sync())
    for m in marks:
        stack.enter_context(m.hold_sync())
    return stack
