"""FormulaGP component data: the stated values are kept and cited, every other number is marked invented, and a bad
file is one clean DataError naming the file, the field and the reason (hand-made cases and a structured fuzz)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from mutate import mutate, toml_dumps

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError, TrackDataError
from racebook.formulagp import components, panel, playerboard, track, trackparts
from racebook.formulagp.components import CardType, Colour, DieFace, FaceColour, Secondary
from racebook.formulagp.playerboard import Pace, Tyre, TyreState

DATA = components.DATA
CARDS, DICE, BOARD, PANEL = (DATA / f for f in ("cards.toml", "dice.toml", "board_teaching.toml",
                                                "race_control.toml"))
TRACK = track.TRACKS / "teaching.toml"


# ----------------------------------------------------------------- the stated values
def test_the_action_deck_is_the_stated_45_cards() -> None:
    c = components.cards()
    assert {t.value: n for t, n in c.composition.items()} == {
        "green": 12, "red": 10, "blue": 4, "orange": 4, "tyre_wear": 8, "option": 6, "draw_failure": 1}
    assert len(c.action) == 45 and len({x.code for x in c.action}) == 45
    assert sum(1 for x in c.action if x.type is CardType.GREEN) == 12
    assert c.sources["deck.total"].startswith("digest §3")
    assert c.sprint == {Colour.GREEN: (2,), Colour.RED: (4,), Colour.BLUE: (6,), Colour.ORANGE: (2, 4)}


def test_stated_card_icons_are_kept() -> None:
    c = components.cards()
    assert all(x.secondary is Secondary.BRAKE for x in c.action if x.type is CardType.TYRE_WEAR)  # §5.1
    assert any(x.secondary is Secondary.PLUS_OT for x in c.action if x.type is CardType.ORANGE)  # Example 2
    assert all(x.leds == 1 for x in c.action if x.type is CardType.OPTION)  # §9.4: +1 LED in round 1
    named = {n.name: n.effect.value for n in c.named}
    assert named == {"Investigation": "investigation", "Incident on Track": "incident_on_track",
                     "Safety Car": "safety_car", "Virtual Safety Car": "virtual_safety_car",
                     "Yellow Flag": "yellow_flag", "Close Call!": "close_call"}


def test_the_dice_faces() -> None:
    d = components.dice()
    assert [f.value for f in d.white] == [1, 2, 3, 4, 5, 6] and d.white[0].icon and d.white[5].colour is FaceColour.RED
    assert set(d.yellow) == {DieFace.STRESS, DieFace.WEAR, DieFace.RISK}
    assert set(d.red) == {DieFace.WEAR, DieFace.RISK, DieFace.LOSS_OF_CONTROL}
    assert d.sources["white.6"].startswith("digest §7") and d.sources["white.3"].startswith("invented-for-teaching")


def test_the_player_board_keeps_the_stated_numbers() -> None:
    b = playerboard.load_board()
    assert b.speed(6, Pace.GREEN) == 2 and b.sources["speed.6.green"].startswith("digest §10.3")
    assert b.tyre_bonus(Tyre.SOFT, TyreState.FRESH) == 3 and b.sources["tyres.soft.fresh"].startswith("digest")
    assert b.tyre_bonus(Tyre.WET, TyreState.DEGRADED) == 1
    assert b.ot_max == 2 and b.sources["ot.max"].startswith("digest §13.2")
    assert b.hand_base == 4 and b.characteristic_mp == 1 and b.focus_mp == 1
    # Example 3's stated pattern: a level showing 2 LEDs right above a level showing 0 (hand 6 -> 4)
    assert any(b.ers_leds[i] == 2 and b.ers_leds[i - 1] == 0 for i in range(1, len(b.ers_leds)))


def test_the_race_control_panel_and_the_points() -> None:
    p = panel.panel()
    assert (p.radar["standard_start"], p.radar["advanced_start"], p.radar["final_lap"]) == (9, 1, 24)
    assert p.rounds() == 16 and p.rounds(advanced=True) == 24  # §1
    assert [p.points(10, i) for i in range(1, 11)] == [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]
    assert [p.points(8, i) for i in range(1, 4)] == [10, 7, 5] and [p.points(6, i) for i in (1, 5, 6)] == [6, 1, 0]
    assert p.points(7, 1) == 6 and p.points(9, 1) == 10 and p.points(3, 1) == 6  # A22
    assert p.counts["event"] == 30 and p.counts["wheel_to_wheel"] == 10 and p.counts["players_max"] == 6
    assert p.bot_tyre_life == {Tyre.SOFT: 5, Tyre.MEDIUM: 7, Tyre.HARD: 10, Tyre.WET: 10}
    assert p.periods == {"yellow_zone": 2, "safety_car": 2, "cold_tyres": 2, "penalty_box": 1, "penalty_box_many": 2,
                         "penalty_many": 3, "end_penalty_tiles": 5}
    with pytest.raises(ValueError, match="§20.2"):
        p.points(6, 0)


def test_the_teaching_track_has_every_tile_kind() -> None:
    t = track.load_track()
    movement = [x for x in t.tiles if x.costs_mp]
    assert len(movement) == 40  # §2.6: about 40 movement-point tiles
    assert {x.gear for x in movement} == {2, 4, 6, 8}
    assert any(x.skids for x in movement) and any(x.no_pairs for x in movement) and any(x.walls for x in movement)
    assert len({x.drs for x in movement if x.drs}) == 1
    spaces = {sp.surface for x in movement for lane in x.lanes if lane for sp in lane}
    assert spaces == set(trackparts.Surface)
    assert any(t.lane_ends(x.index, ln) for x in movement for ln in range(1, 5) if x.racing(ln))
    assert t.tiles[t.pit_entry].id == "T39" and t.tiles[t.pit_exit].id == "T02" and len(t.grid) == 6
    assert [x.feature for x in t.tiles if not x.costs_mp] == [trackparts.Feature.FINISH, trackparts.Feature.DRS]


# ----------------------------------------------------------------- provenance everywhere
def _all_sources() -> dict[str, str]:
    out: dict[str, str] = {}
    for name, obj in (("cards", components.cards()), ("dice", components.dice()), ("board", playerboard.load_board()),
                      ("panel", panel.panel())):
        out |= {f"{name}:{k}": v for k, v in obj.sources.items()}
    return out


def test_every_number_is_cited_or_invented_with_a_reason() -> None:
    sources = _all_sources()
    assert len(sources) > 150
    for k, v in sources.items():
        assert v.startswith("digest §") or v.startswith("invented-for-teaching: "), k
    stated = [k for k, v in sources.items() if v.startswith("digest §")]
    invented = [k for k, v in sources.items() if v.startswith("invented")]
    assert len(stated) > 40 and len(invented) > 40


def test_each_file_records_which_examples_rely_on_it() -> None:
    assert {"3", "4", "10", "12", "17"} <= set(playerboard.load_board().examples)
    assert {"6", "7", "8", "9", "12", "16", "17"} <= set(track.load_track().examples)
    assert "2" in components.cards().examples and "27" in panel.panel().examples


# ----------------------------------------------------------------- bad files
Loader = Callable[[dict[str, Any], str], Any]
LOADERS: dict[Path, Loader] = {
    CARDS: components.parse_cards, DICE: components.parse_dice,
    BOARD: lambda d, f: playerboard.parse_board(d, f, "teaching"),
    PANEL: panel.parse_panel, TRACK: lambda d, f: track.parse_track(d, f, "teaching")}


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return change


@pytest.mark.parametrize("file, change, field, reason", [
    (CARDS, _set(("deck", "green"), 11), "deck.total", "add up to 44"),
    (CARDS, _set(("group", 0, "count"), 4), "group", "13 green cards"),
    (CARDS, _set(("group", 0, "secondary"), "brake"), "group[0].secondary", "Tyre Wear cards"),
    (CARDS, _set(("group", 1, "source"), "a guess"), "group[1].source", "provenance"),
    (CARDS, _set(("group", 1, "colour"), "green"), "group[1].colour", "unknown key"),
    (CARDS, _set(("named", 0, "effect"), "boom"), "named[0].effect", "not one of"),
    (DICE, _set(("white", "faces", 5, "colour"), "green"), "white.faces[5].colour", "6 is a red face"),
    (DICE, _set(("yellow", "faces"), ["stress"] * 6), "yellow.faces", "exactly"),
    (DICE, _set(("red", "sources", "nope"), "digest §7: x"), "red.sources.nope", "names no value"),
    (BOARD, _set(("speed", "6", "green"), 9), "speed.6", "GREEN is the shortest"),
    (BOARD, _set(("speed", "6", "green"), "2"), "speed.6.green", "not an integer"),
    (BOARD, _set(("ers", "leds"), [2, 0]), "ers.leds", "fewer LEDs"),
    (BOARD, _set(("tyres", "hard", "fresh"), 5), "tyres", "Soft has the biggest"),
    (BOARD, _set(("wear_track", "icons", "8"), "red_die"), "wear_track.icons", "soft tyres need"),
    (BOARD, _set(("name",), "other"), "name", "file's id"),
    (PANEL, _set(("radar", "standard_start"), 30), "radar", "Advanced start comes before"),
    (PANEL, _set(("points", "8", 0), 1), "points.8", "better place"),
    (PANEL, _set(("side",), []), "side", "two sides"),
    (TRACK, _set(("tiles", 1, "lanes"), ["n n"]), "tiles[1].lanes", "4 lanes"),
    (TRACK, _set(("tiles", 1, "gear"), 5), "tiles[1].gear", "2, 4, 6 or 8"),
    (TRACK, _set(("tiles", 9, "lanes", 2), "n n"), "tiles[9].lanes[1]", "double-lane"),
    (TRACK, _set(("tiles", 1, "turn"), "left"), "tiles[1].turn", "only a corner"),
    (TRACK, _set(("tiles", 0, "gear"), 8), "tiles[0].gear", "feature tile"),
    (TRACK, _set(("pit", "entry"), "SF"), "pit.entry", "not a movement tile"),
    (TRACK, _set(("grid", 0), "T40.4.9"), "grid[0]", "racing space"),
    (TRACK, _set(("tiles", 5, "skid", 0, "end"), "4.1"), "tiles[5].skid[0].end", "racing space"),
])
def test_a_bad_file_names_the_file_the_field_and_the_reason(file: Path, change: Callable[[dict[str, Any]], None],
                                                            field: str, reason: str) -> None:
    d = load_toml(file)
    change(d)
    with pytest.raises(DataError) as e:
        LOADERS[file](d, "x.toml")
    assert (e.value.file, e.value.field) == ("x.toml", field) and reason in e.value.reason, str(e.value)
    assert "\n" not in str(e.value)


def test_a_track_error_is_a_track_data_error(tmp_path: Path) -> None:
    f = tmp_path / "teaching.toml"
    f.write_text(TRACK.read_text(encoding="utf-8").replace('gear = 6, lanes = ["n n", "n n", "n n", "k k"]',
                                                           'gear = 7, lanes = ["n n", "n n", "n n", "k k"]', 1))
    with pytest.raises(TrackDataError, match=r"teaching\.toml: tiles\[3\]\.gear: a tile shows gear 2, 4, 6 or 8"):
        track.load_track_file(f)
    with pytest.raises(TrackDataError, match="unknown FormulaGP track 'nope'"):
        track.load_track("nope")
    with pytest.raises(TrackDataError, match="<file>"):
        track.load_track_file(tmp_path)
    with pytest.raises(DataError, match="unknown player board 'nope'"):
        playerboard.load_board("nope")


def test_the_shipped_files_load_by_path() -> None:
    assert components.load_cards_file(CARDS) == components.cards()
    assert playerboard.load_board_file(BOARD).speed_table == playerboard.load_board().speed_table
    assert track.load_track_file(TRACK).tiles == track.load_track().tiles


def _clean(e: BaseException) -> bool:
    return isinstance(e, DataError) and "\n" not in str(e) and bool(e.field) and bool(e.reason)


@pytest.mark.fuzz
@pytest.mark.parametrize("file", sorted(LOADERS), ids=lambda p: p.name)
@fuzz_settings(60)
@given(data=st.data())
def test_a_mutated_file_loads_or_is_one_clean_data_error(file: Path, data: st.DataObject) -> None:
    doc, edit = mutate(load_toml(file), data)
    try:
        LOADERS[file](doc, "fuzz.toml")
    except DataError as e:
        assert _clean(e) and e.file == "fuzz.toml", (edit, str(e))


@pytest.mark.fuzz
@pytest.mark.parametrize("file", sorted(LOADERS), ids=lambda p: p.name)
@fuzz_settings(20)
@given(data=st.data())
def test_a_mutated_file_written_as_toml_loads_or_is_one_clean_error(tmp_path_factory: pytest.TempPathFactory,
                                                                   file: Path, data: st.DataObject) -> None:
    doc, edit = mutate(load_toml(file), data)
    try:
        text = toml_dumps(doc)
    except (TypeError, ValueError):
        return  # not writable as TOML (e.g. a list of mixed tables)
    if any(isinstance(v, float) and math.isnan(v) for v in _leaves(doc)):
        return
    f = tmp_path_factory.mktemp("fuzz") / file.name
    f.write_text(text, encoding="utf-8")
    loader = {CARDS: components.load_cards_file, DICE: components.load_dice_file, PANEL: panel.load_panel_file,
              BOARD: playerboard.load_board_file, TRACK: track.load_track_file}[file]
    try:
        loader(f)
    except DataError as e:
        assert _clean(e) and e.file == str(f), (edit, str(e))


def _leaves(doc: Any) -> list[Any]:
    if isinstance(doc, dict):
        return [x for v in doc.values() for x in _leaves(v)]
    if isinstance(doc, list):
        return [x for v in doc for x in _leaves(v)]
    return [doc]


def test_the_teaching_geometry_is_consistent() -> None:
    """Every step the geometry offers lands on a racing space; every racing space but a lane's end has a forward step;
    each lateral step goes to the lane beside and back (§11.3)."""
    t = track.load_track()
    ends = 0
    for tile in t.tiles:
        for lane in range(1, 5):
            for s in range(len(tile.spaces(lane))):
                pos = trackparts.Pos(tile.index, lane, s)
                nxt = t.forward(pos)
                assert all(t.on_track(p) for p in nxt)
                ends += not nxt
                for other in (lane - 1, lane + 1):
                    side = t.lateral(pos, other)
                    if side is not None:
                        assert t.on_track(side) and side.tile == pos.tile
                        assert abs(side.lane - lane) == 1 or len(t.double_lanes(pos)) == 2
    assert ends == sum(1 for tile in t.tiles for lane in range(1, 5)
                       if tile.racing(lane) and not t.tiles[t.next_tile(tile.index)].racing(lane))
    with pytest.raises(ValueError, match="tile.lane.space"):
        t.pos("T01-1-1")
    with pytest.raises(ValueError, match="not a racing space"):
        t.pos("T04.4.1")
    with pytest.raises(KeyError):
        t.pos("T99.1.1")
