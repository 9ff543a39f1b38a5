"""Rejoining the race after a spin or going off track (digest §18.2; Example 20), in the car's next move.

The car moves last in the driver sequence (:func:`racebook.formulagp.losscontrol.rejoiners_last`) and plays a
movement card without the tyre bonus (:func:`racebook.formulagp.damage.no_tyre_bonus`). Rotated by a spin, its 1st MP
turns it the right way (``face``); off track, its next MP puts it back on the nearest track space (``rejoin``: the
space it left, kept as its position), pushing a car there into the next lane (§11.3.1,
:mod:`racebook.formulagp.pushes`; a push that sends that car off track or into a collision costs the rejoining car
a Penalty token). A rejoin that ends in a collision leaves the car off track and ends its move. Then the move goes
on as any move. A car against a wall and pointing forward plays on normally. Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import End, FaceForward, FgpAction, Rejoin
from racebook.formulagp.losscontrol import full_space, move_to, passable, pause
from racebook.formulagp.pushes import push_into
from racebook.formulagp.state import Car, RaceState, Resume, Turn


def legal_rejoin(s: RaceState, c: Car, t: Turn) -> list[FgpAction] | None:
    """The rejoining steps, first in a spun or off-track car's move (None for any other car)."""
    if not passable(c):
        return None
    if t.mp_left <= 0:
        return [End(c.id)]
    return [FaceForward(c.id)] if c.spun else [Rejoin(c.id)]


def apply_rejoin(s: RaceState, a: FgpAction, log: EventLog) -> bool:
    """Apply a ``face`` or ``rejoin`` step (True), or leave ``a`` to the move (False)."""
    c, t = s.cars[a.car], s.turn
    if not isinstance(a, (FaceForward, Rejoin)) or t is None:
        return False
    legal = legal_rejoin(s, c, t) or []
    if a not in legal:
        rule, reason = explain_rejoin(s, a) or ("§18.2", "not a rejoining step now")
        raise IllegalAction(a, rule, reason)
    at = s.track.name_of(c.pos)
    t.mp_left -= 1
    if isinstance(a, FaceForward):
        c.spun = False
        log.append(ev.Rejoined(c.id, "turns to face the right way", at, t.mp_left))
        return True
    if full_space(s, c.id, c.pos):
        from_lane = c.pos.lane + (1 if c.off == "right" else -1)
        if push_into(s, c, c.pos, from_lane, log):  # a collision: still off track, the move is over
            t.mp_left, t.stopped = 0, True
            pause(s, Resume.MOVE)
            return True
    c.off = ""
    move_to(s, c, c.pos)
    t.seen += ((c.pos.tile, c.pos.lane, c.pos.space),)
    log.append(ev.Rejoined(c.id, f"rejoins the track at {at}", at, t.mp_left))
    return True


def explain_rejoin(s: RaceState, a: FgpAction) -> tuple[str, str] | None:
    """Why a move's action is refused while the car must first rejoin (None when it need not)."""
    c, t = s.cars.get(a.car), s.turn
    if c is None or t is None or a.car != t.car:
        return None
    need = legal_rejoin(s, c, t)
    if need is None:
        if isinstance(a, (FaceForward, Rejoin)):
            return "§18.2", f"{c.id} is on track and pointing forward: nothing to rejoin"
        return None
    if need == [End(c.id)]:
        return "§18.2", f"{c.id} has no MP left to rejoin: end the turn"
    if c.spun:
        return "§18.2", f"{c.id} spun: its 1st MP turns the car ('{c.id} face')"
    return "§18.2", f"{c.id} is off track: its next MP rejoins the nearest space ('{c.id} rejoin')"
