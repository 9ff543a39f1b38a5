"""Notebook F2's widget and helpers: the battle sandbox with the exact chance of winning, and the battle examples.

No rule lives here. The sandbox takes a shipped scenario to the moment a battle may be declared, lets the learner
choose a side, how many cards the opponent holds (the only thing the table shows of its hand, :mod:`racebook.
formulagp.visibility`), what the viewer remembers and how the opponent plays, and shows the exact odds of every legal
bid (:func:`racebook.formulagp.analysis.battleodds.battle_odds`) beside the picture
(:func:`racebook.formulagp.picture.race_svg`). :func:`replay_lines` lists a scenario's actions with the events they
caused and their sections, as the engine logged them.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import Attack
from racebook.formulagp.analysis import battleodds as bo
from racebook.formulagp.state import Phase
from racebook.formulagp.ui.movement import _CSS, _options, picture
from racebook.ui.errors import ErrorLog

#: the worked examples of notebook F2, in the book's order (scenario ids)
EXAMPLES = ("fgp_ex14_an_empty_lane_between_is_a_free_pass", "fgp_ex15_on_the_tile_the_car_moves_freely",
            "fgp_ex16_a_double_lane_space_is_one_lane", "fgp_ex17_leftover_mp_become_ot_up_to_the_cap",
            "fgp_ex18_the_slipstream_car_joins_the_w2w", "fgp_ex26_drs_only_with_the_same_lapping_status",
            "fgp_ex30_slipstream_minimum_two_ot")
#: the shipped positions where one player may attack another (a Rookie BOT's battle card is not priced)
POSITIONS = ("fgp_ex17_leftover_mp_become_ot_up_to_the_cap", "fgp_ex03_ers_in_battle_cuts_the_hand_limit")
MODELS = {"its strongest bid": bo.strongest, "any legal bid, at random": bo.uniform}
MEMORIES = {"its discard pile (cards it showed)": bo.Memory.DISCARDS, "nothing": bo.Memory.NONE}
MOST_UNSEEN = 8


def before_attack(sid: str) -> Any:
    """The scenario's race at its first moment when a battle may be declared (the engine's BATTLE phase)."""
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    for a in sc.actions:
        if race.phase is Phase.BATTLE and race.state.battle is None:
            return race
        race.apply(a)
    raise ValueError(f"{sid}: no battle to declare")


def replay_lines(sid: str, kinds: tuple[str, ...] = ()) -> list[str]:
    """The scenario played out: each action, then the events it caused (only those of ``kinds``, by class name, if
    given) with their sections."""
    race = fgp_scenario.read(sid).race()
    out = []
    for step in race.steps[1:]:
        events = [e for e in step.events if not kinds or type(e).__name__ in kinds]
        if events:
            out.append(f"{step.action}:")
            out += [f"    {e.body()} ({e.citation})" for e in events]
    return out


def _pct(p: Any) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_html(o: bo.BattleOdds) -> str:
    """Each legal bid of the viewer with its LEDs and its exact chance of each result; the best in bold; then the
    opponent's LED total as the model sees it."""
    best = o.best()
    bold = ' class="total"'
    rows = "".join(
        f"<tr{bold if b is best else ''}><td><code>{html.escape(b.bid)}</code></td>"
        f"<td>{'yield' if b.leds is None else b.leds}</td><td>{_pct(b.overtake)}</td><td>{_pct(b.tie)}</td>"
        f"<td>{_pct(b.fail)}</td></tr>" for b in o.bids)
    theirs = ", ".join(f"{'yields' if t is None else t}: {_pct(p)}" for t, p in o.opponent_leds.items())
    return (f'{_CSS}<div class="rb-mp"><p>{html.escape(o.sentence())}</p><table><tr><th>your bid</th><th>LEDs</th>'
            f"<th>overtake</th><th>tie (+1 stress each)</th><th>fails</th></tr>{rows}</table>"
            f"<p>{html.escape(o.opponent)}'s LEDs ({o.hand} cards unseen, drawn from {o.pool}; {o.hands} different "
            f"hands by type and LEDs): {html.escape(theirs)}</p></div>")


class BattleSandbox:
    """A battle you may fight: pick a side, the opponent's number of cards, what you remember and how it plays."""

    def __init__(self, position: str = POSITIONS[0]) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.position = widgets.Dropdown(options=_options(POSITIONS), value=position, description="position",
                                         layout=widgets.Layout(width="640px"))
        self.side = widgets.ToggleButtons(options=["attacker", "defender"], description="you are")
        self.unseen = widgets.IntSlider(min=1, max=MOST_UNSEEN, description="their cards",
                                        continuous_update=False)
        self.model = widgets.Dropdown(options=list(MODELS), description="they play", layout=widgets.Layout(
            width="330px"))
        self.memory = widgets.Dropdown(options=list(MEMORIES), description="you recall",
                                       layout=widgets.Layout(width="380px"))
        self.picture = widgets.HTML()
        self.table = widgets.HTML()
        self.race: Any = None
        self._quiet = False
        self.position.observe(g(lambda _c: self.load(self.position.value)), names="value")
        for w in (self.side, self.unseen, self.model, self.memory):
            w.observe(g(lambda _c: self.show()), names="value")
        self.widget = widgets.VBox([self.position, widgets.HBox([self.side, self.unseen]),
                                    widgets.HBox([self.model, self.memory]), self.picture, self.table,
                                    self.errors.widget])
        self.load(position)

    def load(self, sid: str) -> None:
        self.race = before_attack(sid)
        self.attack = next(a for a in self.race.legal_actions() if isinstance(a, Attack))
        self.picture.value = picture(self.race)
        self._quiet = True
        try:
            self.unseen.value = len(self.race.state.cars[self.attack.defender].hand)
        finally:
            self._quiet = False
        self.show()

    def odds(self) -> bo.BattleOdds:
        """The odds for the chosen side, the opponent holding the chosen number of cards (which ones is never read:
        the viewer sees only how many)."""
        r = self.race.clone()
        r.apply(self.attack)
        me, other = ((self.attack.car, self.attack.defender) if self.side.value == "attacker"
                     else (self.attack.defender, self.attack.car))
        memory = MEMORIES[self.memory.value]
        pool = bo.unseen_pool(r.state, me, other, memory)
        r.state.cars[other].hand = pool[:self.unseen.value]
        return bo.battle_odds(r, me, model=MODELS[self.model.value], memory=memory)

    def show(self) -> None:
        if self._quiet or self.race is None:
            return
        self.result = self.odds()
        self.table.value = odds_html(self.result)


def before(sid: str, action: str) -> Any:
    """The scenario's race just before its action ``action`` (the same prefix the tests replay)."""
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    for a in sc.actions[:sc.actions.index(action)]:
        race.apply(a)
    return race
