"""Race Position Notation (racebook.rf90.notation): parse/format round trips, lap reconstruction, errors.

Laps follow AMB-25 / §13.E.4: ``-k`` is the "-k lap" token (laps behind the leader ``*``); a car physically
ahead of the leader in his own section without a token is "not yet lapped" (§11.2 case 3).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from racebook.core.errors import NotationError
from racebook.rf90 import notation
from racebook.rf90.car import CarKind, RobotType
from racebook.rf90.rules.movement import Move, advance
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.track import Track

MakeState = Callable[..., RaceState]

CANONICAL = [
    "teaching turn=5 lap=2 weather=0 | G: Red Blue*",
    "teaching turn=5 lap=2 weather=0 | G: Red-1 Blue*",
    "teaching turn=5 lap=2 weather=0 | G: Blue* Red-1 | H: Green",
    "teaching turn=5 lap=3 weather=0 | L: Blue* | A: Red | B: Green-1",
    "teaching turn=5 lap=2 weather=6 | F: Red@F.t1{played} Blue*{no_move} | G: (Y) Green{just_pit}",
    "teaching turn=5 lap=2 weather=0 | A: Blue* | F: Pink-2 | K: Slow1-1 Fast2",
    "teaching turn=1 lap=2 weather=3 | E: Blue* | G: Orange Green | I: Yellow | D: Purple-1",  # lap=1: Purple on lap -1
    "teaching turn=16 lap=4 weather=2 | C: SuperFast1* Red{played,no_move} | D: Blue-1 | J: Slow2-3",
    "silverstone turn=9 lap=2 weather=4 | Stowe: Blue* (Y) Red | Hangar-2: Green@Hangar-2.t1 | Pits-3: Fast1-1",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_parse_str_round_trip(text: str) -> None:
    """str(parse(s)) == s for canonical text."""
    assert str(notation.parse(text)) == text


@pytest.mark.parametrize("text", CANONICAL)
def test_apply_format_round_trip(make_state: MakeState, text: str) -> None:
    """format_state(apply(parse(s))) == s: sections written from the leader's section backwards."""
    state = make_state(text)
    assert notation.format_state(state) == text
    assert notation.of(state) == notation.parse(text)


@pytest.mark.parametrize("text", CANONICAL)
def test_applied_position_keeps_the_leader_frontmost(make_state: MakeState, text: str) -> None:
    """§11.1: the Leader token is on the frontmost car (most laps, then furthest section, then in-section order)."""
    state = make_state(text)
    assert state.leader == state.frontmost()
    for cid in state.cars:
        if cid != state.leader:
            assert state.key(cid) < state.key(state.leader)  # type: ignore[arg-type]


def test_header_defaults() -> None:
    pos = notation.parse("teaching | G: Blue")
    assert (pos.track, pos.turn, pos.lap, pos.weather) == ("teaching", 1, 1, 0)
    assert str(pos) == "teaching turn=1 lap=1 weather=0 | G: Blue"


def test_sections_may_be_listed_in_any_order_and_empty_groups_are_skipped(make_state: MakeState) -> None:
    a = make_state("teaching turn=5 lap=2 | H: Green | G: Blue* Red-1 |")
    b = make_state("teaching turn=5 lap=2 | G: Blue* Red-1 | H: Green")
    assert notation.format_state(a) == notation.format_state(b)


def test_without_a_star_the_first_car_listed_is_the_leader(make_state: MakeState) -> None:
    s = make_state("teaching turn=3 lap=2 | F: Red | G: Blue")
    assert s.leader == "Red" and s.cars["Red"].lap == 2
    assert notation.format_state(s) == "teaching turn=3 lap=2 weather=0 | F: Red* | G: Blue"


def test_header_sets_turn_weather_and_the_leaders_lap(make_state: MakeState) -> None:
    s = make_state("teaching turn=7 lap=4 weather=5 | G: Blue")
    assert (s.turn, s.weather, s.cars["Blue"].lap, s.leader) == (7, 5, 4, "Blue")


# ------------------------------------------------------------------ laps-down reconstruction (AMB-25)


def test_car_ahead_of_the_leader_in_his_section_without_token_is_not_yet_lapped(make_state: MakeState) -> None:
    """§11.2 case 3: a car ahead of the leader in his section with no token is a lap behind in distance
    but not yet lapped (the leader will lap it when he passes)."""
    s = make_state("teaching turn=5 lap=2 | G: Red Blue*")
    assert s.cars["Red"].lap == 1 and s.laps_down("Red") == 0
    assert s.ahead_of_leader("Red")
    assert s.race_order() == ["Blue", "Red"]


def test_car_ahead_of_the_leader_in_his_section_with_token_was_lapped_before(make_state: MakeState) -> None:
    """-1 on a car ahead of the leader in his section: lapped once already, about to be lapped again."""
    s = make_state("teaching turn=5 lap=2 | G: Red-1 Blue*")
    assert s.cars["Red"].lap == 0 and s.laps_down("Red") == 1 and s.ahead_of_leader("Red")


def test_car_just_behind_the_leader_with_token(make_state: MakeState) -> None:
    """-1 on a car behind the leader in his section: the leader has just lapped it."""
    s = make_state("teaching turn=5 lap=2 | G: Blue* Red-1")
    assert s.cars["Red"].lap == 1 and s.laps_down("Red") == 1 and not s.ahead_of_leader("Red")


def test_car_in_a_section_ahead_of_the_leader_is_a_lap_behind(make_state: MakeState) -> None:
    """A car in a section physically ahead of the leader (no token) is on the previous lap, not yet lapped."""
    s = make_state("teaching turn=5 lap=3 | G: Blue* | F: Red | A: Green-1")
    assert s.cars["Red"].lap == 2 and s.laps_down("Red") == 0
    assert s.cars["Green"].lap == 1 and s.laps_down("Green") == 1


def test_cars_behind_the_leader(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 lap=3 | G: Blue* | H: Red | I: Green-2 | L: Pink-1")
    assert [s.cars[c].lap for c in ("Red", "Green", "Pink")] == [3, 1, 2]
    assert [s.laps_down(c) for c in ("Red", "Green", "Pink")] == [0, 2, 1]


def test_leader_in_section_after_the_finish_line(make_state: MakeState) -> None:
    """The finish line lies between A and L: a car in A without a token is behind a leader in L on the same lap."""
    s = make_state("teaching turn=5 lap=3 | L: Blue* | A: Red | B: Green-1")
    assert s.cars["Red"].lap == 2 and s.laps_down("Red") == 0
    assert s.cars["Green"].lap == 1 and s.laps_down("Green") == 1


def test_format_follows_the_race_after_a_lapping(make_state: MakeState) -> None:
    """§13.E.4: after the leader laps Red, the position shows Red-1 behind him; it parses back the same."""
    s = make_state("teaching turn=5 lap=2 | F: Red Blue*")
    mv = Move("Blue", 1)
    advance(s, mv, [])
    advance(s, mv, [], check_result=True)
    text = notation.format_state(s)
    assert text == "teaching turn=5 lap=2 weather=0 | F: Blue* Red-1"
    again = RaceState(s.track)
    notation.apply(notation.parse(text), again)
    assert {c: again.cars[c].lap for c in again.cars} == {c: s.cars[c].lap for c in s.cars}


def test_format_after_crossing_the_finish_line(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 lap=2 | A: Blue* | B: Red")
    advance(s, Move("Blue", 2), [])
    assert notation.format_state(s) == "teaching turn=5 lap=3 weather=0 | K: Blue* | B: Red"


# ------------------------------------------------------------------ tokens


def test_robot_ids_make_robots_of_that_type(make_state: MakeState) -> None:
    """§17: ids starting with SuperFast / Fast / Slow are robots of that type."""
    s = make_state("teaching | G: SuperFast1 Fast2 Slow3 Blue")
    assert [s.cars[c].robot for c in ("SuperFast1", "Fast2", "Slow3")] == [
        RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW]
    assert s.cars["Blue"].kind is CarKind.HUMAN and s.cars["Blue"].robot is None
    assert notation.robot_type_for("Fastidious") is RobotType.FAST  # prefix rule
    assert notation.robot_type_for("Blue") is None


def test_flags_trajectory_and_yellow_flag_tokens(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 | F: Red@F.t1{played,no_move} Blue* | G: (Y) Green{just_pit}")
    red, green = s.cars["Red"], s.cars["Green"]
    assert red.trajectory == "F.t1" and red.played and red.no_move and not red.just_pit
    assert green.just_pit and not green.played
    assert s.order["G"] == [YELLOW_FLAG, "Green"]
    assert s.cars_in("G") == ["Green"]
    tok = notation.parse("teaching | F: Red*-2@F.t1{played}").sections[0][1][0]
    assert tok == notation.CarToken("Red", True, 2, "F.t1", ("played",))
    assert str(tok) == "Red*-2@F.t1{played}"


def test_apply_replaces_the_previous_position(make_state: MakeState) -> None:
    s = make_state("teaching turn=5 | F: Red Blue | G: Green")
    notation.apply(notation.parse("teaching turn=6 | A: Green | B: Blue | C: Red"), s)
    assert s.cars_in("F") == [] and s.cars_in("G") == []
    assert (s.cars["Green"].section, s.turn, s.leader) == ("A", 6, "Green")


def test_position_car_ids() -> None:
    assert notation.parse("teaching | G: A1 (Y) B2 | H: C3").car_ids() == ["A1", "B2", "C3"]


def test_empty_position_has_no_leader(make_state: MakeState) -> None:
    s = make_state("teaching turn=2")
    assert s.leader is None and s.cars == {}


# ------------------------------------------------------------------ errors quote the text and name the token

PARSE_ERRORS = [
    ("teaching turn=x | G: Red", "'turn=x'"),
    ("teaching speed=3 | G: Red", "'speed=3'"),
    ("teaching | G: Red! Blue", "'Red!'"),
    ("teaching | G: 9Lives", "'9Lives'"),
    ("teaching | G: Red{flying}", "'flying'"),
    ("teaching | G: Red | H: Red", "Red appears twice"),
    ("teaching | G: Red* Blue*", "more than one car holds the Leader token"),
    ("| G: Red", "missing track id"),
    ("teaching | G Red", "'G Red'"),
]


@pytest.mark.parametrize(("text", "names"), PARSE_ERRORS)
def test_parse_errors_quote_the_text_and_name_the_bad_token(text: str, names: str) -> None:
    with pytest.raises(NotationError) as e:
        notation.parse(text)
    msg = str(e.value)
    assert repr(text) in msg
    assert names in msg


APPLY_ERRORS = [
    ("teaching | Z: Red", "'Z'"),
    ("silverstone | G: Red", "'silverstone'"),
    ("teaching weather=9 | G: Red", "weather=9"),
    ("teaching | G: Red@F.t1", "F.t1"),
    ("teaching | G: Red@Q.t9", "Q.t9"),
]


@pytest.mark.parametrize(("text", "names"), APPLY_ERRORS)
def test_apply_errors_name_the_bad_part(teaching: Track, text: str, names: str) -> None:
    """Placing a position on a track: unknown section, wrong track, weather off the table, bad trajectory."""
    state = RaceState(teaching)
    with pytest.raises(NotationError) as e:
        notation.apply(notation.parse(text), state)
    assert names in str(e.value)
    assert "position" in str(e.value)


def test_apply_without_creating_cars(make_state: MakeState) -> None:
    s = make_state("teaching | G: Blue")
    with pytest.raises(NotationError) as e:
        notation.apply(notation.parse("teaching | G: Blue Ghost"), s, create_missing=False)
    assert "Ghost" in str(e.value)


def test_yellow_flag_only_in_a_corner_section(make_state: MakeState) -> None:
    """§15.1: a yellow flag is placed on a corner section; a position with one on a straight is not a race
    position."""
    with pytest.raises(NotationError) as e:
        make_state("teaching turn=5 | F: (Y) Red Blue")
    assert "F" in str(e.value)


def test_at_most_one_yellow_flag_per_corner_section(make_state: MakeState) -> None:
    """§15.1: max 1 yellow flag per corner section."""
    with pytest.raises(NotationError) as e:
        make_state("teaching turn=5 | G: (Y) Red (Y) Blue")
    assert "G" in str(e.value)
