"""Entering the pit lane past the shadow car (digest §16.1, §13.1's list of passes without a battle; the original's
11.1: "A car can move onto the pit entry tile and enter the pit lane without a battle even if another car is on the
shadow car").

The track's 'PIT LANE' space of its own (``[pit] pit_lane_from``, ``tracks/formulagp/SCHEMA.md`` "The pit lane";
invented-for-teaching: the source prints no pit-entry diagram) lies where the pit road leaves the pit-side lane at
the back of the pit-entry tile, behind the yellow line, one forward step (1 MP) from the front space of that lane on
the tile before (the teaching circuit: T38.4.2). ``Grey pit`` said there is the car's intention to pit, said before
it enters the pit-entry tile; the step takes it onto the tile and into the pit lane at once
(:func:`racebook.formulagp.pitlane.into_pit_lane`: no yellow line crossed, so no Penalty token; BLUE or an extension
roll the WHITE die; the dice it owes are rolled on track first, where it stands; the leftover MP are lost).

* **The exception to §13.2, for the pitting car alone**: a car on the shadow car does not stop it (a
  :class:`~racebook.formulagp.events.PitEntryPast` event says whom it passed). A car that does not pit is stopped
  by the car on the shadow car as before: its forward step onto the entry tile is a forced stop (``Grey stop``,
  the MP left become OT).
* **A reading, N33** (the source names only the shadow car; house rule ``pit_entry_past_shadow_car_only``, default
  on): any other car in the entry tile's pit-side lane (its spaces behind the shadow car, beside the 'PIT LANE' space)
  holds the lane beside it, and §13.2 stops the pitting car as any step onto that tile would (``pit`` is not listed;
  ``explain`` cites §13.2). Off: the 'PIT LANE' space is not racing lane, no car on the entry tile stops it. Cars
  the move passes freely pass here too (:func:`racebook.formulagp.occupancy.occupants`: race rounds 1–2, spun or
  off-track cars, cars in the pits, a Wheel-to-Wheel pair).
* In the pits the car keeps the space it entered from, as a car entering from the pit-entry tile keeps its own (a
  reading, N34): the driver order counts it beside that tile (§10.2 item 8, N4), the tile before the entry tile.
  Placed on the entry tile instead, it would gain a tile by pitting: the coach of notebook F0, which looks a round
  ahead, then suggested pitting in its 4-round race (``tests/formulagp/test_coach.py``).

Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.occupancy import occupants
from racebook.formulagp.pitlane import into_pit_lane, on_shadow
from racebook.formulagp.rounds import START_ROUNDS
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.trackparts import Pos

__all__ = ["at_approach", "beside", "holders", "can_enter", "enter", "explain"]


def at_approach(s: RaceState, c: Car) -> bool:
    """``c`` is on track on the space one step before the 'PIT LANE' space of its own, with 1 MP to reach it (a
    spun or off-track car rejoins first, §18.2)."""
    p, t = s.track.pit_lane_from, s.turn
    return (p is not None and t is not None and t.mp_left >= 1 and not c.pit and not c.spun and not c.off
            and (c.pos.tile, c.pos.lane, c.pos.space) == (p.tile, p.lane, p.space))


def beside(s: RaceState) -> Pos:
    """The back space of the pit-entry tile's pit-side lane, beside the 'PIT LANE' space of its own (§16.1)."""
    p = s.track.pit_lane_from
    assert p is not None
    return Pos(s.track.pit_entry, p.lane, 0)


def holders(s: RaceState, c: Car) -> list[str]:
    """The cars that hold the pit-entry tile's pit-side lane beside the 'PIT LANE' space, so that §13.2 stops ``c``
    (a reading, above): every car the move would meet in that lane (:func:`racebook.formulagp.occupancy.occupants`)
    except one on the shadow car (§16.1). None in race rounds 1–2 (they pass freely, §13.1)."""
    if s.round <= START_ROUNDS or not s.rules.pit_entry_past_shadow_car_only:  # the switch's other reading
        return []
    lane = beside(s).lane
    held = {(p.tile, p.lane, p.space) for p in occupants(s, c.id, s.track.pit_entry)
            if lane in s.track.double_lanes(p)}
    return sorted(o.id for o in s.cars.values() if o.id != c.id and not o.pit and not on_shadow(s, o)
                  and (o.pos.tile, o.pos.lane, o.pos.space) in held)


def can_enter(s: RaceState, c: Car) -> bool:
    """``pit`` is legal from the space before the 'PIT LANE' space of its own (§16.1)."""
    return at_approach(s, c) and not holders(s, c)


def enter(s: RaceState, c: Car, log: EventLog) -> None:
    """Into the pit lane through the 'PIT LANE' space of its own (§16.1), past a car on the shadow car without a
    battle (:func:`racebook.formulagp.pitlane.into_pit_lane`: no yellow line crossed, the speed check, to the box)."""
    sh = s.track.pit_shadow
    other = next((o for o in s.cars.values() if o.id != c.id and on_shadow(s, o)), None)
    if other is not None and sh is not None:
        log.append(ev.PitEntryPast(c.id, s.track.name_of(c.pos), other.id, s.track.name_of(sh)))
    into_pit_lane(s, c, log)


def explain(s: RaceState, c: Car) -> tuple[str, str] | None:
    """Why ``pit`` is refused on the space before the 'PIT LANE' space of its own; None elsewhere."""
    if not at_approach(s, c):
        return None
    held = holders(s, c)
    return "§13.2", (f"{', '.join(held)} in lane {beside(s).lane} of the pit-entry tile holds the lane beside its "
                     "'PIT LANE' space: only a car on the shadow car is passed into the pit lane without a battle "
                     "(§16.1)")
