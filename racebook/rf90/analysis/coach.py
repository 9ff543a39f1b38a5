"""The coach of notebook 00's guided race (issue 33 item 1): which of the learner's legal actions to suggest, and
one plain reason the engine computed — never a scripted tip.

* :func:`look_ahead` — where an action leaves the learner's car: a clone of the race (:meth:`Race.clone` keeps the
  seeded generator, so every action meets the same cards as long as the play stays the same), the action applied,
  then every car played to the end of Game Turn ``turns`` (or of the race): the learner's by a fresh
  :class:`~racebook.rf90.analysis.drivers.GreedyDriver`, the others by a copy of the race's own computer driver (its
  generator copied, so each action's look-ahead meets the same computer choices and the race's driver is untouched);
  the learner's place in the classification (§25) and laps and section there.
* :func:`suggest` — every action looked ahead; the best is the best place, then the furthest (laps, then section;
  ties: the first of the best); its reason names the place, the section and the next best action's place. At a late
  braking decision (§13.F.1) it adds the exact chance of passing the blind test (:func:`.odds.late_braking_now`); at
  a test (§13.D.2) or the Leader's lapping check (§20) the suggested way of taking it: a blind draw's exact chance
  (:func:`.odds.blind_test`), or whether the hand card's check factor passes the target.
* :func:`at_the_table` — the same coach at a decision of notebook 12's full race (the race table): the deciding
  car's actions looked ahead to the end of the current Game Turn, every other player car then driven by a copy of
  its own computer driver (:class:`Seats`), the robots by the engine.

Standard library only; the rules stay in the engine (the look-ahead only applies legal actions).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from racebook.core import coach
from racebook.core.coach import ordinal
from racebook.rf90.actions import BLIND, Action, LeaderCheck, Test
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.odds import late_braking_now, p_at_most, unseen
from racebook.rf90.game import Race
from racebook.rf90.rules.checks import modifiers, target_value
from racebook.rf90.rules.classification import classification

#: A look-ahead stops after this many decisions at most (a 3-turn guided race is a few dozen): only a guard.
MAX_DECISIONS = 5000


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where an action leaves the learner after Game Turn ``turn`` (``over`` when the race itself ended): ``place``
    (1 = first) of ``cars``, ``lap`` and the ``section`` (its index ``index`` on the track; "" off the race)."""

    place: int
    cars: int
    lap: int
    index: int
    section: str
    turn: int
    over: bool

    def key(self) -> tuple[int, int, int]:
        """Smaller is better: the place, then the laps and the section (further is better)."""
        return (self.place, -self.lap, -self.index)

    def words(self) -> str:
        where = f" in section {self.section}" if self.section else ""
        return f"{ordinal(self.place)} of {self.cars}{where}"


#: The coach's suggestion (:class:`racebook.core.coach.Advice`) over RF90's outcomes.
Advice = coach.Advice[Outcome]


def look_ahead(race: Race, action: Action, you: str, computer: Any, turns: int, seed: int = 0) -> Outcome:
    """Where ``action`` (legal now) leaves ``you``: on a clone, ``action`` applied, then ``you`` driven by a
    ``GreedyDriver(seed)`` and every other car by a copy of ``computer`` until the race is over or Game Turn
    ``turns`` is done."""
    r = race.clone()
    r.apply_recorded(action)  # legal now (one of the listed actions): the cheaper check
    others, mine = copy.deepcopy(computer), GreedyDriver(seed)
    for _ in range(MAX_DECISIONS):
        if r.is_over or int(r.state.turn) > turns:
            break
        legal = r.legal_actions()
        if not legal:
            break
        r.apply((mine if legal[0].car == you else others).choose(r, legal))
    s = r.state
    car = s.cars[you]
    where = car.off_track or car.section
    return Outcome(classification(s).index(you) + 1, len(s.cars), car.lap,
                   s.track.index_of(where) if where else -1, where or "", min(int(s.turn), turns), r.is_over)


def suggest(race: Race, actions: list[Action], you: str, computer: Any, turns: int, seed: int = 0) -> Advice:
    """The action to suggest among ``actions`` (``you``'s legal actions now) and why (:func:`look_ahead`)."""
    return coach.advise(actions, lambda a: look_ahead(race, a, you, computer, turns, seed),
                        lambda b: f"Game Turn {b.turn}", _behind,
                        lambda a: _odds(race, you) + _test_odds(race, you, a))


def _behind(best: Outcome, runner: Outcome) -> str:
    """What separates two choices that leave ``you`` in one place: how far (:func:`racebook.core.coach.advise`)."""
    return coach.further_back(runner, f", in section {runner.section}" if runner.section else "")


def _test_odds(race: Race, you: str, action: Action) -> str:
    """At a test (§13.D.2: a pending test of the play, with its printed modifier) or the Leader's lapping check
    (§20), the suggested way of taking it in exact numbers: a blind draw's chance over the cards ``you`` cannot see,
    or whether the hand card's check factor is at most the modified target."""
    phase, ctx, s = race.phase, race.ctx, race.state
    if isinstance(action, Test) and phase is not None and phase.name == "TEST" and ctx is not None \
            and 1 <= action.test <= len(ctx.play.tests):
        printed, leader, using = ctx.play.tests[action.test - 1].modifier, False, action.using
    elif isinstance(action, LeaderCheck) and phase is not None and phase.name == "LEADER":
        printed, leader, using = 0, True, action.using
    else:
        return ""
    car = s.cars[you]
    target = target_value(s, car, modifiers(s, car, printed, leader_check=leader))
    if using == BLIND:
        pool = [s.card(c).check for c in unseen(s, you)]
        if not pool:
            return ""
        p = p_at_most(pool, target)
        return (f"; a blind draw passes this test with an exact {round(100 * p)}% chance (target {target}, over the "
                f"{len(pool)} cards you cannot see)")
    check = s.card(using).check
    verdict = f"is at most the target {target}: it passes for sure" if check <= target else \
        f"is over the target {target}: it fails"
    return f"; {using}'s check factor {check} {verdict}"


def _odds(race: Race, you: str) -> str:
    """At a late braking decision (§13.F.1): the exact chance of passing its blind test, over the cards ``you``
    cannot see."""
    phase = race.phase
    if phase is None or phase.name != "LATE_BRAKE":
        return ""
    try:
        c = late_braking_now(race.state, race.state.cars[you])
    except ValueError:  # not in a braking zone with the LB symbol: no blind test to weigh
        return ""
    return (f"; late braking passes its blind test with an exact {round(100 * c.p_success)}% chance (target "
            f"{c.target}, over the {c.pool_size} cards you cannot see)")


class Seats:
    """The computer drivers of a table's player cars for a look-ahead (:func:`look_ahead`'s ``computer``): each
    decision goes to its car's own driver (``drivers``), a car without one to a ``GreedyDriver(seed)``. Deep-copied
    by the look-ahead, so the table's drivers are never moved on."""

    def __init__(self, drivers: Mapping[str, Any], seed: int = 0) -> None:
        self.drivers = dict(drivers)
        self.spare = GreedyDriver(seed)

    def choose(self, race: Race, legal: list[Action]) -> Action:
        return self.drivers.get(legal[0].car, self.spare).choose(race, legal)


def at_the_table(race: Race, actions: Sequence[Action], drivers: Mapping[str, Any], seed: int = 0) -> Advice:
    """The coach at a decision of a full race (notebook 12's race table): ``actions`` are the deciding car's legal
    actions in the order they are offered (a move that does nothing now last), ``drivers`` the table's computer
    driver of each player car (the deciding car's own drives it after its choice). Each action is looked ahead on a
    clone to the end of the current Game Turn (:func:`suggest`, :func:`look_ahead`): about 10 ms of CPU a decision
    on the teaching track, where a look-ahead to the end of the race would take seconds."""
    if not actions:
        raise ValueError("nothing to suggest: no legal action")
    you = actions[0].car
    own = drivers.get(you)
    return suggest(race, list(actions), you, Seats(drivers, seed), int(race.state.turn),
                   int(getattr(own, "seed", seed)))
