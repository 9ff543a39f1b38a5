"""Strategies and skills: pick one from a dropdown, replay its tiny demo, read the sentences (§26, §27).

Thin, like the other views: the demos are data and engine calls in :mod:`racebook.rf90.lessons.demos`; this
controller only shows them. The selected run's lines come from :func:`racebook.rf90.lessons.demos.play` (the
lines that show the effect are highlighted), and a :class:`~racebook.ui.ScenarioPlayer` steps through
the run's race when it has one::

    from racebook.rf90.ui.strategies import StrategyDemos
    StrategyDemos("push")          # dropdown of every strategy and skill, the runs, the log, the track
    StrategyDemos("qualify", kind="skill")   # the skills only (notebook 11b)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.rf90.lessons import demos
from racebook.rf90.ui.player import ScenarioPlayer
from racebook.ui.errors import ErrorLog

_CSS = """<style>
.rb-demo {font-size: 17px; line-height: 1.45;}
.rb-demo .card {font-size: 18px; margin: 4px 0 8px 0;}
.rb-demo .name {font-size: 26px; font-weight: bold;}
.rb-demo .cite {color: #555; font-size: 15px;}
.rb-demo .lbl {display: inline-block; min-width: 110px; font-weight: bold; color: #333;}
.rb-demo .note {color: #6a4b00;}
.rb-demo .log {font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 15px; background: #fafafa;
  border: 1px solid #ddd; border-radius: 4px; padding: 6px 10px; max-height: 600px; overflow: auto;}
.rb-demo .log div {white-space: pre-wrap;}
.rb-demo .log .action {font-weight: bold; color: #1f4e9c; margin-top: 3px;}
.rb-demo .log .event {padding-left: 2.2em;} .rb-demo .log .legal {padding-left: 2.2em; color: #555;}
.rb-demo .log .position, .rb-demo .log .panel {color: #444;}
.rb-demo .log .effect {background: #fff1a8; font-weight: bold;}
.rb-demo .widget-radio-box label {font-size: 16px; line-height: 1.6;}
.rb-demo select, .rb-demo .widget-label {font-size: 16px;}
</style>"""


def demo_label(d: demos.Demo) -> str:
    """The dropdown label of a demo, e.g. 'Strategy — SAVE TYRES (§26.1)'."""
    return f"{d.kind.capitalize()} — {d.name} ({d.cite})"


def card_html(d: demos.Demo) -> str:
    """The demo's card: name, Portuguese subtitle, Bonus, Special, engine status and the reading involved."""
    pt = f" <i>({html.escape(d.pt)})</i>" if d.pt and d.pt != "—" else ""
    rows = [f'<div class="name">{html.escape(d.name)}{pt}</div>',
            f'<div class="cite">{html.escape(d.kind)} — {html.escape(d.cite)}</div>',
            f'<div><span class="lbl">{"Bonus" if d.kind == "strategy" else "Effect"}</span>'
            f"{html.escape(d.bonus)}</div>"]
    if d.kind == "strategy":
        rows.append(f'<div><span class="lbl">Special</span>{html.escape(d.special)} → a Track Card</div>')
    rows.append(f'<div><span class="lbl">Engine</span>{html.escape(d.status)}</div>')
    if d.note:
        rows.append(f'<div class="note"><span class="lbl">Note</span>{html.escape(d.note)}</div>')
    return f'<div class="card">{"".join(rows)}</div>'


def log_html(result: demos.RunResult) -> str:
    """One run's lines as the learner reads them (actions as labels, positions as sentences; the engine's exact
    text in the tooltip); the lines that show the effect are highlighted (★)."""
    out = []
    for ln in result.lines:
        cls = ln.kind + (" effect" if ln.effect else "")
        mark = demos.STAR + " " if ln.effect else ""
        tip = f' title="{html.escape(ln.text)}"' if ln.plain else ""
        out.append(f'<div class="{cls}"{tip}>{mark}{html.escape(ln.shown)}</div>')
    return f'<div class="log">{"".join(out)}</div>'


class StrategyDemos:
    """A dropdown of every strategy (§26) and skill (§27) — or only one ``kind``, "strategy" or "skill" —; its
    runs; the sentences; the track.

    ``set(key, run)`` selects from code; ``text`` is the shown log as plain text; ``results`` the
    :class:`racebook.rf90.lessons.demos.RunResult` list of the selected demo. Callback errors go to ``errors``.
    """

    def __init__(self, key: str = "save_tyres", *, kind: str | None = None, width: int = 980) -> None:
        if key not in demos.DEMOS:
            raise ValueError(f"no demo {key!r} (known: {', '.join(demos.DEMOS)})")
        if kind not in (None, "strategy", "skill"):
            raise ValueError(f"kind must be 'strategy', 'skill' or None, not {kind!r}")
        if kind is not None and demos.DEMOS[key].kind != kind:
            raise ValueError(f"demo {key!r} is a {demos.DEMOS[key].kind}, not a {kind}")
        self.errors = ErrorLog()
        self._cache: dict[str, list[demos.RunResult]] = {}
        self._quiet = False
        big = {"description_width": "70px"}
        shown = [(demo_label(d), k) for k, d in demos.DEMOS.items() if kind is None or d.kind == kind]
        self.picker = widgets.Dropdown(options=shown, value=key,
                                       description="pick", style=big,
                                       layout=widgets.Layout(width="620px", height="38px"))
        self.runs = widgets.RadioButtons(options=[], description="run", style=big,
                                         layout=widgets.Layout(width="auto"))
        self.card = widgets.HTML()
        self.log = widgets.HTML()
        first = next(r for d in demos.DEMOS.values() for r in d.runs if r.compute is None)
        self.player = ScenarioPlayer(demos.build_race(first), width=width, rows=8)
        self.picker.observe(self.errors.guard(self._on_pick), names="value")
        self.runs.observe(self.errors.guard(self._on_run), names="value")
        self.widget = widgets.VBox([widgets.HTML(_CSS), self.picker, self.card, self.runs, self.log,
                                    self.player.widget, self.errors.widget],
                                   layout=widgets.Layout(width=f"{width + 20}px"))
        self.widget.add_class("rb-demo")
        self.set(key)

    # ------------------------------------------------------------ API
    @property
    def demo(self) -> demos.Demo:
        return demos.DEMOS[self.picker.value]

    @property
    def results(self) -> list[demos.RunResult]:
        key = self.picker.value
        if key not in self._cache:
            self._cache[key] = demos.play(key)
        return self._cache[key]

    @property
    def result(self) -> demos.RunResult:
        return self.results[self.runs.value or 0]

    @property
    def text(self) -> str:
        """The selected run as plain text (what :attr:`log` shows)."""
        return self.result.text

    def set(self, key: str, run: int = 0) -> None:
        """Show demo ``key``, run number ``run`` (0 = the first)."""
        self._quiet = True
        try:
            self.picker.value = key
            self.card.value = card_html(self.demo)
            self.runs.options = [(r.run.label, i) for i, r in enumerate(self.results)]
            self.runs.value = run
        finally:
            self._quiet = False
        self._show()

    # ------------------------------------------------------------ callbacks
    def _on_pick(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.set(change["new"])

    def _on_run(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self._show()

    def _show(self) -> None:
        res = self.result
        self.log.value = log_html(res)
        if res.race is None:
            self.player.widget.layout.display = "none"
        else:
            self.player.widget.layout.display = None
            self.player.set_race(res.race, res.stop)  # the demo's last event, not the next car's turn

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
