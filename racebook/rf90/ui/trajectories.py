"""The "which trajectories can I use?" panel (§13.D, §13.E.1, §19.3, §22/AMB-14, §26.5, §27 FLAT OUT).

Thin, like the other views: the widgets only collect a :class:`racebook.rf90.lessons.explore.TrajectorySetup`. The
legal plays
are :func:`racebook.rf90.turn.legal_plays` on a small built state, each driven through phases D and E by the engine
(:func:`racebook.rf90.lessons.explore.play_outcomes`); a combination with no ``+traj`` play gets the engine's reason
(:func:`racebook.rf90.lessons.explore.why_no_trajectory`)::

    from racebook.rf90.ui.trajectories import TrajectoryPanel
    TrajectoryPanel(track="teaching", trajectory="F.t1", hand=("R15", "R22"))
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from racebook.rf90.cards import Card
from racebook.rf90.lessons import explore
from racebook.rf90.options import Rules
from racebook.rf90.track import Trajectory, TrajectoryKind
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui import colours
from racebook.rf90.ui.tracks import has_trajectories, track_options
from racebook.ui import style
from racebook.ui.errors import ErrorLog

SKILLS = (("no skill", "none"), ("FLAT OUT (§27)", "flat_out"))
STRATEGIES = (("no special strategy", "none"), ("BALANCE (§26.5)", "balance"), ("SAVE TYRES (§26.1)", "save_tyres"))
TURNS = (("an ordinary turn", "normal"), ("the race start (turn 1)", "start"), ("a restart after the SC", "restart"))
NONE = "—"
USED, IGNORED = "#e3f5e1", "#ffffff"
_CSS = """<style>
.rb-traj {font-size: 17px; line-height: 1.45;}
.rb-traj table {border-collapse: collapse; margin: 6px 0;}
.rb-traj th, .rb-traj td {padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;}
.rb-traj thead th {background: #f0f0f0;}
.rb-traj .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 5px; font-size: 13px;
                white-space: nowrap;}
.rb-traj .big {font-size: 22px; font-weight: bold;}
.rb-traj .muted {color: #555; font-size: 15px;}
</style>"""
_WIDE = {"description_width": "130px"}


def _labelled(text: str, w: widgets.Widget) -> widgets.HBox:
    """A control with its label on the left, aligned with the dropdowns' descriptions."""
    label = widgets.HTML(f"<div style='text-align:right;padding-right:8px'>{html.escape(text)}</div>",
                         layout=widgets.Layout(width="138px"))
    return widgets.HBox([label, w], layout=widgets.Layout(align_items="center"))


def _opt(value: str) -> str | None:
    """A dropdown's "none" entry as None (a Dropdown shows no label for the value None)."""
    return None if value == "none" else value


def _symbol(t: Trajectory) -> str:
    """A trajectory as on the board: a circle (standard) or a diamond (ET), in its one or two colours (§3)."""
    cols = [colours.TRAJECTORY_COLOURS.get(c.value, "#888") for c in t.colours]
    fill = cols[0] if len(cols) == 1 else f"linear-gradient(135deg, {cols[0]} 50%, {cols[1]} 50%)"
    shape = "transform:rotate(45deg);border-radius:3px" if t.kind is TrajectoryKind.EXTREME else "border-radius:50%"
    text = "transform:rotate(-45deg);" if t.kind is TrajectoryKind.EXTREME else ""
    return (f'<span style="display:inline-block;width:42px;height:42px;background:{fill};border:3px solid #222;'
            f'{shape};vertical-align:middle;margin:4px 14px 4px 6px;text-align:center">'
            f'<span style="display:inline-block;{text}line-height:42px;font-weight:bold;color:#fff;'
            f'font-size:18px;text-shadow:0 0 3px #000">+{t.bonus}</span></span>')


def _mp_html(o: explore.PlayOutcome) -> str:
    """The MP of a play; for a blind ET one line per branch (the test passes / fails and the chart's test)."""
    if not o.fail_runs:
        return f"<b>{html.escape(o.run.sentence())}</b>"
    rows = [f"<b>{html.escape(o.run.sentence())}</b> if the blind test passes"]
    for r in o.fail_runs:
        verdict = "passes" if r.recovery == "pass" else "fails"
        rows.append(f"{html.escape(r.sentence())} if it fails and the recovery test {verdict}")
    return "<br>".join(rows)


def _card_chip(card: Card) -> str:
    colour = colours.TRAJECTORY_COLOURS.get(card.colour.value, "#888")
    ink = "#222" if card.colour.value == "yellow" else "#fff"
    return (f'<span style="display:inline-block;background:{colour};color:{ink};border:2px solid #222;'
            f'border-radius:6px;padding:2px 10px;margin:2px 6px 2px 0;font-weight:bold">'
            f'{html.escape(card.describe())}</span>')


class TrajectoryPanel:
    """Pick a trajectory and a hand of one or two cards: the engine lists the legal plays, with and without the
    trajectory, what each costs in D.1 and the MP it gives in phase E (§13.D, §13.E.1).

    ``outcomes`` are the last :class:`racebook.rf90.lessons.explore.PlayOutcome` list and ``missing`` the combinations
    with no
    legal ``+traj`` play and why. Move the controls from code with :meth:`set`.
    """

    def __init__(self, track: str = "teaching", trajectory: str = "F.t1", hand: Sequence[str] = ("R15", "R22"),
                 *, width: int = 980) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self._quiet = True
        self.outcomes: list[explore.PlayOutcome] = []
        self.missing: list[tuple[tuple[str, ...], str, str]] = []
        lay = widgets.Layout(width=f"{min(width, 900)}px")
        self.track = widgets.ToggleButtons(options=track_options(has_trajectories), value=track,
                                           style={"button_width": "160px"})
        self.trajectory = widgets.Dropdown(description="trajectory", layout=lay, style=_WIDE)
        self.card1 = widgets.Dropdown(description="card 1", layout=lay, style=_WIDE)
        self.card2 = widgets.Dropdown(description="card 2", layout=lay, style=_WIDE)
        self.chips = widgets.IntSlider(value=10, min=0, max=10, description="tyre chips", continuous_update=False,
                                       layout=widgets.Layout(width="420px"), style=_WIDE)
        self.skill = widgets.Dropdown(options=list(SKILLS), value="none", description="skill", style=_WIDE,
                                      layout=widgets.Layout(width="380px"))
        self.strategy = widgets.Dropdown(options=list(STRATEGIES), value="none", description="strategy", style=_WIDE,
                                         layout=widgets.Layout(width="380px"))
        self.turn = widgets.ToggleButtons(options=list(TURNS), value="normal", style={"button_width": "210px"})
        self.house = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"),
                                      description="house rule AMB-14: trajectories ARE usable in turn 1 "
                                                  "(trajectories_at_start)")
        self.out = widgets.HTML()
        head = widgets.HTML("<div style='font-size:22px;font-weight:bold'>Which trajectories can I use?</div>"
                            "<div style='font-size:15px;color:#555'>A player stands on a trajectory at the start of "
                            "phase C. The engine lists every legal play (racebook.rf90.turn.legal_plays), then plays "
                            "each one through phases D and E: what it costs and how many MP it gives.</div>")
        self.widget = widgets.VBox([
            head, _labelled("track", self.track), self.trajectory, self.card1, self.card2,
            widgets.HBox([self.chips, self.skill]), widgets.HBox([self.strategy]),
            _labelled("Game Turn", self.turn), widgets.HBox([self.house], layout=widgets.Layout(margin="0 0 0 136px")),
            self.out, self.errors.widget])
        self.track.observe(g(self._on_track), names="value")
        for w in (self.trajectory, self.card1, self.card2, self.chips, self.skill, self.strategy, self.turn,
                  self.house):
            w.observe(g(self._on_change), names="value")
        self._fill(track)
        self._quiet = False
        hand = list(hand)
        self.set(trajectory=trajectory, card1=hand[0] if hand else None, card2=hand[1] if len(hand) > 1 else None)

    # ------------------------------------------------------------ API
    @property
    def setup(self) -> explore.TrajectorySetup:
        hand = tuple(dict.fromkeys(c for c in (self.card1.value, self.card2.value) if c and c != NONE))
        mode = self.turn.value
        return explore.TrajectorySetup(
            self.track.value, self.trajectory.value, hand, self.chips.value, _opt(self.skill.value),
            _opt(self.strategy.value),
            turn=1 if mode == "start" else 3, restart=mode == "restart",
            rules=replace(Rules(), trajectories_at_start=self.house.value))

    def set(self, **values: Any) -> None:
        """Move controls: ``track``, ``trajectory``, ``card1``, ``card2`` (None = none), ``chips``, ``skill``,
        ``strategy``, ``turn`` ('normal' / 'start' / 'restart'), ``house_rule`` (AMB-14); then update."""
        by_name = {"trajectory": self.trajectory, "card1": self.card1, "card2": self.card2, "chips": self.chips,
                   "skill": self.skill, "strategy": self.strategy, "turn": self.turn, "house_rule": self.house}
        unknown = set(values) - set(by_name) - {"track"}
        if unknown:
            raise TypeError(f"unknown control(s): {', '.join(sorted(unknown))} (known: track, {', '.join(by_name)})")
        self._quiet = True
        try:
            if "track" in values and values["track"] != self.track.value:
                self.track.value = values["track"]
                self._fill(values["track"])
            for key, value in values.items():
                if key == "track":
                    continue
                if key in ("card1", "card2") and value is None:
                    value = NONE
                if key in ("skill", "strategy") and value is None:
                    value = "none"
                by_name[key].value = value
        finally:
            self._quiet = False
        self.update()

    def update(self) -> None:
        """Ask the engine again and redraw."""
        s = self.setup
        self.outcomes = explore.play_outcomes(s)
        self.missing = explore.why_no_trajectory(s)
        self._draw(s)

    def text(self) -> str:
        """The panel's table as plain text (for tests)."""
        lines = [f"{o.text}: {o.trajectory or 'no trajectory'}; tyres {o.tyres}, discards {o.discards}, damage "
                 f"{o.damage}; {o.mp_text()}" for o in self.outcomes]
        lines += [f"no +traj with {' '.join(c)}: {why} ({rule})" for c, rule, why in self.missing]
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ callbacks / drawing
    def _fill(self, track_id: str) -> None:
        track = load_track(track_id)
        self.trajectory.options = [(explore.trajectory_label(t), t.id) for t in track.trajectories]
        from racebook.rf90.cards import CardSet, default_race_deck

        deck, tcs = default_race_deck(), CardSet(track.track_cards)
        cards = [(deck[c].describe(), c) for c in deck.codes()] + [(f"{tcs[c].describe()} (Track Card)", c)
                                                                  for c in tcs.codes()]
        self.card1.options = cards
        self.card2.options = [("— none —", NONE), *cards]
        self.card2.value = NONE

    def _on_track(self, change: dict) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            self._fill(change["new"])
        finally:
            self._quiet = False
        self.update()

    def _on_change(self, change: dict) -> None:
        if not self._quiet:
            self.update()

    def _draw(self, s: explore.TrajectorySetup) -> None:
        track = load_track(s.track)
        t = track.trajectory(s.trajectory)
        state = explore.trajectory_state(s)
        cols = " or ".join(c.value for c in t.colours)
        if t.kind is TrajectoryKind.EXTREME:
            mod = f" at {t.test_modifier:+d}" if t.test_modifier else ""
            kind = (f"an <b>Extreme Trajectory</b> (<i>Trajetória Extrema</i>): play a {cols} card <b>and</b> pass a "
                    f"<b>blind test</b>{mod} first in D.2, or the recovery chart <b>{html.escape(t.recovery or '')}"
                    f"</b> applies and the bonus is lost {style.rule_html('§13.D.2')} "
                    f"{style.rule_html('§18.2')}")
        else:
            cost = explore.cost_text(t)
            kind = (f"a <b>standard trajectory</b> (<i>trajetória padrão</i>): play a {cols} card"
                    + (f" and pay <b>{cost}</b> in D.1" if cost else "") + f" {style.rule_html('§13.D')}")
        hand = "".join(_card_chip(state.card(c)) for c in s.hand) or "<i>no card</i>"
        rows = []
        for o in self.outcomes:
            bg = USED if o.play.trajectory else IGNORED
            traj = ("<b>uses</b> " + html.escape(o.et_mode or "its bonus")) if o.play.trajectory else (
                html.escape(o.trajectory.split(": ", 1)[1].split(";")[0]) if o.trajectory else "—")
            rows.append(f"<tr style='background:{bg}'><td><b>{html.escape(o.text)}</b></td><td>{traj}</td>"
                        f"<td>{o.tyres}</td><td>{o.discards + (1 if o.power_card else 0)}</td><td>{o.damage}</td>"
                        f"<td>{_mp_html(o)}</td></tr>")
        table = ("<table><thead><tr><th>play</th><th>trajectory</th><th>tyre units</th><th>cards discarded</th>"
                 "<th>damage draws</th><th>MP (phase E)</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
                 if rows else "<p><i>No legal play with these cards.</i></p>")
        played = {o.play.cards for o in self.outcomes}
        why = "".join(f"<li><b>{html.escape(' + '.join(c))}</b> "
                      f"{'cannot use it' if c in played else 'cannot be played at all'}: {html.escape(reason)} "
                      f"{style.rule_html(rule)}</li>" for c, rule, reason in self.missing)
        why_html = f"<div>No <code>+traj</code> play:<ul style='margin:2px 0'>{why}</ul></div>" if why else ""
        self.out.value = (
            f"{_CSS}<div class='rb-traj'><div>{_symbol(t)}<span class='big'>{html.escape(t.id)}</span> in section "
            f"<b>{html.escape(t.section)}</b> — {kind}</div>"
            f"<div>Hand: {hand} · {s.chips} tyre chip(s) · Target Check (88)</div>{table}{why_html}"
            "<div class='muted'>Green rows use the trajectory. Tyre units: at least one must be a chip, the rest chips "
            "or hand cards (§13.D.1). A car that ignores its trajectory still occupies it (§13.D). MP = cards + "
            "trajectory bonus (§13.E.1); the car then spends them in phase E.</div></div>")
