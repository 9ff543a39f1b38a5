"""The wear marker on the board's Tyre Wear track during the race (digest §14.1): every change of wear goes through
:func:`wear_by`, which moves the marker (:func:`racebook.formulagp.rules.tyres.change_wear`: never before the start
of the track, stopping on its last space) and logs each icon the marker reaches: degraded (the Tyre Bonus token
flips to its lower side), worn out (the token is removed: bonus 0, no Tyre Wear card to extend or Brake!, Tyre Wear
cards may be discarded), the RED die icon (a RED die after every move from now on), or a flip undone when wear is
regained. The tyre-bonus state (full / lower / removed) is :meth:`racebook.formulagp.state.RaceState.tyre_state`.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.playerboard import TyreState
from racebook.formulagp.rules.tyres import change_wear
from racebook.formulagp.state import Car, RaceState

BONUS_STATE = {TyreState.FRESH: "full", TyreState.DEGRADED: "lower", TyreState.WORN: "removed"}  # Appendix B


def wear_by(s: RaceState, c: Car, delta: int, log: EventLog) -> int:
    """Move ``c``'s wear marker by ``delta`` (§14.1), logging the icons reached; returns the new wear."""
    if delta == 0:
        return c.wear
    got = change_wear(s.board, c.tyre, c.wear, delta)
    c.wear = got.wear
    for e in got.events:
        log.append(ev.TyreIcon(c.id, got.wear, e.value, got.bonus))
    return c.wear


def bonus_state(s: RaceState, c: Car) -> str:
    """The Tyre Bonus token as Appendix B names it: full, lower (flipped) or removed (worn out)."""
    return BONUS_STATE[s.tyre_state(c)]


def worn_out(s: RaceState, c: Car) -> bool:
    """Worn-out tyres (§14.1): Tyre Wear cards may now be discarded (to the hand limit too, §6.4)."""
    return s.tyre_state(c) is TyreState.WORN
