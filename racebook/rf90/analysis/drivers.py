"""Automatic drivers for human cars, so whole races can run unattended (simulations, tests, benchmarks).

A driver only *chooses* among ``race.legal_actions()``; the rules stay in the engine. Two are provided:
:class:`RandomDriver` (uniform over the legal actions) and :class:`GreedyDriver` (simple, explainable
heuristics: the most MP it can afford, safe tests with a hand card when one surely passes, late braking
when the exact odds are good, never an optional risk it cannot measure). Both are seeded. The driver protocol,
:class:`RandomDriver` and :func:`play_out` are game-agnostic (:mod:`racebook.core.agents`) and re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.agents import Driver, RandomDriver, play_out  # noqa: F401 - re-exported (racebook.core.agents)
from racebook.core.byclass import ByClass, Legal
from racebook.core.rng import Rng
from racebook.rf90.actions import (
    BLIND,
    Action,
    Assist,
    Bid,
    Challenge,
    Decline,
    Discard,
    Draw,
    Extreme,
    Join,
    LateBrake,
    LeaderCheck,
    NoAssist,
    NoChallenge,
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
    Start,
    StayOut,
    Take,
    Test,
    Weather,
)
from racebook.rf90.analysis import odds
from racebook.rf90.car import Car
from racebook.rf90.game import Race
from racebook.rf90.rules.checks import modifiers, target_value
from racebook.rf90.state import RaceState


@dataclass
class GreedyDriver:
    """Heuristics, not rules: every choice is one of the legal actions. A decision is served by :data:`CHOICE`, one
    function per action class in priority order (issue 39 item 4); a decision none answers: a seeded random pick."""

    seed: int = 0
    lb_threshold: float = 0.6  # late-brake when P(success) is at least this
    late_brake: bool | None = None  # force always (True) / never (False) late braking; None = by the odds

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, race: Race, legal: list[Action]) -> Action:
        s = race.state
        car = s.cars[legal[0].car] if legal[0].car in s.cars else None
        by_class = Legal(legal)
        got = CHOICE.decide(_Decision(self, race, s, by_class, car), by_class)
        return got if got is not None else legal[self.rng.below(len(legal))]

    def _test(self, race: Race, legal: list[Action]) -> Action:
        """Use the lowest-check card that surely passes (never a movement card twice); else a blind draw."""
        s = race.state
        ctx = race.ctx
        for a in legal:
            using = getattr(a, "using", BLIND)
            if using == BLIND or ctx is None:
                continue
            car = s.cars[a.car]
            mods = 0
            if isinstance(a, Test) and ctx.play.tests and 1 <= a.test <= len(ctx.play.tests):
                mods = ctx.play.tests[a.test - 1].modifier

            target = target_value(s, car, modifiers(s, car, mods, leader_check=isinstance(a, LeaderCheck)))
            if s.card(using).check <= target:
                return min((x for x in legal if getattr(x, "using", BLIND) != BLIND and type(x) is type(a)
                            and getattr(x, "test", 1) == getattr(a, "test", 1)
                            and s.card(x.using).check <= target),  # type: ignore[attr-defined]
                           key=lambda x: s.card(x.using).check)  # type: ignore[attr-defined]
        blind = [a for a in legal if getattr(a, "using", None) == BLIND]
        return blind[0] if blind else legal[0]


@dataclass(slots=True)
class _Decision:
    """One decision of a :class:`GreedyDriver`: the driver, the race, its state, the legal actions by class and the
    deciding car (None for a decision that is not a car's)."""

    driver: GreedyDriver
    race: Race
    s: RaceState
    legal: Legal
    car: Car | None


#: The greedy driver's choice per action class, in priority order: the first class listed in a decision whose
#: function answers (not None) chooses (issue 39 item 4: registered per class, no ``isinstance`` ladder).
CHOICE: ByClass[_Decision, Action | None] = ByClass("RF90 greedy driver's choice")


@CHOICE.register(Pit)
def _pit(d: _Decision, a: Pit) -> Action | None:
    if d.legal.has(Start):
        return None
    return min(d.legal.of(Pit), key=lambda a: a.extra)


@CHOICE.register(Extreme)
def _extreme(d: _Decision, a: Extreme) -> Action | None:
    """Expansion #1: follow the ET now? A sure one (a Track Card's ET power or FLAT OUT), else by the odds."""
    car = d.car
    if car is None or not car.trajectory:
        return None
    ex = d.legal.of(Extreme)
    sure = [a for a in ex if a.card]
    if sure:
        return sure[0]
    follow = d.driver.late_brake
    if follow is None:  # by the odds, as late braking (expansion1 digest §4.3)
        follow = odds.et_check_x1(d.s, car, d.s.track.trajectory(car.trajectory))[1] >= d.driver.lb_threshold
    return ex[0] if follow else d.legal.of(Start)[0]


@CHOICE.register(NoAssist)
def _no_assist(d: _Decision, a: NoAssist) -> Action | None:
    """Expansion #1 §5.6: a red card for +1 MP when there is one, else no help."""
    return next((a for a in d.legal.of(Assist) if a.what == "mp"), d.legal.actions[-1])


@CHOICE.register(Start)
def _start(d: _Decision, a: Start) -> Action | None:
    return a


@CHOICE.register(StayOut)
def _stay_out(d: _Decision, a: StayOut) -> Action | None:
    return a


@CHOICE.register(Play)
def _play(d: _Decision, a: Play) -> Action | None:
    """Each hand card's worth once per decision (MP less its risk: damage and tests; its tyre wear), not once per
    candidate play; a play adds its cards' worths and the trajectory's bonus."""
    car, s = d.car, d.s
    if car is None:
        return None
    worth = {c: (card.mp - card.damage - len(card.tests), card.tyres) for c, card in ((c, s.card(c)) for c in car.hand)}
    bonus = s.track.trajectory(car.trajectory).bonus if car.trajectory else 0

    def value(a: Play) -> tuple[int, int]:
        net = tyres = 0
        for c in a.cards:
            w, t = worth[c]  # a play's cards come from the hand (§13.C)
            net += w
            tyres += t
        return (net + (bonus if a.trajectory else 0), -tyres)
    return max(d.legal.of(Play), key=value)


@CHOICE.register(Pay)
def _pay(d: _Decision, a: Pay) -> Action | None:
    car = d.car
    return max(d.legal.of(Pay), key=lambda a: (a.chips if car and car.chips > 4 else -a.chips))


@CHOICE.register(Test, LeaderCheck)
def _test(d: _Decision, a: Action) -> Action | None:
    return d.driver._test(d.race, list(d.legal.actions))


@CHOICE.register(LateBrake)
def _late_brake(d: _Decision, a: LateBrake) -> Action | None:
    car, s = d.car, d.s
    if car is None:
        return None
    power = [a for a in d.legal.of(LateBrake) if a.card]
    if power:
        return power[0]
    if d.driver.late_brake is not None:
        return LateBrake(car.id) if d.driver.late_brake else NoLateBrake(car.id)
    p = odds.blind_test(s, car, s.section(car.section).lb_modifier or 0)[1]
    return LateBrake(car.id) if p >= d.driver.lb_threshold else NoLateBrake(car.id)


@CHOICE.register(Occupy)
def _occupy(d: _Decision, a: Occupy) -> Action | None:
    occ = [a for a in d.legal.of(Occupy) if a.trajectory]
    if occ:
        return max(occ, key=lambda a: d.s.track.trajectory(a.trajectory).bonus)  # type: ignore[arg-type]
    return d.legal.actions[-1]


@CHOICE.register(Challenge)
def _challenge(d: _Decision, a: Challenge) -> Action | None:
    return d.legal.of(NoChallenge)[0]


@CHOICE.register(Join)
def _join(d: _Decision, a: Join) -> Action | None:
    return d.legal.of(Decline)[0]


@CHOICE.register(Bid)
def _bid(d: _Decision, a: Bid) -> Action | None:
    first = d.legal.actions[0].car
    bids = [a for a in d.legal.of(Bid) if a.car == first]
    return max(bids, key=lambda a: sum(d.s.card(c).mp for c in a.cards))


@CHOICE.register(PitDiscard, PitDone)
def _pit_cards(d: _Decision, a: Action) -> Action | None:
    done = d.legal.of(PitDone)
    if done:
        return done[0]
    return max(d.legal.of(PitDiscard), key=lambda a: d.s.card(a.card).check)


@CHOICE.register(PitTyres)
def _pit_tyres(d: _Decision, a: PitTyres) -> Action | None:
    return next((a for a in d.legal.of(PitTyres) if a.tyre == "hard"), d.legal.actions[0])


@CHOICE.register(PitStrategy)
def _pit_strategy(d: _Decision, a: PitStrategy) -> Action | None:
    return next(a for a in d.legal.of(PitStrategy) if a.strategy is None)


@CHOICE.register(Weather)
def _weather(d: _Decision, a: Weather) -> Action | None:
    return next(a for a in d.legal.of(Weather) if a.step == 0)


@CHOICE.register(NoFlag)
def _no_flag(d: _Decision, a: NoFlag) -> Action | None:
    return next((a for a in d.legal.actions if a.verb == "take-flag"), a)


@CHOICE.register(NoForce)
def _no_force(d: _Decision, a: NoForce) -> Action | None:
    return a


@CHOICE.register(Take)
def _take(d: _Decision, a: Take) -> Action | None:
    return a


@CHOICE.register(Draw)
def _draw(d: _Decision, a: Draw) -> Action | None:
    return d.legal.actions[0]


@CHOICE.register(Discard)
def _discard(d: _Decision, a: Discard) -> Action | None:
    return max(d.legal.of(Discard), key=lambda a: sum(d.s.card(c).check for c in a.cards))
