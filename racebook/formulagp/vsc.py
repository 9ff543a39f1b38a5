"""The Virtual Safety Car (digest §19.5): the 'Virtual Safety Car' EVENT card's procedure.

:func:`deploy` is what the card calls, during the turn of the driver who drew it (nothing happens under the Safety
Car, where EVENT cards are off, §19.4.2). That driver finishes its turn (1); the spaces it moved are counted. Every
driver after it in the sequence then moves that many spaces, no card played (2) — the drivers who had already moved
this round move a second time now and skip their turn next round (3); stress goes to the middle for every driver
(4); no overtaking and every track event is off (no dice). The Chequered Flag advances and the next round has no
draw phase (5, 6: a driver with no usable movement card goes down the ladder, discarding and drawing one card at a
time); the driver who drew the card starts it and normal play resumes, without the drivers who moved twice (7).
With the Optional Faster VSC (§21 15.11.3, the switch ``faster_vsc``, off by default) the same machinery runs two
other stages: the driver who drew the card finishes its turn; the round ends at once and the Chequered Flag advances
(stage 4: the drivers still to move lose that turn); the next round is the VSC round (stage 5): no draw phase, every
car moves :data:`FASTER_VSC_SPACES` spaces with no card (:func:`turn`, the same card-less move), in the current
sequence continued (the drivers who lost their turn first, then the others, the VSC driver last; ``vsc_twice`` holds
it); the VSC ends with that round. Stress is left alone (15.11.3 replaces §19.5's procedure and names no stress
step). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.events import scperiod as sev
from racebook.formulagp.state import Car, Phase, RaceState, Turn

__all__ = ["deploy", "moving", "end_of_move", "turn", "round_end", "sequence", "FASTER_VSC_SPACES"]

FASTER_VSC_SPACES = 4  # §21 15.11.3: "All players move 4 spaces this round"
FASTER_ROUND = 5  # the stage of the Faster VSC's round (4: the round its card was drawn in ends)


def deploy(s: RaceState, car: str, log: EventLog) -> None:
    """The 'Virtual Safety Car' card drawn by ``car`` on its turn (§19.5 step 1)."""
    if s.sc_tile >= 0 or s.restart or s.vsc or s.turn is None or s.turn.car != car:
        return
    s.vsc, s.vsc_car = 1, car


def moving(s: RaceState) -> bool:
    """The VSC's moves are under way (no overtaking, every track event off): not the VSC driver's own turn; or the
    Faster VSC's round (15.11.3), every turn of it."""
    return (s.vsc == 2 and (s.turn is None or s.turn.car != s.vsc_car)) or s.vsc == FASTER_ROUND


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The VSC driver's move is over (§19.5 steps 2–4): its spaces set everyone's move; who moves again."""
    if s.vsc != 1 or c.id != s.vsc_car:
        return
    i = s.turn_index
    if s.rules.faster_vsc:  # §21 15.11.3: the round ends now; the next one is the VSC round, the sequence continued
        lost, s.order = s.order[i + 1:], s.order[:i + 1]
        s.vsc, s.vsc_spaces, s.vsc_twice = 4, FASTER_VSC_SPACES, lost + s.order
        log.append(sev.FasterVscDeployed(c.id, lost, FASTER_VSC_SPACES, s.vsc_twice))
        return
    s.vsc, s.vsc_spaces, s.vsc_twice = 2, len(t.seen), s.order[:i]
    s.order = s.order + s.vsc_twice
    log.append(ev.VscDeployed(c.id, s.vsc_spaces, s.vsc_twice))


def turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """A driver's turn under the VSC: no card, the VSC driver's number of spaces (§19.5 steps 2–3)."""
    if not moving(s) or s.turn is None:
        return False
    if s.vsc != FASTER_ROUND:
        _stress_to_the_middle(s)
    t = s.turn
    t.pace, t.mp, t.mp_left, t.wear_per_lane_change = "green", s.vsc_spaces, s.vsc_spaces, 0
    s.phase = Phase.MOVE
    log.append(sev.FasterVscMove(c.id, s.vsc_spaces) if s.vsc == FASTER_ROUND else ev.VscMove(c.id, s.vsc_spaces))
    return True


def round_end(s: RaceState, log: EventLog) -> None:
    """§19.5 steps 5–6: the next round skips the draw phase."""
    if s.vsc == 2:
        _stress_to_the_middle(s)
        s.vsc, s.skip_draw = 3, True
    elif s.vsc == 4:  # 15.11.3: the VSC round has no draw phase
        s.vsc, s.skip_draw = FASTER_ROUND, True
    elif s.vsc == FASTER_ROUND:  # 15.11.3: the VSC lasts one round
        log.append(sev.FasterVscEnded())
        s.vsc, s.vsc_car, s.vsc_spaces, s.vsc_twice = 0, "", 0, ()
    elif s.vsc == 1:  # the card's driver never finished a move (a Safety Car or Red Flag came first)
        s.vsc, s.vsc_car = 0, ""


def sequence(s: RaceState, order: tuple[str, ...], log: EventLog) -> tuple[str, ...]:
    """§19.5 step 7: the VSC driver starts the round; the drivers who moved twice do not move in it."""
    if s.vsc == FASTER_ROUND:  # 15.11.3: the current sequence continued (cars that left it, e.g. retired, left out)
        return tuple(x for x in s.vsc_twice if x in order) + tuple(x for x in order if x not in s.vsc_twice)
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
