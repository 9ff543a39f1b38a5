"""Paying resources and retiring (§13.D.1, §17.1, §18.6, §26.1, Ex. 19, Ex. 20): racebook.rf90.rules.payments."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from racebook.rf90.actions import Pay, Play
from racebook.rf90.car import RobotType, Status, Strategy
from racebook.rf90.damagebag import Wear
from racebook.rf90.events import DamageTaken, Event, Retired, TyresPaid
from racebook.rf90.game import Race
from racebook.rf90.rules import payments
from racebook.rf90.state import RaceState

MakeState = Callable[..., RaceState]
MakeRace = Callable[..., Race]
Take = Callable[[RaceState, str], str]

HAND = ["R01", "R02", "R03", "R04"]


def _splits(opts: list[tuple[int, tuple[str, ...]]]) -> set[tuple[int, int]]:
    return {(chips, len(cards)) for chips, cards in opts}


# ------------------------------------------------------------------ Ex. 19 table


@pytest.mark.parametrize(("cost", "expected"), [
    pytest.param(1, {(1, 0)}, id="cost 1: 1 chip"),
    pytest.param(2, {(2, 0), (1, 1)}, id="cost 2: 2 chips, or 1 chip + 1 card"),
    pytest.param(3, {(3, 0), (2, 1), (1, 2)}, id="cost 3: 3 chips, 2 chips + 1 card, or 1 chip + 2 cards"),
])
def test_ex_19_tyre_options_table(cost: int, expected: set[tuple[int, int]]) -> None:
    """Ex. 19 / §13.D.1: at least one unit is a chip; the rest chips and/or hand cards."""
    opts = payments.tyre_options(10, HAND, cost)
    assert _splits(opts) == expected
    for chips, cards in opts:
        assert chips >= 1 and chips + len(cards) == cost
        assert set(cards) <= set(HAND)


def test_tyre_options_list_every_card_choice() -> None:
    """Ex. 19: with cost 2 and two cards in hand: 2 chips, 1 chip + R01, or 1 chip + R02."""
    assert sorted(payments.tyre_options(5, ["R02", "R01"], 2)) == [(1, ("R01",)), (1, ("R02",)), (2, ())]
    combos = [cards for chips, cards in payments.tyre_options(5, HAND, 3) if chips == 1]
    assert sorted(combos) == sorted(combinations(sorted(HAND), 2))


def test_ex_19_costs_add_up_1_plus_2_paid_with_1_chip_and_2_cards() -> None:
    """Ex. 19: a card costing 1 plus a card costing 2 = 3, payable with 1 chip + 2 cards."""
    assert (1, 2) in _splits(payments.tyre_options(1, ["R05", "R06"], 1 + 2))
    assert _splits(payments.tyre_options(1, ["R05", "R06"], 3)) == {(1, 2)}


def test_tyre_options_need_at_least_one_chip() -> None:
    """§13.D.1: at least one unit must be a tyre chip, so with no chips a tyre cost cannot be paid."""
    for cost in (1, 2, 3):
        assert payments.tyre_options(0, HAND, cost) == []


def test_tyre_options_limited_by_chips_and_cards() -> None:
    assert _splits(payments.tyre_options(1, ["R01"], 3)) == set()
    assert _splits(payments.tyre_options(2, [], 3)) == set()
    assert _splits(payments.tyre_options(2, ["R01"], 3)) == {(2, 1)}
    assert _splits(payments.tyre_options(2, HAND, 2)) == {(2, 0), (1, 1)}


def test_tyre_options_cost_zero_is_free() -> None:
    assert payments.tyre_options(0, [], 0) == [(0, ())]


# ------------------------------------------------------------------ can_pay


@pytest.mark.parametrize("chips", range(4))
@pytest.mark.parametrize("spare", range(4))
@pytest.mark.parametrize("tyres", range(4))
def test_can_pay_agrees_with_tyre_options(chips: int, spare: int, tyres: int) -> None:
    """§13.D.1: can_pay(tyres) is True exactly when some legal split exists."""
    hand = HAND[:spare]
    assert payments.can_pay(chips, spare, tyres, 0) is bool(payments.tyre_options(chips, hand, tyres))


def test_can_pay_counts_discards_and_tyre_cards_together() -> None:
    """§13.D.1: card-discard costs need hand cards too; cards paying tyres cannot also pay the discard."""
    assert payments.can_pay(0, 1, 0, 1)
    assert not payments.can_pay(0, 0, 0, 1)
    assert payments.can_pay(1, 2, 2, 1)  # 1 chip + 1 card for tyres, 1 card discarded
    assert not payments.can_pay(1, 1, 2, 1)
    assert payments.can_pay(2, 1, 2, 1)  # 2 chips, 1 card discarded
    assert not payments.can_pay(0, 5, 1, 0)  # no chip at all


# ------------------------------------------------------------------ SAVE TYRES (§26.1)


def test_save_tyres_reduces_the_total_by_one(make_state: MakeState) -> None:
    """§26.1 / §13.D.1: with SAVE TYRES the total tyre cost is reduced by 1."""
    car = make_state("teaching | G: Blue").cars["Blue"]
    assert [payments.tyre_cost(car, n) for n in range(4)] == [0, 1, 2, 3]
    car.strategy = Strategy.SAVE_TYRES
    assert [payments.tyre_cost(car, n) for n in range(4)] == [0, 0, 1, 2]


def test_ex_20_without_save_tyres_2_chips_or_1_chip_and_1_card(make_race: MakeRace) -> None:
    """Ex. 20: to play the [3] (R60) pay 2 tyre chips (or 1 chip + 1 card) and draw 1 damage."""
    race = make_race("teaching turn=5 | I: Blue", {"Blue": {"hand": ["R60", "R42"], "chips": 10}},
                     deck=["R22"], bag=["red"])
    race.apply("Blue start")
    race.apply("Blue play R60")
    assert {(a.chips, a.cards) for a in race.legal_actions() if isinstance(a, Pay)} == {
        (2, ()), (1, ("R22",)), (1, ("R42",))}
    events = race.apply("Blue pay chips=2")
    car = race.state.cars["Blue"]
    assert car.chips == 8 and car.wear == [Wear.RED]
    assert [e.token for e in events if isinstance(e, DamageTaken)] == ["red"]


def test_ex_20_with_save_tyres_1_chip_and_1_damage(make_race: MakeRace) -> None:
    """Ex. 20 / §26.1: with SAVE TYRES the [3] needing 2 tyres + 1 damage costs 1 chip + 1 damage."""
    race = make_race("teaching turn=5 | I: Blue",
                     {"Blue": {"hand": ["R60", "R42"], "chips": 10, "strategy": "save_tyres"}},
                     deck=["R22"], bag=["brown"])
    race.apply("Blue start")
    events = race.apply("Blue play R60")  # one way to pay: applied automatically
    paid = [e for e in events if isinstance(e, TyresPaid)]
    assert len(paid) == 1 and paid[0].cost == 1 and paid[0].how == "1 chip(s)"
    car = race.state.cars["Blue"]
    assert car.chips == 9 and car.wear == [Wear.BROWN]
    assert sorted(car.hand) == ["R22", "R42"]


def test_save_tyres_allows_a_1_tyre_card_with_no_chips(make_race: MakeRace) -> None:
    """§13.D.1 / §26.1: out of chips, SAVE TYRES can still play a card requiring 1 tyre (cost drops to 0)."""
    cars = {"Blue": {"hand": ["R10", "R42"], "chips": 0, "strategy": "save_tyres"}}
    race = make_race("teaching turn=5 | I: Blue", cars, deck=["R22"])
    race.apply("Blue start")
    assert Play("Blue", ("R10",)) in race.legal_actions()
    events = race.apply("Blue play R10")
    assert not [e for e in events if isinstance(e, TyresPaid)]
    assert race.state.cars["Blue"].chips == 0


def test_without_save_tyres_a_1_tyre_card_needs_a_chip(make_race: MakeRace) -> None:
    """§13.D.1: no card may be played whose cost cannot be paid; at least one unit is a chip."""
    race = make_race("teaching turn=5 | I: Blue", {"Blue": {"hand": ["R10", "R42"], "chips": 0}}, deck=["R22"])
    race.apply("Blue start")
    legal = race.legal_actions()
    assert Play("Blue", ("R10",)) not in legal and Play("Blue", ("R42",)) in legal
    assert not [a for a in legal if isinstance(a, Play) and "R10" in a.cards]


# ------------------------------------------------------------------ wear


def test_take_damage_draws_into_free_slots(make_state: MakeState) -> None:
    """§13.D.1: draw the tokens at random from the bag and place them in wear slots."""
    s = make_state("teaching turn=5 | G: Blue")
    car = s.cars["Blue"]
    s.bag.stack(["brown", "red"])
    events: list[Event] = []
    assert payments.take_damage(s, car, 2, "two damage symbols", events)
    assert car.wear == [Wear.BROWN, Wear.RED] and car.free_slots == 3
    assert (s.bag.red, s.bag.brown) == (23, 5)
    assert [e.token for e in events if isinstance(e, DamageTaken)] == ["brown", "red"]
    assert s.wear_count() == (24, 6)


def test_take_damage_random_draw_uses_the_race_rng(make_state: MakeState) -> None:
    def draw(seed: int) -> list[Wear]:
        s = make_state("teaching turn=5 | G: Blue", seed=seed)
        payments.take_damage(s, s.cars["Blue"], 5, "wear", [])
        return s.cars["Blue"].wear

    assert draw(3) == draw(3) and len(draw(3)) == 5


def test_robots_suffer_no_wear(make_state: MakeState) -> None:
    """§17.1: robots suffer no wear; nothing is drawn from the bag."""
    s = make_state("teaching turn=5 | G: FastOne")
    robot = s.cars["FastOne"]
    events: list[Event] = []
    assert payments.take_damage(s, robot, 2, "duel tie", events)
    assert robot.wear == [] and len(s.bag) == 30 and events == []
    assert robot.status is Status.RACING


def test_no_free_slot_retires_the_car(make_state: MakeState) -> None:
    """§13.D.1 / §18.6: a drawn token that cannot be placed retires the car; the token goes back to the bag."""
    s = make_state("teaching turn=5 | G: Blue* Red")
    car = s.cars["Blue"]
    for _ in range(car.setup.wear):
        s.bag.red -= 1
        car.wear.append(Wear.RED)
    assert car.free_slots == 0
    events: list[Event] = []
    assert payments.take_damage(s, car, 1, "card damage", events) is False
    assert car.status is Status.RETIRED and not car.on_track
    assert "Blue" not in s.order["G"]
    assert [e.rule for e in events if isinstance(e, Retired)] == ["§18.6"]
    assert s.wear_count() == (24, 6)
    assert s.leader == "Red"  # the Leader token passes to the frontmost car


def test_second_token_without_a_slot_retires_after_placing_the_first(make_state: MakeState) -> None:
    """§13.D.1: two symbols = two draws, each into a slot; the second finds no slot → retire."""
    s = make_state("teaching turn=5 | G: Blue")
    car = s.cars["Blue"]
    for _ in range(car.setup.wear - 1):
        s.bag.red -= 1
        car.wear.append(Wear.RED)
    s.bag.stack(["brown", "red"])
    assert payments.take_damage(s, car, 2, "two symbols", []) is False
    assert car.status is Status.RETIRED and car.wear == []
    assert s.wear_count() == (24, 6) and (s.bag.red, s.bag.brown) == (24, 6)


# ------------------------------------------------------------------ retiring (§18.6)


def test_retire_returns_every_resource(make_state: MakeState, take_card: Take) -> None:
    """§17.1 / §18.6: a retiring human returns hand, Target Check, wear tokens, flag pawns; chips go away."""
    s = make_state("teaching turn=5 | F: Blue*@F.t1 Red | G: Green")
    car = s.cars["Blue"]
    car.hand = [take_card(s, "R01"), take_card(s, "T02")]
    car.frozen = [take_card(s, "R03")]
    car.target = take_card(s, "R04")
    car.chips, car.blue, car.refuel = 7, 2, 12
    for w in (Wear.RED, Wear.BROWN):
        s.bag.red -= w is Wear.RED
        s.bag.brown -= w is Wear.BROWN
        car.wear.append(w)
    s.blue_flags.add("Blue")
    s.orange = "Blue"
    cards, wear = s.card_count(), s.wear_count()
    events: list[Event] = []
    payments.retire(s, car, "test", events)
    assert car.status is Status.RETIRED
    assert car.hand == [] and car.frozen == [] and car.target is None and car.wear == []
    assert car.chips == 0 and car.blue == 0 and car.trajectory is None and car.refuel is None
    assert sorted(s.race_deck.discards) == ["R01", "R03", "R04"] and s.track_deck.discards == ["T02"]
    assert s.card_count() == cards and s.wear_count() == wear == (24, 6)
    assert "Blue" not in s.blue_flags and s.orange is None
    assert s.cars_in("F") == ["Red"] and s.leader == "Red"
    assert [e.rule for e in events] == ["§18.6"]


def test_retired_robot_removes_its_farthest_refuel_chit(make_state: MakeState) -> None:
    """§17.1 / AMB-19: remove the robot refuel chit of that type farthest from turn 1."""
    s = make_state("teaching turn=5 | G: FastOne SlowTwo")
    s.robot_chits = [(RobotType.FAST, 8), (RobotType.FAST, 14), (RobotType.SLOW, 16)]
    payments.retire(s, s.cars["FastOne"], "crash", [])
    assert s.robot_chits == [(RobotType.FAST, 8), (RobotType.SLOW, 16)]
    payments.retire(s, s.cars["SlowTwo"], "crash", [])
    assert s.robot_chits == [(RobotType.FAST, 8)]


def test_discard_cards_moves_hand_cards_to_their_discard_piles(make_state: MakeState, take_card: Take) -> None:
    """§13.D.1 discard cost; §23 Track Cards to their own pile."""
    s = make_state("teaching | G: Blue")
    car = s.cars["Blue"]
    car.hand = [take_card(s, "R01"), take_card(s, "T01"), take_card(s, "R02")]
    payments.discard_cards(s, car, ("R01", "T01"))
    assert car.hand == ["R02"] and s.race_deck.discards == ["R01"] and s.track_deck.discards == ["T01"]
