"""Robots in the notebook (§17): "what does the robot do here?" — the robot-move panel.

* :class:`RobotSetup` / :class:`AheadCar` — a small position described in words: a robot (type, section,
  trajectory, Leader token or not) and up to four cars in front of it (human or robot, how many sections ahead,
  on which lap relative to the robot, NO MOVE), a yellow flag, the next blind draws, what the orange-flag holder
  does, the kind of Game Turn and two house rules.
* :func:`setup_position` turns it into Race Position Notation; :func:`setup_scenario` into a scenario dict for
  :func:`racebook.rf90.scenario.build`. This is only *input encoding*: lap tokens are the "-x lap" tokens of the
  notation (laps behind the leader, §13.E.4), nothing here decides a rule.
* :func:`play_robot` builds the race and lets the **engine** play the robot's individual turn (§17.3); the
  orange-flag holder's choice (§15.4) is applied as an action. :class:`RobotMove` holds the log slice.
* :class:`RobotMovePanel` — the widgets: the choices, the robot's events as text and a
  :class:`~racebook.ui.ScenarioPlayer` (track view + stepper) on the same race.

    from racebook.rf90.ui.robots import RobotMovePanel
    panel = RobotMovePanel()
    panel              # choose, and read what the engine did
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from racebook.rf90 import scenario as scen
from racebook.rf90.actionlabels import label
from racebook.rf90.actions import Action, Bid, Decline, Force, NoChallenge, NoForce
from racebook.rf90.events import Retired, TurnBegins, TurnEnds
from racebook.rf90.track import SectionType, TrajectoryKind
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui.costs import arithmetic
from racebook.rf90.ui.player import ScenarioPlayer
from racebook.ui import style
from racebook.ui.errors import ErrorLog, InputError, show_mistakes

if TYPE_CHECKING:
    from racebook.rf90.game import Race  # a race of the game (a racebook.core.game.Race)

ROBOT_KINDS = ("superfast", "fast", "slow")
"""The three robot types (§17.1): SuperFast (black, 4 MP), Fast (yellow, 3 MP), Slow (purple, 2 MP)."""
CAR_KINDS = ("human",) + ROBOT_KINDS
PREFIX = {"superfast": "SuperFast", "fast": "Fast", "slow": "Slow"}
HUMAN_IDS = ("Blue", "Green", "Pink", "Orange")
"""The id of the car in row 1…4 when it is a human; a robot in row k is e.g. ``Fast{k+2}``."""
HOLDER = "Red"
"""The other human: the leader far ahead (or, when the robot leads, the car behind it) and the orange-flag holder."""
MAX_AHEAD = 6
MAX_CARS = 4
LEADER_AHEAD = 9  # sections in front of the robot where Red leads: out of reach of any robot move (≤ 7 MP)
LAP_LABELS = {-1: "a lap ahead of the robot", 0: "same lap as the robot", 1: "a lap down (the robot laps it)",
              2: "two laps down"}
TURN_LABELS = {"normal": "normal Game Turn", "start": "race start (turn 1)", "restart": "restart after the SC",
               "last": "last Game Turn"}
ORANGE_LABELS = {"none": "nobody holds the orange pawn", "lb": f"{HOLDER} holds it: force a late braking",
                 "et": f"{HOLDER} holds it: force the Extreme Trajectory", "decline": f"{HOLDER} holds it: lets the "
                 "robot be"}
_TARGETS = ("R88", "R77", "R67", "R68", "R86", "R98", "R66", "R76")  # Target Checks for the humans (§7.2)


@dataclass(frozen=True, slots=True)
class AheadCar:
    """One car in front of the robot (it has already played this Game Turn).

    ``ahead``: sections in front of the robot (0 = in the robot's own section, ahead of it). ``lap``: laps
    behind the robot (-1 = a lap ahead of it, 0 = same lap, 1 = a lap down, 2 = two laps down).
    """

    kind: str = "human"
    ahead: int = 1
    lap: int = 0
    no_move: bool = False


@dataclass(frozen=True, slots=True)
class RobotSetup:
    """A position in words around one robot (see the module docstring). ``draws`` are the next blind draws'
    check factors (card R05 has check factor 5): Leader checks, forced late brakings, ET and recovery tests."""

    robot: str = "fast"
    start: str = "I"
    trajectory: str | None = None
    robot_leads: bool = False
    cars: tuple[AheadCar, ...] = ()
    yellow: str | None = None
    draws: tuple[int, ...] = ()
    orange: str = "none"
    turn: str = "normal"
    last_turn_easy_passing: bool = True  # house rule AMB-13 (§22)
    trajectories_at_start: bool = False  # house rule AMB-14 (§22)
    track: str = "teaching"
    seed: int = 17


def robot_id(setup: RobotSetup) -> str:
    return PREFIX[setup.robot] + "1"


def ahead_id(row: int, car: AheadCar) -> str:
    """The id of the car in row ``row`` (0-based): a human colour, or e.g. ``Slow3`` for a robot."""
    return HUMAN_IDS[row] if car.kind == "human" else f"{PREFIX[car.kind]}{row + 2}"


def _check(setup: RobotSetup) -> None:
    if setup.robot not in ROBOT_KINDS:
        raise InputError(f"robot={setup.robot!r}: expected one of {', '.join(ROBOT_KINDS)} (§17.1)")
    if len(setup.cars) > MAX_CARS:
        raise InputError(f"at most {MAX_CARS} cars in front of the robot")
    for k, c in enumerate(setup.cars, start=1):
        if c.kind not in CAR_KINDS:
            raise InputError(f"car {k}: kind={c.kind!r}: expected one of {', '.join(CAR_KINDS)}")
        if not 0 <= c.ahead <= MAX_AHEAD:
            raise InputError(f"car {k}: ahead={c.ahead}: 0 to {MAX_AHEAD} sections in front of the robot")
        if c.lap not in LAP_LABELS:
            raise InputError(f"car {k}: lap={c.lap}: expected one of {sorted(LAP_LABELS)}")
        if setup.robot_leads and c.lap <= 0:
            raise InputError(f"car {k} is in front of the leader on his lap or further: it would be the leader "
                             "itself — a car in front of the leader is a backmarker a lap down (§11.1, §13.E.4)")
    if setup.turn not in TURN_LABELS:
        raise InputError(f"turn={setup.turn!r}: expected one of {', '.join(TURN_LABELS)}")
    if setup.orange not in ORANGE_LABELS:
        raise InputError(f"orange={setup.orange!r}: expected one of {', '.join(ORANGE_LABELS)}")
    for d in setup.draws:
        if not 1 <= d <= 99:
            raise InputError(f"draw {d}: check factors run from 1 to 99 (§5.1)")
    if len(set(setup.draws)) != len(setup.draws):
        raise InputError("each Race Card is in the deck once: no check factor twice in the next draws")


def setup_position(setup: RobotSetup) -> str:
    """The position in Race Position Notation.

    Every car in front has played (``{played}``); the robot has not. Lap tokens are laps behind the leader: with
    the robot leading, a car ``lap`` laps down wears ``-(lap-1)`` (a car in front of the leader with no token is
    about to be lapped, §11.2 case 3); otherwise the robot is one lap down when a car is a lap ahead of it.
    """
    _check(setup)
    track = load_track(setup.track)
    n = len(track)
    start = track.section(setup.start).index

    def sec(k: int) -> str:
        return track.sections[(start + k) % n].name

    groups: dict[int, list[str]] = {}
    mine = 0 if setup.robot_leads else (1 if any(c.lap == -1 for c in setup.cars) else 0)
    for row, c in enumerate(setup.cars):
        down = c.lap - 1 if setup.robot_leads else mine + c.lap
        flags = "played" + (",no_move" if c.no_move else "")
        groups.setdefault(c.ahead, []).append(f"{ahead_id(row, c)}{f'-{down}' if down else ''}{{{flags}}}")
    me = robot_id(setup) + ("*" if setup.robot_leads else "") + (f"-{mine}" if mine else "")
    if setup.trajectory:
        me += f"@{setup.trajectory}"
    groups.setdefault(0, []).append(me)
    if setup.robot_leads:
        groups.setdefault(-1, []).append(HOLDER)  # the next to play: the race stops at his decision
    else:
        groups.setdefault(LEADER_AHEAD, []).append(f"{HOLDER}*{{played}}")
    if setup.yellow:
        k = next((k for k in range(-1, LEADER_AHEAD + 1) if sec(k) == setup.yellow), None)
        if k is None:
            raise InputError(f"yellow flag: no section {setup.yellow!r} on {track.id!r}")
        groups.setdefault(k, []).insert(0, "(Y)")
    turn = {"normal": 6, "start": 1, "restart": 6, "last": track.turns.last_turn}[setup.turn]
    body = " | ".join(f"{sec(k)}: {' '.join(groups[k])}" for k in sorted(groups, reverse=True))
    return f"{track.id} turn={turn} lap=3 | {body}"


def setup_scenario(setup: RobotSetup) -> dict[str, Any]:
    """The scenario dict for :func:`racebook.rf90.scenario.build` (position, orange pawn, house rules, draws)."""
    position = setup_position(setup)
    draws = [f"R{d:02d}" for d in setup.draws]
    targets = iter(t for t in _TARGETS if t not in draws)
    humans = [HOLDER] + [ahead_id(r, c) for r, c in enumerate(setup.cars) if c.kind == "human"]
    race: dict[str, Any] = {"restart": setup.turn == "restart"}
    if setup.orange != "none":
        race["orange"] = HOLDER
    return {
        "scenario": {"id": "robot_panel", "track": setup.track, "seed": setup.seed, "position": position},
        "rules": {"last_turn_easy_passing": setup.last_turn_easy_passing,
                  "trajectories_at_start": setup.trajectories_at_start},
        "race": race,
        "cars": {h: {"target": next(targets)} for h in humans},
        "deck": {"stack": draws},
    }


@dataclass
class RobotMove:
    """The engine's robot turn: the race and the slice of its log from the robot's ``TurnBegins`` to its
    ``TurnEnds`` (or ``Retired``); ``decisions`` are the actions applied for the humans (orange flag, duels)."""

    setup: RobotSetup
    race: Race
    robot: str
    first: int
    last: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def events(self) -> list[Any]:
        return self.race.events[self.first:self.last + 1]

    def lines(self) -> list[str]:
        """The robot's events as sentences, each citing the digest."""
        return [e.sentence() for e in self.events]

    def arithmetic(self) -> str:
        """How the MP were spent, as the book writes it (from :func:`racebook.rf90.lessons.passes.mp_breakdown`)."""
        return arithmetic(self.events, self.robot)

    def text(self) -> str:
        """What the panel shows, as plain text: the decisions taken for the humans, the robot's events as
        sentences and its MP arithmetic (the positions, in Race Position Notation, are in the panel's
        "notation" fold only)."""
        out = [f"decision: {d}" for d in self.decisions]
        out += self.lines()
        out.append(self.arithmetic())
        return "\n".join(out)


@dataclass(frozen=True)
class Decision:
    """A decision the panel takes for a human so that the robot's turn can go on: the action and why."""

    action: Action
    why: str

    def __str__(self) -> str:
        return f"{self.action.car}: {label(self.action)} ({self.why})"


def _settle_duel(race: Race) -> Action:
    """A corner activation asked a human about a duel: he declines (duels are notebook 04)."""
    acts = race.legal_actions()
    pick: Action | None
    for kind in (NoChallenge, Decline):
        pick = next((a for a in acts if isinstance(a, kind)), None)
        if pick is not None:
            break
    else:
        pick = next((a for a in acts if isinstance(a, Bid) and not a.cards), acts[0])
    race.apply(pick)
    return pick


def _orange_choice(setup: RobotSetup, acts: list[Action]) -> Action:
    forces = [a for a in acts if isinstance(a, Force)]
    if setup.orange == "lb":
        pick = next((a for a in forces if a.what == "lb"), None)
    elif setup.orange == "et":
        pick = next((a for a in forces if a.what != "lb"), None)
    else:
        pick = None
    return pick or next(a for a in acts if isinstance(a, NoForce))


def play_robot(setup: RobotSetup) -> RobotMove:
    """Build the position and let the engine play the robot's individual turn (§17.3)."""
    race = scen.build(setup_scenario(setup), "<robot panel>")
    rid = robot_id(setup)
    decisions: list[Decision] = []
    for _ in range(12):  # a duel or the orange-flag holder may stop the automatic play
        if race.is_over or race.current_car is None:
            break
        began = any(isinstance(e, TurnBegins) and e.car == rid for e in race.events)
        ended = any(isinstance(e, (TurnEnds, Retired)) and e.car == rid for e in race.events)
        if ended:
            break
        phase = race.phase.name if race.phase else ""
        if phase == "ORANGE":
            act = _orange_choice(setup, race.legal_actions())
            race.apply(act)
            decisions.append(Decision(act, "the orange-flag holder decides, §15.4"))
        elif phase == "DUEL" and not began:
            decisions.append(Decision(_settle_duel(race), "duels: notebook 04"))
        else:
            break
    evs = race.events
    first = next((i for i, e in enumerate(evs) if isinstance(e, TurnBegins) and e.car == rid), 0)
    last = next((i for i, e in enumerate(evs) if i >= first and isinstance(e, (TurnEnds, Retired)) and e.car == rid),
                len(evs) - 1)
    return RobotMove(setup, race, rid, first, last, decisions)


# ------------------------------------------------------------------------------------------ presets
def _cars(*cars: tuple) -> tuple[AheadCar, ...]:
    return tuple(AheadCar(*c) for c in cars)


PRESETS: dict[str, RobotSetup] = {
    "robots pass each other for 0 MP": RobotSetup(
        "superfast", "I", cars=_cars(("slow", 0), ("fast", 0), ("human", 2))),
    "a human on a straight: 1 MP": RobotSetup("fast", "I", cars=_cars(("human", 1), ("slow", 3))),
    "stop behind a human in a corner": RobotSetup("superfast", "I", cars=_cars(("human", 2), ("fast", 4))),
    "stop behind a human in a braking zone": RobotSetup("fast", "G", cars=_cars(("human", 2), ("human", 3))),
    "lapping a human in a corner: 2 MP": RobotSetup("superfast", "H", cars=_cars(("human", 1, 1), ("human", 3))),
    "a robot never unlaps on its own": RobotSetup("superfast", "I", cars=_cars(("human", 1, -1), ("fast", 3, -1))),
    "the robot leader's Leader check": RobotSetup(
        "superfast", "H", robot_leads=True, cars=_cars(("slow", 2, 1), ("human", 2, 1)), draws=(40, 80)),
    "trajectory bonus, no colour, no cost": RobotSetup("fast", "I", trajectory="I.t1", cars=_cars(("slow", 1),
                                                                                                   ("slow", 2))),
    "a yellow flag blocks every pass": RobotSetup("superfast", "I", cars=_cars(("slow", 2), ("human", 4)),
                                                  yellow="G"),
    "orange flag: a forced late braking": RobotSetup("fast", "H", cars=_cars(("human", 3), ("slow", 5)),
                                                     draws=(31,), orange="lb"),
    "restart: 1 MP past a human anywhere": RobotSetup("superfast", "I", cars=_cars(("human", 2), ("human", 3)),
                                                      turn="restart"),
}
DEFAULT_PRESET = "robots pass each other for 0 MP"

_CSS = """<style>
.rb-robot {font-size: 17px; line-height: 1.45;}
.rb-robot .big {font-size: 21px; font-weight: bold; margin: 4px 0;}
.rb-robot .rule {color: #fff; background: #555; border-radius: 4px; padding: 0 5px; font-size: 13px;}
.rb-robot .err {color: #b00020; font-weight: bold;}
.rb-robot .rpn {font-family: monospace; font-size: 14px; color: #333; background: #f4f4f4; padding: 2px 6px;}
.rb-robot ol {margin: 2px 0 2px 26px; padding: 0;}
.rb-robot-ctl .widget-label, .rb-robot-ctl .widget-dropdown select, .rb-robot-ctl .widget-toggle-button,
.rb-robot-ctl .widget-checkbox label, .rb-robot-ctl .widget-text input {font-size: 16px;}
.rb-robot-ctl .widget-toggle-button.mod-active {background: #1f5fa8; color: #fff;}
</style>"""


class _Row:
    """One car in front of the robot: kind, sections ahead, lap, NO MOVE."""

    def __init__(self, k: int, on_change: Any) -> None:
        lay = widgets.Layout
        self.label = widgets.HTML(f"<b style='font-size:16px'>car {k + 1}</b>", layout=lay(width="60px"))
        self.kind = widgets.Dropdown(options=[("—", ""), ("human", "human"), ("SuperFast robot", "superfast"),
                                              ("Fast robot", "fast"), ("Slow robot", "slow")],
                                     value="", layout=lay(width="170px"))
        self.ahead = widgets.Dropdown(options=[(str(i), i) for i in range(MAX_AHEAD + 1)], value=1,
                                      layout=lay(width="215px"))
        self.lap = widgets.Dropdown(options=[(v, k) for k, v in LAP_LABELS.items()], value=0,
                                    layout=lay(width="260px"))
        self.no_move = widgets.Checkbox(value=False, description="NO MOVE", indent=False, layout=lay(width="120px"))
        for w in (self.kind, self.ahead, self.lap, self.no_move):
            w.observe(on_change, names="value")
        self.cells = [self.label, self.kind, self.ahead, self.lap, self.no_move]

    def car(self) -> AheadCar | None:
        if not self.kind.value:
            return None
        return AheadCar(self.kind.value, self.ahead.value, self.lap.value, self.no_move.value)

    def show(self, car: AheadCar | None) -> None:
        self.kind.value = car.kind if car else ""
        if car:
            self.ahead.value, self.lap.value, self.no_move.value = car.ahead, car.lap, car.no_move


class RobotMovePanel:
    """Choose a robot and the cars in front of it; the engine plays the robot's move (§17.3, §17.4).

    Headless use (tests, printed examples): :meth:`load_preset`, :meth:`set_setup`, :attr:`move`,
    :meth:`text`. Errors (an impossible position, a card twice in the draws) go to ``panel.errors``.
    """

    def __init__(self, setup: RobotSetup | str = DEFAULT_PRESET, *, width: int = 980) -> None:
        self.errors = ErrorLog()
        self.move: RobotMove | None = None
        self.problem = ""
        self._quiet = False
        self.track = load_track("teaching")
        self._build(width)
        if isinstance(setup, str):
            self.load_preset(setup)
        else:
            self.set_setup(setup)

    # ------------------------------------------------------------ widgets
    def _build(self, width: int) -> None:
        g = self.errors.guard
        lay = widgets.Layout
        change = g(self._on_change)
        self.title = widgets.HTML(
            _CSS + "<div style='font-size:24px;font-weight:bold'>What does the robot do here?</div>"
            "<div style='font-size:15px;color:#555'>Pick a robot and up to four cars in front of it (they have "
            "already played). The engine plays the robot's individual turn (§17.3); every number below is the "
            "engine's.</div>")
        self.preset = widgets.Dropdown(options=list(PRESETS), value=DEFAULT_PRESET, description="start from",
                                       style={"description_width": "95px"}, layout=lay(width="480px"))
        self.preset_button = widgets.Button(description="load", layout=lay(width="80px"))
        self.preset_button.on_click(g(lambda _b: self.load_preset(self.preset.value)))
        self.robot = widgets.ToggleButtons(options=[("SuperFast · 4 MP", "superfast"), ("Fast · 3 MP", "fast"),
                                                    ("Slow · 2 MP", "slow")], value="fast", description="robot",
                                           style={"description_width": "70px", "button_width": "185px"})
        names = [s.name for s in self.track.sections]
        self.start = widgets.Dropdown(options=names, value="I", description="in section",
                                      style={"description_width": "95px"}, layout=lay(width="200px"))
        self.trajectory = widgets.Dropdown(options=[("none", "")], value="", description="on trajectory",
                                           style={"description_width": "120px"}, layout=lay(width="460px"))
        self.leads = widgets.ToggleButtons(options=[(f"{HOLDER}, far ahead", False), ("the robot", True)],
                                           value=False, description="Leader token",
                                           style={"description_width": "115px", "button_width": "175px"})
        self.rows = [_Row(k, change) for k in range(MAX_CARS)]
        head = [widgets.HTML(f"<b style='font-size:15px'>{h}</b>") for h in
                ("", "car", "sections ahead", "lap", "")]
        self.grid = widgets.GridBox(head + [c for r in self.rows for c in r.cells], layout=lay(
            grid_template_columns="60px 175px 220px 265px 125px", grid_gap="3px 8px", align_items="center"))
        self.yellow = widgets.Dropdown(options=[("none", "")] + [(s.name, s.name) for s in self.track.sections
                                                                 if s.type is SectionType.CORNER],
                                       value="", description="yellow flag in", style={"description_width": "125px"},
                                       layout=lay(width="230px"))
        self.draws = widgets.Text(value="", description="next blind draws", placeholder="e.g. 40, 80",
                                  style={"description_width": "150px"}, layout=lay(width="340px"))
        self.orange = widgets.Dropdown(options=[(v, k) for k, v in ORANGE_LABELS.items()], value="none",
                                       description="orange flag", style={"description_width": "105px"},
                                       layout=lay(width="520px"))
        self.turn = widgets.Dropdown(options=[(v, k) for k, v in TURN_LABELS.items()], value="normal",
                                     description="Game Turn", style={"description_width": "100px"},
                                     layout=lay(width="360px"))
        self.amb13 = widgets.Checkbox(value=True, indent=False, description="house rule AMB-13: last turn, 1 MP "
                                      "passing anywhere", layout=lay(width="520px"))
        self.amb14 = widgets.Checkbox(value=False, indent=False, description="house rule AMB-14: trajectories "
                                      "in turn 1", layout=lay(width="520px"))
        for w in (self.robot, self.start, self.trajectory, self.leads, self.yellow, self.draws, self.orange,
                  self.turn, self.amb13, self.amb14):
            w.observe(change, names="value")
        self.result = widgets.HTML()
        self.player = ScenarioPlayer(scen.build({"scenario": {"id": "empty", "track": "teaching",
                                                              "position": "teaching | A: Red"}}),
                                     width=width, rows=8)
        self.controls = widgets.VBox([
            widgets.HBox([self.preset, self.preset_button]),
            self.robot,
            widgets.HBox([self.start, self.trajectory]),
            self.leads,
            self.grid,
            widgets.HBox([self.yellow, self.draws]),
            widgets.HBox([self.orange, self.turn]),
            self.amb13, self.amb14,
        ])
        self.controls.add_class("rb-robot-ctl")
        self.widget = widgets.VBox([self.title, self.controls, self.result, self.player.widget,
                                    self.errors.widget])

    # ------------------------------------------------------------ API
    def load_preset(self, name: str) -> None:
        self.set_setup(PRESETS[name])
        self.preset.value = name

    def set_setup(self, setup: RobotSetup) -> None:
        """Show ``setup`` in the widgets and play it."""
        self._quiet = True
        try:
            self.robot.value = setup.robot
            self.start.value = setup.start
            self._fill_trajectories()
            self.trajectory.value = setup.trajectory or ""
            self.leads.value = setup.robot_leads
            for k, row in enumerate(self.rows):
                row.show(setup.cars[k] if k < len(setup.cars) else None)
            self.yellow.value = setup.yellow or ""
            self.draws.value = ", ".join(str(d) for d in setup.draws)
            self.orange.value = setup.orange
            self.turn.value = setup.turn
            self.amb13.value = setup.last_turn_easy_passing
            self.amb14.value = setup.trajectories_at_start
            self._label_rows()
        finally:
            self._quiet = False
        self.update()
        self.errors.clear()  # a new set-up: the last one's mistakes no longer apply

    @property
    def setup(self) -> RobotSetup:
        """The setup the widgets describe (raises ValueError on unreadable draws)."""
        text = self.draws.value.replace(",", " ").split()
        try:
            draws = tuple(int(t) for t in text)
        except ValueError:
            raise InputError(f"next blind draws {self.draws.value!r}: type check factors 1–99 (§5.1), "
                             "e.g. '40, 80'") from None
        return RobotSetup(self.robot.value, self.start.value, self.trajectory.value or None, self.leads.value,
                          tuple(c for c in (r.car() for r in self.rows) if c is not None), self.yellow.value or None,
                          draws, self.orange.value, self.turn.value, self.amb13.value, self.amb14.value)

    def _refused(self, line: str) -> None:
        """The engine cannot play the position (a user's mistake): the one-line reason in the result area."""
        self.problem = line
        self.result.value = (f"{_CSS}<div class='rb-robot'><span class='err'>Cannot play this position:"
                             f"</span> {html.escape(line)}</div>")

    def update(self) -> None:
        """Rebuild the position from the widgets and let the engine play the robot."""
        self.move = None
        self.problem = ""
        with show_mistakes(self._refused):
            setup = self.setup
            move = play_robot(setup)
        if self.problem:
            return
        self.move = move
        self.result.value = self._html(move)
        self.player.set_race(move.race, move.last + 1)

    def text(self) -> str:
        """What the panel shows, as plain text."""
        if self.move is None:
            return f"Cannot play this position: {self.problem}"
        return self.move.text()

    # ------------------------------------------------------------ callbacks
    def _on_change(self, change: dict) -> None:
        if self._quiet:
            return
        owner = change.get("owner")
        if owner is self.start:
            self._quiet = True
            try:
                self._fill_trajectories()
                self._label_rows()
            finally:
                self._quiet = False
        self.update()

    def _fill_trajectories(self) -> None:
        opts = [("none", "")]
        for t in self.track.trajectories_in(self.start.value):
            kind = "ET, forced earlier: blind test first" if t.kind is TrajectoryKind.EXTREME else "standard"
            opts.append((f"{t.id} +{t.bonus} ({kind})", t.id))
        self.trajectory.options = opts
        self.trajectory.value = ""

    def _label_rows(self) -> None:
        n = len(self.track)
        i = self.track.section(self.start.value).index
        opts = []
        for k in range(MAX_AHEAD + 1):
            sec = self.track.sections[(i + k) % n]
            kind = "braking" if sec.type is SectionType.BRAKING else sec.type.value
            opts.append(("0 · its own section" if k == 0 else f"{k} · {sec.name} {kind}", k))
        for r in self.rows:
            v = r.ahead.value
            r.ahead.options = opts
            r.ahead.value = v

    def _html(self, move: RobotMove) -> str:
        rid = move.robot
        kind = move.setup.robot
        parts = [_CSS, "<div class='rb-robot'>",
                 f"<div class='big'>{html.escape(rid)} ({PREFIX[kind]} robot): {html.escape(move.arithmetic())}"
                 "</div>"]
        for d in move.decisions:
            parts.append(f"<div>decision: <b>{html.escape(str(d))}</b></div>")
        parts.append("<ol>" + "".join(f"<li>{style.sentence_html(s)}</li>" for s in move.lines()) + "</ol>")
        parts.append("<details><summary>the positions in Race Position Notation</summary>"
                     f"<div>before: <span class='rpn'>{html.escape(setup_position(move.setup))}</span></div>"
                     f"<div>after: <span class='rpn'>{html.escape(move.race.position())}</span></div></details>")
        parts.append("</div>")
        return "".join(parts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["AheadCar", "PRESETS", "RobotMove", "RobotMovePanel", "RobotSetup", "play_robot",
           "setup_position", "setup_scenario"]
