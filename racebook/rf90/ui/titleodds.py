"""The title-odds chart of the RF90 Championship (Expansion #1 §6; beyond the book): P(title) after each race.

Every number comes from :mod:`racebook.rf90.championship.titleodds` (Monte Carlo over the races left, through the
race engine); this module only draws it. The bqplot figure is built once; :meth:`TitleOddsChart.show` changes the
line data inside ``hold_sync`` (without bqplot, as in the offline browser, the same lines are redrawn as SVG by
:mod:`racebook.ui.svgchart`). :meth:`TitleOddsChart.run` computes the odds with a progress bar; the **▶ sample**
button runs it again from the "next seed" box (each run moves that box on, so every press is a fresh sample)
with the number of sampled seasons per point of the slider. :meth:`TitleOddsChart.show_shipped` draws odds computed
in advance (:mod:`racebook.rf90.championship.oddsfile`) at once and says where they come from.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.rf90.championship.oddsfile import OddsFileError, ShippedOdds
from racebook.rf90.championship.runner import SeasonRun
from racebook.rf90.championship.titleodds import SeasonEnd, TitleOdds, iter_ends, samples_total, tally
from racebook.ui import backend, svgchart
from racebook.ui.background import Background
from racebook.ui.errors import ErrorLog

COLOURS = ("#1f5fbf", "#d62728", "#2ca02c", "#ff8c00", "#7b3fa0", "#6b6b6b", "#17becf", "#8c564b", "#e377c2",
           "#bcbd22", "#000000", "#9edae5")


class TitleOddsChart:
    """One line per driver (``teams=False``) or team: P(title) before the season (0) and after each race."""

    def __init__(self, run: SeasonRun, teams: bool = False, width: int = 900, height: int = 420) -> None:
        self.run_ = run
        self.teams = teams
        self.names = [n for n, _ in run.season.lineup] if teams else list(run.season.drivers)
        rounds = len(run.season.calendar)
        self.rounds, self.width, self.height = rounds, width, height
        what = "teams'" if teams else "drivers'"
        self.title = f"Who wins the {what} title?"
        self.lines: Any = None
        if backend.has_bqplot():
            self._build_figure()
        else:  # the offline browser: the same lines drawn as SVG in an HTML widget (svgchart)
            self.figure = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            self.figure.add_class(svgchart.SVG_CHART_CLASS)
            self._draw_svg([], [])
        self.legend = widgets.HTML("<div style='font-size:16px;line-height:1.6;margin-top:60px'>" + "".join(
            f"<div style='white-space:nowrap'><span style='color:{COLOURS[i % len(COLOURS)]};font-weight:bold'>"
            f"━━</span> {html.escape(n)}</div>"
            for i, n in enumerate(self.names)) + "</div>")  # beside the plot: never over a line
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="seasons",
                                            layout=widgets.Layout(display="none"))  # shown by run()
        self.errors = ErrorLog()
        self.samples_box = widgets.IntSlider(value=12, min=4, max=200, step=4, description="samples",
                                             tooltip="sampled seasons per point", layout=widgets.Layout(width="360px"))
        self.seed_box = widgets.IntText(value=0, description="next seed",
                                       layout=widgets.Layout(width="200px"))
        self.button = widgets.Button(description="▶ sample", button_style="primary",
                                     tooltip="sample the races left again from this seed")
        self.button.on_click(self.errors.guard(
            lambda _b: self.run(self.samples_box.value, self.seed_box.value, background=True)))
        self.background = Background(self.button, self.errors, "▶ sample")
        self.odds: list[TitleOdds] = []
        self.status = widgets.HTML()
        controls = widgets.HBox([self.button, self.background.stop_button, self.samples_box, self.seed_box,
                                 self.progress],
                                layout=widgets.Layout(align_items="center"))
        self.widget = widgets.VBox([controls, self.status, widgets.HBox([self.figure, self.legend]),
                                    self.errors.widget])

    def _build_figure(self) -> None:
        import bqplot as bq

        self.x = bq.LinearScale(min=0, max=self.rounds)
        self.y = bq.LinearScale(min=0, max=1)
        self.lines = bq.Lines(x=[0], y=[[0.0] for _ in self.names], scales={"x": self.x, "y": self.y},
                              colors=[COLOURS[i % len(COLOURS)] for i in range(len(self.names))],
                              labels=self.names, display_legend=False, marker="circle", stroke_width=3)
        ax = bq.Axis(scale=self.x, label="races run", tick_values=list(range(self.rounds + 1)), tick_format="d")
        ay = bq.Axis(scale=self.y, side="left", label="P(title)", tick_format=".0%")
        self.figure = bq.Figure(marks=[self.lines], axes=[ax, ay], title=self.title,
                                layout=widgets.Layout(width=f"{self.width}px", height=f"{self.height}px"))

    def show(self, odds: Sequence[TitleOdds]) -> None:
        """Draw the odds (one :class:`TitleOdds` per point, in race order)."""
        self._draw(odds)
        if odds:
            self.samples_box.value = max(self.samples_box.min, min(self.samples_box.max, odds[0].samples))
            self.status.value = f"{odds[0].samples} sampled seasons per point. Press ▶ sample for another sample."

    def _draw(self, odds: Sequence[TitleOdds]) -> None:
        self.odds = list(odds)
        xs = [o.after for o in odds]
        ys = [[(o.team(n) if self.teams else o.driver(n)) for o in odds] for n in self.names]
        if self.lines is None:
            self._draw_svg(xs, ys)
            return
        with self.lines.hold_sync():
            self.lines.x = xs
            self.lines.y = ys

    def _draw_svg(self, xs: Sequence[int], ys: Sequence[Sequence[float]]) -> None:
        lines = [svgchart.Line(xs, y, COLOURS[i % len(COLOURS)], markers=True, width=3)
                 for i, y in enumerate(ys)]
        self.figure.value = svgchart.chart(
            svgchart.Axis(0, max(self.rounds, 1), list(range(self.rounds + 1)), "races run", "{:d}"),
            svgchart.Axis(0.0, 1.0, [0.0, 0.25, 0.5, 0.75, 1.0], "P(title)", "{:.0%}"), lines=lines,
            title=self.title, width=self.width, height=self.height)

    def show_shipped(self, shipped: ShippedOdds, samples: int = 12) -> list[TitleOdds]:
        """Draw the odds shipped in a file (computed in advance, see ``shipped.describe()``) at once; the status line
        says where they come from, and **▶ sample** then samples ``samples`` seasons per point live from the seed
        after the file's. Odds about another season run are refused (:class:`OddsFileError`)."""
        if not shipped.is_about(self.run_):
            r = shipped.run
            raise OddsFileError(shipped.file or shipped.name, "<season>", f"these odds are about the {r.season} "
                                f"season from season seed {r.season_seed} after {r.races} races, not this season run")
        odds = shipped.odds()
        self.show(odds)
        self.samples_box.value = samples
        self.seed_box.value = shipped.run.seed + 1
        self.status.value = (
            f"{html.escape(shipped.describe())}: a standard error of up to {_error_pp(shipped.run.samples)} "
            f"percentage points. Press ▶ sample to sample {samples} seasons per point live from seed "
            f"{shipped.run.seed + 1}.")
        return odds

    def run(self, samples: int = 20, seed: int = 0, background: bool = False) -> list[TitleOdds]:
        """Compute the odds after each race run so far (the progress bar counts sampled seasons), then draw them;
        the "next seed" box then reads ``seed + 1`` (the button's next press is a fresh sample). The line grows
        point by point. ``background=True`` (the ▶ sample button) samples in the kernel's background
        (:mod:`racebook.ui.background`): the notebook stays responsive and **Stop** keeps the points computed (the
        last one from the seasons sampled so far). Returns the odds drawn (none yet while a background run goes)."""
        if self.background.running:
            return self.odds
        self.samples_box.value = samples
        self.progress.layout.display = None
        total = samples_total(self.run_, samples)
        self.progress.max, self.progress.value = total, 0
        self.status.value = f"sampling {samples} seasons per point from seed {seed}…"
        season = self.run_.season
        ends: list[list[SeasonEnd]] = [[] for _ in range(self.run_.done + 1)]
        self._draw([])  # the old line leaves the chart at once

        def points() -> list[TitleOdds]:
            return [tally(season, k, e) for k, e in enumerate(ends) if e]

        def item(sampled: tuple[int, SeasonEnd]) -> None:
            k, end = sampled
            ends[k].append(end)
            self.progress.value = min(self.background.items + 1, total)
            if k > 0 and len(ends[k]) == 1:
                self._draw(points()[:-1])  # point k-1 is complete: draw the line so far

        def finish(stopped: bool) -> None:
            drawn = points()
            self.show(drawn)
            self.samples_box.value = samples
            if stopped:
                last = drawn[-1].samples if drawn else 0
                self.status.value = (f"stopped after {self.background.items} of {total} sampled seasons: "
                                     f"{len(drawn)} point(s) drawn, the last from {last} season(s). "
                                     "Press ▶ sample for another sample.")
            elif drawn:
                self.status.value = (f"{samples} sampled seasons per point from seed {seed}: a standard error of "
                                     f"up to {_error_pp(samples)} percentage points. Press ▶ sample for another "
                                     "sample.")
            self.seed_box.value = seed + 1

        self.background.start(iter_ends(self.run_, samples, seed), item, finish, wait=not background)
        return self.odds

    def _repr_mimebundle_(self, **kw: object) -> dict | None:
        return self.widget._repr_mimebundle_(**kw)


def _error_pp(samples: int) -> str:
    """The largest standard error of a probability estimated from ``samples`` seasons, in percentage points
    (sqrt(p(1-p)/n) is largest at p = 1/2: 50/sqrt(n))."""
    return f"{50 / samples ** 0.5:.0f}"
