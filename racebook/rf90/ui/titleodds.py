"""The title-odds chart of the RF90 Championship (Expansion #1 §6; beyond the book): P(title) after each race.

Every number comes from :mod:`racebook.rf90.championship.titleodds` (Monte Carlo over the races left, through the
race engine); this module only draws it. The figure is built once; :meth:`TitleOddsChart.show` changes the line
data inside ``hold_sync``. :meth:`TitleOddsChart.run` computes the odds with a progress bar.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import bqplot as bq
import ipywidgets as widgets

from racebook.rf90.championship.runner import SeasonRun
from racebook.rf90.championship.titleodds import TitleOdds, odds_by_race

COLOURS = ("#1f5fbf", "#d62728", "#2ca02c", "#ff8c00", "#7b3fa0", "#6b6b6b", "#17becf", "#8c564b", "#e377c2",
           "#bcbd22", "#000000", "#9edae5")


class TitleOddsChart:
    """One line per driver (``teams=False``) or team: P(title) before the season (0) and after each race."""

    def __init__(self, run: SeasonRun, teams: bool = False, width: int = 900, height: int = 420) -> None:
        self.run_ = run
        self.teams = teams
        self.names = [n for n, _ in run.season.lineup] if teams else list(run.season.drivers)
        rounds = len(run.season.calendar)
        self.x = bq.LinearScale(min=0, max=rounds)
        self.y = bq.LinearScale(min=0, max=1)
        self.lines = bq.Lines(x=[0], y=[[0.0] for _ in self.names], scales={"x": self.x, "y": self.y},
                              colors=[COLOURS[i % len(COLOURS)] for i in range(len(self.names))],
                              labels=self.names, display_legend=False, marker="circle", stroke_width=3)
        ax = bq.Axis(scale=self.x, label="races run", tick_values=list(range(rounds + 1)), tick_format="d")
        ay = bq.Axis(scale=self.y, orientation="vertical", label="P(title)", tick_format=".0%")
        what = "teams'" if teams else "drivers'"
        self.figure = bq.Figure(marks=[self.lines], axes=[ax, ay], title=f"Who wins the {what} title?",
                                layout=widgets.Layout(width=f"{width}px", height=f"{height}px"))
        self.legend = widgets.HTML("<div style='font-size:16px;line-height:1.6;margin-top:60px'>" + "".join(
            f"<div><span style='color:{COLOURS[i % len(COLOURS)]};font-weight:bold'>━━</span> {html.escape(n)}</div>"
            for i, n in enumerate(self.names)) + "</div>")  # beside the plot: never over a line
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="seasons",
                                            layout=widgets.Layout(display="none"))  # shown by run()
        self.widget = widgets.VBox([self.progress, widgets.HBox([self.figure, self.legend])])

    def show(self, odds: Sequence[TitleOdds]) -> None:
        """Draw the odds (one :class:`TitleOdds` per point, in race order)."""
        xs = [o.after for o in odds]
        ys = [[(o.team(n) if self.teams else o.driver(n)) for o in odds] for n in self.names]
        with self.lines.hold_sync():
            self.lines.x = xs
            self.lines.y = ys

    def run(self, samples: int = 20, seed: int = 0) -> list[TitleOdds]:
        """Compute the odds after each race run so far (the progress bar counts sampled seasons), then draw them."""
        self.progress.layout.display = None

        def tick(done: int, total: int) -> None:
            self.progress.max = total
            self.progress.value = done

        odds = odds_by_race(self.run_, samples, seed, tick)
        self.show(odds)
        return odds

    def _repr_mimebundle_(self, **kw: object) -> dict | None:
        return self.widget._repr_mimebundle_(**kw)
