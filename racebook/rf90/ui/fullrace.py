"""RaceTable: a club runs a real race in JupyterLab, with the engine as referee (§6–§9 set-up, §10–§25 race).

Thin, like every view: the set-up runs :func:`racebook.rf90.setup.new_race`, the race is a
:class:`racebook.rf90.game.Race`, the buttons are exactly ``race.legal_actions()`` and a click calls
``race.apply``; an action a player *tries* that is not legal is explained by the engine
(:meth:`racebook.rf90.game.Race.explain`, the verdict ``race.apply`` raises from).
Robots play themselves (the engine does it); "the computer drives this car" is
:class:`racebook.rf90.analysis.drivers.GreedyDriver`, which only chooses among the legal actions.

Three tabs, made for a room on a projector (issue 34 item 1: every size in em, so presenter mode's larger type,
``--rb-widget-font`` in racebook/ui/presenter, scales the whole table):

1. **Set-up**, in players' words — the track, 1–6 players (name = colour, skill, setup points §6.2, substitute car
   §6.3), the robots (the manual's robots-per-players table is NOT IN SOURCE, §0.1: the usual number is Expansion
   #1's line-up, :data:`racebook.rf90.analysis.simulate.ROBOTS_BY_PLAYERS`, and the counts can be changed), the seed
   and the house rules (closed at first; each switch by its plain title from
   ``racebook/rf90/data/house_rule_words.toml``, :mod:`racebook.rf90.houserulewords`); the three steps of the book
   sit at the top, in view: **1. Deal the hands** (§6.2) → choose the qualifying card from the dealt hand and the
   refuel chit, **2. Qualify** (§7, §8: the grid and the weather, §9.1) → choose tyres and strategy knowing the
   weather, **3. Start the race** (§9.2). What the engine refuses (the 10th strategy, SIXTH SENSE) is not offered.
2. **Race** — one screen (1280×720 presenter mode, 1366×768 JupyterLab: tests/test_browser_fullrace.py): the
   status line; the board (one :class:`~racebook.ui.TrackView`, or the SVG view without bqplot:
   :func:`racebook.rf90.ui.svgview.track_view`, updated in place) with "what happened" under it (the sentences of
   the last gesture, in a fixed-height scroll box); beside them the active car's panel and hand
   (``Card.describe()``) and the legal actions grouped into a few rows (:func:`choice_family`,
   :class:`racebook.ui.choicegroups.ChoiceBar`: plays by number of cards, strategy changes, pit stops…; a family
   of many is a menu and "go"), each click applying its Action object. Under that screen: a "try" box (and
   clickable hand cards) that explains an illegal choice, "computer drives" per player car, "play until my
   turn", and the standings (pandas, or HTML without it).
3. **Save / load** — ``race.to_json()`` in a text area and as a browser download (a ``data:`` link), and
   :meth:`Race.from_json` to resume exactly from a pasted text or an uploaded file (the position string is
   compared). No widget names a file on the server (issue 14: in presenter mode any viewer could have written
   any server file); :meth:`RaceTable.save_file` / :meth:`RaceTable.load_file` remain for Python scripts only.
   An error is one friendly line in the widget, never a server traceback.

Headless use (tests, the notebook's checked cells)::

    t = RaceTable(track="teaching", players=2, seed=12)
    t.deal(); t.qualify(); t.start()
    t.computer_step()            # GreedyDriver picks one legal action; its button is clicked
    print(t.standings().to_string())
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from racebook.core.datafile import MAX_BYTES, read_text
from racebook.core.debrief import Debrief, DecisionLog
from racebook.core.debrief import debrief as replay_debrief
from racebook.core.errors import ActionSyntaxError, DataError, IllegalAction, RacebookError, SetupError
from racebook.rf90.actionlabels import label as action_label
from racebook.rf90.actionlabels import labels as action_labels
from racebook.rf90.actions import (
    Action,
    Assist,
    Bid,
    Chase,
    Discard,
    Force,
    Occupy,
    Pit,
    PitDiscard,
    PitStrategy,
    PitTyres,
    Play,
    Skip,
    Take,
    Test,
    Versatility,
    WiseDriving,
    YellowFlag,
)
from racebook.rf90.actiontext import parse as parse_action
from racebook.rf90.analysis.coach import Advice, at_the_table
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.simulate import COLOURS, ROBOTS_BY_PLAYERS
from racebook.rf90.car import (
    PRESUMED_SETUP_POINTS,
    ROBOT_TARGET_CHECK,
    SETUP_POINTS,
    RobotType,
    Setup,
    Skill,
    Status,
    Strategy,
    Tyre,
)
from racebook.rf90.cards import is_card_code
from racebook.rf90.events import Event, RobotTyres
from racebook.rf90.game import Race, frame_of
from racebook.rf90.houserulewords import house_rule_words
from racebook.rf90.lessons.choicewords import DOES_NOTHING, TERMS, does_nothing
from racebook.rf90.lessons.tableseat import Seat, offered
from racebook.rf90.options import Rules
from racebook.rf90.rules.classification import classification, retired_order
from racebook.rf90.rules.qualifying import FUEL_MODIFIER, Entry
from racebook.rf90.setup import Driver, RaceSetup, new_race
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import Phase
from racebook.rf90.ui import colours
from racebook.rf90.ui.svgview import track_view
from racebook.rf90.ui.tracks import grid_spaces, track_ids
from racebook.ui.backend import table
from racebook.ui.background import running_loop
from racebook.ui.choicegroups import Choice, ChoiceBar, close_tree
from racebook.ui.errors import ErrorLog, InputError
from racebook.ui.guidedrace import COACH_WORDS, debrief_html, words_html

MAX_PLAYERS = 6
#: The track view's width in px: at 1280×720 (presenter mode) and 1366×768 (JupyterLab) the hand, the choices and
#: "what happened" fit beside it on one screen (tests/test_browser_fullrace.py measures it).
BOARD_WIDTH = 460
MAX_AUTO_STEPS = 20_000  # safety stop for "computer drives" / "play until my turn"
ROBOT_PREFIX = {RobotType.SUPERFAST: "SuperFast", RobotType.FAST: "Fast", RobotType.SLOW: "Slow"}
ROBOT_TYPES = (RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW)  # the order of ROBOTS_BY_PLAYERS
# The largest default field (players + their default robots): a track is offered when its grid holds it (§7.2).
DEFAULT_FIELD = max(players + sum(robots) for players, robots in ROBOTS_BY_PLAYERS.items())


#: The families of choices (racebook.ui.choicegroups): an action kind that often comes many at a time gets one row,
#: titled, its buttons showing only what differs ("PUSH" under "skip, change strategy to"), or one menu when many.
#: Type → (the row's title, the words every label of the kind starts with). Presentation only: no rule here.
_FAMILIES: dict[type, tuple[str, str]] = {
    Pit: ("pit stop:", "pit"), PitDiscard: ("pit stop, discard:", "pit: discard"),
    PitTyres: ("pit stop, tyres:", "pit:"), PitStrategy: ("pit stop, strategy:", "pit:"),
    Versatility: ("VERSATILITY, change strategy to", "VERSATILITY: change strategy to"),
    Discard: ("discard", "discard"), Take: ("take from the chased car's discards:", "take"),
    Test: ("test", "test"), Bid: ("bid", "bid"), Assist: ("help a robot:", "help"),
    Force: ("force a robot:", "force"), Chase: ("CHASE", "CHASE"), Occupy: ("occupy a trajectory:", "occupy"),
    WiseDriving: ("WISE DRIVING:", "WISE DRIVING:"), YellowFlag: ("yellow flag", "yellow flag"),
}


def choice_family(action: Action) -> tuple[str, str]:
    """The row a legal action is shown in and the words its label starts with that the row's title says: plays by
    their number of cards, a skip that changes strategy apart from a plain skip, the kinds of :data:`_FAMILIES`;
    ("", "") for an action shown on its own (start, skip, no duel …)."""
    if isinstance(action, Play):
        n = len(action.cards)
        return (f"play {('no', 'one', 'two')[n] if n < 3 else n} card{'s' * (n != 1)}:", "play")
    if isinstance(action, Skip):
        return ("skip, change strategy to", "skip, change strategy to") if action.strategy else ("", "")
    return _FAMILIES.get(type(action), ("", ""))


#: The row of a move that does nothing now (issue 33 item 1: offered last, its label saying so).
IDLE_FAMILY = "or:"
#: A row of this many choices or more is a menu at the race table (the guided race keeps choicegroups.MENU_FROM).
TABLE_MENU_FROM = 3
#: The debrief's replays (issue 33 item 2): two per decision compared, each the rest of a whole race (about 40 ms
#: of CPU on the teaching track), so fewer than a guided race's (racebook.core.debrief.MAX_REPLAYS).
DEBRIEF_REPLAYS = 12


def race_tracks() -> list[str]:
    """The ids of the track files whose grid holds every default field (the set-up tab's picker)."""
    return track_ids(lambda t: grid_spaces(t) >= DEFAULT_FIELD)

#: The widget's type size: a CSS variable the presenter mode sets larger (racebook/ui/presenter: --rb-widget-font),
#: 16 px elsewhere; every size below is in em, so buttons, menus and boxes grow with it and the layout holds.
_CSS = """<style>
.rb-fr {font-size: var(--rb-widget-font, 16px); --rb-fr-font: var(--rb-widget-font, 16px);}
.rb-fr .jupyter-widgets {font-size: var(--rb-fr-font);}
.rb-fr .widget-button, .rb-fr .widget-toggle-button, .rb-fr .widget-label, .rb-fr .widget-dropdown select,
  .rb-fr .widget-text input, .rb-fr .widget-checkbox label, .rb-fr .widget-combobox input,
  .rb-fr .widget-inline-hbox .widget-label, .rb-fr .widget-html-content, .rb-fr .widget-tab > .p-TabBar,
  .rb-fr .lm-TabBar-tab, .rb-fr .p-TabBar-tab, .rb-fr .jupyter-widget-Collapse-header
  {font-size: var(--rb-fr-font) !important;}
.rb-fr .widget-button, .rb-fr .widget-toggle-button {height: auto; min-height: 2.1em; line-height: 1.3;
  padding: 0.2em 0.7em;}
.rb-fr .widget-dropdown, .rb-fr .widget-text, .rb-fr .widget-checkbox, .rb-fr .widget-combobox
  {height: auto; min-height: 2em;}
.rb-fr .widget-dropdown select, .rb-fr .widget-text input, .rb-fr .widget-combobox input {height: 2em;}
.rb-fr input[type="checkbox"] {width: 1em; height: 1em;}
.rb-fr .lm-TabBar-tab, .rb-fr .p-TabBar-tab {min-height: 1.9em; line-height: 1.9em; flex-basis: 9em;}
.rb-fr .lm-TabBar, .rb-fr .p-TabBar {min-height: 2em;}
.rb-fr-h {font-size: 1.15em; font-weight: bold; margin: 0.45em 0 0.15em 0;}
.rb-fr-note {font-size: 0.85em; color: #555; line-height: 1.35;}
.rb-fr-status {font-size: 1.15em; line-height: 1.35; padding: 0.1em 0;}
.rb-fr-next {font-size: 0.95em; color: #1f4e9c; font-weight: bold;}
.rb-fr table {border-collapse: collapse; font-size: 0.9em;}
.rb-fr th, .rb-fr td {padding: 0.1em 0.5em; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;}
.rb-fr thead th {background: #f0f0f0;}
.rb-fr tr.rb-fr-now td {background: #fff1a8; font-weight: bold;}
.rb-fr .rb-fr-log {font-size: 0.9em; line-height: 1.35; height: 8.5em; overflow-y: auto; background: #fafafa;
  border: 1px solid #ddd; border-radius: 4px; padding: 0.2em 0.6em;}
.rb-fr .rb-fr-grid .rb-fr-log {height: auto; max-height: 12em;}
.rb-fr .rb-fr-log .act {font-weight: bold; color: #1f4e9c; margin-top: 0.2em;}
.rb-fr .rb-fr-log .ev {padding-left: 1.2em;}
.rb-fr .rb-fr-ok {color: #15803d; font-weight: bold;}
.rb-fr .rb-fr-bad {color: #b91c1c; font-weight: bold;}
.rb-fr .rb-fr-panel {line-height: 1.35;}
.rb-fr .rb-fr-cards {display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 0.1em 0.8em;
  margin-top: 0.2em; line-height: 1.3;}
.rb-fr .rb-fr-card .sw {display: inline-block; width: 0.8em; height: 0.8em; border: 1px solid #333;
  margin-right: 0.3em;}
.rb-fr .rb-fr-card .fx {font-size: 0.85em; color: #444;}
.rb-fr .rb-choices-row {margin: 0.1em 0; gap: 0.3em;}
.rb-fr .rb-choices-title {font-weight: bold; margin-right: 0.3em;}
.rb-fr .rb-choice {margin: 0.1em 0.25em 0.1em 0;}
.rb-fr .rb-fr-coach {font-size: 0.9em; line-height: 1.35; margin: 0.15em 0; padding: 0.1em 0.5em;
  border-left: 0.25em solid #2e8b57; background: #eef7f1;}
.rb-fr abbr.rb-term {text-decoration: underline dotted; cursor: help;}
.rb-fr .rb-guided-debrief {font-size: 0.9em; line-height: 1.4; margin: 0.3em 0; padding: 0.2em 0.6em;
  border-left: 0.25em solid #b8860b; background: #fdf8ec;}
.rb-fr .rb-guided-debrief .head {font-weight: bold;}
.rb-fr .rb-guided-debrief .how {font-size: 0.85em; color: #555;}
</style>"""


def _h(text: str) -> widgets.HTML:
    return widgets.HTML(f'<div class="rb-fr-h">{html.escape(text)}</div>')


def _note(text: str) -> widgets.HTML:
    return widgets.HTML(f'<div class="rb-fr-note">{text}</div>')


def _replace_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
    """Show ``children`` in ``box`` and close the widgets it showed before (with their layouts and styles): a
    redraw after every action must not leave hundreds of dead widget models in the kernel and the browser."""
    old = box.children
    box.children = children
    keep = {id(w) for w in children}
    for w in old:
        if id(w) not in keep:
            close_tree(w)


def _msg(exc: BaseException) -> str:
    """An engine error as one line: 'rule: reason' for an illegal or unreadable action and a refused set-up, else
    the message."""
    if isinstance(exc, (IllegalAction, ActionSyntaxError, SetupError)):
        return f"{exc.rule}: {exc.reason}"
    return str(exc)


def _points_options(cat: str) -> list[tuple[str, int]]:
    """Dropdown options for one setup characteristic, from the engine's tables (§6.2, §29.5)."""
    known = dict(SETUP_POINTS[cat])
    presumed = PRESUMED_SETUP_POINTS.get(cat, {})
    # a value the book does not print: its points are the engine's presumption, said as "our guess"
    out = [(f"{v} ({p} pt{'s' * (p > 1)}{', our guess' if v in presumed else ''})", v)
           for v, p in sorted({**known, **presumed}.items())]
    return out


def robot_list(counts: tuple[int, int, int]) -> list[tuple[str, RobotType]]:
    """The robot cars for (SuperFast, Fast, Slow) counts, named like
    :func:`racebook.rf90.analysis.simulate.robots_for`."""
    out = []
    for rt, n in zip(ROBOT_TYPES, counts, strict=True):
        out += [(f"{ROBOT_PREFIX[rt]}{i + 1}", rt) for i in range(n)]
    return out


def dealt_hand(rs: RaceSetup, car: str) -> list[str]:
    """The hand dealt to ``car`` in Free Practice (§6.2, after a substitute car §6.3), in deal order.

    ``rs`` must come from :func:`new_race` with ``qualify_card=0``: the engine then laid the first dealt
    card as the Target Check (§7.2) and the rest of the Race Cards are still in hand in deal order (Track
    Cards drawn at the start come after). The same seed and set-up deal the same hand again, so index
    ``i`` of this list is what ``Driver(qualify_card=i)`` lays for qualifying.
    """
    c = rs.state.cars[car]
    assert c.target is not None
    return [c.target] + [x for x in c.hand if not rs.state.card(x).is_track]


# ------------------------------------------------------------------ one player's set-up widgets
#: What the set-up tab says to do next, by stage (beside the three buttons).
NEXT_STEP = {"practice": "Next: each car's setup below, then 1. Deal the hands.",
             "dealt": "Next: each player's qualifying card and refuel chit below, then 2. Qualify.",
             "qualified": "Next: tyres and strategy, knowing the weather, then 3. Start the race.",
             "racing": "The race is on: see the Race tab (new set-up for another race)."}
#: Each form widget's width (in em: it grows with the presenter mode's type) and the column headings above them.
FORM_WIDTHS = {"name": "6em", "skill": "8.5em", "tyres": "8.5em", "cards": "8.5em", "wear": "7.5em",
               "mulligan": "8em", "points": "auto", "label": "6em", "qualify": "22em", "refuel": "12.5em",
               "tyre": "7.5em", "strategy": "9.5em"}
PRACTICE_HEADINGS = {"name": "car", "skill": "skill", "tyres": "tyre chips", "cards": "cards in hand",
                     "wear": "wear slots", "mulligan": "substitute car", "points": "setup points"}
QUALIFYING_HEADINGS = {"label": "car", "qualifying": "qualifying card (from the dealt hand)",
                       "refuel": "refuel chit", "tyre": "tyres", "strategy": "strategy"}
@dataclass
class DriverForm:
    """The widgets of one player: Free Practice (§6.2, §6.3) and qualifying / pre-race (§7, §8, §9.2)."""

    name: widgets.Combobox
    skill: widgets.Dropdown
    tyres: widgets.Dropdown
    cards: widgets.Dropdown
    wear: widgets.Dropdown
    mulligan: widgets.Checkbox
    points: widgets.HTML
    qualify: widgets.Dropdown
    refuel: widgets.Dropdown
    tyre: widgets.Dropdown
    strategy: widgets.Dropdown
    label: widgets.HTML  # the name again, in the qualifying grid

    @classmethod
    def new(cls, name: str) -> DriverForm:
        w = widgets.Layout
        W = FORM_WIDTHS
        return cls(
            name=widgets.Combobox(value=name, options=list(COLOURS), ensure_option=False, layout=w(width=W["name"])),
            # SIXTH SENSE and the 10th strategy are not offered: their cards' texts are missing from the book, so
            # the engine refuses them (Skill.parse, Strategy.parse); a player never picks what cannot be played
            skill=widgets.Dropdown(options=[("none", "")] + [(s.value.replace("_", " "), s.value) for s in Skill
                                                             if s is not Skill.SIXTH_SENSE],
                                   value="", layout=w(width=W["skill"])),
            tyres=widgets.Dropdown(options=_points_options("tyres"), value=10, layout=w(width=W["tyres"])),
            cards=widgets.Dropdown(options=_points_options("cards"), value=6, layout=w(width=W["cards"])),
            wear=widgets.Dropdown(options=_points_options("wear"), value=5, layout=w(width=W["wear"])),
            mulligan=widgets.Checkbox(value=False, description="take it", indent=False,
                                      tooltip="after seeing the hand: a new hand, which must be kept",
                                      layout=w(width=W["mulligan"])),
            points=widgets.HTML(layout=w(width=W["points"])),
            qualify=widgets.Dropdown(options=[("(deal the hands first)", 0)], value=0, layout=w(width=W["qualify"])),
            refuel=widgets.Dropdown(options=[(f"turn {t} ({m:+d} qualifying)", t) for t, m in FUEL_MODIFIER.items()],
                                    value=12, layout=w(width=W["refuel"])),
            tyre=widgets.Dropdown(options=[t.value for t in Tyre], value=Tyre.HARD.value, layout=w(width=W["tyre"])),
            strategy=widgets.Dropdown(options=[(s.value.replace("_", " "), s.value) for s in Strategy
                                               if s is not Strategy.TENTH],
                                      value=Strategy.SAVE_TYRES.value, layout=w(width=W["strategy"])),
            label=widgets.HTML(layout=w(width=W["label"])),
        )

    @property
    def car(self) -> str:
        return self.name.value.strip()

    def setup(self) -> Setup:
        return Setup(tyres=self.tyres.value, cards=self.cards.value, wear=self.wear.value)

    def parsed_skill(self) -> Skill | None:
        """The skill, read by the engine (SIXTH SENSE is refused: its text is NOT IN SOURCE, §27 / AMB-15)."""
        return Skill.parse(self.skill.value) if self.skill.value else None

    def driver(self) -> Driver:
        """The engine's :class:`~racebook.rf90.setup.Driver` for these choices (raises the engine's errors)."""
        return Driver(self.car, skill=self.parsed_skill(), setup=self.setup(), refuel=self.refuel.value,
                      qualify_card=int(self.qualify.value), tyre=Tyre(self.tyre.value),
                      strategy=Strategy.parse(self.strategy.value), mulligan=self.mulligan.value)

    def check_setup(self) -> str | None:
        """None when the Free Practice choices are legal, else the engine's reason (§6.2)."""
        try:
            skill = self.parsed_skill()
            setup = self.setup()
            setup.validate(skill)
        except RacebookError as e:
            return _msg(e)
        return None

    def practice_widgets(self) -> list[widgets.Widget]:
        return [self.name, self.skill, self.tyres, self.cards, self.wear, self.mulligan]

    def qualifying_widgets(self) -> list[widgets.Widget]:
        return [self.qualify, self.refuel]

    def prerace_widgets(self) -> list[widgets.Widget]:
        return [self.tyre, self.strategy]


# ------------------------------------------------------------------ the controller
class RaceTable:
    """Set up, play, save and load one race at the club table (see the module docstring).

    Attributes of interest: ``race`` (the :class:`Race`, None before the start), ``setup_result`` (the
    :class:`RaceSetup` of the start), ``forms`` (one :class:`DriverForm` per player), ``setup_out`` (the
    Output where set-up errors land), ``action_buttons`` (action text → Button, only legal actions),
    ``computer`` (car → its GreedyDriver) and ``auto`` (the cars the computer drives by itself).
    """

    def __init__(self, track: str = "teaching", players: int = 2, seed: int = 12, *, width: int = 980,
                 board: int = BOARD_WIDTH, coach: bool = True) -> None:
        """``board``: the track view's width in px (the hand, the choices and "what happened" sit beside it, or under
        it on a narrow screen); ``width``: the save box's width; ``coach``: the coach starts on (its toggle)."""
        self.errors = ErrorLog()
        g = self.errors.guard
        self.width = width
        self.race: Race | None = None
        self.setup_result: RaceSetup | None = None
        self.start_sections: dict[str, str] = {}
        self.hands: dict[str, list[str]] = {}  # car -> dealt hand (after dealing)
        self.preview: RaceSetup | None = None  # the qualifying preview (grid, weather)
        self._deal_key: tuple | None = None
        self.stage = "practice"  # practice | dealt | qualified | racing
        self.computer: dict[str, GreedyDriver] = {}
        self.auto: set[str] = set()
        self.auto_checks: dict[str, widgets.Checkbox] = {}
        self.last: list[tuple[Action | None, tuple[Event, ...]]] = []
        self._offered: dict[str, list[str]] = {}
        self._saved: tuple[str, str] | None = None  # (json, position) of the last save
        #: The coach's advice at the position it was computed for (the race, its number of actions): one look-ahead
        #: per position, however often the table is redrawn (issue 33 item 1).
        self._advice: tuple[tuple[int, int], Advice] | None = None
        #: Each player car's decisions, each with a copy of the race then (the debrief, racebook.core.debrief).
        self.logs: dict[str, DecisionLog] = {}
        self._quiet = False
        L = widgets.Layout

        # ---------------- set-up tab (in players' words: no identifiers, no source notes, no section numbers)
        self.track_w = widgets.Dropdown(options=race_tracks(), value=track, description="track",
                                        layout=L(width="14em"), style={"description_width": "initial"})
        self.players_w = widgets.Dropdown(options=list(range(1, MAX_PLAYERS + 1)), value=players,
                                          description="players", layout=L(width="9em"),
                                          style={"description_width": "initial"})
        self.seed_w = widgets.IntText(value=seed, description="seed", layout=L(width="10em"),
                                      tooltip="the same number and the same choices deal the same race",
                                      style={"description_width": "initial"})
        self.robot_w = [widgets.BoundedIntText(value=0, min=0, max=12, description=ROBOT_PREFIX[rt],
                                               layout=L(width="10em"), style={"description_width": "initial"})
                        for rt in ROBOT_TYPES]
        self.robot_default_b = widgets.Button(description="the usual number", layout=L(width="auto"),
                                              tooltip="Expansion #1's recommended robots for this many players")
        self.rules_w: dict[str, widgets.Widget] = {}
        rule_rows = []
        words = house_rule_words()
        for f in fields(Rules):
            default = getattr(Rules(), f.name)
            said = words[f.name]
            if isinstance(default, Enum):
                w: widgets.Widget = widgets.Dropdown(
                    options=[(said.words(e) + (" (recommended)" if e is default and "recommended" not in
                                               said.words(e) else ""), e.value) for e in type(default)],
                    value=default.value, layout=L(width="auto"))
                rule_rows.append(widgets.HBox([widgets.HTML(f"{html.escape(said.title)}:"), w],
                                              layout=L(align_items="center", flex_flow="row wrap")))
            else:
                w = widgets.Checkbox(value=default, description=said.title, indent=False, layout=L(width="auto"),
                                     tooltip="recommended: " + ("ticked" if default else "not ticked"))
                rule_rows.append(w)
            self.rules_w[f.name] = w
        self.rules_box = widgets.Accordion(children=[widgets.VBox([
            _note("Where the book can be read two ways, a club chooses. The defaults are the recommended readings."),
            *rule_rows])])
        self.rules_box.set_title(0, "House rules (where the book can be read two ways)")
        self.rules_box.selected_index = None
        # one form per player, built when the players dropdown first asks for it (a table for 2 builds 2 of 6)
        self.forms: list[DriverForm] = []
        self._ensure_forms(players)
        self.practice_box = widgets.VBox()
        self.qualifying_box = widgets.VBox()
        self.deal_b = widgets.Button(description="1. Deal the hands", button_style="primary",
                                     tooltip="each player is dealt his hand (Free Practice)", layout=L(width="auto"))
        self.qualify_b = widgets.Button(description="2. Qualify", button_style="primary",
                                        tooltip="the grid and the weather, from each player's qualifying card",
                                        layout=L(width="auto"))
        self.start_b = widgets.Button(description="3. Start the race", button_style="success", layout=L(width="auto"))
        self.reset_b = widgets.Button(description="new set-up", layout=L(width="auto"))
        for b, cls in ((self.deal_b, "rb-fr-deal"), (self.qualify_b, "rb-fr-qualify"), (self.start_b, "rb-fr-start"),
                       (self.reset_b, "rb-fr-reset")):
            b.add_class(cls)
        self.next_html = widgets.HTML()
        self.setup_out = widgets.Output(layout=L(max_height="10em", overflow="auto"))
        self.grid_html = widgets.HTML()
        self.grid_html.add_class("rb-fr-grid")
        self.deal_b.on_click(g(lambda _b: self.deal()))
        self.qualify_b.on_click(g(lambda _b: self.qualify()))
        self.start_b.on_click(g(lambda _b: self._on_start()))
        self.reset_b.on_click(g(lambda _b: self.reset_setup()))
        self.robot_default_b.on_click(g(lambda _b: self.default_robots()))
        self.players_w.observe(g(self._on_players), names="value")
        for w in (self.track_w, self.seed_w, *self.robot_w, *self.rules_w.values()):
            w.observe(g(self._on_practice_change), names="value")
        self.robots_note = _note("")
        row = L(flex_flow="row wrap", align_items="center")
        self.setup_tab = widgets.VBox([
            widgets.HTML(_CSS),
            widgets.HBox([self.track_w, self.players_w, self.seed_w], layout=row),
            widgets.HBox([self.deal_b, self.qualify_b, self.start_b, self.reset_b, self.next_html], layout=row),
            self.setup_out,
            widgets.HBox([widgets.HTML('<span class="rb-fr-h">Robot cars</span>'), *self.robot_w,
                          self.robot_default_b], layout=row),
            self.robots_note,
            self.rules_box,
            _h("Each player's car (Free Practice)"),
            _note("The name is the car's colour. A car has at most 6 setup points (TUNING: 8, at most 3 in one "
                  "line); an impossible setup is refused with its reason."),
            self.practice_box,
            _h("Qualifying and the start"),
            _note("After the deal: each player picks the card he qualifies with and his refuel chit, then "
                  "2. Qualify shows the grid and the weather. Knowing the weather, choose tyres and strategy, then "
                  "3. Start the race."),
            self.qualifying_box,
            self.grid_html,
        ])
        self.setup_tab.add_class("rb-fr-setup")

        # ---------------- race tab: the board, the hand and the choices on one screen, "what happened" beside them
        self.status_html = widgets.HTML('<div class="rb-fr-status">Set up the race and press Start.</div>')
        self.view = track_view(load_track(track), {}, width=board, errors=self.errors)
        info = getattr(self.view, "m_info", None)  # the bqplot view's "Turn · Leader · active" corner text: at this
        if info is not None:  # width it covers the track's top corner, and the status line above says it already
            info.visible = False
        self.panel_html = widgets.HTML()
        self.panel_html.add_class("rb-fr-hand")
        self.card_toggles = widgets.HBox(layout=L(flex_flow="row wrap"))
        self.toggles: dict[str, widgets.ToggleButton] = {}  # hand card -> its toggle (PLAY phase)
        self.try_w = widgets.Text(placeholder="e.g. R22 R25  ·  play R22 R25 +traj  ·  pit 1  (Enter)",
                                  continuous_update=False, layout=L(width="100%", max_width="26em"))
        self.try_check_b = widgets.Button(description="why? / is it legal?", layout=L(width="auto"))
        self.try_apply_b = widgets.Button(description="apply", button_style="warning", layout=L(width="auto"))
        self.try_html = widgets.HTML()
        self.try_check_b.on_click(g(lambda _b: self.try_action(self.try_w.value)))
        self.try_apply_b.on_click(g(lambda _b: self._apply_try()))
        self.try_w.observe(g(self._on_try_text), names="value")
        #: The legal actions as grouped rows (racebook.ui.choicegroups): a click applies its Action object; a row of
        #: three or more (the pit stop's fuel choices) is a menu, so that the choices and the coach's reason stay on
        #: one screen at 1366×768 (issue 34 item 1, tests/test_browser_fullrace.py).
        self.choice_bar = ChoiceBar(self._apply, g, menu_from=TABLE_MENU_FROM)
        self.actions_box = self.choice_bar.widget
        #: The coach (issue 33 item 1): at a player's decision one choice is suggested (green) with its reason, the
        #: engine's look-ahead on clones (racebook.rf90.analysis.coach.at_the_table); the toggle turns it off.
        self.coach_b = widgets.ToggleButton(value=coach, description=COACH_WORDS[coach],
                                            tooltip="show or hide the coach's suggestion and its reason",
                                            layout=L(width="auto", margin="0 0 0 0.6em"))
        self.coach_b.add_class("rb-fr-coach-toggle")
        self.coach_b.observe(g(self._on_coach), names="value")
        self.coach_html = widgets.HTML()
        #: The debrief at the race's end (issue 33 item 2): for the car of "my car", on demand (it replays).
        self.debrief_b = widgets.Button(description="debrief", icon="search", layout=L(width="auto"),
                                        tooltip="where you finished, and the decisions that cost you most, replayed")
        self.debrief_b.add_class("rb-fr-debrief-b")
        self.debrief_b.on_click(g(lambda _b: self.show_debrief()))
        self.debrief_b.layout.display = "none"  # shown once the race is over
        self.debrief_html = widgets.HTML()
        self.auto_box = widgets.HBox(layout=L(flex_flow="row wrap"))
        self.me_w = widgets.Dropdown(options=[], description="my car", layout=L(width="12em"),
                                     style={"description_width": "initial"})
        self.until_b = widgets.Button(description="play until my turn", button_style="info", layout=L(width="auto"))
        self.step_b = widgets.Button(description="computer: play this decision",
                                     layout=L(width="auto", align_self="flex-start"))
        self.until_b.on_click(g(lambda _b: self.play_until(self.me_w.value)))
        self.step_b.on_click(g(lambda _b: self.computer_step()))
        self.last_html = widgets.HTML()
        self.last_html.add_class("rb-fr-what")
        self.standings_html = widgets.HTML()
        self.board_box = widgets.VBox([self.view.widget], layout=L(width=f"{board}px", overflow="hidden"))
        self.board_box.add_class("rb-fr-board")
        left = widgets.VBox([self.board_box, widgets.HTML('<div class="rb-fr-note"><b>What happened</b></div>'),
                             self.last_html], layout=L(flex="0 0 auto", width=f"{board}px", margin="0 1em 0 0"))
        right = widgets.VBox([self.panel_html,
                              widgets.HBox([widgets.HTML('<div class="rb-fr-note"><b>Your choices</b></div>'),
                                            self.coach_b], layout=L(align_items="center")),
                              self.actions_box, self.coach_html, self.debrief_b, self.debrief_html],
                             layout=L(flex="1 1 22em", min_width="22em"))
        right.add_class("rb-fr-decide")
        tools = widgets.HBox([
            widgets.VBox([_h("Try a choice: is it legal? why not?"), self.card_toggles, self.try_w,
                          widgets.HBox([self.try_check_b, self.try_apply_b]), self.try_html],
                         layout=L(flex="1 1 22em", margin="0 1em 0 0")),
            widgets.VBox([_h("The computer"), self.auto_box, self.step_b,
                          widgets.HBox([self.me_w, self.until_b], layout=L(flex_flow="row wrap"))],
                         layout=L(flex="1 1 22em")),
        ], layout=L(flex_flow="row wrap", align_items="flex-start"))
        self.race_tab = widgets.VBox([
            widgets.HTML(_CSS), self.status_html,
            widgets.HBox([left, right], layout=L(flex_flow="row wrap", align_items="flex-start")),
            tools, _h("Standings"), self.standings_html,
        ])
        self.race_tab.add_class("rb-fr-race")

        # ---------------- save / load tab
        self.json_w = widgets.Textarea(placeholder="the saved race appears here; paste a saved race here to load it",
                                       layout=L(width="100%", max_width=f"{width}px", height="10em"))
        self.save_b = widgets.Button(description="save → text", layout=L(width="auto"))
        self.load_b = widgets.Button(description="load ← text", button_style="warning", layout=L(width="auto"))
        # the browser's own files: a download link for a save, an upload for a load (never a server path)
        self.download_html = widgets.HTML()
        self.upload_w = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                           description="load ← file", button_style="warning",
                                           layout=L(width="auto"))
        self.save_html = widgets.HTML()
        self.save_b.on_click(g(lambda _b: self.save()))
        self.load_b.on_click(g(lambda _b: self.load(self.json_w.value)))
        self.upload_w.observe(g(self._on_upload), names="value")
        self.save_tab = widgets.VBox([
            widgets.HTML(_CSS), _h("Save and load (the initial state and every action: replaying resumes exactly)"),
            _note("<b>save → text</b> puts the race in the box below and offers it as a file to download; "
                  "<b>load ← text</b> resumes the race pasted in the box; <b>load ← file</b> uploads a saved "
                  "race from your computer."),
            widgets.HBox([self.save_b, self.download_html, self.load_b, self.upload_w]),
            self.json_w, self.save_html,
        ])

        self.tabs = widgets.Tab(children=[self.setup_tab, self.race_tab, self.save_tab])
        for i, t in enumerate(("Set-up", "Race", "Save / load")):
            self.tabs.set_title(i, t)
        self.widget = widgets.VBox([self.tabs, self.errors.widget])
        self.widget.add_class("rb-fr")
        self.default_robots()
        self._layout_forms()
        self._set_stage("practice")
        self._render_race()

    # ============================================================ set-up
    @property
    def active_forms(self) -> list[DriverForm]:
        self._ensure_forms(self.players_w.value)
        return self.forms[: self.players_w.value]

    def _ensure_forms(self, n: int) -> None:
        """Build the driver forms up to player ``n`` (the later ones are built only when asked for)."""
        g = self.errors.guard
        while len(self.forms) < n:
            form = DriverForm.new(COLOURS[len(self.forms)])
            for w in form.practice_widgets():
                if w is not form.mulligan:
                    w.observe(g(self._on_practice_change), names="value")
            form.mulligan.observe(g(self._on_mulligan), names="value")
            self.forms.append(form)

    @property
    def setup_text(self) -> str:
        """Everything the set-up Output shows, as one string."""
        return "".join(o.get("text", "") for o in self.setup_out.outputs)

    def _say(self, text: str, error: bool = False) -> None:
        (self.setup_out.append_stderr if error else self.setup_out.append_stdout)(text.rstrip("\n") + "\n")

    def default_robots(self) -> None:
        """The default robots for the number of players (ROBOTS_BY_PLAYERS: Expansion #1 §5.3's line-up)."""
        n_players = self.players_w.value
        counts = ROBOTS_BY_PLAYERS[n_players]
        for w, n in zip(self.robot_w, counts, strict=True):
            w.value = n
        usual = ", ".join(f"{n} {ROBOT_PREFIX[rt]}" for rt, n in zip(ROBOT_TYPES, counts, strict=True))
        whose = ("Expansion #1's recommendation" if n_players > 1 else
                 "our own choice (Expansion #1 recommends none for one player)")
        self.robots_note.value = (
            f'<div class="rb-fr-note">The rule book has no table of how many robots race. The usual number for '
            f"{n_players} player{'s' * (n_players > 1)} is {whose}: {html.escape(usual)}. Change it as you like: "
            "the grid must hold every car.</div>")

    def robots(self) -> list[tuple[str, RobotType]]:
        return robot_list(tuple(w.value for w in self.robot_w))  # type: ignore[arg-type]

    def rules(self) -> Rules:
        return Rules.from_dict({k: w.value for k, w in self.rules_w.items()})

    def _on_players(self, change: dict) -> None:
        self.default_robots()
        self._layout_forms()
        self._on_practice_change(change)

    def _layout_forms(self) -> None:
        def head(headings: dict[str, str]) -> widgets.HBox:
            return widgets.HBox([widgets.HTML(f"<b>{html.escape(h)}</b>", layout=widgets.Layout(
                width=FORM_WIDTHS["qualify" if k == "qualifying" else k])) for k, h in headings.items()])
        self.practice_box.children = [head(PRACTICE_HEADINGS)] + [widgets.HBox(f.practice_widgets() + [f.points])
                                                                  for f in self.active_forms]
        self.qualifying_box.children = [head(QUALIFYING_HEADINGS)] + [
            widgets.HBox([f.label, *f.qualifying_widgets(), *f.prerace_widgets()]) for f in self.active_forms]
        self._update_points()

    def _update_points(self) -> None:
        for f in self.active_forms:
            f.label.value = f"<b>{html.escape(f.car)}</b>"
            why = f.check_setup()
            if why is None:
                pts = f.setup().points()
                f.points.value = f'<span class="rb-fr-ok">✓ {sum(pts.values())} points</span>'
            else:
                f.points.value = f'<span class="rb-fr-bad">✗ {html.escape(why)}</span>'

    def _on_practice_change(self, _change: Any = None) -> None:
        if self._quiet:
            return
        self._update_points()
        if self.stage in ("dealt", "qualified") and self._deal_key != self._key():
            self._set_stage("practice")
            self._say("The set-up changed: deal the hands again.")

    def _on_mulligan(self, change: dict) -> None:
        """§6.3: after seeing the hand, a player may take the substitute car (a new hand) — once."""
        if self._quiet:
            return
        if self.stage == "dealt" and change["new"]:
            self._say("Substitute car: the whole hand goes back and a new one is dealt (§6.3); it must be kept.")
            self.deal()  # the checkbox is then disabled: the second hand must be kept (§6.3)
        else:
            self._on_practice_change(change)

    def _key(self) -> tuple:
        """What the dealt hands depend on: the track, the seed, the players in order, their hand sizes and
        substitute cars (the engine deals before qualifying)."""
        return (self.track_w.value, self.seed_w.value, tuple((f.car, f.cards.value, f.mulligan.value)
                                                              for f in self.active_forms))

    def _set_stage(self, stage: str) -> None:
        self.stage = stage
        practice = stage == "practice"
        for w in (self.track_w, self.players_w, self.seed_w, *self.robot_w, self.robot_default_b,
                  *self.rules_w.values()):
            w.disabled = not practice
        for f in self.active_forms:
            for w in f.practice_widgets():
                w.disabled = not practice
            f.mulligan.disabled = not (practice or (stage == "dealt" and not f.mulligan.value))
            for w in f.qualifying_widgets():
                w.disabled = stage != "dealt"
            for w in f.prerace_widgets():
                w.disabled = stage not in ("practice", "dealt", "qualified")
            if practice:
                self._quiet = True
                try:
                    f.qualify.options = [("(deal the hands first)", 0)]
                    f.qualify.value = 0
                finally:
                    self._quiet = False
        self.deal_b.disabled = not practice
        self.qualify_b.disabled = stage != "dealt"
        # Start needs the grid: before qualifying it would deal and qualify unseen, with card 1 of each hand
        # laid for qualifying (often a poor Target Check), so the button waits for "2. Qualify" (§7, §9.2).
        self.start_b.disabled = stage != "qualified"
        self.start_b.tooltip = ("" if stage == "qualified" else
                                "deal the hands (1.) and qualify (2.) first: the grid decides the start")
        self.next_html.value = f'<span class="rb-fr-next">{html.escape(NEXT_STEP[stage])}</span>'
        if practice:
            self.hands = {}
            self.preview = None
            self.grid_html.value = ""

    def _drivers(self) -> list[Driver]:
        """The players as engine Drivers; every problem is said in the set-up Output, then raised."""
        problems: list[str] = []
        names = [f.car for f in self.active_forms]
        robot_ids = {r for r, _ in self.robots()}
        out = []
        for f, name in zip(self.active_forms, names, strict=True):
            if not name or " " in name:
                problems.append(f"{name or '(empty)'}: a car's name is one word (it starts every action, "
                                "e.g. 'Blue play R14 R18')")
                continue
            if names.count(name) > 1 or name in robot_ids:
                problems.append(f"{name}: two cars have this name")
                continue
            why = f.check_setup()
            if why is not None:
                problems.append(f"{name}: {why}")
                continue
            try:
                out.append(f.driver())
            except RacebookError as e:
                problems.append(f"{name}: {_msg(e)}")
        if problems:
            for p in problems:
                self._say("✗ " + p, error=True)
            raise _SetupProblem("; ".join(problems))
        return out

    def _new_race(self, drivers: list[Driver]) -> RaceSetup:
        try:
            return new_race(load_track(self.track_w.value), drivers, self.robots(), seed=self.seed_w.value,
                            rules=self.rules())
        except RacebookError as e:
            self._say(f"✗ {_msg(e)}", error=True)
            raise _SetupProblem(_msg(e)) from e

    def deal(self) -> dict[str, list[str]]:
        """Free Practice: the engine deals each player's hand (§6.2; a substitute car redeals, §6.3).

        Returns car → the dealt hand; each player's qualifying-card dropdown then lists that hand."""
        try:
            drivers = [replace(d, qualify_card=0) for d in self._drivers()]
            rs = self._new_race(drivers)
        except _SetupProblem:
            return {}
        self.hands = {d.id: dealt_hand(rs, d.id) for d in drivers}
        self._quiet = True
        try:
            for f in self.active_forms:
                hand = self.hands[f.car]
                keep = f.qualify.value if isinstance(f.qualify.value, int) and f.qualify.value < len(hand) else 0
                f.qualify.options = [(f"{i + 1}. {rs.state.card(c).describe()}", i) for i, c in enumerate(hand)]
                f.qualify.value = keep
        finally:
            self._quiet = False
        self._deal_key = self._key()
        self._set_stage("dealt")
        for d in drivers:
            sub = " (substitute car)" if d.mulligan else ""
            self._say(f"{d.id}'s hand{sub}: " + "  ".join(self.hands[d.id]))
        return self.hands

    def qualify(self) -> RaceSetup | None:
        """Qualifying (§7) with the chosen cards and refuel chits: shows the grid, the weather (§9.1) and the
        robots' tyres (§9.2). Tyres and strategies are chosen after this, knowing the weather."""
        if self.stage == "practice" or self._deal_key != self._key():
            if not self.deal():
                return None
        try:
            rs = self._new_race(self._drivers())
        except _SetupProblem:
            return None
        self.preview = rs
        self._set_stage("qualified")
        self.grid_html.value = self._grid_html(rs, {e.car: rs.state.cars[e.car].section for e in rs.grid},
                                               title="Qualifying result (the grid) and the weather",
                                               events=self.qualifying_events(rs))
        return rs

    def start(self) -> Race | None:
        """Start the race: new_race with every choice, then ``Race`` (robots that are first play at once).

        The "Start" button waits for the grid (it is disabled until "2. Qualify"). Called from code before
        qualifying, this deals and qualifies first and says so, with the card each player qualifies with."""
        if self.stage in ("practice", "dealt"):
            if self.qualify() is None:
                return None
            picked = ", ".join(f"{f.car} with {self.hands[f.car][int(f.qualify.value)]} (card "
                               f"{int(f.qualify.value) + 1} of the hand)" for f in self.active_forms)
            self._say(f"Started before qualifying: the hands were dealt and qualifying played: {picked} (§7).")
        try:
            drivers = self._drivers()
            rs = self._new_race(drivers)
        except _SetupProblem:
            return None
        self.setup_result = rs
        self.start_sections = {e.car: rs.state.cars[e.car].section for e in rs.grid}
        self.grid_html.value = self._grid_html(rs, self.start_sections, title="The start: grid, weather, tyres",
                                               events=rs.events)
        self._set_stage("racing")
        self.errors.clear()  # a new race: the errors of the set-up or of the last race no longer apply
        race = Race(rs.state)
        self._install(race, [d.id for d in drivers], [(None, race.steps[0].events)])
        self._say(f"The race starts: {rs.state.track.name}, {len(rs.grid)} cars. The Race tab shows it.")
        self.tabs.selected_index = 1
        return race

    def _on_start(self) -> None:
        """The "Start" button: only once the grid is known (the button is disabled before "2. Qualify")."""
        if self.stage != "qualified":
            raise InputError("deal the hands (1.) and qualify (2.) first: the race starts from the grid (§7, §9.2)")
        self.start()

    def reset_setup(self) -> None:
        """Back to Free Practice (the race, if any, stays in the Race tab until a new one starts)."""
        self._quiet = True
        try:
            for f in self.forms:
                f.mulligan.value = False
        finally:
            self._quiet = False
        self._set_stage("practice")
        self.errors.clear()  # a new set-up: the last one's mistakes no longer apply
        self.setup_out.outputs = ()
        self._say("New set-up: change the choices and deal the hands.")

    def grid_table(self, rs: RaceSetup | None = None) -> Any:
        """The grid (§7.2): pole first, with the engine's qualifying sentence and the starting section (a DataFrame
        where pandas imports, else an HTML table: :func:`racebook.ui.backend.table`)."""
        rs = rs or self.setup_result
        if rs is None:
            return table([], ["car", "qualifying", "starts in"])
        # a preview's state is never played, so its cars still stand on the grid; the started race moves on
        sections = self.start_sections if rs is self.setup_result else {e.car: rs.state.cars[e.car].section
                                                                          for e in rs.grid}
        rows = [{"car": e.car, "qualifying": _qual_text(e), "starts in": sections.get(e.car, "")}
                for e in rs.grid]
        return table(rows, ["car", "qualifying", "starts in"], range(1, len(rows) + 1), "grid")

    def grid_text(self) -> str:
        """The grid and the set-up sentences as plain text (the notebook prints it)."""
        rs = self.setup_result
        if rs is None:
            return "(no race started)"
        lines = [self.grid_table().to_string(), "", "Set-up events:"]
        lines += [f"  {e.sentence()}" for e in rs.events]
        return "\n".join(lines)

    @staticmethod
    def qualifying_events(rs: RaceSetup) -> list[Event]:
        """The set-up events up to the robots' tyres (§6.2, §7.2, §9.1, §9.2): what a qualifying preview shows.
        The players' own tyre and strategy events follow in the real start, after they have chosen."""
        out: list[Event] = []
        for e in rs.events:
            out.append(e)
            if isinstance(e, RobotTyres):  # "Robots fit … tyres": the last set-up event before the players choose
                break
        return out

    def _grid_html(self, rs: RaceSetup, sections: dict[str, str], title: str, events: list[Event]) -> str:
        df = table([{"car": e.car, "qualifying": _qual_text(e), "starts in": sections.get(e.car, "")}
                    for e in rs.grid], ["car", "qualifying", "starts in"], range(1, len(rs.grid) + 1), "grid")
        sent = "".join(f'<div class="ev">{html.escape(e.sentence())}</div>' for e in events)
        return (f'<div class="rb-fr-h">{html.escape(title)}</div>{df.to_html(border=0)}'
                f'<div class="rb-fr-log">{sent}</div>')

    # ============================================================ the race
    def _install(self, race: Race, humans: Iterable[str], last: list[tuple[Action | None, tuple[Event, ...]]],
                 ) -> None:
        """Show ``race`` (a new start or a loaded save): drivers, checkboxes, track view, then play on."""
        self.race = race
        humans = list(humans)
        seed = self.seed_w.value  # GreedyDriver seeds: the table's seed + the car's index (a save has no seed)
        self.computer = {c: GreedyDriver(seed + i) for i, c in enumerate(humans)}
        self.auto = set()
        boxes = []
        for c in humans:
            cb = widgets.Checkbox(value=False, description=f"the computer drives {c}", indent=False,
                                  layout=widgets.Layout(width="auto", margin="0 18px 0 0"))
            cb.observe(self.errors.guard(lambda ch, c=c: self.set_computer(c, ch["new"])), names="value")
            boxes.append(cb)
        self.auto_checks = dict(zip(humans, boxes, strict=True))
        self.auto_box.children = boxes
        self.logs = {c: DecisionLog() for c in humans}
        self.debrief_html.value = ""
        self.me_w.options = humans
        if humans:
            self.me_w.value = humans[0]
        self.view.set_track(race.state.track, race.state.cars)
        self.last = list(last)
        self._render_race()

    def set_computer(self, car: str, on: bool = True) -> None:
        """Let the computer (GreedyDriver) drive a player car from now on, or give it back to its player."""
        if car not in self.computer:
            raise KeyError(f"{car} is not a player car (players: {', '.join(self.computer)})")
        (self.auto.add if on else self.auto.discard)(car)
        cb = self.auto_checks.get(car)
        if cb is not None and cb.value != on:
            cb.value = on  # the observer calls back here; nothing changes the second time
            return
        if on and self.race is not None and self.race.current_car == car:
            self.last = []
            self._autoplay()
        self._render_race()

    def _apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply one action (a click), then let the computer play the cars it drives; refresh everything. A player's
        decision is noted first in its car's log (the debrief)."""
        assert self.race is not None
        self._note(action)
        events = self.race.apply(action)
        act = self.race.actions[-1]
        self.last = [(act, events)]
        self._autoplay()
        self._render_race()
        return events

    def _autoplay(self) -> None:
        race = self.race
        assert race is not None
        for _ in range(MAX_AUTO_STEPS):
            car = race.current_car
            if race.is_over or car not in self.auto:
                return
            self._greedy_once()

    def _greedy_once(self) -> Action:
        race = self.race
        assert race is not None
        legal = race.legal_actions()
        who = legal[0].car
        action = self.computer[who].choose(race, legal)
        self.last.append((action, race.apply(action)))
        return action

    def press(self, text: str) -> None:
        """Click the button of the legal action whose text is ``text`` (what a player's click does; in a family's
        menu: pick it, then click "go")."""
        self.choice_bar.press(self._full_text(text))

    @property
    def action_buttons(self) -> dict[str, widgets.Button]:
        """The buttons of the actions offered one by one, by action text (the others are in menus)."""
        return self.choice_bar.buttons

    @property
    def menus(self) -> dict[str, tuple[widgets.Dropdown, widgets.Button]]:
        """Each family of many actions as its menu (values: the Action objects) and its "go" button, by title."""
        return self.choice_bar.menus

    def computer_step(self) -> Action | None:
        """The computer (GreedyDriver) chooses the pending decision of a player car and clicks its button."""
        race = self.race
        if race is None or race.is_over:
            return None
        legal = race.legal_actions()
        if not legal:
            return None
        action = self.computer[legal[0].car].choose(race, legal)
        self.press(str(action))
        return action

    def play_until(self, car: str | None = None) -> int:
        """The computer plays every player car's decisions until ``car`` must decide (or the race ends).

        Returns the number of actions played. Robots play themselves, as always."""
        race = self.race
        if race is None:
            return 0
        car = car or (self.me_w.value if self.me_w.options else None)
        self.last = []
        n = 0
        while not race.is_over and race.current_car != car and n < MAX_AUTO_STEPS:
            self._greedy_once()
            n += 1
        self._render_race()
        return n

    # ------------------------------------------------------------ trying an action
    def _full_text(self, text: str) -> str:
        """Complete a short form: 'R22 R25' → 'Blue play R22 R25'; 'pit 1' → 'Blue pit 1'."""
        words = text.split()
        race = self.race
        if not words or race is None:
            return text.strip()
        car = race.current_car or ""
        if words[0] in race.state.cars:
            return " ".join(words)
        text = f"{car} {' '.join(words)}"
        try:
            parse_action(text)
        except ActionSyntaxError:
            # only cards make the short form of a play ('R22 R25'); anything else stays as typed, so that the
            # parser's refusal quotes what the player wrote (no "play fly moon the to")
            return f"{car} play {' '.join(words)}" if is_card_code(words[0]) else text
        return text

    def explain(self, text: str) -> tuple[bool, str]:
        """Is the action legal now? If not, the engine's rule and reason (§13 …); nothing is applied."""
        race = self.race
        if race is None:
            return False, "no race yet: start one in the Set-up tab"
        full = self._full_text(text)
        try:
            action = parse_action(full)
        except ActionSyntaxError as e:
            return False, _msg(e)
        verdict = race.explain(action)  # the turn machine's own verdict: nothing is applied
        if verdict.legal:
            return True, f"{action} is legal now"
        return False, f"{action} is not legal — {verdict.rule}: {verdict.reason}"

    def try_action(self, text: str) -> tuple[bool, str]:
        ok, why = self.explain(text)
        cls = "rb-fr-ok" if ok else "rb-fr-bad"
        mark = "✓" if ok else "✗"
        self.try_html.value = f'<div class="{cls}" style="font-size:18px">{mark} {html.escape(why)}</div>'
        return ok, why

    def _apply_try(self) -> None:
        ok, _ = self.try_action(self.try_w.value)
        if ok:
            self.press(self._full_text(self.try_w.value))

    def _on_card_toggle(self, _change: Any = None) -> None:
        if self._quiet:
            return
        picked = [code for code, t in self.toggles.items() if t.value]
        if not picked:
            self.try_w.value = ""
            self.try_html.value = ""
            return
        self.try_w.value = "play " + " ".join(picked)  # the observer asks the engine

    def _on_try_text(self, change: dict) -> None:
        if change["new"].strip():
            self.try_action(change["new"])

    def status_text(self) -> str:
        """Two lines: the Game Turn, weather and leader; who is to play and the phase (or the result)."""
        race = self.race
        if race is None:
            return "No race yet.\nSet it up in the Set-up tab and press Start the race."
        s = race.state
        sp = s.track.weather.spaces[s.weather]
        top = (f"Game Turn {s.turn} of {s.track.turns.last_turn} · weather {sp.label()} ({sp.condition.value}) · "
               f"leader {s.leader or '—'}")
        car = race.current_car
        if race.is_over:
            return f"{top}\nThe race is over: {s.leader or '-'} wins (§25)."
        kind = "computer" if car in self.auto else ("player" if car in self.computer else "robot")
        return f"{top}\nTo play: {car} ({kind}) — {race.phase.value if race.phase else ''}"

    def offered(self) -> dict[str, list[str]]:
        """The actions the table offers now (its buttons and dropdowns), grouped by verb."""
        return {verb: list(texts) for verb, texts in self._offered.items()}

    def offered_table(self) -> Any:
        """The actions the table offers now as its buttons show them: one row per legal action, its kind (the verb),
        its human label (:mod:`racebook.rf90.actionlabels`) and its rule; empty before the start."""
        race = self.race
        if race is None:
            return table([], ["kind", "choice", "rule"])
        rows = [{"kind": d.action.verb, "choice": d.label + (DOES_NOTHING if does_nothing(d.action) else ""),
                 "rule": d.rule} for d in action_labels(race.legal_actions(), race.state)]
        return table(rows, ["kind", "choice", "rule"])

    # ------------------------------------------------------------ standings
    def standings(self, columns: Iterable[str] = ()) -> Any:
        """The race order (§25 interpretation: laps, section, order in the section) and each car's panel, indexed
        by "pos" (a DataFrame where pandas imports, else an HTML table); ``columns``: only these, in this order.

        Cars waiting at a re-entry point (§18.5) and cars out of the race follow, without a place, in the order of
        the classification (racebook.rf90.rules.classification: behind their re-entry section; the last out
        first)."""
        rows = self._standing_rows()
        if not rows:
            return table([], [])
        names = list(columns) or [c for c in rows[0] if c != "pos"]
        unknown = [c for c in names if c not in rows[0] or c == "pos"]
        if unknown:
            raise KeyError(f"standings: no column {', '.join(map(repr, unknown))} "
                           f"(columns: {', '.join(c for c in rows[0] if c != 'pos')})")
        return table([{c: r[c] for c in names} for r in rows], names, [r["pos"] for r in rows], "pos")

    def _standing_rows(self) -> list[dict[str, Any]]:
        """:meth:`standings`' rows, each with its "pos" first; none before the start."""
        race = self.race
        if race is None:
            return []
        s = race.state
        ranked = classification(s, retired_order(race.events))
        order = [c for c in ranked if s.cars[c].status is Status.RACING and s.cars[c].off_track is None
                 and s.cars[c].section]
        off = [c for c in ranked if s.cars[c].status is Status.RACING and c not in order]
        out = [c for c in ranked if s.cars[c].status is not Status.RACING]
        rows = []
        for i, cid in enumerate(order + off + out):
            car = s.cars[cid]
            place = str(i + 1) if cid in order else ("off" if cid in off else "out")
            section = car.section if car.status is Status.RACING else ""
            if cid in off:
                section = f"{car.off_track} (re-entry)" if car.off_track else section
            kind = "robot" if car.is_robot else ("computer" if cid in self.auto else "player")
            rows.append({
                "pos": place, "car": cid, "driver": kind, "lap": car.lap,
                "down": s.laps_down(cid) if car.status is Status.RACING else "",
                "section": section, "tyres": car.tyre.value,
                "chips": "" if car.is_robot else car.chips,
                "wear r/b": f"{car.red}/{car.brown}",
                "hand": "" if car.is_robot else len(car.hand),
                "refuel": "" if car.refuel is None else car.refuel,
                "target": ROBOT_TARGET_CHECK if car.is_robot else (s.card(car.target).check if car.target else ""),
                "strategy": car.strategy.value.replace("_", " ") if car.strategy else "",
                "pits": car.pits,
                "status": car.status.value,
            })
        return rows

    def last_sentences(self) -> list[str]:
        """The last gesture's actions (``> Blue: play R52 + R70, use the trajectory``: the car and the action's human
        label, :mod:`racebook.rf90.actionlabels`) and the engine's sentences they caused."""
        lines = []
        for action, events in self.last:
            lines.append(f"> {action.car}: {action_label(action)}" if action is not None
                         else "> (the start: automatic steps)")
            lines += [f"  {e.sentence()}" for e in events]
        return lines

    # ------------------------------------------------------------ save / load
    def save(self) -> str:
        """``race.to_json()`` into the text area and the download link (and returned)."""
        if self.race is None:
            raise RacebookError("no race to save: start one first")
        text = self.race.to_json()
        self.json_w.value = text
        self._saved = (text, self.race.position())
        self.download_html.value = download_link(text, f"racebook_race_turn{self.race.state.turn}.json")
        self.save_html.value = (f"<div>Saved {len(self.race.actions)} actions. Position:<br><code>"
                                f"{html.escape(self.race.position())}</code></div>")
        return text

    def load(self, text: str, source: str = "<pasted text>") -> Race:
        """Resume a saved race exactly: :meth:`Race.from_json` replays every action.

        A text that is not a saved race raises a :class:`RacebookError` (one line, shown in the widget)."""
        race = _race_from_json(text, source)
        humans = [c for c, car in race.state.cars.items() if not car.is_robot]
        self.setup_result = None
        self.start_sections = {}
        self._set_stage("racing")
        self.errors.clear()  # the loaded race replaces the last one: its errors no longer apply
        self._install(race, humans, [(race.actions[-1] if race.actions else None, race.steps[-1].events)])
        same = ""
        if self._saved is not None and self._saved[0] == text:
            ok = self._saved[1] == race.position()
            same = (f'<div class="{"rb-fr-ok" if ok else "rb-fr-bad"}">'
                    f"{'✓ identical to' if ok else '✗ differs from'} the position when it was saved</div>")
        self.save_html.value = (f"<div>Loaded: {len(race.actions)} actions replayed. Position:<br><code>"
                                f"{html.escape(race.position())}</code></div>{same}")
        self.tabs.selected_index = 1
        return race

    def load_upload(self, name: str, content: bytes) -> Race:
        """Resume a race from a file uploaded by the browser (its bytes; at most MAX_BYTES, UTF-8)."""
        if len(content) > MAX_BYTES:
            raise DataError(name, "<file>", f"too large ({len(content)} bytes; at most {MAX_BYTES})")
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError as e:
            raise DataError(name, "<file>", f"not UTF-8 text (byte {e.start})") from None
        return self.load(text, name)

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.load_upload(str(f.get("name", "<upload>")), bytes(f.get("content", b"")))
        finally:
            self.upload_w.value = ()  # the same file can be uploaded again

    def save_file(self, path: str | Path) -> Path:
        """Write the save to ``path`` — for Python scripts; no widget calls it (a viewer never names a path)."""
        p = Path(path)
        p.write_text(self.save(), encoding="utf-8")
        self.save_html.value += f"<div>Written to <code>{html.escape(str(p))}</code></div>"
        return p

    def load_file(self, path: str | Path) -> Race:
        """Resume from the save in ``path`` (read through racebook.core.datafile) — for Python scripts only."""
        return self.load(read_text(path, DataError), str(path))

    # ------------------------------------------------------------ drawing the race tab
    def _render_race(self) -> None:
        race = self.race
        if race is None:
            self.status_html.value = ('<div class="rb-fr-status">No race yet: set it up in the Set-up tab and '
                                      'press <b>Start the race</b>.</div>')
            self.choice_bar.show([])
            self._offered = {}
            return
        s = race.state
        car = race.current_car
        top, who = self.status_text().split("\n")
        if car is not None and not race.is_over:
            dot = colours.car_style(car, s.cars.get(car)).colour
            who = (f'<span style="color:{dot};-webkit-text-stroke:1px #333">●</span> '
                   + html.escape(who).replace(html.escape(car), f"<b>{html.escape(car)}</b>", 1))
        else:
            who = f"<b>{html.escape(who)}</b>"
        self.status_html.value = f'<div class="rb-fr-status">{html.escape(top)} &nbsp;│&nbsp; {who}</div>'
        last_event = None
        for _a, evs in reversed(self.last):
            if evs:
                last_event = evs[-1]
                break
        self.view.set_cars(s.cars)
        self.view.show(frame_of(s), last_event)
        self.last_html.value = self._last_html()
        self.panel_html.value = self._panel_html(car)
        self._render_cards(car)
        self._render_actions()
        self.try_html.value = ""
        self.standings_html.value = self._standings_html(car)

    def _last_html(self) -> str:
        if not self.last:
            return '<div class="rb-fr-log">(nothing yet)</div>'
        out = []
        for line in self.last_sentences():
            cls = "act" if line.startswith(">") else "ev"
            out.append(f'<div class="{cls}">{html.escape(line.strip())}</div>')
        return f'<div class="rb-fr-log">{"".join(out)}</div>'

    def _panel_html(self, car_id: str | None) -> str:
        """The car to play: its panel in two lines, then its hand (each card's code, MP, check factor and what it
        costs or does, on its colour; two columns)."""
        race = self.race
        assert race is not None
        s = race.state
        if car_id is None or car_id not in s.cars or s.cars[car_id].is_robot:
            return '<div class="rb-fr-note">(no player decision pending)</div>'
        car = s.cars[car_id]
        target = s.card(car.target).describe() if car.target else "—"
        line1 = (f"<b>{html.escape(car_id)}</b>: tyres <b>{car.tyre.value}</b>, <b>{car.chips}</b> tyre chip(s), "
                 f"{car.blue} blue · wear {car.red} red / {car.brown} brown of {car.setup.wear} · refuel turn "
                 f"<b>{car.refuel}</b>, {car.pits} pit stop(s)")
        line2 = (f"Target Check <b>{html.escape(target)}</b> · strategy "
                 f"<b>{car.strategy.value.replace('_', ' ') if car.strategy else '—'}</b> · skill "
                 f"<b>{car.skill.value.replace('_', ' ') if car.skill else '—'}</b>"
                 f"{' (used)' if car.skill_used else ''}")
        extra = []
        if car.table:
            extra.append("on the table: " + " ".join(car.table))
        if car.frozen:
            extra.append("frozen in the duel: " + " ".join(car.frozen))
        cards = []
        for c in car.hand:
            card = s.card(c)
            col = colours.TRAJECTORY_COLOURS.get(card.colour.value, "#999")
            code, _, effects = card.describe().partition(": ")
            cards.append(f'<div class="rb-fr-card" title="{html.escape(card.describe())}"><span class="sw" '
                         f'style="background:{col}"></span><b>{html.escape(code)}</b>'
                         f'{f" <span class=fx>{html.escape(effects)}</span>" if effects else ""}</div>')
        head = f"Hand: {len(car.hand)} of {car.setup.cards} cards" + (f" · {' · '.join(extra)}" if extra else "")
        return (f'<div class="rb-fr-panel">{line1}<br>{line2}</div><div class="rb-fr-note" style="margin-top:0.2em">'
                f'{html.escape(head)}</div><div class="rb-fr-cards">{"".join(cards)}</div>')

    def _render_cards(self, car_id: str | None) -> None:
        race = self.race
        assert race is not None
        self.toggles = {}
        if car_id not in self.computer or race.phase is not Phase.PLAY:
            _replace_children(self.card_toggles, [])
            return
        s = race.state
        toggles = []
        for c in s.cars[car_id].hand:  # type: ignore[index]
            card = s.card(c)
            t = widgets.ToggleButton(value=False, description=f"{c} [{card.mp}]({card.check:02d})",
                                     tooltip=card.describe(), layout=widgets.Layout(width="auto", height="auto"))
            t.observe(self.errors.guard(self._on_card_toggle), names="value")
            self.toggles[c] = t
            toggles.append(t)
        _replace_children(self.card_toggles, [_note("click one or two cards to see whether the play is legal:")]
                          + toggles)

    def _render_actions(self) -> None:
        """The legal actions as grouped rows (:func:`choice_family`): each click applies its Action object. A move
        that does nothing now comes last, in its own row, its label saying so; at a player's decision with the coach
        on, the coach's choice is marked (:meth:`advice`) and its reason shown under the rows."""
        race = self.race
        assert race is not None
        legal = race.legal_actions()
        choices = []
        for d in action_labels(legal, race.state):  # the car's name only when several decide
            family, words = choice_family(d.action)
            label = d.label
            if does_nothing(d.action):
                family, words, label = IDLE_FAMILY, "", label + DOES_NOTHING
            choices.append(Choice(d.action, d.text, label, d.tooltip(race.state), family, words,
                                  primary=isinstance(d.action, Play)))
        choices = [c for c in choices if c.family != IDLE_FAMILY] + [c for c in choices if c.family == IDLE_FAMILY]
        advice = self._coach_now() if self.coach else None
        over = race.is_over and bool(self.logs)
        self.debrief_b.layout.display = "" if over else "none"
        if over:
            self.debrief_b.description = f"debrief for {self.me_w.value}" if self.me_w.value else "debrief"
        if advice is not None:
            tip = choices[advice.index]
            choices[advice.index] = replace(tip, suggested=True)
            self.coach_html.value = (f'<div class="rb-fr-coach">Coach suggests <b>{words_html(tip.label, TERMS)}</b>: '
                                     f"{words_html(advice.reason, TERMS)}</div>")
        else:
            self.coach_html.value = ""
        self._offered = {}
        for a in legal:
            self._offered.setdefault(a.verb, []).append(str(a))
        self.choice_bar.show(choices)

    # ------------------------------------------------------------ the debrief (issue 33 item 2)
    def seat(self, car: str) -> Seat:
        """The race now from player car ``car``'s seat (:class:`racebook.rf90.lessons.tableseat.Seat`)."""
        assert self.race is not None
        return Seat(self.race, car, self.computer, self.seed_w.value)

    def _note(self, action: Action | str) -> None:
        """Note a player's decision in its car's log, with a copy of the race and the coach's advice if computed."""
        race = self.race
        if race is None or not self._coached():
            return
        car = race.legal_actions()[0].car
        log = self.logs.get(car)
        if log is None:
            return
        seat = self.seat(car)
        at = (id(race), len(race.actions))
        cached = self._advice[1] if self._advice is not None and self._advice[0] == at and self.coach else None
        log.note(seat, str(action), seat.buttons(), cached)

    def debrief(self, car: str | None = None) -> Debrief:
        """``car``'s debrief once the race is over (default: the car of "my car"): where it finished and the
        decisions that cost it most, each replayed both ways on copies of the race at that moment
        (:func:`racebook.core.debrief.debrief`, at most :data:`DEBRIEF_REPLAYS` replays)."""
        race = self.race
        if race is None or not race.is_over:
            raise InputError("the debrief comes at the end of the race")
        car = car or self.me_w.value
        if car not in self.logs:
            raise InputError(f"{car} is not a player car (players: {', '.join(self.logs)})")
        return replay_debrief(self.seat(car), self.logs[car].decisions, max_replays=DEBRIEF_REPLAYS)

    def show_debrief(self, car: str | None = None) -> Debrief:
        """:meth:`debrief`, shown under the choices."""
        d = self.debrief(car)
        self.debrief_html.value = f'<div class="rb-fr-debrief">{debrief_html(d, TERMS)}</div>'
        return d

    # ------------------------------------------------------------ the coach (issue 33 item 1)
    @property
    def coach(self) -> bool:
        """The coach is on (its toggle)."""
        return bool(self.coach_b.value)

    def _on_coach(self, _change: Any = None) -> None:
        self.coach_b.description = COACH_WORDS[self.coach]
        if self.race is not None:
            self._render_actions()

    def _coach_now(self) -> Advice | None:
        """The advice to draw now: computed already for this position, or computed here — except in a running kernel
        (JupyterLab, Voilà), where the look-ahead (about 10 ms, up to 90 ms on a long circuit) runs just after the
        click has been answered (:meth:`_coach_later`, on the kernel's event loop), so that a click never waits for
        it; without a loop (scripts, tests) it is computed at once."""
        race = self.race
        if race is None or not self._coached():
            return None
        at = (id(race), len(race.actions))
        if self._advice is not None and self._advice[0] == at:
            return self._advice[1]
        loop = running_loop()
        if loop is None:
            return self.advice()
        loop.call_soon(self.errors.guard(self._coach_later), at)
        return None

    def _coach_later(self, at: tuple[int, int]) -> None:
        """The look-ahead after the click (:meth:`_coach_now`): the choices drawn again with the suggestion, unless
        the race moved on or the coach was turned off meanwhile."""
        race = self.race
        if race is None or (id(race), len(race.actions)) != at or not self.coach:
            return
        self.advice()
        self._render_actions()

    def _coached(self) -> bool:
        """A player's decision (one car decides, the table's players drive it, not the computer): the coach's."""
        cars = {a.car for a in self.race.legal_actions()} if self.race is not None and not self.race.is_over else set()
        return len(cars) == 1 and cars <= set(self.computer) and not cars & self.auto

    def offered_actions(self) -> list[Action]:
        """The legal actions in the order the table offers them: a move that does nothing now
        (:func:`racebook.rf90.lessons.choicewords.does_nothing`) last."""
        race = self.race
        if race is None:
            return []
        return offered(race.legal_actions())

    def advice(self) -> Advice | None:
        """The coach's advice at a player's decision (a car the table's players drive, not the computer; None at a
        robot's, a computer-driven car's or after the race): :func:`racebook.rf90.analysis.coach.at_the_table` over
        :meth:`offered_actions` (its ``index`` is into them), each looked ahead on a clone to the end of the Game
        Turn; computed once per position."""
        race = self.race
        if race is None or not self._coached():
            return None
        actions = self.offered_actions()
        at = (id(race), len(race.actions))
        if self._advice is None or self._advice[0] != at:
            self._advice = (at, at_the_table(race, actions, self.computer, self.seed_w.value))
        return self._advice[1]

    def suggestion(self) -> tuple[str, str] | None:
        """The suggested action's text and the coach's reason, as the table shows them (None while the coach is off
        or at no player's decision)."""
        if not self.coach:
            return None
        advice = self.advice()
        return None if advice is None else (str(self.offered_actions()[advice.index]), advice.reason)

    def _standings_html(self, car: str | None) -> str:
        standing = self._standing_rows()
        if not standing:
            return ""
        rows = []
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in standing[0])
        for r in standing:
            cls = ' class="rb-fr-now"' if r["car"] == car else ""
            cells = "".join(f"<td>{html.escape(str(v))}</td>" for v in r.values())
            rows.append(f"<tr{cls}>{cells}</tr>")
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def download_link(text: str, filename: str) -> str:
    """An HTML anchor that makes the browser download ``text`` as ``filename`` (a ``data:`` URI: nothing is
    written on the server)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:application/json;charset=utf-8;base64,{data}" '
            f'class="rb-fr-download" style="margin: 0 12px; font-size: 16px;">⬇ download the saved race</a>')


def _race_from_json(text: str, source: str) -> Race:
    """:meth:`Race.from_json` with every failure as one RacebookError line naming ``source``."""
    if not isinstance(text, str) or not text.strip():
        raise DataError(source, "<json>", "empty: paste a saved race (the text of save → text) or upload its file")
    if len(text) > MAX_BYTES:
        raise DataError(source, "<json>", f"too large ({len(text)} characters; at most {MAX_BYTES})")
    try:
        return Race.from_json(text)
    except RacebookError:
        raise
    except Exception as e:  # a tampered or foreign text: one line, not a traceback
        raise DataError(source, "<json>", f"not a saved race ({type(e).__name__}: {_one_line(str(e))})") from None


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]


class _SetupProblem(Exception):
    """Raised (and caught) when the set-up has errors; they are already shown in the set-up Output."""


def _qual_text(e: Entry) -> str:
    return e.explain().split(": ", 1)[1]

