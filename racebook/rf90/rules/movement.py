"""Movement: spending MP, overtaking, lapping and unlapping (§13.E, §17.4, §20, §22), and teammates (Expansion #1 §5.2).

The cost of every pass comes from one function, :func:`pass_cost`, which
holds the table of §13.E.7 and all its modifiers. Movement itself is a
resumable loop (:func:`advance`): it stops when MP run out, when a pass is
forbidden or unaffordable, or when the leader must make a Leader lapping
check that a human decides (§20).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from racebook.rf90.car import Car, RobotType, Skill, Strategy, Tyre
from racebook.rf90.events import (
    EnterSection,
    Event,
    FinishLine,
    LeaderCause,
    LeaderToken,
    MovementStops,
    Pass,
    YellowFlagPassed,
)
from racebook.rf90.options import IntermediateRow
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import Condition, SectionType

TEAM_RULE = "§5.2 (Expansion #1)"


class PassKind(Enum):
    OVERTAKE = "overtakes"  # same lap (§13.E.3)
    LAP = "laps"  # puts the other car a lap down (§13.E.4)
    UNLAP = "unlaps"  # a lapped car passes a car that lapped it (§13.E.5)


@dataclass(frozen=True, slots=True)
class PassCost:
    kind: PassKind
    cost: int | None  # None = forbidden: the mover stops and loses its MP
    why: str
    rule: str


def pass_kind(mover: Car, other: Car) -> PassKind:
    """Cars in the same section: compare finish-line crossings (AMB-25)."""
    if mover.lap == other.lap:
        return PassKind.OVERTAKE
    return PassKind.LAP if mover.lap > other.lap else PassKind.UNLAP


def special_turn(state: RaceState) -> str | None:
    """'start', 'restart' or 'last' when §22's easy passing applies, else None."""
    if state.turn == 1:
        return "start"
    if state.restart:
        return "restart"
    if state.turn == state.track.turns.last_turn and state.rules.last_turn_easy_passing:
        return "last"
    return None


_WHERE = {t: "braking zone" if t is SectionType.BRAKING else t.value for t in SectionType}  # a section type in words


def pass_cost(state: RaceState, mover: Car, other: Car, minus_one_corner: int | None = None) -> PassCost:
    """MP to pass ``other``, directly ahead of ``mover`` in the same section (§13.E.7 and modifiers).

    A yellow flag forbids every pass (§15.1). A car with the NO MOVE token can be passed for 1 MP in any
    section (§13.E.6, §17.4) — never dearer than the normal cost. RECOVERY's reduced costs against Fast and
    Slow robots apply to overtaking and, as the digest presumes (§13.E.7), to lapping and unlapping too.
    """
    sec = state.section(mover.section)
    kind = pass_kind(mover, other)
    if YELLOW_FLAG in state.order[sec.name]:
        return PassCost(kind, None, f"a yellow flag in {sec.name} forbids any pass", "§15.1")
    if mover.team is not None and mover.team == other.team:
        # Expansion #1 §5.2, AMB-X1-22: "continue your movement as if your teammate's car were not there": 0 MP, no
        # stop in a braking or corner section (robots: their own human too, §5.5); the lap relation still updates
        return PassCost(kind, 0, f"{other.id} is {mover.id}'s teammate: ignored in movement", TEAM_RULE)
    where = _WHERE[sec.type]
    base = (_robot_pass_cost(state, mover, other, kind, where) if mover.is_robot
            else _human_pass_cost(state, mover, other, kind, where, minus_one_corner))
    if not mover.is_robot and mover.strategy is Strategy.RECOVERY and other.is_robot \
            and other.robot in (RobotType.FAST, RobotType.SLOW) and special_turn(state) is None:
        rc = {SectionType.STRAIGHT: 0, SectionType.BRAKING: 1, SectionType.CORNER: 2}[sec.type]
        if base.cost is None or rc < base.cost:
            base = PassCost(kind, rc, f"RECOVERY passing a {other.robot.value} robot in a {where}", "§26.9")
    if other.no_move and (base.cost is None or base.cost > 1):
        return PassCost(kind, 1, f"{other.id} did not move this turn (NO MOVE token)",
                        "§17.4" if mover.is_robot else "§13.E.6")
    return base


def _human_pass_cost(state: RaceState, mover: Car, other: Car, kind: PassKind, where: str,
                     minus_one_corner: int | None) -> PassCost:
    sec = state.section(mover.section)
    st = sec.type
    special = special_turn(state)
    lapper = mover.id in state.blue_flags or mover.skill is Skill.LAPPING
    if special:
        if kind is PassKind.LAP and lapper:
            return PassCost(kind, 0, f"{special} turn, lapping with the blue flag/LAPPING is free", "§22")
        return PassCost(kind, 1, f"{special} turn: 1 MP in any section", "§22")
    if kind is PassKind.LAP and lapper and state.turn == state.track.turns.last_turn:
        # §22: the last turn's blue-flag line is its own rule («sem gastar PM»), not part of the copied
        # overtaking text that AMB-13 (last_turn_easy_passing) switches off
        return PassCost(kind, 0, "last turn, lapping with the blue flag/LAPPING is free", "§22")
    if minus_one_corner is not None and st is SectionType.CORNER and sec.corner == minus_one_corner:
        # §13.E.7 modifiers: 1 MP per car passed there, overtaking, lapping or unlapping alike
        return PassCost(kind, 1, f'Track Card "-1": corner {minus_one_corner} counts as a straight', "§19.2")
    if kind is PassKind.LAP:
        if lapper:
            cost = 1 if st is SectionType.CORNER else 0
            src = "blue flag" if mover.id in state.blue_flags else "LAPPING"
            rule = "§15.3" if src == "blue flag" else "§27"
            return PassCost(kind, cost, f"lapping in a {where} with the {src}", rule)
        return PassCost(kind, 2 if st is SectionType.CORNER else 1, f"lapping in a {where}", "§13.E.4")
    if kind is PassKind.UNLAP:
        return PassCost(kind, 2 if st is SectionType.CORNER else 1, f"unlapping in a {where}", "§13.E.5")
    # same-lap overtaking
    if mover.strategy is Strategy.BANGING_WHEELS:
        cost = 2 if st is SectionType.CORNER else 1
        return PassCost(kind, cost, f"BANGING WHEELS overtaking in a {where}", "§26.2")
    if st is SectionType.STRAIGHT:
        return PassCost(kind, 1, "overtaking on a straight", "§13.E.3")
    return PassCost(kind, None, f"no overtaking a same-lap car in a {where}", "§13.E.3")


def _robot_pass_cost(state: RaceState, mover: Car, other: Car, kind: PassKind, where: str) -> PassCost:
    st = state.section(mover.section).type
    if kind is PassKind.UNLAP:
        return PassCost(kind, None, "a robot never unlaps on its own", "§17.4")
    if other.is_robot:
        return PassCost(kind, 0, "robots pass and lap each other for 0 MP", "§17.4")
    if special_turn(state):
        return PassCost(kind, 1, f"{special_turn(state)} turn: 1 MP in any section", "§22")
    if kind is PassKind.LAP:
        return PassCost(kind, 2 if st is SectionType.CORNER else 1, f"a robot lapping a human in a {where}", "§17.4")
    if st is SectionType.STRAIGHT:
        return PassCost(kind, 1, "a robot overtaking a human on a straight", "§17.4")
    return PassCost(kind, None, f"a robot stops behind a human in a {where}", "§17.4")


# §16.2 wrong-tyre penalties, MP per turn. Intermediate row per AMB-5 option.
_TYRE_PENALTY = {
    Tyre.SOFT: {Condition.DRY: 0, Condition.INTERMEDIATE: 1, Condition.RAIN: 2},
    Tyre.HARD: {Condition.DRY: 0, Condition.INTERMEDIATE: 1, Condition.RAIN: 2},
    Tyre.RAIN: {Condition.DRY: 2, Condition.INTERMEDIATE: 1, Condition.RAIN: 0},
}
_INTERMEDIATE = {
    IntermediateRow.CORRECTED: {Condition.DRY: 1, Condition.INTERMEDIATE: 0, Condition.RAIN: 1},
    IntermediateRow.PRINTED: {Condition.DRY: 1, Condition.INTERMEDIATE: 1, Condition.RAIN: 0},
}


def tyre_penalty(state: RaceState, car: Car) -> int:
    """Wrong tyres for the weather (§16.2; AMB-5; RAIN EXPERT AMB-33). Robots are exempt."""
    if car.is_robot:
        return 0
    cond = state.condition()
    if car.skill is Skill.RAIN_EXPERT and cond is Condition.INTERMEDIATE and car.tyre in (Tyre.RAIN, Tyre.HARD):
        return 0
    if car.tyre is Tyre.INTERMEDIATE:
        return _INTERMEDIATE[state.rules.intermediate_row][cond]
    return _TYRE_PENALTY[car.tyre][cond]


@dataclass
class Move:
    """Movement in progress for one car (phase E)."""

    car: str
    mp: int
    minus_one: int | None = None  # corner number where a "-1" Track Card applies
    entered: int = 0  # sections entered
    passed: int = 0
    checked: set[str] = field(default_factory=set)  # cars the leader already passed a check for
    awaiting_check: str | None = None  # car the leader must check against before lapping (§20)
    done: bool = False
    # the dry mode's record (``advance`` with no event list): per step, the section entered (None for a pass or a
    # yellow flag passed) and the MP left after it
    trace: list[tuple[str | None, int]] = field(default_factory=list)


def needs_leader_check(state: RaceState, mover: Car, other: Car) -> bool:
    """§20: the leader tests before lapping a car for the first time (not 2nd/3rd laps, not off-track cars); never
    to lap his own teammate (Expansion #1 §5.2, AMB-X1-22)."""
    return mover.id == state.leader and other.lap == mover.lap - 1 and (mover.team is None or mover.team != other.team)


def teammate_ahead(state: RaceState, car: Car) -> bool:
    """The car directly ahead of ``car`` in its section is its teammate (no yellow flag between them)."""
    lst = state.order[car.section]
    i = lst.index(car.id)
    return car.team is not None and i > 0 and lst[i - 1] != YELLOW_FLAG and state.cars[lst[i - 1]].team == car.team


def _update_leader(state: RaceState, events: list[Event] | None, mover: str, passed: str | None = None) -> None:
    """§11.2 case 2: the token follows a car that moved ahead (``passed``: the same-lap car it passed)."""
    if mover is not None and mover == state.leader:
        return  # the leader moving on stays the leader
    front = state.reassign_leader(mover)
    if front is not None and events is not None:
        cause = LeaderCause.PASSED if passed is not None else LeaderCause.MOVED_AHEAD
        events.append(LeaderToken(front, state.cars[front].section, cause, mover, passed))


def _lead_mark(state: RaceState, car: Car) -> tuple[int, int] | None:
    """The leader's lap and section index, read once per call of :func:`advance`: while the mover is behind it on
    these two terms of :meth:`RaceState.key` it cannot have taken the token (§11.2 case 2), so the per-step update
    is skipped. None when that shortcut does not hold (no leader, the mover leads, the leader off track or out, the
    §18.4 anchor): then every step asks :meth:`RaceState.reassign_leader`. The leader does not move while another
    car moves, so the mark stays true for the whole call."""
    if state.leader is None or state.leader == car.id or state.fas_anchor is not None:
        return None
    lead = state.cars[state.leader]
    if not lead.on_track or lead.off_track is not None or not lead.section:
        return None
    return lead.lap, state.track.index_of(lead.section)


def advance(state: RaceState, mv: Move, events: list[Event] | None, check_result: bool | None = None) -> None:
    """Spend MP until done or a Leader check is needed (``mv.awaiting_check`` set).

    ``check_result`` resumes after a Leader check on ``mv.awaiting_check``. With ``events`` None the same walk runs
    in its dry mode (the Track Card eligibility dry runs, §19.1): no event is built, each step goes to ``mv.trace``
    (the section entered or None, the MP left), and the Leader token still moves, as it decides §20's checks.
    """
    car = state.cars[mv.car]
    dry = events is None
    if check_result is not None:
        other_id = mv.awaiting_check
        mv.awaiting_check = None
        if not check_result:
            _stop(mv, car, events, f"the Leader check to lap {other_id} failed: no damage", "§20")
            return
        assert other_id is not None
        mv.checked.add(other_id)
    mark = _lead_mark(state, car)
    track, order, cars = state.track, state.order, state.cars
    sections, index_of = track.sections, track.index_of
    n_sections = len(sections)
    trace = mv.trace
    here = index_of(car.section) if car.section else -1  # its index: only this walk moves the car meanwhile
    while not mv.done:
        if mv.mp <= 0 and not (state.rules.teammate_ends_ahead and teammate_ahead(state, car)):
            # AMB-X1-22: a free pass of a teammate happens only while MP are left; the house rule
            # ``teammate_ends_ahead`` lets the mover end ahead of its teammate all the same
            mv.done = True
            return
        lst = order[car.section]
        i = lst.index(car.id)
        if i > 0:
            ahead = lst[i - 1]
            if ahead == YELLOW_FLAG:
                lst[i - 1], lst[i] = lst[i], lst[i - 1]
                on_traj = on_trajectory(state, car)
                mv.mp -= 0 if on_traj else 1
                by_leader = car.id == state.leader
                if by_leader:
                    lst.remove(YELLOW_FLAG)
                if dry:
                    trace.append((None, mv.mp))
                else:
                    events.append(YellowFlagPassed(car.id, car.section, mv.mp, by_leader,  # type: ignore[union-attr]
                                                   car.trajectory if on_traj else None))
                continue
            other = cars[ahead]
            pc = pass_cost(state, car, other, mv.minus_one)
            if pc.cost is None:
                _stop(mv, car, events, f"{pc.why} ({other.id} ahead)", pc.rule)
                return
            if pc.cost > mv.mp:
                _stop(mv, car, events, f"passing {other.id} ({pc.why}) needs {pc.cost} MP", pc.rule)
                return
            if pc.kind is PassKind.LAP and needs_leader_check(state, car, other) and other.id not in mv.checked:
                mv.awaiting_check = other.id
                return
            lst[i - 1], lst[i] = lst[i], lst[i - 1]
            mv.mp -= pc.cost
            mv.passed += 1
            if dry:
                trace.append((None, mv.mp))
            else:
                tokens = ""
                if pc.kind is not PassKind.OVERTAKE:
                    down = state.laps_down(other.id) if state.leader != other.id else 0
                    mine = state.laps_down(car.id)
                    if car.id == state.leader:
                        tokens = f"; {other.id} now -{down} lap" if down else ""
                    elif other.id == state.leader:
                        tokens = f"; {car.id}'s lap token " + (f"becomes -{mine}" if mine else "is removed")
                events.append(Pass(car.id, other.id, pc.kind.value, car.section, pc.why, pc.cost,  # type: ignore
                                   mv.mp, tokens, pc.rule))
            if mark is None or (car.lap, here) >= mark:
                _update_leader(state, events, car.id, other.id)
            continue
        # nobody ahead in this section (the car heads its list, i == 0): enter the next one, at the back of its list
        # (RaceState.remove and .place, written out for this loop)
        nxt = sections[(here + 1) % n_sections]
        here = nxt.index
        del lst[0]
        if nxt.index == 0:
            car.lap += 1
        order[nxt.name].append(car.id)
        car.section = nxt.name
        car.trajectory = None
        mv.mp -= 1
        mv.entered += 1
        if dry:
            trace.append((nxt.name, mv.mp))
        else:
            events.append(EnterSection(car.id, nxt.name, nxt.type._value_, mv.mp))  # type: ignore[union-attr]
            if nxt.index == 0:
                events.append(FinishLine(car.id, car.lap))  # type: ignore[union-attr]
        if mark is None or (car.lap, nxt.index) >= mark:
            _update_leader(state, events, car.id)


def on_trajectory(state: RaceState, car: Car) -> bool:
    """§15.1: a yellow flag is always placed behind the trajectories, so a car on a trajectory of its section
    never finds the flag ahead: no slowdown, however the flag and the car got there (one board position, one
    cost). The section's other restriction, no overtaking or duels, binds it like every car there."""
    return car.trajectory is not None and any(t.id == car.trajectory
                                              for t in state.track.trajectories_in(car.section))


def _stop(mv: Move, car: Car, events: list[Event] | None, why: str, rule: str) -> None:
    if events is not None:
        lost = f"; {mv.mp} MP lost" if mv.mp else ""
        events.append(MovementStops(car.id, car.section, why, lost, rule))
    mv.mp = 0
    mv.done = True
