"""Illegal actions are refused with the rule and what would be legal (racebook.core.errors, racebook.rf90.explain).

§10 (race over), §11 (whose turn), §13 (phase), §13.C (pair rules, AMB-4), §13.D/§13.D.1 (trajectory, costs),
§26.7 PUSH; data errors name the file and field.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from racebook.core.errors import ActionSyntaxError, IllegalAction, RacebookError, ScenarioError
from racebook.rf90.actions import Pay, Play
from racebook.rf90.game import Race

MakeRace = Callable[..., Race]

POS = "teaching turn=5 | G: Red*{played} | I: Blue"
HAND = ["R20", "R42", "R22", "R18"]  # [2] green, [3] orange, [2] orange, [1] orange


@pytest.fixture
def race(make_race: MakeRace) -> Race:
    """Blue to play in phase C; the phase-B draw is R99 [3]."""
    r = make_race(POS, {"Blue": {"hand": list(HAND), "chips": 10}}, deck=["R99"])
    r.apply("Blue start")
    assert sorted(r.state.cars["Blue"].hand) == sorted([*HAND, "R99"])
    return r


def refused(race: Race, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        race.apply(text)
    return e.value


# ------------------------------------------------------------------ §13.C pair rules


def test_illegal_2_plus_3_pair_names_the_rule_and_the_legal_partners(race: Race) -> None:
    """§13.C / AMB-4: a [2] may only pair with a [2] (or a [1]); the message lists R20's legal partners."""
    err = refused(race, "Blue play R20 R42")
    assert err.rule == "§13.C"
    assert str(err).startswith("§13.C: [2] may only pair with [2] (or a [1]); legal pairs with R20 in hand: "
                               "R22[2](22), R18[1](18) (got Blue play R20 R42)")
    assert Play("Blue", ("R20", "R22")) in err.legal
    assert "; legal now: " in str(err)


def test_illegal_3_plus_3_pair(race: Race) -> None:
    """AMB-4: [3][3] is illegal by the literal rule (only [1]+any and [2]+[2])."""
    err = refused(race, "Blue play R42 R99")
    assert err.rule == "§13.C"
    assert "[3] and [3] cannot be paired" in err.reason and "AMB-4" in err.reason


def test_legal_pairs_are_accepted(race: Race) -> None:
    """§13.C: [1] + any, and [2] + [2]."""
    legal = race.legal_actions()
    for pair in (("R20", "R22"), ("R20", "R18"), ("R42", "R18"), ("R18", "R99")):
        assert Play("Blue", pair) in legal or Play("Blue", pair[::-1]) in legal
    assert not [a for a in legal if isinstance(a, Play) and set(a.cards) in ({"R20", "R42"}, {"R42", "R99"})]


def test_a_legal_pair_is_accepted_in_either_order(race: Race) -> None:
    """§13.C: "the player plays one or two cards" — a pair is a set; [2]+[2] is legal whichever card is named
    first."""
    steps = len(race.steps)
    race.apply("Blue play R22 R20")
    assert len(race.steps) == steps + 1
    hand = race.state.cars["Blue"].hand
    assert "R20" not in hand and "R22" not in hand


def test_push_allows_2_with_3(make_race: MakeRace) -> None:
    """§26.7 PUSH: a [2] may be combined with a [3]–[6]."""
    r = make_race(POS, {"Blue": {"hand": list(HAND), "strategy": "push", "refuel": 12}}, deck=["R99"])
    r.apply("Blue start")
    legal = r.legal_actions()
    assert Play("Blue", ("R20", "R42")) in legal
    assert not [a for a in legal if isinstance(a, Play) and set(a.cards) == {"R42", "R99"}]  # still no [3][3]


def test_more_than_two_cards(race: Race) -> None:
    err = refused(race, "Blue play R20 R22 R18")
    assert err.rule == "§13.C" and "one or two cards" in err.reason


def test_a_card_not_in_hand(race: Race) -> None:
    """§13.C: the cards are played from hand."""
    err = refused(race, "Blue play R77")
    assert err.rule == "§13.C"
    assert "R77 is not in Blue's hand" in err.reason
    assert "R20" in err.reason  # the hand is shown


# ------------------------------------------------------------------ whose turn, which phase


def test_wrong_car(race: Race) -> None:
    """§11: cars play one at a time in activation order; it is Blue's turn, not Red's."""
    err = refused(race, "Red play R20")
    assert err.rule == "§11"
    assert "Blue" in err.reason and "Red" in err.reason
    assert err.legal and all(a.car == "Blue" for a in err.legal)


def test_wrong_phase(make_race: MakeRace) -> None:
    """§13: phases A–F in order; in phase A the decisions are start/skip/pit."""
    r = make_race(POS, {"Blue": {"hand": list(HAND)}}, deck=["R99"])
    err = refused(r, "Blue play R20")
    assert err.rule == "§13" and "start" in err.reason and "skip" in err.reason


def test_text_that_is_not_an_action(race: Race) -> None:
    """A text that does not parse is an ActionSyntaxError (not an IllegalAction: it never reached the rules)."""
    before = race.state.to_dict()
    with pytest.raises(ActionSyntaxError) as e:
        race.apply("Blue fly R20")
    assert e.value.rule == "actions"
    assert race.state.to_dict() == before


def test_race_over(make_race: MakeRace) -> None:
    """§10: when the last turn has been played the race is over and nothing is legal."""
    r = make_race("teaching turn=16 | G: Fast1")
    assert r.is_over and r.legal_actions() == []
    err = refused(r, "Fast1 start")
    assert err.rule == "§10"


# ------------------------------------------------------------------ §13.D costs and trajectories


def test_cost_that_cannot_be_paid(make_race: MakeRace) -> None:
    """§13.D.1: no card may be played whose cost cannot be paid (R14 needs 2 tyres, Blue has no chip)."""
    r = make_race(POS, {"Blue": {"hand": ["R14", "R42"], "chips": 0}}, deck=["R99"])
    r.apply("Blue start")
    err = refused(r, "Blue play R14")
    assert err.rule == "§13.D.1" and "cannot be paid" in err.reason


def test_trajectory_when_not_on_one(race: Race) -> None:
    """§13.D: a trajectory is used only by a car standing on it."""
    err = refused(race, "Blue play R42 +traj")
    assert err.rule == "§13.D" and "not on a trajectory" in err.reason


def test_blue_token_without_one(race: Race) -> None:
    """§13.D.1: a blue token is spent for +1 MP only if the car has one."""
    err = refused(race, "Blue play R42 +blue")
    assert err.rule == "§13.D.1" and "blue token" in err.reason


def test_illegal_tyre_payment(make_race: MakeRace) -> None:
    """§13.D.1: at least one chip; the rest chips or hand cards."""
    r = make_race(POS, {"Blue": {"hand": ["R14", "R42"], "chips": 5}}, deck=["R99"])
    r.apply("Blue start")
    r.apply("Blue play R14")
    assert {(a.chips, a.cards) for a in r.legal_actions() if isinstance(a, Pay)} == {
        (2, ()), (1, ("R42",)), (1, ("R99",))}
    err = refused(r, "Blue pay chips=0 cards=R42,R99")
    assert err.rule == "§13.D.1" and "at least one chip" in err.reason


# ------------------------------------------------------------------ errors carry data


def test_illegal_action_fields(race: Race) -> None:
    err = refused(race, "Blue play R20 R42")
    assert isinstance(err, RacebookError)
    assert err.action == Play("Blue", ("R20", "R42"))
    assert str(err.action) in str(err)
    assert len(err.legal) == len(race.legal_actions())


def test_long_legal_lists_are_shortened() -> None:
    err = IllegalAction("x", "§0", "because", [f"a{i}" for i in range(20)])
    assert "a11" in str(err) and "a12" not in str(err) and "… and 8 more" in str(err)


def test_a_refused_action_changes_nothing(race: Race) -> None:
    before = race.state.to_dict()
    steps = len(race.steps)
    refused(race, "Blue play R20 R42")
    assert race.state.to_dict() == before and len(race.steps) == steps


# ------------------------------------------------------------------ scenario data errors


def test_scenario_card_used_twice(make_race: MakeRace) -> None:
    with pytest.raises(ScenarioError) as e:
        make_race("teaching | G: Blue Red", {"Blue": {"hand": ["R20"]}, "Red": {"hand": ["R20"]}})
    assert e.value.field == "cars.Red.hand" and "R20" in e.value.reason


def test_scenario_unknown_car_key(make_race: MakeRace) -> None:
    with pytest.raises(ScenarioError) as e:
        make_race("teaching | G: Blue", {"Blue": {"turbo": True}})
    assert e.value.field == "cars.Blue.turbo"


def test_scenario_car_not_in_position(make_race: MakeRace) -> None:
    with pytest.raises(ScenarioError) as e:
        make_race("teaching | G: Blue", {"Ghost": {}})
    assert e.value.field == "cars.Ghost"


def test_scenario_bad_position(make_race: MakeRace) -> None:
    with pytest.raises(ScenarioError) as e:
        make_race("teaching | Z: Blue")
    assert e.value.field == "scenario.position" and "'Z'" in e.value.reason


def test_scenario_cannot_stack_a_card_in_a_hand(make_race: MakeRace) -> None:
    """§6.1: only cards in the deck or its discards can be stacked."""
    with pytest.raises(ScenarioError) as e:
        make_race("teaching | G: Blue", {"Blue": {"hand": ["R42"]}}, deck=["R42"])
    assert e.value.field == "deck.stack" and "R42" in e.value.reason
