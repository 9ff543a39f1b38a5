"""A loss of control at the pit entry (digest §16.1; the original's 11.1, "Entering the Pits").

The dice a car owes are rolled on track before it enters the pit lane (:func:`racebook.formulagp.pits.enter`, the
state's ``resume`` is ``pit`` meanwhile). When one of them makes it lose control, the one loss-of-control rule
(:mod:`racebook.formulagp.losscontrol`: counter-steer or spin, the WHITE die's side) applies, and a lane change
toward the pit lane (the track's pit side, :func:`racebook.formulagp.losscontrol.pitting`) is resolved here:

* **a spin** that would shift the car into the pit lane: "you hit the wall and you must immediately draw a DAMAGE
  card and resolve its effects. Then, place your car backwards in the pit lane area and end your turn. During the
  next round, move your car to its pit box and follow the normal pit stop procedures" (:func:`spun_into_pit_lane`);
* **a counter-steer** toward the pit lane: "proceed to the pit box ... Crossing the yellow line unintentionally does
  not result in a penalty" (:func:`steered_into_pit_lane`: the entry of :func:`racebook.formulagp.pitlane.into_pit_lane`
  without the sideways Penalty token; the speed check of a BLUE card or an extension still applies).

A spin or a counter-steer the other way is any loss of control (§18.1): the car spins on track (no entry), or is
counter-steered one lane away from the pit lane (no entry this turn); a collision leaves the initiator on its entry
space pointing forward (N27), and it enters (:func:`racebook.formulagp.pits.after_dice`).

Readings (the source is silent): the spin into the pit lane costs the DAMAGE card the text names and none of a spin's
other effects (no tyre wear, no stress, no Yellow Flag: the car is not on the track); the car is not marked spun (in
the pit lane it moves to its box, §16.2). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.damage import take_damage
from racebook.formulagp.events import spins as sev
from racebook.formulagp.pitlane import into_box, into_pit_lane
from racebook.formulagp.state import Car, RaceState

__all__ = ["spun_into_pit_lane", "steered_into_pit_lane"]


def spun_into_pit_lane(s: RaceState, c: Car, log: EventLog) -> None:
    """§16.1: the spin hits the wall: a DAMAGE card at once; the car is placed backwards in the pit-lane area, its
    turn ends (the pit entry's continuation), and next round it makes its stop from its box."""
    at = s.track.name_of(c.pos)
    log.append(ev.Shifted(c.id, "spins", at, "-", "toward the pit lane: into the wall (§16.1)"))
    take_damage(s, c, log)
    log.append(sev.SpunIntoPitLane(c.id, at))
    into_box(s, c)


def steered_into_pit_lane(s: RaceState, c: Car, log: EventLog) -> None:
    """§16.1: the counter-steer takes the car across the yellow line into the pit lane, with no penalty; it goes on
    to its box (the speed check of a BLUE card or an extension still made)."""
    log.append(sev.SteeredIntoPitLane(c.id, s.track.name_of(c.pos)))
    into_pit_lane(s, c, log, steered=True)
