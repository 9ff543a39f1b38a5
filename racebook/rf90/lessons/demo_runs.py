"""What a demo of notebook 11 is, and how one run of it is played (§26, §27).

A :class:`Demo` is data: :class:`Run` s, each a small engine position and the actions to apply. :func:`play_run`
replays a run and returns its :class:`Line` s — the engine's own event sentences, the legal actions at chosen
moments and a few panel values — marking those that show the effect. Each line keeps the engine's exact text
(``Line.text``: the action text, the position in Race Position Notation) and, for actions, legal lists and positions,
a plain form for the learner (``Line.plain``: the action's human label from :mod:`racebook.rf90.actionlabels`, the
position as a sentence), which is what is printed and shown. The demos themselves are in
:mod:`racebook.rf90.lessons.demo_catalogue`; :mod:`racebook.rf90.lessons.demos` is the entry point.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import ActionSyntaxError, IllegalAction, ScenarioError
from racebook.rf90 import notation
from racebook.rf90 import scenario as _scenario
from racebook.rf90.actionlabels import label as action_label
from racebook.rf90.actiontext import parse as parse_action
from racebook.rf90.events import TurnEnds
from racebook.rf90.game import Race

STAR = "★"  # gutter mark of a line that shows the effect


# ------------------------------------------------------------------ data
@dataclass(frozen=True)
class Run:
    """One small position and what to do in it.

    ``scenario`` is a :func:`racebook.rf90.scenario.build` dict, or the id of a shipped scenario whose TOML is
    deep-merged with ``patch`` (e.g. ``{"cars": {"Blue": {"strategy": "banging_wheels"}}}``); ``actions``
    None means that file's own actions. ``legal_at`` lists, after that many actions, the legal actions
    (only the verbs in ``legal_verbs`` when given). ``show`` prints panel values of ``focus`` at the end
    (keys of :data:`PANEL`). ``opening`` keeps the events before the first action (e.g. a duel declared
    at the activation). ``compute`` replaces the race: an engine call returning sentences.
    """

    label: str
    scenario: dict[str, Any] | str | None = None
    actions: tuple[str, ...] | None = None
    patch: dict[str, Any] = field(default_factory=dict)
    focus: str = "Blue"
    legal_at: tuple[int, ...] = ()
    legal_verbs: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    opening: bool = False
    expect: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    compute: Callable[[], list[str]] | None = None


@dataclass(frozen=True)
class Demo:
    """A strategy (§26) or a skill (§27): the table row and its runs."""

    key: str  # the Strategy / Skill enum value
    kind: str  # "strategy" | "skill"
    name: str  # as printed on the card, e.g. "SAVE TYRES"
    pt: str  # the card's Portuguese subtitle (strategies) or "" (skills have English names only)
    cite: str
    bonus: str
    special: str  # the Track Card condition ("PARA GANHAR TRACK CARD(S)"); skills: "—"
    runs: tuple[Run, ...]
    status: str = "played by the engine"
    note: str = ""  # the ambiguity (AMB-n) or reading involved, if any

    @property
    def title(self) -> str:
        return f"{self.name} ({self.cite})"


@dataclass(frozen=True)
class Line:
    """One printed line of a run: ``kind`` is position, action, event, legal, panel or text.

    ``text`` is the engine's exact form (what a run's ``expect`` strings are matched against); ``plain``, when
    given, the learner's form that is printed and shown instead (see the module docstring)."""

    kind: str
    text: str
    effect: bool = False
    at: int = 0  # event lines: the event's position in the race log (1 = the first; the stepper's position)
    plain: str = ""

    @property
    def shown(self) -> str:
        """What the learner reads: the plain form where there is one, else the engine's sentence."""
        return self.plain or self.text

    def __str__(self) -> str:
        gutter = STAR if self.effect else " "
        indent = {"action": "  ", "event": "      ", "legal": "      ", "panel": "  "}.get(self.kind, "  ")
        return f"{gutter}{indent}{self.shown}"


@dataclass(frozen=True)
class RunResult:
    """What :func:`play` found for one run: its lines and (for race runs) the race after the actions."""

    run: Run
    lines: tuple[Line, ...]
    race: Race | None = None
    stop: int | None = None  # the stepper position of the last event shown (the log goes on past it)

    @property
    def effects(self) -> list[str]:
        """The texts of the lines that show the effect (they contain one of ``run.expect``)."""
        return [ln.text for ln in self.lines if ln.effect]

    @property
    def text(self) -> str:
        return "\n".join([f"— {self.run.label} —"] + [str(ln) for ln in self.lines])


PANEL: dict[str, Callable[[Any], str]] = {
    "chips": lambda c: f"{c.chips} tyre chip(s)",
    "blue": lambda c: f"{c.blue} blue token(s)",
    "refuel": lambda c: f"refuel chit on turn {c.refuel}",
    "hand": lambda c: "hand " + (" ".join(c.hand) or "empty"),
    "wear": lambda c: f"wear {c.red} red + {c.brown} brown",
    "strategy": lambda c: "strategy " + (c.strategy.value.upper().replace("_", " ") if c.strategy else "none"),
    "section": lambda c: f"in {c.section}",
    "chasing": lambda c: f"Chased token on {c.chasing}" if c.chasing else "no Chased token",
}
"""Panel values a run may print at its end (``Run.show``)."""


# ------------------------------------------------------------------ building and playing
def _merge(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for k, v in patch.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else copy.deepcopy(v)
    return out


def scenario_dict(run: Run) -> dict[str, Any]:
    """The build dict of a race run: the dict itself, or the shipped file's TOML merged with ``patch``."""
    if isinstance(run.scenario, str):
        raw = load_toml(_scenario.resolve_path(run.scenario), ScenarioError)
        return _merge(raw, run.patch)
    if run.scenario is None:
        raise ValueError(f"run {run.label!r} has neither a scenario nor a compute function")
    return _merge(run.scenario, run.patch)


def run_actions(run: Run) -> tuple[str, ...]:
    """The actions a race run applies (a shipped scenario's own when ``run.actions`` is None)."""
    if run.actions is not None:
        return run.actions
    return tuple(scenario_dict(run)["scenario"].get("actions", []))


def build_race(run: Run) -> Race:
    """The starting :class:`Race` of a race run (before its actions)."""
    return _scenario.build(scenario_dict(run), f"<demo: {run.label}>")


_TOKEN_NOTES = {"played": "has played", "no_move": "NO MOVE", "just_pit": "just pitted"}


def _car_words(token: notation.CarToken | str) -> str:
    if isinstance(token, str):
        return "a yellow flag"
    notes = ["the leader"] if token.leader else []
    if token.laps_down:
        notes.append(f"{token.laps_down} lap{'s' if token.laps_down > 1 else ''} down")
    if token.trajectory:
        notes.append(f"on trajectory {token.trajectory}")
    notes += ["off the track" if f.startswith("off=") else _TOKEN_NOTES.get(f, f) for f in token.flags]
    return token.id + (f" ({', '.join(notes)})" if notes else "")


def position_sentence(race: Race) -> str:
    """The position as a sentence: "Turn 3, lap 1, dry weather. E (straight): Green (the leader, has played); …".

    Sections are read from the leader's backwards, cars front to back, as the position notation writes them."""
    pos, state = notation.of(race.state), race.state
    where = [f"{sec} ({state.section_type(sec).value}): " + ", ".join(_car_words(t) for t in toks)
             for sec, toks in pos.sections]
    head = f"Turn {pos.turn}, lap {pos.lap}, {state.condition().value} weather"
    if pos.sc:
        head += f", the Safety Car in {pos.sc}"
    return f"{head}. " + "; ".join(where) + "."


def _legal_line(race: Race, verbs: tuple[str, ...]) -> Line:
    acts = [a for a in race.legal_actions() if not verbs or a.verb in verbs]
    who = race.current_car or ""
    # sorted: the engine lists some options in set order (VERSATILITY's strategies), which varies by run
    exact = sorted(str(a)[len(who) + 1:] if str(a).startswith(who + " ") else str(a) for a in acts)
    labels = sorted(action_label(a, race.state) for a in acts)
    phase = race.phase.value if race.phase else "nothing pending"
    return Line("legal", f"legal now for {who} ({phase}): " + (" · ".join(exact) or "none"),
                plain=f"{who} may now ({phase}): " + (" · ".join(labels) or "nothing"))


def run_label(text: str, race: Race) -> str:
    """An action of a run as the learner reads it: "Blue: play R60 [3] and move 3 MP" (its human label, with the
    cards' MP from ``race``'s position before the action)."""
    action = parse_action(text)
    return f"▶ {action.car}: {action_label(action, race.state)}"


def play_run(run: Run) -> RunResult:
    """Replay one run and collect its lines (§ citations are the engine's)."""
    if run.compute is not None:
        computed = [Line("text", t, any(m in t for m in run.expect)) for t in run.compute()]
        return RunResult(run, tuple(computed))
    race = build_race(run)
    lines: list[Line] = [Line("position", f"position: {race.position()}", plain=position_sentence(race))]
    at = len(race.steps[0].events)
    if run.opening:
        lines += [Line("event", e.sentence(), at=k) for k, e in enumerate(race.steps[0].events, 1)]
    actions = run_actions(run)
    for i, text in enumerate(actions):
        if i in run.legal_at:
            lines.append(_legal_line(race, run.legal_verbs))
        try:
            plain = run_label(text, race)
            events = race.apply(text)
        except IllegalAction as e:
            raise IllegalAction(text, e.rule, f"demo run {run.label!r}, action {i + 1}: {e.reason}", e.legal) from None
        except ActionSyntaxError as e:
            raise ActionSyntaxError(repr(text), e.rule, f"demo run {run.label!r}, action {i + 1}: {e.reason}") from None
        lines.append(Line("action", f"> {text}", plain=plain))
        lines += [Line("event", e.sentence(), at=at + k) for k, e in enumerate(events, 1)]
        at += len(events)
    if len(actions) in run.legal_at:
        lines.append(_legal_line(race, run.legal_verbs))
    log = race.events
    ends = [i for i, ln in enumerate(lines) if ln.kind == "event" and isinstance(ev := log[ln.at - 1], TurnEnds)
            and ev.car == run.focus]
    stop = len(log)
    if ends:  # the demo stops with the focus car's turn: drop the next cars' turns
        cut = ends[-1] + 1
        stop = lines[ends[-1]].at
        tail = [ln for ln in lines[cut:] if ln.kind == "legal"]
        lines = lines[:cut] + tail
    if run.show:
        car = race.state.cars[run.focus]
        lines.append(Line("panel", f"{run.focus} now: " + "; ".join(PANEL[k](car) for k in run.show)))
    lines.append(Line("position", f"position: {race.position()}", plain=position_sentence(race)))
    marked = tuple(Line(ln.kind, ln.text, ln.kind != "position" and any(m in ln.text for m in run.expect), ln.at,
                        ln.plain) for ln in lines)
    return RunResult(run, marked, race, stop)
