"""[ADV] Speed limits by card colour (digest §11.4.2, §19.2, A12; Standing Water §19.8.4): the pure rule, the race
hook, the worked examples (Example 22, Example 23, the text's pairs against speed limits) and the house-rule switches
``repeated_hazard_dice``, ``orange_limit_as_played`` and ``standing_water_from_start``, each read both ways."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from racebook.core.errors import DataError
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.components import Colour
from racebook.formulagp.events.speedlimits import SpeedLimitBroken
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import RepeatedHazardDice
from racebook.formulagp.rules import speedlimits as sl
from racebook.formulagp.rules.hazards import DiceOwed, Hazard, dice_owed
from racebook.formulagp.state import Mode
from racebook.formulagp.track import load_track, parse_track

G, R, B, ORANGE = Colour.GREEN, Colour.RED, Colour.BLUE, Colour.ORANGE
TRACK = load_track("teaching")
TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "formulagp"


def _race(sid: str, **rules: object) -> Race:
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
    if rules:
        race.state.rules = replace(race.state.rules, **rules)
    for a in sc.actions:
        race.apply(a)
    return race


def _dice(race: Race, car: str) -> list[str]:
    return [e.die for e in race.events if isinstance(e, ev.DieRolled) and e.car == car]


# ------------------------------------------------------------------ the pure rule (§11.4.2)
def test_a_green_limit_allows_only_green_a_red_limit_red_or_green() -> None:
    assert sl.allowed(G, G) and not sl.allowed(G, R) and not sl.allowed(G, B)
    assert sl.allowed(R, G) and sl.allowed(R, R) and not sl.allowed(R, B)
    assert all(sl.allowed(None, c) for c in (G, R, B))


def test_the_colour_of_the_cards_not_the_pace_and_orange_as_played() -> None:
    assert sl.move_colour([G, G]) is G  # GREEN+GREEN reaches RED pace but is GREEN (§11.4.2)
    assert sl.move_colour([R, R]) is R  # RED+RED reaches BLUE pace but is RED
    assert sl.move_colour([ORANGE], G) is G and sl.move_colour([ORANGE], R) is R
    assert sl.move_colour([ORANGE], G, orange_as_played=False) is R  # the switch's other reading
    assert sl.move_colour([]) is None


def test_ending_on_a_limited_tile_is_free_leaving_it_is_not() -> None:
    """Only leaving a tile triggers its limit (§11.4.2): the hook lists left tiles only; speeding counts them."""
    assert sl.speeding([], B) == []
    assert sl.speeding([sl.Leaving(0, G), sl.Leaving(1, R)], R) == [Hazard.SPEED_LIMIT]
    assert sl.speeding([sl.Leaving(0, None, True)], R) == [Hazard.STANDING_WATER]  # §19.8.4: a GREEN limit
    assert sl.speeding([sl.Leaving(0, None, True)], G) == []


# ------------------------------------------------------------------ Example 22 (§19.2, A12)
def test_fgp_ex_22_speeding_through_two_corners_rolls_1_red_and_1_yellow() -> None:
    """Example 22 [13.2]: driving through two or more corners faster than their limits → 1 RED + 1 YELLOW die (a
    single RED card, so no pair's YELLOW die). Scenario: fgp_ex22."""
    assert TRACK.tile("T07").speed_limit == TRACK.tile("T08").speed_limit == "green"
    assert dice_owed([Hazard.SPEED_LIMIT] * 2) == DiceOwed(1, 1)
    race = _race("fgp_ex22_speeding_through_two_corners")
    assert _dice(race, "Grey") == ["red", "yellow"]
    broken = [e for e in race.events if isinstance(e, SpeedLimitBroken)]
    assert [(e.car, e.tiles, e.limits, e.colour) for e in broken] == [("Grey", "T07,T08", "green,green", "red")]
    assert race.state.track.name_of(race.state.cars["Grey"].pos) == "T09.2.2"


def test_ex_22_in_a_standard_race_rolls_nothing() -> None:
    """The limits are [ADV] only (§1, §11.4.2): the same move in a Standard race owes no die."""
    sc = fgp_scenario.read("fgp_ex22_speeding_through_two_corners")
    race = sc.race(play=False)
    race.state.mode = Mode.STANDARD
    for a in sc.actions:
        race.apply(a)
    assert _dice(race, "Grey") == []


@pytest.mark.parametrize(("reading", "yellow"), [(RepeatedHazardDice.PER_ADDITIONAL, 2),
                                                 (RepeatedHazardDice.ONE_YELLOW, 1)])
def test_repeated_hazard_dice_both_readings(reading: RepeatedHazardDice, yellow: int) -> None:
    """A12: three speeding tiles → 1 RED + 2 YELLOW (per additional, 4.11.3) or 1 RED + 1 YELLOW (8.4.2)."""
    owed = dice_owed([Hazard.SPEED_LIMIT] * 3, one_yellow=reading is RepeatedHazardDice.ONE_YELLOW)
    assert owed == DiceOwed(1, yellow)
    two = dice_owed([Hazard.SPEED_LIMIT] * 2, one_yellow=reading is RepeatedHazardDice.ONE_YELLOW)
    assert two == DiceOwed(1, 1)  # Example 22: both readings agree for two


# ------------------------------------------------------------------ the track data
def test_a_bad_gear_marker_is_one_track_data_error() -> None:
    doc = tomllib.loads((TRACKS / "teaching.toml").read_text(encoding="utf-8"))
    doc["tiles"][7]["speed_limit"] = "blue"
    with pytest.raises(DataError, match=r"tiles\[7\]\.speed_limit"):
        parse_track(doc, "x.toml")


def test_the_teaching_circuit_has_two_green_and_two_red_limited_corners() -> None:
    """§2.6 guideline ([ADV]: 2 GREEN and 2 RED speed-limit corners), invented-for-teaching placements."""
    limited = {t.id: t.speed_limit for t in TRACK.tiles if t.speed_limit}
    assert sorted(limited.items()) == [("T04", "red"), ("T05", "red"), ("T07", "green"), ("T08", "green"),
                                       ("T16", "red"), ("T17", "red"), ("T30", "green"), ("T31", "green")]
    assert all(TRACK.tiles[TRACK.tile(i).index].shape is not None for i in limited)


def test_standing_water_round_trips_in_the_notation_and_is_absent_by_default() -> None:
    sc = fgp_scenario.read("fgp_ex22_speeding_through_two_corners")
    s = sc.race(play=False).state
    assert "sw=" not in format_state(s)  # every older line unchanged
    s.standing_water = (TRACK.tile("T10").index,)
    line = format_state(s)
    assert f"sw={TRACK.tile('T10').index}" in line.split()
    assert parse_position(line).standing_water == s.standing_water
