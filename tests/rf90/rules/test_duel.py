"""Duels in corner sections (§12, §24, §17.2): the manual's Ex. 15, 16, 41, 42 and rule checks."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.rf90 import events as ev
from racebook.rf90.actions import Bid
from racebook.rf90.rules import duel


def texts(race: racebook.Race) -> list[str]:
    """The sentences of the duel steps (without the citation)."""
    return [e.body() for e in race.events if isinstance(e, ev.DuelEvent)]


def of(race: racebook.Race, kind: type[ev.E]) -> list[ev.E]:
    return [e for e in race.events if isinstance(e, kind)]


def order_after_duel(race: racebook.Race, section: str) -> list[str]:
    return list(next(e.order for e in of(race, ev.DuelOrder) if e.section == section))


def test_ex_15_duel_in_the_leaders_corner() -> None:
    """Ex. 15: Orange challenges, Green and Blue accept; Orange wins and takes the Leader token; Green 2nd, Blue
    last; Orange laps Purple; B (Purple) is next; C again has no new duel and Green moves first."""
    race = racebook.load_scenario("ex15").race
    assert order_after_duel(race, "C") == ["Orange", "Green", "Blue"]
    token = next(e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§12.2")
    assert token.car == "Orange"
    reveals = {e.car: e.breakdown for e in of(race, ev.DuelReveal)}
    assert "modifier" not in reveals["Blue"]  # first car: no -2
    assert "-2 Curve 2 modifier" in reveals["Green"]
    begun = [e.car for e in race.events if isinstance(e, ev.TurnBegins)]
    assert begun[:4] == ["Orange", "Purple", "Green", "Blue"]
    assert len(of(race, ev.DuelsDeclared)) == 1  # no second duel in C this turn
    assert ("Orange", "Purple") in [(p.car, p.other) for p in race.events if isinstance(p, ev.Pass)]


def test_ex_16_tie_at_stowe() -> None:
    """Ex. 16: Green [3][3] +3 BW -3 Stowe = 6; Blue [4][2] = 6 (first, no modifier): a tie, 1 damage each,
    Blue stays ahead, Green 2nd, Orange (declined) last; [4][2] is a legal duel pair."""
    race = racebook.load_scenario("ex16").race
    reveals = {e.car: e for e in of(race, ev.DuelReveal)}
    assert reveals["Green"].total == 6 and reveals["Blue"].total == 6
    assert "total 6" in reveals["Green"].body() and "total 6" in reveals["Blue"].body()
    assert order_after_duel(race, "Stowe") == ["Blue", "Green", "Orange"]
    s = race.state
    assert (s.cars["Blue"].red, s.cars["Green"].red, s.cars["Orange"].red) == (1, 1, 0)
    assert sorted(s.cars["Blue"].frozen) == ["R14", "R22"] and sorted(s.cars["Green"].frozen) == ["R04", "R13"]
    assert s.track.corner_of("Stowe").duel_modifier == -3


def test_ex_41_one_duel_chance_per_section() -> None:
    """Ex. 41: Blue starts, Black and Red accept, Red wins and laps Purple; Purple ends behind Red; Curve 5 is
    activated again but nobody may start a duel."""
    race = racebook.load_scenario("ex41").race
    assert order_after_duel(race, "Abbey") == ["Red", "Blue", "Black"]
    assert "Black (robot) joins the duel" in texts(race)
    s = race.state
    assert s.cars_in("Priory") == ["Red", "Purple"]
    acts = [e.label for e in race.events if isinstance(e, ev.SectionActivated)]
    assert acts.count("Abbey") == 2
    assert len(of(race, ev.DuelsDeclared)) == 1
    assert race.current_car == "Blue" and race.phase is not None and race.phase.name == "A"


def test_ex_42_second_duel_through_subsections() -> None:
    """Ex. 42: Red laps Purple and Orange; in the leader's subsection Purple challenges Orange and Red joins;
    Orange wins and goes ahead of the Leader token without becoming leader; when the subsection ahead of the
    leader is activated, Orange starts a new duel against Yellow — a real chance: Yellow, a robot ahead of the
    leader, stays out (§17.2), so as a decliner it goes behind the challenger (§12.2)."""
    race = racebook.load_scenario("ex42").race
    assert "Purple is the CHALLENGER" in texts(race)[1]
    assert order_after_duel(race, "G") == ["Yellow", "Orange", "Red", "Purple"]
    s = race.state
    assert s.leader == "Red"
    assert texts(race).count("Orange is the CHALLENGER; the cars ahead must say whether they take part (Yellow)") == 1
    assert "Yellow (robot) stays out of the duel" in texts(race)
    news = [e for e in of(race, ev.DuelOrder) if e.section == "G"]
    assert news[-1].order == ("Orange", "Yellow", "Red", "Purple")
    assert news[-1].body() == "New order in G: Orange, Yellow, Red, Purple"
    assert sorted(s.cars["Orange"].frozen) == ["R21", "R25", "R57"] and s.leader == "Red"


def test_bids_are_simultaneous_and_hidden() -> None:
    """§12.1: every participant may bid in any order, and nothing is revealed until all have bid."""
    sc = racebook.rf90.scenario.load("ex15", play=False)
    race = sc.race
    for a in ("Orange challenge", "Green join", "Blue join"):
        race.apply(a)
    bidders = {a.car for a in race.legal_actions() if isinstance(a, Bid)}
    assert bidders == {"Orange", "Green", "Blue"}
    race.apply("Blue bid R07")
    assert not of(race, ev.DuelReveal)
    race.apply("Green bid R22 R24")
    race.apply("Orange bid R14 R21")
    assert of(race, ev.DuelReveal)


def test_no_duels_at_the_start_or_with_a_yellow_flag() -> None:
    """§12.3 / §22 / §15.1."""
    sc = racebook.rf90.scenario.load("ex16", play=False)
    s = sc.race.state
    act = s.activation
    assert act is not None and duel.duels_possible(s, act) is None
    s.turn = 1
    assert duel.duels_possible(s, act) == "no duels at the start (§22)"
    s.turn = 6
    s.order["Stowe"].insert(1, "(Y)")
    assert "yellow flag" in (duel.duels_possible(s, act) or "")


def test_decliners_and_tie_rules_by_unit() -> None:
    """§12.2, AMB-22/24: decliners go behind all participants; ties keep order and damage each tied car."""
    race = racebook.rf90.scenario.load("ex16", play=False).race
    for a in ("Green challenge", "Orange decline", "Blue join", "Green bid R04 R13"):
        race.apply(a)
    race.apply("Blue bid R14")  # 4 < 6: Green wins outright
    assert order_after_duel(race, "Stowe") == ["Green", "Blue", "Orange"]
    assert race.state.cars["Blue"].red == 0 and race.state.cars["Green"].red == 0


def test_a_car_that_is_not_deciding_is_told_whose_turn_it_is() -> None:
    race = racebook.rf90.scenario.load("ex16", play=False).race
    with pytest.raises(IllegalAction, match="§11: it is Green's decision"):
        race.apply("Blue challenge")


def test_a_duel_collision_that_retires_a_car_returns_its_bid_cards_once(make_race) -> None:  # type: ignore[no-untyped-def]
    """§12.2 with §18.6: tied duellists collide and take 1 damage each; a car with no free wear slot retires,
    returning every card it holds — its duel bid on the table included — to the discards exactly once (they are
    not frozen, nor discarded a second time). Found by random legal play (issue 14): R19 and R62 were discarded
    twice."""
    race = make_race("teaching turn=5 lap=2 | C: Blue* Green",
                     {"Blue": {"hand": ["R19", "R62", "R30"], "target": "R88", "wear": ["red"] * 5},
                      "Green": {"hand": ["R71", "R23", "R40"], "target": "R87", "wear": ["red"] * 5}},
                     bag=["red", "red"])
    s = race.state
    total = s.card_count()
    for a in ("Green challenge", "Blue join", "Blue bid R19 R62", "Green bid R23 R71"):
        race.apply(a)
    assert any(e.total == 3 for e in of(race, ev.DuelTie))
    assert {c.id: c.status.value for c in s.cars.values()} == {"Blue": "retired", "Green": "retired"}
    discards = s.race_deck.discards
    assert all(discards.count(c) == 1 for c in ("R19", "R62", "R23", "R71")), discards
    assert s.card_count() == total
