"""Pit stops: recoil, fuel, and the pit procedure (§8, §13.A.3, §17.3 A).

The procedure is a short series of decisions (discard cards one at a time,
tyres, strategy) so that ``legal_actions()`` stays small and exact.
"""

from __future__ import annotations

from racebook.rf90.car import Car, Skill, Tyre
from racebook.rf90.damagebag import Wear
from racebook.rf90.events import (
    CardsDiscarded,
    DiscardReason,
    Event,
    LeaderCause,
    LeaderToken,
    MovedBack,
    RefuelChitMoved,
    Repaired,
    TyresFitted,
)
from racebook.rf90.state import RaceState

FUEL_PER_STOP = 10  # §8
FUEL_PER_EXTRA_SECTION = 3
MAX_EXTRA_SECTIONS = 2
TANK_MAX = 16
MAX_SOFT_SETS = 2  # §9.2, AMB-31: including the starting set


def must_pit(state: RaceState, car: Car) -> bool:
    """§13.A.3: the turn pawn has reached the car's refuel chit, or a forced pit is due (§18.1)."""
    return car.forced_pit or (car.refuel is not None and state.turn >= car.refuel)


def recoil(state: RaceState, car: Car, extra: int = 0) -> int:
    """Sections the car goes back: the printed pit time, +extra for fuel, -2 with PITTING (§13.A.3, §27)."""
    back = state.track.pit_time + extra
    if car.skill is Skill.PITTING:
        back = max(0, back - 2)
    return back


def move_back(state: RaceState, car: Car, sections: int, events: list[Event], extra: int = 0, penalty: int = 0,
              tyre_change: Tyre | None = None) -> None:
    """Move a car back ``sections`` sections, placed last there (§13.A.3); backing over the line drops a lap.
    ``extra`` (sections for fuel), ``penalty`` (off track, §18.5) and ``tyre_change`` (§16.3) say why."""
    n = len(state.track)
    idx = state.section(car.section).index
    laps = 0
    for _ in range(sections):
        if idx == 0:
            laps += 1
        idx = (idx - 1) % n
    state.remove(car.id)
    car.lap -= laps
    car.trajectory = None
    dest = state.track.sections[idx].name
    state.place(car.id, dest)
    events.append(MovedBack(car.id, sections, dest, state.track.pit_time, extra, penalty,
                            car.skill is Skill.PITTING and tyre_change is None, tyre_change))
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.PITTED, car.id))


def refuel(state: RaceState, car: Car, extra: int, events: list[Event]) -> None:
    """§8 / reading 20: new chit = old + 10 + 3 per extra section, never beyond current turn + 16."""
    old = car.refuel if car.refuel is not None else state.turn
    new = min(old + FUEL_PER_STOP + FUEL_PER_EXTRA_SECTION * extra, state.turn + TANK_MAX)
    car.refuel = new
    over = new - state.track.turns.last_turn  # a chit on the last turn + 1 is exactly enough: the pawn never gets there
    events.append(RefuelChitMoved(car.id, old, new, max(over, 0)))


def repair(state: RaceState, car: Car, events: list[Event]) -> None:
    """Step 2: all red tokens back to the bag; TUNING also removes one brown (§13.A.3, §27)."""
    reds = [w for w in car.wear if w is Wear.RED]
    for w in reds:
        car.wear.remove(w)
        state.bag.put_back(w)
    tuned = False
    if car.skill is Skill.TUNING and car.brown:
        car.wear.remove(Wear.BROWN)
        state.bag.put_back(Wear.BROWN)
        tuned = True
    events.append(Repaired(car.id, len(reds), car.brown, tuned))


def hand_limit_count(state: RaceState, car: Car, exempt: set[str]) -> int:
    """Cards counting toward the panel limit after a pit: frozen duel cards count; Track Cards from Hard tyres
    or PITTING do not (AMB-45); with WISE DRIVING no Track Card counts (§13.A.3)."""
    n = 0
    for c in car.hand + car.frozen:
        if c in exempt:
            continue
        if car.skill is Skill.WISE_DRIVING and state.card(c).is_track:
            continue
        n += 1
    return n


def fit_tyres(state: RaceState, car: Car, tyre: Tyre, events: list[Event]) -> None:
    """Step 5: discard unused chips and take the panel value of the new type (§9.2, §13.A.3; AMB-16)."""
    lost_blue = car.blue
    car.tyre = tyre
    car.chips = car.setup.tyres - (3 if tyre is Tyre.SOFT else 0)
    car.blue = 3 if tyre is Tyre.SOFT else 0
    if tyre is Tyre.SOFT:
        car.soft_sets += 1
    events.append(TyresFitted(car.id, tyre, car.chips, lost_blue))


def discard_one(state: RaceState, car: Car, code: str, events: list[Event]) -> None:
    car.hand.remove(code)
    state.discard(code)
    events.append(CardsDiscarded(car.id, (code,), DiscardReason.PIT, "§13.A.3"))
