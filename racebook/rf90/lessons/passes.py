"""Pass situations and the MP-cost tables of notebooks 01a and 01b: pure teaching helpers over the movement rule
(§13.E.7), and the book's MP arithmetic beside the engine's (:func:`arithmetic`, :func:`book_check`).

They build small real states in Race Position Notation and ask the rule's functions
(:func:`racebook.rf90.rules.movement.pass_cost`, ``needs_leader_check``, ``advance``, ``tyre_penalty``): no cost is
written down here. :mod:`racebook.rf90.rules.movement` still exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.core.errors import RacebookError
from racebook.rf90 import notation, scenario
from racebook.rf90.car import Skill, Strategy, Tyre
from racebook.rf90.events import (
    CheckTest,
    EnterSection,
    Event,
    FinishLine,
    LeaderToken,
    MovementPoints,
    MovementStops,
    Pass,
    YellowFlagPassed,
)
from racebook.rf90.notation import format_state
from racebook.rf90.options import Rules
from racebook.rf90.rules.movement import (
    Move,
    PassCost,
    PassKind,
    advance,
    needs_leader_check,
    pass_cost,
    special_turn,
    tyre_penalty,
)
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition, SectionType
from racebook.rf90.trackfile import load_track

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

    cases: list[tuple[str, str, type[Event], str]]
    cases = [(f"enter a {'braking zone' if st is SectionType.BRAKING else st.value + ' section'}",
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

    track = load_track("teaching")
    i = track.section(section).index
    return track.sections[(i - 1) % len(track)].name


def tyre_penalty_table(rules: Rules | None = None, skill: Skill | None = None) -> dict[Tyre, dict[Condition, int]]:
    """§16.2 wrong-tyre MP penalties for a human car, measured with :func:`tyre_penalty` (AMB-5, AMB-33).

    One state per weather condition of the teaching track's weather table; ``skill`` e.g. RAIN EXPERT.
    """

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


def arithmetic(events: Any, car: str) -> str:
    """A car's movement as the book writes it, from :func:`mp_breakdown`.

    ``events``: a Race (its whole log) or a list of events. E.g. Ex. 27:
    ``H 1 + G 1 + F 1 + overtake Red 1 + E 1 + overtake Green 1 + D 1 = 7 MP (Blue had 7 MP, §13.E.1)``.
    """
    evs = list(getattr(events, "events", events))
    total, steps = mp_breakdown(evs, car)
    if total is None:
        return f"{car} did not move"
    parts: list[str] = []
    pending = ""
    for s in steps:
        if s.kind == "check":
            pending = f"[{s.what}] "
            continue
        parts.append(f"{pending}lost {s.mp} ({s.what})" if s.kind == "lost" else f"{pending}{s.what} {s.mp}")
        pending = ""
    spent = sum(s.mp for s in steps)
    tail = pending.strip()
    body = " + ".join(parts) + (f" {tail}" if tail else "")
    same = "" if spent == total else f" ≠ {total}: check the log!"
    return f"{body} = {spent} MP ({car} had {total} MP, §13.E.1){same}"


def book_check(label: str, book: str, book_mp: int, events: Any, car: str) -> str:
    """The book's MP arithmetic beside the engine's, as two lines ending in ✓ when the engine spends the book's
    total (✗ when not).

    ``book``: the book's steps as it writes them (without the total), ``book_mp``: the book's total. E.g.
    ``book_check("Ex. 26", "H 1 + G 1 + (stopped behind Red: 3 MP lost)", 5, race, "Blue")``.
    """
    evs = list(getattr(events, "events", events))
    total, steps = mp_breakdown(evs, car)
    spent = sum(s.mp for s in steps) if total is not None else None
    verdict = "✓" if spent == book_mp else f"✗ (the book says {book_mp} MP)"
    return (f"{label}, the book:   {book} = {book_mp} MP\n"
            f"{label}, the engine: {arithmetic(evs, car)} {verdict}")


def pass_story(sit: PassSituation, mp: int | None = None, check_passes: bool = True) -> str:
    """A situation in sentences: the engine's price (:func:`quote`) and, with ``mp``, what the movement loop does
    with that many MP left (:func:`play_situation`), one event sentence a line."""
    lines = [quote(sit).sentence()]
    if mp is not None:
        played = play_situation(sit, mp, check_passes)
        lines.append(f"  with {mp} MP left:")
        lines += [f"    {e.sentence()}" for e in played.events]
    return "\n".join(lines)


def ex28_with_one_more_mp() -> Any:
    """Ex. 28 with one more MP (AMB-17): Blue plays R14 [4] on the red/green +2 trajectory I.t1, so 6 MP, and
    reaches Purple on the straight F after lapping Orange in corner G; both Leader checks pass with blind draws.

    Returns the :class:`racebook.rf90.game.Race` after Blue's move (its log says what each MP bought).
    """

    race = scenario.build({
        "scenario": {"id": "ex28_6mp", "track": "teaching", "seed": 28,
                     "position": "teaching turn=4 lap=2 | F: Purple{played} | G: Orange{played} | I: Blue*@I.t1"},
        "cars": {"Blue": {"hand": ["R14", "R18"], "target": "R88", "chips": 10}},
        "deck": {"stack": ["R01", "R30", "R25"]},
        "bag": {"stack": ["red"]},
    })
    for action in ("Blue start", "Blue play R14 +traj", "Blue pay chips=2", "Blue leader-check blind",
                   "Blue leader-check blind"):
        race.apply(action)
    return race
