"""Race round 1 after qualifying, and the pit-lane start (digest §9.3, §9.4 item 1, §9.5 item 6, §9.6; A7): what the
round (:mod:`racebook.formulagp.rounds`) asks at race round 1 and of a pit-lane starter, below qualifying
(:mod:`racebook.formulagp.qualify`, which calls the round back) so the round imports it at the top.

Race round 1's cards (§9.4 item 1, §9.6 "use the cards left over from qualifying"): nobody draws; the pole looks at
the top three cards of its deck, keeps one and puts the other two on top or at the bottom, in any order. A car with
no movement card left is **stuck in neutral** (§9.3): it draws one card at a time, discarding each that is not a
playable movement card, and moves after all other cars in round 1.

A car that crashed starts from the pit lane (§9.3): it skips the rounds before its start round, then moves after
every car on track has moved — in round 3 by default, in round 2 with the house rule ``pit_lane_start_round = 2``
(A7) — in 2nd gear, with one GREEN, RED, BLUE or ORANGE card (no pair), forward without crossing the yellow line
(no lateral step on the pit-exit tile). Until then it takes no turn and no other car meets it on track. The pit lane
is not a space of the circuit's notation yet: the car waits on the pit-side lane's last space of the pit-exit tile
(the space beside the 'Pit Lane' space of the exit), which no other car treats as occupied, and joins on lap 1 (the
pit lane passes the finish line, §2.5). A car standing on that space when the starter's turn comes (another starter
that could not move on, under the Virtual Safety Car say) keeps it in the pit lane a round more (:func:`blocker`).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.cardplay import plays
from racebook.formulagp.state import Car, Phase, RaceState, Turn
from racebook.formulagp.track import LANES
from racebook.formulagp.trackparts import Pos
from racebook.formulagp.trackparts import Turn as Side

POLE_LOOK = 3  # §9.4 item 1: the pole draws three cards and keeps one


# ------------------------------------------------------------------ race round 1's cards (§9.4 item 1, §9.3)
def round_one_cards(s: RaceState, log: EventLog) -> bool:
    """§9.4 item 1, §9.6: nobody draws in race round 1 (the cards left from qualifying); the pole's bonus card.
    Returns whether the pole decides first (its bonus card, :mod:`racebook.formulagp.qualify`); if not, the movement
    phase begins (the round's, :func:`racebook.formulagp.rounds.begin_movement_phase`)."""
    for c in s.cars.values():
        c.drawn, c.returned = [], True
    s.turn = None
    on_grid = starters(s)
    n = min(POLE_LOOK, len(s.cars[on_grid[0]].deck.pile)) if on_grid else 0
    if n:
        s.pole_bonus = on_grid[0]
        s.phase = Phase.QUALIFY
        log.append(ev.PoleBonus(on_grid[0], n))
        return True
    return False


def unstick(s: RaceState, c: Car, log: EventLog) -> bool:
    """§9.3, stuck in neutral: a car of a race with qualifying that holds no playable movement card at race round
    1's start draws one card at a time, discarding each that is not one, until it draws one; it moves after all
    other cars this round. Returns whether the car was stuck."""
    if not s.qualifying or plays(s, c):
        return False
    c.neutral = True
    for _ in range(200):
        code = c.deck.draw(s.rng)
        if code is None:
            break
        c.hand.append(code)
        if plays(s, c):
            log.append(ev.StuckInNeutral(c.id, code, ", a movement card"))
            break
        c.hand.remove(code)
        c.deck.discard(code)
        log.append(ev.StuckInNeutral(c.id, code, " and discards it"))
    return True


def stuck(s: RaceState) -> tuple[str, ...]:
    """The cars stuck in neutral this round (round 1 only)."""
    return tuple(car for car in s.grid if s.cars[car].neutral) if s.round == 1 else ()


# ------------------------------------------------------------------ the pit-lane start (§9.3, §9.5 item 6, A7)
def starters(s: RaceState) -> tuple[str, ...]:
    """The grid without the cars waiting in the pit lane: who seals race round 1's start cards."""
    return tuple(car for car in s.grid if not s.cars[car].pit_start)


def pit_lane_space(s: RaceState) -> Pos:
    """Where a pit-lane starter waits: the last space of the pit-side lane of the pit-exit tile (beside the exit's
    'Pit Lane' space; the circuit's notation has no pit-lane space yet)."""
    tile = s.track.tiles[s.track.pit_exit]
    lanes = range(LANES, 0, -1) if s.track.pit_side is Side.RIGHT else range(1, LANES + 1)
    lane = next(ln for ln in lanes if tile.racing(ln))
    return Pos(tile.index, lane, len(tile.spaces(lane)) - 1)


def joiners(s: RaceState) -> tuple[str, ...]:
    """The pit-lane starters that move this round, after every car on track (§9.3, §9.5 item 6), in grid order; one
    whose start round was cut short by a Safety Car before it moved (§19.4.2 step 2: the turn is lost) joins next."""
    return tuple(car for car in s.grid if 0 < s.cars[car].pit_start <= s.round)


def blocker(s: RaceState, c: Car) -> str:
    """The car on track standing where pit-lane starter ``c`` would join (§9.3, §16.5), or "" when the way is free."""
    w = pit_lane_space(s)
    return next((o.id for o in s.cars.values() if o.id != c.id and not (o.off or o.pit or o.pit_start)
                 and (o.pos.tile, o.pos.lane, o.pos.space) == (w.tile, w.lane, w.space)), "")


def wait_blocked(s: RaceState, c: Car, other: str, log: EventLog) -> None:
    """The starter cannot leave the pit lane this round: it starts next round (its turn ends)."""
    c.pit_start = s.round + 1
    log.append(ev.PitLaneExitBlocked(c.id, other, s.track.name_of(pit_lane_space(s)), c.pit_start))


def join(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """The pit-lane starter's first turn (§9.3, §16.5): on track at the exit, lap 1 (the pit lane runs past the
    finish line), 2nd gear, no pair, no lateral step on the pit-exit tile."""
    c.pit_start = 0
    c.pos = pit_lane_space(s)
    c.lap = max(c.lap, 1)
    t.pit_exit = True
    log.append(ev.PitLaneJoined(c.id, s.track.name_of(c.pos), c.lap))

