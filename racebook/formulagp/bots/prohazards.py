"""[ADV] The Pro BOTs on the Debris, Oil and Standing Water tokens (digest §22.13.9 [BOT 6.9.2]–[BOT 6.9.4],
§22.13.1, §22.13.2, §22.13.3; the original's text agrees with the digest): rules, not an agent, run from the BOT turn
engine (:mod:`racebook.formulagp.bots.rookie`, one-line hooks) and the players' hazard hooks
(:data:`racebook.formulagp.debrisoil.BOT_RULES`), with the players' tokens (:mod:`racebook.formulagp.hazardtokens`,
the Standing Water of :mod:`racebook.formulagp.weather`), the Pro's damage (:func:`racebook.formulagp.bots.pro.damage`)
and its RED die (:func:`racebook.formulagp.bots.pro.red_die`) called, not copied. Rookies ignore all of them.

* **Debris** ([BOT 6.9.2]): "If a Pro BOT moves onto a track tile with a Debris token, it will use its next movement
  point to make a single lane change in the direction of the yellow arrow on its TACTICS card. If it does, nothing
  happens … but will remain in the new lane until it completes its movement". :func:`debris_step`, before its lane
  choice on the step after it entered the tile: the lane beside toward its card's yellow arrow when that step is
  free (then its lane preference is spent for the turn); else it drives on. The judgment is the players' one
  (:func:`racebook.formulagp.debrisoil.changed_lanes_on`) when it leaves the tile or stops on it (:func:`met`,
  through ``BOT_RULES``): no lane change on the tile ("out of movement points … or cannot make the lane change for
  any reason") → damage by the WHITE die (§22.13.3); a stop on the tile removes the token either way (reading
  **N-P12**: "out of movement points and stops on that tile" is a Pro that entered it with its last MP, so had none
  for the change; one that changed lanes and then stops there takes no damage).
* **Oil** ([BOT 6.9.3]): driving through does nothing; a stop on the tile → the Pro loss-of-control procedure (the
  RED die, §22.13.1–§22.13.2), the token removed (:func:`stopped`).
* **Standing Water** ([BOT 6.9.4]): a stop → the same RED die, the token removed only when it is not raining
  (:func:`racebook.formulagp.weather.triggered`, the players' removal); driving through → "after completing the
  initial movement, reduce its movement points by the same number as standing water tokens it moved through. Then,
  apply the corner movement bonus" (:func:`water_through`; reading **N-P11**: it goes back that many spaces along its
  lane on its tile, as the red corner modifier does, N-P1, :func:`racebook.formulagp.bots.pro.back`).

Which tiles (A44, as the players'): the tiles a move enters, the one it stops on included; a move that never leaves
its start tile stops on nothing. Tokens in a Yellow Flag zone or under the Safety Car do nothing (§19.3.1, §19.4.2).
A Pro BOT that has spun or gone off track this move (a TACTICS hazard before) rolls no second RED die for the tile it
stops on (reading N-P13: one loss of control a move). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import debrisoil, weather
from racebook.formulagp import hazardtokens as ht
from racebook.formulagp.actions import To
from racebook.formulagp.bots import pro
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.flags import in_zone
from racebook.formulagp.losscontrol import passable
from racebook.formulagp.moving import apply_move
from racebook.formulagp.state import Car, RaceState, Turn
from racebook.formulagp.trackparts import Pos
from racebook.formulagp.trackparts import Turn as Side

__all__ = ["debris_step", "met", "stopped", "water_live", "water_through"]


def water_live(s: RaceState, tile: int) -> bool:
    """A Standing Water token that acts on ``tile``: no Safety Car, not in a Yellow Flag zone (§19.3.1, §19.4.2)."""
    return tile in s.standing_water and s.sc_tile < 0 and not in_zone(s, tile)


def _entered(t: Turn, c: Car) -> bool:
    """``c``'s last step took it onto the tile it is on (the step before is on another tile)."""
    return bool(t.seen) and t.seen[-1][0] != c.pos.tile


def debris_step(s: RaceState, c: Car, free: list[Pos], log: EventLog) -> bool:
    """[BOT 6.9.2]: a Pro BOT that has just driven onto a live Debris tile uses its next MP for a single lane change
    toward its TACTICS card's yellow arrow, when that space is a free step. True: it changed lanes (its lane
    preference is spent: it stays in the new lane)."""
    t = s.turn
    tile = c.pos.tile
    if (t is None or c.bot != pro.PRO or passable(c) or not _entered(t, c) or not ht.live(s, "debris", tile)
            or debrisoil.changed_lanes_on(t, c, tile)):
        return False
    covered = s.track.double_lanes(c.pos)
    right = pro.lanes_card(s, c.id).yellow is Side.RIGHT
    lane = max(covered) + 1 if right else min(covered) - 1
    step = next((p for p in free if p.tile == tile and p.lane == lane), None)
    name, way = s.track.tiles[tile].id, "right" if right else "left"
    if step is None:
        log.append(hzev.ProDebris(c.id, "enters", name, f"no lane change toward its yellow arrow ({way}) is free"))
        return False
    log.append(hzev.ProDebris(c.id, "enters", name, f"its next MP for a single lane change toward its yellow arrow, "
                                                    f"lane {c.pos.lane} → {lane}: avoided"))
    apply_move(s, To(c.id, s.track.name_of(step)), log)
    return True


def met(s: RaceState, c: Car, kind: str, tile: int, how: str, log: EventLog) -> None:
    """The players' hazard hook for a Pro BOT (``debrisoil.BOT_RULES``): leaving (``how`` "drives through") or
    stopping on (``how`` "stops on") a live Debris tile it entered — no lane change on the tile → damage by the WHITE
    die (§22.13.3); a stop removes the token. Oil driven onto does nothing ([BOT 6.9.3]: only a stop counts,
    :func:`stopped`)."""
    t = s.turn
    if kind != "debris" or t is None:
        return
    name = s.track.tiles[tile].id
    hit = not debrisoil.changed_lanes_on(t, c, tile)
    if how == "stops on":
        ht.remove(s, "debris", tile)
    if hit or how == "stops on":
        what = ("no lane change on the tile: damage" if hit else "it changed lanes on the tile: no damage")
        log.append(hzev.ProDebris(c.id, how, name, what + (", the token is removed" if how == "stops on" else "")))
    if hit:
        pro.damage(s, c, log)


def water_through(s: RaceState, c: Car, log: EventLog) -> None:
    """[BOT 6.9.4] after the initial move, before the corner modifier: the Standing Water tiles it drove through
    (entered and left this move) take that many MP off — back that many spaces (N-P11)."""
    t = s.turn
    if t is None or c.bot != pro.PRO or c.pit or passable(c) or not t.seen or not s.standing_water:
        return
    start = t.seen[0][0]
    tiles = [x for x in dict.fromkeys(x[0] for x in t.seen) if x not in (start, c.pos.tile) and water_live(s, x)]
    if not tiles:
        return
    moved = pro.back(s, c, len(tiles))
    log.append(hzev.ProStandingWater(c.id, len(tiles), ",".join(s.track.tiles[x].id for x in tiles), moved,
                                     s.track.name_of(c.pos)))


def stopped(s: RaceState, c: Car, log: EventLog) -> None:
    """[BOT 6.9.3], [BOT 6.9.4], §22.13.1: the Pro BOT's move is over (the corner modifier and the TACTICS hazards
    done, before its own attack): on a live Oil tile it entered, the token is removed and the RED die rolled; on a
    live Standing Water tile, the RED die, the token removed only when it is not raining."""
    t = s.turn
    if t is None or c.bot != pro.PRO or c.pit or passable(c) or not t.seen:
        return
    tile = c.pos.tile
    if tile == t.seen[0][0]:  # it never left its start tile (A44)
        return
    name = s.track.tiles[tile].id
    if ht.live(s, "oil", tile):
        ht.remove(s, "oil", tile)
        log.append(hzev.ProStopsOn(c.id, "Oil", name, "the token is removed"))
        pro.red_die(s, c, "-", "oil", "a stop on Oil (§22.13.9, §22.13.2)", log, cause=f"a stop on the Oil of {name}")
        return
    if water_live(s, tile):
        raining = weather.wet(s)
        log.append(hzev.ProStopsOn(c.id, "Standing Water", name,
                                   "the token stays (it is raining)" if raining else "the token is removed (the rain "
                                   "has stopped)", "§22.13.9 [BOT 6.9.4]"))
        weather.triggered(s, tile, log)
        pro.red_die(s, c, "-", "standing-water", "a stop on Standing Water (§22.13.9, §22.13.2)", log,
                    cause=f"a stop on the Standing Water of {name}")


debrisoil.BOT_RULES[pro.PRO] = met  # the players' Debris / Oil hooks call the Pro BOT's rule (§22.13.9)
