"""Paying resources: tyres, card discards, wear; and retiring when a car cannot pay (§13.D.1, §18.6)."""

from __future__ import annotations

from itertools import combinations

from racebook.rf90.car import Car, Status, Strategy
from racebook.rf90.damagebag import Wear
from racebook.rf90.events import Damage, DamageTaken, Event, Retired, Retirement
from racebook.rf90.state import RaceState


def tyre_cost(car: Car, raw: int) -> int:
    """Total tyre units owed after SAVE TYRES (§26.1: one unit is free)."""
    if car.strategy is Strategy.SAVE_TYRES and raw > 0:
        return raw - 1
    return raw


def can_pay(chips: int, spare_cards: int, tyres: int, discards: int) -> bool:
    """§13.D.1: at least one tyre unit must be a chip; the rest chips and/or cards; discards need cards."""
    if tyres == 0:
        return spare_cards >= discards
    if chips < 1:
        return False
    cards_for_tyres = max(0, tyres - chips)
    return spare_cards >= discards + cards_for_tyres


def tyre_options(chips: int, hand: list[str], cost: int) -> list[tuple[int, tuple[str, ...]]]:
    """Every legal (chips, cards) split of a tyre cost (Ex. 19)."""
    if cost == 0:
        return [(0, ())]
    out = []
    for c in range(min(chips, cost), 0, -1):
        k = cost - c
        if k > len(hand):
            continue
        for combo in combinations(sorted(hand), k):
            out.append((c, combo))
    return out


def take_damage(state: RaceState, car: Car, n: int, cause: Damage, events: list[Event], rule: str = "§13.D.1",
                card: str | None = None) -> bool:
    """Draw ``n`` wear tokens into free slots; retire if one cannot be placed. Robots suffer no wear (§17.1).
    ``card``: the card whose failed test causes the wear (``Damage.FAILED_TEST``)."""
    if car.is_robot:
        return True
    for _ in range(n):
        token = state.bag.draw(state.rng)
        if token is None:
            events.append(DamageTaken(car.id, "no", cause, car.free_slots, rule, card))
            continue
        if car.free_slots <= 0:
            state.bag.put_back(token)
            retire(state, car, Retirement.NO_WEAR_SLOT, events, token=token.value)
            return False
        car.wear.append(token)
        events.append(DamageTaken(car.id, token.value, cause, car.free_slots, rule, card))
    return True


def retire(state: RaceState, car: Car, cause: Retirement, events: list[Event], rule: str = "§18.6",
           token: str | None = None, need: int = 0, have: int = 0) -> None:
    """Remove a car from the race and return its resources (§18.6, §17.1); ``token`` (the wear token that found no
    slot), ``need`` and ``have`` (the chips or cards due and held) complete the cause."""
    car.status = Status.RETIRED
    state.remove(car.id)
    for code in car.hand + car.frozen + car.table:
        state.discard(code)
    car.hand.clear()
    car.frozen.clear()
    car.table.clear()
    if car.target:
        state.discard(car.target)
        car.target = None
    for w in car.wear:
        state.bag.put_back(w)
    car.wear.clear()
    car.chips = car.blue = 0
    car.trajectory = None
    state.blue_flags.discard(car.id)
    if state.orange == car.id:
        state.orange = None
    if car.is_robot:
        # AMB-19: remove the robot refuel chit of its type farthest from turn 1, if any.
        same = [i for i, (t, _) in enumerate(state.robot_chits) if t is car.robot]
        if same:
            far = max(same, key=lambda i: state.robot_chits[i][1])
            state.robot_chits.pop(far)
    else:
        car.refuel = None
    events.append(Retired(car.id, cause, rule, token, need, have))
    if state.leader == car.id:
        state.fas_anchor = None
        state.leader = state.frontmost()


def discard_cards(state: RaceState, car: Car, cards: tuple[str, ...]) -> None:
    for code in cards:
        car.hand.remove(code)
        state.discard(code)


__all__ = ["Wear", "can_pay", "discard_cards", "retire", "take_damage", "tyre_cost", "tyre_options"]
