"""Entering the pit lane past a car on the shadow car (digest §16.1, §13.1, §13.2; the original's 11.1: "A car can
move onto the pit entry tile and enter the pit lane without a battle even if another car is on the shadow car").

The teaching circuit's 'PIT LANE' space of its own (``[pit] pit_lane_from = "T38.4.2"``, invented-for-teaching)
lies at the back of the pit-entry tile T39 beside lane 4, behind the yellow line: ``pit`` said on T38.4.2, before the
car enters T39, takes it past Red on the shadow car (T39.4.2) into the pit lane without a battle or a forced stop; a
car that does not pit is stopped by Red as before (§13.2). The track file's key and its checks; the notation and
``explain``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from racebook.core.datafile import load_toml
from racebook.core.errors import IllegalAction, TrackDataError
from racebook.formulagp import events as ev
from racebook.formulagp import track
from racebook.formulagp.actions import Attack, PitIn, Stop, To
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from tests.formulagp.test_race import at_turn, conserved

TRACKS = Path(__file__).resolve().parents[2] / "tracks" / "formulagp"


def _behind_the_shadow_car(hand: list[str], others: dict[str, str] | None = None, rules: Rules | None = None) -> Race:
    """Red stands on the shadow car (T39.4.2); Grey, in lane 4 of T38, plays ``hand``'s first card and drives to the
    front space of its lane, T38.4.2."""
    where = {"Grey": "T38.4.1", "Red": "T39.4.2", "Blue": "T30.1.1", **(others or {})}
    race = at_turn(new_race(["Grey", "Red", "Blue"], 1, rules=rules), "Grey", where, hand)
    race.apply(f"Grey play {hand[0]}")
    race.apply("Grey to T38.4.2")
    return race


def _steps(race: Race) -> set[str]:
    return {a.to for a in race.legal_actions() if isinstance(a, To)}


# ------------------------------------------------------------------ through the engine (§16.1, §13.2)
def test_the_car_behind_enters_the_pits_past_the_car_on_the_shadow_car() -> None:
    race = _behind_the_shadow_car(["G1"])  # 8th gear GREEN: 3 + 3 tyre bonus = 6 MP, 5 left on T38.4.2
    legal = race.legal_actions()
    assert "T39.4.1" not in _steps(race)  # driving on in lane 4: Red forces the stop (§13.2)
    assert {Stop("Grey"), PitIn("Grey")} <= set(legal)  # or it says it pits, before it enters T39
    assert not any(isinstance(a, Attack) for a in legal)
    grey, red = race.state.cars["Grey"], race.state.cars["Red"]
    ot, red_at = grey.ot, red.pos
    events = list(race.apply("Grey pit"))
    past = next(e for e in events if isinstance(e, ev.PitEntryPast))
    assert (past.car, past.at, past.other, past.shadow) == ("Grey", "T38.4.2", "Red", "T39.4.2")
    assert past.citation == "§16.1" and "without a battle" in str(past)
    entered = next(e for e in events if isinstance(e, ev.PitEntered))
    assert (entered.at, entered.how, entered.lost) == ("T38.4.2", "", 4)  # 1 MP to the 'PIT LANE' space, 4 lost
    assert events.index(past) < events.index(entered)
    assert not any(isinstance(e, (ev.ForcedStop, ev.PenaltyTaken, ev.PitSpeedCheck, ev.ShadowStop)) for e in events)
    assert (grey.pit, grey.pit_round, grey.ot, grey.penalties) == ("box", 3, ot, 0)
    assert race.state.track.name_of(grey.pos) == "T38.4.2"  # in the pits it keeps the space it entered from
    assert red.pos == red_at and red.pit == ""
    assert not any(isinstance(e, ev.BattleDeclared) for e in events)
    assert any(isinstance(e, ev.TurnEnded) and e.car == "Grey" for e in events)  # the turn ends in the box
    conserved(race)


def test_a_car_that_does_not_pit_is_stopped_by_the_car_on_the_shadow_car() -> None:
    race = _behind_the_shadow_car(["G1"])
    grey = race.state.cars["Grey"]
    events = list(race.apply("Grey stop"))
    stop = next(e for e in events if isinstance(e, ev.ForcedStop))  # §13.2 as before: the MP left become OT
    assert (stop.car, stop.at, stop.mp) == ("Grey", "T38.4.2", 5)
    assert grey.ot == race.state.board.ot_max and grey.pit == ""
    assert not any(isinstance(e, (ev.PitEntryPast, ev.PitEntered)) for e in events)
    assert race.state.track.name_of(grey.pos) == "T38.4.2"
    conserved(race)


def test_without_a_car_on_the_shadow_car_the_pit_lane_space_is_entered_all_the_same() -> None:
    race = _behind_the_shadow_car(["G1"], {"Red": "T30.2.1"})
    assert "T39.4.1" in _steps(race) and PitIn("Grey") in race.legal_actions()
    events = list(race.apply("Grey pit"))
    assert not any(isinstance(e, ev.PitEntryPast) for e in events)
    assert any(isinstance(e, ev.PitEntered) for e in events) and race.state.cars["Grey"].pit == "box"
    assert race.state.cars["Grey"].penalties == 0  # no yellow line crossed


def test_a_car_in_the_lane_beside_the_pit_lane_space_still_stops_the_pitting_car() -> None:
    """A reading (the source excepts only the shadow car): a car on T39.4.1 holds lane 4 beside the 'PIT LANE'
    space, so §13.2 stops the pitting car; explain says so."""
    race = _behind_the_shadow_car(["G1"], {"Blue": "T39.4.1"})
    assert PitIn("Grey") not in race.legal_actions() and Stop("Grey") in race.legal_actions()
    verdict = race.explain("Grey pit")
    assert not verdict.legal and verdict.rule == "§13.2" and "Blue" in verdict.reason and "shadow car" in verdict.reason
    before = race.position()
    with pytest.raises(IllegalAction):  # refused; nothing changes
        race.apply("Grey pit")
    assert race.position() == before


def test_the_switch_off_no_car_on_the_entry_tile_stops_the_pitting_car() -> None:
    """``pit_entry_past_shadow_car_only=False`` (N33's other reading): the 'PIT LANE' space is no racing lane, so Blue
    on T39.4.1 does not stop Grey either; a car that does not pit is still stopped; the notation carries the switch."""
    race = _behind_the_shadow_car(["G1"], {"Blue": "T39.4.1"}, Rules(pit_entry_past_shadow_car_only=False))
    assert {PitIn("Grey"), Stop("Grey")} <= set(race.legal_actions()) and "T39.4.1" not in _steps(race)
    text = format_state(race.state)
    assert "pit_entry_past_shadow_car_only=0" in text
    back = Race(parse_position(text))
    assert back.legal_actions() == race.legal_actions()
    events = list(race.apply("Grey pit"))
    past = next(e for e in events if isinstance(e, ev.PitEntryPast))
    assert past.other == "Red" and race.state.cars["Grey"].pit == "box"


def test_a_car_in_lane_3_stops_a_car_that_drives_on_but_not_one_that_pits() -> None:
    race = _behind_the_shadow_car(["G1"], {"Red": "T39.3.2"})
    assert "T39.4.1" not in _steps(race)  # lane 3 is adjacent to lane 4 (§13.2)
    assert PitIn("Grey") in race.legal_actions()  # the 'PIT LANE' space is not next to lane 3
    race.apply("Grey pit")
    assert race.state.cars["Grey"].pit == "box"


def test_a_blue_card_past_the_shadow_car_rolls_the_white_die_for_the_speed_limit() -> None:
    race = _behind_the_shadow_car(["B1"])
    race.state.stacked["white"] = ["1"]
    race.refresh()
    assert PitIn("Grey") in race.legal_actions()
    events = list(race.apply("Grey pit"))
    check = next(e for e in events if isinstance(e, ev.PitSpeedCheck))
    assert "BLUE" in check.why and check.face == 1 and race.state.cars["Grey"].penalties == 1
    assert any(isinstance(e, ev.PitEntryPast) for e in events)


def test_the_dice_owed_are_rolled_on_track_before_the_car_passes_into_the_pit_lane() -> None:
    race = _pair_behind_the_shadow_car()
    kinds = [type(e) for e in race.apply("Grey pit")]
    assert kinds.index(ev.DieRolled) < kinds.index(ev.PitEntryPast) < kinds.index(ev.PitEntered)


def _pair_behind_the_shadow_car() -> Race:
    race = at_turn(new_race(["Grey", "Red", "Blue"], 1), "Grey",
                   {"Grey": "T38.4.1", "Red": "T39.4.2", "Blue": "T30.1.1"}, ["G1", "G2"])
    race.state.stacked["yellow"] = ["3"]
    race.refresh()
    race.apply("Grey play G1 G2")
    race.apply("Grey to T38.4.2")
    return race


def test_the_choice_reads_back_from_the_notation_and_pit_elsewhere_is_explained() -> None:
    race = _behind_the_shadow_car(["G1"])
    text = format_state(race.state)
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert "Grey pit" in [str(a) for a in back.legal_actions()]
    back.apply("Grey pit")
    race.apply("Grey pit")
    assert format_state(back.state) == format_state(race.state)
    elsewhere = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T38.3.1", "Red": "T30.1.1"}, ["G1"])
    elsewhere.apply("Grey play G1")
    elsewhere.apply("Grey to T38.3.2")
    verdict = elsewhere.explain("Grey pit")
    assert not verdict.legal and verdict.rule == "§16.1" and "T38.4.2" in verdict.reason


# ------------------------------------------------------------------ the track file (SCHEMA.md, "The pit lane")
def _doc() -> dict[str, Any]:
    return load_toml(TRACKS / "teaching.toml")


def test_the_teaching_circuit_has_a_pit_lane_space_of_its_own() -> None:
    t = track.load_track()
    assert t.pit_lane_from is not None and t.name_of(t.pit_lane_from) == "T38.4.2"
    assert "'PIT LANE' space of its own" in t.pit_source and t.pit_source.startswith("invented-for-teaching: ")
    assert track.load_track("teaching_bots").pit_lane_from is None


def _off_lane_4_on_t38(doc: dict[str, Any]) -> None:
    row = next(r for r in doc["tiles"] if r.get("id") == "T38")
    row["lanes"] = row["lanes"][:3] + ["off"]
    doc["pit"]["pit_lane_from"] = "T38.3.2"


def _entry_after_the_line(doc: dict[str, Any]) -> None:
    doc["pit"]["entry"] = "T01"
    del doc["pit"]["shadow"], doc["pit"]["source"]
    doc["pit"]["pit_lane_from"] = "T40.4.2"


@pytest.mark.parametrize(("edit", "field", "reason"), [
    ({"pit_lane_from": "T38.3.2"}, "pit.pit_lane_from", "the tile before the pit-entry tile, T38.4.2"),
    ({"pit_lane_from": "T38.4.1"}, "pit.pit_lane_from", "T38.4.2"),
    ({"pit_lane_from": "T37.4.2"}, "pit.pit_lane_from", "T38.4.2"),
    ({"pit_lane_from": "T39.4.1"}, "pit.pit_lane_from", "T38.4.2"),
    ({"pit_lane_from": "T38.4.9"}, "pit.pit_lane_from", "racing space"),
    ({"pit_lane_from": "pit lane"}, "pit.pit_lane_from", "racing space"),
    ({"pit_lane_from": "T99.4.2"}, "pit.pit_lane_from", "racing space"),
    ({"pit_lane_from": 3}, "pit.pit_lane_from", ""),
    ({"pit_lane_from": ["T38.4.2"]}, "pit.pit_lane_from", ""),
    (_off_lane_4_on_t38, "pit.pit_lane_from", "lane 4 is off track on T38"),
    (_entry_after_the_line, "pit.pit_lane_from", "finish line"),
    ({"pit_lane_form": "T38.4.2"}, "pit.pit_lane_form", ""),
])
def test_a_bad_pit_lane_space_is_one_clean_track_error(edit: Any, field: str, reason: str) -> None:
    doc = _doc()
    if callable(edit):
        edit(doc)
    else:
        doc["pit"].update(edit)
    with pytest.raises(TrackDataError) as e:
        track.parse_track(doc, "x.toml")
    assert (e.value.file, e.value.field) == ("x.toml", field) and reason in e.value.reason, str(e.value)
    assert "\n" not in str(e.value)


def test_a_track_without_the_key_enters_only_from_the_pit_entry_tile() -> None:
    doc = _doc()
    del doc["pit"]["pit_lane_from"]
    assert track.parse_track(doc, "x.toml").pit_lane_from is None
    race = _behind_the_shadow_car(["G1"])
    race.state._track = track.parse_track(doc, "x.toml")  # the state's track, loaded once (a built position)
    race.refresh()
    assert PitIn("Grey") not in race.legal_actions() and Stop("Grey") in race.legal_actions()
    assert race.explain("Grey pit").rule == "§16.1"
