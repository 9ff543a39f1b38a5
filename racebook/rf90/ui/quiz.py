"""Section activation, as an exercise: read the order off a race log, check it against the book, and
"your turn" — a widget where the reader builds a position and predicts who plays when (§10, §11).

Nothing here decides a rule. The order a race really played comes from its events
(``SectionActivated``, ``TurnBegins``, ``TurnResumes``); the answer to a prediction comes from
:func:`racebook.rf90.rules.activation.preview`. This module only compares and shows::

    from racebook.rf90.ui.quiz import ActivationQuiz, activation_log, book_check
    print(book_check(racebook.load_scenario("ex11").race, ["E: Blue", "D: Purple", "G: Orange Green", "I: Yellow"]))
    quiz = ActivationQuiz()      # dropdowns, a track view, a prediction box and a Reveal button
    quiz
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from racebook.core.datafile import load_toml
from racebook.core.errors import NotationError, ScenarioError
from racebook.rf90 import notation
from racebook.rf90.car import Car, CarKind, RobotType
from racebook.rf90.game import frame_of
from racebook.rf90.rules import activation
from racebook.rf90.scenario import resolve_path
from racebook.rf90.state import Activation, RaceState
from racebook.rf90.trackfile import load_track
from racebook.rf90.ui import colours
from racebook.rf90.ui.svgview import track_view
from racebook.ui import style
from racebook.ui.errors import ErrorLog, InputError

# ---------------------------------------------------------------------------------------------- the race log


@dataclass(frozen=True, slots=True)
class ActivationStep:
    """One activation of a section (or subsection) in a race log.

    ``due`` are the cars the activation announced; ``played`` those that really started (or resumed,
    after a pit stop) an individual turn before the next activation — a duel can send a car elsewhere
    (Ex. 42). ``position`` is the stepper position (1-based) of the ``SectionActivated`` event.
    """

    position: int
    label: str
    section: str
    part: str
    due: tuple[str, ...]
    played: tuple[str, ...]
    resumed: tuple[str, ...]
    why: str
    rule: str

    def line(self) -> str:
        """``C2 → Blue (leader, FAS) — §11.2 case 1``."""
        cars = ", ".join(f"{c} (resumes after his pit stop)" if c in self.resumed else c for c in self.played)
        if set(self.due) != set(self.played):
            cars = f"{cars or 'nobody'} [announced: {', '.join(self.due)}]"
        return f"{self.label} → {cars} ({self.why}) — {self.rule}"


def activation_log(race: Any, whole_race: bool = False) -> list[ActivationStep]:
    """The activations of a race's log, in order; only the first Game Turn unless ``whole_race``."""
    out: list[ActivationStep] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            out.append(ActivationStep(current["position"], current["label"], current["section"], current["part"],
                                      current["due"], tuple(current["played"]), tuple(current["resumed"]),
                                      current["why"], current["rule"]))

    for i, e in enumerate(race.events, start=1):
        kind = e.kind
        if kind == "GameTurnEnded" and not whole_race:
            break
        if kind == "SectionActivated":
            close()
            current = {"position": i, "label": e.label, "section": e.section, "part": e.part,
                       "due": e.cars, "played": [],
                       "resumed": [], "why": e.why, "rule": e.citation}
        elif kind in ("TurnBegins", "TurnResumes") and current is not None:
            if e.car not in current["played"]:
                current["played"].append(e.car)
            if kind == "TurnResumes":
                current["resumed"].append(e.car)
    close()
    return out


def _book_entry(text: str) -> tuple[str, tuple[str, ...] | None]:
    label, colon, cars = text.partition(":")
    return label.strip(), (tuple(cars.split()) if colon else None)


def book_check(race: Any, book: Sequence[str | None], whole_race: bool = False) -> str:
    """The activation order the engine played beside the book's, one line per activation, ✓ or ✗.

    ``book`` has one entry per activation: ``"G: Orange Green"`` (label and cars), ``"B"`` (the book names
    only the section) or ``None`` (the book does not mention this activation; shown as "—", no mark).
    """
    steps = activation_log(race, whole_race)
    rows: list[tuple[str, str, str, str, str]] = []
    for k in range(max(len(steps), len(book))):
        st = steps[k] if k < len(steps) else None
        entry = book[k] if k < len(book) else None
        eng = st.line() if st else "(nothing)"
        if entry is None:
            rows.append((str(k + 1), eng, "(not in the book)", "", ""))
            continue
        label, cars = _book_entry(entry)
        ok = st is not None and st.label == label and (cars is None or tuple(st.played) == cars)
        shown = f"{label}: {' '.join(cars)}" if cars else f"{label} (cars not named)"
        rows.append((str(k + 1), eng, shown, "✓" if ok else "✗", ""))
    head = ("#", "engine: activation → cars that played (why) — rule", "book", "", "")
    w1 = max(len(r[1]) for r in [head, *rows])
    w2 = max(len(r[2]) for r in [head, *rows])
    lines = [f"{head[0]:>2}  {head[1]:<{w1}}  {head[2]:<{w2}}"]
    lines += [f"{r[0]:>2}  {r[1]:<{w1}}  {r[2]:<{w2}}  {r[3]}".rstrip() for r in rows]
    marks = [r[3] for r in rows if r[3]]
    lines.append(f"{marks.count('✓')}/{len(marks)} activations as in the book")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- your turn

DEFAULT_ROSTER: dict[str, RobotType | None] = {
    # The manual's colours: purple = Slow robot, yellow = Fast robot, black = SuperFast robot (§17.1).
    "Blue": None, "Orange": None, "Green": None, "Red": None,
    "Purple": RobotType.SLOW, "Yellow": RobotType.FAST, "Black": RobotType.SUPERFAST,
}
DEFAULT_POSITION = "teaching turn=5 lap=3 | B: Red | C: Purple Blue* Green | D: Orange | G: Yellow"
DEFAULT_PRESETS: dict[str, str] = {
    "a leader in a crowd (puzzle)": DEFAULT_POSITION,
    "Ex. 11 start": "ex11",
    "Ex. 12 start": "ex12",
    "Ex. 13 start": "ex13",
    "Ex. 14 start": "ex14",
    "Ex. 42 start": "ex42",
    "empty track": "teaching turn=5 lap=3",
}
_BADGE = "color:#fff;background:#555;border-radius:4px;padding:1px 6px"
_CSS = ("<style>.rb-quiz select, .rb-quiz .widget-dropdown > select {font-size:17px; height:32px}"
        " .rb-quiz .widget-toggle-buttons button {font-size:15px}</style>")
_SPLIT = re.compile(r"[\s,;>→]+|-+>")


class IncompletePosition(ValueError):
    """The dropdowns do not describe a whole position yet (no Leader token, or the leader is not placed)."""


@dataclass(frozen=True, slots=True)
class QuizStep:
    """One individual turn of the answer, beside the reader's guess."""

    step: int
    group: str  # activation label, e.g. "C2"
    expected: str | None
    predicted: str | None
    rule: str  # the engine's rule for the group
    why: str  # what that rule says (or "front to back" for the 2nd+ car of a group)

    @property
    def ok(self) -> bool:
        return self.expected is not None and self.expected == self.predicted

    @property
    def mark(self) -> str:
        return "✓" if self.ok else "✗"


def scenario_position(name: str) -> tuple[str, dict[str, RobotType]]:
    """The starting RPN of a shipped scenario and its robots (read from the file; nothing is played)."""
    raw = load_toml(resolve_path(name), ScenarioError)
    robots: dict[str, RobotType] = {}
    for cid, spec in raw.get("cars", {}).items():
        if spec.get("kind") == "robot" and "robot" in spec:
            robots[cid] = RobotType(spec["robot"])
    return raw["scenario"]["position"], robots


class ActivationQuiz:
    """Build a position with dropdowns (or Race Position Notation), predict the activation order, reveal.

    Per car: its section ("—" = not in this position), its place in the section (1 = front) and an
    optional "-x lap" token; one dropdown says which car holds the Leader token. The RPN box shows the
    position and accepts anything the notation allows (``{played}``, ``{off=E}`` …; "load" applies it).
    The prediction is typed (``Blue, Green, Orange``) or picked with the car buttons; "Reveal" compares
    it, turn by turn, with :func:`racebook.rf90.rules.activation.preview` — the order if no car moved.

    Headless use (tests, printed examples): :meth:`load`, :meth:`set_car`, :meth:`set_leader`,
    :meth:`predict`, :meth:`reveal`, :meth:`text`. Callback errors go to ``quiz.errors`` (an Output).
    """

    def __init__(self, position: str | None = None, *, track: str = "teaching",
                 roster: Mapping[str, RobotType | None] | None = None,
                 presets: Mapping[str, str] | None = None, width: int = 900) -> None:
        self.errors = ErrorLog()
        self.track = load_track(track)
        self.roster: dict[str, RobotType | None] = dict(DEFAULT_ROSTER if roster is None else roster)
        self.presets = dict(DEFAULT_PRESETS if presets is None else presets)
        self.state: RaceState | None = None
        self.problem = ""  # why the dropdowns do not make a position yet
        self.results: list[QuizStep] = []
        self._header = (5, 3, 0)  # turn, lap, weather of the dropdown-built position
        self._quiet = False
        self._build(width)
        self.load(position or DEFAULT_POSITION)

    # ------------------------------------------------------------ widgets
    def _build(self, width: int) -> None:
        g = self.errors.guard
        front_first = [s.name for s in reversed(self.track.sections)]
        sec_opts = [("—", "")] + [(n, n) for n in front_first]
        n = len(self.roster)
        self.title = widgets.HTML(
            '<div style="font-size:24px;font-weight:bold">Your turn: who plays when?</div>'
            '<div style="font-size:15px;color:#555">Put cars in sections, give one the Leader token, type your '
            'order, press <b>Reveal</b>. The answer is the order if nobody moved (§11).</div>')
        self.preset = widgets.Dropdown(options=list(self.presets), description="start from",
                                       layout=widgets.Layout(width="360px"), style={"description_width": "80px"})
        self.preset_button = widgets.Button(description="load", layout=widgets.Layout(width="80px"))
        self.preset_button.on_click(g(self._on_preset))
        self.section: dict[str, widgets.Dropdown] = {}
        self.place: dict[str, widgets.Dropdown] = {}
        self.laps: dict[str, widgets.Dropdown] = {}
        cells: list[widgets.Widget] = [widgets.HTML(f"<b style='font-size:16px'>{h}</b>")
                                       for h in ("car", "section", "place (1 = front)", "lap token")]
        for cid, robot in self.roster.items():
            colour = colours.car_style(cid, Car(cid, CarKind.ROBOT if robot else CarKind.HUMAN, robot=robot)).colour
            shape = "■" if robot else "●"
            kind = f" <span style='color:#777;font-size:13px'>{robot.value} robot</span>" if robot else ""
            cells.append(widgets.HTML(f"<span style='font-size:17px'><span style='color:{colour};"
                                      f"-webkit-text-stroke:1px #222'>{shape}</span> <b>{cid}</b>{kind}</span>"))
            self.section[cid] = widgets.Dropdown(options=sec_opts, value="", layout=widgets.Layout(width="90px"))
            self.place[cid] = widgets.Dropdown(options=list(range(1, n + 1)), value=1,
                                               layout=widgets.Layout(width="70px"))
            self.laps[cid] = widgets.Dropdown(options=[("none", 0), ("-1 lap", 1), ("-2 laps", 2)], value=0,
                                              layout=widgets.Layout(width="100px"))
            cells += [self.section[cid], self.place[cid], self.laps[cid]]
            self.section[cid].observe(g(lambda ch, c=cid: self._on_move(c, ch, to_back=True)), names="value")
            self.place[cid].observe(g(lambda ch, c=cid: self._on_move(c, ch)), names="value")
            self.laps[cid].observe(g(self._on_dropdown), names="value")
        self.grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns="200px 100px 170px 110px", grid_gap="4px 10px", align_items="center"))
        self.leader = widgets.Dropdown(options=[("—", "")] + [(c, c) for c in self.roster], value="",
                                       description="Leader token", style={"description_width": "100px"},
                                       layout=widgets.Layout(width="260px"))
        self.leader.observe(g(self._on_dropdown), names="value")
        self.rpn = widgets.Text(description="RPN", layout=widgets.Layout(width=f"{max(width - 110, 400)}px"),
                                style={"description_width": "40px", "font_size": "15px"})
        self.rpn_button = widgets.Button(description="load", tooltip="apply the position typed in the RPN box",
                                         layout=widgets.Layout(width="80px"))
        self.rpn_button.on_click(g(self._on_load_rpn))
        self.view = track_view(self.track, {}, width=width, errors=self.errors)
        self.prediction = widgets.Text(description="your order", placeholder="e.g. Blue, Green, Orange …",
                                       layout=widgets.Layout(width=f"{max(width - 110, 400)}px"),
                                       style={"description_width": "90px", "font_size": "18px"})
        self.prediction.observe(g(self._on_prediction), names="value")
        self.pick: dict[str, widgets.Button] = {}
        for cid in self.roster:
            b = widgets.Button(description=cid, tooltip=f"add {cid} to your order",
                               layout=widgets.Layout(width="auto", height="36px"))
            b.style.font_size = "16px"
            b.on_click(g(lambda _b, c=cid: self.append(c)))
            self.pick[cid] = b
        self.undo_button = widgets.Button(description="⌫", tooltip="remove the last car",
                                          layout=widgets.Layout(width="50px", height="36px"))
        self.undo_button.on_click(g(self._on_undo))
        self.clear_button = widgets.Button(description="clear", layout=widgets.Layout(width="70px", height="36px"))
        self.clear_button.on_click(g(self._on_clear))
        self.reveal_button = widgets.Button(description="Reveal", button_style="primary", icon="eye",
                                            layout=widgets.Layout(width="160px", height="44px"))
        self.reveal_button.style.font_size = "19px"
        self.reveal_button.on_click(g(self._on_reveal))
        self.result = widgets.HTML()
        self.highlight = widgets.ToggleButtons(options=[], description="show", style={"description_width": "40px"})
        self.highlight.observe(g(self._on_highlight), names="value")
        self.picks = widgets.HBox(list(self.pick.values()) + [self.undo_button, self.clear_button],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        css = widgets.HTML(_CSS)
        self.widget = widgets.VBox([
            css, self.title,
            widgets.HBox([self.preset, self.preset_button]),
            widgets.HBox([self.grid, widgets.VBox([self.leader], layout=widgets.Layout(margin="0 0 0 20px"))]),
            widgets.HBox([self.rpn, self.rpn_button]),
            self.view.widget,
            self.prediction, self.picks, self.reveal_button, self.result, self.highlight,
            self.errors.widget,
        ])
        self.widget.add_class("rb-quiz")

    # Callbacks (named, so that an error in the Output says where it came from).
    def _on_preset(self, _b: Any) -> None:
        self.load_preset(self.preset.value)

    def _on_load_rpn(self, _b: Any) -> None:
        self.load(self.rpn.value)

    def _on_undo(self, _b: Any) -> None:
        self.undo()

    def _on_clear(self, _b: Any) -> None:
        self.predict("")

    def _on_reveal(self, _b: Any) -> None:
        self.reveal()

    def _on_prediction(self, _change: dict) -> None:
        self._stale()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ the position
    @property
    def position(self) -> str:
        """The current position in Race Position Notation ("" when it is not valid)."""
        return notation.format_state(self.state) if self.state is not None else ""

    def _state_of(self, rpn: str) -> RaceState:
        pos = notation.parse(rpn)
        if pos.track != self.track.id:
            raise NotationError(f"this quiz uses the {self.track.id!r} track, not {pos.track!r}")
        unknown = [c for c in pos.car_ids() if c not in self.roster]
        if unknown:
            raise NotationError(f"car(s) {', '.join(unknown)} are not in this quiz (cars: {', '.join(self.roster)})")
        if pos.car_ids() and not any(t.leader for _, toks in pos.sections for t in toks
                                     if isinstance(t, notation.CarToken)):
            raise IncompletePosition("choose which car holds the Leader token (§11.1): use the 'Leader token' "
                                     "dropdown, or mark the car with '*' in RPN")
        state = RaceState(self.track)
        for cid in pos.car_ids():
            robot = self.roster[cid]
            state.cars[cid] = Car(cid, CarKind.ROBOT if robot else CarKind.HUMAN, robot=robot)
        notation.apply(pos, state)
        self._header = (pos.turn, pos.lap, pos.weather)
        return state

    def load(self, rpn: str) -> None:
        """Show the position ``rpn`` (errors are raised; the buttons route them to :attr:`errors`)."""
        try:
            state = self._state_of(rpn)
        except Exception:
            self.rpn.value = rpn
            raise
        self._set_state(state, rpn)
        self._sync_dropdowns()
        self.errors.clear()  # a new position: the last one's mistakes no longer apply

    def load_preset(self, name: str) -> None:
        """Load a preset: a label of :attr:`presets`, whose value is an RPN or a shipped scenario id."""
        value = self.presets.get(name, name)
        if "|" in value or " " in value.strip():
            self.load(value)
            return
        rpn, robots = scenario_position(value)
        for cid, rt in robots.items():
            if cid in self.roster and self.roster[cid] != rt:
                raise InputError(f"scenario {value}: {cid} is a {rt.value} robot, this quiz has it as "
                                 f"{self.roster[cid] or 'human'}")
        self.load(rpn)

    def set_car(self, car: str, section: str | None, place: int | None = None, laps_down: int = 0) -> None:
        """Put ``car`` in ``section`` (None or "" = take it off) at ``place`` (1 = front; default: last)."""
        if car not in self.roster:
            raise ValueError(f"no car {car!r} in this quiz (cars: {', '.join(self.roster)})")
        if place is None:
            place = 1 + sum(1 for c in self.roster if c != car and self.section[c].value == (section or ""))
        self._quiet = True
        try:
            self.section[car].value = section or ""
            self.place[car].value = max(1, min(place, len(self.roster)))
            self.laps[car].value = laps_down
            self._renumber(car)
        finally:
            self._quiet = False
        self._from_dropdowns()

    def _renumber(self, moved: str) -> None:
        """Places 1, 2, 3 … in ``moved``'s section, ``moved`` inserted at the place it asks for (the others keep
        their relative order) — so choosing "place 1" puts a car in front, as a reader expects."""
        sec = self.section[moved].value
        if not sec:
            return
        rows = list(self.roster)
        others = sorted((c for c in rows if c != moved and self.section[c].value == sec),
                        key=lambda c: (self.place[c].value, rows.index(c)))
        others.insert(max(0, min(self.place[moved].value - 1, len(others))), moved)
        for k, c in enumerate(others):
            self.place[c].value = k + 1

    def _on_move(self, car: str, _change: dict, to_back: bool = False) -> None:
        """A reader changed a car's section (it goes to the back there) or its place (the others make room)."""
        if self._quiet:
            return
        self._quiet = True
        try:
            if to_back:
                self.place[car].value = len(self.roster)
            self._renumber(car)
        finally:
            self._quiet = False
        self._from_dropdowns()

    def set_leader(self, car: str | None) -> None:
        """Give the Leader token to ``car`` (None = nobody)."""
        self.leader.value = car or ""  # the observer rebuilds the position

    def clear_cars(self) -> None:
        self._quiet = True
        try:
            for cid in self.roster:
                self.section[cid].value = ""
            self.leader.value = ""
        finally:
            self._quiet = False
        self._from_dropdowns()

    def dropdown_position(self) -> str:
        """The RPN the dropdowns describe."""
        turn, lap, weather = self._header
        rows = list(self.roster)
        groups = []
        for s in reversed(self.track.sections):
            here = [c for c in rows if self.section[c].value == s.name]
            here.sort(key=lambda c: (self.place[c].value, rows.index(c)))
            if here:
                toks = [c + ("*" if self.leader.value == c else "") + (f"-{self.laps[c].value}"
                        if self.laps[c].value and self.leader.value != c else "") for c in here]
                groups.append(f"{s.name}: " + " ".join(toks))
        lead = self.leader.value
        if lead and not self.section[lead].value:
            raise IncompletePosition(f"{lead} holds the Leader token but is not on the track: "
                                     f"give {lead} a section")
        return " | ".join([f"{self.track.id} turn={turn} lap={lap} weather={weather}", *groups])

    def _on_dropdown(self, _change: dict) -> None:
        if not self._quiet:
            self._from_dropdowns()

    def _from_dropdowns(self) -> None:
        """Rebuild the position from the dropdowns. An incomplete one is only a message in the result area
        (the reader is still placing cars); any other error is raised (the callbacks route it to the Output)."""
        try:
            rpn = self.dropdown_position()
            self.rpn.value = rpn
            state = self._state_of(rpn)
        except IncompletePosition as e:
            self._set_state(None, self.rpn.value, str(e))
            return
        except Exception as e:
            self._set_state(None, self.rpn.value, f"not a valid position: {e}")
            raise
        self._set_state(state, rpn)

    def arrange(self, cars: Mapping[str, str | tuple[str, int]], leader: str | None,
                laps: Mapping[str, int] | None = None) -> None:
        """Place several cars at once, front to back in the order given (or ``(section, place)``), give the
        Leader token and optional "-x lap" tokens: ``arrange({"Purple": "C", "Blue": "C"}, "Blue")``.
        Cars not named are taken off the track."""
        sections = {v for _label, v in self.section[next(iter(self.roster))].options}
        placed: dict[str, int] = {}
        self._quiet = True
        try:
            for cid in self.roster:
                self.section[cid].value = ""
            for cid, spec in cars.items():
                if cid not in self.roster:
                    raise ValueError(f"no car {cid!r} in this quiz (cars: {', '.join(self.roster)})")
                sec, place = (spec, None) if isinstance(spec, str) else spec
                if sec not in sections:
                    raise ValueError(f"{cid}: the {self.track.id} track has no section {sec!r}")
                placed[sec] = placed.get(sec, 0) + 1
                self.section[cid].value = sec
                self.place[cid].value = max(1, min(place or placed[sec], len(self.roster)))
                self.laps[cid].value = (laps or {}).get(cid, 0)
            self.leader.value = leader or ""
        finally:
            self._quiet = False
        self._from_dropdowns()

    def _sync_dropdowns(self) -> None:
        s = self.state
        assert s is not None
        self._quiet = True
        try:
            for cid in self.roster:
                car = s.cars.get(cid)
                if car is None or not car.section:
                    self.section[cid].value = ""
                    continue
                self.section[cid].value = car.section
                if cid in s.order.get(car.section, ()):
                    self.place[cid].value = min(s.cars_in(car.section).index(cid) + 1, len(self.roster))
                self.laps[cid].value = min(s.laps_down(cid), 2)
            self.leader.value = s.leader or ""
        finally:
            self._quiet = False

    def _set_state(self, state: RaceState | None, rpn: str, problem: str = "") -> None:
        self.state = state
        self.problem = problem
        self.rpn.value = notation.format_state(state) if state is not None else rpn
        if state is None:
            self._stale()
            self.result.value = (f'<div style="font-size:17px;color:#b00">Not a whole position yet: '
                                 f'{html.escape(problem)}</div>')
            return
        self.result.value = ""
        self._stale()
        self.view.set_cars(state.cars)
        self._draw(None)

    def _draw(self, act: Activation | None) -> None:
        """Draw the position; the halo marks ``act`` (default: the FAS, the first group of the sweep)."""
        s = self.state
        if s is None:
            return
        if act is None and s.leader is not None:
            act = activation.sweep(s)[0]
        self.view.show(dataclasses.replace(frame_of(s), activation=act))

    # ------------------------------------------------------------ the prediction
    def predict(self, order: str | Sequence[str]) -> None:
        """Set the predicted order: ``"Blue, Green, Orange"`` or ``["Blue", "Green", "Orange"]``."""
        self.prediction.value = order if isinstance(order, str) else ", ".join(order)

    def append(self, car: str) -> None:
        names = self._names(self.prediction.value)
        self.predict([*names, car])

    def undo(self) -> None:
        self.predict(self._names(self.prediction.value)[:-1])

    @staticmethod
    def _names(text: str) -> list[str]:
        return [w for w in _SPLIT.split(text.strip()) if w]

    def predicted(self) -> list[str]:
        """The prediction as car ids; unknown or repeated names raise ValueError."""
        s = self.state
        if s is None:
            raise InputError(f"the position is not complete ({self.problem}): fix it before revealing")
        on = {c.lower(): c for c in s.cars if s.cars[c].on_track}
        out: list[str] = []
        for w in self._names(self.prediction.value):
            cid = on.get(w.lower())
            if cid is None:
                raise InputError(f"{w!r} is not a car on the track in this position "
                                 f"(cars: {', '.join(sorted(on.values()))})")
            if cid in out:
                raise InputError(f"{cid} appears twice in your order: each car plays once per Game Turn (§11.1)")
            out.append(cid)
        return out

    def answer(self) -> list[tuple[str, list[str], str]]:
        """The engine's order if nobody moved: :func:`racebook.rf90.rules.activation.preview`."""
        if self.state is None:
            raise InputError(f"the position is not complete ({self.problem}): fix it before revealing")
        return activation.preview(self.state)

    def reveal(self) -> list[QuizStep]:
        """Compare the prediction with the engine's answer, turn by turn; shows and returns the steps."""
        guess = self.predicted()
        if self.state is None:  # predicted() has refused already
            return []
        expected: list[tuple[str, str, str, str]] = []  # car, group, rule, why
        # the why of each turn is the engine's reason for that car (activation.preview_groups): the group's own
        # for its first car (leader alone, his section again, behind the FAS, ahead of him), front to back after
        for g in activation.preview_groups(self.state):
            for cid, reason in zip(g.cars, g.reasons(), strict=True):
                expected.append((cid, g.label, g.reason.rule, reason.says))
        steps = []
        for i in range(max(len(expected), len(guess))):
            step: tuple[str | None, str, str, str] = (
                expected[i] if i < len(expected) else (None, "", "", "not a step of the answer"))
            want, label, rule, why = step
            steps.append(QuizStep(i + 1, label, want, guess[i] if i < len(guess) else None, rule, why))
        self.results = steps
        self.result.value = self._result_html()
        groups = [(f"{k + 1}. {label}: {' '.join(cars)}", k) for k, (label, cars, _r) in enumerate(self.answer())]
        self._quiet = True
        try:
            self.highlight.options = groups
            self.highlight.value = 0 if groups else None
        finally:
            self._quiet = False
        self._draw(None)
        return steps

    @property
    def score(self) -> tuple[int, int]:
        """(right guesses, turns in the answer)."""
        return sum(s.ok for s in self.results), sum(s.expected is not None for s in self.results)

    def text(self) -> str:
        """The revealed comparison as plain text (deterministic, for printed examples and tests)."""
        if not self.results:
            return "(not revealed yet)"
        lines = [f"position: {self.position}"]
        for s in self.results:
            lines.append(f"{s.step:>2}. {s.group or '—':<3} engine: {s.expected or '—':<7} you: "
                         f"{s.predicted or '—':<7} {s.mark}  {s.rule}: {s.why}".rstrip())
        right, total = self.score
        lines.append(f"{right}/{total} right")
        return "\n".join(lines)

    def _stale(self) -> None:
        if self.results:
            self.results = []
            self.result.value = '<div style="font-size:16px;color:#777">(changed: press Reveal again)</div>'
            self._quiet = True
            try:
                self.highlight.options = []
            finally:
                self._quiet = False

    def _on_highlight(self, change: dict) -> None:
        if self._quiet or change["new"] is None or self.state is None:
            return
        label = self.answer()[change["new"]][0]
        self._draw(self._activation_of(label))

    def _activation_of(self, label: str) -> Activation:
        if self.track.has_section(label):
            return Activation(label)
        part = {"2": "leader", "1": "ahead"}[label[-1]]
        return Activation(label[:-1], part)

    def _result_html(self) -> str:
        td = 'style="padding:3px 10px;border-bottom:1px solid #ddd"'
        rows = []
        for s in self.results:
            colour = "#1a7f37" if s.ok else "#c62828"
            rows.append(f"<tr><td {td}>{s.step}</td><td {td}><b>{html.escape(s.group or '—')}</b></td>"
                        f"<td {td}><b>{html.escape(s.expected or '—')}</b></td>"
                        f"<td {td}>{html.escape(s.predicted or '—')}</td>"
                        f"<td {td}><b style='color:{colour};font-size:22px'>{s.mark}</b></td>"
                        f"<td {td}>{style.rule_html(s.rule or '—', css=_BADGE)} {html.escape(s.why)}</td></tr>")
        right, total = self.score
        head = "".join(f'<th {td} align="left">{h}</th>'
                       for h in ("#", "activation", "engine", "you", "", "rule that decides"))
        note = ("The engine's answer assumes nobody moves. In a real turn the order also follows the moves: "
                "a leader who laps cars or pits moves the FAS (§11.2 case 2) — see Ex. 11–14.")
        return (f'<div style="font-size:17px"><table style="border-collapse:collapse"><tr>{head}</tr>'
                f'{"".join(rows)}</table><div style="font-size:20px;margin:6px 0"><b>{right}/{total}</b> right</div>'
                f'<div style="font-size:14px;color:#555">{note}</div></div>')
