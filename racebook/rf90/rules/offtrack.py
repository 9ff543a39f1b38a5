"""Off track (§18): recovery charts and off-track routes, going off and re-entering (§18.1–18.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar

from racebook.rf90.actions import BLIND
from racebook.rf90.car import Car
from racebook.rf90.events import (
    Checked,
    Event,
    FinishLine,
    LeaderCause,
    LeaderToken,
    OnReentryPoint,
    ReEntered,
    Retirement,
    SafetyCarCalled,
)
from racebook.rf90.rules import checks, payments
from racebook.rf90.state import RaceState
from racebook.rf90.track import EffectKind, NodeKind, Route, RouteNode

S = TypeVar("S")
R = TypeVar("R")


class RoutePolicy(Protocol[S, R]):
    """How one walker of :func:`follow_route` meets an off-track route (§18.1): who takes each test, what each
    effect does, what an end is worth. ``S`` is what the walk carries along (a path, the costs so far, nothing),
    ``R`` what it yields.

    ``test`` gives the chance outcomes of a test spot as ``(weight, passed, carried)`` — one outcome when the test
    is played out (a car's draw), every outcome when odds enumerate them (as OpenSpiel's chance nodes) — or None to
    stop there (a decision is needed). ``effects`` applies an effects spot: ``(carried, go on?)``. ``end`` values a
    stop: a re-entry, back-on-track or retire spot, the spot where the walk stopped, or ``nid`` None past the last
    arrow. ``combine`` adds up weighted outcomes."""

    def test(self, route: Route, nid: str, node: RouteNode, s: S) -> Sequence[tuple[Fraction, bool, S]] | None: ...

    def effects(self, route: Route, nid: str, node: RouteNode, s: S) -> tuple[S, bool]: ...

    def end(self, route: Route, nid: str | None, node: RouteNode | None, s: S) -> R: ...

    def combine(self, outcomes: list[tuple[Fraction, R]]) -> R: ...


def follow_route(route: Route, nid: str | None, policy: RoutePolicy[S, R], s: S) -> R:
    """THE off-track route walker (§18.1–§18.3): from spot ``nid`` follow the green arrow on a passed test and the
    red one on a failed test, apply each effects spot, until an end spot, a stop, or past the last arrow. Players
    (:class:`PlayerRoute`), robots (:func:`robot_route`) and the odds (:mod:`racebook.rf90.analysis.odds`) walk
    with their own policy."""
    while nid is not None:
        node = route.nodes[nid]
        if node.kind is NodeKind.TEST:
            outcomes = policy.test(route, nid, node, s)
            if outcomes is None:
                return policy.end(route, nid, node, s)
            if len(outcomes) == 1:
                _, passed, s = outcomes[0]
                nid = node.on_pass if passed else node.on_fail
                continue
            return policy.combine([(w, follow_route(route, node.on_pass if passed else node.on_fail, policy, after))
                                   for w, passed, after in outcomes])
        if node.kind is NodeKind.EFFECTS:
            s, go_on = policy.effects(route, nid, node, s)
            if not go_on:
                return policy.end(route, nid, node, s)
            nid = node.next
            continue
        return policy.end(route, nid, node, s)
    return policy.end(route, None, None, s)


def recovery_card(state: RaceState, car: Car, node: RouteNode, using: str, what: str, events: list[Event],
                   against: int | None = None) -> bool:
    """A recovery test (§18.1) with a blind draw or a hand card; an empty deck loses it. ``against``: the ET check
    value that is the base of the route of an Expansion #1 ET (expansion1 digest §4.3, Ex. X1-3: 60 - 20 = 40)."""
    assert node.test is not None
    ev = checks.take_test(state, car, using, what, events, node.test.modifier, rule="§18.1", test=Checked.RECOVERY,
                          against=against)
    return ev is not None and ev.passed


def reenter(state: RaceState, car: Car, events: list[Event]) -> None:
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
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.REENTERED, car.id))


def pit_from_reentry(state: RaceState, car: Car) -> int:
    """§18.5 «pit during re-entry»: a car at the re-entry point that pits goes back **from the section where it lost
    control** (on the lap it lost control there), one extra section per point of its movement penalty. Takes the car
    off the re-entry point and puts it back in that section's order list — the one place it then is, which the pit's
    move back (:func:`racebook.rf90.rules.pits.move_back`) takes it from — and returns the penalty (its time loss,
    spent here). A player declaring the pit (:mod:`racebook.rf90.turn.pitstop`) and a robot teammate whose own
    chit is due (:mod:`racebook.rf90.rules.robots`, Expansion #1 §5.4) both come through here."""
    lost = car.lost_control or car.off_track
    assert lost is not None
    car.lap = state.lost_control_lap(car)  # back before the finish line if its route had crossed it
    car.off_track = car.lost_control = None
    state.place(car.id, lost)
    penalty, car.time_loss = car.time_loss, 0
    if state.fas_anchor is not None and state.leader == car.id:
        state.fas_anchor = None
    return penalty


def go_off_track(state: RaceState, car: Car, reentry: str, events: list[Event]) -> None:
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
            events.append(LeaderToken(new, lost, LeaderCause.LEADER_OFF_TRACK, car.id))
        else:
            state.fas_anchor = lost
            events.append(LeaderToken(car.id, lost, LeaderCause.KEPT_OFF_TRACK, fas=lost))


@dataclass
class _RobotRoute:
    """A robot's walk (§18.1): blind tests vs 70; tyre wear, damage and discards ignored; time loss, retire and
    re-entry apply. Carries the MP lost this turn (ET charts)."""

    state: RaceState
    car: Car
    events: list[Event]
    against: int | None = None  # Expansion #1: the ET check value is the base (expansion1 digest §4.7, AMB-X1-13)

    def test(self, route: Route, nid: str, node: RouteNode, loss: int) -> list[tuple[Fraction, bool, int]]:
        passed = recovery_card(self.state, self.car, node, BLIND, "recovery test (robot, blind)", self.events,
                                self.against)
        return [(Fraction(1), passed, loss)]

    def effects(self, route: Route, nid: str, node: RouteNode, loss: int) -> tuple[int, bool]:
        for eff in node.effects:
            if eff.kind is EffectKind.TIME_LOSS:
                self.car.time_loss += eff.amount
            elif eff.kind is EffectKind.MP_LOSS:
                loss += eff.amount
        return loss, True

    def end(self, route: Route, nid: str | None, node: RouteNode | None, loss: int) -> int:
        state, car, events = self.state, self.car, self.events
        if node is not None and node.kind is NodeKind.RETIRE:
            payments.retire(state, car, Retirement.CRASH_OUT if node.crash_out else Retirement.RECOVERY_CHART, events)
            if node.safety_car:
                state.sc_called = True
                events.append(SafetyCarCalled())
        elif node is not None and node.kind is NodeKind.REENTRY:
            assert node.section is not None
            go_off_track(state, car, node.section, events)
        return loss

    def combine(self, outcomes: list[tuple[Fraction, int]]) -> int:  # pragma: no cover - one outcome per test
        raise AssertionError("a robot's walk plays each test out")


def robot_route(state: RaceState, car: Car, route_id: str, events: list[Event], against: int | None = None) -> int:
    """An off-track route for a robot (§18.1): blind tests vs 70 (``against``: vs that ET check value, Expansion
    #1); tyre wear, damage and discards ignored; time loss, retire and re-entry apply. Returns the MP lost this turn
    (ET charts)."""
    route = state.track.routes[route_id]
    return follow_route(route, route.start, _RobotRoute(state, car, events, against), 0)
