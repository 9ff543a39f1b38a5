"""The individual turn's state (§13): its phase, the pending tests and the turn context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from racebook.rf90.cards import TestKind
from racebook.rf90.rules.movement import Move


class Phase(Enum):
    A = "A: start-of-turn declarations"
    DRAW = "B: draw cards"
    LUCKY_DISCARD = "B: LUCKY discard"
    PLAY = "C: play cards"
    PAY = "D.1: pay tyres"
    DISCARD = "D.1: discard cards"
    TEST = "D.2: tests"
    RECOVERY = "D.2: recovery test"
    RECOVERY_DISCARD = "D.2: recovery discard"
    EVENTS = "D.4: events"
    LEADER = "E: Leader check"
    OCCUPY = "F.2: trajectory"
    LATE_BRAKE = "F.1: late braking"
    PIT_DISCARD = "A.3 pit: discard cards"
    PIT_TYRES = "A.3 pit: tyres"
    PIT_STRATEGY = "A.3 pit: strategy"
    DUEL = "§12 duel procedure"
    ORANGE = "F: orange flag (§15.4)"
    ASSIST_START = "start of a robot teammate's movement: its human's yellow card (§5.6 Expansion #1)"
    ASSIST_END = "a robot teammate's movement: its human's red or green card (§5.6 Expansion #1)"
    ASSIST_FORCED = "F: the orange flag forced a robot teammate: its human's green card, +20 (§5.7 Expansion #1)"
    SC_WINDOW = "§21.1: pit now, under the Safety Car?"
    SC_A = "§21.3: behind the Safety Car — pit or go"
    SC_DISCARD = "§21.3: discard one card"
    DONE = "done"


@dataclass
class PendingTest:
    label: str
    kind: TestKind
    modifier: int
    card: str | None  # the movement card requiring it; None for an ET


@dataclass
class PlayCtx:
    """Phases C–E (§13.C–§13.E): the cards played, the trajectory used, what they cost, the tests they call for, the
    D.4 events and the MP."""

    cards: tuple[str, ...] = ()
    traj: str | None = None  # trajectory in use this turn
    traj_failed: bool = False  # failed an ET: no trajectory in this section this turn (§18.2)
    traj_failed_in: str | None = None  # the section where the ET was failed
    blue: bool = False
    minus_one: int | None = None
    tyres_due: int = 0
    discards_due: int = 0
    damage_due: int = 0
    card_damage: int = 0
    tests: list[PendingTest] = field(default_factory=list)
    test_cards: set[str] = field(default_factory=set)  # movement cards that became the Target Check
    et_passed: bool | None = None
    et_mode: str | None = None  # None = blind test; "flat" = FLAT OUT; a card code = ET Discard Power
    d4: list[str] = field(default_factory=list)  # 'weather' or a Flag value, in card order
    mp_bonus: list[tuple[int, str]] = field(default_factory=list)
    mp_loss: int = 0  # this-turn losses from an ET recovery chart (Ex. 33)
    move: Move | None = None
    chips_spent: int = 0
    overtook: bool = False  # overtook a same-lap car this turn (BANGING WHEELS Special)
    x1_et: bool = False  # Expansion #1: the ET was followed at the start of the turn (expansion1 digest §4.3)


@dataclass
class PitCtx:
    """A pit stop inside the turn (§13.A.3)."""

    after_pit: bool = False  # the F.2-style choice offered when a pit stop lands in a section (§13.A.3)
    pit_exempt: set[str] = field(default_factory=set)  # Track Cards that do not count toward the hand limit


@dataclass
class RouteCtx:
    """Where a player is on an off-track route or ET recovery chart (§18.1–18.3)."""

    route: str | None = None
    node: str | None = None
    route_discard: int = 0
    route_kind: str = "et"  # "et" (D.2 recovery chart), "lb" (after a failed late braking) or "x1" (Expansion #1 ET)
    against: int | None = None  # Expansion #1: the ET check value, base of this route's checks (digest §4.3)


@dataclass
class LateBrakeCtx:
    """Late braking this turn (§13.F.1)."""

    lb_done: bool = False  # §13.F.1: only one late braking per turn
    lb_advanced: bool = False  # entered a new section by late braking (may then take a trajectory)


_PARTS: dict[str, Callable[[], Any]] = {"play": PlayCtx, "pit": PitCtx, "offtrack": RouteCtx, "lb": LateBrakeCtx}


@dataclass(init=False)
class TurnCtx:
    """An individual turn in progress: whose, its phase, and one context per concern (play, pit, off-track route,
    late braking).

    The four concern contexts are made on first use (most robot turns never read three of them, and building them
    was ~5 % of a robot's turn): a context not given to the constructor is a fresh one the first time it is read,
    the same one afterwards — it reads, compares, prints and copies as the eager dataclass did."""

    car: str
    phase: Phase = Phase.A
    play: PlayCtx = field(default_factory=PlayCtx)
    pit: PitCtx = field(default_factory=PitCtx)
    offtrack: RouteCtx = field(default_factory=RouteCtx)
    lb: LateBrakeCtx = field(default_factory=LateBrakeCtx)
    reentry: bool = False  # this turn starts at a re-entry point (§18.5)
    decider: str | None = None  # who decides now, when not the car itself (the orange-flag holder, §15.4; a
    # robot teammate's human, Expansion #1 §5.6)
    sc_mode: str | None = None  # "window" (§21.1 pit window) or "running" (§21.3–21.4)
    robot_entered: bool = False  # the robot entered a new section this turn (§17.3 F)
    forced: str = ""  # what the orange flag forced on a robot teammate ("lb" or an ET id), its human deciding

    def __init__(self, car: str, phase: Phase = Phase.A, play: PlayCtx | None = None, pit: PitCtx | None = None,
                 offtrack: RouteCtx | None = None, lb: LateBrakeCtx | None = None, reentry: bool = False,
                 decider: str | None = None, sc_mode: str | None = None, robot_entered: bool = False,
                 forced: str = "") -> None:
        self.car = car
        self.phase = phase
        if play is not None:
            self.play = play
        if pit is not None:
            self.pit = pit
        if offtrack is not None:
            self.offtrack = offtrack
        if lb is not None:
            self.lb = lb
        self.reentry = reentry
        self.decider = decider
        self.sc_mode = sc_mode
        self.robot_entered = robot_entered
        self.forced = forced

    def __getattr__(self, name: str) -> Any:
        """Only called for an attribute not set yet: a concern context is made (and kept) on first use."""
        make = _PARTS.get(name)
        if make is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        part = make()
        setattr(self, name, part)
        return part

    def et_failed_in(self, section: str) -> bool:
        """§18.2: the car failed an ET in ``section`` this turn (no play context made just to say no)."""
        play = self.__dict__.get("play")
        return play is not None and play.traj_failed and play.traj_failed_in == section
