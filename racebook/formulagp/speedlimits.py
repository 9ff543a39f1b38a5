"""[ADV] Speed limits by card colour in a race (digest §11.4.2, §19.2, A12; Standing Water §19.8.4): the high-risk
events of the move a car just made, read from the turn (the tiles it left: ``Turn.seen``, the start tile included;
the colour of its movement cards: ``Turn.cards``, an ORANGE card's ``Turn.played_as``). Pure rule:
:mod:`racebook.formulagp.rules.speedlimits`.

Only in the Advanced race (``state.mode.advanced``); BOTs ignore speed limits (§22.9, [BOT 2.1.1]); a move without
movement cards (a push, a spin) checks nothing. The OT move after a battle is part of the same turn and keeps the
turn's movement cards, never the battle cards (§11.4.2). Limits still apply after the finish line (§17.1). The dice
are owed through :func:`racebook.formulagp.aftermove.owed_now` (after the move, or before a battle or the pit entry).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.cardplay import card_colour
from racebook.formulagp.components import Colour
from racebook.formulagp.events.speedlimits import SpeedLimitBroken
from racebook.formulagp.rules import speedlimits as sl
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.state import Car, RaceState, Turn

__all__ = ["colour_of", "left_tiles", "hazards", "would_speed", "announce"]


def colour_of(s: RaceState, cards: tuple[str, ...], played_as: str) -> Colour | None:
    """The speed colour of movement cards (§11.4.2: the cards' colour, not the pace)."""
    colours = [x for x in (card_colour(code) for code in cards) if x is not None]
    return sl.move_colour(colours, Colour(played_as) if played_as else None,
                          orange_as_played=s.rules.orange_limit_as_played)


def _limit(s: RaceState, tile: int) -> sl.Leaving:
    limit = s.track.tiles[tile].speed_limit
    return sl.Leaving(tile, Colour(limit) if limit else None, tile in s.standing_water)


def left_tiles(s: RaceState, c: Car, t: Turn) -> list[sl.Leaving]:
    """The track tiles ``c`` has left this turn, in order (the start tile first), each with its limit (§11.4.2:
    only leaving a tile triggers a limit; the tile the car is on is not left)."""
    tiles = list(dict.fromkeys(x[0] for x in t.seen))
    start = tiles[0] if tiles else None
    out = []
    for i in tiles:
        if i == c.pos.tile or not 0 <= i < len(s.track.tiles):
            continue
        x = _limit(s, i)
        if i == start and x.water and not s.rules.standing_water_from_start:
            x = sl.Leaving(i, x.limit, False)
        out.append(x)
    return out


def hazards(s: RaceState, c: Car, t: Turn) -> list[Hazard]:
    """The speed-limit high-risk events of ``c``'s move so far (§11.4.2, §19.8.4): none in a Standard race or for a
    BOT."""
    if not s.mode.advanced or c.bot or not t.cards:
        return []
    return sl.speeding(left_tiles(s, c, t), colour_of(s, t.cards, t.played_as))


def would_speed(s: RaceState, c: Car, tiles: list[int], cards: tuple[str, ...], played_as: str = "") -> int:
    """How many high-risk events leaving ``tiles`` with ``cards`` would cost (the computer driver's look-ahead, the
    same rule)."""
    if not s.mode.advanced or c.bot:
        return 0
    return len(sl.speeding([_limit(s, i) for i in tiles], colour_of(s, cards, played_as)))


def announce(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The event naming the limits ``c`` broke this move (§11.4.2), unless their dice were rolled before a battle
    (``Turn.dice_done``, §13.2 a); the dice themselves come from :func:`racebook.formulagp.aftermove.owed_now`."""
    if not s.mode.advanced or c.bot or not t.cards:
        return
    done = set(t.dice_done.split(",")) if t.dice_done else set()
    colour = colour_of(s, t.cards, t.played_as)
    if colour is None:
        return
    broke = []
    for x in left_tiles(s, c, t):
        hit = sl.speeding([x], colour)
        names = [("water" if h is Hazard.STANDING_WATER else (x.limit.value if x.limit else "")) for h in hit
                 if h.name.lower() not in done]
        if names:
            broke.append((s.track.tiles[x.tile].id, "+".join(names)))
    if broke:
        log.append(SpeedLimitBroken(c.id, ",".join(b[0] for b in broke), ",".join(b[1] for b in broke),
                                    colour.value))


#: how many MP the computer driver gives up to avoid one speeding event: a RED die is a loss of control one time in
#: three on the placeholder faces (A4), a spin costs about a turn — invented-for-teaching (a driver's taste, no rule)
SPEEDING_MP = 3


def ahead(s: RaceState, c: Car, mp: int) -> list[int]:
    """The tiles ``c`` would leave driving ``mp`` spaces straight on in its lane (a look-ahead: lane changes and
    other cars ignored), its own tile first when it leaves it."""
    track = s.track
    tile, left = c.pos.tile, mp - (len(track.tiles[c.pos.tile].spaces(c.pos.lane)) - 1 - c.pos.space)
    out: list[int] = []
    while left > 0 and len(out) < len(track.tiles):
        out.append(tile)
        tile = track.next_tile(tile)
        left -= max(1, len(track.tiles[tile].spaces(c.pos.lane)))
    return out


def greedy_value(s: RaceState, c: Car, cards: tuple[str, ...], played_as: str, mp: int) -> int:
    """The computer driver's worth of a movement play (agents.Greedy): its MP, less :data:`SPEEDING_MP` for each
    limit it would break on the way (:func:`would_speed`, the rule itself); in a Standard race its MP."""
    if not s.mode.advanced or c.bot:
        return mp
    return mp - SPEEDING_MP * would_speed(s, c, ahead(s, c, mp), cards, played_as)


def leaving_speeds(s: RaceState) -> bool:
    """Whether the car whose turn it is would break its own tile's limit by moving on now (an extension step:
    §11.4.2, only leaving a tile triggers it)."""
    t = s.turn
    if t is None or not s.mode.advanced:
        return False
    c = s.cars[t.car]
    return would_speed(s, c, [c.pos.tile], t.cards, t.played_as) > 0
