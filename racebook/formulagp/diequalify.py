"""The Optional qualifying by die roll (digest §21 item 15.3, the original's 15.3; house rule ``die_qualifying``, off
by default): it replaces the sealed qualifying cards and the push of :mod:`racebook.formulagp.qualify` (which calls
this module from its four phase functions), in the same QUALIFY phase. The scoring is
:mod:`racebook.formulagp.rules.diequalifying`'s.

1. The players make their attempts in Pit Box order (the box closest to the pit exit first): ``Grey attempt +2``
   raises the tyre wear by 2 (+2 points, through :func:`racebook.formulagp.tyrewear.wear_by`), then rolls the WHITE
   die: score = the starting tyre's movement bonus + the maximum OT + the wear spent + the die.
2. The failing face (A24, ``die_qualifying_any_green_fails``): the attempt scores 0. The driver may at once try again
   (``attempt``) with −1, or stop (``nopush``); every later attempt is at −1, and a second failure is a crash:
   score 0 and tyre wear +1, no more attempts.
3. Once everyone has made an attempt, the second round: in Pit Box order, each driver not crashed may make one more
   attempt (``attempt``), paying +1 tyre wear first, or not (``nopush``). Its best score counts (a reading: the
   source does not say the later attempt replaces the earlier one); a failure there keeps the best (a crash: 0).
4. The grid: the highest score on pole, a tie to the Pit Box nearer the pit exit
   (:func:`racebook.formulagp.rules.qualifying.qualifying_grid`); the pole's bonus ACTION card as ever (§9.4
   item 1). A crash here is no pit-lane start (the Optional rule says only "score is 0 and tyre wear +1").

Rookie BOTs qualify as in §22.6 (their BATTLE card, :func:`racebook.formulagp.bots.rookie.qualify`) when the first
round opens (a reading: 15.3 speaks of players). The hands drawn for qualifying stay for race round 1 (§9.1 item 1).
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp.actions import FgpAction, NoPush
from racebook.formulagp.actions.diequalify import Attempt
from racebook.formulagp.bots import rookie
from racebook.formulagp.events import diequalify as dev
from racebook.formulagp.rules.diequalifying import SECOND_ROUND_WEAR, Outcome, attempt
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.state import Die, Phase, RaceState
from racebook.formulagp.tyrewear import wear_by

__all__ = ["open_rounds", "legal", "apply", "explain"]

RULE = "§21"
SetGrid = Callable[[RaceState, EventLog], None]


def _players(s: RaceState) -> tuple[str, ...]:
    return tuple(car for car in s.boxes if not s.cars[car].bot and car not in s.dq_crashed)


def open_rounds(s: RaceState, log: EventLog, set_grid: SetGrid) -> None:
    """The first round of attempts (the hook of :func:`racebook.formulagp.qualify.open_qualifying`)."""
    s.phase = Phase.QUALIFY
    for car in s.boxes:  # §22.6: a Rookie's BATTLE card
        if s.cars[car].bot:
            s.qual_scores[car] = rookie.qualify(s, car, log)
    s.dq_round, s.dq_queue, s.dq_failed, s.dq_crashed = 1, _players(s), (), ()
    log.append(dev.DieQualifyingRound("the first attempts", s.dq_queue))
    if not s.dq_queue:
        _done(s, log, set_grid)


def _room(s: RaceState, car: str) -> int:
    """The wear points ``car`` may spend: the spaces left on the Tyre Wear track (after the second round's +1)."""
    c = s.cars[car]
    return s.board.wear_length - 1 - c.wear - (SECOND_ROUND_WEAR if s.dq_round == 2 else 0)


def _may_stop(s: RaceState, car: str) -> bool:
    """Round 1: only after a failed attempt (the retry is a choice); round 2: always."""
    return s.dq_round == 2 or car in s.dq_failed


def legal(s: RaceState) -> list[FgpAction]:
    if not s.dq_queue:
        return []
    car = s.dq_queue[0]
    out: list[FgpAction] = [Attempt(car, k) for k in range(max(-1, _room(s, car)) + 1)]
    return out + ([NoPush(car)] if _may_stop(s, car) else [])


def apply(s: RaceState, a: FgpAction, log: EventLog, set_grid: SetGrid) -> None:
    car = s.dq_queue[0]
    c = s.cars[car]
    best = s.qual_scores.get(car, QualifyingScore(0, True, False))
    if isinstance(a, NoPush):
        log.append(dev.DieAttemptDeclined(car, best.score))
        return _next(s, log, set_grid)
    if not isinstance(a, Attempt):
        raise IllegalAction(a, RULE, "an attempt or nopush")
    if s.dq_round == 2:
        wear_by(s, c, SECOND_ROUND_WEAR, log)  # the second round's price
    wear_by(s, c, a.wear, log)  # +1 point a wear point
    face = s.white_face(s.roll(Die.WHITE))
    failed_before = car in s.dq_failed
    got = attempt(s.board, c.tyre, a.wear, face, failed_before, s.rules.die_qualifying_any_green_fails)
    if got.outcome is Outcome.CRASHED:
        wear_by(s, c, 1, log)
        s.dq_crashed += (car,)
        best = QualifyingScore(0, True, False)
    elif got.outcome is Outcome.FAILED:
        s.dq_failed += (car,)
    elif got.score > best.score or car not in s.qual_scores:
        best = QualifyingScore(got.score, True, False)
    s.qual_scores[car] = best
    log.append(dev.DieAttempted(car, got.base, a.wear, face.value, face.colour.value, got.malus,
                                got.outcome.value, got.score, best.score, c.wear))
    if got.outcome is Outcome.FAILED and s.dq_round == 1:
        return  # it decides at once: try again at -1, or stop
    _next(s, log, set_grid)


def _next(s: RaceState, log: EventLog, set_grid: SetGrid) -> None:
    s.dq_queue = s.dq_queue[1:]
    while s.dq_queue and _room(s, s.dq_queue[0]) < 0:  # no wear left to pay the second round: no attempt
        car = s.dq_queue[0]
        log.append(dev.DieAttemptDeclined(car, s.qual_scores[car].score))
        s.dq_queue = s.dq_queue[1:]
    if s.dq_queue:
        return
    if s.dq_round == 1:
        s.dq_round, s.dq_queue = 2, _players(s)
        log.append(dev.DieQualifyingRound("the second round: another attempt for +1 tyre wear", s.dq_queue))
        s.dq_queue = ("",) + s.dq_queue  # the drivers with no wear left to pay are passed over (below)
        return _next(s, log, set_grid)
    _done(s, log, set_grid)


def _done(s: RaceState, log: EventLog, set_grid: SetGrid) -> None:
    s.dq_round, s.dq_queue, s.dq_failed, s.dq_crashed = 0, (), (), ()
    set_grid(s, log)


def explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    if not s.dq_queue:
        return RULE, "qualifying by die roll is over"
    car = s.dq_queue[0]
    if a.car != car:
        return RULE, f"qualifying by die roll goes in Pit Box order: it is {car}'s attempt"
    if isinstance(a, Attempt) and a.wear > _room(s, car):
        return RULE, f"{car}'s tyre wear marker has {max(0, _room(s, car))} spaces left to spend"
    if isinstance(a, NoPush):
        return RULE, "every driver makes a first attempt; after a failed one it may stop ('nopush')"
    return RULE, f"{car} attempts: 'attempt' or 'attempt +N' (N tyre wear for N points)" + (
        ", or 'nopush'" if _may_stop(s, car) else "")
