"""Notebook F3's widgets: the hazard check with its exact odds, and the pit-window planner (F4 reuses the check with
the Advanced race's speed limits, Standing Water and dry tyres in the rain ticked).

No rule lives here. :class:`HazardCheck` shows a shipped position (Example 21's car on the skid marks with worn
tyres, framed on the action) and, for the hazards, pair, zone, Safety Car and stress chosen, the dice the engine's
rule owes and the exact chance of every outcome (:func:`racebook.formulagp.analysis.hazardodds.hazard_odds`);
:class:`PitPlanner` lists the plans of :func:`racebook.formulagp.analysis.pitwindow.teaching_plan` for the tyre,
wear and race chosen. SVG and HTML only (no numpy, pandas or bqplot): they run offline on the Lite site.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.formulagp.analysis import hazardodds as ho
from racebook.formulagp.analysis import pitwindow as pw
from racebook.formulagp.ui.battle import before
from racebook.formulagp.ui.movement import _CSS, picture
from racebook.ui.errors import ErrorLog

#: the worked examples of notebook F3, in the book's order (scenario ids)
EXAMPLES = ("fgp_ex21_two_different_hazards_two_red_dice", "fgp_ex20_rejoining_pushes_the_car_on_the_nearest_space",
            "fgp_exx3_two_spins_in_one_round_deploy_the_safety_car", "fgp_ex19_three_teams_double_stack",
            "fgp_exx1_apply_immediately_event_held_too_long", "fgp_ex24_the_red_flag_grid_puts_the_pit_lane_car_behind",
            "fgp_ex25_the_leader_laps_the_last_car")
EX21 = EXAMPLES[0]
#: the hazards a Standard race meets, in words (the [ADV] ones are issue 38)
HAZARDS = {"ended on a tricky corner's skid marks (§11.7)": ho.Hazard.TRICKY_CORNER,
           "wear marker on the RED die icon (§14.1)": ho.Hazard.WORN_TYRES}
STRESS = {"Focus": ho.Stress.FOCUS, "middle": ho.Stress.MIDDLE, "Stressed": ho.Stress.STRESSED}
#: the [ADV] hazards of the Advanced race (issue 38, notebook F4), off by default: a Standard race never meets them
ADV_HAZARDS = {"[ADV] drove through Standing Water faster than GREEN (§19.8.4)": ho.Hazard.STANDING_WATER,
               "[ADV] dry tyres in the rain (§14.2)": ho.Hazard.DRY_TYRES_IN_RAIN}


def _pct(p: Any) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_html(o: ho.HazardOdds) -> str:
    """The dice owed, then every outcome with its exact chance (a fraction and a percentage), likeliest first."""
    rows = "".join(f"<tr><td>{html.escape(what)}</td><td>{p.numerator}/{p.denominator}</td><td>{_pct(p)}</td></tr>"
                   for what, p in o.rows())
    return (f'{_CSS}<div class="rb-mp"><p><b>{html.escape(o.sentence())}</b></p><table><tr><th>the dice show</th>'
            f"<th>chance</th><th></th></tr>{rows}</table></div>")


class HazardCheck:
    """The hazard check at the end of a move: tick what the move met, see the dice owed and every outcome's odds."""

    def __init__(self) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.race = before(EX21, "Grey end")
        self.picture = widgets.HTML(picture(self.race))
        wide = widgets.Layout(width="520px")
        self.hazards = {k: widgets.Checkbox(value=True, description=k, indent=False, layout=wide) for k in HAZARDS}
        self.pair = widgets.Checkbox(description="played a pair of movement cards (§6.3)", indent=False, layout=wide)
        self.zone = widgets.Checkbox(description="inside a Yellow Flag zone (§19.3.1)", indent=False, layout=wide)
        self.sc = widgets.Checkbox(description="the Safety Car is out (§19.4.2)", indent=False, layout=wide)
        self.stress = widgets.ToggleButtons(options=list(STRESS), value="middle", description="stress")
        self.speeding = widgets.IntSlider(value=0, min=0, max=3, description="[ADV] speeding tiles",
                                          style={"description_width": "initial"}, continuous_update=False)
        self.adv = {k: widgets.Checkbox(value=False, description=k, indent=False, layout=wide) for k in ADV_HAZARDS}
        self.table = widgets.HTML()
        for w in (*self.hazards.values(), self.pair, self.zone, self.sc, self.stress, self.speeding,
                  *self.adv.values()):
            w.observe(g(lambda _c: self.show()), names="value")
        ticks = widgets.VBox([*self.hazards.values(), self.pair, self.zone, self.sc, self.stress, self.speeding,
                              *self.adv.values()])
        self.widget = widgets.VBox([self.picture, widgets.HBox([ticks, self.table]), self.errors.widget])
        self.show()

    def odds(self) -> ho.HazardOdds:
        hazards = [h for k, h in HAZARDS.items() if self.hazards[k].value]
        hazards += [ho.Hazard.SPEED_LIMIT] * self.speeding.value  # each speeding tile one occurrence (§11.4.2, A12)
        hazards += [h for k, h in ADV_HAZARDS.items() if self.adv[k].value]
        return ho.hazard_odds(hazards, pair=self.pair.value, yellow_zone=self.zone.value, safety_car=self.sc.value,
                              stress=STRESS[self.stress.value])

    def show(self) -> None:
        self.result = self.odds()
        self.table.value = odds_html(self.result)


def wear_html(tyre: str, wear: int) -> str:
    """The board's Tyre Wear track for ``tyre`` as a strip: each space's tyre bonus, the marker's space ringed."""
    colour = {"fresh": "#cfe8cf", "degraded": "#f6e3b0", "worn": "#f3c0c0"}
    cells = "".join(
        f'<td style="background:{colour[state]};{"outline:3px solid #222;" if w == wear else ""}text-align:center">'
        f"{w}<br>+{bonus}{'<br>RED die' if red else ''}</td>" for w, state, bonus, red in pw.wear_track(tyre))
    return (f'{_CSS}<div class="rb-mp"><table><tr><th>wear</th>{cells}</tr></table><small>green fresh, yellow '
            "degraded, red worn out (no bonus); RED die: the RED die after every move (§14.1)</small></div>")


def plans_html(w: pw.PitWindow, most: int = 8) -> str:
    """The best plans, best in bold, each with its MP, tyre bonus, the stops' cost and its risk."""
    best = ' class="total"'
    rows = "".join(
        f"<tr{best if p is w.best else ''}><td>{html.escape(p.sentence().split(':', 1)[0])}</td>"
        f"<td>{p.mp}</td><td>{p.bonus_mp}</td><td>{p.stop_mp if p.stops else '—'}</td><td>{p.worn_rounds}</td>"
        f"<td>{float(p.spins):.2f}</td></tr>" for p in w.plans[:most])
    return (f'{_CSS}<div class="rb-mp"><p><b>{html.escape(w.sentence())}</b></p><p>Round MP before the tyre bonus: '
            f"{w.round_mp}; one stop costs {w.stop_cost} MP (the box turn, the 2nd-gear exit, the MP lost at the "
            f"entry, less the {w.saving} MP of track the pit lane bypasses). The pit entry comes at round"
            f"{'s' if len(w.passages) > 1 else ''} {', '.join(map(str, w.passages)) or '— (none left)'}.</p>"
            "<table><tr><th>plan</th><th>MP</th><th>tyre bonus</th><th>stops cost</th><th>rounds on worn tyres</th>"
            f"<th>expected losses of control</th></tr>{rows}</table></div>")


class PitPlanner:
    """When to stop, on which tyres: the planner's plans for the tyre, wear and race chosen."""

    def __init__(self, tyre: str = "soft", wear: int = 5, rounds: int = 16) -> None:
        self.errors = ErrorLog()
        g = self.errors.guard
        self.tyre = widgets.ToggleButtons(options=[t.value for t in pw.DRY], value=tyre, description="tyres")
        self.wear = widgets.IntSlider(value=wear, min=0, max=len(pw.wear_track(tyre)) - 1, description="wear",
                                      continuous_update=False)
        self.rounds = widgets.IntSlider(value=rounds, min=1, max=30, description="rounds left",
                                        continuous_update=False)
        self.first = widgets.IntSlider(value=2, min=1, max=12, description="pit entry in", continuous_update=False)
        self.lap = widgets.IntSlider(value=6, min=2, max=12, description="rounds a lap", continuous_update=False)
        self.rate = widgets.IntSlider(value=1, min=0, max=3, description="wear a round", continuous_update=False)
        self.penalties = widgets.IntSlider(value=0, min=0, max=4, description="penalties", continuous_update=False)
        self.strip = widgets.HTML()
        self.table = widgets.HTML()
        for w in (self.tyre, self.wear, self.rounds, self.first, self.lap, self.rate, self.penalties):
            w.observe(g(lambda _c: self.show()), names="value")
        self.widget = widgets.VBox([self.tyre, widgets.HBox([self.wear, self.rate, self.penalties]),
                                    widgets.HBox([self.rounds, self.first, self.lap]), self.strip, self.table,
                                    self.errors.widget])
        self.show()

    def plan(self) -> pw.PitWindow:
        return pw.teaching_plan(self.tyre.value, self.wear.value, self.rounds.value, first=self.first.value,
                                lap_rounds=self.lap.value, wear_per_round=self.rate.value,
                                penalties=self.penalties.value)

    def show(self) -> None:
        self.result = self.plan()
        self.strip.value = wear_html(self.tyre.value, self.wear.value)
        self.table.value = plans_html(self.result)
