"""Fuel and pit stops (§8, §13.A.3, §17.3 A): Ex. 7 and Ex. 17, and the pit rules."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import Pit, PitDone, PitTyres


def notes(race: racebook.Race) -> list[str]:
    return [e.body() for e in race.events]


def test_ex_7_extra_fuel_and_the_robot_pit() -> None:
    """Ex. 7: Blue goes back 9 (pit -8 + 1 extra) and his chit goes 8 → 21 (10 + 3); the best-placed SuperFast
    goes back 8 and its chit is discarded when it plays again."""
    race = racebook.load_scenario("ex07").race
    s = race.state
    assert s.cars["Blue"].refuel == 21
    assert "Blue goes back 9 section(s) to Hangar-2 and is placed last there (pit time -8 and 1 extra)" in notes(race)
    assert any(isinstance(e, ev.MovedBack) and (e.car, e.sections) == ("SuperFast1", 8) for e in race.events)
    assert s.cars["SuperFast1"].just_pit and s.cars["SuperFast1"].pits == 1
    assert s.cars["SuperFast2"].pits == 0  # only the best-placed robot of the type


def test_pit_is_mandatory_when_the_chit_is_due() -> None:
    """§13.A.3: with the refuel chit reached, the only decisions are pit stops (0–2 extra sections)."""
    race = racebook.rf90.scenario.load("ex07", play=False).race
    assert race.legal_actions() == [Pit("Blue", 0), Pit("Blue", 1), Pit("Blue", 2)]


def test_ex_17_pit_procedure() -> None:
    """Ex. 17: back 8 to corner 4 behind the Fast robot; the token goes to the SuperFast behind; chit +10;
    2 red tokens off, 1 brown stays; keep 1 card, draw 5 to the limit of 6; Hard tyres: 10 chips and 1 Track
    Card that does not count; strategy LUCKY → BANGING WHEELS; JUST PIT."""
    race = racebook.load_scenario("ex17").race
    s = race.state
    blue = s.cars["Blue"]
    assert blue.section == "Club-2" and s.cars_in("Club-2") == ["Fast1", "Blue"]
    token = next(e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§13.A.3")
    assert token.car == "SuperFast1"
    assert blue.refuel == 22
    assert (blue.red, blue.brown) == (0, 1)
    race_cards = [c for c in blue.hand if not s.card(c).is_track]
    track_cards = [c for c in blue.hand if s.card(c).is_track]
    assert len(race_cards) == 6 and len(track_cards) == 1 and "R55" in race_cards
    assert blue.chips == 10 and blue.tyre.value == "hard"
    assert blue.strategy is not None and blue.strategy.value == "banging_wheels"
    assert blue.just_pit and not blue.played


def test_hand_limit_counts_frozen_cards_and_forces_discards() -> None:
    """§13.A.3: a player may not finish the pit with more cards than the panel allows; frozen cards count."""
    race = racebook.rf90.scenario.load("ex17", play=False).race
    blue = race.state.cars["Blue"]
    blue.hand += ["R63", "R64", "R76", "R77"]  # 7 cards > 6
    race.apply("Blue pit 0")
    assert PitDone("Blue") not in race.legal_actions()
    race.apply("Blue pit-discard R63")
    assert PitDone("Blue") in race.legal_actions()
    blue.frozen.append("R78")  # a frozen duel card counts toward the limit
    race.state.race_deck.pile.remove("R78")
    race.refresh()  # the position was changed outside apply: list it again (legal_actions is listed once per position)
    assert PitDone("Blue") not in race.legal_actions()


def test_soft_tyres_limit_two_sets() -> None:
    """§9.2, AMB-31: at most two sets of soft tyres in a race, the starting set included."""
    race = racebook.rf90.scenario.load("ex17", play=False).race
    race.state.cars["Blue"].soft_sets = 2
    for a in ("Blue pit 0", "Blue pit-done"):
        race.apply(a)
    assert PitTyres("Blue", "soft") not in race.legal_actions()
    assert PitTyres("Blue", "hard") in race.legal_actions()


def test_one_robot_chit_binds_one_robot() -> None:
    """§8: a due chit makes the best-placed robot of its type pit; the next robot of the type waits for its own
    chit (found by the robots notebook: both Fast robots used to pit on the turn-8 chit)."""
    race = racebook.rf90.scenario.build({
        "scenario": {"id": "r", "track": "teaching", "seed": 8,
                     "position": "teaching turn=8 lap=3 | C: Red*{played} | E: Fast2 | G: Fast1"},
        "race": {"robot_chits": [["fast", 8], ["fast", 12]]},
        "cars": {"Fast1": {"kind": "robot", "robot": "fast"}, "Fast2": {"kind": "robot", "robot": "fast"}},
    })
    s = race.state
    assert s.cars["Fast2"].pits == 1 and s.cars["Fast1"].pits == 0
    assert [n for _, n in s.robot_chits] == [12]
