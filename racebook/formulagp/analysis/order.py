"""The driver sequence explained (digest §10.2): each car of a round's sequence with the rule that placed it, from
:func:`racebook.formulagp.rules.order.driver_order`, checked against the sequence the race set (the
:class:`~racebook.formulagp.events.OrderSet` event). For the notebooks' driver-order examples (Examples 6 to 9): cars on
the track; the pit lane's runners and the cars joining later are the round's own (:mod:`racebook.formulagp.rounds`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from racebook.formulagp import events as ev
from racebook.formulagp.rules.order import Runner, driver_order

__all__ = ["Placed", "explained"]


@dataclass(frozen=True, slots=True)
class Placed:
    """A car's place in the sequence (1 = moves first), where it is, and why it is there."""

    place: int
    car: str
    at: str
    why: str


def explained(race: Any, prelude: Iterable[object] = ()) -> tuple[Placed, ...]:
    """The sequence of ``race``'s current round with a reason per car, checked against the last sequence set in
    ``prelude`` (a scenario's draw-phase events, :attr:`racebook.formulagp.scenario.Scenario.prelude`) and the
    race's events. Raises ValueError when the race set another sequence (a car in the pits, a Blue Flag …: the
    round's own rules, not covered here)."""
    s = race.state
    slots = driver_order(s.track, [Runner(c.id, c.pos, c.lap) for c in s.cars.values()])
    log = [*prelude, *race.events]
    set_by_race = next((e.order for e in reversed(log) if isinstance(e, ev.OrderSet)), None)
    if set_by_race is not None and tuple(x.car for x in slots) != tuple(set_by_race):
        raise ValueError(f"the race's sequence {set_by_race} is not the on-track order (pits, flags, joiners)")
    return tuple(Placed(i, x.car, s.track.name_of(s.cars[x.car].pos), x.why.value)
                 for i, x in enumerate(slots, 1))
