"""A Rookie BOT's stop (digest §22.10.2, §22.10.4; [BOT 3.2.1], [BOT 3.3]): the move ends with MP left unused, kept
for the BOT's attack (an attack from the opponent's lane needs 1 MP, §22.10.2). Used by the BOT engine
(:mod:`racebook.formulagp.bots.rookie`) and by the movement rules every car uses (:mod:`racebook.formulagp.moving`:
a BOT entering the Slipstream shadow behind a car stops there). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.bots import events as bev
from racebook.formulagp.state import Car, RaceState, Turn

__all__ = ["stop", "stop_in_slipstream"]


def stop(s: RaceState, c: Car, t: Turn, log: EventLog, why: str) -> None:
    """The BOT stops where it is (§22.10.2): its MP left are not turned into OT, but kept for its attack."""
    log.append(bev.BotStopped(c.id, s.track.name_of(c.pos), t.mp_left, why))
    s.bots.left = t.mp_left  # the MP it stopped with: an attack from the opponent's lane needs 1 (§22.10.2)
    t.mp_left, t.stopped = 0, True


def stop_in_slipstream(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """A BOT that moves into the Slipstream shadow behind a car stops there, in position to attack (§22.10.4,
    [BOT 3.3]); it takes no OT from its MP (its OT will come from a BATTLE card, at least 2 from here)."""
    stop(s, c, t, log, ", in the Slipstream space behind a car: in position to attack")
