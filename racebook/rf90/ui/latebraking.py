"""Late braking and off-track routes in the notebook (§13.F.1, §18, §19.3, §26.6).

* :class:`LateBrakingPlayer` — a :class:`~racebook.ui.ScenarioPlayer` that draws the off-track route of the
  braking zone (or the ET recovery chart) beside the track and moves the car along it, node by node, as the
  log is stepped.
* :class:`LateBrakingPanel` — "should I late-brake?": sliders for the Target Check, the LB modifier, rain,
  REFLEXES, HAZARD and a braking-zone picker; the exact odds come from :mod:`racebook.rf90.analysis.odds`
  (:func:`~racebook.rf90.analysis.odds.late_braking_choice`), shown as numbers and two small bar charts, updated in
  place.

Every number is computed by the engine; this module only reads events and draws.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.rf90.analysis import odds
from racebook.rf90.car import Skill, Strategy
from racebook.rf90.events import Checked, CheckTest, ControlRegained, MovementPoints, TurnEnds
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, Track
from racebook.rf90.ui.colours import ROUTE_FAIL, ROUTE_PASS
from racebook.rf90.ui.player import ScenarioPlayer
from racebook.rf90.ui.svgview import track_view
from racebook.rf90.ui.tracks import has_late_braking, pickable_tracks
from racebook.ui import backend, svgchart
from racebook.ui.errors import ErrorLog

if TYPE_CHECKING:
    from racebook.rf90.game import Race  # a race of the game (a racebook.core.game.Race)

_EFFECT_WORDS = {"tyre_wear": "pay {n} tyre chip(s), no cards (§18.1)", "damage": "draw {n} wear token(s)",
                 "discard": "discard {n} card(s)", "time_loss": "-{n} MP next turn (time loss)",
                 "mp_loss": "-{n} MP this turn", "forced_pit": "forced pit stop next turn"}


# ------------------------------------------------------------------ reading a route
def describe_route(track: Track, where: str) -> str:
    """The off-track route of a braking zone (or a route id), one line per path, green arrow first (§18.1)."""
    if track.has_section(where):
        rid = track.section(where).lb_route
        if rid is None:
            raise ValueError(f"{where} has no LB symbol (§13.F.1)")
    else:
        rid = where
    route = track.routes[rid]
    lines = [f"{rid} ({'manual' if route.source.startswith('manual') else 'invented for teaching'}):"]
    for path in odds.route_paths(route):
        words: list[str] = []
        for a, b in zip(path, path[1:] + ("",), strict=True):
            node = route.nodes[a]
            kind = node.kind.value
            if kind == "test":
                assert node.test is not None
                arrow = "pass" if b == node.on_pass else "fail"
                words.append(f"{node.test.kind.value} test {node.test.modifier:+d} → {arrow}")
            elif kind == "effects":
                words.append(", ".join(_EFFECT_WORDS[e.kind.value].format(n=e.amount) for e in node.effects))
            elif kind == "reentry":
                words.append(f"re-entry point beside {node.section}")
            elif kind == "back_on_track":
                words.append("back on track in the same section")
            else:
                words.append(("Crash Out: retire" if node.crash_out else "retire")
                             + (" (SC symbol: the Safety Car comes out)" if node.safety_car else ""))
        lines.append("  " + " → ".join(words))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class RouteStep:
    """Where a car that lost control stands after one event (None node: back on track / at re-entry / out)."""

    car: str
    route: str
    zone: str
    trail: tuple[str, ...]
    node: str | None


def _section_of(frame: Any, car: str) -> str | None:
    for sec, items in frame.order.items():
        if car in items:
            return sec
    return None


def route_steps(race: Race) -> list[RouteStep | None]:
    """One entry per event of ``race.events``: the off-track episode it belongs to, if any.

    An episode starts with a failed late braking (§13.F.1) or ET test (§13.D.2); the recovery tests (§18.1)
    that follow move the car along the route (:func:`racebook.rf90.analysis.odds.route_trace`); it ends when the car
    stands
    on the re-entry point, is back on track, starts moving, ends its turn or retires. After the episode its
    trail stays (with no car on it) until another car loses control.
    """
    track = race.state.track
    frames = race.frames
    out: list[RouteStep | None] = []
    live: dict[str, dict[str, Any]] = {}
    last: RouteStep | None = None
    for i, e in enumerate(race.events):
        f = frames[i] if i < len(frames) else None
        car = getattr(e, "car", None)
        if isinstance(e, CheckTest) and not e.passed and f is not None and car is not None:
            rid = zone = None
            if e.test is Checked.LATE_BRAKING:  # a late braking (a robot's is forced, §15.4)
                zone = _section_of(f, car)
                rid = track.section(zone).lb_route if zone else None
            elif e.test is Checked.ET:
                tid = f.trajectories.get(car) or e.subject
                traj = next((t for t in track.trajectories if t.id == tid), None)
                if traj is not None:
                    rid, zone = traj.recovery, traj.section
            if rid is not None and zone is not None:
                live[car] = {"route": rid, "zone": zone, "results": []}
        elif isinstance(e, CheckTest) and e.test is Checked.RECOVERY and car in live:
            live[car]["results"].append(e.passed)
        for c in list(live):
            ep = live[c]
            route = track.routes[ep["route"]]
            trail = odds.route_trace(route, ep["results"])
            node = trail[0]
            if ep["results"]:
                tests = [j for j, n in enumerate(trail) if route.nodes[n].kind.value == "test"]
                j = tests[len(ep["results"]) - 1] if len(tests) >= len(ep["results"]) else len(trail) - 1
                node = trail[min(j + 1, len(trail) - 1)]
            done = f is not None and (c in f.off_track or c in f.out)
            done = done or (c == car and isinstance(e, (MovementPoints, TurnEnds)))
            done = done or (c == car and isinstance(e, ControlRegained))
            shown = trail if done else trail[:trail.index(node) + 1]  # the way so far
            last = RouteStep(c, ep["route"], ep["zone"], shown, None if done else node)
            if done:
                del live[c]
        out.append(last)
    return out


# ------------------------------------------------------------------ the player
class LateBrakingPlayer(ScenarioPlayer):
    """A :class:`ScenarioPlayer` with the off-track route drawn and the car following it (§13.F.1, §18).

    ``route``: what to draw — a braking zone with the LB symbol, a route id or an ET id (or several); by
    default the routes of the episodes in the log.
    """

    def __init__(self, source: Any, *, route: str | Iterable[str] | None = None, position: int | None = 0,
                 width: int = 980, rows: int = 12) -> None:
        self._route_arg = route
        self.route_steps: list[RouteStep | None] = []
        super().__init__(source, position=position, width=width, rows=rows)

    def set_race(self, race: Race, position: int | None = None) -> None:
        self.route_steps = route_steps(race)
        if race.state.track is not self.view.track:
            self.view.set_track(race.state.track, race.state.cars)
        where = self._route_arg
        if where is None:
            where = list(dict.fromkeys(s.route for s in self.route_steps if s is not None))
        self.view.show_route(where)
        super().set_race(race, position)

    def _on_step(self, position: int, event: Any, frame: Any) -> None:
        st = self.route_steps[position - 1] if 0 < position <= len(self.route_steps) else None
        if st is None:
            self.view.follow()
        else:
            self.view.follow(st.car if st.node else None, st.route, st.node, st.trail)
        super()._on_step(position, event, frame)


# ------------------------------------------------------------------ the panel
def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def _num(x: Fraction) -> str:
    return f"{float(x):.2f}"


GAIN_LABELS = ["sections", "cars passed"]
COST_LABELS = ["tyre chips", "wear tokens", "discards", "MP next turn"]
PROB_LABELS = ["success", "retire", "forced pit", "Safety Car"]


class LateBrakingPanel:
    """"Should I late-brake?" — exact odds of a late braking and of its off-track route (§13.F.1, §18).

    ``race`` / ``viewer``: take the unseen deck, the panel (Target Check, chips, wear slots, hand), the
    weather, REFLEXES, HAZARD and the cars around from this race, seen from ``viewer``'s seat (default: the
    car to play). Without a race: the whole Race deck is unseen and ``resources`` (default: 10 chips, 5 free
    slots, no hand) is the panel. ``track`` / ``zone`` pick the braking zone first shown.
    """

    def __init__(self, race: Race | None = None, viewer: str | None = None, *, track: str | None = None,
                 zone: str | None = None, resources: odds.Resources | None = None, width: int = 940,
                 show_track: bool = True) -> None:
        self.errors = ErrorLog()
        self.race = race
        state: RaceState | None = race.state if race is not None else None
        self.state = state
        self.viewer = viewer or (race.current_car if race is not None else None)
        self.tracks = {t.id: t for t in pickable_tracks(has_late_braking)}
        if state is not None:
            self.tracks[state.track.id] = state.track
        car = state.cars[self.viewer] if state is not None and self.viewer else None
        self.car = car
        if state is not None and car is not None:
            self.resources = resources or odds.resources_of(state, car)
            tc = state.card(car.target).check if car.target else 70
        else:
            self.resources = resources or odds.Resources()
            tc = 70
        track = track or (state.track.id if state is not None else "silverstone")
        if zone is None and state is not None and car is not None and car.on_track and track == state.track.id \
                and state.section(car.section).lb_modifier is not None:
            zone = car.section
        self.result: odds.LateBrakingChoice | None = None
        self._shown: tuple[str, str] | None = None
        self._quiet = True
        self._build(width, tc, track, zone, show_track)
        self._quiet = False
        self.update()

    # ------------------------------------------------------------ building
    def _build(self, width: int, tc: int, track: str, zone: str | None, show_track: bool) -> None:
        g = self.errors.guard
        big = {"description_width": "150px"}
        wide = widgets.Layout(width="430px")
        self.w_track = widgets.Dropdown(options=[(self.tracks[t].name, t) for t in self.tracks if has_late_braking(
            self.tracks[t])], value=track, description="track",
            style=big, layout=wide)
        self.w_zone = widgets.Dropdown(options=self._zones(track), description="braking zone", style=big,
                                       layout=wide)
        if zone is not None:
            self.w_zone.value = zone
        self.w_tc = widgets.IntSlider(value=tc, min=1, max=99, description="Target Check", style=big,
                                      layout=wide, continuous_update=False)
        self.w_lb = widgets.IntSlider(value=self._printed(), min=-40, max=20, step=5, description="LB modifier",
                                      style=big, layout=wide, continuous_update=False)
        st, car = self.state, self.car
        self.w_rain = widgets.Checkbox(value=st is not None and st.condition() is Condition.RAIN,
                                       description="rain (−20 on every test)", style=big, indent=False)
        self.w_reflexes = widgets.Checkbox(value=car is not None and car.skill is Skill.REFLEXES,
                                           description="REFLEXES (+20)", style=big, indent=False)
        self.w_hazard = widgets.Checkbox(value=car is not None and car.strategy is Strategy.HAZARD,
                                         description="HAZARD (2 sections)", style=big, indent=False)
        self.w_empty = widgets.Checkbox(value=self._next_empty_from_race(), indent=False,
                                        description="the 2 sections ahead are empty", style=big)
        self.w_ahead = widgets.IntSlider(value=self._ahead_from_race(), min=0, max=5, description="cars ahead in zone",
                                         style=big, layout=wide, continuous_update=False)
        for w in (self.w_track, self.w_zone, self.w_tc, self.w_lb, self.w_rain, self.w_reflexes, self.w_hazard,
                  self.w_empty, self.w_ahead):
            w.observe(g(self._on_change), names="value")
        self.numbers = widgets.HTML(layout=widgets.Layout(width=f"{width - 450}px"))
        self.route_text = widgets.HTML()
        # Two small bar charts, built once: expected gain vs expected cost per attempt, and probabilities.
        self.chart_width = width // 2 - 10
        self._build_charts()
        controls = widgets.VBox([self.w_track, self.w_zone, self.w_tc, self.w_lb,
                                 widgets.HBox([self.w_rain, self.w_reflexes]),
                                 widgets.HBox([self.w_hazard, self.w_empty]), self.w_ahead],
                                layout=widgets.Layout(width="450px"))
        title = widgets.HTML('<div style="font-size:24px;font-weight:bold">Should I late-brake? '
                             '<span style="font-size:15px;color:#555">§13.F.1, §18, §26.6 — exact odds over the '
                             'cards you cannot see</span></div>')
        parts: list[Any] = [title, widgets.HBox([controls, self.numbers]), widgets.HBox([self.fig_v, self.fig_p]),
                            self.route_text]
        self.view: Any = None  # a track view: bqplot's TrackView, or the SVG view without bqplot
        if show_track:
            self.view = track_view(self.tracks[track], width=width, errors=self.errors)
            parts.append(self.view.widget)
        parts.append(self.errors.widget)
        self.widget = widgets.VBox(parts)

    def _zones(self, track: str) -> list[tuple[str, str]]:
        return [(f"{s.name} (LB {s.lb_modifier:+d})", s.name) for s in self.tracks[track].sections
                if s.lb_modifier is not None]

    def _printed(self) -> int:
        sec = self.tracks[self.w_track.value].section(self.w_zone.value)
        return int(sec.lb_modifier or 0)

    def _same_zone_as_race(self) -> bool:
        return (self.state is not None and self.car is not None and self.car.on_track
                and self.state.track.id == self.w_track.value and self.car.section == self.w_zone.value)

    def _next_empty_from_race(self) -> bool:
        if not self._same_zone_as_race():
            return True
        assert self.state is not None
        tr = self.state.track
        nxt = tr.sections[tr.next_index(tr.section(self.w_zone.value).index)]
        after = tr.sections[tr.next_index(nxt.index)]
        return not self.state.cars_in(nxt.name) and not self.state.cars_in(after.name)

    def _ahead_from_race(self) -> int:
        if not self._same_zone_as_race():
            return 0
        assert self.state is not None and self.car is not None
        cars = self.state.cars_in(self.w_zone.value)
        return cars.index(self.car.id) if self.car.id in cars else 0

    # ------------------------------------------------------------ updating
    def _on_change(self, change: dict) -> None:
        if self._quiet:
            return
        owner = change["owner"]
        self._quiet = True
        try:
            if owner is self.w_track:
                self.w_zone.options = self._zones(self.w_track.value)
                self.w_zone.value = self.w_zone.options[0][1]
            if owner in (self.w_track, self.w_zone):
                self.w_lb.value = self._printed()
                self.w_empty.value = self._next_empty_from_race()
                self.w_ahead.value = self._ahead_from_race()
        finally:
            self._quiet = False
        self.update()

    def pool(self) -> list[int]:
        """The check factors a blind draw may reveal now (engine: :func:`racebook.rf90.analysis.odds.what_if_pool`)."""
        if self.state is not None and self.viewer is not None:
            return odds.what_if_pool(self.state, self.viewer, self.w_tc.value)
        return [c for c in range(1, 100) if c != self.w_tc.value]  # the shipped Race deck: checks 1–99

    def update(self) -> None:
        """Recompute with the current settings and redraw the numbers, the bars and the route in place."""
        track = self.tracks[self.w_track.value]
        zone = self.w_zone.value
        r = self.result = odds.late_braking_choice(
            track, zone, self.w_tc.value, self.pool(), self.resources, lb_modifier=self.w_lb.value,
            rain=self.w_rain.value, reflexes=self.w_reflexes.value, hazard=self.w_hazard.value,
            next_empty=self.w_empty.value, cars_ahead=self.w_ahead.value)
        self.numbers.value = self._numbers_html(r)
        self.route_text.value = ('<pre style="font-size:15px;line-height:1.4;margin:4px 0">'
                                 + html.escape(describe_route(track, zone)) + "</pre>")
        gains, costs, probs = self.bar_values()
        if self.bars_v is None:
            self._draw_svg(gains, costs, probs)
        else:
            self._draw_bqplot(gains, costs, probs)
        if self.view is not None and self._shown != (track.id, zone):
            self._shown = (track.id, zone)
            self.view.show_route(zone, track=track)
            self.view.show(self._frame_for(track))

    _V_TITLE = "expected per attempt: gain (green) vs cost (red)"
    _P_TITLE = "probability per attempt (%)"

    def _build_charts(self) -> None:
        width = self.chart_width
        if not backend.has_bqplot():  # the offline browser: the same bars drawn as SVG in HTML widgets
            self.bars_v: Any = None
            self.fig_v: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            self.fig_p: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            for fig in (self.fig_v, self.fig_p):
                fig.add_class(svgchart.SVG_CHART_CLASS)
            return
        import bqplot as bq

        self.sx_v = bq.OrdinalScale()
        self.sy_v = bq.LinearScale(min=0.0, max=2.0)
        self.bars_v = bq.Bars(x=GAIN_LABELS + COST_LABELS, y=[0.0] * 6, scales={"x": self.sx_v, "y": self.sy_v},
                              colors=[ROUTE_PASS] * 2 + [ROUTE_FAIL] * 4, padding=0.25)
        self.fig_v = bq.Figure(marks=[self.bars_v], title=self._V_TITLE,
                               axes=[bq.Axis(scale=self.sx_v, side="bottom", tick_style={"font-size": "13px"}),
                                     bq.Axis(scale=self.sy_v, side="left", tick_format=".1f",
                                             tick_style={"font-size": "13px"})],
                               fig_margin={"top": 40, "bottom": 40, "left": 45, "right": 10},
                               layout=widgets.Layout(width=f"{width}px", height="280px"),
                               title_style={"font-size": "15px"}, animation_duration=0)
        self.sx_p = bq.OrdinalScale()
        self.sy_p = bq.LinearScale(min=0.0, max=100.0)
        self.bars_p = bq.Bars(x=PROB_LABELS, y=[0.0] * 4, scales={"x": self.sx_p, "y": self.sy_p},
                              colors=[ROUTE_PASS] + [ROUTE_FAIL] * 3, padding=0.25)
        self.fig_p = bq.Figure(marks=[self.bars_p], title=self._P_TITLE,
                               axes=[bq.Axis(scale=self.sx_p, side="bottom", tick_style={"font-size": "13px"}),
                                     bq.Axis(scale=self.sy_p, side="left", tick_format=".0f",
                                             tick_style={"font-size": "13px"})],
                               fig_margin={"top": 40, "bottom": 40, "left": 45, "right": 10},
                               layout=widgets.Layout(width=f"{width}px", height="280px"),
                               title_style={"font-size": "15px"}, animation_duration=0)

    def _draw_svg(self, gains: list[float], costs: list[float], probs: list[float]) -> None:
        """The two bar charts as SVG (:mod:`racebook.ui.svgchart`), with the bqplot charts' scales and colours."""
        margins = svgchart.Margins(top=40, bottom=48, left=45, right=10)
        labels = GAIN_LABELS + COST_LABELS
        top = float(round(max([1.0, *gains, *costs]) * 1.15 + 0.05, 1))
        self.fig_v.value = svgchart.chart(
            svgchart.Axis(-0.5, len(labels) - 0.5, range(len(labels)), fmt=labels.__getitem__),
            svgchart.Axis(0.0, top, [k * 0.5 for k in range(int(top / 0.5) + 1)], "", "{:.1f}"),
            bars=[svgchart.Bars(range(len(labels)), gains + costs, [ROUTE_PASS] * 2 + [ROUTE_FAIL] * 4, 0.75)],
            title=self._V_TITLE, width=self.chart_width, height=280, margins=margins, title_size=15, tick_size=13)
        self.fig_p.value = svgchart.chart(
            svgchart.Axis(-0.5, len(PROB_LABELS) - 0.5, range(len(PROB_LABELS)), fmt=PROB_LABELS.__getitem__),
            svgchart.Axis(0.0, 100.0, [0, 20, 40, 60, 80, 100], "", "{:.0f}"),
            bars=[svgchart.Bars(range(len(PROB_LABELS)), probs, [ROUTE_PASS] + [ROUTE_FAIL] * 3, 0.75)],
            title=self._P_TITLE, width=self.chart_width, height=280, margins=margins, title_size=15, tick_size=13)

    def _draw_bqplot(self, gains: list[float], costs: list[float], probs: list[float]) -> None:
        with self.fig_v.hold_sync():
            top = max([1.0, *gains, *costs])
            self.sy_v.max = float(round(top * 1.15 + 0.05, 1))
            self.bars_v.y = gains + costs
        with self.fig_p.hold_sync():
            self.bars_p.y = probs

    def _frame_for(self, track: Track) -> Any:
        """The race's position when the panel shows the race's track, else an empty track."""
        from racebook.rf90.game import Frame, frame_of

        if self.state is not None and self.state.track is track:
            return frame_of(self.state)
        return Frame({}, {}, None, None, frozenset(), {}, self.state.turn if self.state is not None else 1, 0, {}, {})

    def bar_values(self) -> tuple[list[float], list[float], list[float]]:
        """(gains, costs, probabilities in %) as drawn: per attempt, i.e. costs weighted by P(fail)."""
        r = self.result
        assert r is not None
        c = r.per_attempt
        gains = [float(r.expected_sections), float(r.expected_cars_passed)]
        costs = [float(c.tyres), float(c.damage), float(c.discards), float(c.time_loss)]
        probs = [float(r.p_success) * 100, float(c.p_retire) * 100, float(c.p_forced_pit) * 100,
                 float(c.p_safety_car) * 100]
        return gains, costs, probs

    def report(self) -> str:
        """The numbers as plain text (deterministic: for printing in a notebook)."""
        r = self.result
        assert r is not None
        f, c = r.on_failure, r.per_attempt
        q = 1 - r.p_success
        lines = [
            f"{self.w_track.value} / {r.zone}: target {r.target} = TC {self.w_tc.value} {self.w_lb.value:+d} LB"
            + (" -20 rain" if self.w_rain.value else "") + (" +20 REFLEXES" if self.w_reflexes.value else ""),
            f"P(success) = {_pct(r.p_success)} ({r.p_success.numerator}/{r.p_success.denominator}) "
            f"over {r.pool_size} unseen cards",
            f"on success: +{r.sections_on_success} section(s), passing {r.cars_passed} car(s); expected "
            f"{_num(r.expected_sections)} section(s), {_num(r.expected_cars_passed)} car(s)",
            f"if it fails ({_pct(q)}): P(retire) {_pct(f.p_retire)}, tyres {_num(f.tyres)}, wear {_num(f.damage)}, "
            f"discards {_num(f.discards)}, MP next turn {_num(f.time_loss)}, P(forced pit) {_pct(f.p_forced_pit)}, "
            f"P(SC) {_pct(f.p_safety_car)}",
            f"per attempt: P(retire) {_pct(c.p_retire)}, tyres {_num(c.tyres)}, wear {_num(c.damage)}, "
            f"MP next turn {_num(c.time_loss)}",
        ]
        return "\n".join(lines)

    def _numbers_html(self, r: odds.LateBrakingChoice) -> str:
        f = r.on_failure
        q = 1 - r.p_success
        mods = [f"{self.w_lb.value:+d} LB"] + (["−20 rain"] if self.w_rain.value else []) \
            + (["+20 REFLEXES"] if self.w_reflexes.value else [])
        row = '<tr><td style="padding:1px 10px 1px 0">{}</td><td style="text-align:right"><b>{}</b></td></tr>'
        rows = "".join(row.format(k, v) for k, v in [
            ("P(retire)", _pct(f.p_retire)), ("tyre chips", _num(f.tyres)), ("wear tokens", _num(f.damage)),
            ("discards", _num(f.discards)), ("MP lost next turn", _num(f.time_loss)),
            ("P(forced pit)", _pct(f.p_forced_pit)), ("P(Safety Car)", _pct(f.p_safety_car))])
        hand = ", ".join(f"({h:02d})" for h in self.resources.hand) or "none"
        return (
            '<div style="font-size:17px;line-height:1.45;padding-left:12px">'
            f'Blind test: target <b>{r.target}</b> = TC {self.w_tc.value} {" ".join(mods)}<br>'
            f'<span style="font-size:30px;font-weight:bold;color:{ROUTE_PASS}">P(success) {_pct(r.p_success)}'
            f'</span> <span style="color:#555">= {r.p_success.numerator}/{r.p_success.denominator} unseen cards'
            '</span><br>'
            f'success: +{r.sections_on_success} section(s), passes {r.cars_passed} car(s) → expected '
            f'<b>{_num(r.expected_sections)}</b> section(s)<br>'
            f'<span style="color:{ROUTE_FAIL};font-weight:bold">if it fails ({_pct(q)})</span>, on the route:'
            f'<table style="font-size:16px;margin-left:8px">{rows}</table>'
            f'<span style="font-size:14px;color:#555">panel: {self.resources.chips} chips, '
            f'{self.resources.free_slots} free wear slot(s), Race Cards in hand {hand}'
            f'{f" + {self.resources.track_cards} Track Card(s)" if self.resources.track_cards else ""}; a Normal '
            'recovery test uses the highest hand card that surely passes, else a blind draw</span></div>')

    def set(self, **values: Any) -> None:
        """Set controls from code, as a user would, and update once: ``track``, ``zone``, ``tc``, ``lb``,
        ``rain``, ``reflexes``, ``hazard``, ``empty`` (the 2 sections ahead), ``ahead`` (cars ahead in the zone).
        Changing the track or zone resets the LB modifier to the printed one unless ``lb`` is given."""
        names = {"track": self.w_track, "zone": self.w_zone, "tc": self.w_tc, "lb": self.w_lb, "rain": self.w_rain,
                 "reflexes": self.w_reflexes, "hazard": self.w_hazard, "empty": self.w_empty, "ahead": self.w_ahead}
        for key in values:
            if key not in names:
                raise KeyError(f"unknown control {key!r} (known: {', '.join(names)})")
        for key in ("track", "zone"):  # these re-fill the zone list and the printed LB modifier
            if key in values:
                names[key].value = values[key]
        self._quiet = True
        try:
            for key, w in names.items():
                if key not in ("track", "zone") and key in values:
                    w.value = values[key]
        finally:
            self._quiet = False
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
