"""The decisions open now in an individual turn, one function per phase (§13); :mod:`racebook.rf90.turn.machine`
holds them in its phase table."""

from __future__ import annotations

from itertools import combinations

import racebook.rf90.turn.cardplay as cardplay
from racebook.rf90.actions import (
    BLIND,
    Action,
    Chase,
    Discard,
    Draw,
    GreenFlag,
    LateBrake,
    LeaderCheck,
    NoFlag,
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
from racebook.rf90.car import Car, Skill, Strategy, Tyre
from racebook.rf90.cards import Flag, PowerKind, TestKind
from racebook.rf90.rules import extreme_x1, flags, payments, pits, strategies, trajectories
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.turnctx import TurnCtx


def legal_a(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    """Phase A (§13.A): start, skip (changing strategy), the A.2 skills, CHASE's token, or pit."""
    pit_opts, skips = _phase_a_fixed(car.id, car.strategy)
    if pits.must_pit(state, car):
        return list(pit_opts)  # §13.A.3: pit this turn or be eliminated; reading 37: no skipping instead
    acts: list[Action] = list(skips[:2])  # start, skip
    acts += extreme_x1.legal_start(state, car)  # Expansion #1: follow the ET now (declining = start/skip/pit)
    acts += skips[2:]
    if car.skill is Skill.VERSATILITY and not car.skill_used:  # A.2
        acts += [Versatility(car.id, s) for s in Strategy
                 if s in strategies.IMPLEMENTED_STRATEGIES and s is not car.strategy]
    if car.skill is Skill.WISE_DRIVING and not car.skill_used:  # A.2
        race_cards = sorted(c for c in car.hand if not state.card(c).is_track)
        acts += [WiseDriving(car.id, combo) for k in range(len(race_cards) + 1)
                 for combo in combinations(race_cards, k)]
    if car.strategy is Strategy.CHASE and car.chasing is None:  # §26.8: during phase A
        acts += [Chase(car.id, t) for t in strategies.chase_targets(state, car)]
    acts += pit_opts
    return acts


# the strategies a skip may change to, in Strategy's order (§13.A: never the TENTH; only the implemented
# ones), read once
_SKIP_TO = tuple(s for s in Strategy if s is not Strategy.TENTH and s in strategies.IMPLEMENTED_STRATEGIES)

# Phase A's actions that depend only on the car and its strategy, built once: (the pit options, then start, skip
# and the skips changing strategy); actions are frozen values, so the listing hands out the same objects again
_PHASE_A: dict[tuple[str, Strategy | None], tuple[tuple[Action, ...], tuple[Action, ...]]] = {}


def _phase_a_fixed(car: str, strategy: Strategy | None) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    hit = _PHASE_A.get((car, strategy))
    if hit is None:
        if len(_PHASE_A) >= 1024:  # a bound on memory over a long Monte Carlo run
            _PHASE_A.clear()
        pit_opts = tuple(Pit(car, k) for k in range(pits.MAX_EXTRA_SECTIONS + 1))
        skips = (Start(car), Skip(car), *(Skip(car, s) for s in _SKIP_TO if s is not strategy))
        hit = _PHASE_A[car, strategy] = (pit_opts, skips)
    return hit


def legal_draw(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    """Phase B choices: CHASE takes a reserved card or draws (§26.8); SAVE FUEL trades a card > 2 MP (§26.3)."""
    opts: list[Action] = [Draw(car.id)]
    if car.strategy is Strategy.CHASE:  # §26.8: take a reserved card, or draw
        return opts + [Take(car.id, c) for c in strategies.chase_available(state, car)]
    return opts + [Draw(car.id, c) for c in sorted(car.hand) if state.card(c).mp > 2]  # SAVE FUEL


def legal_lucky_discard(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    """LUCKY (§26.4; AMB-9 option: mandatory by default)."""
    opts: list[Action] = [Draw(car.id, c) for c in sorted(car.hand)]
    return opts + ([] if state.rules.lucky_discard_mandatory else [Draw(car.id)])


def legal_pit_discard(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    opts: list[Action] = [PitDiscard(car.id, c) for c in sorted(car.hand)]
    if pits.hand_limit_count(state, car, ctx.pit.pit_exempt) <= car.setup.cards:
        opts.append(PitDone(car.id))
    return opts


def legal_pit_tyres(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    tyres: list[Action] = [PitTyres(car.id, "keep")]
    for t in Tyre:
        if t is Tyre.SOFT and car.soft_sets >= pits.MAX_SOFT_SETS:
            continue
        tyres.append(PitTyres(car.id, t.value))
    return tyres


def legal_pit_strategy(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    opts: list[Action] = [PitStrategy(car.id, None)]
    return opts + [PitStrategy(car.id, s) for s in Strategy
                   if s in strategies.IMPLEMENTED_STRATEGIES and s is not car.strategy]


def legal_play(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    plays = cardplay.legal_plays(state, car, x1_et=ctx.play.x1_et)
    return list(plays) if plays else [Play(car.id, ())]


def allows_play(state: RaceState, car: Car, ctx: TurnCtx, action: Action) -> bool:
    """Is ``action`` one of :func:`legal_play`'s plays? The same listing narrowed to the action's cards
    (:func:`cardplay.legal_plays` with ``only``): a play's costs and its Track-Card eligibility (§13.C, §19.1)
    depend on its own cards only, so the narrowed listing holds it iff the full one does. The empty play (no card)
    is legal only when no other play is, which takes the full listing: it is checked against it."""
    if not isinstance(action, Play) or action.car != car.id:
        return False
    if not action.cards:
        return action in legal_play(state, car, ctx)
    return action in cardplay.legal_plays(state, car, action.cards, ctx.play.x1_et)


def legal_pay(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Pay(car.id, c, cards) for c, cards in _pay_options(car, ctx)]


def legal_discard(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Discard(car.id, combo) for combo in combinations(sorted(payable_hand(car, ctx)), ctx.play.discards_due)]


def legal_recovery_discard(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Discard(car.id, combo) for combo in combinations(sorted(car.hand), ctx.offtrack.route_discard)]


def legal_test(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    out: list[Action] = []
    for i, t in enumerate(ctx.play.tests, 1):
        if t.kind is TestKind.BLIND:
            out.append(Test(car.id, i, BLIND))
            continue
        for c in sorted(car.hand):
            out.append(Test(car.id, i, c))
        for c in ctx.play.cards:
            if c not in ctx.play.test_cards:
                out.append(Test(car.id, i, c))
        out.append(Test(car.id, i, BLIND))
    return out


def legal_recovery(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    node = state.track.routes[ctx.offtrack.route].nodes[ctx.offtrack.node]  # type: ignore[index]
    assert node.test is not None
    opts: list[Action] = [Test(car.id, 1, BLIND)]
    if node.test.kind is TestKind.NORMAL:
        opts += [Test(car.id, 1, c) for c in sorted(car.hand)]
    return opts


def legal_events(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    what = ctx.play.d4[0]
    if what == "weather":
        n = len(state.track.weather.spaces)
        return [Weather(car.id, s) for s in (0, -1, 1) if 0 <= state.weather + s < n]
    out: list[Action] = [NoFlag(car.id)]
    if what == Flag.YELLOW.value:
        out += [YellowFlag(car.id, s, k) for s, k in flags.yellow_flag_places(state)]
    elif what == Flag.GREEN.value:
        out += [GreenFlag(car.id, s) for s, lst in state.order.items() if YELLOW_FLAG in lst]
    elif what == Flag.BLUE.value:
        if car.id not in state.blue_flags and len(state.blue_flags) < flags.BLUE_PAWNS:
            out.append(TakeFlag(car.id, "blue"))
    elif what == Flag.ORANGE.value:
        if state.orange is None:
            out.append(TakeFlag(car.id, "orange"))
    return out


def legal_sc_window(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Pit(car.id, k) for k in range(pits.MAX_EXTRA_SECTIONS + 1)] + [StayOut(car.id)]


def legal_sc_a(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Pit(car.id, 0)] if pits.must_pit(state, car) else [Start(car.id), Pit(car.id, 0)]


def legal_sc_discard(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return [Discard(car.id, (c,)) for c in sorted(car.hand)]


def legal_orange(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return flags.orange_options(state, car, ctx)


def legal_late_brake(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    lb: list[Action] = [LateBrake(car.id), NoLateBrake(car.id)]
    lb += [LateBrake(car.id, c) for c in sorted(car.hand) if state.card(c).has_power(PowerKind.LB)]
    return lb


def legal_leader(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    opts: list[Action] = [LeaderCheck(car.id, c) for c in sorted(car.hand)]
    return opts + [LeaderCheck(car.id, BLIND)]


def legal_occupy(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    opts: list[Action] = [Occupy(car.id, t.id) for t in trajectories.occupiable_trajectories(state, car, ctx)]
    return opts + [Occupy(car.id, None)]


def legal_none(state: RaceState, car: Car, ctx: TurnCtx) -> list[Action]:
    return []


def payable_hand(car: Car, ctx: TurnCtx) -> list[str]:
    """The hand cards that may pay the D.1 costs (tyres, discards): all but the Track Card declared in phase C for
    its ET Discard Power, which is set aside for the ET in D.2 (§19.3; issue 14 bug 1)."""
    if ctx.play.et_mode is None or ctx.play.et_passed is not None:
        return list(car.hand)
    return [c for c in car.hand if c != ctx.play.et_mode]


def _pay_options(car: Car, ctx: TurnCtx) -> list[tuple[int, tuple[str, ...]]]:
    hand = payable_hand(car, ctx)
    opts = payments.tyre_options(car.chips, hand, ctx.play.tyres_due)
    return [(c, cards) for c, cards in opts if len(hand) - len(cards) >= ctx.play.discards_due]
