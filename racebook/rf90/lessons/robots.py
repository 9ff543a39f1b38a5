"""Notebooks 09a and 09b (the robots, §17) and 08's robot tyre change: the engine's answers as sentences.

A position in Race Position Notation is exact but is not prose: :func:`where` says where the cars are in words.
:func:`decide` applies decisions and names each one by its human label (:mod:`racebook.rf90.actionlabels`), never by
its action text. :func:`turn_sentences`, :func:`duel_case` and :func:`panel_rows` gather the events and fields the
robot notebooks print. Nothing here decides a rule: every sentence is an engine event's own (it cites its section).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from racebook.rf90 import scenario
from racebook.rf90.actionlabels import label
from racebook.rf90.car import Status
from racebook.rf90.events import DuelEvent, DuelsDeclared
from racebook.rf90.game import Race
from racebook.rf90.lessons.notebook import rpn_race, told
from racebook.rf90.state import RaceState


def _laps(n: int) -> str:
    return "a lap down" if n == 1 else f"{n} laps down"


def _tags(state: RaceState, car_id: str) -> str:
    """A car's name with what its place does not show: "Fast1 (a lap down, on E.t1)", "Red (leader)"."""
    car = state.cars[car_id]
    tags = ["leader"] if state.leader == car_id else []
    if (down := state.laps_down(car_id)) and not car.off_track:
        tags.append(_laps(down))
    if car.trajectory:
        tags.append(f"on {car.trajectory}")
    if car.just_pit:
        tags.append("just pitted")
    return f"{car_id} ({', '.join(tags)})" if tags else car_id


def _and(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def car_place(state: RaceState, car_id: str) -> str:
    """One car's place in words: "Fast1 (a lap down) in F", "Blue (leader) off the track, at the re-entry point
    beside D", "Slow1 retired"."""
    car = state.cars[car_id]
    if car.status is not Status.RACING:
        return f"{car_id} {car.status.value.replace('_', ' ')}"
    if car.off_track:
        return f"{_tags(state, car_id)} off the track, at the re-entry point beside {car.off_track}"
    return f"{_tags(state, car_id)} in {car.section}"


def where(state: RaceState, cars: Iterable[str] | None = None) -> str:
    """Where the cars are, in words: all of them section by section in race order, front to back inside a
    section ("Slow1, Red (leader) and Orange (a lap down) in G; Blue in H"), then the cars at a re-entry point
    and the retired; or, when ``cars`` names some, one clause each."""
    if cars is not None:
        return "; ".join(car_place(state, c) for c in cars)
    order = state.race_order()
    sections = list(dict.fromkeys(state.cars[c].section for c in order))
    clauses = [f"{_and([_tags(state, c) for c in state.order[sec] if c in order])} in {sec}" for sec in sections]
    clauses += [car_place(state, c) for c in state.cars if c not in order]
    return "; ".join(clauses)


def where_at_start(race: Race, cars: Iterable[str] | None = None) -> str:
    """:func:`where`, in the race's initial position (before its first event)."""
    s = race.state
    return where(RaceState.from_dict(race.initial_state(), s.track, s.cards), cars)


def chits_text(state: RaceState) -> str:
    """The robot refuel chits still on the Turn Indicator: "fast on turn 12, slow on turn 14" or "none" (§8)."""
    return ", ".join(f"{t.value} on turn {n}" for t, n in state.robot_chits) or "none"


def turn_sentences(race: Race, start: int = 2, stop: str = "GameTurnEnded") -> list[str]:
    """The race's event sentences from event ``start`` up to and with the first event of kind ``stop`` (the
    first 2 events of a small race only start its Game Turn)."""
    out = []
    for e in race.events[start:]:
        out.append(e.sentence())
        if e.kind == stop:
            break
    return out


def decide(race: Race, *actions: str, quiet: Iterable[str] = (), kinds: Iterable[str] | None = None) -> list[str]:
    """Apply decisions (their text form) and return, for each, its player and human label, then the sentences of
    what it caused (``quiet``: event kinds left out; ``kinds``: only these kinds, when given)."""
    return told(race, *actions, quiet=quiet, kinds=kinds, mark="▶", indent="    ")


def choices(race: Race, most: int = 4) -> str:
    """The decisions the engine offers now, by their human labels: "force Fast1 to late-brake or let the robot be"
    (past ``most`` of them, the first ``most`` and how many more)."""
    said = [label(a, race.state) for a in race.legal_actions()]
    if len(said) > most:
        return "; ".join(said[:most]) + f" … or one of {len(said) - most} other decisions"
    return "; ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "".join(said)


def panel_rows(race: Race, cars: Sequence[str]) -> list[dict[str, str]]:
    """What the public summary (``racebook replay --json``) holds of each car's panel: a robot has no Target Check
    card, no tyre chips and no hand (§17.1)."""
    summary = scenario.summary(race)["cars"]
    rows = []
    for car in cars:
        c = summary[car]
        rows.append({"car": car, "kind": str(c["kind"]).replace(":", ", "),
                     "Target Check card": "none" if c["target_check"] is None else f"({c['target_check']})",
                     "tyre chips": "none" if c["tyres"] is None else str(c["tyres"]),
                     "cards in hand": "none" if c["hand"] is None else str(c["hand"]),
                     "wear tokens": str(c["red"] + c["brown"])})
    return rows


@dataclass(frozen=True)
class DuelCase:
    """A small corner position for a robot's duel decisions (§17.2): ``first`` is a decision applied first."""

    what: str
    position: str
    first: str | None = None


#: Notebook 09b's five corners: who challenges, or why nobody does (§17.2, §12.2).
DUEL_CASES = (
    DuelCase("a same-lap human ahead", "teaching turn=6 lap=3 | A: Red*{played} | G: Blue Slow1"),
    DuelCase("only robots in the corner", "teaching turn=6 lap=3 | A: Red*{played} | G: Fast1 Slow1"),
    DuelCase("the robot is a lap down", "teaching turn=6 lap=3 | A: Red*{played} | G: Blue Slow1-1"),
    DuelCase("a human challenges the robot", "teaching turn=6 lap=3 | A: Red*{played} | G: Fast1 Blue",
             "Blue challenge"),
    DuelCase("the robot is ahead of the leader", "teaching turn=6 lap=3 | G: Fast1-1 Orange-1 Red*{played}",
             "Orange challenge"),
)


def duel_case(case: DuelCase, seed: int = 9) -> list[str]:
    """The first two duel sentences of ``case`` (the declaration and the robot's answer), played by the engine."""
    cars = {"Blue": {"hand": ["R21", "R57"]}} if "Blue" in case.position else None
    race = rpn_race(case.position, draws=(40, 64), seed=seed, cars=cars)
    if case.first:
        race.apply(case.first)
    return [e.sentence() for e in race.events if isinstance(e, DuelEvent) and not isinstance(e, DuelsDeclared)][:2]


def show_turn(race: Race, start: int = 2, stop: str = "GameTurnEnded") -> None:
    """Print :func:`turn_sentences`, one a line."""
    print(*turn_sentences(race, start, stop), sep="\n")


def show_decisions(race: Race, *actions: str, quiet: Iterable[str] = (), kinds: Iterable[str] | None = None) -> None:
    """Print :func:`decide`: each decision by its label, then what it caused."""
    print(*decide(race, *actions, quiet=quiet, kinds=kinds), sep="\n")
