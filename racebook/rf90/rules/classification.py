"""The classification (§25): the order of every car, 1st to last — one implementation for the whole engine.

§25 names the winner (the Leader token: most laps, frontmost) and ranks cars finishing in the same section by their
order within it; for the other places the digest's interpretation is the race order: laps (lap tokens), then
section, then the order inside the section (:meth:`racebook.rf90.state.RaceState.key`, AMB-25). Two cases that
order leaves out get a documented place:

* a car **waiting at a re-entry point** (§18.5) counts behind every car of its re-entry section — where it would
  re-enter, "behind all other cars" — which is also how §21.2 treats off-track cars when the Safety Car comes out;
  several such cars beside the same section keep the order of the race's car list;
* **retired** (§18.6) and out-of-fuel (§13.A.3) cars come after every car still in the race, the last one out first
  (given by ``retired``, the cars in the order they left); cars that are neither (none in a real race) come last,
  by name.

Users: the Safety Car's realignment queue and pit window (§21.1, §21.2: ``in_race_only``), the finish
(:class:`racebook.rf90.events.RaceFinished`, §25), the full-race standings (racebook.rf90.ui.fullrace), the
experiments' finishing positions (racebook.rf90.analysis.experiments) and ``simulate``'s race order
(racebook.rf90.analysis.simulate).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from racebook.rf90.car import Status
from racebook.rf90.events import Event, Retired
from racebook.rf90.state import RaceState


def retired_order(events: Iterable[Event]) -> list[str]:
    """The cars that retired (§18.6) or ran out of fuel (§13.A.3), in the order they left, from a race's log."""
    return [e.car for e in events if isinstance(e, Retired)]


def classification(state: RaceState, retired: Sequence[str] = (), *, in_race_only: bool = False) -> list[str]:
    """Every car, 1st to last (§25; §18.5 and §21.2 for cars at a re-entry point; see the module docstring).

    ``retired``: the cars out of the race in the order they left (:func:`retired_order`); ``in_race_only``: only the
    cars still in the race (racing, on the track or at a re-entry point) — the Safety Car's queue (§21.2)."""
    behind_all = -len(state.cars) - 1  # after every place in a section's order list

    def key(car_id: str) -> tuple[int, int, int]:
        car = state.cars[car_id]
        if car.off_track is not None:  # §18.5, §21.2: behind every car of the re-entry section
            return (car.lap, state.section(car.off_track).index, behind_all)
        return state.key(car_id)

    in_race = sorted((c.id for c in state.cars.values()
                      if c.status is Status.RACING and (c.section or c.off_track is not None)),
                     key=key, reverse=True)  # a stable sort: equal keys keep the car list's order
    if in_race_only:
        return in_race
    gone = [c for c in dict.fromkeys(reversed(retired)) if c in state.cars and c not in in_race]
    rest = sorted(c for c in state.cars if c not in in_race and c not in gone)
    return in_race + gone + rest
