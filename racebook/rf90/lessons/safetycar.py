"""Notebook 10's lesson data and helpers (the Safety Car, §21, §22): the "your turn" situations, the queue as a
sentence, and the book's Ex. 39 and Ex. 40 checked against the engine.

No rule lives here: every situation is a position the engine builds (:func:`racebook.rf90.lessons.notebook.rpn_race`
or a shipped scenario) and moves with its own legal actions; whether a choice is legal, and why not, is the race's
``explain`` (the Safety Car phases of :mod:`racebook.rf90.turn.machine`); the queue is
:func:`racebook.rf90.rules.safetycar.queue`. Standard library only.

    >>> race = build(SITUATIONS[0])
    >>> race.current_car, queue_line(race)
    ('Blue', 'Blue in E, Orange in F, Fast1 in G')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from racebook.core.errors import ScenarioError
from racebook.rf90 import scenario
from racebook.rf90.actionlabels import labels
from racebook.rf90.events import SafetyCarRealigned, StaysOut
from racebook.rf90.game import Race
from racebook.rf90.lessons.notebook import rpn_race
from racebook.rf90.rules import safetycar

#: The seed of notebook 10's small races (the Race deck after the stacked draws).
SEED = 21

#: A book check's row: what is checked, the book's value, the engine's.
Row = tuple[str, Any, Any]


@dataclass(frozen=True, slots=True)
class Situation:
    """One "your turn" position: a race built from ``position`` (Race Position Notation; ``draws`` the next Race-deck
    draws, ``cars`` panels, ``race`` keys such as ``safety_car``) or from the shipped ``scenario``, moved on by the
    ``before`` actions; then the car to decide faces ``question`` with the action texts ``choices`` — legal and not,
    the engine tells which."""

    name: str
    question: str
    choices: tuple[str, ...]
    position: str = ""
    scenario: str = ""
    draws: tuple[str, ...] = ()
    cars: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    race: Mapping[str, Any] = field(default_factory=dict)
    before: tuple[str, ...] = ()


_BEHIND = "teaching turn=6 lap=3 | E: Blue* | F: Orange | G: Fast1"
_BEHIND_CARS: dict[str, dict[str, Any]] = {"Blue": {"hand": ["R55"]}, "Orange": {"hand": ["R22"]}}
_DEPLOY = "teaching turn=6 lap=4 | L: Blue* | A: Orange | C: Fast1 | F: Green{off=G} | G: (Y) Pink | I: Red-1"
_DEPLOY_CRASH = ("Blue start", "Blue play R18", "Blue late-brake", "Blue test 1 R99")
_RESTART = "teaching turn=4 lap=3 | E: Blue* | F: Orange | G: Pink"
_RESTART_CARS: dict[str, dict[str, Any]] = {"Blue": {"hand": ["R55", "R22"]}, "Orange": {"hand": ["R18", "R56"]},
                 "Pink": {"hand": ["R14", "R57"], "skill": "qualify"}}
_RESTART_SC_TURN = ("Blue start", "Blue discard R01", "Orange start", "Orange discard R02", "Pink start",
                    "Pink discard R03")

#: The "your turn" situations of notebook 10, in the order the notebook teaches them (invented positions on the
#: teaching track, and the book's Ex. 40).
SITUATIONS: tuple[Situation, ...] = (
    Situation("1. Behind the Safety Car",
              "The Safety Car is out in E, just ahead of you: Blue, the leader. What may you do this turn?",
              ("Blue start", "Blue pit 0", "Blue pit 1", "Blue skip strategy=push", "Blue play R55"),
              position=_BEHIND, draws=("R01", "R02"), cars=_BEHIND_CARS, race={"safety_car": "E"}),
    Situation("2. The end of that turn",
              "You followed the Safety Car and drew R01. How does your turn end?",
              ("Blue discard R01", "Blue discard R55", "Blue discard R01 R55", "Blue play R55"),
              position=_BEHIND, draws=("R01", "R02"), cars=_BEHIND_CARS, race={"safety_car": "E"},
              before=("Blue start",)),
    Situation("3. The Safety Car comes out",
              "Blue has just crashed at a spot with the SC symbol. You are Orange and have not played yet.",
              ("Orange start", "Orange stay-out", "Orange pit 0", "Orange pit 2", "Fast1 pit 0"),
              position=_DEPLOY, draws=("R01", "R95", "R96"), cars={"Blue": {"hand": ["R18", "R99"]}},
              before=_DEPLOY_CRASH),
    Situation("4. Ex. 40: your fuel runs out under the SC",
              "Ex. 40: the Safety Car has advanced to D; you are Blue, the leader, and your refuel chit is due.",
              ("Blue start", "Blue pit 0", "Blue pit 1"),
              scenario="ex40"),
    Situation("5. The restart",
              "A new Race Stage: the Safety Car has gone in. You are Pink (QUALIFY), Orange is just ahead in D.",
              ("Pink play R14", "Pink play R57", "Pink play R14 R57"),
              position=_RESTART, draws=("R01", "R02", "R03", "R04", "R05", "R06"), cars=_RESTART_CARS,
              race={"safety_car": "E"},
              before=(*_RESTART_SC_TURN, "Blue start", "Blue play R55", "Orange start", "Orange play R18",
                      "Pink start")),
)


def situation(name: str) -> Situation:
    """The situation called ``name`` (or whose name starts with it: ``"3."``)."""
    for s in SITUATIONS:
        if s.name == name or s.name.startswith(name):
            return s
    raise ScenarioError("notebook 10", "situation",
                        f"no Safety Car situation {name!r}; there are: {', '.join(s.name for s in SITUATIONS)}")


def build(s: Situation) -> Race:
    """The race of a situation, at the decision it asks about (the engine plays every ``before`` action)."""
    if s.scenario:
        race = scenario.load(s.scenario, play=False).race
    else:
        race = rpn_race(s.position, draws=s.draws, seed=SEED,
                        cars={c: dict(p) for c, p in s.cars.items()}, **dict(s.race))
    for a in s.before:
        race.apply(a)
    return race


def queue_line(race: Race) -> str:
    """The race order as a sentence — each car's section (off-track cars beside their section, behind its other cars
    as at a realignment, §21.2) and its "-x lap" token: ``Blue in E, Orange in F, Red in I (-1 lap)``."""
    s = race.state
    out = []
    for c in safetycar.queue(s):
        car = s.cars[c]
        where = f"off track beside {car.off_track}" if car.off_track else f"in {car.section}"
        down = s.laps_down(c)
        out.append(f"{c} {where}" + (f" (-{down} lap{'s' if down > 1 else ''})" if down else ""))
    return ", ".join(out)


def _gaps(race: Race) -> str:
    """The sections between consecutive cars of the race order (1 = no empty section), as ``1, 1, 1``."""
    s = race.state
    idx = [s.section(s.cars[c].section).index for c in s.race_order()]
    return ", ".join(str(a - b) for a, b in zip(idx, idx[1:], strict=False))


@dataclass(frozen=True, slots=True)
class BookExample:
    """A worked example played by the engine: what the scenario assumed, the queue at its key moments, and the
    book's statements beside the engine's values."""

    title: str
    cite: str
    assumed: tuple[str, ...]
    moments: tuple[tuple[str, str], ...]  # (when, the queue then)
    rows: tuple[Row, ...]
    race: Race


def ex39() -> BookExample:
    """Ex. 39 (§21.1, §21.2): Blue has played; Orange pits, Green and Pink stay out, Red pits (-1 → -2 laps); the
    realignment gives Green and Red their laps back and Orange loses his place to Pink."""
    sc = scenario.load("ex39", play=False)
    r = sc.race
    start_order = ", ".join(c for c in r.state.race_order() if c != "Black")
    for a in sc.actions[:4]:  # Black crashes: the SC comes out
        r.apply(a)
    first_asked = r.current_car
    for a in sc.actions[4:11]:  # Orange pits, Pink and Green stay out, Red announces his pit
        r.apply(a)
    red_after_pit = r.state.laps_down("Red")
    before = queue_line(r)
    for a in sc.actions[11:]:
        r.apply(a)
    s = r.state
    realign = next(e for e in r.events if isinstance(e, SafetyCarRealigned))
    rows: tuple[Row, ...] = (
        ("order before the SC (Black crashes)", "Blue, Orange, Pink, Green, Red", start_order),
        ("Blue already played: first asked", "Orange", first_asked),
        ("Green and Pink decline", "Green, Pink", ", ".join(sorted(e.car for e in r.events
                                                                    if isinstance(e, StaysOut)))),
        ("Red's lap token after his pit", -2, -red_after_pit),
        ("the SC realigns with the leader", "Pits-1", realign.sc),
        ("sections between the cars", "1, 1, 1, 1", _gaps(r)),
        ("laps down: Green, Red", "0, 0", f"{s.laps_down('Green')}, {s.laps_down('Red')}"),
        ("Orange lost his place to Pink", "Blue, Pink, Orange, Green, Red", ", ".join(s.race_order())),
        ("the Game Turn ends (AMB-43)", 11, s.turn),
    )
    after = f"{queue_line(r)}; the Safety Car in {s.sc}, Game Turn {s.turn}"
    return BookExample(sc.title, sc.cite, tuple(sc.assumed), (("before the realignment", before), ("after", after)),
                       rows, r)


def ex40() -> BookExample:
    """Ex. 40 (§21.3, §21.4): the SC advances; the leader Blue must pit, goes to the back with 16 turns of fuel;
    Orange leads; the queue closes up and every car moves on, no gaps."""
    sc = scenario.load("ex40", play=False)
    r = sc.race
    s = r.state
    first_sc = next(e.sentence() for e in r.events if e.kind == "SafetyCarAdvances")
    before = {c: s.section(s.cars[c].section).index for c in s.race_order()}
    start = f"{queue_line(r)}; the Safety Car in {s.sc}"
    forced = ", ".join(a.verb for a in r.legal_actions())
    for a in sc.actions:
        r.apply(a)
    pitted = r.at(4)  # right after Blue's pit (his 4 decisions)
    moved = ", ".join(f"{c} {s.section(s.cars[c].section).index - before[c]}" for c in ("Orange", "Pink", "Green"))
    rows: tuple[Row, ...] = (
        ("first, the SC advances one section", "The Safety Car advances to D — §21.3", first_sc),
        ("Blue's only choice (his chit is due)", "pit", forced),
        ("Blue goes to the end of the queue", "Blue", s.race_order()[-1]),
        ("Orange becomes the leader", "Orange", s.leader),
        ("the leader shares the SC's section", "D", pitted.state.cars[pitted.state.leader or ""].section),
        ("sections between the cars", "1, 1, 1", _gaps(r)),
        ("Blue's fuel: 16 turns, no extra sections", 6 + 16, s.cars["Blue"].refuel),
        ("sections moved this turn", "Orange 2, Pink 2, Green 2", moved),
    )
    moments = (("start of turn 6", start),
               ("Blue has pitted", f"{queue_line(pitted)}; the Safety Car in {pitted.state.sc}"),
               ("start of turn 7", f"{queue_line(r)}; the Safety Car in {s.sc} (it has advanced again)"))
    return BookExample(sc.title, sc.cite, tuple(sc.assumed), moments, rows, r)


def show(example: BookExample, check: Any) -> None:
    """Print a worked example: its title and assumptions, the queue at each moment, then ``check(rows)`` (the
    notebooks' :func:`racebook.rf90.lessons.notebook.check`)."""
    print(example.title, f"[{example.cite}]")
    for line in example.assumed:
        print("  assumed:", line)
    print()
    w = max(len(when) for when, _ in example.moments)
    for when, line in example.moments:
        print(f"{when + ':':<{w + 1}} {line}")
    print()
    check(list(example.rows))



def choices_line(race: Race) -> str:
    """Who decides now and the legal choices, as the buttons label them (:mod:`racebook.rf90.actionlabels`):
    ``Orange decides (§21.1: pit now, under the Safety Car?): pit: 10 turns of fuel; …; stay out: no pit stop now``."""

    shown = "; ".join(d.label for d in labels(race.legal_actions(), race.state))
    phase = f" ({race.phase.value})" if race.phase else ""
    return f"{race.current_car} decides{phase}: {shown}"
