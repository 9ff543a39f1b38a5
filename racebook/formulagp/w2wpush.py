"""Pushing between Wheel-to-Wheel cars (digest §13.5, §11.3.1, §18.3; the original's 9.5, 8.3.1).

"Drivers in a wheel-to-wheel battle may move into each other's spaces, pushing the other driver to the next racing
lane, or even off track … If pushing another car would result in it hitting a wall, the two cars collide instead"
(the original's 9.5). The lane change into a full space of the car's tile — the push of §11.3.1, whose "typical
cases" include a W2W battle — is built for every car (:mod:`racebook.formulagp.pushes`: the next lane away from the
mover, off track with the pusher's Penalty token, a wall or a car: a collision). What the source leaves open is a
*forward* move into a W2W opponent's space, where "away from the mover" names no side. House rule
``w2w_forward_push`` (A-table N29): off by default (the digest's reading: §11.3.1 lists W2W among the cases of the
lane-change push, so W2W cars push each other by changing lanes); on: a player's car holding a W2W token may also
step forward into a regular (not Slipstream) space held by a car with a W2W token, which the WHITE die's colour
pushes one lane right (green) or left (red) — the die the source uses for every unnamed side (§7, §18.1) — through
the same push (:func:`racebook.formulagp.pushes.push_into`); then the mover takes the space (a collision leaves it
where it was, its MP for the step spent). Rookie BOTs push by their own rules (§22.9.1). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.components import FaceColour
from racebook.formulagp.events.battleextras import W2WForwardPush
from racebook.formulagp.losscontrol import car_at, full_space, pause
from racebook.formulagp.pushes import push_into
from racebook.formulagp.state import Car, Die, RaceState, Resume, Turn
from racebook.formulagp.trackparts import Pos, Surface
from racebook.formulagp.w2w import free_between

__all__ = ["forward", "push_ahead"]


def forward(s: RaceState, c: Car, to: Pos) -> bool:
    """With the house rule on: ``to`` is a forward step into a full regular space held by a W2W opponent of ``c``."""
    if not s.rules.w2w_forward_push or c.bot or (to.tile == c.pos.tile and to.lane != c.pos.lane):
        return False
    if s.track.space(to).surface is Surface.SLIPSTREAM or not full_space(s, c.id, to):
        return False
    victim = car_at(s, to, c.id)
    return free_between(c, victim) and not victim.bot


def push_ahead(s: RaceState, c: Car, t: Turn, to: Pos, log: EventLog) -> bool:
    """The forward push (the hook of :mod:`racebook.formulagp.moving`'s step): True when it ends in a collision, the
    step's MP spent and the mover still on its space; False when the step goes on (no push, or the space freed)."""
    if not forward(s, c, to):
        return False
    victim = car_at(s, to, c.id)
    face = s.white_face(s.roll(Die.WHITE))
    side = "right" if face.colour is FaceColour.GREEN else "left"
    log.append(W2WForwardPush(c.id, victim.id, s.track.name_of(to), face.value, face.colour.value, side))
    if not push_into(s, c, to, c.pos.lane, log, side=side):
        return False
    t.mp_left -= 1
    pause(s, Resume.MOVE)
    return True
