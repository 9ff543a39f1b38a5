"""The Optional rules of the start (digest §21; the original's 15.4 Race Start and 15.5 Medium Tyre Wear Placement),
each a house-rule switch off by default, tested both ways through the engine."""

from __future__ import annotations

import pytest

from racebook.formulagp import events as ev
from racebook.formulagp.actions import Keep, Launch, Tyres
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import Tyre, load_board
from racebook.formulagp.rules.order import race_start_order
from racebook.formulagp.rules.tyres import fit
from racebook.formulagp.rules.tyresets import start_wear
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Phase


def _start(rules: Rules) -> tuple[tuple[str, ...], dict[str, int]]:
    """Race round 1 of a three-car race from the grid Grey, Red, Blue: the pole seals its fewest LEDs, the others
    their most; the order set at the reveal and the LEDs revealed."""
    race = new_race(["Grey", "Red", "Blue"], 7, qualifying=False, rules=rules)
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]
    for car in ("Grey", "Red", "Blue"):
        launches = [a for a in race.legal_actions() if isinstance(a, Launch)]
        pick = min if car == "Grey" else max
        race.apply(pick(launches, key=lambda a: (sum(cards().card(x).leds for x in a.cards) + len(a.extras))))
    leds = {e.car: e.leds for e in race.events if isinstance(e, ev.StartRevealed)}
    order = next(e for e in race.events if isinstance(e, ev.OrderSet))
    return order.order, leds


def test_15_4_race_start_by_grid_both_ways() -> None:
    """15.4: "players take their turn in the driver sequence based on their grid position instead of the LEDs on
    their movement cards". Off: the most LEDs first (§9.4 item 3); on: the grid order whatever the LEDs."""
    order, leds = _start(Rules())
    assert leds["Grey"] < max(leds["Red"], leds["Blue"])  # the pole revealed fewer LEDs than a car behind it
    assert order == tuple(sorted(leds, key=lambda c: (-leds[c], ["Grey", "Red", "Blue"].index(c))))
    assert order[0] != "Grey"
    on, leds_on = _start(Rules(race_start_by_grid=True))
    assert leds_on == leds  # the same cards sealed and revealed
    assert on == ("Grey", "Red", "Blue")


def test_15_4_the_pure_rule_keeps_a_car_stuck_in_neutral_last() -> None:
    grid = ["Pole", "Second", "Third"]
    leds = {"Pole": 1, "Second": 5, "Third": 3}
    assert race_start_order(leds, grid) == ("Second", "Third", "Pole")
    assert race_start_order(leds, grid, by_grid=True) == ("Pole", "Second", "Third")
    assert race_start_order(leds, grid, stuck=["Pole"], by_grid=True) == ("Second", "Third", "Pole")


def test_15_4_a_race_of_rookies_only_starts_by_the_grid_too() -> None:
    race = new_race(["A", "B", "C"], 3, bots=["A", "B", "C"], rules=Rules(race_start_by_grid=True))
    first = next(e for e in race.events if isinstance(e, ev.OrderSet))
    assert first.order == ("A", "B", "C")


def test_15_5_medium_one_space_early_pure_rule() -> None:
    """15.5: "place the Tyre Wear marker one space before the matching Tyre type space" for Medium only."""
    b = load_board()
    assert b.wear_start[Tyre.SOFT] == b.wear_start[Tyre.MEDIUM] == 2  # the teaching board's shared S/M start
    assert start_wear(b, Tyre.MEDIUM) == 2 and start_wear(b, Tyre.MEDIUM, True) == 1
    for tyre in (Tyre.SOFT, Tyre.HARD, Tyre.WET):
        assert start_wear(b, tyre, True) == start_wear(b, tyre) == b.wear_start[tyre]
    assert fit(b, Tyre.MEDIUM, True).wear == 1 and fit(b, Tyre.MEDIUM).wear == 2
    assert start_wear(b, Tyre.HARD, True) == 0  # never before the first space (Hard starts on 0)


@pytest.mark.parametrize("early", [False, True])
def test_15_5_a_medium_set_starts_one_space_early_at_the_set_up_and_the_tyre_choice(early: bool) -> None:
    rules = Rules(medium_one_space_early=early)
    s = new_state(["A", "B"], 1, tyre=Tyre.MEDIUM, rules=rules)
    assert {c.wear for c in s.cars.values()} == {1 if early else 2}
    soft = new_state(["A", "B"], 1, tyre=Tyre.SOFT, rules=rules)
    assert {c.wear for c in soft.cars.values()} == {2}
    race = new_race(["A", "B"], 1, rules=rules, choose_tyres=True)
    race.apply(Tyres("A", "medium"))
    race.apply(Tyres("B", "soft"))
    assert race.state.cars["A"].wear == (1 if early else 2) and race.state.cars["B"].wear == 2
    # one more wear point to the Medium's worn icon (the teaching board's 10): 9 or 8 spaces of wear
    b = race.state.board
    worn = next(p for p in range(b.wear_length) if b.tyre_bonus(Tyre.MEDIUM, b.tyre_state(Tyre.MEDIUM, p)) == 0)
    assert worn - race.state.cars["A"].wear == (9 if early else 8)
    assert Race.from_json(race.to_json()).position() == race.position()
