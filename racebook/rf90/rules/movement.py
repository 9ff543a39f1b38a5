"""Movement: spending MP, overtaking, lapping and unlapping (§13.E, §17.4, §20, §22).

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
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import Condition, SectionType


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
    where = "braking zone" if sec.type is SectionType.BRAKING else sec.type.value
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


def needs_leader_check(state: RaceState, mover: Car, other: Car) -> bool:
    """§20: the leader tests before lapping a car for the first time (not 2nd/3rd laps, not off-track cars)."""
    return mover.id == state.leader and other.lap == mover.lap - 1


def _update_leader(state: RaceState, events: list[Event], mover: str, passed: str | None = None) -> None:
    """§11.2 case 2: the token follows a car that moved ahead (``passed``: the same-lap car it passed)."""
    if mover is not None and mover == state.leader:
        return  # the leader moving on stays the leader
    front = state.reassign_leader(mover)
    if front is not None:
        cause = LeaderCause.PASSED if passed is not None else LeaderCause.MOVED_AHEAD
        events.append(LeaderToken(front, state.cars[front].section, cause, mover, passed))


def advance(state: RaceState, mv: Move, events: list[Event], check_result: bool | None = None) -> None:
    """Spend MP until done or a Leader check is needed (``mv.awaiting_check`` set).

    ``check_result`` resumes after a Leader check on ``mv.awaiting_check``.
    """
    car = state.cars[mv.car]
    if check_result is not None:
        other_id = mv.awaiting_check
        mv.awaiting_check = None
        if not check_result:
            _stop(mv, car, events, f"the Leader check to lap {other_id} failed: no damage", "§20")
            return
        assert other_id is not None
        mv.checked.add(other_id)
    while not mv.done:
        if mv.mp <= 0:
            mv.done = True
            return
        lst = state.order[car.section]
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
                events.append(YellowFlagPassed(car.id, car.section, mv.mp, by_leader,
                                               car.trajectory if on_traj else None))
                continue
            other = state.cars[ahead]
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
            tokens = ""
            if pc.kind is not PassKind.OVERTAKE:
                down = state.laps_down(other.id) if state.leader != other.id else 0
                mine = state.laps_down(car.id)
                if car.id == state.leader:
                    tokens = f"; {other.id} now -{down} lap" if down else ""
                elif other.id == state.leader:
                    tokens = f"; {car.id}'s lap token " + (f"becomes -{mine}" if mine else "is removed")
            events.append(Pass(car.id, other.id, pc.kind.value, car.section, pc.why, pc.cost, mv.mp, tokens, pc.rule))
            _update_leader(state, events, car.id, other.id)
            continue
        # nobody ahead in this section: enter the next one
        nxt = state.track.sections[state.track.next_index(state.section(car.section).index)]
        state.remove(car.id)
        if nxt.index == 0:
            car.lap += 1
        state.place(car.id, nxt.name)
        car.trajectory = None
        mv.mp -= 1
        mv.entered += 1
        events.append(EnterSection(car.id, nxt.name, nxt.type.value, mv.mp))
        if nxt.index == 0:
            events.append(FinishLine(car.id, car.lap))
        _update_leader(state, events, car.id)


def on_trajectory(state: RaceState, car: Car) -> bool:
    """§15.1: a yellow flag is always placed behind the trajectories, so a car on a trajectory of its section
    never finds the flag ahead: no slowdown, however the flag and the car got there (one board position, one
    cost). The section's other restriction, no overtaking or duels, binds it like every car there."""
    return car.trajectory is not None and any(t.id == car.trajectory
                                              for t in state.track.trajectories_in(car.section))


def _stop(mv: Move, car: Car, events: list[Event], why: str, rule: str) -> None:
    lost = f"; {mv.mp} MP lost" if mv.mp else ""
    events.append(MovementStops(car.id, car.section, why, lost, rule))
    mv.mp = 0
    mv.done = True


# ====================================================================== the cost table as data (notebook 06)
# Pure helpers for the MP-cost calculator and the printed tables: they build small real states in Race
# Position Notation and ask the functions above (pass_cost, needs_leader_check, advance, tyre_penalty).
# No cost is written down here.

TABLE_SECTIONS: dict[SectionType, str] = {SectionType.STRAIGHT: "H", SectionType.BRAKING: "E",
                                          SectionType.CORNER: "G"}
"""The teaching-track section used for each section type (H straight, E braking zone, G corner = Curve 1)."""

MOVER_KINDS = ("human", "superfast", "fast", "slow")
"""Who can pass or be passed: a human player or a robot of one of the three types (§17.1)."""

TURNS = ("normal", "start", "restart", "last")
"""The kind of Game Turn: an ordinary one, the start (turn 1), a restart after the Safety Car, the last (§22)."""

LEADERS = ("third", "mover", "other")
"""Who holds the Leader token: a third car far ahead, the moving car, or the car ahead (§11.1)."""

_ROBOT_PREFIX = {"superfast": "SuperFast", "fast": "Fast", "slow": "Slow"}


@dataclass(frozen=True, slots=True)
class PassSituation:
    """A hypothetical pass: the moving car directly behind the car it meets, in one section.

    ``leader`` must fit the kind of pass (the leader is the frontmost car, §11.1): ``"mover"`` only when
    lapping, ``"other"`` only when overtaking or unlapping; ``"third"`` (a car far ahead in A) always fits.
    ``already_lapped`` makes the car being lapped one more lap down (so a lapping leader puts it 2 laps down,
    which needs no Leader check, §20). ``minus_one`` plays a Track Card "-1" on this section's corner (§19.2).
    """

    section: SectionType = SectionType.STRAIGHT
    kind: PassKind = PassKind.OVERTAKE
    mover: str = "human"
    other: str = "human"
    leader: str = "third"
    already_lapped: bool = False
    strategy: Strategy | None = None
    blue_flag: bool = False
    lapping_skill: bool = False
    no_move: bool = False
    yellow_flag: bool = False
    turn: str = "normal"
    minus_one: bool = False
    rules: Rules | None = None

    def ids(self) -> tuple[str, str]:
        """The car ids used in the position: (mover, other)."""
        mover = "Blue" if self.mover == "human" else _ROBOT_PREFIX[self.mover] + "1"
        other = "Red" if self.other == "human" else _ROBOT_PREFIX[self.other] + "2"
        return mover, other


def situation_position(sit: PassSituation) -> str:
    """The situation as a Race Position Notation string on the teaching track.

    Raises ``ValueError`` when the Leader token does not fit the kind of pass (§11.1).
    """
    from racebook.rf90.trackfile import load_track

    for name, value, allowed in (("section", sit.section, tuple(SectionType)), ("kind", sit.kind, tuple(PassKind)),
                                 ("mover", sit.mover, MOVER_KINDS), ("other", sit.other, MOVER_KINDS),
                                 ("leader", sit.leader, LEADERS), ("turn", sit.turn, TURNS)):
        if value not in allowed:
            raise ValueError(f"{name}={value!r}: expected one of {', '.join(str(a) for a in allowed)}")
    if sit.leader == "mover" and sit.kind is not PassKind.LAP:
        raise ValueError("§11.1: the leader is the frontmost car, so the moving car can hold the Leader token "
                         "only while it laps the car ahead")
    if sit.leader == "other" and sit.kind is PassKind.LAP:
        raise ValueError("§11.1: a car about to be lapped is behind the leader, so it cannot hold the Leader token")
    mover, other = sit.ids()
    last = load_track("teaching").turns.last_turn
    turn = {"normal": 5, "start": 1, "restart": 5, "last": last}[sit.turn]
    m_tok, o_tok = mover, other
    if sit.kind is PassKind.LAP:
        o_tok += f"-{1 + sit.already_lapped}" if sit.leader != "mover" else ("-1" if sit.already_lapped else "")
    elif sit.kind is PassKind.UNLAP:
        m_tok += "-1"
    if sit.leader == "mover":
        m_tok = m_tok.replace(mover, mover + "*", 1)
    elif sit.leader == "other":
        o_tok = o_tok.replace(other, other + "*", 1)
    flags = []
    if sit.no_move:
        flags.append("no_move")
    if flags:
        o_tok += "{" + ",".join(flags) + "}"
    flag = "(Y) " if sit.yellow_flag else ""
    group = f"{TABLE_SECTIONS[sit.section]}: {flag}{o_tok} {m_tok}"
    head = f"teaching turn={turn} lap=3"
    return f"{head} | A: Green* | {group}" if sit.leader == "third" else f"{head} | {group}"


def situation_state(sit: PassSituation) -> RaceState:
    """A real race state for the situation (built with :mod:`racebook.rf90.notation`), panels and pawns set.

    Errors from the notation are the engine's own, e.g. a yellow flag outside a corner (§15.1).
    """
    from racebook.rf90 import notation
    from racebook.rf90.trackfile import load_track

    pos = notation.parse(situation_position(sit))
    state = RaceState(load_track(pos.track), rules=sit.rules)
    notation.apply(pos, state)
    mover_id, _ = sit.ids()
    mover = state.cars[mover_id]
    mover.strategy = sit.strategy
    if sit.lapping_skill:
        mover.skill = Skill.LAPPING
    if sit.blue_flag:
        state.blue_flags.add(mover_id)
    state.restart = sit.turn == "restart"
    return state


@dataclass(frozen=True, slots=True)
class PassQuote:
    """What the engine says about a situation: the cost of the pass and whether a Leader check comes first."""

    situation: PassSituation
    position: str  # the RPN that was priced
    mover: str
    other: str
    cost: PassCost
    leader_check: bool  # §20: the leader tests before this (first) lapping
    special: str | None  # special_turn(): 'start', 'restart', 'last' or None

    @property
    def forbidden(self) -> bool:
        return self.cost.cost is None

    def sentence(self) -> str:
        """One line: e.g. 'Blue laps Red in G (corner): 2 MP (lapping in a corner) — §13.E.4'."""
        st = self.situation.section
        where = f"{TABLE_SECTIONS[st]} ({'braking zone' if st is SectionType.BRAKING else st.value})"
        if self.cost.cost is None:
            head = (f"{self.mover} may not pass {self.other} in {where}: he stops behind it and loses the rest "
                    f"of his MP ({self.cost.why})")
        else:
            head = f"{self.mover} {self.cost.kind.value} {self.other} in {where}: {self.cost.cost} MP ({self.cost.why})"
        check = "; first the Leader lapping check (§20)" if self.leader_check and not self.forbidden else ""
        return f"{head}{check} — {self.cost.rule}"


def quote(sit: PassSituation) -> PassQuote:
    """Price a situation with :func:`pass_cost` on a real two-car state (§13.E.7 and its modifiers)."""
    state = situation_state(sit)
    mover_id, other_id = sit.ids()
    mover, other = state.cars[mover_id], state.cars[other_id]
    sec = state.section(mover.section)
    corner = sec.corner if sit.minus_one and sec.type is SectionType.CORNER else None
    pc = pass_cost(state, mover, other, corner)
    check = pc.kind is PassKind.LAP and needs_leader_check(state, mover, other)
    from racebook.rf90.notation import format_state

    return PassQuote(sit, format_state(state), mover_id, other_id, pc, check, special_turn(state))


@dataclass(frozen=True, slots=True)
class PlayedPass:
    """The movement loop run on a situation: its events, and the Leader checks it asked for (§20)."""

    position: str
    events: tuple[Event, ...]
    checks: tuple[str, ...]  # cars the leader had to test against, in order
    end: str  # the position afterwards (RPN)


def play_situation(sit: PassSituation, mp: int, check_passes: bool = True) -> PlayedPass:
    """Run :func:`advance` for the moving car with ``mp`` MP left; each Leader check passes or fails."""
    from racebook.rf90 import notation

    state = situation_state(sit)
    start = notation.format_state(state)
    mover_id, _ = sit.ids()
    sec = state.section(state.cars[mover_id].section)
    mv = Move(mover_id, mp, sec.corner if sit.minus_one and sec.type is SectionType.CORNER else None)
    events: list[Event] = []
    checks: list[str] = []
    advance(state, mv, events)
    while mv.awaiting_check is not None:
        checks.append(mv.awaiting_check)
        advance(state, mv, events, check_result=check_passes)
    return PlayedPass(start, tuple(events), tuple(checks), notation.format_state(state))


@dataclass(frozen=True, slots=True)
class CostCell:
    """One cell of the printed table: ``quote`` is None when the situation cannot exist (``note`` says why)."""

    mover: str
    section: SectionType
    kind: PassKind
    column: str
    quote: PassQuote | None
    note: str = ""


HUMAN_COLUMNS: tuple[tuple[str, dict], ...] = (
    ("normal", {}),
    ("BANGING WHEELS", {"strategy": Strategy.BANGING_WHEELS}),
    ("blue flag", {"blue_flag": True}),
    ("LAPPING", {"lapping_skill": True}),
    ("RECOVERY vs Fast", {"strategy": Strategy.RECOVERY, "other": "fast"}),
    ("NO MOVE ahead", {"no_move": True}),
    ('"-1" corner', {"minus_one": True}),
    ("start", {"turn": "start"}),
    ("restart", {"turn": "restart"}),
    ("last turn", {"turn": "last"}),
    ("yellow flag", {"yellow_flag": True}),
)
"""Columns of the human table: a label and the :class:`PassSituation` fields it sets (§13.E.7 modifiers)."""

ROBOT_COLUMNS: tuple[tuple[str, dict], ...] = (
    ("vs human", {}),
    ("vs robot", {"other": "slow"}),
    ("NO MOVE human", {"no_move": True}),
    ("start", {"turn": "start"}),
    ("restart", {"turn": "restart"}),
    ("last turn", {"turn": "last"}),
    ("yellow flag", {"yellow_flag": True}),
)
"""Columns of the robot table (a Fast robot moving, §17.4)."""


def cost_table(mover: str = "human", rules: Rules | None = None,
               columns: tuple[tuple[str, dict], ...] | None = None) -> list[CostCell]:
    """The §13.E.7 table as data: every section type × pass kind × column, priced by :func:`quote`.

    ``mover`` is ``"human"`` (columns :data:`HUMAN_COLUMNS`) or a robot type (:data:`ROBOT_COLUMNS`). The
    passed car is a human unless the column says otherwise; the Leader token is on a third car far ahead.
    A situation that cannot exist (a yellow flag outside a corner, §15.1) gets ``quote=None`` and a note.
    """
    from racebook.core.errors import RacebookError

    if columns is None:
        columns = HUMAN_COLUMNS if mover == "human" else ROBOT_COLUMNS
    cells: list[CostCell] = []
    for st in TABLE_SECTIONS:
        for kind in PassKind:
            for label, changes in columns:
                sit = PassSituation(**{"section": st, "kind": kind, "mover": mover, "rules": rules, **changes})
                try:
                    cells.append(CostCell(mover, st, kind, label, quote(sit)))
                except RacebookError as e:
                    cells.append(CostCell(mover, st, kind, label, None, str(e)))
    return cells


@dataclass(frozen=True, slots=True)
class BaseCost:
    """A cost measured by running the movement loop (the 'Base cost' column of §13.E.7)."""

    what: str
    position: str
    mp: int
    rule: str


def base_costs() -> list[BaseCost]:
    """Entering a section of each type, and slowing past a yellow flag, measured with :func:`advance`.

    The car starts with 10 MP; the cost of a step is the drop in MP left between two events (§13.E.2, §15.1).
    """
    from racebook.rf90 import notation
    from racebook.rf90.trackfile import load_track

    cases: list[tuple[str, str, type[Event], str]] = [
        (f"enter a {'braking zone' if st is SectionType.BRAKING else st.value + ' section'}",
         f"teaching turn=5 | {_behind(sec)}: Blue", EnterSection, "§13.E.2") for st, sec in TABLE_SECTIONS.items()]
    cases.append(("pass a yellow flag", "teaching turn=5 | G: (Y) | H: Blue", YellowFlagPassed, "§15.1"))
    out: list[BaseCost] = []
    for what, text, kind, rule in cases:
        pos = notation.parse(text)
        state = RaceState(load_track(pos.track))
        notation.apply(pos, state)
        events: list[Event] = []
        advance(state, Move("Blue", 10), events)
        left = [10] + [e.left for e in events if isinstance(e, (EnterSection, YellowFlagPassed))]
        steps = [e for e in events if isinstance(e, (EnterSection, YellowFlagPassed))]
        i = next(i for i, e in enumerate(steps) if isinstance(e, kind))
        out.append(BaseCost(what, text, left[i] - left[i + 1], rule))
    return out


def _behind(section: str) -> str:
    from racebook.rf90.trackfile import load_track

    track = load_track("teaching")
    i = track.section(section).index
    return track.sections[(i - 1) % len(track)].name


def tyre_penalty_table(rules: Rules | None = None, skill: Skill | None = None) -> dict[Tyre, dict[Condition, int]]:
    """§16.2 wrong-tyre MP penalties for a human car, measured with :func:`tyre_penalty` (AMB-5, AMB-33).

    One state per weather condition of the teaching track's weather table; ``skill`` e.g. RAIN EXPERT.
    """
    from racebook.rf90 import notation
    from racebook.rf90.trackfile import load_track

    track = load_track("teaching")
    first: dict[Condition, int] = {}
    for i, space in enumerate(track.weather.spaces):
        first.setdefault(space.condition, i)
    table: dict[Tyre, dict[Condition, int]] = {}
    for tyre in Tyre:
        row: dict[Condition, int] = {}
        for cond in Condition:
            state = RaceState(track, rules=rules)
            notation.apply(notation.parse(f"teaching weather={first[cond]} | H: Blue"), state)
            car = state.cars["Blue"]
            car.tyre, car.skill = tyre, skill
            row[cond] = tyre_penalty(state, car)
        table[tyre] = row
    return table


@dataclass(frozen=True, slots=True)
class MpStep:
    """One item of a car's MP spending, read from the log: ``kind`` is enter, pass, yellow, lost or check."""

    kind: str
    what: str  # e.g. "H", "overtake Red", "lap Orange", "yellow flag in G", "Leader check vs Orange: pass"
    mp: int
    rule: str


_VERB = {PassKind.OVERTAKE.value: "overtake", PassKind.LAP.value: "lap", PassKind.UNLAP.value: "unlap"}


def mp_breakdown(events: list[Event] | tuple[Event, ...], car: str) -> tuple[int | None, list[MpStep]]:
    """The MP ``car`` had for movement (its last ``MovementPoints`` event, §13.E.1) and how they went.

    Each step's MP is the drop in "MP left" between movement events (§13.E.2); MP still left when the car is
    stopped are a ``lost`` step (§13.E.3, §20). Leader checks (§20) appear as 0-MP ``check`` steps. Returns
    ``(None, [])`` when the car did not move in these events.
    """
    from racebook.rf90.events import CheckTest, MovementPoints

    start = max((i for i, e in enumerate(events) if isinstance(e, MovementPoints) and e.car == car), default=None)
    if start is None:
        return None, []
    total = events[start].mp  # type: ignore[attr-defined]
    left = total
    steps: list[MpStep] = []
    for e in events[start + 1:]:
        if getattr(e, "car", None) != car or isinstance(e, (FinishLine, LeaderToken)):
            continue
        if isinstance(e, EnterSection):
            steps.append(MpStep("enter", e.section, left - e.left, e.citation))
            left = e.left
        elif isinstance(e, Pass):
            steps.append(MpStep("pass", f"{_VERB.get(e.verb, e.verb)} {e.other}", left - e.left, e.citation))
            left = e.left
        elif isinstance(e, YellowFlagPassed):
            steps.append(MpStep("yellow", f"yellow flag in {e.section}", left - e.left, e.citation))
            left = e.left
        elif isinstance(e, CheckTest) and e.rule == "§20":
            verdict = "pass" if e.passed else "fail"
            steps.append(MpStep("check", f"{e.what} {e.card} vs {e.target}: {verdict}", 0, e.citation))
        elif isinstance(e, MovementStops):
            if left:
                steps.append(MpStep("lost", f"stopped in {e.section}", left, e.citation))
            break
        else:
            break
    return total, steps
