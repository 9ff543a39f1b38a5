"""Trajectories and Track Cards (§13.C, §13.D, §13.F.2, §19): Ex. 18, 32, 35, 36, 37."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.rf90 import events as ev
from racebook.rf90.actions import Play
from racebook.rf90.turn import free_trajectories


def test_ex_18_trajectory_colour_match_and_cost() -> None:
    """Ex. 18: on a +2 green/orange trajectory with a tyre symbol, [2] orange + [2] yellow = 4 + 2 = 6 MP and 2
    tyres (1 trajectory + 1 yellow card); ignoring it: 1 tyre and 4 MP; the spot stays Orange's either way."""
    race = racebook.load_scenario("ex18").race
    paid = next(e for e in race.events if isinstance(e, ev.TyresPaid))
    assert paid.cost == 2
    assert next(e for e in race.events if isinstance(e, ev.MovementPoints)).mp == 6
    at_play = race.at(1)
    plays = {(a.cards, a.trajectory) for a in at_play.legal_actions() if isinstance(a, Play)}
    assert (("R15", "R22"), True) in plays and (("R15", "R22"), False) in plays
    alt = race.at(1)
    alt.apply("Orange play R15 R22")
    assert next(e for e in alt.events if isinstance(e, ev.TyresPaid)).cost == 1
    # one car per trajectory: while Orange stands on F.t1, it is not free for Green (§13.D)
    start = race.at(0)
    assert [t.id for t in free_trajectories(start.state, "F")] == []


def test_ex_32_trajectory_does_not_set_race_order() -> None:
    """Ex. 32: Red (BANGING WHEELS) passes Blue, who is on the green +2, in the braking zone and takes the orange
    +1: Red is ahead in the race order; Blue keeps his trajectory."""
    race = racebook.load_scenario("ex32").race
    s = race.state
    assert s.cars_in("E") == ["Red", "Blue"]
    assert s.cars["Blue"].trajectory == "E.t1" and s.cars["Red"].trajectory == "E.t2"
    assert s.race_order()[:2] == ["Red", "Blue"]


def _track_card_race(position: str, hand: list[str], stack: list[str]) -> racebook.Race:
    race = racebook.rf90.scenario.build({
        "scenario": {"id": "t", "track": "teaching", "seed": 35, "position": position},
        "cars": {"Orange": {"hand": hand, "target": "R88"}, "Slow1": {"kind": "robot", "robot": "slow"}},
        "deck": {"stack": stack},
    })
    race.apply("Orange start")
    return race


def test_ex_35_track_card_legal_when_the_corner_is_surely_reached() -> None:
    """Ex. 35: the leader plays an orange Track Card [4] for Curve 1 (+[1] = 5 MP); the Leader check he will need
    later, after the corner, does not matter."""
    race = _track_card_race("teaching turn=3 lap=2 | F: Slow1 | I: Orange*", ["T06", "R18"], ["R95"])
    assert Play("Orange", ("R18", "T06")) in race.legal_actions()


def test_ex_36_track_card_needs_a_sure_leader_check() -> None:
    """Ex. 36: with a Slow robot to lap before Curve 1, the Track Card is legal only if a hand card surely passes
    the Leader check; a blind draw is not enough (§19.1)."""
    without = _track_card_race("teaching turn=3 lap=2 | H: Slow1 | I: Orange*", ["T06", "R18"], ["R95"])
    assert Play("Orange", ("R18", "T06")) not in without.legal_actions()
    assert Play("Orange", ("R18",)) in without.legal_actions()
    sure = _track_card_race("teaching turn=3 lap=2 | H: Slow1 | I: Orange*", ["T06", "R18", "R40"], ["R95"])
    assert Play("Orange", ("R18", "T06")) in sure.legal_actions()  # (40) ≤ 88: the check is certain


def test_ex_37_combination_and_minus_one() -> None:
    """Ex. 37: [4] + Track Card [2] (combination symbol) = 6 MP; the "-1" used at Curve 6 lets Blue pass the
    SuperFast for 1 MP; 3 MP reach Curve 7 where Green is; 1 MP left, and he stops behind Green."""
    race = racebook.load_scenario("ex37").race
    assert next(e for e in race.events if isinstance(e, ev.MovementPoints)).mp == 6
    (p,) = [e for e in race.events if isinstance(e, ev.Pass)]
    assert (p.other, p.section, p.cost, p.rule) == ("SuperFast1", "Priory", 1, "§19.2")
    stop = next(e for e in race.events if isinstance(e, ev.MovementStops))
    assert stop.section == "Luffield-1" and stop.lost == "; 1 MP lost"
    assert race.state.cars_in("Luffield-1") == ["Green", "Blue"]
    at_play = race.at(1)
    legal = at_play.legal_actions()
    assert Play("Blue", ("R14", "T11"), minus_one=6) in legal
    assert Play("Blue", ("R14", "T11")) not in legal  # without the "-1" he could not reach Curve 7


def _et_power_race(make_race, hand: list[str], **car: object) -> racebook.Race:
    """Blue leads alone in D on the red ET D.et1 (turn 5: trajectories are available) with T04, the red ET
    Discard Power Track Card, in hand; phase B draws R95."""
    race = make_race("teaching turn=5 lap=2 | D: Blue*@D.et1",
                     {"Blue": {"hand": hand, "target": "R88", **car}}, deck=["R95"])
    race.apply("Blue start")
    return race


def test_et_discard_power_card_is_not_offered_to_pay_tyres(make_race) -> None:
    """§19.3 with §13.D.1: a card declared for the ET Discard Power (``et=T04``) is set aside for the ET test in
    D.2; it cannot also pay tyres in D.1. Issue 14 bug 1: ``pay chips=1 cards=T04`` was offered and raised
    ValueError mid-apply, leaving the race half-applied."""
    race = _et_power_race(make_race, ["R60", "T04", "R10"], chips=1)
    race.apply("Blue play R60 +traj et=T04")  # R60: 2 tyres; 1 chip + 1 card
    pays = [a for a in race.legal_actions() if a.verb == "pay"]
    assert pays and all("T04" not in a.cards for a in pays), pays
    assert {a.cards for a in pays} == {("R10",), ("R95",)}
    before = race.state.to_dict()
    with pytest.raises(IllegalAction) as err:
        race.apply("Blue pay chips=1 cards=T04")
    assert err.value.rule == "§13.D.1" and "T04 is set aside for its ET Discard Power" in err.value.reason
    assert race.state.to_dict() == before
    for pay in pays:
        alt = race.at(len(race.actions))
        alt.apply(pay)
        assert "T04" not in alt.state.cars["Blue"].hand
        assert "T04" in alt.state.track_deck.discards  # discarded for its power (§19.3)
        assert any(isinstance(e, ev.EtDiscardPower) and e.card == "T04" for e in alt.events)


def test_et_discard_power_card_is_not_offered_for_a_card_discard_cost(make_race) -> None:
    """§19.3 with §13.D.1: the card-discard cost is paid with the other hand cards, never with the card set aside
    for the ET Discard Power (BALANCE: no colour match needed, §26.5; R29 costs one discard)."""
    race = _et_power_race(make_race, ["R29", "T04", "R10"], chips=3, strategy="balance")
    race.apply("Blue play R29 +traj et=T04")
    discards = [a for a in race.legal_actions() if a.verb == "discard"]
    assert discards and all("T04" not in a.cards for a in discards), discards
    race.apply(discards[0])
    assert "T04" in race.state.track_deck.discards


def test_et_discard_power_card_is_kept_when_the_other_cards_pay_the_discard_cost_exactly(make_race) -> None:
    """§19.3 with §13.D.1: when the other hand cards exactly pay the discard cost they are discarded at once
    (no choice), and the ET Discard Power card is kept for D.2."""
    race = make_race("teaching turn=5 lap=2 | D: Blue*@D.et1",
                     {"Blue": {"hand": ["R29", "T04"], "target": "R88", "chips": 3, "strategy": "balance"}},
                     deck=["R95"])
    race.apply("Blue start")  # draws R95: hand R29 T04 R95
    race.apply("Blue play R29 +traj et=T04")
    s = race.state
    assert "R95" in s.race_deck.discards and "T04" in s.track_deck.discards
    assert race.state.card_count() == len(s.cards.codes()) + len(s.track_cards.codes())
