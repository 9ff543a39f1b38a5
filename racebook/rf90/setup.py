"""Setting up a race: Free Practice, qualifying, the grid and the pre-race (§6, §7, §8, §9).

These steps happen once, before the first Game Turn, and are plain functions on a fresh
:class:`~racebook.rf90.state.RaceState`; the race itself is then played through ``Race``.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from racebook.core.errors import NotYetImplemented, RuleUnavailable, SetupError
from racebook.rf90.car import CAR_ID, Car, CarKind, RobotType, Setup, Skill, Strategy, Tyre
from racebook.rf90.events import (
    DrawReason,
    Event,
    InitialWeather,
    RainExpertStart,
    ResourcesTaken,
    RobotTeammateChit,
    RobotTyres,
    SubstituteCar,
)
from racebook.rf90.options import Rules
from racebook.rf90.rules.qualifying import Entry, draw_robot_entries, grid_order, human_entry
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, Track
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES, draw_track_card


@dataclass(frozen=True)
class Driver:
    """A human driver's Free Practice and pre-race choices (§6.2, §7, §9.2)."""

    id: str
    skill: Skill | None = None
    setup: Setup = Setup()
    refuel: int = 12  # the secret refuel chit
    qualify_card: int = 0  # index in the dealt hand of the card laid for qualifying
    qualify: str | None = None  # or the card itself, by code
    tyre: Tyre = Tyre.HARD
    strategy: Strategy = Strategy.SAVE_TYRES
    mulligan: bool = False  # take a substitute car (new hand) once (§6.3)


@dataclass
class RaceSetup:
    state: RaceState
    grid: list[Entry]
    events: list[Event] = field(default_factory=list)


def weather_space(track: Track, check: int) -> int:
    """§9.1: the weather pawn goes on the space whose range covers the card's check factor (Ex. 8)."""
    return track.weather.index_for(check)


def robot_tyre_for(track: Track, space: int, coin: int) -> Tyre:
    """§9.2: dry → Hard, rain → Rain; intermediate → the nearest stable condition's tyre; the exact middle →
    random (``coin`` 0/1 from the race's generator) (Ex. 9)."""
    cond = track.weather.spaces[space].condition
    if cond is Condition.DRY:
        return Tyre.HARD
    if cond is Condition.RAIN:
        return Tyre.RAIN
    dry = [i for i, s in enumerate(track.weather.spaces) if s.condition is Condition.DRY]
    rain = [i for i, s in enumerate(track.weather.spaces) if s.condition is Condition.RAIN]
    d_dry = min(abs(space - i) for i in dry)
    d_rain = min(abs(space - i) for i in rain)
    if d_dry == d_rain:
        return Tyre.HARD if coin == 0 else Tyre.RAIN
    return Tyre.HARD if d_dry < d_rain else Tyre.RAIN


def new_race(track: Track, drivers: list[Driver], robots: list[tuple[str, RobotType]], seed: int = 0,
             rules: Rules | None = None, stack: tuple[str, ...] | list[str] = (),
             teams: Mapping[str, str] | None = None, own_chits: AbstractSet[str] = frozenset()) -> RaceSetup:
    """Free Practice → qualifying → grid → weather → tyres and strategies (§6–§9). Returns the state on turn 1.

    ``stack`` puts these Race Cards on top of the shuffled deck: the hands are dealt from it in driver order,
    then the weather card is drawn (so a scenario can replay the manual's set-up examples exactly).

    A set-up the rules refuse raises :class:`~racebook.core.errors.SetupError` naming the rule (car ids and stacks
    §6.1, setup points §6.2, qualifying card and refuel chit §7.1, grid places §7.2); the 10th strategy and SIXTH
    SENSE raise RuleUnavailable (§0.1).

    ``teams`` (car id → team name) and ``own_chits`` (the robot teammates, whose chit becomes the refuel chit of
    their own colour, Expansion #1 §5.4) come from :func:`racebook.rf90.teams.team_race`."""
    state = RaceState(track, rules=rules, seed=seed)
    ev: list[Event] = []
    state.race_deck.shuffle(state.rng)
    state.track_deck.shuffle(state.rng)
    state.race_deck.stack(stack)
    slots = sum(g.cars for g in track.grid)
    if len(drivers) + len(robots) > slots:
        raise SetupError(f"{len(drivers) + len(robots)} cars", "§7.2", f"track {track.id!r} has {slots} grid places")
    ids = [d.id for d in drivers] + [rid for rid, _ in robots]
    for i, cid in enumerate(ids):  # §6.1 item 3: each car is one panel and one miniature, named by its id
        if not isinstance(cid, str) or not CAR_ID.fullmatch(cid):
            raise SetupError(repr(cid), "§6.1", "a car id is a letter, then letters, digits or _ (it starts every "
                                                "action text, e.g. 'Blue start')")
        if cid in ids[:i]:
            raise SetupError(cid, "§6.1", f"two cars are named {cid}; give each car its own id")
    for d in drivers:
        d.setup.validate(d.skill)  # §6.2 (Ex. 1)
        if d.strategy is Strategy.TENTH:
            raise RuleUnavailable("§26 / AMB-7: the 10th strategy is NOT IN SOURCE; it cannot be used")
        if d.skill is Skill.SIXTH_SENSE:
            raise RuleUnavailable("§27 / AMB-15: SIXTH SENSE's flags are NOT IN SOURCE; the skill cannot be used")
        if d.strategy not in IMPLEMENTED_STRATEGIES:
            raise NotYetImplemented(f"§26: that strategy is not played by this engine version yet "
                                    f"(got {d.strategy.value})")
        car = Car(d.id, CarKind.HUMAN, setup=d.setup, skill=d.skill, strategy=d.strategy)
        state.cars[d.id] = car
        for _ in range(d.setup.cards):  # §6.2: draw as many Race Cards as the card setup shows (Ex. 2)
            car.hand.append(state.race_deck.draw(state.rng))  # type: ignore[arg-type]
        ev.append(ResourcesTaken(d.id, d.setup.tyres, d.setup.cards))
    for d in drivers:  # §6.3, after everyone is dealt
        car = state.cars[d.id]
        if d.mulligan:  # §6.3: the whole hand once, the second must be kept
            for c in car.hand:
                state.race_deck.discard(c)
            car.hand = [state.race_deck.draw(state.rng) for _ in range(d.setup.cards)]  # type: ignore[misc]
            ev.append(SubstituteCar(d.id, d.setup.cards))
    for rid, rt in robots:
        state.cars[rid] = Car(rid, CarKind.ROBOT, robot=rt)
    for cid, team in (teams or {}).items():
        state.cars[cid].team = team
    # qualifying (§7)
    entries = []
    for d in drivers:
        car = state.cars[d.id]
        if d.qualify is not None and d.qualify not in car.hand:
            raise SetupError(d.qualify, "§7.1", f"{d.qualify} is not in {d.id}'s hand ({' '.join(car.hand)})")
        index = car.hand.index(d.qualify) if d.qualify is not None else d.qualify_card
        if not 0 <= index < len(car.hand):
            raise SetupError(index, "§7.1", f"{d.id} has {len(car.hand)} cards in hand")
        code = car.hand.pop(index)
        card = state.card(code)
        entries.append(human_entry(d.id, card.mp, card.check, d.refuel, d.skill, code))
        car.target = code  # §7.2: the qualifying card stays face up as the Target Check
        car.refuel = d.refuel
    entries += draw_robot_entries(robots, state.rng)
    grid = grid_order(entries, state.rng)
    for e in grid:
        ev.append(e.event())
        if e.car in own_chits:  # Expansion #1 §5.4, AMB-X1-24: its own colour's chit, the same turn
            state.cars[e.car].refuel = e.refuel
            ev.append(RobotTeammateChit(e.car, e.refuel))
        elif e.robot is not None:
            state.robot_chits.append((e.robot, e.refuel))  # §8: the chit binds the best-placed robot of its type
    # grid: pole first, front of the first slot first; cars start before the finish line (lap 0)
    places = [g.section for g in track.grid for _ in range(g.cars)]
    for e, sec in zip(grid, places, strict=False):
        state.place(e.car, sec)
        state.cars[e.car].lap = 0
    state.leader = grid[0].car if grid else None
    # §9.1 initial weather and §9.2 robot tyres
    weather_card = state.race_deck.draw(state.rng)
    assert weather_card is not None
    state.weather = weather_space(track, state.card(weather_card).check)
    state.race_deck.discard(weather_card)
    sp = track.weather.spaces[state.weather]
    ev.append(InitialWeather(state.card(weather_card).check, sp.label(), sp.condition))
    state.robot_tyre = robot_tyre_for(track, state.weather, state.rng.below(2))
    for robot in state.cars.values():
        if robot.is_robot:
            robot.tyre = state.robot_tyre
    ev.append(RobotTyres(state.robot_tyre))
    # §9.2 tyres and strategies in grid order
    by_id = {d.id: d for d in drivers}
    for e in grid:
        if e.car not in by_id:
            continue
        d, car = by_id[e.car], state.cars[e.car]
        car.tyre = d.tyre
        car.chips = d.setup.tyres - (3 if d.tyre is Tyre.SOFT else 0)
        car.blue = 3 if d.tyre is Tyre.SOFT else 0
        if d.tyre is Tyre.SOFT:
            car.soft_sets = 1
        if d.tyre is Tyre.RAIN and d.skill is Skill.RAIN_EXPERT:
            car.blue += 3  # §27 RAIN EXPERT starting on Rain tyres
            ev.append(RainExpertStart(d.id))
        if d.tyre is Tyre.HARD:
            draw_track_card(state, car, DrawReason.HARD_START, ev, "§9.2")
        if d.skill is Skill.QUALIFY:
            for _ in range(2):
                draw_track_card(state, car, DrawReason.QUALIFY_START, ev, "§27")
    state.turn = 1
    return RaceSetup(state, grid, ev)
