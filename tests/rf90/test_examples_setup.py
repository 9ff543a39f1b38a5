"""The set-up examples as scenario files (digest §30 Ex. 1–6, 8–10, 25): `racebook replay exNN` shows them."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.cards import Flag


def notes(name: str) -> tuple[racebook.Race, list[str]]:
    """The scenario's race and its event sentences (without the citation)."""
    race = racebook.load_scenario(name).race
    return race, [e.body() for e in race.events]


def qualifying(race: racebook.Race) -> list[ev.QualifyingResult]:
    return [e for e in race.events if isinstance(e, ev.QualifyingResult)]


def test_ex_1_setups_within_the_points() -> None:
    """Ex. 1: 10/6/5 and 12/5/5 are 6 points; TUNING's 12/7/5 is 8 (never more than 3 in one category)."""
    race, lines = notes("ex01")
    s = race.state
    assert [(s.cars[c].setup.tyres, s.cars[c].setup.cards, s.cars[c].setup.wear) for c in ("Blue", "Red", "Green")] \
        == [(10, 6, 5), (12, 5, 5), (12, 7, 5)]
    assert "Red takes 12 tyre chips' worth of panel and draws 5 Race Cards" in lines


def test_ex_2_resources_from_the_setup() -> None:
    """Ex. 2 / AMB-3: the player receives the tyre chips and draws the cards his setup shows (10 and 7)."""
    race, lines = notes("ex02")
    blue = race.state.cars["Blue"]
    assert "Blue takes 10 tyre chips' worth of panel and draws 7 Race Cards" in lines
    assert blue.chips == 10
    assert sum(1 for c in blue.hand if not race.state.card(c).is_track) == 7 - 1  # one laid for qualifying


def test_ex_3_tie_broken_by_lower_check_factor() -> None:
    race, lines = notes("ex03")
    assert [e.body() for e in qualifying(race) if e.value == 4] == ["Red: card [4] (25) +0 for chit 12 = 4",
                                                                     "Blue: card [4] (30) +0 for chit 12 = 4"]
    assert [(e.car, e.mp, e.check, e.modifier) for e in qualifying(race) if e.value == 4] == \
        [("Red", 4, 25, 0), ("Blue", 4, 30, 0)]
    assert race.state.leader == "Red"


def test_ex_4_chit_8_gives_plus_2() -> None:
    _, lines = notes("ex04")
    assert "Blue: card [3] (57) +2 for chit 8 = 5" in lines


def test_ex_5_three_player_qualifying() -> None:
    """Ex. 5: Orange 3 + 1 = 4 ahead of Blue 2 + 2 = 4 (13 < 74); Green 3 - 1 = 2 behind both; the cards stay as
    the Target Checks (13), (74), (17)."""
    race, lines = notes("ex05")
    humans = [e.car for e in qualifying(race) if e.robot is None]
    assert humans == ["Orange", "Blue", "Green"]
    s = race.state
    assert {c: s.card(s.cars[c].target).check for c in ("Orange", "Blue", "Green")} == \
        {"Orange": 13, "Blue": 74, "Green": 17}  # type: ignore[arg-type]


def test_ex_6_chits_on_the_turn_indicator() -> None:
    """Ex. 6: Blue and the SuperFast on turn 8, Orange on 10, the others on 12 and 14, Green on 14."""
    race = racebook.load_scenario("ex06").race
    s = race.state
    assert (s.cars["Blue"].refuel, s.cars["Orange"].refuel, s.cars["Green"].refuel) == (8, 10, 14)
    assert dict((t.value, n) for t, n in s.robot_chits) == {"superfast": 8, "fast": 14, "slow": 12}


def test_ex_8_initial_weather() -> None:
    _, lines = notes("ex08")
    assert "Weather card (34): the pawn starts on 35-26 (intermediate)" in lines


def test_ex_9_robots_fit_rain_tyres() -> None:
    race, lines = notes("ex09")
    assert "Weather card (38): the pawn starts on 45-36 (intermediate)" in lines
    assert race.state.robot_tyre.value == "rain"


def test_ex_10_lucky() -> None:
    """Ex. 10: draw 2 in phase B, discard a card; same value/colour → a Track Card."""
    race = racebook.load_scenario("ex10").race
    blue = race.state.cars["Blue"]
    assert "R22" in blue.hand and "R24" in blue.hand and "R55" not in blue.hand
    assert any(race.state.card(c).is_track for c in blue.hand)


def test_ex_25_flag_cards() -> None:
    """Ex. 25: (a) places a yellow flag, (c) draws 1 and takes the blue flag; (b) and (d) are the green flag and
    the orange pawn."""
    race = racebook.load_scenario("ex25").race
    s = race.state
    assert s.order["G"][:2] == ["Green", "(Y)"]
    assert "Pink" in s.blue_flags
    assert (s.card("R46").flag, s.card("R48").flag) == (Flag.GREEN, Flag.ORANGE)
