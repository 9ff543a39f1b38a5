"""The individual turn, phases A–F (§13), for players and robots (§17.3).

A turn is a small state machine held in :class:`TurnCtx`. ``legal(state, ctx)``
lists the decisions open now; ``apply(state, ctx, action, events)`` performs
one and then runs every automatic step (draws, damage, blind tests, movement)
until the next decision or the end of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

from racebook.core.deck import Deck
from racebook.core.errors import IllegalAction
from racebook.rf90.actions import (
    BLIND,
    Action,
    Chase,
    Discard,
    Draw,
    Force,
    GreenFlag,
    LateBrake,
    LeaderCheck,
    NoFlag,
    NoForce,
    NoLateBrake,
    Occupy,
    Pay,
    Pit,
    PitDiscard,
    PitDone,
    PitStrategy,
    PitTyres,
    Play,
    Skip,
    Start,
    StayOut,
    Take,
    TakeFlag,
    Test,
    Versatility,
    Weather,
    WiseDriving,
    YellowFlag,
)
from racebook.rf90.car import Car, RobotType, Skill, Strategy, Tyre
from racebook.rf90.cards import Card, Flag, PowerKind, TestKind
from racebook.rf90.events import (
    CardDrawn,
    CardsDiscarded,
    CardsPlayed,
    ChaseEnd,
    ChaseEnded,
    ChasePlaced,
    Checked,
    ControlRegained,
    Damage,
    DeckEmpty,
    DeckReshuffled,
    DiscardReason,
    DrawReason,
    EtDiscardPower,
    EtFailed,
    Event,
    FinishLine,
    FlagEvent,
    FlatOut,
    ForcedPit,
    JustPit,
    JustPitRemoved,
    LateBrakingAdvance,
    LbDiscardPower,
    LeaderToken,
    LostControl,
    MovementPoints,
    MovementStops,
    MpLoss,
    NoRecoveryChart,
    OnReentryPoint,
    Pass,
    PitCause,
    PitDeclared,
    PitUnderSafetyCar,
    PushRefuel,
    ReEntered,
    Retirement,
    RobotChitDue,
    RobotLbAdvance,
    RobotsWillPit,
    SafetyCarCalled,
    SafetyCarFuel,
    SaveFuelRefuel,
    SaveTyres,
    StaysOut,
    StrategyChanged,
    TimeLoss,
    TrajectoryOccupied,
    TrajectoryUse,
    TurnBegins,
    TurnEnds,
    TurnResumes,
    TurnSkipped,
    TyresKept,
    TyresPaid,
    VersatilityUsed,
    WeatherMoved,
)
from racebook.rf90.rules import checks, movement, payments, pits
from racebook.rf90.rules.movement import Move
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import Condition, EffectKind, NodeKind, SectionType, Trajectory, TrajectoryKind

BLUE_PAWNS = 6  # §2.2
MAX_YELLOW_FLAGS = 6  # §15.1


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
class TurnCtx:
    car: str
    phase: Phase = Phase.A
    cards: tuple[str, ...] = ()
    traj: str | None = None  # trajectory in use this turn
    traj_failed: bool = False  # failed an ET: no trajectory in this section this turn (§18.2)
    traj_failed_in: str | None = None  # the section where the ET was failed
    after_pit: bool = False  # the F.2-style choice offered when a pit stop lands in a section (§13.A.3)
    blue: bool = False
    minus_one: int | None = None
    tyres_due: int = 0
    discards_due: int = 0
    damage_due: int = 0
    card_damage: int = 0
    tests: list[PendingTest] = field(default_factory=list)
    test_cards: set[str] = field(default_factory=set)  # movement cards that became the Target Check
    et_passed: bool | None = None
    d4: list[str] = field(default_factory=list)  # 'weather' or a Flag value, in card order
    mp_bonus: list[tuple[int, str]] = field(default_factory=list)
    mp_loss: int = 0  # this-turn losses from an ET recovery chart (Ex. 33)
    move: Move | None = None
    chips_spent: int = 0
    route: str | None = None
    node: str | None = None
    route_discard: int = 0
    special_cards: int = 0  # Track Cards earned this turn by the strategy Special
    pit_exempt: set[str] = field(default_factory=set)  # Track Cards that do not count toward the hand limit
    route_kind: str = "et"  # "et" (D.2 recovery chart) or "lb" (off-track route after a failed late braking)
    et_mode: str | None = None  # None = blind test; "flat" = FLAT OUT; a card code = ET Discard Power
    lb_done: bool = False  # §13.F.1: only one late braking per turn
    lb_advanced: bool = False  # entered a new section by late braking (may then take a trajectory)
    reentry: bool = False  # this turn starts at a re-entry point (§18.5)
    decider: str | None = None  # who decides now, when not the car itself (the orange-flag holder, §15.4)
    sc_mode: str | None = None  # "window" (§21.1 pit window) or "running" (§21.3–21.4)
    overtook: bool = False  # overtook a same-lap car this turn (BANGING WHEELS Special)
    robot_entered: bool = False


# ---------------------------------------------------------------- helpers
def _top(state: RaceState, deck: Deck, events: list[Event]) -> str | None:
    """The top card of a deck; its discards are reshuffled first when it is empty (§6.1)."""
    before = deck.reshuffles
    code = deck.draw(state.rng)
    if deck.reshuffles != before:
        events.append(DeckReshuffled(deck.name))
    return code


def _draw(state: RaceState, car: Car, why: DrawReason, events: list[Event], rule: str = "§13.B",
          source: str | None = None) -> str | None:
    """Draw a Race Card into hand (robots have no hand: the card is only returned)."""
    code = _top(state, state.race_deck, events)
    if code is None:
        events.append(DeckEmpty("Race", car.id))
        return None
    if car.is_robot:
        return code
    car.hand.append(code)
    events.append(CardDrawn(car.id, code, why, rule, source))
    return code


def _blind(state: RaceState, car: Car, events: list[Event]) -> str | None:
    """Top card of the Race deck for a blind draw (not into hand)."""
    return _top(state, state.race_deck, events)


def draw_track_card(state: RaceState, car: Car, why: DrawReason, events: list[Event], rule: str) -> None:
    code = _top(state, state.track_deck, events)
    if code is None:
        events.append(DeckEmpty("Track", car.id))
        return
    car.hand.append(code)
    events.append(CardDrawn(car.id, code, why, rule))


def trajectories_available(state: RaceState) -> bool:
    """AMB-14: not at restarts, and (by default) not in turn 1 either (§22)."""
    if state.restart:
        return False
    return not (state.turn == 1 and not state.rules.trajectories_at_start)


def pair_legal(car: Car, a: Card, b: Card) -> tuple[bool, str]:
    """§13.C pair rules with the PUSH and combination-symbol exceptions."""
    if a.combination or b.combination:
        return True, "Track Card combination symbol (§19.2)"
    if a.mp == 1 or b.mp == 1:
        return True, "a [1] pairs with any card"
    if a.mp == 2 and b.mp == 2:
        return True, "[2] with [2]"
    if car.strategy is Strategy.PUSH and 2 in (a.mp, b.mp) and max(a.mp, b.mp) >= 3:
        return True, "PUSH: [2] with [3]–[6] (§26.7)"
    return False, "only [1]+any and [2]+[2] pairs are legal (AMB-4)"


def _colour_match(state: RaceState, car: Car, traj: Trajectory, cards: tuple[str, ...]) -> bool:
    if car.strategy is Strategy.BALANCE:
        return True
    return any(state.card(c).colour in traj.colours for c in cards)


def _costs(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None) -> tuple[int, int, int]:
    tyres = sum(state.card(c).tyres for c in cards)
    disc = sum(state.card(c).discard for c in cards)
    dmg = sum(state.card(c).damage for c in cards)
    if traj is not None:
        tyres += traj.cost.tyres
        disc += traj.cost.cards
        dmg += traj.cost.damage
    return payments.tyre_cost(car, tyres), disc, dmg


def _base_mp(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None,
             et_ok: bool, blue: bool) -> list[tuple[int, str]]:
    parts = [(sum(state.card(c).mp for c in cards), "cards")]
    if traj is not None and (traj.kind is TrajectoryKind.STANDARD or et_ok):
        parts.append((traj.bonus, f"trajectory {traj.id}"))
    if blue:
        parts.append((1, "blue token"))
    if car.skill is Skill.QUALIFY and (state.turn == 1 or state.restart):
        parts.append((1, "QUALIFY at the start/restart"))
    if car.skill is Skill.LAPPING:
        n = sum(1 for c in cards if state.card(c).flag is Flag.BLUE)
        if n:
            parts.append((n, "LAPPING blue-flag symbols"))
    return parts


def _penalties(state: RaceState, car: Car) -> list[tuple[int, str]]:
    out = []
    p = movement.tyre_penalty(state, car)
    if p:
        out.append((-p, f"{car.tyre.value} tyres in {state.condition().value} weather (§16.2)"))
    if car.time_loss:
        out.append((-car.time_loss, "time loss from off track (§18.1)"))
    return out


def _track_card_eligible(state: RaceState, car: Car, card: Card, mp: int, minus_one: int | None,
                         playing: tuple[str, ...] = (), cache: dict | None = None) -> bool:
    """§13.C/§19.1: the movement must start in, pass through or end in a section of the card's corner,
    provably: the dry run stops at any Leader check that a hand card cannot pass for sure.

    ``cache`` (one per listing of legal plays) keeps dry runs: they depend only on the MP, the "-1" corner and
    the best hand card left for a Leader check."""
    wanted = {s for n in card.corners for s in state.track.corner(n).sections}
    if car.section in wanted:
        return True
    if cache is None:
        visited = dry_run(state, car, mp, minus_one, playing)
    else:
        left = [state.card(c).check for c in car.hand if not state.card(c).is_track and c not in playing]
        key = (mp, minus_one, min(left) if left else None)
        if key not in cache:
            cache[key] = dry_run(state, car, mp, minus_one, playing)
        visited = cache[key]
    return any(s in wanted for s in visited)


def dry_run(state: RaceState, car: Car, mp: int, minus_one: int | None, playing: tuple[str, ...] = ()) -> list[str]:
    """Sections the car would enter with ``mp`` MP, without randomness; state is restored.

    A Leader check counts as passed only if a hand card other than the movement cards ``playing`` surely
    passes it (§19.1, Ex. 36; AMB-26: movement cards cannot be used for it)."""
    saved_order = {k: list(v) for k, v in state.order.items()}
    saved_cars = {c.id: (c.section, c.lap, c.trajectory) for c in state.cars.values()}
    saved_leader, saved_anchor = state.leader, state.fas_anchor
    visited: list[str] = []
    try:
        if car.off_track is not None:  # §18.5: re-entering costs 1 MP, behind the cars of the re-entry section
            state.place(car.id, car.off_track)
            visited.append(car.off_track)
            mp -= 1
        mv = Move(car.id, mp, minus_one)
        sink: list[Event] = []
        hand_checks = sorted(state.card(c).check for c in car.hand if not state.card(c).is_track and c not in playing)
        while not mv.done:
            movement.advance(state, mv, sink)
            visited.extend(e.section for e in sink if getattr(e, "section", None) and e.kind == "EnterSection")
            sink.clear()
            if mv.awaiting_check is not None:
                target = checks.target_value(state, car, checks.modifiers(state, car, leader_check=True))
                sure = bool(hand_checks) and hand_checks[0] <= target
                if not sure:
                    break
                movement.advance(state, mv, sink, check_result=True)
                visited.extend(e.section for e in sink if e.kind == "EnterSection")
                sink.clear()
        return visited
    finally:
        state.order = saved_order
        for cid, (sec, lap, traj) in saved_cars.items():
            c = state.cars[cid]
            c.section, c.lap, c.trajectory = sec, lap, traj
        state.leader, state.fas_anchor = saved_leader, saved_anchor


# ------------------------------------------------------------ legal plays
def legal_plays(state: RaceState, car: Car) -> list[Play]:
    """Every legal phase-C declaration (§13.C, §13.D costs, §19.1 eligibility)."""
    cache: dict = {}  # dry runs shared by the plays of this listing
    hand = car.hand
    combos: list[tuple[str, ...]] = [(c,) for c in hand]
    for a, b in combinations(hand, 2):
        if pair_legal(car, state.card(a), state.card(b))[0]:
            combos.append((a, b))
    traj = state.track.trajectory(car.trajectory) if car.trajectory and trajectories_available(state) else None
    plays: list[Play] = []
    for cards in combos:
        spare = len(hand) - len(cards)
        traj_options: list[bool] = [False]
        if traj is not None and _colour_match(state, car, traj, cards):
            traj_options.append(True)
        for use in traj_options:
            t = traj if use else None
            ets: list[str | None] = [None]
            if t is not None and t.kind is TrajectoryKind.EXTREME:
                if car.skill is Skill.FLAT_OUT:
                    ets.append("flat")  # §27 FLAT OUT: skip the test, bonus -1
                ets += [c for c in hand if c not in cards and any(  # §19.3 ET Discard Power, respecting colour
                    p.kind is PowerKind.ET and p.colour in t.colours for p in state.card(c).powers)]
            for et in ets:
                tyres, disc, _ = _costs(state, car, cards, t)
                if not payments.can_pay(car.chips, spare - (et not in (None, "flat")), tyres, disc):
                    continue
                blues = [False, True] if car.blue > 0 else [False]
                m1s: list[int | None] = [None]
                if any(state.card(c).minus_one for c in cards):
                    m1s += [c.number for c in state.track.corners]
                for blue in blues:
                    for m1 in m1s:
                        if _track_cards_ok(state, car, cards, t, blue, m1, et, cache):
                            plays.append(Play(car.id, cards, use, blue, m1, et))
    return plays


def _track_cards_ok(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None,
                    blue: bool, m1: int | None, et: str | None = None, cache: dict | None = None) -> bool:
    tcs = [state.card(c) for c in cards if state.card(c).is_track]
    if not tcs:
        return True
    # §19.1: an ET counts only when it cannot fail (FLAT OUT or a Discard Power)
    sure_traj = traj if traj is not None and (traj.kind is TrajectoryKind.STANDARD or et is not None) else None
    mp = sum(v for v, _ in _base_mp(state, car, cards, sure_traj, True, blue)) - (1 if et == "flat" else 0)
    mp += sum(v for v, _ in _penalties(state, car))
    return all(_track_card_eligible(state, car, tc, mp, m1, cards, cache) for tc in tcs)


# ------------------------------------------------------------------ legal
def legal(state: RaceState, ctx: TurnCtx) -> list[Action]:
    car = state.cars[ctx.car]
    ph = ctx.phase
    if ph is Phase.A:
        pit_opts: list[Action] = [Pit(car.id, k) for k in range(pits.MAX_EXTRA_SECTIONS + 1)]
        if pits.must_pit(state, car):
            return pit_opts  # §13.A.3: pit this turn or be eliminated; reading 37: no skipping instead
        acts: list[Action] = [Start(car.id), Skip(car.id)]
        acts += [Skip(car.id, s) for s in Strategy if s is not Strategy.TENTH and s is not car.strategy
                 and s in IMPLEMENTED_STRATEGIES]
        if car.skill is Skill.VERSATILITY and not car.skill_used:  # A.2
            acts += [Versatility(car.id, s) for s in Strategy if s in IMPLEMENTED_STRATEGIES and s is not car.strategy]
        if car.skill is Skill.WISE_DRIVING and not car.skill_used:  # A.2
            race_cards = sorted(c for c in car.hand if not state.card(c).is_track)
            acts += [WiseDriving(car.id, combo) for k in range(len(race_cards) + 1)
                     for combo in combinations(race_cards, k)]
        if car.strategy is Strategy.CHASE and car.chasing is None:  # §26.8: during phase A
            acts += [Chase(car.id, t) for t in chase_targets(state, car)]
        return acts + pit_opts
    if ph is Phase.DRAW and car.strategy is Strategy.CHASE:  # §26.8: take a reserved card, or draw
        return [Draw(car.id)] + [Take(car.id, c) for c in chase_available(state, car)]
    if ph is Phase.DRAW:  # SAVE FUEL (§26.3)
        return [Draw(car.id)] + [Draw(car.id, c) for c in sorted(car.hand) if state.card(c).mp > 2]
    if ph is Phase.LUCKY_DISCARD:  # LUCKY (§26.4; AMB-9 option: mandatory by default)
        opts: list[Action] = [Draw(car.id, c) for c in sorted(car.hand)]
        return opts + ([] if state.rules.lucky_discard_mandatory else [Draw(car.id)])
    if ph is Phase.PIT_DISCARD:
        opts: list[Action] = [PitDiscard(car.id, c) for c in sorted(car.hand)]
        if pits.hand_limit_count(state, car, ctx.pit_exempt) <= car.setup.cards:
            opts.append(PitDone(car.id))
        return opts
    if ph is Phase.PIT_TYRES:
        tyres = [PitTyres(car.id, "keep")]
        for t in Tyre:
            if t is Tyre.SOFT and car.soft_sets >= pits.MAX_SOFT_SETS:
                continue
            tyres.append(PitTyres(car.id, t.value))
        return tyres  # type: ignore[return-value]
    if ph is Phase.PIT_STRATEGY:
        return [PitStrategy(car.id, None)] + [PitStrategy(car.id, s) for s in Strategy
                                               if s in IMPLEMENTED_STRATEGIES and s is not car.strategy]
    if ph is Phase.PLAY:
        plays = legal_plays(state, car)
        return list(plays) if plays else [Play(car.id, ())]
    if ph is Phase.PAY:
        return [Pay(car.id, c, cards) for c, cards in _pay_options(car, ctx)]
    if ph is Phase.DISCARD:
        return [Discard(car.id, combo) for combo in combinations(sorted(payable_hand(car, ctx)), ctx.discards_due)]
    if ph is Phase.RECOVERY_DISCARD:
        return [Discard(car.id, combo) for combo in combinations(sorted(car.hand), ctx.route_discard)]
    if ph is Phase.TEST:
        out: list[Action] = []
        for i, t in enumerate(ctx.tests, 1):
            if t.kind is TestKind.BLIND:
                out.append(Test(car.id, i, BLIND))
                continue
            for c in sorted(car.hand):
                out.append(Test(car.id, i, c))
            for c in ctx.cards:
                if c not in ctx.test_cards:
                    out.append(Test(car.id, i, c))
            out.append(Test(car.id, i, BLIND))
        return out
    if ph is Phase.RECOVERY:
        node = state.track.routes[ctx.route].nodes[ctx.node]  # type: ignore[index]
        assert node.test is not None
        opts: list[Action] = [Test(car.id, 1, BLIND)]
        if node.test.kind is TestKind.NORMAL:
            opts += [Test(car.id, 1, c) for c in sorted(car.hand)]
        return opts
    if ph is Phase.EVENTS:
        what = ctx.d4[0]
        if what == "weather":
            n = len(state.track.weather.spaces)
            return [Weather(car.id, s) for s in (0, -1, 1) if 0 <= state.weather + s < n]
        out = [NoFlag(car.id)]
        if what == Flag.YELLOW.value:
            flagged = sum(1 for lst in state.order.values() if YELLOW_FLAG in lst)
            if flagged < MAX_YELLOW_FLAGS:
                for s in state.track.sections:
                    if s.type is SectionType.CORNER and YELLOW_FLAG not in state.order[s.name]:
                        lst = state.order[s.name]
                        # §15.1: always behind the cars on trajectories, so they are not affected
                        first = max((i + 1 for i, c in enumerate(lst) if state.cars[c].trajectory), default=0)
                        for k in range(first, len(lst) + 1):
                            out.append(YellowFlag(car.id, s.name, k))
        elif what == Flag.GREEN.value:
            out += [GreenFlag(car.id, s) for s, lst in state.order.items() if YELLOW_FLAG in lst]
        elif what == Flag.BLUE.value:
            if car.id not in state.blue_flags and len(state.blue_flags) < BLUE_PAWNS:
                out.append(TakeFlag(car.id, "blue"))
        elif what == Flag.ORANGE.value:
            if state.orange is None:
                out.append(TakeFlag(car.id, "orange"))
        return out
    if ph is Phase.SC_WINDOW:
        return [Pit(car.id, k) for k in range(pits.MAX_EXTRA_SECTIONS + 1)] + [StayOut(car.id)]
    if ph is Phase.SC_A:
        return [Pit(car.id, 0)] if pits.must_pit(state, car) else [Start(car.id), Pit(car.id, 0)]
    if ph is Phase.SC_DISCARD:
        return [Discard(car.id, (c,)) for c in sorted(car.hand)]
    if ph is Phase.ORANGE:
        return orange_options(state, car, ctx)
    if ph is Phase.LATE_BRAKE:
        lb: list[Action] = [LateBrake(car.id), NoLateBrake(car.id)]
        lb += [LateBrake(car.id, c) for c in sorted(car.hand) if state.card(c).has_power(PowerKind.LB)]
        return lb
    if ph is Phase.LEADER:
        return [LeaderCheck(car.id, c) for c in sorted(car.hand)] + [LeaderCheck(car.id, BLIND)]
    if ph is Phase.OCCUPY:
        return [Occupy(car.id, t.id) for t in occupiable_trajectories(state, car, ctx)] + [Occupy(car.id, None)]
    return []


def payable_hand(car: Car, ctx: TurnCtx) -> list[str]:
    """The hand cards that may pay the D.1 costs (tyres, discards): all but the Track Card declared in phase C for
    its ET Discard Power, which is set aside for the ET in D.2 (§19.3; issue 14 bug 1)."""
    if ctx.et_mode is None or ctx.et_passed is not None:
        return list(car.hand)
    return [c for c in car.hand if c != ctx.et_mode]


def _pay_options(car: Car, ctx: TurnCtx) -> list[tuple[int, tuple[str, ...]]]:
    hand = payable_hand(car, ctx)
    opts = payments.tyre_options(car.chips, hand, ctx.tyres_due)
    return [(c, cards) for c, cards in opts if len(hand) - len(cards) >= ctx.discards_due]


def free_trajectories(state: RaceState, section: str) -> list[Trajectory]:
    taken = {c.trajectory for c in state.cars.values() if c.trajectory and c.on_track}
    return [t for t in state.track.trajectories_in(section) if t.id not in taken]


def occupiable_trajectories(state: RaceState, car: Car, ctx: TurnCtx) -> list[Trajectory]:
    """The free trajectories of the car's section it may take now: none in a section where it failed an ET
    this turn, neither that ET nor any other (§18.2). Players and robots alike."""
    if ctx.traj_failed and ctx.traj_failed_in == car.section:
        return []
    return free_trajectories(state, car.section)


def fail_et(state: RaceState, car: Car, ctx: TurnCtx, traj: Trajectory, events: list[Event]) -> None:
    """§18.2: a failed ET. The car leaves the ET spot (even if it stays in the section) and may not re-occupy
    that ET or any other trajectory of the section this turn; its bonus is lost. Players and robots alike."""
    car.trajectory = None
    ctx.traj = None
    ctx.traj_failed = True
    ctx.traj_failed_in = car.section
    events.append(EtFailed(car.id, traj.id, car.section))


# ------------------------------------------------------------ turn flow
IMPLEMENTED_STRATEGIES = frozenset({
    Strategy.SAVE_TYRES, Strategy.BANGING_WHEELS, Strategy.BALANCE, Strategy.HAZARD, Strategy.PUSH,
    Strategy.RECOVERY, Strategy.LUCKY, Strategy.SAVE_FUEL, Strategy.CHASE,
})


def begin(state: RaceState, car_id: str, events: list[Event]) -> TurnCtx | None:
    """Start an individual turn. Robots play at once (returns None)."""
    car = state.cars[car_id]
    events.append(TurnResumes(car_id, car.section) if car.just_pit else TurnBegins(car_id, car.section))
    if state.sc is not None:
        return _sc_turn(state, car, events)
    if car.is_robot:
        return robot_turn(state, car, events)
    ctx = TurnCtx(car_id, reentry=car.off_track is not None)
    _chase_check(state, car, events)
    if car.just_pit:  # §13.A.3: phases B–F are played when the new section is activated
        car.just_pit = False
        _phase_b(state, car, ctx, events)
    return ctx


def chase_targets(state: RaceState, car: Car) -> list[str]:
    """§26.8 (AMB-11 notes): a driver ahead of you on the same lap."""
    if car.off_track is not None:
        return []
    me = state.key(car.id)
    return [c.id for c in state.on_track() if c.id != car.id and c.lap == car.lap and state.key(c.id) > me]


def chase_available(state: RaceState, car: Car) -> list[str]:
    """The chased car's reserved movement cards still in its discard pile (shared first-come, §26.8)."""
    if car.chasing is None:
        return []
    piles = set(state.race_deck.discards) | set(state.track_deck.discards)
    return [c for c in state.reserved.get(car.chasing, []) if c in piles]


def _chase_off(state: RaceState, car: Car, events: list[Event], why: ChaseEnd) -> None:
    if car.chasing is not None:
        events.append(ChaseEnded(car.id, car.chasing, why))
        car.chasing = None


def _chase_check(state: RaceState, car: Car, events: list[Event]) -> None:
    """§26.8: the token is removed when the chased car is behind you, off track or out of the race."""
    t = state.cars.get(car.chasing) if car.chasing else None
    if t is None:
        return
    if not t.on_track or t.off_track is not None:
        _chase_off(state, car, events, ChaseEnd.OFF_TRACK)
    elif car.off_track is None and state.key(car.chasing) < state.key(car.id):  # type: ignore[arg-type]
        _chase_off(state, car, events, ChaseEnd.BEHIND)


def _pit(state: RaceState, car: Car, ctx: TurnCtx, extra: int, events: list[Event]) -> None:
    """§13.A.3: announce, go back, then the procedure (chit, repairs, cards, tyres, strategy)."""
    _chase_off(state, car, events, ChaseEnd.PIT)
    cause = PitCause.FORCED if car.forced_pit else (PitCause.CHIT_DUE if pits.must_pit(state, car) else PitCause.CHOSEN)
    car.forced_pit = False
    if ctx.sc_mode == "running":  # §21.4: straight to the back, up to 16 turns, no extra sections
        from racebook.rf90.rules import safetycar

        events.append(PitUnderSafetyCar(car.id, cause))
        safetycar.pit_to_the_back(state, car.id, events)
        car.refuel = state.turn + safetycar.SC_FUEL
        events.append(SafetyCarFuel(car.id, car.refuel))
        pits.repair(state, car, events)
        ctx.phase = Phase.PIT_DISCARD
        return
    events.append(PitDeclared(car.id, cause, extra))
    penalty = 0
    if car.off_track is not None:  # §18.5: from where it lost control, one extra section per penalty point
        lost = car.lost_control or car.off_track
        car.lap = state.lost_control_lap(car)  # back before the finish line if its route had crossed it
        car.off_track = car.lost_control = None
        state.place(car.id, lost)
        penalty, car.time_loss = car.time_loss, 0
        if state.fas_anchor is not None and state.leader == car.id:
            state.fas_anchor = None
    pits.move_back(state, car, pits.recoil(state, car, extra) + penalty, events, extra, penalty)
    pits.refuel(state, car, extra, events)
    pits.repair(state, car, events)
    ctx.phase = Phase.PIT_DISCARD


def _pit_tyres(state: RaceState, car: Car, ctx: TurnCtx, tyre: str, events: list[Event]) -> None:
    if tyre == "keep":
        events.append(TyresKept(car.id, car.chips, car.blue))
    else:
        t = Tyre(tyre)
        pits.fit_tyres(state, car, t, events)
        if t is Tyre.HARD:  # AMB-32: every new set of Hard tyres
            before = set(car.hand)
            draw_track_card(state, car, DrawReason.HARD_PIT, events,
                            "§9.2")
            ctx.pit_exempt |= set(car.hand) - before
    if car.skill is Skill.PITTING:
        before = set(car.hand)
        draw_track_card(state, car, DrawReason.PITTING, events, "§27")
        ctx.pit_exempt |= set(car.hand) - before
    ctx.phase = Phase.PIT_STRATEGY


def _pit_finish(state: RaceState, car: Car, ctx: TurnCtx, strategy: Strategy | None, events: list[Event]) -> None:
    if strategy is not None:
        _chase_off(state, car, events, ChaseEnd.STRATEGY)
        car.strategy = strategy
        events.append(StrategyChanged(car.id, strategy))
    if car.skill in (Skill.VERSATILITY, Skill.WISE_DRIVING, Skill.SIXTH_SENSE):
        car.skill_used = False
    car.pits += 1
    if ctx.sc_mode is not None:  # under the Safety Car the stop ends the car's turn (§21.1, §21.4)
        car.played = True
        ctx.phase = Phase.DONE
        return
    if trajectories_available(state) and free_trajectories(state, car.section):
        ctx.after_pit = True  # §13.A.3: it may occupy a free trajectory (an ET too), still the last car there
        ctx.phase = Phase.OCCUPY
        return
    _pit_pause(state, car, ctx, events)


def _pit_pause(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    car.just_pit = True
    events.append(JustPit(car.id, car.section))
    ctx.phase = Phase.DONE  # the turn pauses; the car has not finished playing (car.played stays False)


def _phase_b(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """§13.B: one Race Card; LUCKY draws two and discards one; SAVE FUEL may trade a card > 2 MP for two."""
    if car.strategy is Strategy.LUCKY:
        a = _draw(state, car, DrawReason.LUCKY_FIRST, events, "§26.4")
        b = _draw(state, car, DrawReason.LUCKY_SECOND, events, "§26.4")
        if a and b and (state.card(a).mp == state.card(b).mp or state.card(a).colour is state.card(b).colour):
            draw_track_card(state, car, DrawReason.LUCKY_SPECIAL, events,
                            "§26.4")
        if state.rules.lucky_discard_mandatory or car.hand:
            ctx.phase = Phase.LUCKY_DISCARD
            return
    elif car.strategy is Strategy.SAVE_FUEL and any(state.card(c).mp > 2 for c in car.hand):
        ctx.phase = Phase.DRAW
        return
    elif car.strategy is Strategy.CHASE and car.chasing is not None:
        if chase_available(state, car):
            ctx.phase = Phase.DRAW
            return
        _draw(state, car, DrawReason.PHASE_B, events)
        ctx.mp_bonus.append((1, "CHASE: no card of the chased car to take"))
    else:
        _draw(state, car, DrawReason.PHASE_B, events)
    ctx.phase = Phase.PLAY


def apply(state: RaceState, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    car = state.cars[ctx.car]
    ph = ctx.phase
    if isinstance(action, Start) and ph is Phase.SC_A:
        from racebook.rf90.rules import safetycar

        _draw(state, car, DrawReason.SAFETY_CAR, events, "§21.3")
        safetycar.move(state, car.id, events)
        if car.hand:
            ctx.phase = Phase.SC_DISCARD
        else:
            _end(state, car, ctx, events)
        return
    elif isinstance(action, Discard) and ph is Phase.SC_DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.SAFETY_CAR, "§21.3"))
        _end(state, car, ctx, events)
        return
    elif isinstance(action, StayOut):
        events.append(StaysOut(car.id))
        car.played = True
        ctx.phase = Phase.DONE
        return
    elif isinstance(action, Start):
        _phase_b(state, car, ctx, events)
    elif isinstance(action, Versatility):
        car.strategy = action.strategy
        car.skill_used = True
        _chase_off(state, car, events, ChaseEnd.STRATEGY)
        events.append(VersatilityUsed(car.id, car.strategy))
        return
    elif isinstance(action, WiseDriving):
        car.skill_used = True
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.WISE_DRIVING, "§27"))
        while sum(1 for c in car.hand if not state.card(c).is_track) < car.setup.cards:
            if _draw(state, car, DrawReason.WISE_DRIVING, events,
                     "§27") is None:
                break
        return
    elif isinstance(action, Chase):
        car.chasing = action.target
        events.append(ChasePlaced(car.id, action.target))
        return
    elif isinstance(action, Take):
        deck = state.deck_of(action.card)
        deck.discards.remove(action.card)
        car.hand.append(action.card)
        state.reserved[car.chasing or ""].remove(action.card)
        events.append(CardDrawn(car.id, action.card, DrawReason.CHASE_TAKEN, "§26.8", car.chasing))
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.DRAW and car.strategy is Strategy.CHASE:
        _draw(state, car, DrawReason.CHASE_DECLINED, events, "§26.8")
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.DRAW:
        if action.discard:
            payments.discard_cards(state, car, (action.discard,))
            events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.SAVE_FUEL, "§26.3"))
            _draw(state, car, DrawReason.SAVE_FUEL_FIRST, events, "§26.3")
            _draw(state, car, DrawReason.SAVE_FUEL_SECOND, events, "§26.3")
        else:
            _draw(state, car, DrawReason.PHASE_B, events)
        ctx.phase = Phase.PLAY
    elif isinstance(action, Draw) and ph is Phase.LUCKY_DISCARD:
        if action.discard:
            payments.discard_cards(state, car, (action.discard,))
            events.append(CardsDiscarded(car.id, (action.discard,), DiscardReason.LUCKY, "§26.4"))
        ctx.phase = Phase.PLAY
    elif isinstance(action, Pit):
        _pit(state, car, ctx, action.extra, events)
        return
    elif isinstance(action, PitDiscard):
        pits.discard_one(state, car, action.card, events)
        return
    elif isinstance(action, PitDone):
        while pits.hand_limit_count(state, car, ctx.pit_exempt) < car.setup.cards:
            if _draw(state, car, DrawReason.PIT, events, "§13.A.3") is None:
                break
        ctx.phase = Phase.PIT_TYRES
        return
    elif isinstance(action, PitTyres):
        _pit_tyres(state, car, ctx, action.tyre, events)
        return
    elif isinstance(action, PitStrategy):
        _pit_finish(state, car, ctx, action.strategy, events)
        return
    elif isinstance(action, Skip):
        extra = ""
        if action.strategy is not None:
            _chase_off(state, car, events, ChaseEnd.STRATEGY)
            car.strategy = action.strategy
            extra = f", changes strategy to {action.strategy.value.upper().replace('_', ' ')}"
        car.no_move = True
        events.append(TurnSkipped(car.id, extra))
        _end(state, car, ctx, events)
        return
    elif isinstance(action, Play):
        _play(state, car, ctx, action, events)
    elif isinstance(action, Pay):
        _pay(state, car, ctx, action.chips, action.cards, events)
    elif isinstance(action, Discard) and ph is Phase.DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.COST))
        ctx.discards_due = 0
        _after_payment(state, car, ctx, events)
    elif isinstance(action, Discard) and ph is Phase.RECOVERY_DISCARD:
        payments.discard_cards(state, car, action.cards)
        events.append(CardsDiscarded(car.id, tuple(action.cards), DiscardReason.OFF_TRACK, "§18.1"))
        ctx.route_discard = 0
        _walk_route(state, car, ctx, events)
    elif isinstance(action, Test) and ph is Phase.TEST:
        _card_test(state, car, ctx, action, events)
    elif isinstance(action, Test) and ph is Phase.RECOVERY:
        _recovery_test(state, car, ctx, action.using, events)
    elif isinstance(action, (Weather, YellowFlag, GreenFlag, TakeFlag, NoFlag)):
        _event(state, car, ctx, action, events)
    elif isinstance(action, (Force, NoForce)):
        _orange(state, car, ctx, action, events)
        return
    elif isinstance(action, LateBrake):
        _late_brake(state, car, ctx, action.card, events)
        return
    elif isinstance(action, NoLateBrake):
        _phase_f2(state, car, ctx, events)
        return
    elif isinstance(action, LeaderCheck):
        _leader_check(state, car, ctx, action.using, events)
    elif isinstance(action, Occupy):
        if action.trajectory:
            car.trajectory = action.trajectory
            events.append(TrajectoryOccupied(car.id, action.trajectory, car.section,
                                             " after its pit stop" if ctx.after_pit else "",
                                             "§13.A.3" if ctx.after_pit else ""))
        if ctx.after_pit:
            _pit_pause(state, car, ctx, events)
        else:
            _end(state, car, ctx, events)
        return
    else:  # pragma: no cover - Race.apply checks legality first
        raise IllegalAction(action, "§13", f"not handled in phase {ph.value}")
    _auto(state, car, ctx, events)


def _auto(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Apply forced single-option steps so that only real decisions are asked."""
    while ctx.phase in (Phase.PAY, Phase.DISCARD) and car.on_track:
        opts = legal(state, ctx)
        if len(opts) != 1:
            return
        a = opts[0]
        if isinstance(a, Pay):
            _pay(state, car, ctx, a.chips, a.cards, events)
        else:
            assert isinstance(a, Discard)
            apply(state, ctx, a, events)
            return


def _play(state: RaceState, car: Car, ctx: TurnCtx, action: Play, events: list[Event]) -> None:
    ctx.cards = action.cards
    ctx.blue = action.blue
    ctx.minus_one = action.minus_one
    ctx.et_mode = action.et
    for c in action.cards:
        car.hand.remove(c)
        car.table.append(c)  # on the table until the end of the turn (§23)
    traj = state.track.trajectory(car.trajectory) if action.trajectory and car.trajectory else None
    ctx.traj = traj.id if traj else None
    extra = ""
    if not action.cards:
        extra = " (no playable card)"
    events.append(CardsPlayed(car.id, tuple(action.cards), tuple(state.card(c).mp for c in action.cards),
                              tuple(state.card(c).check for c in action.cards),
                              sum(state.card(c).mp for c in action.cards), extra))
    if car.trajectory and not action.trajectory:
        t = state.track.trajectory(car.trajectory)
        why = "not available this turn (§22, AMB-14)" if not trajectories_available(state) else \
            ("no played card matches its colour" if not _colour_match(state, car, t, action.cards)
             else "the player declines it")
        events.append(TrajectoryUse(car.id, t.id, "ignores", why + "; the car still occupies it", "§13.D"))
    if traj is not None:
        colours = "/".join(c.value for c in traj.colours)
        events.append(TrajectoryUse(car.id, traj.id, "uses",
                                    f"{traj.kind.value} +{traj.bonus} {colours}, " + (
                                        "colour matched" if any(state.card(c).colour in traj.colours
                                                                for c in action.cards)
                                        else "no colour match needed with BALANCE (§26.5)"), "§13.D"))
    if action.blue:
        car.blue -= 1
    if car.strategy is Strategy.PUSH and len(action.cards) == 2:
        a, b = (state.card(c) for c in action.cards)
        if 2 in (a.mp, b.mp) and max(a.mp, b.mp) >= 3 and not (a.combination or b.combination) \
                and 1 not in (a.mp, b.mp) and car.refuel is not None:
            car.refuel -= 1
            events.append(PushRefuel(car.id, car.refuel))
    ctx.tyres_due, ctx.discards_due, ctx.damage_due = _costs(state, car, action.cards, traj)
    ctx.card_damage = sum(state.card(c).damage for c in action.cards)
    raw = sum(state.card(c).tyres for c in action.cards) + (traj.cost.tyres if traj else 0)
    if car.strategy is Strategy.SAVE_TYRES and raw > 0:
        events.append(SaveTyres(car.id, raw, ctx.tyres_due))
    ctx.phase = Phase.PAY
    if ctx.tyres_due == 0:
        _after_tyres(state, car, ctx, events)


def _pay(state: RaceState, car: Car, ctx: TurnCtx, chips: int, cards: tuple[str, ...], events: list[Event]) -> None:
    car.chips -= chips
    ctx.chips_spent += chips
    for c in cards:
        car.hand.remove(c)
        state.discard(c)
    how = f"{chips} chip(s)" + (f" + card(s) {' '.join(cards)}" if cards else "")
    events.append(TyresPaid(car.id, ctx.tyres_due, how, car.chips))
    ctx.tyres_due = 0
    _after_tyres(state, car, ctx, events)


def _after_tyres(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if ctx.discards_due:
        ctx.phase = Phase.DISCARD
        payable = payable_hand(car, ctx)
        if len(payable) == ctx.discards_due:
            cards = tuple(payable)
            payments.discard_cards(state, car, cards)
            events.append(CardsDiscarded(car.id, tuple(cards), DiscardReason.COST))
            ctx.discards_due = 0
        else:
            return
    _after_payment(state, car, ctx, events)


def _after_payment(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if ctx.damage_due:
        if not payments.take_damage(state, car, ctx.damage_due, Damage.SYMBOL, events):
            _retired_mid_turn(state, car, ctx, events)
            return
        if car.strategy is Strategy.HAZARD and ctx.card_damage:
            ctx.mp_bonus.append((ctx.card_damage, "HAZARD: damage from a card"))
    # D.2: ET blind test first, then the cards' tests
    for c in ctx.cards:
        for t in state.card(c).tests:
            ctx.tests.append(PendingTest(f"{t} of {c}", t.kind, t.modifier, c))
    ctx.phase = Phase.TEST
    if ctx.traj is not None and state.track.trajectory(ctx.traj).kind is TrajectoryKind.EXTREME \
            and ctx.et_mode == "flat":
        ctx.et_passed = True
        ctx.mp_bonus.append((-1, "FLAT OUT: the ET without its test"))
        events.append(FlatOut(car.id, ctx.traj))
    elif ctx.traj is not None and state.track.trajectory(ctx.traj).kind is TrajectoryKind.EXTREME \
            and ctx.et_mode is not None:
        car.hand.remove(ctx.et_mode)
        state.discard(ctx.et_mode)
        ctx.et_passed = True
        events.append(EtDiscardPower(car.id, ctx.et_mode, ctx.traj))
    elif ctx.traj is not None and state.track.trajectory(ctx.traj).kind is TrajectoryKind.EXTREME:
        _et_test(state, car, ctx, events)
        if not car.on_track or ctx.phase is not Phase.TEST:
            return
    _next_test(state, car, ctx, events)


def _hazard_blind(car: Car, ctx: TurnCtx, state: RaceState, events: list[Event], what: str) -> None:
    if car.strategy is Strategy.HAZARD:
        ctx.mp_bonus.append((1, f"HAZARD: blind test ({what})"))
        draw_track_card(state, car, DrawReason.HAZARD, events, "§26.6")


def _et_test(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    traj = state.track.trajectory(ctx.traj)  # type: ignore[arg-type]
    code = _blind(state, car, events)
    if code is None:
        events.append(DeckEmpty("Race", car.id))
        ctx.et_passed = False
        return
    ev = checks.resolve(state, car, code, f"ET blind test at {traj.id}", traj.test_modifier, "ET", rule="§13.D.2",
                        test=Checked.ET, subject=traj.id)
    events.append(ev)
    ctx.et_passed = ev.passed
    _hazard_blind(car, ctx, state, events, "ET")
    if not ev.passed:
        fail_et(state, car, ctx, traj, events)
        if traj.recovery is None:
            events.append(NoRecoveryChart(traj.id))
            return
        ctx.route, ctx.node = traj.recovery, state.track.routes[traj.recovery].start
        _walk_route(state, car, ctx, events)


def _walk_route(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Follow an ET recovery chart (§18.1–18.2) until a decision or its end."""
    route = state.track.routes[ctx.route]  # type: ignore[index]
    while ctx.node is not None:
        node = route.nodes[ctx.node]
        if node.kind is NodeKind.TEST:
            assert node.test is not None
            if node.test.kind is TestKind.NORMAL and car.hand:
                ctx.phase = Phase.RECOVERY
                return
            _recovery_test(state, car, ctx, BLIND, events)
            return
        if node.kind is NodeKind.EFFECTS:
            for eff in node.effects:
                if not _effect(state, car, ctx, eff.kind, eff.amount, events):
                    return
            ctx.node = node.next
            if ctx.route_discard:
                ctx.phase = Phase.RECOVERY_DISCARD
                if len(car.hand) > ctx.route_discard:
                    return
                cards = tuple(car.hand)
                payments.discard_cards(state, car, cards)
                events.append(CardsDiscarded(car.id, tuple(cards), DiscardReason.OFF_TRACK, "§18.1"))
                ctx.route_discard = 0
            continue
        if node.kind is NodeKind.RETIRE:
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART, events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
            _retired_mid_turn(state, car, ctx, events)
            return
        if node.kind is NodeKind.BACK_ON_TRACK:
            events.append(ControlRegained(car.id, car.section))
            ctx.node = None
            break
        if node.kind is NodeKind.REENTRY:
            assert node.section is not None
            _go_off_track(state, car, node.section, events)
            ctx.node = None
            break
        raise IllegalAction(node.kind.value, "§18", f"unknown route node kind {node.kind.value!r}")
    ctx.route = None
    if ctx.route_kind == "lb":
        _end(state, car, ctx, events)  # §18.5: its turn ends at the re-entry point
        return
    ctx.phase = Phase.TEST
    _next_test(state, car, ctx, events)


def _effect(state: RaceState, car: Car, ctx: TurnCtx, kind: EffectKind, n: int, events: list[Event]) -> bool:
    if kind is EffectKind.TYRE_WEAR:
        if car.chips < n:
            payments.retire(state, car, Retirement.TYRES, events, need=n, have=car.chips)
            _retired_mid_turn(state, car, ctx, events)
            return False
        car.chips -= n
        events.append(TyresPaid(car.id, n, f"{n} chip(s), cards may not substitute off track", car.chips, "§18.1"))
    elif kind is EffectKind.DAMAGE:
        if not payments.take_damage(state, car, n, Damage.OFF_TRACK, events, "§18.1"):
            _retired_mid_turn(state, car, ctx, events)
            return False
    elif kind is EffectKind.DISCARD:
        if len(car.hand) < n:
            payments.retire(state, car, Retirement.CARDS, events, need=n, have=len(car.hand))
            _retired_mid_turn(state, car, ctx, events)
            return False
        ctx.route_discard = n
    elif kind is EffectKind.TIME_LOSS:
        car.time_loss += n
        events.append(TimeLoss(car.id, n))
    elif kind is EffectKind.MP_LOSS:
        ctx.mp_loss += n
        events.append(MpLoss(car.id, n))
    elif kind is EffectKind.FORCED_PIT:
        car.forced_pit = True
        events.append(ForcedPit(car.id))
    return True


def _recovery_test(state: RaceState, car: Car, ctx: TurnCtx, using: str, events: list[Event]) -> None:
    node = state.track.routes[ctx.route].nodes[ctx.node]  # type: ignore[index]
    assert node.test is not None
    if using == BLIND:
        code = _blind(state, car, events)
    else:
        car.hand.remove(using)
        code = using
    if code is None:
        ctx.node = node.on_fail
    else:
        ev = checks.resolve(state, car, code, f"{node.test.kind.value} recovery test", node.test.modifier,
                            "printed", rule="§18.1", test=Checked.RECOVERY)
        events.append(ev)
        ctx.node = node.on_pass if ev.passed else node.on_fail
    ctx.phase = Phase.TEST
    _walk_route(state, car, ctx, events)


def _next_test(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if not car.on_track:
        return
    if not ctx.tests:
        _phase_d3(state, car, ctx, events)
        return
    if len(ctx.tests) == 1 and ctx.tests[0].kind is TestKind.BLIND:
        _card_test(state, car, ctx, Test(car.id, 1, BLIND), events)


def _card_test(state: RaceState, car: Car, ctx: TurnCtx, action: Test, events: list[Event]) -> None:
    t = ctx.tests.pop(action.test - 1)
    if action.using == BLIND:
        code = _blind(state, car, events)
        if code is None:
            _next_test(state, car, ctx, events)
            return
    elif action.using in ctx.cards:
        code = action.using
        ctx.test_cards.add(code)
        car.table.remove(code)  # it becomes the Target Check
    else:
        car.hand.remove(action.using)
        code = action.using
    how = "blind draw" if action.using == BLIND else ("movement card" if action.using in ctx.cards else "hand card")
    ev = checks.resolve(state, car, code, f"{t.label} with a {how}", t.modifier, "printed")
    events.append(ev)
    if action.using == BLIND and state.card(t.card).colour.value == "green":  # type: ignore[arg-type]
        _hazard_blind(car, ctx, state, events, "green card")
    if not ev.passed:
        if not payments.take_damage(state, car, 1, Damage.FAILED_TEST, events, "§13.D.2", t.card):
            _retired_mid_turn(state, car, ctx, events)
            return
    _next_test(state, car, ctx, events)


def _phase_d3(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    for c in ctx.cards:
        for _ in range(state.card(c).draw):
            _draw(state, car, DrawReason.DRAW_SYMBOL, events, "§13.D.3", c)
    for c in ctx.cards:
        card = state.card(c)
        if card.weather:
            ctx.d4.append("weather")
        if card.flag is not None:
            ctx.d4.append(card.flag.value)
    ctx.phase = Phase.EVENTS
    _next_event(state, car, ctx, events)


def _next_event(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    while ctx.d4:
        if len(legal(state, ctx)) > 1:
            return
        what = ctx.d4.pop(0)
        events.append(FlagEvent(car.id, f"the {what} symbol has no effect now (nothing to choose)", "§13.D.4"))
    _phase_e(state, car, ctx, events)


def _event(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    what = ctx.d4.pop(0)
    if isinstance(action, Weather):
        if action.step:
            before = state.condition()
            state.weather += action.step
            sp = state.track.weather.spaces[state.weather]
            events.append(WeatherMoved(car.id, "moves", sp.label(), sp.condition))
            after = state.condition()
            proper = {Condition.DRY: Tyre.HARD, Condition.RAIN: Tyre.RAIN}.get(after)
            if before is Condition.INTERMEDIATE and proper is not None and state.robot_tyre is not proper:
                state.robot_tyre_change = proper  # §16.3: all robots pit at the end of this individual turn
                events.append(RobotsWillPit(after, state.robot_tyre))
        else:
            sp = state.track.weather.spaces[state.weather]
            events.append(WeatherMoved(car.id, "leaves", sp.label(), sp.condition))
    elif isinstance(action, YellowFlag):
        state.order[action.section].insert(action.behind, YELLOW_FLAG)
        events.append(FlagEvent(car.id, f"places a yellow flag in {action.section} behind {action.behind} car(s)",
                                "§15.1"))
    elif isinstance(action, GreenFlag):
        state.order[action.section].remove(YELLOW_FLAG)
        events.append(FlagEvent(car.id, f"green flag: removes the yellow flag from {action.section}", "§15.2"))
    elif isinstance(action, TakeFlag):
        if action.flag == "blue":
            state.blue_flags.add(car.id)
            events.append(FlagEvent(car.id, "takes a blue pawn: cheaper lapping until the Race Stage ends", "§15.3"))
        else:
            state.orange = car.id
            events.append(FlagEvent(car.id, "takes the orange pawn: may force robots to late-brake or take an ET",
                                    "§15.4"))
    else:
        events.append(FlagEvent(car.id, f"declines the {what} flag", "§15"))
    _next_event(state, car, ctx, events)


def _phase_e(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    traj = state.track.trajectory(ctx.traj) if ctx.traj else None
    parts = _base_mp(state, car, ctx.cards, traj, bool(ctx.et_passed), ctx.blue) + ctx.mp_bonus
    parts += _penalties(state, car)
    if ctx.mp_loss:
        parts.append((-ctx.mp_loss, "recovery chart"))
    if car.off_track is not None:
        parts.append((-1, "re-entering the track (§18.5)"))
        _reenter(state, car, events)
    car.time_loss = 0
    total = sum(v for v, _ in parts)
    breakdown = " ".join(f"{v:+d} {why}" for v, why in parts if v)
    events.append(MovementPoints(car.id, total, breakdown.lstrip("+") or "nothing"))
    if total <= 0:
        car.no_move = True
        events.append(MovementStops(car.id, car.section, "no MP to move: NO MOVE token until the end of the Game "
                                    "Turn", "", "§13.E.6"))
        _phase_f(state, car, ctx, events)
        return
    ctx.move = Move(car.id, total, ctx.minus_one)
    _continue_move(state, car, ctx, events)


def _continue_move(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event],
                   check_result: bool | None = None) -> None:
    mv = ctx.move
    assert mv is not None
    start = len(events)
    movement.advance(state, mv, events, check_result)
    if any(isinstance(e, Pass) and e.car == car.id and e.verb == "overtakes" for e in events[start:]):
        ctx.overtook = True  # for the BANGING WHEELS Special (§26.2)
    if mv.awaiting_check is not None:
        ctx.phase = Phase.LEADER
        return
    _phase_f(state, car, ctx, events)


def _leader_check(state: RaceState, car: Car, ctx: TurnCtx, using: str, events: list[Event]) -> None:
    mv = ctx.move
    assert mv is not None and mv.awaiting_check is not None
    if using == BLIND:
        code = _blind(state, car, events)
    else:
        car.hand.remove(using)
        code = using
    if code is None:
        _continue_move(state, car, ctx, events, check_result=False)
        return
    ev = checks.resolve(state, car, code, f"Leader check to lap {mv.awaiting_check}", leader_check=True, rule="§20",
                        test=Checked.LEADER, subject=mv.awaiting_check)
    events.append(ev)
    ctx.phase = Phase.TEST  # placeholder while moving
    _continue_move(state, car, ctx, events, check_result=ev.passed)


def _phase_f(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """F.1: a car that ended its movement in a braking zone with an LB symbol may late-brake (§13.F.1)."""
    if car.on_track and not ctx.lb_done and car.off_track is None and state.section(car.section).lb_modifier \
            is not None:
        ctx.phase = Phase.LATE_BRAKE
        return
    _phase_f2(state, car, ctx, events)


def _phase_f2(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """F.2: a car that ended its movement in a section with a free trajectory may occupy it (§13.F.2)."""
    mv = ctx.move
    entered = (mv is not None and mv.entered) or ctx.lb_advanced or ctx.reentry
    if entered and trajectories_available(state) and car.off_track is None \
            and occupiable_trajectories(state, car, ctx):
        ctx.phase = Phase.OCCUPY
        return
    _end(state, car, ctx, events)


def _late_brake(state: RaceState, car: Car, ctx: TurnCtx, card: str | None, events: list[Event]) -> None:
    """§13.F.1: blind test vs Target Check + LB modifier (+ rain, REFLEXES); a Discard Power succeeds outright."""
    ctx.lb_done = True
    sec = state.section(car.section)
    assert sec.lb_modifier is not None
    if card is not None:
        car.hand.remove(card)
        state.discard(card)
        events.append(LbDiscardPower(car.id, card))
        _lb_advance(state, car, ctx, events)
        return
    code = _blind(state, car, events)
    if code is None:
        events.append(DeckEmpty("Race", car.id))
        _phase_f2(state, car, ctx, events)
        return
    ev = checks.resolve(state, car, code, f"late braking in {sec.name} (blind)", sec.lb_modifier, "LB",
                        rule="§13.F.1", test=Checked.LATE_BRAKING, subject=sec.name)
    events.append(ev)
    if car.strategy is Strategy.HAZARD:
        draw_track_card(state, car, DrawReason.HAZARD, events, "§26.6")
    if ev.passed:
        _lb_advance(state, car, ctx, events)
        return
    events.append(LostControl(car.id, sec.name))
    if sec.lb_route is None:
        raise IllegalAction("late-brake", "§18.3", f"track data gives no off-track route for {sec.name}")
    ctx.route, ctx.node, ctx.route_kind = sec.lb_route, state.track.routes[sec.lb_route].start, "lb"
    _walk_route(state, car, ctx, events)


def _lb_advance(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Success: pass every car in the braking zone, advance one section (HAZARD: two, if empty) (§13.F.1)."""
    track = state.track
    zone = car.section
    passed = [c for c in state.cars_in(zone) if c != car.id and state.cars_in(zone).index(c) <
              state.cars_in(zone).index(car.id)]
    if any(state.cars[c].lap == car.lap for c in passed):
        ctx.overtook = True  # §26.2: same-lap cars passed anywhere on the track count for BANGING WHEELS
    steps = 1
    nxt = track.sections[track.next_index(state.section(zone).index)]
    after = track.sections[track.next_index(nxt.index)]
    if car.strategy is Strategy.HAZARD and not state.cars_in(nxt.name) and not state.cars_in(after.name):
        steps = 2
    for _ in range(steps):
        cur = state.section(car.section)
        dest = track.sections[track.next_index(cur.index)]
        state.remove(car.id)
        if dest.index == 0:
            car.lap += 1
            events.append(FinishLine(car.id, car.lap))
        state.place(car.id, dest.name)
    car.trajectory = None
    ctx.lb_advanced = True
    events.append(LateBrakingAdvance(car.id, car.section, zone, tuple(passed), steps == 2))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, f": {car.id} late-braked past", "§13.F.1"))
    _phase_f2(state, car, ctx, events)


def _reenter(state: RaceState, car: Car, events: list[Event]) -> None:
    """§18.5: placed behind all other cars of the re-entry section; no duel for it this Game Turn."""
    sec = car.off_track
    assert sec is not None
    car.off_track = car.lost_control = None
    state.place(car.id, sec)
    state.duel_chances.add((car.id, "re-entered"))
    events.append(ReEntered(car.id, sec))
    if state.fas_anchor is not None and state.leader == car.id:
        state.fas_anchor = None
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, f": {car.id} re-entered behind", "§18.4"))


def _go_off_track(state: RaceState, car: Car, reentry: str, events: list[Event]) -> None:
    """§18.5: the car waits at the re-entry point beside ``reentry``; §18.4 when it was the leader."""
    lost = car.section
    lap = car.lap  # the lap where it lost control
    state.remove(car.id)
    car.off_track, car.lost_control, car.trajectory = reentry, lost, None
    car.section = reentry
    events.append(OnReentryPoint(car.id, reentry))
    if state.crossed_line_off_track(car):  # the re-entry point lies beyond the finish line: a lap like any other
        car.lap += 1
        events.append(FinishLine(car.id, car.lap))
    if state.leader == car.id:
        if state.rules.leader_token_same_lap:
            # house rule (default): the frontmost car there on the leader's lap; a lapped car never holds it (§11.1)
            there = [c for c in state.cars_in(lost) if state.cars[c].lap >= lap]
        else:  # the literal §18.4: «o carro que esteja mais à frente na seção», lapped or not
            there = state.cars_in(lost)[:1]
        if there:
            new = max(there, key=state.key)
            state.leader = new
            events.append(LeaderToken(new, lost, f": the leader {car.id} went off track there", "§18.4"))
        else:
            state.fas_anchor = lost
            events.append(LeaderToken(car.id, lost, ": he went off track with nobody in that section, so he keeps "
                                      f"the token and the FAS stays in {lost}", "§18.4"))


def _specials(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Strategy Specials: a Track Card when the condition is met (§26; AMB-35: drawn at once)."""
    s = car.strategy
    got = False
    if s is Strategy.SAVE_TYRES and ctx.chips_spent >= 1:
        got, why = True, DrawReason.SAVE_TYRES_SPECIAL
    elif s is Strategy.PUSH and ctx.chips_spent >= 2:
        got, why = True, DrawReason.PUSH_SPECIAL
    elif s is Strategy.BALANCE and ctx.traj is not None and any(
            state.card(c).colour in state.track.trajectory(ctx.traj).colours for c in ctx.cards):
        got, why = True, DrawReason.BALANCE_SPECIAL
    elif s is Strategy.BANGING_WHEELS and ctx.overtook and car.bw_card_turn != state.turn:
        got, why = True, DrawReason.BANGING_WHEELS_SPECIAL
        car.bw_card_turn = state.turn  # §26.2: only 1 Track Card per turn
    elif s is Strategy.RECOVERY and _robot_ahead_same_lap(state, car):
        got, why = True, DrawReason.RECOVERY_SPECIAL
    elif s is Strategy.CHASE and car.chasing is not None and car.chasing in state.cars \
            and state.cars[car.chasing].section == car.section and state.cars[car.chasing].off_track is None:
        got, why = True, DrawReason.CHASE_SPECIAL
    elif s is Strategy.SAVE_FUEL and ctx.cards and all(state.card(c).mp <= 2 for c in ctx.cards):
        if car.refuel is not None:  # §26.3 Bonus: the refuel chit moves 1 space forward
            car.refuel += 1
            events.append(SaveFuelRefuel(car.id, car.refuel))
        got, why = True, DrawReason.SAVE_FUEL_SPECIAL
    if got:
        draw_track_card(state, car, why, events, "§26")


def _robot_must_pit(state: RaceState, car: Car) -> bool:
    """§8: a due chit of this type binds the best-placed robot of the type that has not pitted yet."""
    if car.pits or not any(t is car.robot and n <= state.turn for t, n in state.robot_chits):
        return False
    same = [c.id for c in state.on_track() if c.is_robot and c.robot is car.robot and not c.pits]
    return bool(same) and max(same, key=state.key) == car.id


def _robot_ahead_same_lap(state: RaceState, car: Car) -> bool:
    me = state.key(car.id)
    return any(c.is_robot and c.robot in (RobotType.FAST, RobotType.SLOW) and c.lap == car.lap
               and state.key(c.id) > me for c in state.on_track())


def _end(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    if car.on_track and car.off_track is None:  # §18.3: no strategy helps while off track
        _specials(state, car, ctx, events)
    if any(c.chasing == car.id for c in state.cars.values()):  # §26.8: reserved for its chasers
        state.reserved[car.id] = [c for c in car.table if c in ctx.cards]
    for c in car.table:  # §23: every card used this turn goes to its discard pile
        state.discard(c)
    car.table.clear()
    ctx.cards = ()
    car.played = True
    ctx.phase = Phase.DONE
    if car.on_track and car.off_track is not None:
        events.append(TurnEnds(car.id, car.off_track, " (at the re-entry point, off the track)"))
    elif car.on_track:
        events.append(TurnEnds(car.id, car.section, f", {state.laps_down(car.id)} lap(s) down"
                               if state.laps_down(car.id) else ""))


def _retired_mid_turn(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    for c in car.table:  # retire() already returned them; kept for safety
        state.discard(c)
    car.table.clear()
    ctx.cards = ()
    car.played = True
    ctx.phase = Phase.DONE


# ------------------------------------------------------------------ robots
def _sc_turn(state: RaceState, car: Car, events: list[Event]) -> TurnCtx | None:
    """§21.3: behind the Safety Car. Robots follow (or pit when their chit is due); players decide."""
    from racebook.rf90.rules import safetycar

    if car.is_robot:
        if _robot_must_pit(state, car):
            events.append(PitUnderSafetyCar(car.id, PitCause.ROBOT_CHIT_DUE))
            safetycar.pit_to_the_back(state, car.id, events)
            car.pits += 1
            due = [i for i, (t, n) in enumerate(state.robot_chits) if t is car.robot and n <= state.turn]
            if due:
                state.robot_chits.pop(due[0])
        else:
            safetycar.move(state, car.id, events)
        car.played = True
        events.append(TurnEnds(car.id, car.section))
        return None
    return TurnCtx(car.id, phase=Phase.SC_A, sc_mode="running")


def sc_window_turn(state: RaceState, car_id: str) -> TurnCtx:
    """§21.1: the pit window of a player who has not played when the Safety Car comes out."""
    return TurnCtx(car_id, phase=Phase.SC_WINDOW, sc_mode="window")


def robot_turn(state: RaceState, car: Car, events: list[Event]) -> TurnCtx | None:
    """§17.3: base MP plus trajectory bonus, no cards; all MP must be used. Returns a context only when the
    orange-flag holder has a decision to make at the end of the robot's movement (§15.4, AMB-40)."""
    assert car.robot is not None
    if car.just_pit:  # §17.3 A: back in play after its stop
        car.just_pit = False
        events.append(JustPitRemoved(car.id))
    elif _robot_must_pit(state, car):
        # the chit is this robot's from now on (discarded), so the next robot of the type is not bound by it (§8)
        due = [i for i, (t, n) in enumerate(state.robot_chits) if t is car.robot and n <= state.turn]
        t, n = state.robot_chits.pop(min(due, key=lambda i: state.robot_chits[i][1]))
        events.append(RobotChitDue(car.id, car.robot, t, n))
        pits.move_back(state, car, state.track.pit_time, events)
        car.pits += 1
        car.just_pit = True
        return None
    parts = [(car.robot.mp, f"{car.robot.value} robot")]
    ctx = TurnCtx(car.id)
    if car.off_track is not None:  # §18.5: re-entering costs 1 MP
        parts.append((-1, "re-entering the track (§18.5)"))
        _reenter(state, car, events)
    if car.trajectory and trajectories_available(state):
        t = state.track.trajectory(car.trajectory)
        if t.kind is TrajectoryKind.STANDARD:
            parts.append((t.bonus, f"trajectory {t.id} (no colour match or cost for robots)"))
        else:  # §17.3 D: a robot forced onto an ET tests blind against 70 ± modifiers
            code = _blind(state, car, events)
            ok = False
            if code is not None:
                ev = checks.resolve(state, car, code, f"ET blind test at {t.id} (forced by the orange flag)",
                                    t.test_modifier, "ET", rule="§17.3 D", test=Checked.ET, subject=t.id)
                events.append(ev)
                ok = ev.passed
            if ok:
                parts.append((t.bonus, f"ET {t.id}"))
            else:
                fail_et(state, car, ctx, t, events)
                loss = robot_route(state, car, t.recovery, events) if t.recovery else 0
                if not car.on_track:
                    car.played = True
                    return None
                if loss:
                    parts.append((-loss, "recovery chart"))
    if car.time_loss:
        parts.append((-car.time_loss, "time loss"))
        car.time_loss = 0
    total = sum(v for v, _ in parts)
    events.append(MovementPoints(car.id, total, " ".join(f"{v:+d} {w}" for v, w in parts).lstrip("+")))
    mv = Move(car.id, total)
    while total > 0 and not mv.done:
        movement.advance(state, mv, events)
        if mv.awaiting_check is not None:
            code = _blind(state, car, events)
            ok = False
            if code is not None:
                ev = checks.resolve(state, car, code, f"Leader check to lap {mv.awaiting_check}", leader_check=True,
                                    rule="§20", test=Checked.LEADER, subject=mv.awaiting_check)
                events.append(ev)
                ok = ev.passed
            movement.advance(state, mv, events, check_result=ok)
    if total <= 0:
        car.no_move = True
    ctx.robot_entered = bool(mv.entered)
    if orange_options(state, car, ctx):
        ctx.phase, ctx.decider = Phase.ORANGE, state.orange
        return ctx
    _robot_finish(state, car, ctx, events)
    return None


def orange_options(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    """§15.4: what the orange-flag holder may force on this robot now (empty when nothing); not an ET in a
    section where the robot has just failed one (§18.2)."""
    holder = state.orange
    if holder is None or not car.is_robot or not car.on_track or car.off_track is not None:
        return []
    if state.cars[holder].is_robot or not state.cars[holder].on_track:
        return []
    opts: list[Action] = []
    if state.section(car.section).lb_modifier is not None:
        opts.append(Force(holder, car.id, "lb"))
    if trajectories_available(state):
        opts += [Force(holder, car.id, t.id) for t in occupiable_trajectories(state, car, ctx)
                 if t.kind is TrajectoryKind.EXTREME]
    return opts + [NoForce(holder)] if opts else []


def _orange(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    ctx.decider = None
    if isinstance(action, Force) and action.what == "lb":
        sec = state.section(car.section)
        events.append(FlagEvent(action.car, f"uses the orange flag: {car.id} must attempt a late braking", "§15.4"))
        code = _blind(state, car, events)
        ok = False
        if code is not None:
            ev = checks.resolve(state, car, code, f"late braking in {sec.name} (forced, blind)", sec.lb_modifier or 0,
                                "LB", rule="§15.4, AMB-29", test=Checked.LATE_BRAKING, subject=sec.name)
            events.append(ev)
            ok = ev.passed
        if ok:
            ctx.lb_done = True
            _robot_lb_advance(state, car, events)
        elif sec.lb_route is not None:
            robot_route(state, car, sec.lb_route, events)
            if not car.on_track or car.off_track is not None:
                car.played = True
                ctx.phase = Phase.DONE
                if car.on_track:
                    events.append(TurnEnds(car.id, car.off_track or car.section, " (at the re-entry point)"))
                return
    elif isinstance(action, Force):
        car.trajectory = action.what
        events.append(FlagEvent(action.car, f"uses the orange flag: {car.id} takes the ET {action.what} and must test "
                                "it on its next turn", "§15.4"))
        car.played = True
        ctx.phase = Phase.DONE
        events.append(TurnEnds(car.id, car.section))
        return
    _robot_finish(state, car, ctx, events)


def _robot_lb_advance(state: RaceState, car: Car, events: list[Event]) -> None:
    track = state.track
    zone = car.section
    dest = track.sections[track.next_index(state.section(zone).index)]
    state.remove(car.id)
    if dest.index == 0:
        car.lap += 1
        events.append(FinishLine(car.id, car.lap))
    state.place(car.id, dest.name)
    car.trajectory = None
    events.append(RobotLbAdvance(car.id, zone, dest.name))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, f": {car.id} late-braked past", "§13.F.1"))


def robot_route(state: RaceState, car: Car, route_id: str, events: list[Event]) -> int:
    """An off-track route for a robot (§18.1): blind tests vs 70; tyre wear, damage and discards ignored; time
    loss, retire and re-entry apply. Returns the MP lost this turn (ET charts)."""
    route = state.track.routes[route_id]
    node_id: str | None = route.start
    loss = 0
    while node_id is not None:
        node = route.nodes[node_id]
        if node.kind is NodeKind.TEST:
            assert node.test is not None
            code = _blind(state, car, events)
            ok = False
            if code is not None:
                ev = checks.resolve(state, car, code, "recovery test (robot, blind)", node.test.modifier, "printed",
                                    rule="§18.1", test=Checked.RECOVERY)
                events.append(ev)
                ok = ev.passed
            node_id = node.on_pass if ok else node.on_fail
        elif node.kind is NodeKind.EFFECTS:
            for eff in node.effects:
                if eff.kind is EffectKind.TIME_LOSS:
                    car.time_loss += eff.amount
                elif eff.kind is EffectKind.MP_LOSS:
                    loss += eff.amount
            node_id = node.next
        elif node.kind is NodeKind.RETIRE:
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART, events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
            return loss
        elif node.kind is NodeKind.REENTRY:
            assert node.section is not None
            _go_off_track(state, car, node.section, events)
            return loss
        else:
            return loss
    return loss


def _robot_finish(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """§17.3 F: the highest free standard trajectory (outermost on ties) if the robot entered the section."""
    if (ctx.robot_entered or ctx.lb_done) and trajectories_available(state) and car.on_track:
        free = [t for t in occupiable_trajectories(state, car, ctx) if t.kind is TrajectoryKind.STANDARD]
        if free:
            best = max(free, key=lambda t: (t.bonus, t.lateral))
            car.trajectory = best.id
            events.append(TrajectoryOccupied(car.id, best.id, car.section,
                                             " (robots take the highest bonus, outermost on ties)", "§17.3 F"))
    car.played = True
    ctx.phase = Phase.DONE
    events.append(TurnEnds(car.id, car.section))
