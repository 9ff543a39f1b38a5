"""Check-test views: the tests of a race, a table of a Normal test's options, and a test calculator.

Thin, like the other views: every number comes from the engine. The modified target is
:func:`racebook.rf90.rules.checks.modifiers` + :func:`racebook.rf90.rules.checks.target_value` (§13.D.2, §16.2, §20,
§27)
computed on a tiny one-car race; the success probability of a blind draw (Teste Cego) is
:func:`racebook.rf90.analysis.odds.p_at_most` over the cards that car cannot see
(:func:`racebook.rf90.analysis.odds.unseen`).
The options of a Normal test are the engine's legal actions, each one applied to a replay::

    from racebook.rf90.ui.checks import TestCalculator, test_lines, test_options
    TestCalculator()                      # Target Check, printed modifier, weather, REFLEXES, Leader check
    print(test_lines(race))               # the race's CheckTest and damage sentences
    print(test_options(race, 2).to_string())   # every card the test may use, and what each would do
"""

from __future__ import annotations

import html
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.rf90.actionlabels import label as action_label
from racebook.rf90.actions import Test
from racebook.rf90.analysis import odds
from racebook.rf90.events import CheckTest, DamageTaken
from racebook.rf90.rules import checks
from racebook.rf90.scenario import build
from racebook.rf90.trackfile import load_track
from racebook.ui import backend, style, svgchart
from racebook.ui.backend import table
from racebook.ui.errors import ErrorLog, InputError

if TYPE_CHECKING:
    from racebook.rf90.game import Race  # a race of the game (a racebook.core.game.Race)

CAR = "Blue"
TRACK = "teaching"
WEATHERS = ("dry", "intermediate", "rain")
PASS, FAIL, NOW = "#2ca02c", "#d62728", "#1f4e9c"
_BIG = widgets.Layout(width="auto")
_CSS = """<style>
.rb-calc {font-size: 18px; line-height: 1.5;}
.rb-calc .big {font-size: 26px; font-weight: bold;}
.rb-calc .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 5px; font-size: 13px;}
.rb-calc .pass {color: #1a7f1a; font-weight: bold;} .rb-calc .fail {color: #b00020; font-weight: bold;}
</style>"""


# ------------------------------------------------------------------ the tests of a race
def test_lines(race: Race) -> str:
    """The race's check tests and the wear they cost, one sentence each (§13.D.2)."""
    return "\n".join(e.sentence() for e in race.events if isinstance(e, CheckTest | DamageTaken))


def test_options(race: Race, step: int, *, next_blind: bool = False) -> Any:
    """Every Test action legal after ``step`` actions of ``race``, each applied to its own copy of that position
    (one replay to ``step``, then :meth:`~racebook.rf90.game.Race.clone` per action).

    Columns: the action (its human label, :func:`racebook.rf90.actionlabels.label`), the card used, the modified
    target, the result, the new Target Check and the wear drawn — all from the engine's CheckTest / DamageTaken
    events (§13.D.2). With ``next_blind``, a last column prices the car's *next* unmodified blind test from there
    (:func:`racebook.rf90.analysis.odds.blind_test`): what a voluntary failure buys. Rows numbered from 1; a
    DataFrame where pandas imports, else an HTML table (:func:`racebook.ui.backend.table`).
    """
    rows = []
    base = race.at(step)
    for action in base.legal_actions():
        if not isinstance(action, Test):
            continue
        alt = base.clone()
        events = alt.apply(action)
        test = next(e for e in events if isinstance(e, CheckTest))
        wear = [e.token for e in events if isinstance(e, DamageTaken)]
        row = {"action": action_label(action, base.state), "card": test.card, "target": test.target,
               "result": test.result, "new Target Check": test.new_target, "wear drawn": ", ".join(wear) or "—"}
        if next_blind:
            car = alt.state.cars[action.car]
            pool = len(odds.unseen(alt.state, car.id))
            _target, p = odds.blind_test(alt.state, car)
            row["next blind test passes"] = f"{float(p) * 100:.0f} % ({int(p * pool)}/{pool})"
        rows.append(row)
    return table(rows, backend.columns_of(rows), range(1, len(rows) + 1))


# ------------------------------------------------------------------ the calculator's numbers
@dataclass(frozen=True, slots=True)
class TestSetup:
    """One test to price: the Target Check card's check factor and what modifies it (§13.D.2)."""

    __test__ = False  # not a pytest class

    target_check: int = 56  # check factor of the card face up on the panel, 1–99
    printed: int = 0  # the modifier printed by the test symbol / LB / ET / recovery spot
    weather: str = "dry"  # dry | intermediate | rain (only rain modifies tests, §16.2)
    reflexes: bool = False  # the REFLEXES skill (§27)
    leader_check: bool = False  # the Leader lapping check: no rain modifier (§20)


@dataclass(frozen=True, slots=True)
class TestOdds:
    """What :func:`evaluate` found for one :class:`TestSetup`."""

    __test__ = False
    setup: TestSetup
    base: int
    modifiers: tuple[checks.Modifier, ...]
    target: int  # the modified target: pass when check ≤ target
    passing: int  # unseen cards that would pass
    pool: int  # cards the car cannot see (the candidates for the blind draw)
    p: Fraction  # exact P(a blind draw passes)


def weather_space(weather: str, track: str = TRACK) -> int:
    """The leftmost weather-pawn space of the track with that condition (§9.1)."""
    for i, space in enumerate(load_track(track).weather.spaces):
        if space.condition.value == weather:
            return i
    raise InputError(f"{track} has no {weather!r} weather space (known: {', '.join(WEATHERS)})")


def tiny_race(setup: TestSetup) -> Any:
    """A one-car race holding the set-up: Blue leads in E with the Target Check card and an empty hand."""
    if not 1 <= setup.target_check <= 99:
        raise InputError(f"§5.1: a check factor is 1–99, not {setup.target_check}")
    car: dict[str, Any] = {"hand": [], "target": f"R{setup.target_check:02d}"}
    if setup.reflexes:
        car["skill"] = "reflexes"
    position = f"{TRACK} turn=3 weather={weather_space(setup.weather)} | E: {CAR}*"
    return build({"scenario": {"id": "test_calculator", "track": TRACK, "seed": 0, "position": position},
                  "cars": {CAR: car}})


def evaluate(setup: TestSetup) -> TestOdds:
    """The modified target and the exact odds of a blind draw for ``setup`` (engine functions only)."""
    state = tiny_race(setup).state
    car = state.cars[CAR]
    mods = checks.modifiers(state, car, setup.printed, leader_check=setup.leader_check)
    target = checks.target_value(state, car, mods)
    pool = [state.card(c).check for c in odds.unseen(state, car.id)]
    p = odds.p_at_most(pool, target)
    return TestOdds(setup, checks.base_target(state, car), tuple(mods), target, int(p * len(pool)), len(pool), p)


def curve(setup: TestSetup) -> list[TestOdds]:
    """:func:`evaluate` for every Target Check 1–99 with the same modifiers."""
    return [evaluate(replace(setup, target_check=tc)) for tc in range(1, 100)]


def arithmetic(o: TestOdds) -> str:
    """'56 -10 printed -20 rain = 26' (the base alone when nothing modifies it)."""
    parts = " ".join(f"{m.value:+d} {m.why}" for m in o.modifiers)
    return f"{o.base} {parts} = {o.target}" if parts else f"{o.base} (no modifier) = {o.target}"


def odds_text(o: TestOdds) -> str:
    """'59.2 % (58/98)': the percentage first, then the passing cards over the unseen pool (the exact fraction,
    unreduced)."""
    return f"{float(o.p) * 100:.1f} % ({o.passing}/{o.pool})"


def describe(o: TestOdds) -> str:
    """The result as plain text (the calculator shows the same in HTML)."""
    s = o.setup
    kind = "Leader check" if s.leader_check else "test"
    printed = f"at {s.printed:+d}" if s.printed else "with no printed modifier"
    return (f"Target Check ({s.target_check:02d}), {kind} {printed}, {s.weather}"
            f"{', REFLEXES' if s.reflexes else ''}\n"
            f"  modified target: {arithmetic(o)}   → pass when the check factor is ≤ {o.target}\n"
            f"  blind draw: {o.passing} of the {o.pool} cards {CAR} cannot see pass → P(pass) = {odds_text(o)}")


def modifier_table(cases: dict[str, TestSetup]) -> Any:
    """One row per named set-up: its modifiers, their sum and the modified target (§13.D.2, §29.4)."""
    rows = []
    for name, setup in cases.items():
        o = evaluate(setup)
        rows.append({"test": name, "Target Check": o.base,
                     "modifiers": " ".join(f"{m.value:+d} {m.why}" for m in o.modifiers) or "—",
                     "total": f"{sum(m.value for m in o.modifiers):+d}", "target": o.target,
                     "P(blind passes)": odds_text(o)})
    return table(rows, backend.columns_of(rows), range(1, len(rows) + 1))


# ------------------------------------------------------------------ the widget
class TestCalculator:
    """Price a test: the modified target and P(a blind draw passes), and a bar of P(pass) for every TC.

    ``result`` is the last :class:`TestOdds`, ``bars`` the 99 of the chart. Use :meth:`set` to move the
    controls from code. Display the object (or ``.widget``).
    """

    __test__ = False

    def __init__(self, setup: TestSetup = TestSetup(), *, width: int = 980) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self._quiet = False
        self.result: TestOdds | None = None
        self.bars: list[TestOdds] = []
        self.tc = widgets.IntSlider(min=1, max=99, description="Target Check", continuous_update=False,
                                    layout=widgets.Layout(width="620px"),
                                    style={"description_width": "130px", "handle_color": NOW})
        self.printed = widgets.IntSlider(min=-40, max=40, step=10, description="printed modifier",
                                         continuous_update=False, layout=widgets.Layout(width="620px"),
                                         style={"description_width": "130px"})
        self.weather = widgets.ToggleButtons(options=[(w, w) for w in WEATHERS],
                                             style={"button_width": "130px"})
        self.reflexes = widgets.Checkbox(description="REFLEXES skill (+20, §27)", indent=False, layout=_BIG)
        self.leader = widgets.Checkbox(description="Leader lapping check (no rain -20, §20)", indent=False,
                                       layout=_BIG)
        self.out = widgets.HTML()
        self._build_figure(width)
        for w in (self.tc, self.printed, self.weather, self.reflexes, self.leader):
            w.observe(g(self._on_change), names="value")
        head = widgets.HTML("<div style='font-size:22px;font-weight:bold'>Test calculator — the modified target "
                            "and the odds of a blind draw</div><div style='font-size:15px;color:#555'>Pass when "
                            "the card's check factor ≤ Target Check + modifiers (§13.D.2). The blind draw is one of "
                            "the 98 Race Cards not on the panel, all equally likely (an empty hand, nothing "
                            "discarded yet).</div>")
        label = widgets.HTML("<div style='text-align:right;padding-right:8px'>weather</div>",
                             layout=widgets.Layout(width="138px"))
        self.widget = widgets.VBox([head, self.tc, self.printed,
                                    widgets.HBox([label, self.weather], layout=widgets.Layout(align_items="center")),
                                    widgets.HBox([self.reflexes, self.leader],
                                                 layout=widgets.Layout(grid_gap="30px", margin="4px 0 0 138px")),
                                    self.out, self.fig, self.errors.widget])
        self.set(**{f.name: getattr(setup, f.name) for f in fields(TestSetup)})

    def _build_figure(self, width: int) -> None:
        self.width = width
        if not backend.has_bqplot():  # the offline browser: the same bars drawn as SVG in an HTML widget
            self.mark: Any = None
            self.fig: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            self.fig.add_class(svgchart.SVG_CHART_CLASS)
            return
        import bqplot as bq

        sx, sy = bq.LinearScale(min=0, max=100), bq.LinearScale(min=0.0, max=1.0)
        self.mark = bq.Bars(x=list(range(1, 100)), y=[0.0] * 99, scales={"x": sx, "y": sy}, colors=[PASS],
                            color_mode="group", padding=0.15, stroke="white",
                            tooltip=bq.Tooltip(fields=["x", "y"], labels=["Target Check", "P(pass)"],
                                               formats=["", ".3f"]))
        ax = bq.Axis(scale=sx, label="Target Check on the panel (check factor of the card)",
                     tick_values=[1, *range(10, 100, 10), 99],
                     tick_style={"font-size": "15px"}, label_offset="40px")
        ay = bq.Axis(scale=sy, side="left", tick_format=".0%", label="P(blind draw passes)",
                     tick_values=[0.0, 0.25, 0.5, 0.75, 1.0],
                     tick_style={"font-size": "14px"}, grid_lines="dashed", label_offset="52px")
        self.fig = bq.Figure(marks=[self.mark], axes=[ax, ay], animation_duration=0, title="", padding_y=0.0,
                             title_style={"font-size": "18px"},
                             fig_margin={"top": 44, "bottom": 56, "left": 72, "right": 20},
                             layout=widgets.Layout(width=f"{width}px", height="330px"))

    # ------------------------------------------------------------ API
    @property
    def setup(self) -> TestSetup:
        return TestSetup(self.tc.value, self.printed.value, self.weather.value, self.reflexes.value,
                         self.leader.value)

    def set(self, **values: Any) -> None:
        """Move controls (``target_check``, ``printed``, ``weather``, ``reflexes``, ``leader_check``), then update."""
        widgets_by_field = {"target_check": self.tc, "printed": self.printed, "weather": self.weather,
                            "reflexes": self.reflexes, "leader_check": self.leader}
        unknown = set(values) - set(widgets_by_field)
        if unknown:
            raise TypeError(f"unknown control(s): {', '.join(sorted(unknown))} (known: {', '.join(widgets_by_field)})")
        self._quiet = True
        try:
            for key, value in values.items():
                widgets_by_field[key].value = value
        finally:
            self._quiet = False
        self.update()

    def update(self) -> None:
        """Recompute with the engine and redraw."""
        setup = self.setup
        self.result = evaluate(setup)
        self.bars = curve(setup)
        self._draw()

    def text(self) -> str:
        return describe(self.result) if self.result else ""

    # ------------------------------------------------------------ callbacks / drawing
    def _on_change(self, change: dict) -> None:
        if not self._quiet:
            self.update()

    def _draw(self) -> None:
        o = self.result
        assert o is not None
        s = o.setup
        if o.target >= 99:
            verdict = "<span class='pass'>every card passes (target ≥ 99)</span>"
        elif o.target >= 1:
            verdict = f"<span class='pass'>a card ≤ {o.target} passes</span>, a higher one fails"
        else:
            verdict = "<span class='fail'>no card can pass (target below 1)</span>"
        rain_note = ""
        if s.weather == "rain" and s.leader_check:
            rain_note = " <i>(rain ignored: the Leader check, §20)</i>"
        elif s.weather == "intermediate":
            rain_note = " <i>(intermediate weather does not modify tests, §16.2)</i>"
        mods = " ".join(f"{m.value:+d} {html.escape(m.why)}" for m in o.modifiers) or "(no modifier)"
        self.out.value = (
            f"{_CSS}<div class='rb-calc'>"
            f"<div class='big'>target = {o.base} {mods} = {o.target}</div>"
            f"<div>{verdict}{rain_note} {style.rule_html('§13.D.2')}</div>"
            f"<div>Blind draw (<i>compra cega</i>): <b>{o.passing}</b> of the <b>{o.pool}</b> cards {CAR} cannot "
            f"see pass</div><div class='big'>P(pass) = {odds_text(o)}</div>"
            f"<div style='font-size:15px;color:#555'>Whatever the result, the card used becomes the new "
            f"Target Check.</div></div>")
        colours = [NOW if b.setup.target_check == s.target_check else PASS for b in self.bars]
        title = (f"P(pass) for every Target Check — modifiers {sum(m.value for m in o.modifiers):+d}"
                 f"; blue bar = TC ({s.target_check:02d}): {float(o.p):.1%}")
        if self.mark is None:
            self.fig.value = svgchart.chart(
                svgchart.Axis(0, 100, [1, *range(10, 100, 10), 99],
                              "Target Check on the panel (check factor of the card)"),
                svgchart.Axis(0.0, 1.0, [0.0, 0.25, 0.5, 0.75, 1.0], "P(blind draw passes)", "{:.0%}"),
                bars=[svgchart.Bars([b.setup.target_check for b in self.bars], [float(b.p) for b in self.bars],
                                    colours, width=0.85)], title=title, width=self.width)
            return
        with self.fig.hold_sync(), self.mark.hold_sync():
            self.mark.y = [float(b.p) for b in self.bars]
            self.mark.colors = colours
            self.fig.title = title

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
