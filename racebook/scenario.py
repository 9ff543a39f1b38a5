"""Scenario files: a starting position, stacked draws and a list of actions (data, not code).

A scenario is a TOML file::

    [scenario]
    id = "ex26"
    title = "Ex. 26 — a corner blocks overtaking"
    cite = "§13.E.3; §30 Ex. 26"
    track = "teaching"
    seed = 26
    position = "teaching turn=2 | G: Red*{played} | I: Blue"   # Race Position Notation
    assumed = ["what the book's figure does not show and the scenario had to choose"]
    actions = ["Blue start", "Blue play R25 R46"]

    [rules]            # house-rule switches (racebook.options.Rules), optional
    [cars.Blue]        # panel of any car in the position (all keys optional)
    hand = ["R25", "R46"]; target = "R88"; chips = 10; blue = 0; tyre = "hard"
    strategy = "banging_wheels"; skill = "reflexes"; wear = ["brown"]; refuel = 12
    setup = { tyres = 10, cards = 6, wear = 5 }; time_loss = 0; frozen = []
    [race]  blue_flags = ["Blue"]; orange = "Red"; robot_tyre = "rain"; restart = false
            robot_chits = [["superfast", 8]]   # robot refuel chits on the Turn Indicator
            safety_car = "E"                   # the Safety Car is out, in this section
    [deck]  stack = ["R42"]     # the next Race-deck draws, first drawn first
    [track_deck] stack = []     # the next Track-deck draws
    [bag]   stack = ["red"]     # the next damage-bag draws

Errors name the file, the field and the reason.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import notation
from .actions import parse as parse_action
from .car import Car, CarKind, RobotType, Setup, Skill, Status, Strategy, Tyre
from .deck import Wear
from .errors import IllegalAction, NotationError, NotYetImplemented, RacebookError, ScenarioError
from .options import Rules
from .race import Race
from .state import RaceState
from .trackfile import load_track
from .turn import IMPLEMENTED_STRATEGIES

SCENARIO_DIR = Path(__file__).parent / "scenarios"
_TOP = {"scenario", "rules", "race", "cars", "deck", "track_deck", "bag", "setup"}
_SETUP = {"drivers", "robots"}
_DRIVER = {"id", "skill", "setup", "refuel", "qualify", "tyre", "strategy", "mulligan"}
_RACE = {"blue_flags", "orange", "robot_tyre", "restart", "robot_chits", "safety_car"}
_SCEN = {"id", "title", "cite", "track", "seed", "position", "assumed", "actions", "notebook", "description"}
_CAR = {"kind", "robot", "hand", "target", "chips", "blue", "tyre", "strategy", "skill", "wear", "refuel", "setup",
        "time_loss", "frozen", "soft_sets"}


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    cite: str
    file: str
    race: Race
    actions: tuple[str, ...]
    assumed: tuple[str, ...]
    notebook: str = ""
    description: str = ""


def resolve_path(name: str | Path) -> Path:
    p = Path(name)
    if p.exists():
        return p
    cand = SCENARIO_DIR / f"{name}.toml"
    if cand.exists():
        return cand
    raise ScenarioError(str(name), "<file>", f"no such file, and no shipped scenario {str(name)!r} "
                        f"(shipped: {', '.join(available()) or 'none'})")


def available() -> list[str]:
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def load(name: str | Path, play: bool = True) -> Scenario:
    """Load a scenario; with ``play`` apply its actions (errors name the failing action)."""
    path = resolve_path(name)
    f = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f, "<toml>", str(e)) from None
    for k in raw:
        if k not in _TOP:
            raise ScenarioError(f, k, f"unknown table (known: {', '.join(sorted(_TOP))})")
    sc = raw.get("scenario")
    if not isinstance(sc, dict):
        raise ScenarioError(f, "scenario", "missing [scenario] table")
    for k in sc:
        if k not in _SCEN:
            raise ScenarioError(f, f"scenario.{k}", f"unknown key (known: {', '.join(sorted(_SCEN))})")
    for k in ("id", "track") + (() if "setup" in raw else ("position",)):
        if not isinstance(sc.get(k), str):
            raise ScenarioError(f, f"scenario.{k}", "missing or not a string")
    race = build_setup(raw, f) if "setup" in raw else build(raw, f)
    actions = tuple(sc.get("actions", []))
    if play:
        for i, text in enumerate(actions):
            try:
                race.apply(parse_action(text))
            except IllegalAction as e:
                raise ScenarioError(f, f"scenario.actions[{i}]", f"{text!r}: {e}") from None
    return Scenario(sc["id"], sc.get("title", sc["id"]), sc.get("cite", ""), f, race, actions,
                    tuple(sc.get("assumed", [])), sc.get("notebook", ""), sc.get("description", ""))


def build(raw: dict[str, Any], f: str = "<scenario>") -> Race:
    """Build the starting Race of a parsed scenario (before its actions)."""
    sc = raw["scenario"]
    try:
        track = load_track(sc["track"])
    except RacebookError as e:
        raise ScenarioError(f, "scenario.track", str(e)) from None
    try:
        rules = Rules.from_dict(raw.get("rules", {}))
    except (TypeError, ValueError) as e:
        raise ScenarioError(f, "rules", str(e)) from None
    seed = sc.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError(f, "scenario.seed", f"{seed!r} is not an integer")
    state = RaceState(track, rules=rules, seed=seed)
    state.race_deck.shuffle(state.rng)
    state.track_deck.shuffle(state.rng)
    cars = raw.get("cars", {})
    try:
        pos = notation.parse(sc["position"])
        for cid in cars:
            if cid not in pos.car_ids():
                raise ScenarioError(f, f"cars.{cid}", f"{cid} is not in the position {sc['position']!r}")
        for cid in pos.car_ids():
            spec = cars.get(cid, {})
            state.cars[cid] = _car(cid, spec, f, state)
        notation.apply(pos, state)
    except NotationError as e:
        raise ScenarioError(f, "scenario.position", str(e)) from None
    rc = raw.get("race", {})
    for k in rc:
        if k not in _RACE:
            raise ScenarioError(f, f"race.{k}", f"unknown key (known: {', '.join(sorted(_RACE))})")
    if "robot_tyre" in rc:
        state.robot_tyre = _enum(f, "race.robot_tyre", Tyre, rc["robot_tyre"])
    for cid in pos.car_ids():
        _panel(state, state.cars[cid], cars.get(cid, {}), f)
    for cid in pos.car_ids():  # after every named card is placed: a Target Check is always on the panel (§7.2)
        car = state.cars[cid]
        if not car.is_robot and car.target is None:
            car.target = state.race_deck.draw(state.rng)
    for key in ("blue_flags",):
        for cid in rc.get(key, []):
            if cid not in state.cars:
                raise ScenarioError(f, f"race.{key}", f"{cid} is not in the position")
            state.blue_flags.add(cid)
    if "orange" in rc:
        if rc["orange"] not in state.cars:
            raise ScenarioError(f, "race.orange", f"{rc['orange']} is not in the position")
        state.orange = rc["orange"]
    state.restart = bool(rc.get("restart", False))
    if "safety_car" in rc:  # the Safety Car is out, in this section (§21)
        if not isinstance(rc["safety_car"], str) or not track.has_section(rc["safety_car"]):
            raise ScenarioError(f, "race.safety_car", f"{rc['safety_car']!r} is not a section of {track.id!r}")
        state.sc = rc["safety_car"]
    for i, chit in enumerate(rc.get("robot_chits", [])):  # [type, turn] pairs on the Turn Indicator (§8)
        if not (isinstance(chit, list) and len(chit) == 2 and isinstance(chit[1], int)):
            raise ScenarioError(f, f"race.robot_chits[{i}]", f"{chit!r} should be [type, turn], e.g. ['superfast', 8]")
        state.robot_chits.append((_enum(f, f"race.robot_chits[{i}]", RobotType, chit[0]), chit[1]))
    for key, deck in (("deck", state.race_deck), ("track_deck", state.track_deck)):
        stack = raw.get(key, {}).get("stack", [])
        try:
            deck.stack(stack)
        except IllegalAction as e:
            raise ScenarioError(f, f"{key}.stack", str(e)) from None
    try:
        state.bag.stack(raw.get("bag", {}).get("stack", []))
    except ValueError as e:
        raise ScenarioError(f, "bag.stack", f"{e} (use 'red' or 'brown')") from None
    return Race(state)


def build_setup(raw: dict[str, Any], f: str = "<scenario>") -> Race:
    """A scenario that starts before the race: Free Practice, qualifying and the grid (§6–§9) via
    :func:`racebook.setup.new_race`; ``[deck] stack`` deals the hands (in driver order) and then the weather card."""
    from .setup import Driver, new_race

    sc, st = raw["scenario"], raw["setup"]
    for k in st:
        if k not in _SETUP:
            raise ScenarioError(f, f"setup.{k}", f"unknown key (known: {', '.join(sorted(_SETUP))})")
    try:
        track = load_track(sc["track"])
    except RacebookError as e:
        raise ScenarioError(f, "scenario.track", str(e)) from None
    drivers = []
    for i, d in enumerate(st.get("drivers", [])):
        p = f"setup.drivers[{i}]"
        for k in d:
            if k not in _DRIVER:
                raise ScenarioError(f, f"{p}.{k}", f"unknown key (known: {', '.join(sorted(_DRIVER))})")
        su = d.get("setup", {})
        try:
            drivers.append(Driver(
                d["id"], Skill.parse(d["skill"]) if "skill" in d else None,
                Setup(su.get("tyres", 10), su.get("cards", 6), su.get("wear", 5)), d.get("refuel", 12), 0,
                d.get("qualify"), _enum(f, f"{p}.tyre", Tyre, d.get("tyre", "hard")),
                Strategy.parse(d.get("strategy", "save_tyres")), bool(d.get("mulligan", False))))
        except (KeyError, ValueError) as e:
            raise ScenarioError(f, p, f"bad driver ({e})") from None
    robots = [(r[0], _enum(f, f"setup.robots[{i}]", RobotType, r[1])) for i, r in enumerate(st.get("robots", []))]
    try:
        rs = __import__("racebook.setup", fromlist=["new_race"]).new_race(
            track, drivers, robots, seed=sc.get("seed", 0), rules=Rules.from_dict(raw.get("rules", {})),
            stack=raw.get("deck", {}).get("stack", []))
    except RacebookError as e:
        raise ScenarioError(f, "setup", str(e)) from None
    del new_race
    return Race(rs.state, prelude=tuple(rs.events))


def _enum(f: str, field: str, enum: Any, value: Any) -> Any:
    try:
        return enum.parse(value) if hasattr(enum, "parse") else enum(value)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise ScenarioError(f, field, f"{value!r} is not one of {allowed}") from None


def _car(cid: str, spec: dict[str, Any], f: str, state: RaceState) -> Car:
    for k in spec:
        if k not in _CAR:
            raise ScenarioError(f, f"cars.{cid}.{k}", f"unknown key (known: {', '.join(sorted(_CAR))})")
    rt = notation.robot_type_for(cid)
    kind = CarKind(spec.get("kind", "robot" if rt else "human"))
    robot = _enum(f, f"cars.{cid}.robot", RobotType, spec["robot"]) if "robot" in spec else rt
    if kind is CarKind.ROBOT and robot is None:
        raise ScenarioError(f, f"cars.{cid}.robot", "a robot needs a type: superfast, fast or slow")
    if kind is CarKind.HUMAN:
        robot = None
    return Car(cid, kind, robot=robot)


def _panel(state: RaceState, car: Car, spec: dict[str, Any], f: str) -> None:
    p = f"cars.{car.id}"
    if car.is_robot:
        car.tyre = state.robot_tyre
        return
    st = spec.get("setup", {})
    car.setup = Setup(st.get("tyres", 10), st.get("cards", 6), st.get("wear", 5))
    car.tyre = _enum(f, f"{p}.tyre", Tyre, spec.get("tyre", "hard"))
    car.chips = spec.get("chips", car.setup.tyres - (3 if car.tyre is Tyre.SOFT else 0))
    car.blue = spec.get("blue", 3 if car.tyre is Tyre.SOFT else 0)
    if "strategy" in spec:
        try:
            car.strategy = Strategy.parse(spec["strategy"])
        except ValueError:
            raise ScenarioError(f, f"{p}.strategy", f"{spec['strategy']!r} is not a strategy "
                                f"({', '.join(s.value for s in Strategy if s is not Strategy.TENTH)})") from None
        except RacebookError as e:
            raise ScenarioError(f, f"{p}.strategy", str(e)) from None
        if car.strategy not in IMPLEMENTED_STRATEGIES:
            raise ScenarioError(f, f"{p}.strategy", str(NotYetImplemented(
                f"{car.strategy.value}: its phase-B/phase-A rules are not played by this engine version yet")))
    if "skill" in spec:
        try:
            car.skill = Skill.parse(spec["skill"])
        except ValueError:
            raise ScenarioError(f, f"{p}.skill", f"{spec['skill']!r} is not a skill "
                                f"({', '.join(s.value for s in Skill)})") from None
        except RacebookError as e:
            raise ScenarioError(f, f"{p}.skill", str(e)) from None
    for code_field in ("hand", "frozen"):
        codes = spec.get(code_field, [])
        for code in codes:
            _take(state, code, f, f"{p}.{code_field}")
        setattr(car, code_field, list(codes))
    if "target" in spec:
        _take(state, spec["target"], f, f"{p}.target")
        car.target = spec["target"]

    for w in spec.get("wear", []):
        token = _enum(f, f"{p}.wear", Wear, w)
        if (state.bag.red if token is Wear.RED else state.bag.brown) == 0:
            raise ScenarioError(f, f"{p}.wear", f"no {w} token left in the bag")
        if token is Wear.RED:
            state.bag.red -= 1
        else:
            state.bag.brown -= 1
        car.wear.append(token)
    if len(car.wear) > car.setup.wear:
        raise ScenarioError(f, f"{p}.wear", f"{len(car.wear)} tokens but only {car.setup.wear} wear slots")
    car.refuel = spec.get("refuel")
    car.time_loss = spec.get("time_loss", 0)
    car.soft_sets = spec.get("soft_sets", 1 if car.tyre is Tyre.SOFT else 0)
    car.status = Status.RACING


def _take(state: RaceState, code: str, f: str, field: str) -> None:
    for deck in (state.race_deck, state.track_deck):
        if code in deck.pile:
            deck.pile.remove(code)
            return
    where = state.card_locations().get(code)
    if where:
        raise ScenarioError(f, field, f"card {code} is already used ({where})")
    raise ScenarioError(f, field, f"no card {code!r} in the Race deck or this track's Track Cards")


# --------------------------------------------------------------- summary
def summary(race: Race, scenario_id: str | None = None) -> dict[str, Any]:
    """The final-state summary printed by ``racebook replay --json`` (a public interface; see README)."""
    s = race.state
    sp = s.track.weather.spaces[s.weather]
    cars = {}
    for car in s.cars.values():
        on = car.on_track
        placed = on and car.off_track is None  # a car at a re-entry point has a section but no place (§18.5)
        cars[car.id] = {
            "kind": car.kind.value if not car.robot else f"robot:{car.robot.value}",
            "status": car.status.value,
            "section": car.section if on else None,
            "place": s.position_in_section(car.id) + 1 if placed else None,
            "laps_down": s.laps_down(car.id) if on else None,
            "target_check": None if car.is_robot else (s.card(car.target).check if car.target else None),
            "tyres": None if car.is_robot else car.chips,
            "red": car.red,
            "brown": car.brown,
            "hand": None if car.is_robot else len(car.hand),
            "refuel": car.refuel,
        }
    return {
        "scenario": scenario_id,
        "track": s.track.id,
        "turn": s.turn,
        "leader": s.leader,
        "weather": {"space": s.weather, "range": sp.label(), "condition": sp.condition.value},
        "finished": s.finished,
        "position": race.position(),
        "to_play": {"car": race.current_car, "phase": race.phase.value if race.phase else None},
        "cars": cars,
    }


def summary_json(race: Race, scenario_id: str | None = None) -> str:
    return json.dumps(summary(race, scenario_id), indent=2, ensure_ascii=False)
