"""What-if explorations of weather and tyres for notebook 08 (§9.1, §9.2, §13.D.2, §16.2, AMB-5, flags §15).

Each function asks the engine: :func:`racebook.rf90.setup.weather_space` and :func:`racebook.rf90.setup.robot_tyre_for`
for the weather table, :func:`racebook.rf90.rules.movement.tyre_penalty` for wrong tyres and
:func:`racebook.rf90.rules.checks.modifiers` for the rain modifier. Nothing here decides a rule; the entry point is
:mod:`racebook.rf90.lessons.explore`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from racebook.rf90 import notation, scenario, setup, turn
from racebook.rf90.actions import (
    Weather,
)
from racebook.rf90.car import Car, Skill, Tyre
from racebook.rf90.events import (
    MovementPoints,
    PushRefuel,
    RobotsWillPit,
    RobotTyresChanged,
    SaveTyres,
    WeatherMoved,
)
from racebook.rf90.lessons.explore_common import CAR, _track, choose
from racebook.rf90.options import Rules
from racebook.rf90.rules import checks, movement
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, Track

TYRES = (Tyre.SOFT, Tyre.HARD, Tyre.INTERMEDIATE, Tyre.RAIN)


def tyre_penalties(track: Track | str, space: int, rules: Rules | None = None,
                   skill: Skill | None = None) -> dict[Tyre, int]:
    """MP lost per turn by a player car on each tyre type with the weather pawn on ``space`` (§16.2, AMB-5,
    AMB-33 RAIN EXPERT), from :func:`racebook.rf90.rules.movement.tyre_penalty` on a one-car state."""
    tr = _track(track)
    out: dict[Tyre, int] = {}
    for tyre in TYRES:
        state = RaceState(tr, rules=rules)
        notation.apply(notation.parse(f"{tr.id} weather={space} | {tr.sections[0].name}: {CAR}"), state)
        car = state.cars[CAR]
        car.tyre, car.skill = tyre, skill
        out[tyre] = movement.tyre_penalty(state, car)
    return out


def wrong_tyre_table(track: Track | str = "teaching", rules: Rules | None = None,
                     skill: Skill | None = None) -> dict[Condition, dict[Tyre, int]]:
    """The §16.2 table, one column per weather condition (the first space of the track with it)."""
    tr = _track(track)
    first: dict[Condition, int] = {}
    for i, sp in enumerate(tr.weather.spaces):
        first.setdefault(sp.condition, i)
    return {cond: tyre_penalties(tr, first[cond], rules, skill) for cond in Condition if cond in first}


def robot_tyres(track: Track | str, space: int) -> tuple[Tyre, ...]:
    """The robots' tyres with the pawn on ``space`` (§9.2): one tyre, or (Hard, Rain) when the engine draws
    lots (the exact middle) — :func:`racebook.rf90.setup.robot_tyre_for` asked with both coin results."""
    tr = _track(track)
    picks = tuple(dict.fromkeys(setup.robot_tyre_for(tr, space, coin) for coin in (0, 1)))
    return picks


def stable_distances(track: Track | str, space: int) -> tuple[int, int]:
    """(spaces to the nearest dry space, spaces to the nearest rain space) from ``space`` (§9.2, Ex. 9)."""
    tr = _track(track)
    sp = tr.weather.spaces
    dry = min(abs(space - i) for i, s in enumerate(sp) if s.condition is Condition.DRY)
    rain = min(abs(space - i) for i, s in enumerate(sp) if s.condition is Condition.RAIN)
    return dry, rain


@dataclass(frozen=True, slots=True)
class WeatherReading:
    """A drawn card's check factor read on a track's weather table (§9.1, §9.2, §16.2)."""

    track: str
    check: int
    space: int
    label: str  # e.g. "45-36"
    condition: Condition
    robot_tyres: tuple[Tyre, ...]  # two = chosen at random (the exact middle)
    to_dry: int
    to_rain: int
    penalties: dict[Tyre, int] = field(default_factory=dict)

    @property
    def random(self) -> bool:
        return len(self.robot_tyres) > 1

    def robot_sentence(self) -> str:
        """Why the robots fit their tyres (§9.2)."""
        c = self.condition.value
        if self.condition is Condition.DRY:
            return "dry weather: the robots fit Hard tyres"
        if self.condition is Condition.RAIN:
            return "rain: the robots fit Rain tyres"
        if self.random:
            return (f"{c}, exactly in the middle ({self.to_dry} spaces from dry, {self.to_rain} from rain): the "
                    "robots' tyres are drawn at random — Hard or Rain")
        near = "dry" if self.to_dry < self.to_rain else "rain"
        return (f"{c}: {self.to_dry} space(s) from dry, {self.to_rain} from rain — the nearest stable condition "
                f"is {near}, so the robots fit {self.robot_tyres[0].value.capitalize()} tyres")


def weather_reading(track: Track | str, check: int, rules: Rules | None = None,
                    skill: Skill | None = None) -> WeatherReading:
    """Where a card (``check``) puts the weather pawn (:func:`racebook.rf90.setup.weather_space`), the robots' tyres
    (:func:`robot_tyres`) and each player tyre's penalty there (:func:`tyre_penalties`) (§9.1, §9.2, §16.2)."""
    tr = _track(track)
    return space_reading(tr, setup.weather_space(tr, check), rules, skill, check)


def space_reading(track: Track | str, space: int, rules: Rules | None = None, skill: Skill | None = None,
                  check: int | None = None) -> WeatherReading:
    """:func:`weather_reading` for the pawn on ``space`` (e.g. after a weather card moved it, §16.1)."""
    tr = _track(track)
    if not 0 <= space < len(tr.weather.spaces):
        raise ValueError(f"§9.1: {tr.id}'s weather table has spaces 0–{len(tr.weather.spaces) - 1}, not {space}")
    sp = tr.weather.spaces[space]
    to_dry, to_rain = stable_distances(tr, space)
    return WeatherReading(tr.id, check if check is not None else sp.high, space, sp.label(), sp.condition,
                          robot_tyres(tr, space), to_dry, to_rain, tyre_penalties(tr, space, rules, skill))


@dataclass(frozen=True, slots=True)
class WeatherStep:
    """A weather card played in a real race: the pawn's move and whether the robots must pit (§16.1, §16.3)."""

    before: int
    after: int
    condition_before: Condition
    condition_after: Condition
    robot_tyre: Tyre  # the robots' tyres after the individual turn
    robots_pit: bool
    sentences: tuple[str, ...]  # the weather and §16.3 events


def weather_step(track: Track | str, space: int, step: int, robot_tyre: Tyre = Tyre.HARD) -> WeatherStep:
    """Blue plays a weather card (R26) with the pawn on ``space`` and moves it ``step`` (-1, 0, +1); the robots
    are on ``robot_tyre``. The engine plays the turn to its end, when the robots pit for new tyres if the weather
    left intermediate for the condition their tyres do not suit (§16.1, §16.3)."""
    tr = _track(track)
    front, back = tr.sections[3].name, tr.sections[0].name
    race = scenario.build({"scenario": {"id": "weather_step", "track": tr.id, "seed": 16,
                                        "position": f"{tr.id} turn=3 weather={space} | {front}: {CAR}* | "
                                                    f"{back}: Fast1{{played}}"},
                           "cars": {CAR: {"hand": ["R26", "R55"], "target": "R88"}},
                           "race": {"robot_tyre": robot_tyre.value}, "deck": {"stack": ["R89"]}})
    race.apply(f"{CAR} start")
    race.apply(f"{CAR} play R26")
    act = Weather(CAR, step)
    if act not in race.legal_actions():
        raise ValueError(f"§16.1: the pawn cannot move {step:+d} from space {space} (the table has "
                         f"{len(tr.weather.spaces)} spaces)")
    before_events = len(race.events)
    race.apply(act)
    while race.current_car == CAR and not any(e.kind == "TurnEnds" and e.car_id == CAR
                                               for e in race.events[before_events:]):
        race.apply(choose(race.legal_actions()))
    evs = race.events[before_events:]
    robots = (RobotsWillPit, RobotTyresChanged)  # §16.3
    picked = tuple(e.sentence() for e in evs if isinstance(e, (WeatherMoved, *robots)))
    s = race.state
    return WeatherStep(space, s.weather, tr.weather.spaces[space].condition, s.condition(), s.robot_tyre,
                       any(isinstance(e, robots) for e in evs), picked)


TEST_KINDS: tuple[tuple[str, int, bool], ...] = (
    ("card test (printed -10)", -10, False),
    ("ET blind test", 0, False),
    ("late braking (LB -20)", -20, False),
    ("recovery test (-10)", -10, False),
    ("Leader lapping check", 0, True),
)
"""Kinds of test and their printed modifier: (label, printed modifier, is the Leader check) (§13.D.2, §20)."""


def test_targets(condition: Condition, robot: bool = False, skill: Skill | None = None,
                 track: Track | str = "teaching", target: str = "R88") -> list[dict[str, Any]]:
    """The modified target of each kind of test (:data:`TEST_KINDS`) in ``condition`` (§13.D.2, §16.2, §20):
    rows of label, the modifiers (:func:`racebook.rf90.rules.checks.modifiers`) and the target. A player's Target Check
    is ``target``'s check factor; a robot's is 70 (§17.1)."""
    tr = _track(track)
    space = next(i for i, s in enumerate(tr.weather.spaces) if s.condition is condition)
    state = RaceState(tr)
    car_id = "Fast1" if robot else CAR
    notation.apply(notation.parse(f"{tr.id} weather={space} | {tr.sections[0].name}: {car_id}"), state)
    car: Car = state.cars[car_id]
    if not robot:
        car.target, car.skill = target, skill
    rows = []
    for label, printed, leader in TEST_KINDS:
        mods = checks.modifiers(state, car, printed, leader_check=leader)
        rows.append({"test": label, "base": checks.base_target(state, car),
                     "modifiers": " ".join(str(m) for m in mods) or "none",
                     "target": checks.target_value(state, car, mods)})
    return rows


D4_POSITION = "teaching turn=3 | A: Red*{played} | D: (Y) | G: Green{played} | I: Blue"
"""Ex. 25's stage: a yellow flag already in D (Curve 2), Green in corner G, Blue to play in I."""


def d4_race(card: str, orange: str | None = None, blue_flags: Sequence[str] = (),
            position: str = D4_POSITION) -> tuple[Any, int]:
    """Blue plays ``card`` alone, up to its D.4 decisions (§13.D.4; Ex. 25): the race and the index of its first
    event after the start of the turn. ``orange``: a car already holding the orange pawn; ``blue_flags``: cars
    already holding a blue pawn."""
    race_dict: dict[str, Any] = {"blue_flags": list(blue_flags)}
    if orange:
        race_dict["orange"] = orange
    race = scenario.build({"scenario": {"id": "d4", "track": "teaching", "seed": 25, "position": position},
                           "cars": {CAR: {"hand": [card, "R55"], "target": "R88"}}, "race": race_dict,
                           "deck": {"stack": ["R89"]}})
    race.apply(f"{CAR} start")
    before = len(race.events)
    race.apply(f"{CAR} play {card}")
    while race.phase is turn.Phase.PAY:
        race.apply(race.legal_actions()[0])
    return race, before


def d4_sentences(race: Any, before: int) -> list[str]:
    """The sentences of phases C–D of :func:`d4_race`'s play (not the MP count, the entries, the end of turn)."""
    return [e.sentence() for e in race.events[before:]
            if not isinstance(e, (MovementPoints, SaveTyres, PushRefuel))
            and e.kind not in ("EnterSection", "TurnEnds")]


def d4_choices(card: str, orange: str | None = None, blue_flags: Sequence[str] = (),
               position: str = D4_POSITION) -> tuple[str, list[str], list[str]]:
    """Blue plays ``card`` alone: (its description, the events of phases C–D, the D.4 decisions the engine
    offers) — every flag is optional (§13.D.4, §15, §16.1; Ex. 25). ``orange``: a car already holding the
    orange pawn; ``blue_flags``: cars already holding a blue pawn."""
    race, before = d4_race(card, orange, blue_flags, position)
    legal = [str(a).removeprefix(f"{CAR} ") for a in race.legal_actions()] if race.phase is turn.Phase.EVENTS else []
    return race.state.card(card).describe(), d4_sentences(race, before), legal
