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

    [rules]            # house-rule switches (racebook.rf90.options.Rules), optional
    [cars.Blue]        # panel of any car in the position (all keys optional)
    hand = ["R25", "R46"]; target = "R88"; chips = 10; blue = 0; tyre = "hard"
    strategy = "banging_wheels"; skill = "reflexes"; wear = ["brown"]; refuel = 12
    setup = { tyres = 10, cards = 6, wear = 5 }; time_loss = 0; frozen = []
    [race]  blue_flags = ["Blue"]; orange = "Red"; robot_tyre = "rain"; restart = false
            robot_chits = [["superfast", 8]]   # robot refuel chits on the Turn Indicator
            safety_car = "E"                   # the Safety Car is out, in this section
            level = "basic"                    # the basic game (default "advanced"): robots ignore ETs
    [deck]  stack = ["R42"]     # the next Race-deck draws, first drawn first
    [track_deck] stack = []     # the next Track-deck draws
    [bag]   stack = ["red"]     # the next damage-bag draws

Errors name the file, the field and the reason. The tables' keys and the checks of their values are in
:mod:`racebook.rf90.scenario_tables`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from racebook.core.datafile import load_toml
from racebook.core.errors import NotationError, RacebookError, ScenarioError
from racebook.core.fields import as_enum, field_key, kind_of, short
from racebook.core.scenario import Folder
from racebook.rf90 import notation
from racebook.rf90.actiontext import parse as parse_action
from racebook.rf90.car import Car, CarKind, RobotType, Status, Tyre
from racebook.rf90.damagebag import Wear
from racebook.rf90.game import Race
from racebook.rf90.integrity import MAX_BLUE, MAX_COUNT, check_state
from racebook.rf90.options import Rules
from racebook.rf90.scenario_tables import (  # noqa: F401 - the keys and checks of the tables, kept importable
    _CAR,
    _DRIVER,
    _RACE,
    _ROBOT_CAR,
    _SCEN,
    _SETUP,
    _SETUP_KEYS,
    _SETUP_TOP,
    _STACK,
    _TEAM,
    _TOP,
    _bool,
    _car_id,
    _check_top,
    _fail,
    _int,
    _read,
    _refuel_max,
    _rules,
    _setup_table,
    _skill,
    _stack_of,
    _str,
    _strategy,
    _strs,
    _table,
    _track,
)
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.state import LEVELS, RaceState
from racebook.rf90.teams import Team, TeamRobot, team_race
from racebook.rf90.track import Track

if TYPE_CHECKING:
    from racebook.rf90.setup import Driver, RaceSetup

SCENARIO_DIR = Path(__file__).parent / "scenarios"


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


FOLDER = Folder(SCENARIO_DIR, "RF90")  # the shipped scenarios, as every game's (racebook.core.scenario)


def resolve_path(name: str | Path) -> Path:
    """The file of a scenario argument: a shipped id, else a path (:meth:`racebook.core.scenario.Folder.resolve`)."""
    return FOLDER.resolve(name)


def available() -> list[str]:
    return FOLDER.ids()


def load(name: str | Path, play: bool = True) -> Scenario:
    """Load a scenario; with ``play`` apply its actions (errors name the failing action).

    Every problem is a :class:`ScenarioError` naming the file, the dotted field and the reason; a position the
    rules make impossible (a card in two places, a token too many) is refused, not loaded."""
    path = resolve_path(name)
    f = str(path)
    raw = load_toml(path, ScenarioError)
    _check_top(raw, f)
    sc = raw["scenario"]
    race = build_setup(raw, f, path.parent) if "setup" in raw else build(raw, f, path.parent)
    actions = tuple(sc.get("actions", []))
    if play:
        for i, text in enumerate(actions):
            try:
                race.apply(parse_action(text))
            except RacebookError as e:
                raise ScenarioError(f, f"scenario.actions[{i}]", f"{text!r}: {e}") from None
    return Scenario(sc["id"], sc.get("title", sc["id"]), sc.get("cite", ""), f, race, actions,
                    tuple(sc.get("assumed", [])), sc.get("notebook", ""), sc.get("description", ""))


# ------------------------------------------------------------------------------------ position scenarios
def build(raw: dict[str, Any], f: str = "<scenario>", base: Path | None = None) -> Race:
    """Build the starting Race of a parsed scenario (before its actions); ``base`` is the directory a track path
    is resolved against (the scenario file's)."""
    _check_top(raw, f)
    if "setup" in raw:
        raise _fail(f, "setup", "a [setup] scenario is built by build_setup")
    sc = raw["scenario"]
    track = _track(f, sc["track"], base)
    rules = _rules(raw, f)
    state = RaceState(track, rules=rules, seed=sc.get("seed", 0))
    state.race_deck.shuffle(state.rng)
    state.track_deck.shuffle(state.rng)
    cars = _table(f, "cars", raw.get("cars", {}))
    try:
        pos = notation.parse(sc["position"])
    except NotationError as e:
        raise _fail(f, "scenario.position", str(e)) from None
    for cid, spec in cars.items():
        if cid not in pos.car_ids():
            raise _fail(f, f"cars.{field_key(cid)}", f"{short(cid)} is not in the position {sc['position']!r}")
        _table(f, f"cars.{cid}", spec, _CAR)
    try:
        for cid in pos.car_ids():
            state.cars[cid] = _car(cid, cars.get(cid, {}), f)
        notation.apply(pos, state)
    except NotationError as e:
        raise _fail(f, "scenario.position", str(e)) from None
    rc = _table(f, "race", raw.get("race", {}), _RACE)
    if "robot_tyre" in rc:
        state.robot_tyre = _enum(f, "race.robot_tyre", Tyre, rc["robot_tyre"])
    for cid in pos.car_ids():
        _panel(state, state.cars[cid], cars.get(cid, {}), f)
    for cid in pos.car_ids():  # after every named card is placed: a Target Check is always on the panel (§7.2)
        car = state.cars[cid]
        if not car.is_robot and car.target is None:
            car.target = state.race_deck.draw(state.rng)
    for i, cid in enumerate(_strs(f, "race.blue_flags", rc.get("blue_flags", []))):
        if cid not in state.cars:
            raise _fail(f, f"race.blue_flags[{i}]", f"{cid} is not in the position")
        state.blue_flags.add(cid)
    if "orange" in rc:
        if _str(f, "race.orange", rc["orange"]) not in state.cars:
            raise _fail(f, "race.orange", f"{rc['orange']} is not in the position")
        state.orange = rc["orange"]
    state.restart = _bool(f, "race.restart", rc.get("restart", False))
    if "level" in rc:  # the basic or advanced game (Expansion #1 §2, §4.7); checked by check_state below
        state.level = _str(f, "race.level", rc["level"])
        if state.level not in LEVELS:
            raise _fail(f, "race.level", f"{short(state.level)} is not a rules level ({', '.join(LEVELS)}; the "
                                         "manual is the advanced game's, Expansion #1 §2)")
    if "safety_car" in rc:  # the Safety Car is out, in this section (§21)
        if not isinstance(rc["safety_car"], str) or not track.has_section(rc["safety_car"]):
            raise _fail(f, "race.safety_car", f"{short(rc['safety_car'])} is not a section of {track.id!r}")
        state.sc = rc["safety_car"]
    chits = rc.get("robot_chits", [])
    if not isinstance(chits, list):
        raise _fail(f, "race.robot_chits", f"must be a list of [type, turn] pairs, not {kind_of(chits)}")
    for i, chit in enumerate(chits):  # [type, turn] pairs on the Turn Indicator (§8)
        if not (isinstance(chit, list) and len(chit) == 2):
            raise _fail(f, f"race.robot_chits[{i}]", f"{short(chit)} should be [type, turn], e.g. ['superfast', 8]")
        turn = _int(f, f"race.robot_chits[{i}][1]", chit[1], 1, _refuel_max(track), ": a turn, §8")
        state.robot_chits.append((_enum(f, f"race.robot_chits[{i}][0]", RobotType, chit[0]), turn))
    for key, deck in (("deck", state.race_deck), ("track_deck", state.track_deck)):
        stack = _stack_of(raw, f, key)
        try:
            deck.stack(stack)
        except RacebookError as e:
            raise _fail(f, f"{key}.stack", str(e)) from None
    tokens = [_enum(f, f"bag.stack[{i}]", Wear, w) for i, w in enumerate(_stack_of(raw, f, "bag"))]
    for w in Wear:
        n, left = tokens.count(w), state.bag.red if w is Wear.RED else state.bag.brown
        if n > left:
            raise _fail(f, "bag.stack", f"{n} {w.value} draws stacked but only {left} {w.value} tokens in the bag")
    state.bag.stack(tokens)
    check_state(state, ScenarioError, f)
    return Race(state)


def _enum(f: str, field: str, enum: Any, value: Any) -> Any:
    return _read(f, as_enum, enum, value, field)


def _car(cid: str, spec: dict[str, Any], f: str) -> Car:
    rt = notation.robot_type_for(cid)
    kind = _enum(f, f"cars.{cid}.kind", CarKind, spec.get("kind", "robot" if rt else "human"))
    robot = _enum(f, f"cars.{cid}.robot", RobotType, spec["robot"]) if "robot" in spec else rt
    if kind is CarKind.ROBOT and robot is None:
        raise _fail(f, f"cars.{cid}.robot", "a robot needs a type: superfast, fast or slow")
    if kind is CarKind.HUMAN:
        if "robot" in spec:
            raise _fail(f, f"cars.{cid}.robot", f"{cid} is a human car (kind = 'human'); only a robot has a type")
        robot = None
    else:
        for k in spec:
            if k not in _ROBOT_CAR:
                raise _fail(f, f"cars.{cid}.{k}", f"{cid} is a robot: its panel has only kind and robot (§17.1)")
    return Car(cid, kind, robot=robot)


def _panel(state: RaceState, car: Car, spec: dict[str, Any], f: str) -> None:
    p = f"cars.{car.id}"
    if car.is_robot:
        car.tyre = state.robot_tyre
        return
    if "skill" in spec:
        car.skill = _skill(f, f"{p}.skill", spec["skill"])
    car.setup = _setup_table(f, f"{p}.setup", spec.get("setup", {}), car.skill)
    car.tyre = _enum(f, f"{p}.tyre", Tyre, spec.get("tyre", "hard"))
    soft = car.tyre is Tyre.SOFT
    car.chips = _int(f, f"{p}.chips", spec.get("chips", car.setup.tyres - (3 if soft else 0)), 0, car.setup.tyres,
                     ": §14, at most the setup's tyres")
    car.blue = _int(f, f"{p}.blue", spec.get("blue", 3 if soft else 0), 0, MAX_BLUE, ": §9.2, §27")
    if "strategy" in spec:
        car.strategy = _strategy(f, f"{p}.strategy", spec["strategy"])
    for code_field in ("hand", "frozen"):
        codes = _strs(f, f"{p}.{code_field}", spec.get(code_field, []))
        for i, code in enumerate(codes):
            if code in codes[:i]:  # not yet in the car's list, so _take would not find where it is
                raise _fail(f, f"{p}.{code_field}[{i}]", f"{code!r} is named twice: name each card once "
                            "(a card is in one place only, §6.1)")
            _take(state, code, f, f"{p}.{code_field}")
        setattr(car, code_field, list(codes))
    if "target" in spec:
        _take(state, _str(f, f"{p}.target", spec["target"]), f, f"{p}.target")
        car.target = spec["target"]

    for i, w in enumerate(_strs(f, f"{p}.wear", spec.get("wear", []))):
        token = _enum(f, f"{p}.wear[{i}]", Wear, w)
        if (state.bag.red if token is Wear.RED else state.bag.brown) == 0:
            raise _fail(f, f"{p}.wear", f"no {w} token left in the bag")
        if token is Wear.RED:
            state.bag.red -= 1
        else:
            state.bag.brown -= 1
        car.wear.append(token)
    if len(car.wear) > car.setup.wear:
        raise _fail(f, f"{p}.wear", f"{len(car.wear)} tokens but only {car.setup.wear} wear slots")
    if spec.get("refuel") is not None:
        car.refuel = _int(f, f"{p}.refuel", spec["refuel"], 1, _refuel_max(state.track),
                          ": the turn of the refuel chit, §8")
    car.time_loss = _int(f, f"{p}.time_loss", spec.get("time_loss", 0), 0, MAX_COUNT)
    car.soft_sets = _int(f, f"{p}.soft_sets", spec.get("soft_sets", 1 if soft else 0), 0, MAX_COUNT)
    car.status = Status.RACING


def _take(state: RaceState, code: str, f: str, field: str) -> None:
    for deck in (state.race_deck, state.track_deck):
        if code in deck.pile:
            deck.pile.remove(code)
            return
    where = state.card_locations().get(code)
    if where:
        raise _fail(f, field, f"card {code} is already used ({where})")
    raise _fail(f, field, f"no card {code!r} in the Race deck or this track's Track Cards")


# ------------------------------------------------------------------------------------ [setup] scenarios
def build_setup(raw: dict[str, Any], f: str = "<scenario>", base: Path | None = None) -> Race:
    """A scenario that starts before the race: Free Practice, qualifying and the grid (§6–§9) via
    :func:`racebook.rf90.setup.new_race`; ``[deck] stack`` deals the hands (in driver order) and then the weather
    card."""

    _check_top(raw, f)
    sc = raw["scenario"]
    st = _table(f, "setup", raw["setup"], _SETUP)
    track = _track(f, sc["track"], base)
    rules = _rules(raw, f)
    drivers_raw = st.get("drivers", [])
    if not isinstance(drivers_raw, list):
        raise _fail(f, "setup.drivers", f"must be a list of tables, not {kind_of(drivers_raw)}")
    robots_raw = st.get("robots", [])  # omitted with a level: the recommended line-up (§5.3 X1), see _team_setup
    if not isinstance(robots_raw, list):
        raise _fail(f, "setup.robots", f"must be a list of [id, type] pairs, not {kind_of(robots_raw)}")
    robots: list[tuple[str, RobotType]] = []
    ids: dict[str, str] = {}
    for i, r in enumerate(robots_raw):
        p = f"setup.robots[{i}]"
        if not (isinstance(r, list) and len(r) == 2):
            raise _fail(f, p, f"{short(r)} should be [id, type], e.g. ['SuperFast1', 'superfast']")
        rid = _car_id(f, f"{p}[0]", r[0])
        if rid in ids:
            raise _fail(f, f"{p}[0]", f"robot {rid} is named twice (also {ids[rid]})")
        ids[rid] = p
        robots.append((rid, _enum(f, f"{p}[1]", RobotType, r[1])))
    drivers = []
    seen: dict[str, str] = {}
    for i, d in enumerate(drivers_raw):
        p = f"setup.drivers[{i}]"
        _table(f, p, d, _DRIVER)
        if "id" not in d:
            raise _fail(f, f"{p}.id", "missing")
        did = _car_id(f, f"{p}.id", d["id"])
        if did in seen:
            raise _fail(f, f"{p}.id", f"driver {did} is named twice (also {seen[did]}); each driver is one car")
        if did in ids:
            raise _fail(f, f"{p}.id", f"{did} is both a driver and a robot ({ids[did]}); give each car its own id")
        seen[did] = p
        skill = _skill(f, f"{p}.skill", d["skill"]) if "skill" in d else None
        su = _setup_table(f, f"{p}.setup", d.get("setup", {}), skill)
        refuel = _int(f, f"{p}.refuel", d.get("refuel", 12), 1, _refuel_max(track), ": the refuel chit's turn, §8")
        qualify = _str(f, f"{p}.qualify", d["qualify"]) if "qualify" in d else None
        drivers.append(Driver(did, skill, su, refuel, 0, qualify, _enum(f, f"{p}.tyre", Tyre, d.get("tyre", "hard")),
                              _strategy(f, f"{p}.strategy", d.get("strategy", "save_tyres")),
                              _bool(f, f"{p}.mulligan", d.get("mulligan", False))))
    stack = _stack_of(raw, f, "deck")
    if "teams" in st or "level" in st:
        rs = _team_setup(f, st, track, drivers, robots, sc.get("seed", 0), rules, stack)
    else:
        try:
            rs = new_race(track, drivers, robots, seed=sc.get("seed", 0), rules=rules, stack=stack)
        except RacebookError as e:
            raise _fail(f, "setup", str(e)) from None
    check_state(rs.state, ScenarioError, f)
    return Race(rs.state, prelude=tuple(rs.events))


def _team_setup(f: str, st: dict[str, Any], track: Track, drivers: list[Driver], robots: list[tuple[str, RobotType]],
                seed: int, rules: Rules, stack: list[str]) -> RaceSetup:
    """``[[setup.teams]]`` and ``setup.level`` (Expansion #1 §5.1, §5.3): the race is set up by
    :func:`racebook.rf90.teams.team_race`. A team is ``name`` and ``cars = [two ids]``: drivers of ``setup.drivers``
    (human teammates), a driver and his ``robot_teammate`` (an id of no other car: a robot of the top category of
    ``level``), or two robots of ``setup.robots`` (a robot team). ``robots`` omitted: the recommended line-up for
    the number of human players at ``level`` (§5.3)."""

    level = _str(f, "setup.level", st.get("level", "advanced"))
    if level not in LEVELS:
        raise _fail(f, "setup.level", f"{short(level)} is not a rules level ({', '.join(LEVELS)}; §5.3 X1)")
    teams_raw = st.get("teams", [])
    if not isinstance(teams_raw, list):
        raise _fail(f, "setup.teams", f"must be a list of tables ([[setup.teams]]), not {kind_of(teams_raw)}")
    by_id: dict[str, Driver | TeamRobot] = {d.id: d for d in drivers}
    by_id.update({rid: TeamRobot(rid, rt) for rid, rt in robots})
    in_team: dict[str, str] = {}
    names: set[str] = set()
    teams: list[Team] = []
    for i, t in enumerate(teams_raw):
        p = f"setup.teams[{i}]"
        _table(f, p, t, _TEAM)
        for k in ("name", "cars"):
            if k not in t:
                raise _fail(f, f"{p}.{k}", "missing")
        name = _str(f, f"{p}.name", t["name"])
        if not notation.TEAM_NAME.fullmatch(name):
            raise _fail(f, f"{p}.name", f"{short(name)}: a team name is letters, digits, '_' and '-' (or its two "
                                        "cars, 'Green+Red'), so positions can name it (§5.1 X1)")
        if name in names:
            raise _fail(f, f"{p}.name", f"two teams are named {name!r}")
        names.add(name)
        cars = _strs(f, f"{p}.cars", t["cars"])
        if len(cars) != 2:
            raise _fail(f, f"{p}.cars", f"a team is two cars, not {len(cars)} (§5.1 X1)")
        if cars[0] == cars[1]:
            raise _fail(f, f"{p}.cars", f"{cars[0]} is named twice: a team is two different cars (§5.1 X1)")
        mate = _car_id(f, f"{p}.robot_teammate", t["robot_teammate"]) if "robot_teammate" in t else None
        if mate is not None and mate not in cars:
            raise _fail(f, f"{p}.robot_teammate", f"{mate} is not one of the team's cars {cars}")
        members: list[Driver | TeamRobot] = []
        for j, cid in enumerate(cars):
            q = f"{p}.cars[{j}]"
            _car_id(f, q, cid)
            if cid in in_team:
                raise _fail(f, q, f"{cid} is already in team {in_team[cid]!r}: a car races in one team (§5.1 X1)")
            in_team[cid] = name
            if cid == mate:
                if cid in by_id:
                    raise _fail(f, f"{p}.robot_teammate", f"{cid} is already a car of setup.drivers or setup.robots;"
                                                          " a robot teammate is a new car, give it its own id")
                members.append(TeamRobot(cid))
            elif cid not in by_id:
                raise _fail(f, q, f"unknown car {cid!r}: not in setup.drivers or setup.robots (a robot teammate is "
                                  "named by robot_teammate)")
            else:
                members.append(by_id[cid])
        kinds = {isinstance(m, Driver) for m in members}
        if mate is not None and kinds != {True, False}:
            raise _fail(f, f"{p}.robot_teammate", "a robot teammate races beside a human driver of setup.drivers "
                                                  "(§5.1, §5.3 X1)")
        if mate is None and kinds == {True, False}:
            raise _fail(f, f"{p}.cars", "a human's robot partner is his robot teammate (robot_teammate = ID, a new "
                                        "car), not a robot of setup.robots (§5.3 X1)")
        teams.append(Team(name, (members[0], members[1])))
    lone = [d for d in drivers if d.id not in in_team]
    field = None if "robots" not in st and "level" in st else [r for r in robots if r[0] not in in_team]
    try:
        return team_race(track, teams, level=level, drivers=lone, robots=field, seed=seed, rules=rules,
                         stack=stack)
    except RacebookError as e:
        raise _fail(f, "setup.teams", str(e)) from None


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
