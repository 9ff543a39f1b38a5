"""[ADV] What a car meets on a Debris or an Oil tile (digest §19.8, §19.8.2, §19.8.3, §18.1, §18.4, A44; the
original's 13.13, 13.13.2, 13.13.3), the move's hooks (:mod:`racebook.formulagp.raceevents`: :func:`after_step`,
:func:`end_of_move`). The tokens themselves are :mod:`racebook.formulagp.hazardtokens`.

* **Debris** (§19.8.2): a car that drives through or stops on a Debris tile must change lanes, one or more, while on
  that tile; then nothing happens and the token stays. A car that did not (a BLUE card, blocked, out of MP, …) takes
  damage — a DAMAGE card (§18.4: at most one damage a round) — and the token leaves the track. The engine judges it
  when the car leaves the tile (:func:`after_step`) or ends its move on it (:func:`end_of_move`), from the spaces
  the car drove on that tile this turn (``Turn.seen``): two lanes among them is a lane change on the tile.
* **Oil** (§19.8.3): a car that drives onto an Oil tile must spend one Counter-steer card to avoid it; then nothing
  happens and the token stays. A car that does not hits the oil: it loses control and spins (§18.1 Spin, no
  counter-steer), the token leaves the track, and its move ends there (a reading: a spun car moves no more this
  turn, §18.2). A driver holding a Counter-steer card decides (the CONTROL phase, ``countersteer <card>`` or
  ``spin``, :func:`racebook.formulagp.losscontrol.oil_decided`); one without spins at once.
* **Which tiles** (A44): the tiles a car *enters* during its move, the one it stops on included; the tile a move
  starts from only bans pairs (:func:`racebook.formulagp.hazardtokens.pair_ban`). A token in a Yellow Flag zone or
  under the Safety Car does nothing (§19.3.1, §19.4.2).
* **BOTs** (§22.13.9, [BOT 6.9.2–6.9.3]): Rookie BOTs are not affected. The Pro BOTs' rules (a single lane change
  toward the TACTICS card's arrow, the WHITE die's damage; the RED die on a stop on Oil) are the Pro BOT engine's
  (:mod:`racebook.formulagp.bots.prohazards`): it fills :data:`BOT_RULES` with its kind (``Car.bot``); a BOT whose
  kind is not there ignores the tokens.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.log import EventLog
from racebook.formulagp import hazardtokens as ht
from racebook.formulagp.damage import take_damage
from racebook.formulagp.events import hazardtokens as hev
from racebook.formulagp.losscontrol import hit_oil, pause, steer_cards
from racebook.formulagp.state import Car, RaceState, Resume, Turn
from racebook.formulagp.trackparts import Pos

__all__ = ["BOT_RULES", "after_step", "end_of_move", "changed_lanes_on"]

#: the BOT engines' own hazard rules (§22.13.9): ``Car.bot`` -> rule(state, car, kind, tile, how, log), called when a
#: BOT of that kind drives onto (``how`` "enters") or stops on (``how`` "stops on") a live Debris or Oil tile. Empty
#: here: a Rookie is not affected ([BOT 6.9.2], [BOT 6.9.3]); the Pro BOT engine adds its kind.
BOT_RULES: dict[str, Callable[[RaceState, Car, str, int, str, EventLog], None]] = {}


def changed_lanes_on(t: Turn, c: Car, tile: int) -> bool:
    """``c`` changed lanes on ``tile`` this turn: the spaces it drove on that tile (and the one it is on) span two
    lanes or more (§19.8.2: "Shift one or more lanes … while on the same track tile")."""
    lanes = {lane for (x, lane, _) in t.seen if x == tile}
    if c.pos.tile == tile:
        lanes.add(c.pos.lane)
    return len(lanes) > 1


def _start_tile(t: Turn) -> int:
    return t.seen[0][0] if t.seen else -1


def _bot(s: RaceState, c: Car, kind: str, tile: int, how: str, log: EventLog) -> bool:
    """A BOT: its engine's rule, if any (True: handled, or not affected)."""
    if not c.bot:
        return False
    rule = BOT_RULES.get(c.bot)
    if rule is not None:
        rule(s, c, kind, tile, how, log)
    return True


def _debris(s: RaceState, c: Car, t: Turn, tile: int, how: str, log: EventLog) -> None:
    """Judge the Debris tile ``tile`` that ``c`` drove through or stopped on (§19.8.2)."""
    if not ht.live(s, "debris", tile) or tile == _start_tile(t) or _bot(s, c, "debris", tile, how, log):
        return
    name = s.track.tiles[tile].id
    if changed_lanes_on(t, c, tile):
        log.append(hev.DebrisMet(c.id, how, name, "it changed lanes on the tile: avoided, the token stays"))
        return
    log.append(hev.DebrisMet(c.id, how, name, "no lane change on the tile: damage (a DAMAGE card), the token is "
                                              "removed"))
    take_damage(s, c, log)
    ht.remove(s, "debris", tile)


def _oil(s: RaceState, c: Car, t: Turn, tile: int, log: EventLog) -> None:
    """``c`` drives onto the Oil tile ``tile`` (§19.8.3): a Counter-steer card to spend, or the oil."""
    if not ht.live(s, "oil", tile) or _bot(s, c, "oil", tile, "enters", log):
        return
    if steer_cards(s, c):
        s.pending.append(f"{c.id}:oil:-:0")  # the driver decides: countersteer <card> or spin (losscontrol)
        pause(s, Resume.MOVE)
        return
    hit_oil(s, c, log)
    pause(s, Resume.MOVE)  # a collision's loss of control may wait for another driver


def after_step(s: RaceState, c: Car, t: Turn, frm: Pos, to: Pos, log: EventLog) -> None:
    """A step onto another tile: the Debris tile left is judged; an Oil tile entered asks for a Counter-steer card."""
    if to.tile == frm.tile or not (s.debris or s.oil):
        return
    if frm.tile in s.debris:
        _debris(s, c, t, frm.tile, "drives through", log)
    if to.tile in s.oil and not c.spun:
        _oil(s, c, t, to.tile, log)


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The move is over: a car that ends it on a Debris tile it drove onto is judged there (§19.8.2)."""
    if c.pos.tile in s.debris and not c.off and not c.pit:
        _debris(s, c, t, c.pos.tile, "stops on", log)
