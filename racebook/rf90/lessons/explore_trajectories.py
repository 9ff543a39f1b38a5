"""What-if explorations of trajectories for notebook 06 (§13.D, §13.E.1, §19.3, §27 FLAT OUT, §22/AMB-14), and of the
robots' trajectory choice (§17.3 F, §15.4).

Each function builds a small real race state and asks the engine: :func:`racebook.rf90.turn.legal_plays`, the turn
machine (:func:`racebook.rf90.turn.apply`) and the robot turn. Nothing here decides a rule; the entry point is
:mod:`racebook.rf90.lessons.explore`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from racebook.rf90 import actionlabels, notation, scenario, turn
from racebook.rf90.actions import (
    Play,
)
from racebook.rf90.car import Tyre
from racebook.rf90.events import (
    CardsDiscarded,
    Checked,
    CheckTest,
    Damage,
    DamageTaken,
    DiscardReason,
    Event,
    MovementPoints,
    Retired,
    TrajectoryOccupied,
    TrajectoryUse,
    TyresPaid,
)
from racebook.rf90.game import Race
from racebook.rf90.lessons.explore_common import CAR, MAX_STEPS, _track, choose
from racebook.rf90.lessons.notebook import Table, Tables
from racebook.rf90.options import Rules
from racebook.rf90.rules import checks
from racebook.rf90.state import RaceState
from racebook.rf90.track import Track, Trajectory, TrajectoryKind
from racebook.rf90.trackfile import load_track


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



def _drive(state: RaceState, play: Play, stack: Sequence[str] = ()) -> Run:
    """Apply ``play`` at phase C on ``state`` (a copy is made) and run the turn to phase E."""
    st = state.copy()
    if stack:
        st.race_deck.stack(stack)
    ctx = turn.TurnCtx(play.car, phase=turn.Phase.PLAY)
    events: list[Event] = []
    turn.apply(st, ctx, play, events)
    for _ in range(MAX_STEPS):
        if ctx.phase is turn.Phase.DONE or any(isinstance(e, (MovementPoints, Retired)) for e in events):
            break
        legal = turn.legal(st, ctx)
        if not legal:
            break
        turn.apply(st, ctx, choose(legal), events)
    mp = next((e for e in events if isinstance(e, MovementPoints)), None)
    tests = [e for e in events if isinstance(e, CheckTest)]
    et = next((t for t in tests if t.test is Checked.ET), None)
    rec = next((t for t in tests if t.test is Checked.RECOVERY), None)
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
    discards = sum(len(e.cards) for e in ev if isinstance(e, CardsDiscarded) and e.why is DiscardReason.COST)
    damage = sum(1 for e in ev if isinstance(e, DamageTaken) and e.cause is Damage.SYMBOL)
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


def spot_rows(track: Track | str) -> list[dict[str, Any]]:
    """One plain-data row per trajectory spot of the board (for a pandas table): its section, kind, colours, bonus,
    cost symbols, how far outside it lies, an ET's test modifier and recovery chart (§3 items 5–6)."""
    return [{"spot": t.id, "section": t.section, "kind": t.kind.value, "colours": "/".join(c.value for c in t.colours),
             "bonus": f"+{t.bonus}", "cost": cost_text(t) or "—", "lateral": t.lateral,
             "ET test": f"{t.test_modifier:+d}" if t.kind is TrajectoryKind.EXTREME else "—",
             "recovery chart": t.recovery or "—"} for t in _track(track).trajectories]


def setup_sentence(s: TrajectorySetup) -> str:
    """The set-up in words: 'On F.t1 — standard +2 green/orange, cost 1 tyre — with R15 [2] + R22 [2], 10 tyre
    chips, Game Turn 3.'"""
    state = trajectory_state(s)
    hand = " + ".join(f"{c} [{state.card(c).mp}]" for c in s.hand) or "no card"
    extras = [f"{s.chips} tyre chip{'s' * (s.chips != 1)}"]
    extras += [x.replace("_", " ").upper() for x in (s.skill, s.strategy) if x]
    extras.append("a restart after the Safety Car" if s.restart else
                  "the race start (Game Turn 1)" if s.turn == 1 else f"Game Turn {s.turn}")
    if s.rules is not None and s.rules.trajectories_at_start:
        extras.append("house rule trajectories_at_start on")
    return f"On {trajectory_label(state.track.trajectory(s.trajectory))} — with {hand}, {', '.join(extras)}:"


def plays_table(s: TrajectorySetup) -> Table:
    """The legal plays of the set-up as a table — each play as a button labels it, whether it uses the trajectory,
    its D.1 costs and its MP (:func:`play_outcomes`) — and, below, each card combination with no play using the
    trajectory and the engine's reason (:func:`why_no_trajectory`)."""
    state = trajectory_state(s)
    outcomes = play_outcomes(s)
    rows = tuple((actionlabels.label(o.play, state), ("uses it" + (f" ({o.et_mode})" if o.et_mode else ""))
                  if o.play.trajectory else "no", str(o.tyres), str(o.discards + (1 if o.power_card else 0)),
                  str(o.damage), o.mp_text()) for o in outcomes)
    played = {o.play.cards for o in outcomes}
    notes = tuple(f"{' + '.join(cards)} {'cannot use the trajectory' if cards in played else 'cannot be played'}: "
                  f"{why} ({rule})" for cards, rule, why in why_no_trajectory(s))
    return Table(("play", "trajectory", "tyre units", "cards discarded", "damage draws", "MP (phase E)"),
                 rows or (("no legal play with these cards", "", "", "", "", ""),), intro=setup_sentence(s),
                 notes=notes)


def plays_tables(*setups: TrajectorySetup) -> Tables:
    """:func:`plays_table` of several set-ups, one under the other."""
    return Tables(tuple(plays_table(s) for s in setups))


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
