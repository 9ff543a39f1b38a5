"""The pit-entry tile's shadow car (digest §16.1, §2.5; the original's 11.1) and the pit lane's steps in the move:
a car that does not pit stops on the shadow car ahead of the yellow line (its MP left lost, no OT), a car whose turn
starts there rejoins the track sideways, the track file's ``pit.shadow`` (invented-for-teaching: the source prints no
pit-entry diagram) and its checks; the pit exit's forward and sideways steps listed by the move itself (§16.5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from racebook.core.datafile import load_toml
from racebook.core.errors import TrackDataError
from racebook.formulagp import events as ev
from racebook.formulagp import track
from racebook.formulagp.actions import PitIn, Stop, To
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from tests.formulagp.test_race import at_turn, conserved

TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "formulagp"


def _events(race: Race, text: str) -> list[object]:
    return list(race.apply(text))


def _steps(race: Race) -> set[str]:
    return {a.to for a in race.legal_actions() if isinstance(a, To)}


# ------------------------------------------------------------------ the shadow car (§16.1)
def test_the_teaching_circuit_puts_the_shadow_car_at_the_front_of_the_pit_entry_lane() -> None:
    t = track.load_track()
    assert t.pit_shadow is not None and t.name_of(t.pit_shadow) == "T39.4.2"
    assert t.pit_source.startswith("invented-for-teaching: ") and "no diagram" in t.pit_source


def test_a_car_that_does_not_pit_stops_on_the_shadow_car_and_loses_its_mp() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.4.1", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")  # 8th gear GREEN: 3 + 3 tyre bonus = 6 MP
    race.apply("Grey to T39.4.2")  # onto the shadow car: 5 MP left
    legal = race.legal_actions()
    assert not _steps(race)  # neither forward (behind the yellow line) nor sideways: it must stop
    assert Stop("Grey") in legal and PitIn("Grey") in legal  # or enter the pits forward (§16.1)
    c = race.state.cars["Grey"]
    ot = c.ot
    events = _events(race, "Grey stop")
    stop = next(e for e in events if isinstance(e, ev.ShadowStop))
    assert (stop.car, stop.at, stop.lost) == ("Grey", "T39.4.2", 5) and stop.citation == "§16.1"
    assert not any(isinstance(e, (ev.ForcedStop, ev.NoWay)) for e in events)
    assert c.ot == ot and race.state.track.name_of(c.pos) == "T39.4.2" and race.state.turn is not None
    assert race.state.turn.mp_left == 0 and c.pit == ""
    conserved(race)


def test_explain_says_the_lane_ahead_of_the_shadow_car_is_the_pit_lane() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.4.1", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")
    race.apply("Grey to T39.4.2")
    for text in ("Grey to T40.4.1", "Grey to T39.3.2"):
        verdict = race.explain(text)
        assert not verdict.legal and verdict.rule == "§16.1" and "shadow car" in verdict.reason


def test_a_car_moving_sideways_onto_the_shadow_car_stops_there_too() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.3.2", "Red": "T30.1.1"}, ["R1"])
    race.apply("Grey play R1")  # RED: lane changes allowed
    assert "T39.4.2" in _steps(race)
    race.apply("Grey to T39.4.2")
    assert not _steps(race) and Stop("Grey") in race.legal_actions()


def test_a_turn_that_starts_on_the_shadow_car_rejoins_from_the_lane_beside() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.4.2", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")
    assert _steps(race) == {"T39.3.2"}  # lane 3 beside it; not forward into the pit lane (T40.4.1)
    assert PitIn("Grey") in race.legal_actions()
    race.apply("Grey to T39.3.2")
    assert "T40.3.1" in _steps(race)


def test_a_blue_card_on_the_shadow_car_can_only_pit_or_stop() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.4.2", "Red": "T30.1.1"}, ["B1"])
    race.apply("Grey play B1")  # BLUE: no lane change (§6.2)
    assert not _steps(race) and {Stop("Grey"), PitIn("Grey")} <= set(race.legal_actions())


def test_the_other_lanes_of_the_pit_entry_tile_drive_on() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.3.1", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")
    race.apply("Grey to T39.3.2")
    assert "T40.3.1" in _steps(race) and Stop("Grey") not in race.legal_actions()


def test_the_position_notation_round_trips_on_the_shadow_car() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T39.4.1", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")
    race.apply("Grey to T39.4.2")
    text = format_state(race.state)
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert [str(a) for a in back.legal_actions()] == ["Grey stop", "Grey pit"]


# ------------------------------------------------------------------ the track file (SCHEMA.md, "The pit lane")
def _doc() -> dict[str, Any]:
    return load_toml(TRACKS / "teaching.toml")


@pytest.mark.parametrize(("edit", "field", "reason"), [
    ({"shadow": "T39.4.1"}, "pit.shadow", "front space of the pit-entry tile's pit-side lane, T39.4.2"),
    ({"shadow": "T39.3.2"}, "pit.shadow", "front space"),
    ({"shadow": "T38.4.2"}, "pit.shadow", "front space"),
    ({"shadow": "T39.9.9"}, "pit.shadow", "racing space"),
    ({"shadow": 3}, "pit.shadow", ""),
    ({"source": None}, "pit.source", "provenance"),
    ({"source": "made up"}, "pit.source", "provenance"),
    ({"shadow": None}, "pit.source", "pit.shadow, which is missing"),
])
def test_a_bad_shadow_car_is_one_clean_track_error(edit: dict[str, Any], field: str, reason: str) -> None:
    doc = _doc()
    for k, v in edit.items():
        if v is None:
            del doc["pit"][k]
        else:
            doc["pit"][k] = v
    with pytest.raises(TrackDataError) as e:
        track.parse_track(doc, "x.toml")
    assert (e.value.file, e.value.field) == ("x.toml", field) and reason in e.value.reason, str(e.value)
    assert "\n" not in str(e.value)


def test_a_track_without_a_shadow_car_keeps_the_pit_side_lane_open() -> None:
    doc = _doc()
    del doc["pit"]["shadow"], doc["pit"]["source"]
    t = track.parse_track(doc, "x.toml")
    assert t.pit_shadow is None and t.pit_source == ""
    bots = track.load_track("teaching_bots")
    assert bots.pit_shadow is None


# ------------------------------------------------------------------ the pit exit's steps, listed by the move (§16.5)
def _at_exit(hand: list[str], others: dict[str, str]) -> Race:
    race = at_turn(new_race(["Grey", "Red", "Blue"], 1), "Grey", {"Grey": "T02.4.2", **others}, hand)
    c = race.state.cars["Grey"]
    c.pit, c.pit_round = "exit", 2
    race.refresh()
    return race


def test_the_pit_exit_lists_forward_and_sideways_and_no_other_lane_change() -> None:
    race = _at_exit(["R1"], {"Red": "T30.1.1", "Blue": "T31.1.1"})
    race.apply("Grey play R1")
    assert _steps(race) == {"T03.4.1", "T02.4.2"}  # forward, or sideways across the yellow line (its own space)
    assert Stop("Grey") not in race.legal_actions()


def test_a_blocked_pit_exit_with_the_sideways_step_free_is_no_forced_stop() -> None:
    race = _at_exit(["R1"], {"Red": "T03.4.1", "Blue": "T31.1.1"})  # the car ahead holds T03
    race.apply("Grey play R1")
    assert _steps(race) == {"T02.4.2"}
    assert Stop("Grey") in race.legal_actions()  # a forced stop behind the car ahead (§13.2) is a choice too


def test_a_pit_exit_with_no_step_left_is_a_stop() -> None:
    race = _at_exit(["B1"], {"Red": "T03.4.1", "Blue": "T31.1.1"})  # BLUE: no sideways step (§6.2)
    race.apply("Grey play B1")
    assert not _steps(race) and Stop("Grey") in race.legal_actions()
    race = _at_exit(["R1"], {"Red": "T03.4.1", "Blue": "T02.4.2"})  # the space beside it taken
    race.apply("Grey play R1")
    assert not _steps(race) and Stop("Grey") in race.legal_actions()
