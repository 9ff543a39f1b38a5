"""bqplot charts of a purchases experiment (notebook A3): the win share of each plan with its 95 % interval, the mean
finishing place, and the cubes each plan owns at the end of the race, by colour (SVG charts of the same, from
:mod:`racebook.ui.svgchart`, where bqplot is missing: the offline browser). They only draw what
:func:`racebook.automobiles.analysis.purchases.summarise` computed. :class:`ExperimentPanel` draws the shipped
results at once and replays races live on a click (▶ Run, with a progress bar), updating the same charts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.automobiles.analysis import purchases
from racebook.automobiles.analysis.purchases import PlanSummary
from racebook.automobiles.boardgeom import CUBE_FILL
from racebook.automobiles.cubes import CODES, COLOUR_NAMES
from racebook.ui import backend, svgchart
from racebook.ui.background import Background
from racebook.ui.errors import ErrorLog

_MARGIN = {"top": 30, "bottom": 70, "left": 65, "right": 15}


def _figure(marks: list, sx: Any, sy: Any, title: str, ylabel: str, fmt: str = "", width: int = 470) -> Any:
    import bqplot as bq

    ax = bq.Axis(scale=sx, tick_style={"font-size": "13px"}, tick_rotate=-15)
    ay = bq.Axis(scale=sy, side="left", label=ylabel, tick_format=fmt or None, grid_lines="dashed")
    return bq.Figure(marks=marks, axes=[ax, ay], title=title, fig_margin=_MARGIN, animation_duration=0,
                     layout=widgets.Layout(width=f"{width}px", height="330px"))


def win_share_chart(rows: Sequence[PlanSummary]) -> Any:
    """Bars: the share of races each plan won; black lines: its 95 % (Wilson) interval."""
    import bqplot as bq

    names = [r.plan for r in rows]
    sx, sy = bq.OrdinalScale(domain=names), bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=names, y=[r.win_share for r in rows], scales={"x": sx, "y": sy}, colors=["#0072B2"],
                   padding=0.3)
    ci = bq.Lines(x=[[n, n] for n in names], y=[[r.win_low, r.win_high] for r in rows], scales={"x": sx, "y": sy},
                  colors=["#111"], stroke_width=3)
    return _figure([bars, ci], sx, sy, f"Races won ({rows[0].races if rows else 0} races)", "share won", ".0%")


def place_chart(rows: Sequence[PlanSummary]) -> Any:
    """Bars: each plan's mean finishing place (1 = won every race); lines: ± one standard deviation."""
    import bqplot as bq

    names = [r.plan for r in rows]
    most = max((r.mean_place + r.place_sd for r in rows), default=1.0)
    sx, sy = bq.OrdinalScale(domain=names), bq.LinearScale(min=0.0, max=float(max(5.0, most)))
    bars = bq.Bars(x=names, y=[r.mean_place for r in rows], scales={"x": sx, "y": sy}, colors=["#E69F00"],
                   padding=0.3)
    sd = bq.Lines(x=[[n, n] for n in names], y=[[r.mean_place - r.place_sd, r.mean_place + r.place_sd] for r in rows],
                  scales={"x": sx, "y": sy}, colors=["#111"], stroke_width=2)
    return _figure([bars, sd], sx, sy, "Mean finishing place (lower is better)", "place")


def owned_chart(rows: Sequence[PlanSummary], width: int = 950) -> Any:
    """Stacked bars: the cubes each plan owns at the end of the race on average, by colour (its bag's make-up)."""
    import bqplot as bq

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
    """The three charts of one experiment (bqplot figures, or SVG in HTML widgets where bqplot is missing)."""
    if not backend.has_bqplot():
        win, place, owned = (widgets.HTML(layout=widgets.Layout(width=f"{w}px")) for w in (470, 470, 950))
        for w in (win, place, owned):
            w.add_class(svgchart.SVG_CHART_CLASS)
        charts = widgets.VBox([widgets.HBox([win, place]), owned])
        update_charts(charts, rows)
        return charts
    return widgets.VBox([widgets.HBox([win_share_chart(rows), place_chart(rows)]), owned_chart(rows)])


def svg_charts(rows: Sequence[PlanSummary]) -> tuple[str, str, str]:
    """The three charts as SVG (:mod:`racebook.ui.svgchart`): win share with its interval, mean place ± one
    standard deviation, cubes owned by colour (stacked)."""
    names = [r.plan for r in rows]
    at = list(range(len(names)))
    x = svgchart.Axis(-0.5, max(len(names), 1) - 0.5, at, fmt=names.__getitem__)
    margins = svgchart.Margins(_MARGIN["top"], _MARGIN["bottom"], _MARGIN["left"], _MARGIN["right"])

    def small(y: svgchart.Axis, bars: list[svgchart.Bars], lines: list[svgchart.Line], title: str) -> str:
        return svgchart.chart(x, y, bars=bars, lines=lines, title=title, width=470, height=330, margins=margins,
                              title_size=15, tick_size=13)

    win = small(
        svgchart.Axis(0.0, 1.0, [0, 0.2, 0.4, 0.6, 0.8, 1.0], "share won", "{:.0%}"),
        [svgchart.Bars(at, [r.win_share for r in rows], ["#0072B2"], width=0.7)],
        [svgchart.Line([i, i], [r.win_low, r.win_high], "#111", width=3) for i, r in enumerate(rows)],
        f"Races won ({rows[0].races if rows else 0} races)")
    most = float(max(5.0, max((r.mean_place + r.place_sd for r in rows), default=1.0)))
    place = small(
        svgchart.Axis(0.0, most, list(range(int(most) + 1)), "place"),
        [svgchart.Bars(at, [r.mean_place for r in rows], ["#E69F00"], width=0.7)],
        [svgchart.Line([i, i], [r.mean_place - r.place_sd, r.mean_place + r.place_sd], "#111", width=2)
         for i, r in enumerate(rows)],
        "Mean finishing place (lower is better)")
    codes = [c for c in CODES if any(r.mean_owned.get(c) for r in rows)]
    top = float(max((sum(r.mean_owned.values()) for r in rows), default=1.0)) * 1.05
    stacked, base = [], [0.0] * len(rows)
    for c in codes:
        heights = [r.mean_owned.get(c, 0.0) for r in rows]
        stacked.append(svgchart.Bars(at, heights, [CUBE_FILL[c]], width=0.7, base=list(base), name=COLOUR_NAMES[c],
                                     stroke="#444"))
        base = [b + h for b, h in zip(base, heights, strict=True)]
    step = max(1, round(top / 6))
    owned = svgchart.chart(
        x, svgchart.Axis(0.0, max(top, 1.0), list(range(0, int(top) + 1, step)), "cubes"), bars=stacked,
        title="Cubes owned at the end of the race (mean), by colour", width=950, height=330,
        margins=svgchart.Margins(52, _MARGIN["bottom"], _MARGIN["left"], _MARGIN["right"]),
        title_size=15, tick_size=13)
    return win, place, owned


def update_charts(charts: widgets.VBox, rows: Sequence[PlanSummary]) -> None:
    """Redraw the three charts of :func:`experiment_charts` from ``rows`` (the same plans), in place."""
    (win, place), (owned,) = charts.children[0].children, charts.children[1:]
    if isinstance(win, widgets.HTML):  # the SVG charts
        win.value, place.value, owned.value = svg_charts(rows)
        return
    bars, ci = win.marks
    with win.hold_sync(), bars.hold_sync(), ci.hold_sync():
        bars.y = [r.win_share for r in rows]
        ci.y = [[r.win_low, r.win_high] for r in rows]
        win.title = f"Races won ({rows[0].races if rows else 0} races)"
    pbars, sd = place.marks
    with pbars.hold_sync(), sd.hold_sync():
        pbars.y = [r.mean_place for r in rows]
        sd.y = [[r.mean_place - r.place_sd, r.mean_place + r.place_sd] for r in rows]
    (obars,) = owned.marks
    codes = [c for c in CODES if COLOUR_NAMES[c] in list(obars.labels)]
    top = max((sum(r.mean_owned.values()) for r in rows), default=1.0)
    with obars.hold_sync():
        obars.scales["y"].max = float(top) * 1.05
        obars.y = [[r.mean_owned.get(c, 0.0) for r in rows] for c in codes]


class ExperimentPanel:
    """One experiment of notebook A3: the shipped results (``data/precomputed/EXPERIMENT.json``) drawn at once; ▶ Run
    replays the first N of its races live, from their seeds, with a progress bar, and redraws the charts from them
    (a live run of the shipped seeds gives the shipped numbers)."""

    def __init__(self, experiment: str = "purchases", races: int = 10, *, errors: ErrorLog | None = None) -> None:
        self.errors = errors or ErrorLog()
        self.doc, self.shipped = purchases.load(experiment)
        self.experiment = experiment
        self.charts = experiment_charts(purchases.summarise(self.shipped))
        n = len(self.shipped)
        self.count = widgets.BoundedIntText(value=min(races, n), min=1, max=n, description="races",
                                            layout=widgets.Layout(width="170px"))
        self.button = widgets.Button(description="▶ Run live", tooltip=f"replay the first races of {experiment} "
                                     "from their seeds and redraw the charts", layout=widgets.Layout(width="auto"))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="260px"))
        self.status = widgets.HTML(self._shipped_text())
        self.button.on_click(self.errors.guard(lambda _b: self.run(background=True)))
        self.background = Background(self.button, self.errors, "▶ Run live")
        self.live: list[purchases.RaceResult] = []
        self.widget = widgets.VBox([widgets.HBox([self.count, self.button, self.background.stop_button, self.progress]),
                                    self.status, self.charts,
                                    self.errors.widget])

    def _shipped_text(self) -> str:
        d = self.doc
        return (f"Showing the shipped run: {d['races']} races, seeds {d['seed']}…{d['seed'] + d['races'] - 1} "
                f"({purchases.describe(d)}).")

    def run(self, _button: Any = None, background: bool = False) -> list[purchases.RaceResult]:
        """Replay the first ``count`` races live and draw them; returns their results. ``background=True`` (the
        ▶ Run live button) replays them in the kernel's background (:mod:`racebook.ui.background`): the notebook
        stays responsive and **Stop** draws the races replayed so far (the return value is then the list that
        fills as they come)."""
        if self.background.running:
            return self.live
        n = int(self.count.value)
        self.progress.max, self.progress.value = n, 0
        self.live = live = []
        self.status.value = f"Replaying {n} races live from their seeds… (Stop keeps the races replayed)"

        def item(r: purchases.RaceResult) -> None:
            live.append(r)
            self.progress.value += 1

        def end(stopped: bool) -> None:
            if not live:
                self.status.value = "Stopped before the first race: the charts still show the shipped run."
                return
            same = [r.order for r in live] == [r.order for r in self.shipped[:len(live)]]
            update_charts(self.charts, purchases.summarise(live))
            what = f"stopped after {len(live)} of {n} races: showing" if stopped else "Showing"
            self.status.value = (f"{what} {len(live)} races replayed live (seeds {live[0].seed}…{live[-1].seed}); "
                                 f"same finishing orders as the shipped run: {'yes' if same else 'NO'}.")

        work = (purchases.race_of(self.experiment, r.seed) for r in self.shipped[:n])
        self.background.start(work, item, end, wait=not background)
        return live

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
