"""Pushing a car by moving into its space from the lane beside (digest §11.3.1, §18.3, A20), in a move's lane
change and when a car rejoins the track (§18.2 b, Example 20).

The car in the space (with every Slipstream shadow taken, the lowest WHITE die of the cars there) is pushed one
lane farther, away from the mover (:func:`racebook.formulagp.losscontrol.shift`, the geometry of
:func:`racebook.formulagp.rules.pushing.push`): onto the next lane; off track — the pusher takes a Penalty token at
once and finishes its move, and the car pushed resolves going off track (§18.1 OffTrack_A) before the next
driver's turn (``RaceState.later``); or into a wall or another car — a collision (§18.3), the pusher its initiator,
which stays where it was. One Penalty token per incident (A20; ``Rules.push_penalty_once=False`` gives one per
clause of the source). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.losscontrol import car_at, collide, full_space, move_to, pause, penalise, shift
from racebook.formulagp.rules.pushing import PushOutcome
from racebook.formulagp.state import Car, RaceState, Resume, Turn
from racebook.formulagp.trackparts import Pos


def is_push(s: RaceState, c: Car, to: Pos) -> bool:
    """A lane change into a full space of the car's tile pushes (§11.3.1)."""
    return to.tile == c.pos.tile and to.lane != c.pos.lane and full_space(s, c.id, to)


def push_into(s: RaceState, c: Car, to: Pos, from_lane: int, log: EventLog, side: str = "") -> bool:
    """``c`` moves from ``from_lane`` into the full space ``to``: the push and its outcome (``side``: the side a
    forward push sends the car, :mod:`racebook.formulagp.w2wpush`). True when it ends in a collision (the mover stays
    where it is)."""
    victim = car_at(s, to, c.id)
    side = side or ("right" if to.lane > from_lane else "left")
    got = shift(s, victim.pos, side, victim.id)
    at = s.track.name_of(to)
    if got.outcome is PushOutcome.ON_TRACK and got.victim_to is not None:
        move_to(s, victim, got.victim_to)
        log.append(ev.Pushed(c.id, victim.id, at, s.track.name_of(victim.pos), "pushed into the next lane"))
        return False
    log.append(ev.Pushed(c.id, victim.id, at, "-", got.outcome.value))
    if got.outcome is PushOutcome.OFF_TRACK:
        victim.off, victim.out_round = side, s.round
        penalise(s, c, 1, f"pushed {victim.id} off track", log, "§11.3.1", against=victim.id)
        s.later.append(f"{victim.id}:off:{c.id}:0")
        return False
    collide(s, c, victim, log, 0, extra_penalty=0 if s.rules.push_penalty_once else 1, lost_control=False)
    return True


def push_step(s: RaceState, c: Car, t: Turn, to: Pos, log: EventLog) -> bool:
    """The move's lane change into a full space (the hook of :mod:`racebook.formulagp.moving`): push first; True
    when the push ends in a collision, the step's MP spent and the car still on its space."""
    if not is_push(s, c, to):
        return False
    if not push_into(s, c, to, c.pos.lane, log):
        return False
    t.mp_left -= 1
    pause(s, Resume.MOVE)
    return True
