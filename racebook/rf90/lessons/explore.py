"""What-if explorations for the notebooks on trajectories (07) and on flags, weather and tyres (08).

Nothing here decides a rule. Each function builds a small real race state (a scenario dict, Race Position
Notation) and asks the engine's own functions: :func:`racebook.rf90.turn.legal_plays` and the turn machine
(:func:`racebook.rf90.turn.apply`) for trajectories (§13.D, §13.E.1, §19.3, §27 FLAT OUT, §22/AMB-14), the robot
turn for the robots' trajectory choice (§17.3 F, §15.4), :func:`racebook.rf90.setup.weather_space` and
:func:`racebook.rf90.setup.robot_tyre_for` for the weather table (§9.1, §9.2),
:func:`racebook.rf90.rules.movement.tyre_penalty`
for wrong tyres (§16.2, AMB-5) and :func:`racebook.rf90.rules.checks.modifiers` for the rain modifier (§13.D.2). Every
number shown comes from the engine's events or return values.

    from racebook.rf90.lessons import explore
    explore.play_outcomes(explore.TrajectorySetup("teaching", "F.t1", ("R15", "R22")))
    explore.weather_reading("silverstone", 38)      # Ex. 9: intermediate, robots on Rain

Pure: the standard library and racebook only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from racebook.rf90 import notation, scenario, setup, turn
from racebook.rf90.actions import (
    BLIND,
    Action,
    Discard,
    LeaderCheck,
    NoFlag,
    NoLateBrake,
    Occupy,
    Pay,
    Play,
    Test,
    Weather,
)
from racebook.rf90.car import Car, Skill, Tyre
from racebook.rf90.events import (
    CardsDiscarded,
    CheckTest,
    DamageTaken,
    Event,
    MovementPoints,
    Note,
    Retired,
    TrajectoryOccupied,
    TrajectoryUse,
    TyresPaid,
)
from racebook.rf90.game import Race
from racebook.rf90.options import Rules
from racebook.rf90.rules import checks, movement
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, Track, Trajectory, TrajectoryKind
from racebook.rf90.trackfile import load_track

CAR = "Blue"
"""The player car of the small states built here."""

_MAX_STEPS = 60


def _track(track: Track | str) -> Track:
    return track if isinstance(track, Track) else load_track(track)


# ====================================================================== trajectories (notebook 07)
@dataclass(frozen=True, slots=True)
class TrajectorySetup:
    """A player standing on a trajectory at the start of phase C, alone on the track (§13.D, §13.F.2).

    ``hand`` are card codes (Race Cards ``R..`` or the track's Track Cards ``T..``); ``skill`` and ``strategy``
    are their enum values (e.g. ``"flat_out"``, ``"balance"``, ``"save_tyres"``). ``turn=1`` is the race start
    and ``restart`` a restart after the Safety Car, where trajectories are not available (§22, AMB-14 — see the
    house rule ``Rules.trajectories_at_start``). ``weather`` is the weather-pawn space (§16).
    """

    track: str = "teaching"
    trajectory: str = "F.t1"
    hand: tuple[str, ...] = ("R15", "R22")
    chips: int = 10
    skill: str | None = None
    strategy: str | None = None
    turn: int = 3
    restart: bool = False
    rules: Rules | None = None
    weather: int = 0
    target: str = "R88"

    def position(self) -> str:
        """The set-up in Race Position Notation: the car leads, alone, on its trajectory."""
        tr = load_track(self.track).trajectory(self.trajectory)
        return f"{self.track} turn={self.turn} weather={self.weather} | {tr.section}: {CAR}*@{self.trajectory}"

    def scenario_dict(self) -> dict[str, Any]:
        car: dict[str, Any] = {"hand": list(self.hand), "target": self.target, "chips": self.chips}
        if self.skill:
            car["skill"] = self.skill
        if self.strategy:
            car["strategy"] = self.strategy
        return {"scenario": {"id": "trajectory_setup", "track": self.track, "seed": 7, "position": self.position()},
                "rules": (self.rules or Rules()).to_dict(), "race": {"restart": self.restart},
                "cars": {CAR: car}}


def trajectory_state(s: TrajectorySetup) -> RaceState:
    """The set-up as a real race state (built by :func:`racebook.rf90.scenario.build`; phase B is not played)."""
    return scenario.build(s.scenario_dict()).state


def trajectory_label(t: Trajectory) -> str:
    """'F.t1 — standard +2 green/orange, cost 1 tyre' / 'D.et1 — Extreme +3 red, test -10, chart d-et'."""
    cols = "/".join(c.value for c in t.colours)
    if t.kind is TrajectoryKind.EXTREME:
        mod = f", test {t.test_modifier:+d}" if t.test_modifier else ""
        return f"{t.id} — Extreme +{t.bonus} {cols}{mod}, recovery chart {t.recovery}"
    return f"{t.id} — standard +{t.bonus} {cols}, {cost_text(t) or 'no cost'}"


def cost_text(t: Trajectory) -> str:
    """The cost symbols next to a trajectory, e.g. '1 tyre' or '1 damage, 1 card' ('' when none, §3 item 5)."""
    bits = []
    if t.cost.tyres:
        bits.append(f"{t.cost.tyres} tyre{'s' * (t.cost.tyres > 1)}")
    if t.cost.damage:
        bits.append(f"{t.cost.damage} damage")
    if t.cost.cards:
        bits.append(f"{t.cost.cards} card{'s' * (t.cost.cards > 1)}")
    return ", ".join(bits)


@dataclass(frozen=True, slots=True)
class Run:
    """One legal play driven through phases C–E by the engine, declining every optional extra."""

    events: tuple[Event, ...]
    mp: int | None  # total MP of phase E (None: the car never reached phase E)
    breakdown: str
    et_test: str  # "pass" / "fail" / "" (no ET blind test)
    recovery: str  # result of the first recovery test on the ET chart ("" when none)
    retired: bool

    def sentence(self) -> str:
        if self.retired:
            return "retires"
        if self.mp is None:
            return "no movement"
        return f"{self.mp} MP" if self.mp > 0 else f"{self.mp} MP: no move (NO MOVE token)"


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """What one legal phase-C play (:func:`racebook.rf90.turn.legal_plays`) costs and gives (§13.D.1, §13.E.1).

    The costs are the ones the engine charged in D.1 (tyre units after SAVE TYRES, cards discarded for card
    symbols, damage tokens drawn for damage symbols). ``run`` is the play driven to phase E; for an Extreme
    Trajectory taken with the blind test, ``run`` is the branch where the test passes and ``fail_runs`` the two
    branches where it fails and the first recovery test of the chart passes / fails (§13.D.2, §18.2).
    """

    play: Play
    card_mp: int
    trajectory: str  # "uses F.t1" / "ignores F.t1: …" / "" (not on a trajectory)
    tyres: int
    discards: int
    damage: int
    power_card: str | None  # the Track Card discarded for its ET Discard Power (§19.3)
    run: Run
    fail_runs: tuple[Run, ...] = ()

    @property
    def text(self) -> str:
        """The play without the car, e.g. 'R15 R22 +traj'."""
        return str(self.play).removeprefix(f"{self.play.car} play ")

    @property
    def et_mode(self) -> str:
        """How an ET is taken: 'blind test', 'FLAT OUT', 'Discard Power Txx' or '' (§13.D.2, §27, §19.3)."""
        if not self.play.trajectory:
            return ""
        if self.play.et == "flat":
            return "FLAT OUT"
        if self.play.et:
            return f"Discard Power {self.play.et}"
        return "blind test" if self.run.et_test else ""

    def mp_text(self) -> str:
        """'6' or, for a blind ET, '7 if the test passes; if it fails: 1 (recovery passed) / -1 (failed)'."""
        if not self.fail_runs:
            return self.run.sentence()
        fails = " / ".join(f"{r.sentence()} (recovery test {r.recovery or 'none'})" for r in self.fail_runs)
        return f"{self.run.sentence()} if the blind test passes; if it fails: {fails}"


def _choose(legal: Sequence[Action]) -> Action:
    """The driver's decision: decline every optional extra, pay with chips first, test with blind draws."""
    for a in legal:
        if isinstance(a, (NoFlag, NoLateBrake)) or (isinstance(a, Weather) and a.step == 0) \
                or (isinstance(a, Occupy) and a.trajectory is None):
            return a
    for a in legal:
        if isinstance(a, (Test, LeaderCheck)) and a.using == BLIND:
            return a
    for a in legal:
        if isinstance(a, (Pay, Discard)):
            return a
    return legal[0]


def _drive(state: RaceState, play: Play, stack: Sequence[str] = ()) -> Run:
    """Apply ``play`` at phase C on ``state`` (a copy is made) and run the turn to phase E."""
    st = state.copy()
    if stack:
        st.race_deck.stack(stack)
    ctx = turn.TurnCtx(play.car, phase=turn.Phase.PLAY)
    events: list[Event] = []
    turn.apply(st, ctx, play, events)
    for _ in range(_MAX_STEPS):
        if ctx.phase is turn.Phase.DONE or any(isinstance(e, (MovementPoints, Retired)) for e in events):
            break
        legal = turn.legal(st, ctx)
        if not legal:
            break
        turn.apply(st, ctx, _choose(legal), events)
    mp = next((e for e in events if isinstance(e, MovementPoints)), None)
    tests = [e for e in events if isinstance(e, CheckTest)]
    et = next((t for t in tests if t.what.startswith("ET blind test")), None)
    rec = next((t for t in tests if "recovery test" in t.what), None)
    return Run(tuple(events), mp.mp if mp else None, mp.breakdown if mp else "",
               et.result if et else "", rec.result if rec else "", any(isinstance(e, Retired) for e in events))


def _by_check(state: RaceState) -> list[str]:
    """The Race deck's draw pile, lowest check factor first."""
    return sorted(state.race_deck.pile, key=lambda c: state.card(c).check)


def _outcome(state: RaceState, play: Play) -> PlayOutcome:
    car = state.cars[play.car]
    traj = state.track.trajectory(car.trajectory) if car.trajectory else None
    blind_et = play.trajectory and traj is not None and traj.kind is TrajectoryKind.EXTREME and play.et is None
    pile = _by_check(state)
    fail_runs: tuple[Run, ...] = ()
    if blind_et:
        assert traj is not None
        et_target = checks.target_value(state, car, checks.modifiers(state, car, traj.test_modifier))
        run = _drive(state, play, pile[:1])  # the lowest card passes the ET blind test (§13.D.2)
        failing = [c for c in pile if state.card(c).check > et_target]
        if failing:
            first = failing[0]
            rest_low = [c for c in pile if c != first][:3]
            rest_high = [c for c in reversed(pile) if c != first][:3]
            fail_runs = (_drive(state, play, [first, *rest_low]), _drive(state, play, [first, *rest_high]))
    else:
        run = _drive(state, play)
    ev = run.events
    use = next((e for e in ev if isinstance(e, TrajectoryUse)), None)
    tyres = sum(e.cost for e in ev if isinstance(e, TyresPaid) and e.rule != "§18.1")
    discards = sum(len(e.cards.split()) for e in ev if isinstance(e, CardsDiscarded) and e.why == "card-discard cost")
    damage = sum(1 for e in ev if isinstance(e, DamageTaken) and e.why.startswith("card/trajectory damage"))
    power = play.et if play.et not in (None, "flat") else None
    tr_text = f"{use.verb} {use.trajectory}: {use.why}" if use else ""
    return PlayOutcome(play, sum(state.card(c).mp for c in play.cards), tr_text, tyres, discards, damage, power,
                       run, fail_runs)


def play_outcomes(s: TrajectorySetup) -> list[PlayOutcome]:
    """Every legal phase-C play of the set-up (:func:`racebook.rf90.turn.legal_plays`), each driven through D and E.

    The list is in the engine's order: each card combination without the trajectory, then with it (§13.D).
    """
    state = trajectory_state(s)
    car = state.cars[CAR]
    return [_outcome(state, p) for p in turn.legal_plays(state, car) if p.cards]


def card_combinations(s: TrajectorySetup) -> list[tuple[str, ...]]:
    """The hand's single cards and pairs (legal or not), in hand order (§13.C)."""
    hand = list(s.hand)
    return [(c,) for c in hand] + [tuple(sorted(p)) for p in combinations(hand, 2)]


def why_no_trajectory(s: TrajectorySetup) -> list[tuple[tuple[str, ...], str, str]]:
    """For each card combination with no legal ``+traj`` play: (cards, rule, reason) (§13.C, §13.D, §22).

    The reason is the turn machine's (:func:`racebook.rf90.turn.explain`), or §22/AMB-14 when trajectories are not
    available this turn (:func:`racebook.rf90.turn.trajectories_available`).
    """
    state = trajectory_state(s)
    car = state.cars[CAR]
    plays = turn.legal_plays(state, car)
    ctx = turn.TurnCtx(CAR, phase=turn.Phase.PLAY)
    out = []
    for cards in card_combinations(s):
        if any(p.cards == cards and p.trajectory for p in plays):
            continue
        if not any(p.cards == cards for p in plays):  # the combination itself cannot be played (§13.C, §19.1)
            out.append((cards, *turn.explain(state, ctx, Play(CAR, cards))))
            continue
        if not turn.trajectories_available(state):
            why = ("a restart after the Safety Car" if state.restart else "the race start (turn 1)")
            out.append((cards, "§22, AMB-14", f"trajectories are not available at {why} — house rule "
                        f"trajectories_at_start={state.rules.trajectories_at_start}"))
            continue
        rule, reason = turn.explain(state, ctx, Play(CAR, cards, trajectory=True))
        if rule == "§13.C" and reason == "not a legal play":
            rule, reason = "§13.D", "this play is legal only without the trajectory"
        out.append((cards, rule, reason))
    return out


def outcome_rows(outcomes: Sequence[PlayOutcome]) -> list[dict[str, Any]]:
    """One plain-data row per outcome (for a pandas table): play, trajectory, ET, costs and MP."""
    return [{"play": o.text, "card MP": o.card_mp, "trajectory": "yes" if o.play.trajectory else "no",
             "ET": o.et_mode or "—", "tyre units": o.tyres, "card discards": o.discards + (1 if o.power_card else 0),
             "damage draws": o.damage, "MP": o.mp_text()} for o in outcomes]


# ------------------------------------------------------------------ robots and trajectories (§17.3 F, §15.4)
def with_trajectory(track: Track | str, trajectory: Trajectory) -> Track:
    """A copy of ``track`` with one more trajectory spot (a what-if board; the printed board is unchanged)."""
    tr = _track(track)
    return dataclasses.replace(tr, trajectories=(*tr.trajectories, trajectory))


@dataclass(frozen=True, slots=True)
class RobotEnd:
    """A robot's whole turn played by the engine: where it ended and which trajectory it took."""

    robot: str
    section: str | None
    trajectory: str | None
    events: tuple[Event, ...]
    pending: tuple[str, ...]  # decisions open after the robot's movement (the orange-flag holder's, §15.4)
    race: Race


def robot_turn(position: str, robot: str, track: Track | str | None = None, orange: str | None = None,
               robot_tyre: str | None = None) -> RobotEnd:
    """Play ``position`` (RPN) until ``robot`` has moved, and report its end of turn (§17.3 E–F).

    Every other car should have played (``{played}``) so that the robot is the first to move. ``track`` may be
    a what-if copy (:func:`with_trajectory`). ``orange``: the car holding the orange pawn (§15.4); the robot
    then waits for that player's decision, listed in ``pending``.
    """
    pos = notation.parse(position)
    tr = _track(track if track is not None else pos.track)
    state = RaceState(tr, seed=17)
    notation.apply(pos, state)
    state.race_deck.shuffle(state.rng)
    for car in state.cars.values():
        if not car.is_robot and car.target is None:  # a Target Check is always on a player's panel (§7.2)
            car.target = state.race_deck.draw(state.rng)
    if orange is not None:
        state.orange = orange
    if robot_tyre is not None:
        state.robot_tyre = Tyre(robot_tyre)
    race = Race(state)
    car = state.cars[robot]
    pending = tuple(str(a) for a in race.legal_actions()) if race.current_car == orange else ()
    return RobotEnd(robot, car.section, car.trajectory, tuple(race.events), pending, race)


def robot_choice_line(end: RobotEnd) -> str:
    """'Fast1 ends in E and takes E.t1 — §17.3 F' or '… and takes no trajectory'."""
    occ = next((e for e in end.events if isinstance(e, TrajectoryOccupied) and e.car == end.robot), None)
    if occ is not None:
        return occ.sentence()
    return f"{end.robot} ends in {end.section} and takes no trajectory"


# ====================================================================== weather and tyres (notebook 08)
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
        race.apply(_choose(race.legal_actions()))
    evs = race.events[before_events:]
    picked = tuple(e.sentence() for e in evs if e.kind == "WeatherMoved" or "§16.3" in e.citation)
    s = race.state
    return WeatherStep(space, s.weather, tr.weather.spaces[space].condition, s.condition(), s.robot_tyre,
                       any("§16.3" in e.citation for e in evs), picked)


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


def d4_choices(card: str, orange: str | None = None, blue_flags: Sequence[str] = (),
               position: str = D4_POSITION) -> tuple[str, list[str], list[str]]:
    """Blue plays ``card`` alone: (its description, the events of phases C–D, the D.4 decisions the engine
    offers) — every flag is optional (§13.D.4, §15, §16.1; Ex. 25). ``orange``: a car already holding the
    orange pawn; ``blue_flags``: cars already holding a blue pawn."""
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
    sentences = [e.sentence() for e in race.events[before:]
                 if not isinstance(e, (MovementPoints, Note)) and e.kind not in ("EnterSection", "TurnEnds")]
    legal = [str(a).removeprefix(f"{CAR} ") for a in race.legal_actions()] if race.phase is turn.Phase.EVENTS else []
    return race.state.card(card).describe(), sentences, legal
