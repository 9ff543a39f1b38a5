"""bqplot charts of a purchases experiment (notebook A3): the win share of each plan with its 95 % interval, the mean
finishing place, and the cubes each plan owns at the end of the race, by colour. They only draw what
:func:`racebook.automobiles.analysis.purchases.summarise` computed.
"""

from __future__ import annotations

from collections.abc import Sequence

import bqplot as bq
import ipywidgets as widgets

from racebook.automobiles.analysis.purchases import PlanSummary
from racebook.automobiles.boardgeom import CUBE_FILL
from racebook.automobiles.cubes import CODES, COLOUR_NAMES

_MARGIN = {"top": 30, "bottom": 70, "left": 65, "right": 15}


def _figure(marks: list, sx: bq.Scale, sy: bq.Scale, title: str, ylabel: str, fmt: str = "",
            width: int = 470) -> bq.Figure:
    ax = bq.Axis(scale=sx, tick_style={"font-size": "13px"}, tick_rotate=-15)
    ay = bq.Axis(scale=sy, side="left", label=ylabel, tick_format=fmt or None, grid_lines="dashed")
    return bq.Figure(marks=marks, axes=[ax, ay], title=title, fig_margin=_MARGIN, animation_duration=0,
                     layout=widgets.Layout(width=f"{width}px", height="330px"))


def win_share_chart(rows: Sequence[PlanSummary]) -> bq.Figure:
    """Bars: the share of races each plan won; black lines: its 95 % (Wilson) interval."""
    names = [r.plan for r in rows]
    sx, sy = bq.OrdinalScale(domain=names), bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=names, y=[r.win_share for r in rows], scales={"x": sx, "y": sy}, colors=["#0072B2"],
                   padding=0.3)
    ci = bq.Lines(x=[[n, n] for n in names], y=[[r.win_low, r.win_high] for r in rows], scales={"x": sx, "y": sy},
                  colors=["#111"], stroke_width=3)
    return _figure([bars, ci], sx, sy, f"Races won ({rows[0].races if rows else 0} races)", "share won", ".0%")


def place_chart(rows: Sequence[PlanSummary]) -> bq.Figure:
    """Bars: each plan's mean finishing place (1 = won every race); lines: ± one standard deviation."""
    names = [r.plan for r in rows]
    most = max((r.mean_place + r.place_sd for r in rows), default=1.0)
    sx, sy = bq.OrdinalScale(domain=names), bq.LinearScale(min=0.0, max=float(max(5.0, most)))
    bars = bq.Bars(x=names, y=[r.mean_place for r in rows], scales={"x": sx, "y": sy}, colors=["#E69F00"],
                   padding=0.3)
    sd = bq.Lines(x=[[n, n] for n in names], y=[[r.mean_place - r.place_sd, r.mean_place + r.place_sd] for r in rows],
                  scales={"x": sx, "y": sy}, colors=["#111"], stroke_width=2)
    return _figure([bars, sd], sx, sy, "Mean finishing place (lower is better)", "place")


def owned_chart(rows: Sequence[PlanSummary], width: int = 950) -> bq.Figure:
    """Stacked bars: the cubes each plan owns at the end of the race on average, by colour (its bag's make-up)."""
    names = [r.plan for r in rows]
    codes = [c for c in CODES if any(r.mean_owned.get(c) for r in rows)]
    sx = bq.OrdinalScale(domain=names)
    top = max((sum(r.mean_owned.values()) for r in rows), default=1.0)
    sy = bq.LinearScale(min=0.0, max=float(top) * 1.05)
    bars = bq.Bars(x=names, y=[[r.mean_owned.get(c, 0.0) for r in rows] for c in codes], scales={"x": sx, "y": sy},
                   type="stacked", colors=[CUBE_FILL[c] for c in codes], stroke="#444", padding=0.3,
                   labels=[COLOUR_NAMES[c] for c in codes], display_legend=True)
    fig = _figure([bars], sx, sy, "Cubes owned at the end of the race (mean), by colour", "cubes", width=width)
    fig.legend_location = "top-right"
    return fig


def experiment_charts(rows: Sequence[PlanSummary]) -> widgets.VBox:
    """The three charts of one experiment."""
    return widgets.VBox([widgets.HBox([win_share_chart(rows), place_chart(rows)]), owned_chart(rows)])
