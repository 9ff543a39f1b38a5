"""The Optional New Overtake Mode (digest §21 15.13, §11.6, §8.2, §13.2; the original's 15.13), the house-rule switch
``new_overtake_mode`` (off by default: an optional rule is agreed before play).

"The new Formula racing regulations no longer include DRS, but the DRS zone can still be used in the game as the
control point for the Overtake Mode. Use only one DRS zone (on the main straight)." With the switch on:

* no DRS catch-up move anywhere (:func:`after_move` replaces :func:`racebook.formulagp.drszone.after_move`);
* the control point is the track's ``overtake_zone`` (SCHEMA.md: the file names it, or its only DRS zone; the engine
  does not guess which zone is on the main straight);
* a car **enters** the zone when its move starts outside it and drives onto one of its tiles. It is checked when all
  its movement is done, where DRS would act, and only where DRS could (not in race rounds 1–2, under the Safety Car
  or the VSC, in a Yellow Flag zone: :func:`racebook.formulagp.drszone.inactive`);
* it **catches** an opponent when it ends that move in the zone behind a car of the same lapping status also in the
  zone (the DRS catch, :func:`racebook.formulagp.rules.drs.caught`): the tiles from its tile to that car's, that
  tile included, are banked as OT up to its maximum; an entry that catches nobody (driven through, or nobody ahead
  in it) sets the bank to 0 ("the OT charge is reset each time you enter the DRS zone");
* the bank (``Car.ot_bank``, notation ``otb=``) stays on the OT track from turn to turn (§8.2: OT otherwise drops to
  0 at the turn's end, :func:`racebook.formulagp.rounds.end_turn`); normal charging adds to it up to the maximum; a
  battle the car declares uses it (:func:`spend`: once, it does not regenerate); declining a battle keeps it.

Players only: Rookie BOTs battle by their BATTLE cards (§22.10) and bank nothing. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import drszone
from racebook.formulagp.events import overtakemode as oev
from racebook.formulagp.rules.drs import DrsCar, caught
from racebook.formulagp.state import Car, RaceState, Turn

__all__ = ["after_move", "entered", "spend"]


def after_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """When ``c``'s movement is done: the DRS catch-up move (§11.6), or with the New Overtake Mode its control
    point (§21 15.13)."""
    if not s.rules.new_overtake_mode:
        drszone.after_move(s, c, t, log)
        return
    zone = s.track.overtake_zone
    if not zone or c.bot or drszone.inactive(s, c) or not entered(s, c, t, zone):
        return
    got = None
    if s.track.tiles[c.pos.tile].drs == zone:
        got = caught(s.track, c.id, {o.id: DrsCar(o.pos, drszone.lapping_status(s, o)) for o in s.cars.values()})
    tiles, who = got if got else (0, "-")
    was, c.ot_bank = c.ot_bank, min(tiles, s.board.ot_max)
    log.append(oev.OvertakeBankSet(c.id, zone, who, tiles, c.ot_bank, was))


def entered(s: RaceState, c: Car, t: Turn, zone: str) -> bool:
    """``c``'s move started outside ``zone`` and drove onto one of its tiles (§21 15.13: "each time you enter")."""
    tiles = [x[0] for x in t.seen] + [c.pos.tile]
    return s.track.tiles[tiles[0]].drs != zone and any(s.track.tiles[i].drs == zone for i in tiles)


def spend(s: RaceState, c: Car, log: EventLog) -> Car:
    """``c`` declares a battle: its banked OT goes into it, once (§21 15.13); returns ``c``."""
    if c.ot_bank:
        log.append(oev.OvertakeBankUsed(c.id, c.ot_bank))
        c.ot_bank = 0
    return c
