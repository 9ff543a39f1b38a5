"""The "what usually happens if…?" view: run an experiment with a progress bar and watch two bqplot charts fill.

Every number comes from :mod:`racebook.rf90.analysis.experiments` (which plays the races with
:func:`racebook.rf90.analysis.simulate.one_race`); this module only draws it.

* :class:`ExperimentPanel` — for one :class:`racebook.rf90.analysis.experiments.Experiment`: a "races per choice" box
  and a ▶ Run button, an ``IntProgress`` bar advanced after every race (or :meth:`ExperimentPanel.show` of a
  precomputed run, at once), the mean finishing position of each choice
  with its 95 % interval, the distribution of finishing positions, and the summary table. The figures are
  built once; each update only changes mark data inside ``hold_sync``. Where bqplot is missing (the offline
  browser, issue 34 item 4) the two charts are SVG (:mod:`racebook.ui.svgchart`) in HTML widgets, redrawn at the
  same moments, and the tables are :func:`racebook.ui.backend.table` (an HTML table without pandas).
"""

from __future__ import annotations

import contextlib
import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from racebook.rf90.analysis import experiments as X
from racebook.rf90.analysis.precomputed import Precomputed
from racebook.rf90.analysis.simulate import resolve_jobs, robots_for
from racebook.ui import backend, svgchart
from racebook.ui.background import Background
from racebook.ui.errors import ErrorLog

ARM_COLOURS = ("#1f5fbf", "#d62728", "#2ca02c", "#ff8c00", "#7b3fa0", "#6b6b6b")
BASE_COLUMNS = ("choice", "races", "mean position", "± SE", "95% interval", "win %", "podium %", "retired %", "gap")
_TABLE_CSS = """<style>
.rb-exp table {border-collapse: collapse; font-size: 16px;}
.rb-exp th, .rb-exp td {padding: 3px 9px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap;}
.rb-exp thead th {background: #f0f0f0;}
</style>"""


def _by_choice(table: dict[str, dict[str, int]]) -> Any:
    """One row per choice (the index, named "choice"), a column per key of the rows (every row has the same keys):
    ``pandas.DataFrame.from_dict(table, orient="index")`` or its HTML table."""
    columns = backend.columns_of(list(table.values()))
    return backend.table(list(table.values()), columns, list(table), "choice")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class ExperimentPanel:
    """Progress bar, charts and table for one experiment (see the module docstring).

    ``run(races)`` plays ``races`` seeds for every choice (blocking; the widgets update as it goes) and keeps
    the outcomes in :attr:`results`; :meth:`table`, :meth:`pits`, :meth:`endings` return them as DataFrames (HTML
    tables without pandas: :func:`racebook.ui.backend.table`).
    ``extra`` names the experiment-specific columns of :func:`racebook.rf90.analysis.experiments.stats_table` to show.
    ``jobs`` > 1 (0 or ``"auto"``: every core) plays the races in that many worker processes
    (:func:`racebook.rf90.analysis.experiments.iter_runs`), with the same results as the serial default ``jobs=1``.
    """

    def __init__(self, experiment: X.Experiment, *, races: int = 300, extra: Sequence[str] = (),
                 width: int = 1000, chart_updates: int = 40, jobs: int | str | None = 1) -> None:
        resolve_jobs(jobs)  # a bad value fails here, not at the first click
        self.exp = experiment
        self.jobs = jobs
        self.extra = tuple(extra)
        self.chart_updates = max(1, chart_updates)
        self.errors = ErrorLog()
        self.cars = experiment.players + len(robots_for(experiment.players))
        self.results: dict[str, list[X.CarOutcome]] = {a: [] for a in experiment.labels}
        self.elapsed = 0.0
        self._build(races, width)
        self._refresh()

    # ------------------------------------------------------------ building
    def _build(self, races: int, width: int) -> None:
        labels = self.exp.labels
        colours = [ARM_COLOURS[i % len(ARM_COLOURS)] for i in range(len(labels))]
        arms = " · ".join(f'<b style="color:{c}">{html.escape(a.label)}</b>'
                          for a, c in zip(self.exp.arms, colours, strict=True))
        self.header = widgets.HTML(
            f'<div style="font-size:22px;font-weight:bold">{html.escape(self.exp.title)}: {arms}</div>'
            f'<div style="font-size:15px;color:#555">track {html.escape(self.exp.track)}, {self.exp.players} '
            f'automatic human driver(s) + {len(robots_for(self.exp.players))} robots, seeds from {self.exp.seed} '
            '(every choice plays the same seeds)</div>')
        self.races_box = widgets.BoundedIntText(value=races, min=2, max=5000, step=10, description="races per choice",
                                                style={"description_width": "initial"},
                                                layout=widgets.Layout(width="230px"))
        self.button = widgets.Button(description="▶ Run", button_style="primary", tooltip="play the races again",
                                     layout=widgets.Layout(width="120px", height="36px"))
        self.button.on_click(self.errors.guard(lambda _b: self.run(self.races_box.value, background=True)))
        self.background = Background(self.button, self.errors, "▶ Run")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, bar_style="info",
                                            layout=widgets.Layout(width="420px", height="28px"))
        self.status = widgets.HTML(layout=widgets.Layout(min_width="360px"))
        self.status.add_class("rb-exp-status")

        self.colours = dict(zip(labels, colours, strict=True))
        self.index = {a: float(i) for i, a in enumerate(labels)}
        self.half = width // 2 - 6
        self.svg = not backend.has_bqplot()
        if self.svg:  # the offline browser: both charts as SVG (svgchart), drawn by _refresh
            self.fig_mean, self.fig_dist = (widgets.HTML(layout=widgets.Layout(width=f"{self.half}px"))
                                            for _ in range(2))
            for f in (self.fig_mean, self.fig_dist):
                f.add_class(svgchart.SVG_CHART_CLASS)
        else:
            self._build_figures(labels, colours)
        self.table_html = widgets.HTML()
        self.table_html.add_class("rb-exp")
        self.widget = widgets.VBox([
            self.header,
            widgets.HBox([self.races_box, self.button, self.background.stop_button, self.progress, self.status],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            widgets.HBox([self.fig_mean, self.fig_dist]),
            self.table_html,
            self.errors.widget,
        ])

    def _build_figures(self, labels: Sequence[str], colours: Sequence[str]) -> None:
        import bqplot as bq

        half = f"{self.half}px"
        k = len(labels)
        sx = bq.LinearScale(min=-0.5, max=k - 0.5)  # choice i at x = i; the axis names it (tick_labels)
        sy = bq.LinearScale(min=0.5, max=self.cars + 0.5, reverse=True)
        sc = {"x": sx, "y": sy}
        # the 95 % interval of each choice: a vertical bar and two caps (three lines per choice)
        self.m_whisker = bq.Lines(x=[], y=[], scales=sc, colors=colours, stroke_width=3)
        tip = bq.Tooltip(fields=["y"], labels=["mean position"], formats=[".2f"])
        self.m_mean = bq.Scatter(x=[], y=[], scales=sc, colors=colours, default_size=150, stroke="black",
                                 stroke_width=1, tooltip=tip)
        self.m_text = bq.Label(x=[], y=[], text=[], scales=sc,
                               default_size=17, font_weight="bold", x_offset=26, y_offset=6, colors=["#222"])
        ax = bq.Axis(scale=sx, tick_values=list(range(k)), tick_labels={i: a for i, a in enumerate(labels)},
                     tick_style={"font-size": "16px"})
        ay = bq.Axis(scale=sy, side="left", label="finishing position (1 = winner)",
                     label_offset="40px", tick_values=list(range(1, self.cars + 1)), tick_format="d",
                     tick_style={"font-size": "14px"}, grid_lines="dashed")
        self.fig_mean = bq.Figure(marks=[self.m_whisker, self.m_mean, self.m_text], axes=[ax, ay],
                                  title="mean finishing position, 95% interval", animation_duration=0,
                                  fig_margin={"top": 50, "bottom": 40, "left": 70, "right": 20},
                                  title_style={"font-size": "17px"}, layout=widgets.Layout(width=half, height="380px"))

        places = [_ordinal(p) for p in range(1, self.cars + 1)]
        dx, dy = bq.OrdinalScale(domain=places), bq.LinearScale(min=0.0, max=1.0)
        self.m_dist = bq.Bars(x=places, y=[[0.0] * self.cars for _ in labels], scales={"x": dx, "y": dy},
                              type="grouped", colors=list(colours), labels=list(labels), display_legend=True,
                              padding=0.15,
                              tooltip=bq.Tooltip(fields=["x", "y"], labels=["place", "share"], formats=["", ".0%"]))
        bx = bq.Axis(scale=dx, label="finishing place (a retired car counts at its place: the last ones)",
                     tick_style={"font-size": "15px"})
        by = bq.Axis(scale=dy, side="left", tick_format=".0%", label="share of the cars",
                     label_offset="48px", tick_style={"font-size": "14px"}, grid_lines="dashed")
        self.fig_dist = bq.Figure(marks=[self.m_dist], axes=[bx, by], title="where the human car(s) finished",
                                  animation_duration=0, legend_location="top-left",
                                  legend_style={"font-size": "15px"}, title_style={"font-size": "17px"},
                                  fig_margin={"top": 50, "bottom": 50, "left": 70, "right": 20},
                                  layout=widgets.Layout(width=half, height="380px"))

    def _holding(self) -> contextlib.ExitStack:  # the bqplot figures only
        stack = contextlib.ExitStack()
        for f in (self.fig_mean, self.fig_dist):
            stack.enter_context(f.hold_sync())
        for m in (self.m_whisker, self.m_mean, self.m_text, self.m_dist):
            stack.enter_context(m.hold_sync())
        return stack

    # ------------------------------------------------------------ running
    def run(self, races: int | None = None, jobs: int | str | None = None, background: bool = False) -> None:
        """Play ``races`` seeds (default: the box's value) for every choice in ``jobs`` worker processes (default:
        the panel's ``jobs``); the bar moves after each race, in seed order. ``background=True`` (the ▶ Run
        button) plays them in the kernel's background (:mod:`racebook.ui.background`): the notebook stays
        responsive, **Stop** ends the run after the race being played and keeps the races done. The charts are
        cleared at the start (no old results beside the new ones)."""
        if self.background.running:
            return
        n = int(races if races is not None else self.races_box.value)
        jobs = self.jobs if jobs is None else jobs
        resolve_jobs(jobs)
        total = n * len(self.exp.arms)
        every = max(1, total // self.chart_updates)
        self.results = {a: [] for a in self.exp.labels}
        self._refresh()
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, "info"
        t0 = time.monotonic()

        def item(race: tuple[X.Arm, int, list[X.CarOutcome]]) -> None:
            arm, seed, outs = race
            k = self.background.items + 1
            self.results[arm.label].extend(outs)
            self.progress.value = k
            self.status.value = (f'<span style="font-size:16px">race {k} of {total}: '
                                 f"<b>{html.escape(arm.label)}</b>, seed {seed}</span>")
            if k % every == 0 and k < total:
                self._refresh(table=False)

        def end(stopped: bool) -> None:
            self.elapsed = time.monotonic() - t0
            done = self.background.items
            if stopped:
                self.progress.bar_style = "warning"
                self.status.value = (f'<span style="font-size:16px">stopped after {done} of {total} races '
                                     f"({self.elapsed:.1f} s): the charts show the races done</span>")
            elif done == total:
                self.progress.bar_style = "success"
                self.status.value = (f'<span style="font-size:16px">{total} races done ({n} per choice) in '
                                     f"{self.elapsed:.1f} s</span>")
            else:
                self.progress.bar_style = "danger"
            self._refresh()

        self.background.start(X.iter_runs(self.exp, n, jobs), item, end, wait=not background)

    def show(self, saved: Precomputed, races: int | None = None) -> None:
        """Show a precomputed run of this experiment at once (:mod:`racebook.rf90.analysis.precomputed`): its first
        ``races`` seeds per choice (all of them by default), exactly what :meth:`run` would give for as many races.
        ▶ Run still plays the races live, with the progress bar. When ``saved`` is not this experiment (another
        track, field, seed or choices: a notebook's settings were changed) or holds fewer races, the races are
        played live instead."""
        n = saved.races if races is None else races
        if saved.experiment != self.exp or not 0 < n <= saved.races:
            self.run(n)
            return
        self.results = saved.first(n)
        total = n * len(self.exp.arms)
        self.progress.max, self.progress.value, self.progress.bar_style = total, total, "success"
        self.status.value = (f'<span style="font-size:16px">{n} races per choice, computed in advance '
                             f"(seeds {self.exp.seed}–{self.exp.seed + n - 1}, <code>{html.escape(saved.name)}</code>,"
                             f" racebook {html.escape(saved.header.get('racebook', '?'))}); ▶ Run plays them live"
                             "</span>")
        self._refresh()

    def _refresh(self, table: bool = True) -> None:
        st = {s.arm: s for s in X.stats(self.results) if s.cars}
        shown = [a for a in self.exp.labels if a in st]
        mean = [st[a].mean_position for a in shown]
        lo = [st[a].interval[0] for a in shown]
        hi = [st[a].interval[1] for a in shown]
        if self.svg:
            self.fig_mean.value, self.fig_dist.value = self._svg_charts(shown, mean, lo, hi)
        else:
            self._draw_marks(shown, mean, lo, hi)
        if table:
            df = self.table()
            self.table_html.value = _TABLE_CSS + (df.to_html(index=False) if len(df) else "")

    def _draw_marks(self, shown: Sequence[str], mean: Sequence[float], lo: Sequence[float],
                    hi: Sequence[float]) -> None:
        cols = [self.colours[a] for a in shown]
        xs = [self.index[a] for a in shown]
        cap = 0.09
        with self._holding():
            self.m_whisker.x = [xx for x in xs for xx in ([x, x], [x - cap, x + cap], [x - cap, x + cap])]
            self.m_whisker.y = [yy for i in range(len(shown)) for yy in ([lo[i], hi[i]], [lo[i], lo[i]],
                                                                           [hi[i], hi[i]])]
            self.m_whisker.colors = [c for c in cols for _ in range(3)] or ["black"]
            self.m_mean.x, self.m_mean.y, self.m_mean.colors = xs, mean, cols or ["black"]
            self.m_text.x, self.m_text.y, self.m_text.text = xs, mean, [f"{m:.2f}" for m in mean]
            self.m_dist.y = [X.position_distribution(self.results[a], self.cars) for a in self.exp.labels]

    def _svg_charts(self, shown: Sequence[str], mean: Sequence[float], lo: Sequence[float],
                    hi: Sequence[float]) -> tuple[str, str]:
        """The two charts as SVG: each choice's mean finishing position (1 = the winner, at the top) with its 95 %
        interval, and the share of the human cars finishing in each place, one bar per choice in each place."""
        labels, cap = self.exp.labels, 0.09
        names = svgchart.Axis(-0.5, len(labels) - 0.5, list(range(len(labels))),
                              fmt=lambda v: labels[round(v)])
        positions = svgchart.Axis(0.5, self.cars + 0.5, list(range(1, self.cars + 1)),
                                  "finishing position (1 = winner)", reverse=True)
        whiskers = [svgchart.Line(xs, ys, self.colours[a], width=3) for a, m_lo, m_hi in zip(shown, lo, hi, strict=True)
                    for x in [self.index[a]]
                    for xs, ys in (([x, x], [m_lo, m_hi]), ([x - cap, x + cap], [m_lo, m_lo]),
                                   ([x - cap, x + cap], [m_hi, m_hi]))]
        means = svgchart.Points([self.index[a] for a in shown], list(mean), [self.colours[a] for a in shown] or
                                ["black"], size=7, labels=[f"{m:.2f}" for m in mean])
        margins = svgchart.Margins(50, 50, 70, 20)
        left = svgchart.chart(names, positions, lines=whiskers, points=[means],
                              title="mean finishing position, 95% interval", width=self.half, height=380,
                              margins=margins, title_size=17)
        k, group = len(labels), 0.85
        places = [_ordinal(p) for p in range(1, self.cars + 1)]
        bars = [svgchart.Bars([p + (j - (k - 1) / 2) * group / k for p in range(self.cars)],
                              X.position_distribution(self.results[a], self.cars), [self.colours[a]],
                              width=group / k, name=a) for j, a in enumerate(labels)]
        right = svgchart.chart(
            svgchart.Axis(-0.5, self.cars - 0.5, list(range(self.cars)), "finishing place (retired cars: the last "
                          "places)", lambda v: places[round(v)]),  # a bar's tooltip: its group's place
            svgchart.Axis(0.0, 1.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], "share of the cars", "{:.0%}"), bars=bars,
            title="where the human car(s) finished", width=self.half, height=380, margins=margins, title_size=17)
        return left, right

    # ------------------------------------------------------------ results as tables
    def table(self, columns: Sequence[str] | None = None) -> Any:
        """:func:`racebook.rf90.analysis.experiments.stats_table` of the last run (the base columns plus ``extra``)."""
        rows = [r for r in X.stats_table(self.results) if r["races"]]
        cols = list(columns) if columns is not None else list(BASE_COLUMNS) + list(self.extra)
        missing = [c for c in cols if rows and c not in rows[0]]
        if missing:
            raise KeyError(f"ExperimentPanel.table: no column {missing[0]!r} (known: {', '.join(rows[0])})")
        return backend.table([{c: r[c] for c in cols} for r in rows], cols)

    def pits(self) -> Any:
        """Pit stops per Game Turn and choice (:func:`racebook.rf90.analysis.experiments.pit_turn_table`)."""
        return _by_choice({a: {f"turn {t}": n for t, n in row.items()}
                           for a, row in X.pit_turn_table(self.results).items()})

    def endings(self) -> Any:
        """How the human cars ended, per choice (:func:`racebook.rf90.analysis.experiments.status_table`)."""
        return _by_choice(X.status_table(self.results))

    def retirements(self) -> Any:
        """Why the human cars retired, per choice (:func:`racebook.rf90.analysis.experiments.retirement_table`)."""
        return _by_choice(X.retirement_table(self.results))

    def difference(self, a: str, b: str, retirements: bool = False) -> X.Difference:
        """Mean position (or, with ``retirements``, the retirement rate) of ``b`` minus ``a`` over the common seeds
        (:func:`racebook.rf90.analysis.experiments.paired_difference`)."""
        if retirements:
            return X.paired_difference(self.results, a, b, lambda o: float(not o.finished), "retirements per car")
        return X.paired_difference(self.results, a, b)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
