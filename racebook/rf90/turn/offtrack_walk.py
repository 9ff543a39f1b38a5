"""A player's walk of an off-track route or recovery chart (§18.1–18.5): the tests a player takes or waits for
(phase D.2 recovery), the effects paid, the discard chosen, and where the turn goes on after the walk. The route
walker itself and the robots' walk are :mod:`racebook.rf90.rules.offtrack`'s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from racebook.core.errors import TrackDataError
from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car
from racebook.rf90.cards import TestKind
from racebook.rf90.events import (
    CardsDiscarded,
    ControlRegained,
    Damage,
    DiscardReason,
    Event,
    ForcedPit,
    MpLoss,
    Retirement,
    SafetyCarCalled,
    TimeLoss,
    TyresPaid,
)
from racebook.rf90.rules import offtrack, payments
from racebook.rf90.state import RaceState
from racebook.rf90.track import EffectKind, NodeKind, Route, RouteNode
from racebook.rf90.turnctx import Phase, TurnCtx


class WalkEnd(Enum):
    """Where a player's turn goes on when the walk ends (:func:`racebook.rf90.turn.phases.after_walk` takes it
    there): the car retired, the turn ends at the re-entry point (§18.5), phase B after an Expansion #1 ET
    (expansion1 §4.3 B2), or the next phase D.2 test."""

    RETIRED = "retired"
    END_TURN = "end turn"
    PHASE_B = "phase B"
    NEXT_TEST = "next test"


@dataclass
class PlayerRoute:
    """A player's walk (§18.1–18.2): a Normal test with cards in hand waits for the player (phase D.2 recovery),
    otherwise it is blind; tyre wear, damage and discards are paid (a discard waits for the player's choice);
    the walk ends the turn after a late braking (§18.5) or goes back to the D.2 tests after an ET."""

    state: RaceState
    car: Car
    ctx: TurnCtx
    events: list[Event]
    stopped: bool = False
    after: WalkEnd | None = None  # None: the walk waits for the player's decision

    def test(self, route: Route, nid: str, node: RouteNode, s: None) -> list[tuple[Fraction, bool, None]] | None:
        assert node.test is not None
        ctx = self.ctx
        ctx.offtrack.node = nid
        if node.test.kind is TestKind.NORMAL and self.car.hand:
            ctx.phase = Phase.RECOVERY
            self.stopped = True
            return None
        passed = offtrack.recovery_card(self.state, self.car, node, BLIND, f"{node.test.kind.value} recovery test",
                                self.events, ctx.offtrack.against)
        ctx.phase = Phase.TEST
        return [(Fraction(1), passed, None)]

    def effects(self, route: Route, nid: str, node: RouteNode, s: None) -> tuple[None, bool]:
        state, car, ctx, events = self.state, self.car, self.ctx, self.events
        ctx.offtrack.node = nid
        for eff in node.effects:
            if not _effect(state, car, ctx, eff.kind, eff.amount, events):
                self.stopped, self.after = True, WalkEnd.RETIRED
                return None, False
        ctx.offtrack.node = node.next
        if ctx.offtrack.route_discard:
            ctx.phase = Phase.RECOVERY_DISCARD
            if len(car.hand) > ctx.offtrack.route_discard:
                self.stopped = True
                return None, False
            cards = tuple(car.hand)
            payments.discard_cards(state, car, cards)
            events.append(CardsDiscarded(car.id, tuple(cards), DiscardReason.OFF_TRACK, "§18.1"))
            ctx.offtrack.route_discard = 0
        return None, True

    def end(self, route: Route, nid: str | None, node: RouteNode | None, s: None) -> None:
        state, car, ctx, events = self.state, self.car, self.ctx, self.events
        if self.stopped:
            return
        if node is not None and node.kind is NodeKind.RETIRE:
            ctx.offtrack.node = nid
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART,
                            events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
            self.after = WalkEnd.RETIRED
            return
        if node is not None and node.kind is NodeKind.BACK_ON_TRACK:
            events.append(ControlRegained(car.id, car.section))
        elif node is not None and node.kind is NodeKind.REENTRY:
            assert node.section is not None
            offtrack.go_off_track(state, car, node.section, events)
        elif node is not None:
            raise TrackDataError(state.track.file or state.track.id,
                                 f"routes.{ctx.offtrack.route}.nodes.{node.id}.kind",
                                 f"§18: unknown route node kind {node.kind.value!r}")
        ctx.offtrack.node = None
        ctx.offtrack.route = None
        if ctx.offtrack.route_kind == "lb":
            self.after = WalkEnd.END_TURN  # §18.5: its turn ends at the re-entry point
            return
        if ctx.offtrack.route_kind == "x1":  # Expansion #1 (§4.3 B2): no movement; the turn ends after phase B
            self.after = WalkEnd.PHASE_B
            return
        ctx.phase = Phase.TEST
        self.after = WalkEnd.NEXT_TEST

    def combine(self, outcomes: list[tuple[Fraction, None]]) -> None:  # pragma: no cover - one outcome per test
        raise AssertionError("a player's walk plays each test out")


def walk_route(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> WalkEnd | None:
    """Follow an ET recovery chart or off-track route (§18.1–18.3) from ``ctx.offtrack.node`` until a decision
    (None) or its end (where the turn goes on)."""
    walk = PlayerRoute(state, car, ctx, events)
    offtrack.follow_route(state.track.routes[ctx.offtrack.route], ctx.offtrack.node, walk, None)  # type: ignore[index]
    return walk.after


def _effect(state: RaceState, car: Car, ctx: TurnCtx, kind: EffectKind, n: int, events: list[Event]) -> bool:
    """Pay one effect of an effects spot (§18.1); False when the car retires paying it."""
    if kind is EffectKind.TYRE_WEAR:
        if car.chips < n:
            payments.retire(state, car, Retirement.TYRES, events, need=n, have=car.chips)
            return False
        car.chips -= n
        events.append(TyresPaid(car.id, n, f"{n} chip(s), cards may not substitute off track", car.chips, "§18.1"))
    elif kind is EffectKind.DAMAGE:
        if not payments.take_damage(state, car, n, Damage.OFF_TRACK, events, "§18.1"):
            return False
    elif kind is EffectKind.DISCARD:
        if len(car.hand) < n:
            payments.retire(state, car, Retirement.CARDS, events, need=n, have=len(car.hand))
            return False
        ctx.offtrack.route_discard = n
    elif kind is EffectKind.TIME_LOSS:
        car.time_loss += n
        events.append(TimeLoss(car.id, n))
    elif kind is EffectKind.MP_LOSS:
        ctx.play.mp_loss += n
        events.append(MpLoss(car.id, n))
    elif kind is EffectKind.FORCED_PIT:
        car.forced_pit = True
        events.append(ForcedPit(car.id))
    return True


def recovery_test(state: RaceState, car: Car, ctx: TurnCtx, using: str, events: list[Event]) -> WalkEnd | None:
    """The player's recovery test with ``using`` (a hand card or a blind draw), then the walk goes on (§18.1)."""
    route = state.track.routes[ctx.offtrack.route]  # type: ignore[index]
    node = route.nodes[ctx.offtrack.node]  # type: ignore[index]
    assert node.test is not None
    passed = offtrack.recovery_card(state, car, node, using, f"{node.test.kind.value} recovery test", events,
                            ctx.offtrack.against)
    ctx.offtrack.node = node.on_pass if passed else node.on_fail
    ctx.phase = Phase.TEST
    walk = PlayerRoute(state, car, ctx, events)
    offtrack.follow_route(route, ctx.offtrack.node, walk, None)
    return walk.after
