"""Moving a driver's Stress token (digest §15): the race leader never on the Focus space (A43), stress beyond the
Stressed space owing RED dice at once (A8). One place for every mechanic that changes stress — the end of a move
(:mod:`racebook.formulagp.aftermove`), the dice and RISK cards (:mod:`racebook.formulagp.losscontrol`), battles, EVENT
cards. Standard library only."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.rules.order import Runner, leader
from racebook.formulagp.rules.stress import Stress, change_stress
from racebook.formulagp.state import Car, RaceState

__all__ = ["is_leader", "stress_by"]


def is_leader(s: RaceState, c: Car) -> bool:
    """The race leader (§15: never on the Focus space): the car farthest round, by laps then tiles (§10.2)."""
    return leader(s.track, [Runner(o.id, o.pos, o.lap) for o in s.cars.values()]).car == c.id


def stress_by(s: RaceState, c: Car, delta: int, log: EventLog) -> int:
    """Move the Stress token (§15); returns the RED dice owed at once for stress beyond the Stressed space. A Rookie
    BOT takes no stress (W2W included, §22.10.4) and never rolls the RED die (§22.13.1)."""
    if c.bot:
        return 0
    got = change_stress(Stress(c.stress), delta, leader=is_leader(s, c))
    c.stress = int(got.stress)
    log.append(ev.StressMoved(c.id, delta, got.stress.name.lower(), got.red_dice))
    return got.red_dice
