"""The Optional Photo Finish (digest §17.2.2 item 7, §21 15.8, the original's 15.8 and 15.8.1; the BOTs' BOT 7.5,
§22.14; house rule ``photo_finish``, off by default).

At the flag (:func:`racebook.formulagp.rounds.finish`) the penalties are applied first (§17.2.1); then, when two or
more cars fighting for the win end on the same tile (:func:`racebook.formulagp.rules.classification.
photo_contenders`: read literally, the cars that crossed the line in the final round without a spin, on the farthest
tile after penalties), they play extra turns instead of taking the driver sequence's order. Each extra turn (a round
of turns through the normal state API: the PLAY phase, the move, battles) goes in driver sequence with the cards left
in hand and any other resources, no draw phase:

* a player has a move when it holds a usable movement card (:func:`racebook.formulagp.cardplay.has_play`); a BOT
  rolls the WHITE die (BOT 7.5): green, it has MP available and makes its normal BOT move; red, it does not move;
* only one contender with a move: it moves and wins at once;
* none: each player draws the top card of its deck (it plays it if it can: the check is made again);
* after the turns, one contender on a tile ahead of all the others (distance after penalties) wins; those left
  behind drop out, and the ones still level play another extra turn.

The classification then puts the contenders first: the winner, then the others by their distance after penalties and
the driver sequence (:func:`racebook.formulagp.rules.classification.classify`'s ``photo``). Readings (the switch's
text in ``data/house_rules.toml``): the penalties are counted, not driven; a race that ends under the Safety Car
(§17.1) has no photo finish; an engine guard ends an undecided photo finish after :data:`GUARD` extra turns (the
driver sequence decides). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from racebook.core.log import EventLog
from racebook.formulagp.cardplay import has_play
from racebook.formulagp.components import FaceColour
from racebook.formulagp.events import photofinish as pev
from racebook.formulagp.hand import draw
from racebook.formulagp.rules.classification import Finisher, after_penalties, photo_contenders, photo_leaders
from racebook.formulagp.state import Die, RaceState

__all__ = ["GUARD", "decide", "has_move"]

GUARD = 30  # extra turns without a winner before the driver sequence decides (an engine guard, not a rule)
SetOrder = Callable[[RaceState, tuple[str, ...], EventLog], None]


def decide(s: RaceState, fin: Sequence[Finisher], log: EventLog, set_order: SetOrder) -> tuple[str, ...] | None:
    """At the flag, after the penalties (``fin``: the finishers as classified now): None while extra turns are
    played (``set_order`` starts them: :func:`racebook.formulagp.rounds.set_order`), else the photo finish's order
    for the classification, winner first (``()``: no photo finish, the usual classification)."""
    after = {f.car: after_penalties(f) for f in fin}
    seq = {f.car: f.sequence for f in fin}
    if not s.photo:
        if not (s.rules.photo_finish and s.final_round):
            return ()
        cars = photo_contenders(fin)
        if len(cars) < 2:
            return ()
        s.photo = s.photo_live = cars
        s.photo_round = 0
        log.append(pev.PhotoFinish(cars, after[cars[0]]))
        return _extra_turns(s, seq, log, set_order)
    live = s.photo_live
    if len(live) == 1:
        winner, how = live[0], "only it could move (15.8.1: it wins at once)"
    else:
        leaders = photo_leaders({car: after[car] for car in sorted(live, key=seq.__getitem__)})
        if len(leaders) > 1:
            s.photo_live = leaders
            log.append(pev.PhotoFinishTied(leaders, after[leaders[0]]))
            return _extra_turns(s, seq, log, set_order)
        winner, how = leaders[0], "it ended on a tile ahead of all the others"
    log.append(pev.PhotoFinishWon(winner, s.photo_round, how))
    order = (winner,) + tuple(sorted((car for car in s.photo if car != winner), key=lambda car: (-after[car],
                                                                                               seq[car])))
    _clear(s)
    return order


def has_move(s: RaceState, car: str, log: EventLog) -> bool:
    """Whether ``car`` can move in this extra turn: a player holds a usable movement card; a BOT rolls the WHITE
    die, green = it has MP available (BOT 7.5)."""
    c = s.cars[car]
    if not c.bot:
        return has_play(s, c)
    face = s.white_face(s.roll(Die.WHITE))
    green = face.colour is FaceColour.GREEN
    log.append(pev.PhotoFinishDie(car, face.value, face.colour.value, green))
    return green


def _extra_turns(s: RaceState, seq: dict[str, int], log: EventLog, set_order: SetOrder) -> tuple[str, ...] | None:
    """One extra turn of the contenders still fighting (15.8.1): who can move; none: each player draws the top card
    of its deck and the check is made again. None when the turns start; ``()`` when the guard ends it."""
    live = tuple(sorted(s.photo_live, key=seq.__getitem__))
    s.photo_live = live
    while s.photo_round < GUARD:
        s.photo_round += 1
        movers = tuple(car for car in live if has_move(s, car, log))
        if movers:
            if len(movers) == 1:
                s.photo_live = movers  # it moves and wins at once (15.8.1)
            log.append(pev.PhotoFinishRound(s.photo_round, movers, live))
            set_order(s, movers, log)
            return None
        drew = False
        for car in live:
            c = s.cars[car]
            if c.bot:
                continue
            got = draw(s, c, 1)
            drew = drew or bool(got)
            log.append(pev.PhotoFinishDraw(car, got[0] if got else "-"))
        if not drew and not any(s.cars[car].bot for car in live):
            break  # no card left to draw anywhere: nothing will change
    log.append(pev.PhotoFinishUndecided(live, s.photo_round))
    _clear(s)
    return ()


def _clear(s: RaceState) -> None:
    s.photo, s.photo_live, s.photo_round = (), (), 0
