"""The Red Flag and the restart (digest §19.6, A30).

:func:`red_flag` is called by the 'Safety Car' EVENT card's WHITE die (:func:`racebook.formulagp.safetycar.event_card`)
and by the loss-of-control rules when a tile is entirely blocked by spun cars. Every car stops at once: the driver
moving ends its move, the drivers still to move lose their turn (the round is over). The cars line up on the starting
grid in the driver sequence of the moment, a car in the pit lane by the tile it is on, behind the on-track cars of
that tile (:func:`racebook.formulagp.rules.order.red_flag_grid`, Example 24); stress goes to the middle and ERS to the
maximum; every token leaves the track and the Safety Car comes in. A car keeps its lapping status: its lap count is
set to the leader's minus its Blue Flags, so the grid keeps the race's lap order. At the end of the round the
Chequered Flag moves one space and the race restarts (A30, ``red_flag_restart``): by default with race round 1's
rules (no draw phase, hands kept; sealed start cards in 2nd gear, the order by their LEDs), then race round 2's — the
round counter starts again at 1, so every race-start rule applies unchanged; ``normal``: a normal round from the grid.

Not modelled: changing tyres and repairing damage on the grid (§19.6 step 2; tyres and damage are not built), and
removing the 'Safety Car' EVENT card from the deck (step 5; the EVENT deck is not built). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.options import RedFlagRestart
from racebook.formulagp.rules.order import Place, Runner, driver_order, red_flag_grid
from racebook.formulagp.safetycar import clear_track, end_round_now
from racebook.formulagp.state import Car, RaceState

__all__ = ["red_flag", "round_end", "place_of"]


def place_of(s: RaceState, c: Car) -> Place:
    """Where a car is for the Red Flag grid: on track, or in the pit lane beside its tile (§19.6 item 1): the pit rules'
    status (:mod:`racebook.formulagp.pits`: in its box, or on the pit-exit space; a car in its box is beside the
    pit-entry tile)."""
    return Place.PIT_LANE if c.pit else Place.TRACK


def red_flag(s: RaceState, log: EventLog, cause: str) -> None:
    """Show the Red Flag (§19.6 steps 1–4): every car on the grid in the sequence of the moment."""
    if s.finished or s.restart:
        return
    runners = [Runner(c.id, c.pos, c.lap, place_of(s, c), blue_flags=c.blue) for c in s.cars.values()]
    sequence = [slot.car for slot in driver_order(s.track, runners)]
    grid = red_flag_grid(s.track, sequence, runners)
    lead_lap = s.cars[sequence[0]].lap
    for place, car in enumerate(grid):
        c = s.cars[car]
        c.pos = s.track.grid[place]
        c.lap = lead_lap - c.blue
        c.stress, c.ers, c.ot, c.gravel = 1, s.board.ers_max, 0, False
        c.pit, c.pit_hold, c.pit_second = "", 0, False  # a pit-lane car too: on the grid, its stop over
    end_round_now(s)
    if s.turn is not None:  # the driver moving stops at once
        s.turn.mp_left, s.turn.stopped = 0, True
    clear_track(s)
    s.sc_tile, s.sc_until = -1, 0
    s.grid = grid
    s.restart = True
    log.append(ev.RedFlag(cause, grid, "race round 1's rules, then round 2's" if
                          s.rules.red_flag_restart is RedFlagRestart.RACE_START else "a normal round"))


def round_end(s: RaceState, log: EventLog) -> None:
    """The restart at the end of the Red Flag's round (§19.6 step 6): the Chequered Flag one space on, then the race
    start procedure (A30)."""
    if not s.restart:
        return
    s.restart = False
    if s.rules.red_flag_restart is RedFlagRestart.RACE_START:
        s.flag += 1  # round 1 does not advance the flag itself (§4.2)
        s.round = 0
        s.skip_draw = True
