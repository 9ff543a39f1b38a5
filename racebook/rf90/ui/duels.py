"""Duel views: a sandbox that lets the engine resolve a hypothetical duel, and an exact odds panel (§12, §17.2).

Both are thin: the widgets only collect a :class:`racebook.rf90.lessons.duel_sandbox.DuelSetup`. The sandbox's totals,
new order, damage and frozen cards come from :func:`racebook.rf90.lessons.duel_sandbox.run` (a real Race, real actions);
the odds from :func:`racebook.rf90.lessons.duel_sandbox.bid_odds` (:func:`racebook.rf90.analysis.odds.duel_vs_robot`,
by enumeration)
and :func:`racebook.rf90.lessons.duel_sandbox.robot_total_distribution`.

    from racebook.rf90.ui.duels import DuelSandbox, DuelOddsPanel
    DuelSandbox()        # pick a corner, the cars, decisions and bids: the engine resolves the duel
    DuelOddsPanel()      # my hand vs a robot's two blind cards: P(win / tie / lose) per bid
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from racebook.rf90.cards import CardSet, default_race_deck
from racebook.rf90.lessons import duel_sandbox as ds
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui import colours
from racebook.rf90.ui.tracks import has_corners, track_options
from racebook.ui import backend, style, svgchart
from racebook.ui.errors import ErrorLog, show_mistakes

KINDS = (("human", "human"), ("robot SuperFast", "superfast"), ("robot Fast", "fast"), ("robot Slow", "slow"))
STRATEGIES = (("no special strategy", "none"), ("BANGING WHEELS (+3 in duels)", "banging_wheels"),
              ("SAVE TYRES", "save_tyres"), ("HAZARD", "hazard"), ("PUSH", "push"), ("BALANCE", "balance"))
DECISIONS = (("challenge", "challenge"), ("join if asked", "join"), ("stay out", "out"))
WIN, TIE, LOSE = "#2ca02c", "#f0b400", "#d62728"
ELSEWHERE = -1  # the Leader dropdown's value for "a leader elsewhere" (a Dropdown cannot select None)
HUMAN, NO_STRATEGY = "human", "none"  # the same for the kind and strategy dropdowns
_CSS = """<style>
.rb-duel {font-size: 17px; line-height: 1.45;}
.rb-duel table {border-collapse: collapse; margin: 4px 0;}
.rb-duel th, .rb-duel td {padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;}
.rb-duel thead th {background: #f0f0f0;}
.rb-duel .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 5px; font-size: 13px;}
.rb-duel .err {color: #b00020; font-weight: bold;}
.rb-duel ol {margin: 2px 0 2px 40px; padding: 0;}
.rb-choice .mod-active {background-color: #1565c0 !important; color: #fff !important; font-weight: bold;}
</style>"""
_BIG = widgets.Layout(width="auto")


def _card_label(cards: CardSet, track_cards: CardSet, code: str) -> str:
    for cs in (cards, track_cards):
        if code in cs:
            c = cs[code]
            power = " ×2 duel" if c.is_track and any(p.kind.value == "duel" for p in c.powers) else ""
            return f"{code} [{c.mp}]{power}"
    return f"{code} ?"


def _codes(text: str) -> tuple[str, ...]:
    return tuple(w.strip().upper() for w in text.replace(",", " ").split() if w.strip())


def _chip(car_id: str, robot: str | None = None, note: str = "") -> str:
    """A car as a coloured token: round for players, square for robots (the track view's colours, §17.1)."""
    colour = colours.ROBOT_COLOURS.get(robot, "black") if robot else colours.car_style(car_id, None).colour
    ink = "#222" if colour in ("yellow", "pink", "orange", "#ffd700", "#ff7f0e", "#e377c2", "#17becf") else "#fff"
    shape = "3px" if robot else "16px"
    extra = f'<sub style="font-size:12px;margin-left:3px">{html.escape(note)}</sub>' if note else ""
    return (f'<span style="display:inline-block;background:{colour};color:{ink};border:2px solid #222;'
            f'border-radius:{shape};padding:2px 12px;margin:2px;font-weight:bold;font-size:18px">'
            f'{html.escape(car_id)}{extra}</span>')


class _CarRow:
    """One car of the sandbox: place, id, human/robot, laps down, strategy, hand, decision, bid."""

    def __init__(self, place: int, on_change: Any) -> None:
        self.on_change = on_change
        self.place = widgets.HTML(f"<b style='font-size:17px'>{place + 1}.</b>", layout=widgets.Layout(width="28px"))
        self.id = widgets.Text(layout=widgets.Layout(width="90px"))
        self.kind = widgets.Dropdown(options=KINDS, layout=widgets.Layout(width="150px"))
        self.laps = widgets.Dropdown(options=(("same lap", 0), ("-1 lap", 1)), layout=widgets.Layout(width="100px"))
        self.strategy = widgets.Dropdown(options=STRATEGIES, layout=widgets.Layout(width="240px"))
        self.hand = widgets.Text(placeholder="hand, e.g. R14 R22 R55", layout=widgets.Layout(width="190px"))
        self.choice = widgets.ToggleButtons(options=DECISIONS, style={"button_width": "120px"})
        self.choice.add_class("rb-choice")
        self.bid_label = widgets.HTML("<span style='font-size:15px'>bid:</span>")
        self.bid_box = widgets.HBox([])
        self.robot_note = widgets.HTML("<i style='font-size:15px;color:#555'>robot: decides by §17.2 and bids the "
                                       "top two Race Cards</i>")
        self.bid_buttons: dict[str, widgets.ToggleButton] = {}
        top = widgets.HBox([self.place, self.id, self.kind, self.laps, self.strategy, self.hand],
                           layout=widgets.Layout(align_items="center"))
        self.human_line = widgets.HBox([widgets.HTML(layout=widgets.Layout(width="28px")), self.choice,
                                        self.bid_label, self.bid_box], layout=widgets.Layout(align_items="center"))
        self.widget = widgets.VBox([top, self.human_line, self.robot_note],
                                   layout=widgets.Layout(border="1px solid #ddd", padding="4px", margin="2px 0"))
        for w in (self.id, self.kind, self.laps, self.strategy, self.hand, self.choice):
            w.observe(self._changed, names="value")

    def _changed(self, change: dict) -> None:
        self.on_change(change)

    def set_bid_options(self, hand: Sequence[str], bid: Sequence[str], labels: dict[str, str]) -> None:
        old = self.bid_buttons
        buttons = {}
        for code in hand:
            b = old.get(code) or widgets.ToggleButton(layout=widgets.Layout(width="auto"))
            b.description = labels.get(code, code)
            b.value = code in bid
            if code not in old:
                b.observe(self._changed, names="value")
            buttons[code] = b
        self.bid_buttons = buttons
        self.bid_box.children = tuple(buttons.values())

    @property
    def bid(self) -> tuple[str, ...]:
        return tuple(code for code, b in self.bid_buttons.items() if b.value)

    def paint(self) -> None:
        """Chosen bid cards in a strong colour (readable on a projector)."""
        for b in self.bid_buttons.values():
            b.button_style = "warning" if b.value else ""

    def show_kind(self) -> None:
        robot = self.kind.value != HUMAN
        self.human_line.layout.display = "none" if robot else ""
        self.robot_note.layout.display = "" if robot else "none"
        self.hand.disabled = self.strategy.disabled = robot

    def car(self) -> ds.DuelCar:
        if self.kind.value != HUMAN:
            return ds.DuelCar(self.id.value.strip(), robot=self.kind.value, laps_down=self.laps.value)
        strategy = None if self.strategy.value == NO_STRATEGY else self.strategy.value
        return ds.DuelCar(self.id.value.strip(), hand=_codes(self.hand.value), strategy=strategy,
                          choice=self.choice.value, bid=self.bid, laps_down=self.laps.value)


DEFAULT_SANDBOX = ds.DuelSetup(
    "silverstone", "Stowe", (
        ds.DuelCar("Blue", hand=("R14", "R22", "R55"), choice="join", bid=("R14", "R22")),
        ds.DuelCar("Orange", hand=("R56", "R57"), choice="out", bid=("R56", "R57")),
        ds.DuelCar("Green", hand=("R04", "R13", "R63"), strategy="banging_wheels", choice="challenge",
                   bid=("R04", "R13")),
    ), seed=16, turn=6, lap=2, wear_stack=("red", "red", "red", "red"))
"""Ex. 16 as a sandbox: change a decision or a card and watch the engine resolve it again."""


class DuelSandbox:
    """Set up a corner section (2–4 cars, decisions, bids); the engine resolves the duel on every change.

    ``setup`` is the :class:`racebook.rf90.lessons.duel_sandbox.DuelSetup` the widgets describe; ``result`` the last
    :class:`racebook.rf90.lessons.duel_sandbox.SandboxResult` (None when the engine refused the set-up; ``message`` says
    why). Display the object (or ``.widget``).
    """

    def __init__(self, setup: ds.DuelSetup = DEFAULT_SANDBOX) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self._quiet = False
        self.result: ds.SandboxResult | None = None
        self.message = ""
        self._cards = default_race_deck()
        self._track_cards: CardSet = CardSet(())
        self.track = widgets.Dropdown(options=track_options(has_corners), value=setup.track, description="track",
                                      layout=widgets.Layout(width="260px"))
        self.corner = widgets.Dropdown(description="corner", layout=widgets.Layout(width="560px"))
        self.ncars = widgets.ToggleButtons(options=((" 2 cars", 2), ("3 cars", 3), ("4 cars", 4)),
                                           style={"button_width": "80px"})
        self.leader = widgets.Dropdown(description="Leader", layout=widgets.Layout(width="420px"),
                                       style={"description_width": "initial"})
        self.start = widgets.Checkbox(description="race start (Game Turn 1)", indent=False, layout=_BIG)
        self.restart = widgets.Checkbox(description="restart after the Safety Car", indent=False, layout=_BIG)
        self.yellow = widgets.Checkbox(description="yellow flag in the section", indent=False, layout=_BIG)
        self.draws = widgets.Text(description="robots draw", placeholder="next Race Cards, e.g. R40 R64",
                                  layout=widgets.Layout(width="360px"))
        self.seed = widgets.IntText(description="seed", layout=widgets.Layout(width="160px"))
        self.rows = [_CarRow(i, g(self._on_change)) for i in range(4)]
        self.out = widgets.HTML()
        for w in (self.track, self.corner, self.ncars, self.leader, self.start, self.restart, self.yellow,
                  self.draws, self.seed):
            w.observe(g(self._on_change), names="value")
        head = widgets.HTML(_CSS + "<div style='font-size:22px;font-weight:bold'>Duel sandbox — the engine resolves it"
                            "</div><div style='font-size:15px;color:#555'>Cars front (1.) to back. Humans: "
                            "decision and bid (click 1–2 cards). §12, §17.2, §19.3, §26.2</div>")
        opts = widgets.HBox([self.start, self.restart, self.yellow, self.draws, self.seed],
                            layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.widget = widgets.VBox([
            head, widgets.HBox([self.track, self.corner]), widgets.HBox([self.ncars, self.leader]), opts,
            *[r.widget for r in self.rows], self.out, self.errors.widget])
        self.set_setup(setup)

    # ------------------------------------------------------------ API
    def set_setup(self, setup: ds.DuelSetup) -> None:
        """Show a set-up in the widgets and resolve it."""
        self._quiet = True
        try:
            self.track.value = setup.track
            self._fill_corners()
            self.corner.value = setup.section
            self.ncars.value = len(setup.cars)
            self._fill_leader()
            self.leader.value = ELSEWHERE if setup.leader is None else setup.leader
            self.start.value = setup.turn == 1
            self.restart.value = setup.restart
            self.yellow.value = setup.yellow_flag
            self.draws.value = " ".join(setup.robot_draws)
            self.seed.value = setup.seed
            self._base = setup
            for i, row in enumerate(self.rows):
                c = setup.cars[i] if i < len(setup.cars) else ds.DuelCar(("Blue", "Orange", "Green", "Pink")[i])
                row.id.value = c.id
                row.kind.value = c.robot or HUMAN
                row.laps.value = c.laps_down
                row.strategy.value = c.strategy if c.strategy in [v for _, v in STRATEGIES] else NO_STRATEGY
                row.hand.value = " ".join(c.hand)
                row.choice.value = c.choice
                row.set_bid_options(c.hand, c.bid, self._labels(c.hand))
        finally:
            self._quiet = False
        self._refresh_rows()
        self.resolve()
        self.errors.clear()  # a new set-up: the last one's mistakes no longer apply

    @property
    def setup(self) -> ds.DuelSetup:
        cars = tuple(r.car() for r in self.rows[: self.ncars.value])
        base = getattr(self, "_base", DEFAULT_SANDBOX)
        leader = None if self.leader.value in (None, ELSEWHERE) else self.leader.value
        return replace(base, track=self.track.value, section=self.corner.value, cars=cars, leader=leader,
                       robot_draws=_codes(self.draws.value), seed=int(self.seed.value),
                       turn=1 if self.start.value else (base.turn if base.turn != 1 else 5),
                       restart=self.restart.value, yellow_flag=self.yellow.value)

    def resolve(self) -> ds.SandboxResult | None:
        """Run the engine on the current set-up and show its resolution."""
        self.result, self.message = None, ""
        with show_mistakes(self._refused):
            self.result = ds.run(self.setup)
        self.out.value = self._html()
        return self.result

    def _refused(self, line: str) -> None:
        """The engine refused the set-up (a user's mistake): no result, the one-line reason."""
        self.result, self.message = None, line

    # ------------------------------------------------------------ callbacks
    def _on_change(self, change: dict) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            owner: Any = change.get("owner")  # Any: `owner is row.hand` must not narrow row.hand to None
            if owner is self.track:
                self._fill_corners()
            if owner is self.ncars:
                self._fill_leader()
            for row in self.rows:
                if owner is row.hand:
                    hand = _codes(row.hand.value)
                    row.set_bid_options(hand, [c for c in row.bid if c in hand], self._labels(hand))
        finally:
            self._quiet = False
        self._refresh_rows()
        self.resolve()

    def _labels(self, hand: Sequence[str]) -> dict[str, str]:
        return {c: _card_label(self._cards, self._track_cards, c) for c in hand}

    def _fill_corners(self) -> None:
        tr = load_track(self.track.value)
        self._track_cards = CardSet(tr.track_cards)
        opts = [(c.label(), c.section) for c in ds.corner_sections(tr)]
        keep = self.corner.value if self.corner.value in [o[1] for o in opts] else opts[0][1]
        self.corner.options = opts
        self.corner.value = keep
        for row in self.rows:
            hand = _codes(row.hand.value)
            row.set_bid_options(hand, row.bid, self._labels(hand))

    def _fill_leader(self) -> None:
        n = self.ncars.value
        opts = [("elsewhere, ahead (already played this Game Turn)", ELSEWHERE)]
        opts += [(f"car {i + 1} of this section holds it", i) for i in range(n)]
        keep = self.leader.value if self.leader.value is not None and self.leader.value < n else ELSEWHERE
        self.leader.options = opts
        self.leader.value = keep

    def _refresh_rows(self) -> None:
        for i, row in enumerate(self.rows):
            row.widget.layout.display = "" if i < self.ncars.value else "none"
            row.show_kind()
            row.paint()

    # ------------------------------------------------------------ drawing
    def _html(self) -> str:
        if self.result is None:
            return f'{_CSS}<div class="rb-duel"><span class="err">The engine refuses: ' \
                   f'{html.escape(self.message)}</span></div>'
        r = self.result
        robots = {c.id: c.robot for c in r.setup.cars}
        parts = [_CSS, '<div class="rb-duel">']
        rec = r.record
        before = rec.cars if rec else tuple(c.id for c in r.setup.cars)
        parts.append("<div><b>Before:</b> " + "".join(_chip(c, robots.get(c)) for c in before) + "</div>")
        if rec is None or not rec.fought:
            why = r.reason or (rec.lines()[-1].strip() if rec else "")
            parts.append(f'<div style="font-size:19px;margin:6px 0"><b>No duel:</b> {html.escape(why)}</div>')
        else:
            after = [c for c in rec.order_after]
            notes = {c: f"{len(t)} dmg" for c, t in rec.damage.items() if t}
            parts.append("<div><b>After:</b>&nbsp;&nbsp;" + "".join(_chip(c, robots.get(c), notes.get(c, ""))
                                                                   for c in after) + "</div>")
            rows = []
            for c in rec.participants:
                bid = " ".join(rec.bids.get(c, ())) or "—"
                total, why = rec.totals.get(c, (None, "no card: not participating"))
                rows.append(f"<tr><td>{_chip(c, robots.get(c))}</td><td>{html.escape(bid)}</td>"
                            f"<td>{html.escape(why)}</td><td><b style='font-size:20px'>"
                            f"{'' if total is None else total}</b></td></tr>")
            parts.append("<table><thead><tr><th>car</th><th>cards</th><th>engine's sum</th><th>total</th></tr>"
                         f"</thead><tbody>{''.join(rows)}</tbody></table>")
            dmg = ", ".join(f"{c}: {' '.join(t)}" for c, t in rec.damage.items() if t) or "none"
            frz = "; ".join(f"{c}: {' '.join(t)}" for c, t in rec.frozen.items() if t) or "none"
            lead = rec.leader_after if rec.leader_after == rec.leader_before else \
                f"{rec.leader_after} (was {rec.leader_before})"
            parts.append(f"<div><b>Damage:</b> {html.escape(dmg)} &nbsp;│&nbsp; <b>Frozen until next Game Turn:"
                         f"</b> {html.escape(frz)} &nbsp;│&nbsp; <b>Leader token:</b> {html.escape(str(lead))}</div>")
        if r.actions:
            parts.append("<div style='font-size:15px;color:#555'>decisions applied: "
                         f"{html.escape(' · '.join(r.actions))}</div>")
        items = "".join(f"<li>{style.sentence_html(s)}</li>" for s in r.sentences())
        parts.append(f"<details open><summary><b>The engine's log</b></summary><ol>{items}</ol></details></div>")
        return "".join(parts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# ====================================================================== odds
FIRSTS = (("me", "me"), ("the robot", "robot"), ("another car", "other"))


class DuelOddsPanel:
    """"My bid against a robot's two blind cards": exact P(win / tie / lose) for every bid from my hand.

    The numbers are :func:`racebook.rf90.lessons.duel_sandbox.bid_odds` (each one
    :func:`racebook.rf90.analysis.odds.duel_vs_robot`,
    an enumeration of every pair of cards I cannot see) and the robot's total distribution
    :func:`racebook.rf90.lessons.duel_sandbox.robot_total_distribution`. Two bqplot figures, built once: stacked bars
    per
    bid, and the robot's total coloured against the chosen bid.
    """

    ME, ROBOT, OTHER = "Blue", "Black", "Red"

    def __init__(self, *, track: str = "silverstone", section: str = "Abbey", hand: Sequence[str] = ("R22", "R24",
                 "R63"), first: str = "other", strategy: str | None = None, discards: Sequence[str] = (),
                 width: int = 980) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self._quiet = False
        self.rows: list[ds.BidOdds] = []
        self.distribution: dict[int, Any] = {}
        self.message = ""
        self.track = widgets.Dropdown(options=track_options(has_corners), value=track, description="track",
                                      layout=widgets.Layout(width="260px"))
        self.corner = widgets.Dropdown(description="corner", layout=widgets.Layout(width="560px"))
        self.hand = widgets.Text(value=" ".join(hand), description="my hand", layout=widgets.Layout(width="420px"),
                                 placeholder="e.g. R14 R22 R55 T02")
        self.first = widgets.ToggleButtons(options=FIRSTS, value=first, description="first in the section",
                                           style={"description_width": "initial", "button_width": "110px"})
        self.bw = widgets.Checkbox(value=strategy == "banging_wheels", description="I play BANGING WHEELS (+3)",
                                   indent=False, layout=_BIG)
        self.discards = widgets.Text(value=" ".join(discards), description="seen", layout=widgets.Layout(width="420px"),
                                     placeholder="cards in the discard pile, e.g. R01 R02")
        self.compare = widgets.Dropdown(description="compare bid", layout=widgets.Layout(width="300px"),
                                        style={"description_width": "initial"})
        self.table = widgets.HTML()
        self._build_figures(width)
        for w in (self.track, self.corner, self.hand, self.first, self.bw, self.discards):
            w.observe(g(self._on_change), names="value")
        self.compare.observe(g(self._on_compare), names="value")
        head = widgets.HTML("<div style='font-size:22px;font-weight:bold'>Duel odds against a robot — exact, by "
                            "enumeration</div><div style='font-size:15px;color:#555'>The robot bids the top two "
                            "Race Cards (§17.2); every pair of cards I cannot see is equally likely. §12.2</div>")
        self.widget = widgets.VBox([
            head, widgets.HBox([self.track, self.corner]), widgets.HBox([self.hand, self.bw]),
            widgets.HBox([self.first, self.discards]), self.key, self.fig_bids, widgets.HBox([self.compare]),
            self.fig_dist, self.table, self.errors.widget])
        self._quiet = True
        try:
            self._fill_corners(section)
        finally:
            self._quiet = False
        self.update()

    def _build_figures(self, width: int) -> None:
        self.width = width
        self.key = widgets.HTML(
            '<div style="font-size:17px">'
            + " &nbsp; ".join(f'<span style="display:inline-block;width:16px;height:16px;background:{c};'
                              f'vertical-align:middle"></span> {t}'
                              for c, t in ((WIN, "I win: I end ahead of the robot"),
                                           (TIE, "tie: 1 damage to me, order kept"),
                                           (LOSE, "I lose: the robot ends ahead")))
            + "</div>")
        if not backend.has_bqplot():  # the offline browser: the same bars drawn as SVG in HTML widgets
            self.m_bids: Any = None
            self.fig_bids: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            self.fig_dist: Any = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
            for fig in (self.fig_bids, self.fig_dist):
                fig.add_class(svgchart.SVG_CHART_CLASS)
            return
        import bqplot as bq

        sx, sy = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=1.12)
        self.m_bids = bq.Bars(x=["-"], y=[[0.0], [0.0], [0.0]], scales={"x": sx, "y": sy}, type="stacked",
                              colors=[WIN, TIE, LOSE], labels=["win", "tie", "lose"], padding=0.25, stroke="white",
                              tooltip=bq.Tooltip(fields=["x", "y"], labels=["bid", "probability"],
                                                 formats=["", ".3f"]))
        self.m_win = bq.Label(x=["-"], y=[1.0], text=[""], scales={"x": sx, "y": sy}, default_size=16,
                              font_unit="px", font_weight="bold", align="middle", colors=[WIN], y_offset=-8)
        ax = bq.Axis(scale=sx, tick_style={"font-size": "14px"}, tick_rotate=-20)
        ay = bq.Axis(scale=sy, side="left", tick_format=".0%", label="probability", tick_values=[0, .25, .5, .75, 1],
                     tick_style={"font-size": "14px"}, grid_lines="dashed", label_offset="50px")
        self.fig_bids = bq.Figure(marks=[self.m_bids, self.m_win], axes=[ax, ay], animation_duration=0,
                                  title="P(win / tie / lose) for each bid (my cards = my total); green number = win",
                                  title_style={"font-size": "19px"},
                                  fig_margin={"top": 50, "bottom": 80, "left": 70, "right": 50},
                                  layout=widgets.Layout(width=f"{width}px", height="400px"))
        dx, dy = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=0.35)
        self.dist_scale = dy
        self.m_dist = bq.Bars(x=[0], y=[0.0], scales={"x": dx, "y": dy}, colors=[LOSE], color_mode="group",
                              padding=0.2, label_display=True, label_display_format=".1%",
                              label_display_vertical_offset=-16,
                              label_font_style={"font-size": "14px", "font-weight": "bold"},
                              tooltip=bq.Tooltip(fields=["x", "y"], labels=["robot total", "probability"],
                                                 formats=["", ".4f"]))
        bx = bq.Axis(scale=dx, label="the robot's duel total (two blind cards + modifier)",
                     tick_style={"font-size": "15px"}, label_offset="44px")
        self.dist_axis = by = bq.Axis(scale=dy, side="left", tick_format=".0%", tick_style={"font-size": "14px"},
                     grid_lines="dashed")
        self.fig_dist = bq.Figure(marks=[self.m_dist], axes=[bx, by], animation_duration=0,
                                  title="The robot's total",
                                  title_style={"font-size": "19px"},
                                  fig_margin={"top": 50, "bottom": 64, "left": 70, "right": 20},
                                  layout=widgets.Layout(width=f"{width}px", height="340px"))

    # ------------------------------------------------------------ API
    @property
    def setup(self) -> ds.DuelSetup:
        me = ds.DuelCar(self.ME, hand=_codes(self.hand.value), strategy="banging_wheels" if self.bw.value else None)
        robot = ds.DuelCar(self.ROBOT, robot="superfast")
        order = {"me": (me, robot), "robot": (robot, me), "other": (ds.DuelCar(self.OTHER), me, robot)}
        return ds.DuelSetup(self.track.value, self.corner.value, order[self.first.value],
                            discards=_codes(self.discards.value))

    def compare_bid(self, label: str) -> None:
        """Colour the robot's distribution against the bid ``label`` (e.g. ``"R22"`` or ``"R14+T02"``)."""
        labels = [r.label for r in self.rows]
        if label not in labels:
            raise ValueError(f"no bid {label!r} from this hand (bids: {', '.join(labels)})")
        self.compare.value = labels.index(label)

    def update(self) -> None:
        """Rebuild the position from the controls and recompute every number with the engine."""
        self.rows, self.distribution, self.message = [], {}, ""
        with show_mistakes(self._refused):
            race = ds.build(self.setup)
            st = race.state
            self.rows = ds.bid_odds(st, self.ME, self.ROBOT, self.corner.value)
            mod = ds.duel_modifiers(st, self.corner.value, self.ROBOT)[0]
            self.distribution = ds.robot_total_distribution(st, self.ME, mod)
        self._quiet = True
        try:
            labels = [(f"{r.label} = {r.bid.total}", i) for i, r in enumerate(self.rows)]
            best = max(range(len(self.rows)), key=lambda i: self.rows[i].odds.win) if self.rows else None
            self.compare.options = labels
            self.compare.value = best
        finally:
            self._quiet = False
        self._draw()

    def _refused(self, line: str) -> None:
        """The engine refused the position (a user's mistake): no numbers, the one-line reason."""
        self.rows, self.distribution, self.message = [], {}, line

    # ------------------------------------------------------------ callbacks
    def _on_change(self, change: dict) -> None:
        if self._quiet:
            return
        if change.get("owner") is self.track:
            self._quiet = True
            try:
                self._fill_corners(None)
            finally:
                self._quiet = False
        self.update()

    def _on_compare(self, change: dict) -> None:
        if not self._quiet:
            self._draw()

    def _fill_corners(self, section: str | None) -> None:
        opts = [(c.label(), c.section) for c in ds.corner_sections(self.track.value)]
        names = [o[1] for o in opts]
        self.corner.options = opts
        self.corner.value = section if section in names else names[0]

    # ------------------------------------------------------------ drawing
    def _draw(self) -> None:
        rows = self.rows
        xs = [f"{r.label} = {r.bid.total}" for r in rows] or ["-"]
        ys = [[float(r.odds.win) for r in rows] or [0.0], [float(r.odds.tie) for r in rows] or [0.0],
              [float(r.odds.lose) for r in rows] or [0.0]]
        pick = rows[self.compare.value] if rows and self.compare.value is not None else None
        dist = self.distribution
        dxs = list(dist) or [0]
        dys = [float(p) for p in dist.values()] or [0.0]
        colours = [WIN if pick and t < pick.bid.total else TIE if pick and t == pick.bid.total else LOSE
                   for t in dxs] if pick else ["#888"] * len(dxs)
        mod = rows[0].robot_modifier if rows else 0
        dist_title = (f"The robot's total (modifier {mod:+d}) against my {pick.label} = {pick.bid.total}"
                      if pick else "The robot's total")
        self.table.value = self._table_html(pick)
        if self.m_bids is None:
            self._draw_svg(xs, ys, [f"{float(r.odds.win):.0%}" for r in rows] or [""], dxs, dys, colours,
                           dist_title)
            return
        with self.fig_bids.hold_sync(), self.m_bids.hold_sync(), self.m_win.hold_sync():
            self.m_bids.x, self.m_bids.y = xs, ys
            self.m_win.x, self.m_win.y = xs, [1.0] * len(xs)
            self.m_win.text = [f"{float(r.odds.win):.0%}" for r in rows] or [""]
        with self.fig_dist.hold_sync(), self.m_dist.hold_sync():
            top = max(dys) * 1.15 or 1.0  # room for the labels above the bars
            self.dist_scale.max = top
            self.dist_axis.tick_values = [k * 0.05 for k in range(int(top / 0.05) + 1)]
            self.m_dist.colors = colours
            self.m_dist.x, self.m_dist.y = dxs, dys
            self.fig_dist.title = dist_title

    def _draw_svg(self, xs: list[str], ys: list[list[float]], wins: list[str], dxs: list[int], dys: list[float],
                  colours: list[str], dist_title: str) -> None:
        """The two charts as SVG (:mod:`racebook.ui.svgchart`): the stacked win/tie/lose bars with the win
        percentage above each, and the robot's total coloured against the compared bid."""
        at = list(range(len(xs)))
        stacked, base = [], [0.0] * len(xs)
        for colour, heights in zip((WIN, TIE, LOSE), ys, strict=True):
            stacked.append(svgchart.Bars(at, heights, [colour], width=0.75, base=list(base)))
            base = [b + h for b, h in zip(base, heights, strict=True)]
        stacked[-1] = svgchart.Bars(at, ys[2], [LOSE], width=0.75, base=stacked[-1].base, labels=wins,
                                    label_colour=WIN)
        self.fig_bids.value = svgchart.chart(
            svgchart.Axis(-0.5, len(xs) - 0.5, at, fmt=xs.__getitem__),
            svgchart.Axis(0.0, 1.12, [0, .25, .5, .75, 1], "probability", "{:.0%}"), bars=stacked,
            title="P(win / tie / lose) for each bid (my cards = my total); green number = win", width=self.width,
            height=400, margins=svgchart.Margins(top=50, bottom=80, left=70, right=50))
        top = max(dys) * 1.15 or 1.0  # room for the labels above the bars
        dat = list(range(len(dxs)))
        self.fig_dist.value = svgchart.chart(
            svgchart.Axis(-0.5, len(dxs) - 0.5, dat, "the robot's duel total (two blind cards + modifier)",
                          [str(t) for t in dxs].__getitem__),
            svgchart.Axis(0.0, top, [k * 0.05 for k in range(int(top / 0.05) + 1)], "", "{:.0%}"),
            bars=[svgchart.Bars(dat, dys, colours, width=0.8, labels=[f"{p:.1%}" for p in dys])],
            title=dist_title, width=self.width, height=340, margins=svgchart.Margins(top=50, bottom=64, left=70))

    def _table_html(self, pick: ds.BidOdds | None) -> str:
        if self.message:
            return f'{_CSS}<div class="rb-duel"><span class="err">The engine refuses: ' \
                   f'{html.escape(self.message)}</span></div>'
        if not self.rows:
            return f'{_CSS}<div class="rb-duel">No card in hand: no bid to rate.</div>'
        body = []
        for r in self.rows:
            o = r.odds
            mark = ' style="background:#fff1a8"' if pick is r else ""
            body.append(f"<tr{mark}><td><b>{html.escape(r.label)}</b></td><td>{html.escape(r.bid.breakdown)}</td>"
                        f"<td><b>{r.bid.total}</b></td><td>{ds.fraction_text(o.win)}</td>"
                        f"<td>{ds.fraction_text(o.tie)}</td><td>{ds.fraction_text(o.lose)}</td></tr>")
        r0 = self.rows[0]
        return (f'{_CSS}<div class="rb-duel"><table><thead><tr><th>bid</th><th>engine\'s sum</th><th>total</th>'
                f'<th>win</th><th>tie (1 damage each, order kept)</th><th>lose</th></tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table>'
                f'<div style="font-size:15px;color:#555">{r0.odds.pairs} equally likely pairs of unseen cards; '
                f'robot modifier {r0.robot_modifier:+d}. A tie costs both cars 1 damage — robots ignore it '
                f'(§12.2, §17.1).</div></div>')

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
