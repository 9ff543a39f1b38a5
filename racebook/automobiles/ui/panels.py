"""Small Automobiles panels: the players' zones, exact draw odds, and what the money buys.

No rule lives here: the zones are read from the state (§3), the odds come from
:mod:`racebook.automobiles.analysis.odds` (exact, with the refill rule §12 item 4), and the buy buttons are the
``Buy`` actions of ``race.legal_actions()`` (§9; before the race §4 item 5) applied with ``race.apply``. A callback's
error shows as one friendly line (:class:`racebook.ui.errors.ErrorLog`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.automobiles import zones
from racebook.automobiles.actions import Buy, Pass
from racebook.automobiles.analysis.odds import at_least, count_distribution
from racebook.automobiles.boardgeom import CUBE_FILL
from racebook.automobiles.boardsvg import cube_swatch
from racebook.automobiles.cubes import CODES, COLOUR_NAMES
from racebook.automobiles.state import Phase
from racebook.ui import backend
from racebook.ui.errors import ErrorLog

if TYPE_CHECKING:
    from racebook.automobiles.game import Race  # a race of the game (a racebook.core.game.Race)

ZONES = (("bag", "Bag"), ("active", "Active"), ("used", "Used (+ track)"), ("discard", "Discard"))
_TABLE_CSS = ("<style>.rb-zones table{border-collapse:collapse;font-size:15px}.rb-zones td,.rb-zones th"
              "{padding:3px 9px;border-bottom:1px solid #ddd;text-align:left}.rb-zones th{background:#f0f0f0}"
              "</style>")


def zone_cells(zone: dict[str, int]) -> str:
    """A zone as HTML: a coloured swatch and a count per cube type, in code order (``-`` when empty)."""
    if not zones.size(zone):
        return '<span style="color:#999">–</span>'
    return " ".join(f"{cube_swatch(c)}&thinsp;{n}" for c in CODES if (n := zone.get(c, 0)))


class ZonesPanel:
    """A table of every player's Bag, Active, Used (with the cubes on the track) and Discard, by colour (§3)."""

    def __init__(self, state: Any = None) -> None:
        self.html = widgets.HTML()
        self.caption = widgets.HTML()
        self.widget = widgets.VBox([self.caption, self.html])
        self.counts: dict[str, dict[str, int]] = {}
        if state is not None:
            self.update(state)

    def update(self, state: Any, caption: str = "") -> None:
        rows = []
        self.counts = {}
        for p in state.players.values():
            z = p.zones()
            used = dict(z["used"])
            for c, n in z["track"].items():
                zones.add(used, c, n)
            shown = {"bag": z["bag"], "active": z["active"], "used": used, "discard": z["discard"]}
            self.counts[p.id] = {k: zones.size(v) for k, v in shown.items()}
            cells = "".join(f"<td>{zone_cells(shown[k])}</td>" for k, _ in ZONES)
            rows.append(f"<tr><th>{html.escape(p.id)}</th>{cells}</tr>")
        head = "".join(f"<th>{name}</th>" for _, name in ZONES)
        self.html.value = (f'{_TABLE_CSS}<div class="rb-zones"><table><tr><th>player</th>{head}</tr>'
                           f'{"".join(rows)}</table></div>')
        self.caption.value = f'<div style="font-size:14px;color:#555">{html.escape(caption)}</div>' if caption else ""


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


class OddsPanel:
    """"What is the chance of at least k cubes of colour c in my next n?" — exact, by enumeration over the Bag and
    the refilled Discard pile (:func:`racebook.automobiles.analysis.odds.at_least`), with the whole distribution
    as bars."""

    def __init__(self, state: Any, player: str | None = None, *, colour: str = "K", k: int = 1, n: int = 7,
                 errors: ErrorLog | None = None) -> None:
        self.errors = errors or ErrorLog()
        self.state = state
        ids = list(state.players)
        g = self.errors.guard
        self.w_player = widgets.Dropdown(options=ids, value=player or ids[0], description="player",
                                         layout=widgets.Layout(width="170px"))
        self.w_colour = widgets.Dropdown(options=[(COLOUR_NAMES[c], c) for c in CODES], value=colour,
                                         description="colour", layout=widgets.Layout(width="220px"))
        self.w_k = widgets.IntSlider(value=k, min=0, max=12, description="at least", layout=widgets.Layout(
            width="300px"))
        self.w_n = widgets.IntSlider(value=n, min=1, max=12, description="in next", layout=widgets.Layout(
            width="300px"))
        for w in (self.w_player, self.w_colour, self.w_k, self.w_n):
            w.observe(g(lambda _c: self.update()), names="value")
        self.answer = widgets.HTML()
        self.bars: Any = None
        if backend.has_bqplot():  # the chart; offline without bqplot (issue 23) the same numbers as an HTML table
            import bqplot as bq

            sx, sy = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=1.0)
            self.bars = bq.Bars(x=[0], y=[0.0], scales={"x": sx, "y": sy}, colors=["#888"], padding=0.15)
            self.figure: Any = bq.Figure(
                marks=[self.bars], axes=[bq.Axis(scale=sx, label="cubes of that colour drawn"),
                                         bq.Axis(scale=sy, side="left", tick_format=".0%", label="chance")],
                fig_margin={"top": 10, "bottom": 45, "left": 60, "right": 10},
                layout=widgets.Layout(width="520px", height="240px"), animation_duration=0)
        else:
            self.figure = widgets.HTML()
        self.widget = widgets.VBox([widgets.HBox([self.w_player, self.w_colour]), widgets.HBox([self.w_k, self.w_n]),
                                    self.answer, self.figure, self.errors.widget])
        self.update()

    def set_state(self, state: Any) -> None:
        self.state = state
        self.update()

    @property
    def chance(self) -> Fraction:
        p = self.state.players[self.w_player.value]
        return at_least(p.bag, p.discard, self.w_colour.value, self.w_k.value, self.w_n.value)

    def update(self) -> None:
        p = self.state.players[self.w_player.value]
        code, k, n = self.w_colour.value, self.w_k.value, self.w_n.value
        chance = self.chance
        dist = count_distribution(p.bag, p.discard, code, n)
        self.answer.value = (
            f'<div style="font-size:18px">Chance of <b>at least {k} {COLOUR_NAMES[code]}</b> '
            f'{cube_swatch(code)} in {html.escape(p.id)}\'s next {n} cubes: <b>{percent(chance)}</b> '
            f'<span style="color:#666">(= {chance.numerator}/{chance.denominator})</span></div>'
            f'<div style="font-size:14px;color:#555">Bag {zone_cells(p.bag)} &nbsp; then, if it empties, the '
            f'Discard pile {zone_cells(p.discard)} (§12 item 4)</div>')
        if self.bars is None:
            self.figure.value = _distribution_table(dist, code, k)
            return
        with self.bars.hold_sync():
            self.bars.x = list(range(len(dist)))
            self.bars.y = [float(x) for x in dist]
            self.bars.colors = [CUBE_FILL[code] if j >= k else "#d0d0d0" for j in range(len(dist))]
            self.bars.stroke = "#444"


class BuyPanel:
    """What the money buys now: one button per ``Buy`` action in ``race.legal_actions()`` (and ``pass``), each
    applying its action; ``on_apply(cb)`` hears ``cb(action, events)`` after each."""

    def __init__(self, race: Race, *, errors: ErrorLog | None = None) -> None:
        self.errors = errors or ErrorLog()
        self.race = race
        self.header = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.last = widgets.HTML()
        self.widget = widgets.VBox([self.header, self.buttons, self.last, self.errors.widget])
        self._callbacks: list[Callable[[Any, Any], None]] = []
        self.actions: list[Any] = []
        self.update()

    def on_apply(self, cb: Callable[[Any, Any], None]) -> None:
        self._callbacks.append(cb)

    def set_race(self, race: Race) -> None:
        self.race = race
        self.update()

    def money(self) -> int | None:
        t = self.race.state.turn
        return t.money if t is not None and t.phase.value in ("buy", "prerace") else None

    def update(self) -> None:
        legal = self.race.legal_actions() if not self.race.is_over else []
        self.actions = [a for a in legal if isinstance(a, Buy)] + [a for a in legal if isinstance(a, Pass)]
        money = self.money()
        comps = self.race.state.comps
        car = self.race.current_car
        if money is None:
            self.header.value = (f'<div style="font-size:16px;color:#555">No buying now: {html.escape(str(car))} is '
                                 f'in the {self.race.phase.value if self.race.phase else "—"} phase.</div>')
        else:
            rule = "§4 item 5" if self.race.phase is Phase.PRERACE else "§9"
            self.header.value = (f'<div style="font-size:17px">{html.escape(str(car))} has <b>${money}</b> to spend '
                                 f'({rule}): each button is a legal action</div>')
        buttons = []
        for a in self.actions:
            if isinstance(a, Buy):
                label = f"buy {COLOUR_NAMES[a.cube]} ${comps.cost(a.cube)}"
            else:
                label = "done (pass)"
            b = widgets.Button(description=label, tooltip=str(a), layout=widgets.Layout(width="auto"))
            b.on_click(self.errors.guard(lambda _b, a=a: self.apply(a)))
            buttons.append(b)
        self.buttons.children = tuple(buttons)

    def apply(self, action: Any) -> Any:
        events = self.race.apply(action)
        self.last.value = "<br>".join(f'<span style="font-size:14px">{html.escape(e.sentence())}</span>'
                                      for e in events)
        self.update()
        for cb in list(self._callbacks):
            self.errors.guard(cb)(action, events)
        return events


def _distribution_table(dist: Any, code: str, k: int) -> str:
    """The draw-odds distribution as an HTML table of bars (no bqplot): one row per count of cubes drawn."""
    rows = "".join(
        f'<tr><td style="text-align:right;padding-right:8px">{j}</td><td style="width:300px">'
        f'<div style="width:{float(p) * 300:.0f}px;height:14px;background:{CUBE_FILL[code] if j >= k else "#d0d0d0"};'
        f'border:1px solid #444"></div></td><td style="padding-left:8px">{float(p):.1%}</td></tr>'
        for j, p in enumerate(dist))
    return ('<table style="font-size:14px"><tr><th>cubes of that colour drawn</th><th></th><th>chance</th></tr>'
            f"{rows}</table>")
