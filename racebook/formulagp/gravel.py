"""Gravel tokens (digest §19.8, §19.8.1, A18, A44), the Standard game's hazard.

A token covers its whole tile. A car that drives through a Gravel tile (enters it during its move, the tile it stops
on included, A44) with a RED or BLUE move takes +1 tyre wear (an ORANGE card counts as the colour it was played as; a
GREEN move: nothing). A car that ends its move on it loses grip: the token leaves the track and goes over its Tyre
Bonus; its next move has no tyre bonus and no pairs; after that move the token is discarded. A18
(``gravel_removal``): by default the token stays when driven through; ``triggered`` removes it once any car drives
through too. Hazards are off in a Yellow Flag zone (§19.3.1) and the Safety Car clears them (§19.4.2).

:func:`place` is what a card that asks for a Gravel token calls (the RISK and DAMAGE decks are not built here).
Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.flags import in_zone
from racebook.formulagp.options import GravelRemoval
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.state import Car, RaceState, Turn
from racebook.formulagp.tyrewear import wear_by

__all__ = ["place", "entered", "end_of_move", "live"]


def place(s: RaceState, tile: int, log: EventLog) -> None:
    """A Gravel token on ``tile`` (one per tile; none while the Safety Car is out, §19.4.2)."""
    if tile in s.gravel or s.sc_tile >= 0:
        return
    s.gravel += (tile,)
    log.append(ev.GravelPlaced(s.track.tiles[tile].id))


def live(s: RaceState, tile: int) -> bool:
    """A Gravel token that acts: on the tile, not in a Yellow Flag zone, no Safety Car (§19.3.1, §19.4.2)."""
    return tile in s.gravel and s.sc_tile < 0 and not in_zone(s, tile)


def entered(s: RaceState, c: Car, t: Turn, tile: int, log: EventLog) -> None:
    """``c`` drives onto Gravel tile ``tile`` (§19.8.1): +1 wear with a RED or BLUE move."""
    if not live(s, tile) or c.bot:  # [BOT 6.9.1]: Rookie BOTs are not affected by Gravel tokens (§22.13.9)
        return
    hard = t.pace in ("red", "blue")
    if hard:
        wear_by(s, c, 1, log)  # §14.1: the icons reached
    log.append(ev.GravelHit(c.id, "drives through", s.track.tiles[tile].id,
                            f"tyre wear +1 ({t.pace} pace), now {c.wear}" if hard else "GREEN pace: nothing"))


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """After ``c``'s move: the Gravel token over its Tyre Bonus is discarded; a car ending on Gravel takes it
    (§19.8.1; removed on a stop under either reading of A18); with A18 ``triggered`` the tokens of the other tiles
    it drove through leave the track too. A Rookie BOT is not affected and removes no token ([BOT 6.9.1], §22.13.9);
    a Pro BOT's Gravel: :func:`racebook.formulagp.bots.pro.gravel`."""
    if c.bot:
        if c.bot == "pro":
            HOOKS.gravel(s, c, t, log, live)  # bots.pro.gravel (the BOT engine imports the race events)
        return
    if c.gravel:
        c.gravel = False
        log.append(ev.GravelHit(c.id, "has moved after", "its Tyre Bonus", "the Gravel token is discarded"))
    tile = c.pos.tile
    if live(s, tile):
        s.gravel = tuple(x for x in s.gravel if x != tile)
        c.gravel = True
        log.append(ev.GravelHit(c.id, "ends its move on", s.track.tiles[tile].id,
                                "the token goes over its Tyre Bonus: next move no tyre bonus and no pairs"))
    if s.rules.gravel_removal is GravelRemoval.TRIGGERED and t.seen:
        start = t.seen[0][0]
        through = {x[0] for x in t.seen} - {start}
        s.gravel = tuple(x for x in s.gravel if x not in through or not live(s, x))
