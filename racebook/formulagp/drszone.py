"""DRS in the race (digest §11.6, §19.7, A39, N9): when a car's movement is all done (its ``end``, after any extension
and after a battle), a car that ends in a DRS zone behind a car of the same lapping status in the same zone moves
at once, in its own lane, to the tile behind the next such car, as far forward as it can, or into the free
Slipstream shadow right behind it (:func:`racebook.formulagp.rules.drs.drs_move`). Nothing follows the DRS move
(§11.2: the turn ends).

Readings: a turn with a reduction activates no DRS (§11.6: "you may not reduce movement in a turn you activate
DRS"; the reduction came first); DRS is inactive in race rounds 1–2, under the Safety Car or the VSC and in a
Yellow Flag zone. The lapping status is the car's Blue Flags (§19.7, :mod:`racebook.formulagp.lapping`): lead lap,
single or double Blue Flag. With the Optional New Overtake Mode (§21 15.13) there is no DRS move: the control
zone banks OT instead (:mod:`racebook.formulagp.overtakemode`, which calls :func:`after_move` when the switch is off).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags, lapping
from racebook.formulagp.laps import cross_line
from racebook.formulagp.rules.drs import DrsCar, drs_move
from racebook.formulagp.state import Car, RaceState, Turn

START_ROUNDS = 2  # §11.6: DRS is inactive in race rounds 1-2


def lapping_status(s: RaceState, c: Car) -> int:
    """The car's lapping status (§19.7, A39): its Blue Flags, :func:`racebook.formulagp.lapping.status`."""
    return lapping.status(s, c.id)


def inactive(s: RaceState, c: Car) -> bool:
    """DRS is inactive for ``c`` now: race rounds 1-2, the Safety Car or the VSC, a Yellow Flag zone (§11.6,
    §19.3-§19.5)."""
    return s.round <= START_ROUNDS or s.sc_tile >= 0 or bool(s.vsc) or flags.in_zone(s, c.pos.tile)


def after_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The DRS catch-up move, if any, of ``c`` whose movement is done (§11.6)."""
    zone = s.track.tiles[c.pos.tile].drs
    if zone is None or t.reduced:
        return
    cars = {o.id: DrsCar(o.pos, lapping_status(s, o)) for o in s.cars.values()}
    to = drs_move(s.track, c.id, cars, inactive=inactive(s, c))
    if to is None:
        return
    frm = c.pos
    c.pos = to
    log.append(ev.DrsMoved(c.id, s.track.name_of(frm), s.track.name_of(to), zone))
    if to.tile < frm.tile:
        cross_line(s, c, log)
