"""Automatic drivers for human cars, so whole races can run unattended (simulations, tests, benchmarks).

A driver only *chooses* among ``race.legal_actions()``; the rules stay in the engine. Two are provided:
:class:`RandomDriver` (uniform over the legal actions) and :class:`GreedyDriver` (simple, explainable
heuristics: the most MP it can afford, safe tests with a hand card when one surely passes, late braking
when the exact odds are good, never an optional risk it cannot measure). Both are seeded. The driver protocol,
:class:`RandomDriver` and :func:`play_out` are game-agnostic (:mod:`racebook.core.agents`) and re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.core.agents import Driver, RandomDriver, play_out  # noqa: F401 - re-exported (racebook.core.agents)
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
from racebook.rf90.game import Race
from racebook.rf90.rules.checks import modifiers, target_value


@dataclass
class GreedyDriver:
    """Heuristics, not rules: every choice is one of the legal actions."""

    seed: int = 0
    lb_threshold: float = 0.6  # late-brake when P(success) is at least this
    late_brake: bool | None = None  # force always (True) / never (False) late braking; None = by the odds

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, race: Race, legal: list[Action]) -> Action:
        s = race.state
        car = s.cars[legal[0].car] if legal[0].car in s.cars else None
        kinds = {type(a) for a in legal}
        pick: Callable[[list[Action]], Action] = lambda xs: xs[self.rng.below(len(xs))]  # noqa: E731
        if Pit in kinds and any(isinstance(a, Start) for a in legal) is False:
            return min((a for a in legal if isinstance(a, Pit)), key=lambda a: a.extra)  # type: ignore[attr-defined]
        if Extreme in kinds and car is not None and car.trajectory:  # Expansion #1: follow the ET now?
            ex = [a for a in legal if isinstance(a, Extreme)]
            sure = [a for a in ex if a.card]  # a Track Card's ET power or FLAT OUT
            if sure:
                return sure[0]
            follow = self.late_brake
            if follow is None:  # by the odds, as late braking (expansion1 digest §4.3)
                follow = odds.et_check_x1(s, car, s.track.trajectory(car.trajectory))[1] >= self.lb_threshold
            return ex[0] if follow else next(a for a in legal if isinstance(a, Start))
        if NoAssist in kinds:  # Expansion #1 §5.6: a red card for +1 MP when there is one, else no help
            return next((a for a in legal if isinstance(a, Assist) and a.what == "mp"), legal[-1])
        if Start in kinds:
            return next(a for a in legal if isinstance(a, Start))
        if StayOut in kinds:
            return next(a for a in legal if isinstance(a, StayOut))
        if Play in kinds and car is not None:
            # each hand card's worth once per decision (MP less its risk: damage and tests; its tyre wear), not once
            # per candidate play; a play adds its cards' worths and the trajectory's bonus
            worth = {c: (card.mp - card.damage - len(card.tests), card.tyres)
                     for c, card in ((c, s.card(c)) for c in car.hand)}
            bonus = s.track.trajectory(car.trajectory).bonus if car.trajectory else 0

            def value(a: Play) -> tuple[int, int]:
                net = tyres = 0
                for c in a.cards:
                    w, t = worth[c]  # a play's cards come from the hand (§13.C)
                    net += w
                    tyres += t
                return (net + (bonus if a.trajectory else 0), -tyres)
            return max((a for a in legal if isinstance(a, Play)), key=value)  # type: ignore[arg-type]
        if Pay in kinds:
            pays = [a for a in legal if isinstance(a, Pay)]
            return max(pays, key=lambda a: (a.chips if car and car.chips > 4 else -a.chips))
        if Test in kinds or LeaderCheck in kinds:
            return self._test(race, legal)
        if LateBrake in kinds and car is not None:
            power = [a for a in legal if isinstance(a, LateBrake) and a.card]
            if power:
                return power[0]
            if self.late_brake is not None:
                return LateBrake(car.id) if self.late_brake else NoLateBrake(car.id)
            p = odds.blind_test(s, car, s.section(car.section).lb_modifier or 0)[1]
            return LateBrake(car.id) if p >= self.lb_threshold else NoLateBrake(car.id)
        if Occupy in kinds:
            occ = [a for a in legal if isinstance(a, Occupy) and a.trajectory]
            if occ:
                return max(occ, key=lambda a: s.track.trajectory(a.trajectory).bonus)  # type: ignore[arg-type]
            return legal[-1]
        if Challenge in kinds:
            return next(a for a in legal if isinstance(a, NoChallenge))
        if Join in kinds:
            return next(a for a in legal if isinstance(a, Decline))
        if Bid in kinds:
            bids = [a for a in legal if isinstance(a, Bid) and a.car == legal[0].car]
            return max(bids, key=lambda a: sum(s.card(c).mp for c in a.cards))  # type: ignore[attr-defined]
        if PitDiscard in kinds or PitDone in kinds:
            done = [a for a in legal if isinstance(a, PitDone)]
            if done:
                return done[0]
            return max((a for a in legal if isinstance(a, PitDiscard)),
                       key=lambda a: s.card(a.card).check)  # type: ignore[attr-defined]
        if PitTyres in kinds:
            return next(a for a in legal if isinstance(a, PitTyres) and a.tyre == "hard") if any(
                isinstance(a, PitTyres) and a.tyre == "hard" for a in legal) else legal[0]
        if PitStrategy in kinds:
            return next(a for a in legal if isinstance(a, PitStrategy) and a.strategy is None)
        if Weather in kinds:
            return next(a for a in legal if isinstance(a, Weather) and a.step == 0)
        if NoFlag in kinds:
            take = [a for a in legal if a.verb == "take-flag"]
            return take[0] if take else next(a for a in legal if isinstance(a, NoFlag))
        if NoForce in kinds:
            return next(a for a in legal if isinstance(a, NoForce))
        if Take in kinds:
            return next(a for a in legal if isinstance(a, Take))
        if Draw in kinds:
            return legal[0]
        if Discard in kinds:
            return max((a for a in legal if isinstance(a, Discard)),
                       key=lambda a: sum(s.card(c).check for c in a.cards))  # type: ignore[attr-defined]
        return pick(legal)

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
