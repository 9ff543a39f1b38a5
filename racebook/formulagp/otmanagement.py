"""The Optional OT management (digest §21 item 15.7.1, the original's 15.7.1; house rule ``ot_management``, off by
default):

* "When your OT level is fully charged, you have so much momentum that you cannot avoid a battle and you must
  attempt to overtake": a car stopped with its OT at the board's maximum (or above, the Red Parameter) and a battle
  to declare may not end its move (``end`` is not listed; :func:`must_attack`).
* "After winning a battle, all charged OT points must be used to execute the overtake, even if this results in going
  off track or colliding with another car": an overtake stopped by a car in its way collides with it
  (:func:`racebook.formulagp.losscontrol.collide`, the overtaker the initiator); one whose lane ends goes off track
  on that lane's nearer edge (a reading: the source names no side; a street circuit's wall instead, 15.2)
  (:func:`blocked`). The shadow car of the pit entry still stops it (§16.1: the yellow line is no racing space).
* "The Brake! secondary effect of a Tyre Wear card may be used to reduce speed (MP) and charge fewer OT points": the
  move's Brake! already does so (§11.2.1); nothing to add.
* "This does not apply to cars in slipstream spaces": a car in a Slipstream space may end its move; a Slipstream
  attack (its first OT point to the lane beside) loses its OT left as printed.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, End, FgpAction
from racebook.formulagp.damage import take_damage
from racebook.formulagp.losscontrol import car_at, collide, full_space, off_track_a
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.track import LANES
from racebook.formulagp.trackparts import Pos, Surface

__all__ = ["applies", "must_attack", "explain_end", "blocked"]


def applies(s: RaceState, c: Car) -> bool:
    """The rule binds ``c`` now: on, its OT fully charged, not in a Slipstream space."""
    return (s.rules.ot_management and c.ot >= s.board.ot_max and not c.off
            and s.track.space(c.pos).surface is not Surface.SLIPSTREAM)


def must_attack(s: RaceState, actions: Sequence[FgpAction]) -> list[FgpAction]:
    """The BATTLE phase's declaration without ``end`` when the rule binds and an attack is listed."""
    out = list(actions)
    if s.turn is None or not any(isinstance(a, Attack) for a in out) or not applies(s, s.cars[s.turn.car]):
        return out
    return [a for a in out if not isinstance(a, End)]


def explain_end(s: RaceState, a: FgpAction) -> tuple[str, str] | None:
    if isinstance(a, End) and s.turn is not None and applies(s, s.cars[s.turn.car]):
        return "§21", "Optional 15.7.1: with its OT fully charged the car must attempt to overtake"
    return None


def blocked(s: RaceState, c: Car, nxt: Pos | None, lane: int, left: int, log: EventLog) -> None:
    """An overtake stopped with ``left`` OT points still to drive (§13.4.1): with the rule (not a Slipstream
    attack), the car drives on into the car in its way (a collision) or off its lane's end."""
    if not s.rules.ot_management or lane or left <= 0:
        return
    if nxt is not None:
        if full_space(s, c.id, nxt):
            victim = car_at(s, nxt, c.id)
            log.append(ev.Shifted(c.id, "drives its OT on", s.track.name_of(c.pos), s.track.name_of(nxt),
                                  f"into {victim.id} (Optional 15.7.1)"))
            collide(s, c, victim, log, 0)
        return
    side = "left" if c.pos.lane <= (LANES + 1) // 2 else "right"
    frm = s.track.name_of(c.pos)
    if s.rules.street_circuit:  # §21 15.2: every edge is a wall
        log.append(ev.Shifted(c.id, "drives its OT on", frm, "-", "into the wall (Optional 15.7.1)"))
        log.append(ev.HitWall(c.id, frm))
        take_damage(s, c, log)
        return
    c.off, c.out_round = side, s.round
    log.append(ev.Shifted(c.id, "drives its OT on", frm, "-", "off track at its lane's end (Optional 15.7.1)"))
    off_track_a(s, c, log, "", 0)
