"""Movement and passing in the notebook: the MP-cost calculator and the printed tables (§13.E, §16.2, §17.4, §22).

* :class:`PassCostCalculator` — pick the section type, who passes whom, the kind of pass and the modifiers;
  the engine prices it (:func:`racebook.rf90.lessons.passes.quote`, i.e. ``pass_cost`` on a real two-car position built
  with :mod:`racebook.rf90.notation`) and plays it (:func:`racebook.rf90.lessons.passes.play_situation`, the movement
  loop).
* :func:`cost_frame`, :func:`base_frame`, :func:`tyre_frame` — the §13.E.7 table, its base costs and the
  §16.2 wrong-tyre table as pandas DataFrames (HTML tables where pandas is missing: the offline browser), every
  cell computed by the engine; :func:`cost_column_frame` — one column of it under several house-rule sets.
* :func:`arithmetic` — a car's MP spending read from a race's log, written like the book ("H 1 + G 1 … = 5"),
  from :mod:`racebook.rf90.lessons.passes` (re-exported here); :func:`steps_frame` — the same steps as a table, each
  with the rule the engine cited; :func:`quote_frame` — a few situations priced side by side.
* :func:`scenario_variant` — a shipped scenario with some panel values changed (e.g. Ex. 26 with BANGING WHEELS).

    from racebook.rf90.ui.costs import PassCostCalculator
    PassCostCalculator()
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from racebook.core.datafile import load_toml
from racebook.core.errors import ScenarioError
from racebook.rf90.car import Skill, Strategy, Tyre
from racebook.rf90.lessons import passes as mv
from racebook.rf90.lessons.passes import PassSituation
from racebook.rf90.lessons.passes import arithmetic as arithmetic  # re-exported: notebooks 01b, 09 and ui.robots
from racebook.rf90.options import Rules
from racebook.rf90.rules.movement import PassKind
from racebook.rf90.track import Condition, SectionType
from racebook.rf90.ui import colours
from racebook.ui import style
from racebook.ui.backend import table
from racebook.ui.errors import ErrorLog, show_mistakes

SECTION_LABELS = {SectionType.STRAIGHT: "straight", SectionType.BRAKING: "braking zone",
                  SectionType.CORNER: "corner"}
KIND_LABELS = {PassKind.OVERTAKE: "overtake (same lap)", PassKind.LAP: "lap", PassKind.UNLAP: "unlap"}
CAR_LABELS = {"human": "human", "superfast": "SuperFast robot", "fast": "Fast robot", "slow": "Slow robot"}
TURN_LABELS = {"normal": "normal turn", "start": "start (turn 1)", "restart": "restart (after SC)",
               "last": "last turn"}
# Who holds the Leader token, per kind of pass (the leader is the frontmost car, §11.1): label → (leader, lapped)
LEADER_OPTIONS = {
    PassKind.OVERTAKE: (("a car further ahead", ("third", False)), ("the car ahead", ("other", False))),
    PassKind.LAP: (("a car further ahead", ("third", False)),
                   ("the mover — his first lapping of this car", ("mover", False)),
                   ("the mover — the car is already a lap down", ("mover", True))),
    PassKind.UNLAP: (("a car further ahead", ("third", False)),
                     ("the car ahead — the mover unlaps the leader", ("other", False))),
}
CONDITION_LABELS = {Condition.DRY: "Dry (Sol)", Condition.INTERMEDIATE: "Drizzle (Garoa)",
                    Condition.RAIN: "Rain (Chuva)"}

_CSS = """<style>
.rb-cost {font-size: 18px; line-height: 1.45;}
.rb-cost .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 6px; font-size: 15px;}
.rb-cost .big {font-size: 54px; font-weight: bold; line-height: 1.1;}
.rb-cost .why {font-size: 20px;}
.rb-cost .note {color: #444; font-size: 16px;}
.rb-cost .rpn {font-family: monospace; font-size: 15px; color: #333; background: #f4f4f4; padding: 2px 6px;}
.rb-cost ol {margin: 2px 0 2px 26px; padding: 0;}
.rb-cost .strip {display: inline-block; border: 4px solid; border-radius: 8px; padding: 6px 12px; margin: 4px 0;}
</style>"""
_CTRL_CSS = """<style>
.rb-calc .rb-calc-label {font-size: 17px; font-weight: bold; color: #333;}
.rb-calc .widget-toggle-button {font-size: 16px;}
.rb-calc .widget-toggle-button.mod-active {background: #1f5fa8; color: #fff;}
.rb-calc .widget-checkbox label, .rb-calc .widget-checkbox span {font-size: 16px;}
.rb-calc .widget-dropdown select {font-size: 16px;}
</style>"""
_TYRE_CSS = """<style>
.rb-tyres {border-collapse: collapse; font-size: 20px; margin: 6px 0;}
.rb-tyres th, .rb-tyres td {padding: 4px 18px; border-bottom: 1px solid #ccc; text-align: center;}
.rb-tyres thead th {background: #f0f0f0;}
</style>"""
_COST_COLOURS = {0: "#1b7f3b", 1: "#1f5fa8", 2: "#c46a00"}
_FORBIDDEN = "#b00020"


def _cell(q: mv.PassQuote | None) -> str:
    if q is None:
        return "—"
    return "stop" if q.forbidden else str(q.cost.cost)


def cost_frame(mover: str = "human", rules: Rules | None = None, show: str = "cost") -> Any:
    """The §13.E.7 table from :func:`racebook.rf90.lessons.passes.cost_table`: rows section type × pass kind.

    ``show="cost"``: MP per car passed ("stop" = forbidden: the mover stops and loses his MP; "—" = the
    situation cannot exist, e.g. a yellow flag outside a corner, §15.1). ``show="rule"``: the rule each cell
    comes from. A DataFrame indexed by (section, pass) where pandas imports, else an HTML table
    (:func:`racebook.ui.backend.table`).
    """
    rows = _cost_cells(mover, rules, show)
    columns = list(dict.fromkeys(column for cells in rows.values() for column in cells))
    return table(list(rows.values()), columns, list(rows), ("section", "pass"))


def cost_column_frame(column: str, variants: Mapping[str, Rules], mover: str = "human") -> Any:
    """One column of the §13.E.7 table (:func:`cost_frame`) under several house-rule sets side by side: rows section
    type × pass kind, one column per ``variants`` label (e.g. the "last turn" column with AMB-13 on and off)."""
    frames = {label: _cost_cells(mover, rules) for label, rules in variants.items()}
    keys = list(next(iter(frames.values()))) if frames else []
    rows = [{label: cells[key][column] for label, cells in frames.items()} for key in keys]
    return table(rows, list(variants), keys, ("section", "pass"))


def _cost_cells(mover: str, rules: Rules | None, show: str = "cost") -> dict[tuple[str, str], dict[str, str]]:
    """The cells of the §13.E.7 table by (section, pass) row and column: the cost, or the rule it comes from."""
    rows: dict[tuple[str, str], dict[str, str]] = {}
    for c in mv.cost_table(mover, rules):
        if show == "rule":
            text = "—" if c.quote is None else c.quote.cost.rule
        else:
            text = _cell(c.quote)
        rows.setdefault((SECTION_LABELS[c.section], KIND_LABELS[c.kind]), {})[c.column] = text
    return rows


def base_frame(measured_on: bool = True) -> Any:
    """The "base cost" column of §13.E.7, measured by the movement loop
    (:func:`racebook.rf90.lessons.passes.base_costs`); ``measured_on=False``: without the position each was
    measured on."""
    columns = ["MP", "rule", "measured on"] if measured_on else ["MP", "rule"]
    costs = mv.base_costs()
    rows = [{"MP": b.mp, "rule": b.rule, "measured on": b.position} for b in costs]
    return table(rows, columns, [b.what for b in costs], "action")


def tyre_frame(rules: Rules | None = None, skill: Skill | None = None) -> Any:
    """§16.2 wrong-tyre penalties (MP per turn) from :func:`racebook.rf90.lessons.passes.tyre_penalty_table`."""
    penalties = mv.tyre_penalty_table(rules, skill)
    rows = [{CONDITION_LABELS[c]: (f"-{penalties[t][c]} MP" if penalties[t][c] else "–") for c in Condition}
            for t in Tyre]
    return table(rows, [CONDITION_LABELS[c] for c in Condition], [t.value for t in Tyre], "tyre")


def arithmetic_rules(events: Any, car: str) -> str:
    """The same steps, one per line, each with the rule the engine cited."""
    evs = list(getattr(events, "events", events))
    _total, steps = mv.mp_breakdown(evs, car)
    return "\n".join(f"  {s.kind:<6} {s.what:<46} {s.mp} MP  {s.rule}" for s in steps)


def steps_frame(events: Any, car: str) -> Any:
    """A car's MP spending as a table: one row per step (enter a section, a pass, a Leader check, MP lost), its MP
    and the rule the engine cited (:func:`racebook.rf90.lessons.passes.mp_breakdown`)."""
    evs = list(getattr(events, "events", events))
    _total, steps = mv.mp_breakdown(evs, car)
    kinds = {"enter": "enter", "pass": "pass", "yellow": "yellow flag", "lost": "MP lost", "check": "Leader check"}
    rows = [{"what": s.what, "MP": s.mp, "rule": s.rule} for s in steps]
    return table(rows, ["what", "MP", "rule"], [kinds.get(s.kind, s.kind) for s in steps], "step")


def quote_frame(cases: Mapping[str, PassSituation]) -> Any:
    """Situations priced side by side (:func:`racebook.rf90.lessons.passes.quote`): the cost ("stop" when
    forbidden), whether the Leader lapping check comes first (§20) and the rule the engine cited."""
    rows = []
    for sit in cases.values():
        q = mv.quote(sit)
        rows.append({"cost": _cell(q) if q.forbidden else f"{q.cost.cost} MP",
                     "Leader check first": "yes" if q.leader_check else "no", "rule": q.cost.rule})
    return table(rows, ["cost", "Leader check first", "rule"], list(cases), "situation")


def scenario_variant(name: str, title: str, cars: dict[str, dict[str, Any]] | None = None,
                     assumed: str = "") -> Any:
    """A shipped scenario with some of its cars' panel keys changed (scenario-file keys, e.g. ``strategy``;
    a value None removes the key).

    The variant is built from the file's data by :func:`racebook.rf90.scenario.build` and its actions are applied,
    so it is a real race; it returns a :class:`racebook.rf90.scenario.Scenario` with the new title.
    """
    from racebook.rf90 import scenario as scen
    from racebook.rf90.actiontext import parse as parse_action

    path = scen.resolve_path(name)
    raw = load_toml(path, ScenarioError)
    for cid, changes in (cars or {}).items():
        panel = raw.setdefault("cars", {}).setdefault(cid, {})
        for key, value in changes.items():
            if value is None:
                panel.pop(key, None)  # None removes the key (e.g. no strategy)
            else:
                panel[key] = value
    race = scen.build(raw, str(path))
    for text in raw["scenario"].get("actions", []):
        race.apply(parse_action(text))
    base = scen.load(name, play=False)
    extra = (assumed,) if assumed else ()
    return replace(base, title=title, race=race, assumed=base.assumed + extra)


# ------------------------------------------------------------------ the calculator
def _chip(car_id: str, note: str = "") -> str:
    """A car as a coloured token: round for players, square for robots (the track view's colours)."""
    st = colours.car_style(car_id)
    ink = "#222" if st.colour in ("yellow", "pink", "orange") else "#fff"
    radius = "3px" if st.robot else "18px"
    sub = f'<sub style="font-size:13px;margin-left:3px">{html.escape(note)}</sub>' if note else ""
    return (f'<span style="display:inline-block;background:{st.colour};color:{ink};border:2px solid #222;'
            f'border-radius:{radius};padding:3px 14px;margin:2px 4px;font-weight:bold;font-size:19px">'
            f'{html.escape(car_id)}{sub}</span>')


def _rule(text: str) -> str:
    return style.rule_html(text)


class PassCostCalculator:
    """"What does this pass cost?" — the §13.E.7 table with all its modifiers, priced by the engine.

    The widgets only fill a :class:`racebook.rf90.lessons.passes.PassSituation`; the answer is
    :func:`racebook.rf90.lessons.passes.quote` (``pass_cost`` on a real position) and the movement log is
    :func:`racebook.rf90.lessons.passes.play_situation` (``advance`` with the MP left). :meth:`set` changes the
    choices from code (same names as ``PassSituation``, plus ``mp``, ``check_passes``, ``last_turn_rule``).
    """

    def __init__(self, width: int = 1000) -> None:
        self.errors = ErrorLog()
        self.quote: mv.PassQuote | None = None
        self.played: mv.PlayedPass | None = None
        self.problem: str = ""
        self._busy = False
        big = {"button_width": "auto", "font_weight": "bold"}
        tb = widgets.Layout(width="auto")

        def toggles(options: Any, value: Any) -> widgets.ToggleButtons:
            return widgets.ToggleButtons(options=options, value=value, style=big, layout=tb)

        self.w_section = toggles([(v, k) for k, v in SECTION_LABELS.items()], SectionType.CORNER)
        self.w_mover = toggles([(v, k) for k, v in CAR_LABELS.items()], "human")
        self.w_other = toggles([(v, k) for k, v in CAR_LABELS.items()], "human")
        self.w_kind = toggles([("same lap — overtaking (Ultrapassagem)", PassKind.OVERTAKE),
                               ("lapping (dar volta)", PassKind.LAP),
                               ("unlapping (recuperar volta)", PassKind.UNLAP)], PassKind.OVERTAKE)
        self.w_leader = widgets.Dropdown(layout=widgets.Layout(width="520px"))
        self.w_strategy = toggles([("none", None), ("BANGING WHEELS", Strategy.BANGING_WHEELS),
                                   ("RECOVERY", Strategy.RECOVERY)], None)
        self.w_turn = toggles([(v, k) for k, v in TURN_LABELS.items()], "normal")
        cb = {"indent": False, "layout": widgets.Layout(width="auto", margin="0 18px 0 0")}
        self.w_blue = widgets.Checkbox(description="blue flag (blue pawn)", **cb)
        self.w_lapping = widgets.Checkbox(description="LAPPING skill", **cb)
        self.w_no_move = widgets.Checkbox(description="car ahead did not move (NO MOVE)", **cb)
        self.w_yellow = widgets.Checkbox(description="yellow flag in the section", **cb)
        self.w_minus = widgets.Checkbox(description='Track Card "-1" on this corner', **cb)
        self.w_house = widgets.Checkbox(value=True, description="AMB-13: easy passing in the last turn (§22)", **cb)
        self.w_mp = widgets.IntSlider(value=3, min=0, max=6, continuous_update=False,
                                      layout=widgets.Layout(width="320px"))
        self.w_check = toggles([("passes", True), ("fails", False)], True)
        self._set_leader_options()

        self.result = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        self.log = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        for w in self._inputs():
            w.observe(self.errors.guard(self._on_change), names="value")
        title = widgets.HTML('<div style="font-size:24px;font-weight:bold">MP-cost calculator — overtaking, '
                             'lapping, unlapping <span style="font-size:16px;color:#555">§13.E.7, §15, §17.4, '
                             '§19.2, §20, §22, §26, §27</span></div>')
        flags = widgets.HBox([self.w_blue, self.w_lapping, self.w_no_move, self.w_yellow, self.w_minus],
                             layout=widgets.Layout(flex_flow="row wrap", width=f"{width - 190}px"))

        def row(label: str, *items: widgets.Widget) -> widgets.HBox:
            head = widgets.HTML(f'<div class="rb-calc-label">{html.escape(label)}</div>',
                                layout=widgets.Layout(width="180px", flex="0 0 180px"))
            return widgets.HBox([head, *items], layout=widgets.Layout(align_items="center", margin="2px 0"))

        self.widget = widgets.VBox([
            widgets.HTML(_CTRL_CSS), title,
            row("Section type", self.w_section), row("Who moves", self.w_mover), row("Car ahead", self.w_other),
            row("Kind of pass", self.w_kind), row("Leader token", self.w_leader),
            row("Strategy (mover)", self.w_strategy), row("Modifiers", flags), row("Game Turn", self.w_turn),
            row("House rule", self.w_house),
            row("MP left", self.w_mp, widgets.HTML('<div class="rb-calc-label" style="margin-left:30px">'
                                                   'Leader check</div>'), self.w_check),
            self.result, self.log, self.errors.widget,
        ])
        self.widget.add_class("rb-calc")
        self.update()

    # ------------------------------------------------------------ inputs
    def _inputs(self) -> list[widgets.Widget]:
        return [self.w_section, self.w_mover, self.w_other, self.w_kind, self.w_leader, self.w_strategy,
                self.w_turn, self.w_blue, self.w_lapping, self.w_no_move, self.w_yellow, self.w_minus,
                self.w_house, self.w_mp, self.w_check]

    def _set_leader_options(self) -> None:
        old = self.w_leader.value
        opts = list(LEADER_OPTIONS[self.w_kind.value])
        self.w_leader.options = opts
        values = [v for _, v in opts]
        self.w_leader.value = old if old in values else values[0]

    def _on_change(self, change: dict) -> None:
        if self._busy:
            return
        if change.get("owner") is self.w_kind:
            self._busy = True
            try:
                self._set_leader_options()
            finally:
                self._busy = False
        self.update()

    def set(self, **values: Any) -> None:
        """Change several choices at once, then update (e.g. ``set(section=SectionType.BRAKING, kind=...)``)."""
        names = {"section": self.w_section, "mover": self.w_mover, "other": self.w_other, "kind": self.w_kind,
                 "strategy": self.w_strategy, "turn": self.w_turn, "blue_flag": self.w_blue,
                 "lapping_skill": self.w_lapping, "no_move": self.w_no_move, "yellow_flag": self.w_yellow,
                 "minus_one": self.w_minus, "last_turn_rule": self.w_house, "mp": self.w_mp,
                 "check_passes": self.w_check}
        self._busy = True
        try:
            for k, v in values.items():
                if k in ("leader", "already_lapped"):
                    continue
                if k not in names:
                    raise TypeError(f"unknown choice {k!r} (known: {', '.join(sorted(names))}, leader, "
                                    "already_lapped)")
                names[k].value = v
            self._set_leader_options()
            if "leader" in values or "already_lapped" in values:
                self.w_leader.value = (values.get("leader", "third"), bool(values.get("already_lapped", False)))
        finally:
            self._busy = False
        self.update()

    def situation(self) -> PassSituation:
        leader, lapped = self.w_leader.value
        return PassSituation(
            section=self.w_section.value, kind=self.w_kind.value, mover=self.w_mover.value,
            other=self.w_other.value, leader=leader, already_lapped=lapped, strategy=self.w_strategy.value,
            blue_flag=self.w_blue.value, lapping_skill=self.w_lapping.value, no_move=self.w_no_move.value,
            yellow_flag=self.w_yellow.value, turn=self.w_turn.value, minus_one=self.w_minus.value,
            rules=Rules(last_turn_easy_passing=self.w_house.value))

    # ------------------------------------------------------------ output
    def update(self) -> None:
        robot = self.w_mover.value != "human"
        for w in (self.w_strategy, self.w_blue, self.w_lapping, self.w_minus):
            w.disabled = robot  # §17.1: robots have no strategy, skill, flag pawn or Track Card
        sit = self.situation()
        self.quote = self.played = None
        self.problem = ""
        with show_mistakes(lambda line: setattr(self, "problem", line)):
            self.quote = mv.quote(sit)
            self.played = mv.play_situation(sit, self.w_mp.value, self.w_check.value)
        self.result.value = _CSS + self._result_html(sit, robot)
        self.log.value = _CSS + self._log_html()

    def _result_html(self, sit: PassSituation, robot: bool) -> str:
        if self.quote is None:
            return (f'<div class="rb-cost"><div class="big" style="color:#777">not possible</div>'
                    f'<div class="why">{style.sentence_html(self.problem)}</div></div>')
        q = self.quote
        if q.forbidden:
            big = f'<div class="big" style="color:{_FORBIDDEN}">FORBIDDEN — stop</div>'
            why = (f"{html.escape(q.mover)} stops behind {html.escape(q.other)} and loses the rest of his MP: "
                   f"{html.escape(q.cost.why)} {_rule(q.cost.rule)}")
        else:
            colour = _COST_COLOURS.get(q.cost.cost or 0, "#333")
            big = f'<div class="big" style="color:{colour}">{q.cost.cost} MP</div>'
            why = (f"{html.escape(q.mover)} {html.escape(q.cost.kind.value)} {html.escape(q.other)}: "
                   f"{html.escape(q.cost.why)} {_rule(q.cost.rule)}")
        notes: list[str] = [f"Entering the section costs 1 MP on top of any pass {_rule('§13.E.2')}; the pass is "
                            f"priced by the section where the passed car is {_rule('§13.E.3')}."]
        if q.leader_check and not q.forbidden:
            how = ("a blind test vs 70" if robot else
                   "a Normal test with a hand card or a blind draw vs his Target Check (no rain -20; REFLEXES +20)")
            notes.append(f"<b>Leader check first</b> {_rule('§20')}: before lapping {html.escape(q.other)} for the "
                         f"first time the leader makes {how}; a failure stops him with no damage. The blue flag "
                         f"does not remove it {_rule('§15.3')}.")
        if q.special:
            notes.append(f"Special turn: <b>{html.escape(q.special)}</b> {_rule('§22')}.")
        if robot:
            notes.append(f"Robots have no strategy, skill, flag pawn or Track Card {_rule('§17.1')}: those "
                         f"choices are off.")
        pos = f'<span class="rpn">{html.escape(q.position)}</span>'
        return (f'<div class="rb-cost">{big}<div class="why">{why}</div>{self._strip_html(sit)}'
                f'<div class="note">{"<br>".join(notes)}</div>'
                f'<div class="note">Priced on the position {pos} {_rule("RPN")}</div></div>')

    def _strip_html(self, sit: PassSituation) -> str:
        """The section with the two cars, front on the left (race direction ◀)."""
        q = self.quote
        assert q is not None
        sec = mv.TABLE_SECTIONS[sit.section]
        edge, fill = colours.SECTION_EDGE[sit.section.value], colours.SECTION_FILL[sit.section.value]
        tokens = []
        if sit.yellow_flag:
            tokens.append(f'<span style="background:{colours.YELLOW_FLAG_COLOUR};border:2px solid #222;'
                          f'padding:3px 8px;font-weight:bold">(Y)</span>')
        lap_other = {PassKind.LAP: "a lap behind", PassKind.UNLAP: "a lap ahead"}.get(sit.kind, "")
        lead = {"mover": q.mover, "other": q.other}.get(sit.leader, "")
        for cid, note in ((q.other, lap_other), (q.mover, "")):
            bits = [b for b in (note, "NO MOVE" if cid == q.other and sit.no_move else "",
                                "leader" if cid == lead else "") if b]
            tokens.append(_chip(cid, ", ".join(bits)))
        far = "" if sit.leader != "third" else f' &nbsp; {_chip("Green", "leader")} far ahead in A'
        return (f'<div>◀ race direction &nbsp; <span class="strip" style="border-color:{edge};background:{fill}">'
                f'<b>{sec}</b> <i>({SECTION_LABELS[sit.section]})</i> &nbsp; {" ".join(tokens)}</span>{far}</div>')

    def _log_html(self) -> str:
        p = self.played
        if p is None:
            return ""
        items = []
        for e in p.events:
            items.append(f"<li>{style.sentence_html(e.sentence())}</li>")
        checks = ""
        if p.checks:
            verdict = "passes" if self.w_check.value else "fails"
            checks = f"<div class='note'>Leader check(s) asked for: {', '.join(p.checks)} — the check {verdict}.</div>"
        none = "" if items else "<li>(no MP: nothing happens)</li>"
        return (f'<div class="rb-cost"><b>The movement loop with {self.w_mp.value} MP left</b> '
                f'{_rule("§13.E.2: all MP must be used")}{checks}<ol>{"".join(items)}{none}</ol>'
                f'<div class="note">After: <span class="rpn">{html.escape(p.end)}</span></div></div>')

    def text(self) -> str:
        """The answer as plain text (for tests and printed cells)."""
        if self.quote is None:
            return f"not possible: {self.problem}"
        lines = [self.quote.sentence()]
        if self.played is not None:
            lines += [f"  {e.sentence()}" for e in self.played.events]
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class TyrePenaltyPanel:
    """The §16.2 wrong-tyre table with its house-rule switch (AMB-5) and RAIN EXPERT (§27, AMB-33)."""

    def __init__(self) -> None:
        from racebook.rf90.options import IntermediateRow

        self.errors = ErrorLog()
        self.w_row = widgets.ToggleButtons(
            options=[("corrected (recommended): Dry -1 / Drizzle – / Rain -1", IntermediateRow.CORRECTED),
                     ("as printed: Dry -1 / Drizzle -1 / Rain –", IntermediateRow.PRINTED)],
            value=IntermediateRow.CORRECTED, style={"button_width": "auto", "font_weight": "bold"})
        self.w_skill = widgets.Checkbox(description="RAIN EXPERT skill", indent=False)
        self.table = widgets.HTML()
        for w in (self.w_row, self.w_skill):
            w.observe(self.errors.guard(lambda _c: self.update()), names="value")
        title = widgets.HTML('<div style="font-size:22px;font-weight:bold">Wrong tyres for the weather: MP per '
                             'turn <span style="font-size:15px;color:#555">§16.2, AMB-5, §27</span></div>')
        label = widgets.HTML('<div class="rb-calc-label">House rule AMB-5</div>',
                             layout=widgets.Layout(width="180px", flex="0 0 180px"))
        self.widget = widgets.VBox([widgets.HTML(_CTRL_CSS), title,
                                    widgets.HBox([label, self.w_row], layout=widgets.Layout(align_items="center")),
                                    self.w_skill, self.table, self.errors.widget])
        self.widget.add_class("rb-calc")
        self.update()

    def frame(self) -> Any:
        return tyre_frame(Rules(intermediate_row=self.w_row.value),
                          Skill.RAIN_EXPERT if self.w_skill.value else None)

    def update(self) -> None:
        markup = self.frame().to_html(border=0, index_names=False, classes="rb-tyres")
        self.table.value = (f"{_TYRE_CSS}<div>{markup}</div><div style='font-size:15px;color:#555'>"
                            f"Robots never pay tyre penalties (§16.2, §17.3 E).</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
