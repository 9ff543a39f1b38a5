"""Wheel-to-Wheel battles in the race (digest §13.4.1, §13.5, §11.5, A32): the end-of-round token check and the free
passing among token holders.

After every driver has moved (:func:`racebook.formulagp.rounds.end_turn` calls :func:`end_of_round`), the pure
cycle of :func:`racebook.formulagp.rules.wheeltowheel.end_of_round` runs over the cars: a car on a tile with other
cars, at least one on a regular space, takes a token 'VS' side up, flips 'VS' to 'Stress' (+1 stress) or, on
'Stress', takes +1 stress and loses it (a W2W battle lasts at most two rounds, A32); a car alone on its tile loses its
token; no tokens in race rounds 1–2 (§9.6). Each change is a :class:`~racebook.formulagp.events.W2WToken` event; the
stress goes through :func:`racebook.formulagp.stressing.stress_by` (beyond the Stressed space: RED dice at once).
During the next round two token holders move freely around each other, with no stop and no battle
(:func:`free_between`, used by the move's passing check and the battle offer); a car without a token is passed
only as usual (§13.1, §13.2).

Pushing between W2W cars: the lane-change push of §11.3.1 (:mod:`racebook.formulagp.pushes`), and with the house
rule ``w2w_forward_push`` a forward one (:mod:`racebook.formulagp.w2wpush`). Cars in the pit lane are left out of the
check (their token, if any, stays).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.aftermove import roll_dice
from racebook.formulagp.rules.wheeltowheel import W2W
from racebook.formulagp.rules.wheeltowheel import end_of_round as cycle
from racebook.formulagp.state import Car, Die, RaceState
from racebook.formulagp.stressing import stress_by

START_ROUNDS = 2  # §9.6: no W2W tokens in race rounds 1-2


def free_between(c: Car, o: Car) -> bool:
    """Two cars holding W2W tokens move freely around each other, with no battle (§13.5)."""
    return c.w2w != W2W.NONE.value and o.w2w != W2W.NONE.value


def end_of_round(s: RaceState, log: EventLog) -> None:
    """The end-of-round W2W check (§13.4.1, A32), every car on track in the order of the cars (a car in the pit lane
    is on no track tile, §16.2: it neither takes nor gives a token). Under the Safety Car (§19.4.2) and after a Red
    Flag (the cars on the grid, §19.6) tokens are removed and none is placed, as in race rounds 1-2 (§9.6)."""
    on_track = [c for c in s.cars.values() if not c.pit]
    changes = cycle(s.track, {c.id: c.pos for c in on_track}, {c.id: W2W(c.w2w) for c in on_track},
                    no_tokens=s.round <= START_ROUNDS or s.restart or s.sc_tile >= 0)  # §9.6, §19.6, §19.4.2
    for ch in changes:
        c = s.cars[ch.car]
        c.w2w = ch.after.value
        log.append(ev.W2WToken(c.id, ch.before.value, ch.after.value, ch.stress))
        if ch.stress:
            roll_dice(s, c, [Die.RED] * stress_by(s, c, ch.stress, log), log)
