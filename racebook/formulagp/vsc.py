"""The Virtual Safety Car (digest §19.5): the 'Virtual Safety Car' EVENT card's procedure.

:func:`deploy` is what the card calls, during the turn of the driver who drew it (nothing happens under the Safety
Car, where EVENT cards are off, §19.4.2). That driver finishes its turn (1); the spaces it moved are counted. Every
driver after it in the sequence then moves that many spaces, no card played (2) — the drivers who had already moved
this round move a second time now and skip their turn next round (3); stress goes to the middle for every driver
(4); no overtaking and every track event is off (no dice). The Chequered Flag advances and the next round has no
draw phase (5, 6: a driver with no usable movement card goes down the ladder, discarding and drawing one card at a
time); the driver who drew the card starts it and normal play resumes, without the drivers who moved twice (7).
The optional Faster VSC (§21 15.11.3) is not modelled. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.state import Car, Phase, RaceState, Turn

__all__ = ["deploy", "moving", "end_of_move", "turn", "round_end", "sequence"]


def deploy(s: RaceState, car: str, log: EventLog) -> None:
    """The 'Virtual Safety Car' card drawn by ``car`` on its turn (§19.5 step 1)."""
    if s.sc_tile >= 0 or s.restart or s.vsc or s.turn is None or s.turn.car != car:
        return
    s.vsc, s.vsc_car = 1, car


def moving(s: RaceState) -> bool:
    """The VSC's moves are under way (no overtaking, every track event off): not the VSC driver's own turn."""
    return s.vsc == 2 and (s.turn is None or s.turn.car != s.vsc_car)


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The VSC driver's move is over (§19.5 steps 2–4): its spaces set everyone's move; who moves again."""
    if s.vsc != 1 or c.id != s.vsc_car:
        return
    i = s.turn_index
    s.vsc, s.vsc_spaces, s.vsc_twice = 2, len(t.seen), s.order[:i]
    s.order = s.order + s.vsc_twice
    log.append(ev.VscDeployed(c.id, s.vsc_spaces, s.vsc_twice))


def turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """A driver's turn under the VSC: no card, the VSC driver's number of spaces (§19.5 steps 2–3)."""
    if not moving(s) or s.turn is None:
        return False
    _stress_to_the_middle(s)
    t = s.turn
    t.pace, t.mp, t.mp_left, t.wear_per_lane_change = "green", s.vsc_spaces, s.vsc_spaces, 0
    s.phase = Phase.MOVE
    log.append(ev.VscMove(c.id, s.vsc_spaces))
    return True


def round_end(s: RaceState, log: EventLog) -> None:
    """§19.5 steps 5–6: the next round skips the draw phase."""
    if s.vsc == 2:
        _stress_to_the_middle(s)
        s.vsc, s.skip_draw = 3, True
    elif s.vsc == 1:  # the card's driver never finished a move (a Safety Car or Red Flag came first)
        s.vsc, s.vsc_car = 0, ""


def sequence(s: RaceState, order: tuple[str, ...], log: EventLog) -> tuple[str, ...]:
    """§19.5 step 7: the VSC driver starts the round; the drivers who moved twice do not move in it."""
    if s.vsc != 3:
        return order
    out = (s.vsc_car,) + tuple(x for x in order if x != s.vsc_car and x not in s.vsc_twice)
    log.append(ev.VscEnded(s.vsc_car, s.vsc_twice))
    s.vsc, s.vsc_car, s.vsc_spaces, s.vsc_twice = 0, "", 0, ()
    return out


def _stress_to_the_middle(s: RaceState) -> None:
    """§19.5 step 4 (after the VSC driver's turn, its own stress relief included)."""
    for o in s.cars.values():
        o.stress = 1
