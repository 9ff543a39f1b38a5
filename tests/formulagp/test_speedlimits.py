"""[ADV] Speed limits by card colour (digest §11.4.2, §19.2, A12; Standing Water §19.8.4): the pure rule, the race
hook, the worked examples (Example 22, Example 23, the text's pairs against speed limits) and the house-rule switches
``repeated_hazard_dice``, ``orange_limit_as_played`` and ``standing_water_from_start``, each read both ways."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from racebook.core.errors import DataError
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp import speedlimits
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.components import Colour
from racebook.formulagp.events.speedlimits import SpeedLimitBroken
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import RepeatedHazardDice
from racebook.formulagp.rules import speedlimits as sl
from racebook.formulagp.rules.hazards import DiceOwed, Hazard, dice_owed
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Car, Mode, RaceState, Turn
from racebook.formulagp.track import load_track, parse_track, race_track

G, R, B, ORANGE = Colour.GREEN, Colour.RED, Colour.BLUE, Colour.ORANGE
TRACK = load_track("teaching")
TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "formulagp"


def _race(sid: str) -> Race:
    sc = fgp_scenario.read(sid)
    race = sc.race(play=False)
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


def test_speeding_in_a_standard_race_rolls_nothing() -> None:
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


# ------------------------------------------------------------------ Example 23 (§19.3) and the text's x5 (8.4.2)
def test_fgp_ex_23_speeding_in_a_yellow_zone_spins_without_a_second_yellow_flag() -> None:
    """Example 23 [13.8]: a car exceeds a speed limit inside a Yellow Flag zone and rolls the RED die; it spins from
    that roll: no second Yellow Flag (the zone is the only one on track). Scenario: fgp_ex23."""
    race = _race("fgp_ex23_speeding_in_a_yellow_zone_no_second_yellow")
    s = race.state
    assert _dice(race, "Grey") == ["red", "yellow"]  # the speed limit still rolls in the zone
    assert [e.face for e in race.events if isinstance(e, ev.DieRolled) and e.die == "red"] == ["loss_of_control"]
    assert any(isinstance(e, ev.YellowExtended) for e in race.events)
    assert not any(isinstance(e, ev.YellowFlag) for e in race.events)  # no second Yellow Flag
    assert len(s.zones) == 1 and s.sc_tile < 0  # one zone: no Safety Car from two zones (§19.3)


def test_fgp_ex_x5_pairs_against_speed_limits() -> None:
    """8.4.2 in the text: GREEN+GREEN (RED pace) still respects a GREEN limit; RED+RED (BLUE pace) a RED limit. The
    same 7-MP path as Example 22: the GREEN pair owes only its pair's YELLOW die. Scenario: fgp_exx5."""
    race = _race("fgp_exx5_pairs_against_speed_limits")
    assert _dice(race, "Grey") == ["yellow"]
    assert not any(isinstance(e, SpeedLimitBroken) for e in race.events)
    s = race.state
    grey = s.cars["Grey"]
    t04, t05 = TRACK.tile("T04").index, TRACK.tile("T05").index
    seen = ((t04, 2, 1), (t04, 2, 2), (t05, 2, 1))
    grey.pos = replace(grey.pos, tile=TRACK.tile("T06").index)
    assert speedlimits.hazards(s, grey, Turn("Grey", ("R1", "R2"), pair=True, seen=seen)) == []  # RED+RED, RED
    assert speedlimits.hazards(s, grey, Turn("Grey", ("B1",), seen=seen)) == [Hazard.SPEED_LIMIT] * 2  # BLUE breaks


def _turn_from(start: str, to: str, cards: tuple[str, ...], played_as: str = "") -> tuple[Turn, int]:
    tiles = [TRACK.tile(start).index]
    while tiles[-1] != TRACK.tile(to).index:
        tiles.append(TRACK.next_tile(tiles[-1]))
    return Turn("Grey", cards, played_as, seen=tuple((i, 2, 1) for i in tiles[:-1])), tiles[-1]


def _grey_at(tile: int) -> tuple[RaceState, Car]:
    race = fgp_scenario.read("fgp_ex22_speeding_through_two_corners").race(play=False)
    s = race.state
    s.cars["Grey"].pos = replace(s.cars["Grey"].pos, tile=tile)
    return s, s.cars["Grey"]


def test_starting_from_a_limited_tile_counts_ending_on_it_is_free() -> None:
    t, end = _turn_from("T08", "T10", ("R1",))
    s, grey = _grey_at(end)
    assert speedlimits.hazards(s, grey, t) == [Hazard.SPEED_LIMIT]  # started from T08 (§11.4.2)
    t, end = _turn_from("T06", "T07", ("B1",))
    s, grey = _grey_at(end)
    assert speedlimits.hazards(s, grey, t) == []  # ended on T07 with BLUE: free


@pytest.mark.parametrize(("as_played", "owed"), [(True, 0), (False, 2)])
def test_orange_limit_as_played_both_readings(as_played: bool, owed: int) -> None:
    t, end = _turn_from("T06", "T09", ("O1",), "green")
    s, grey = _grey_at(end)
    s.rules = replace(s.rules, orange_limit_as_played=as_played)
    assert len(speedlimits.hazards(s, grey, t)) == owed


@pytest.mark.parametrize(("from_start", "owed"), [(True, [Hazard.STANDING_WATER] * 2),
                                                  (False, [Hazard.STANDING_WATER])])
def test_standing_water_from_start_both_readings(from_start: bool, owed: list[Hazard]) -> None:
    """§19.8.4: Standing Water is a GREEN limit; the start tile counts by default (A44), not in the other reading."""
    t, end = _turn_from("T10", "T12", ("R1",))
    s, grey = _grey_at(end)
    s.standing_water = (TRACK.tile("T10").index, TRACK.tile("T11").index)
    s.rules = replace(s.rules, standing_water_from_start=from_start)
    assert speedlimits.hazards(s, grey, t) == owed


def test_bots_and_standard_races_ignore_limits() -> None:
    t, end = _turn_from("T06", "T09", ("B1",))
    s, grey = _grey_at(end)
    assert len(speedlimits.hazards(s, grey, t)) == 2
    grey.bot = "rookie"
    assert speedlimits.hazards(s, grey, t) == []  # §22.9, [BOT 2.1.1]
    grey.bot = ""
    s.mode = Mode.STANDARD
    assert speedlimits.hazards(s, grey, t) == []


@settings(max_examples=60, deadline=None)
@given(colours=st.lists(st.sampled_from([G, R, B, ORANGE]), min_size=1, max_size=2),
       limits=st.lists(st.sampled_from([None, G, R]), max_size=6), water=st.lists(st.booleans(), max_size=6))
def test_speeding_property(colours: list[Colour], limits: list[Colour | None], water: list[bool]) -> None:
    """One event per broken limit; GREEN cards never speed; BLUE breaks every limit; the dice owed are 1 RED per kind
    and a YELLOW per extra occurrence (A12)."""
    left = [sl.Leaving(i, lim, i < len(water) and water[i]) for i, lim in enumerate(limits)]
    colour = sl.move_colour(colours, G)
    hz = sl.speeding(left, colour)
    if colour is G:
        assert hz == []
    if colour is B:
        assert hz.count(Hazard.SPEED_LIMIT) == sum(1 for x in left if x.limit is not None)
    assert hz.count(Hazard.SPEED_LIMIT) <= len(left) and hz.count(Hazard.STANDING_WATER) <= len(left)
    owed = dice_owed(hz)
    assert owed.red == len(set(hz)) and owed.red + owed.yellow == len(hz)


# ------------------------------------------------------------------ the computer driver and whole races
def test_the_greedy_driver_gives_up_mp_rather_than_speed_needlessly() -> None:
    """agents.Greedy weighs a play by its MP less speedlimits.SPEEDING_MP per limit it would break (the rule's own
    would_speed): from T06 a RED card through the GREEN hairpin is worth less than its MP; a GREEN card is not."""
    s, grey = _grey_at(TRACK.tile("T06").index)
    grey.pos = replace(grey.pos, lane=2, space=0)
    assert speedlimits.ahead(s, grey, 7)[:3] == [TRACK.tile(t).index for t in ("T06", "T07", "T08")]
    assert speedlimits.greedy_value(s, grey, ("R1",), "", 7) == 7 - 2 * speedlimits.SPEEDING_MP
    assert speedlimits.greedy_value(s, grey, ("G1", "G2"), "", 7) == 7
    s.mode = Mode.STANDARD
    assert speedlimits.greedy_value(s, grey, ("R1",), "", 7) == 7


def test_greedy_advanced_races_run_to_the_flag() -> None:
    """Seeded Advanced races (2-6 greedy cars, with and without qualifying) on the race circuit, whose Gear Markers
    are invented-for-teaching: each runs to the flag, with speed limits broken and their dice rolled."""
    broke = 0
    for seed in range(12):
        cars = ["A", "B", "C", "D", "E", "F"][:2 + seed % 5]
        race = new_race(cars, seed, track=race_track(), mode=Mode.ADVANCED, qualifying=seed % 2 == 0)
        play_out(race, {c: Greedy(seed * 7 + i) for i, c in enumerate(cars)})
        assert race.state.finished and sorted(race.classification()) == sorted(cars)
        broke += sum(1 for e in race.events if isinstance(e, SpeedLimitBroken))
    assert broke > 0


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), water=st.sets(st.integers(0, 40), max_size=4))
@example(seed=114, water=set())  # a Rainy race: the weather lays its own Standing Water (the merge with h8's weather)
def test_advanced_races_with_standing_water_end_and_round_trip(seed: int, water: set[int]) -> None:
    """Any seed, any Standing Water tiles: the race ends, every limit broken is logged before its dice, and the
    position (with ``sw=``) round-trips. The tokens at the end are the race's own: the weather adds them when it rains
    and dries them one a round after (§19.1.1), and a car driving through one in the dry removes it (§19.8.4)."""
    race = new_race(["A", "B"], seed, mode=Mode.ADVANCED)
    tiles = [i for i in sorted(water) if i < len(race.state.track.tiles) and race.state.track.tiles[i].costs_mp]
    race.state.standing_water = tuple(tiles)
    play_out(race, {"A": Greedy(seed), "B": Greedy(seed + 1)})
    assert race.state.finished
    line = format_state(race.state)
    back = parse_position(line)
    assert back.standing_water == race.state.standing_water and format_state(back) == line
