"""Crossing the finish line (digest §17.1, A6): the lap count, the final round triggered by the race leader on the
final lap, a crossing in the final round. One place for every move that can cross the line: the regular move
(:mod:`racebook.formulagp.moving`), a battle's OT move (:mod:`racebook.formulagp.battles`) and the DRS move
(:mod:`racebook.formulagp.drszone`)."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.state import Car, RaceState


def cross_line(s: RaceState, c: Car, log: EventLog) -> None:
    """``c`` has just crossed the finish line (moved onto the loop's first tile)."""
    c.lap += 1
    log.append(ev.CrossedLine(c.id, c.lap))
    if (s.final_lap and not s.final_round and all(o.lap < c.lap for o in s.cars.values() if o is not c)
            and (s.rules.leader_crossing_in_round_24 or s.flag > s.final_lap_at)):
        # the race leader: the first car over the line on this lap (§17.1); in round 24 itself too (A6)
        s.final_round = True
        log.append(ev.FinalRound(c.id))
    if s.final_round:
        c.crossed_final = True
