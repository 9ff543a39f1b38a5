"""The Optional New Overtake Mode (digest §21 15.13, §11.6, §8.2; the original's 15.13), ``new_overtake_mode``: no DRS
move; one DRS zone (the track's ``overtake_zone``) is a control point where a car that enters it and catches a car
banks the tiles to it, that car's tile included, as OT up to its maximum; the bank carries over from turn to turn, is
used once by a battle and resets at each entry (0 when nobody is caught). Both readings of the switch, built on the
teaching circuit (the zone D1 is T26-T29; the teaching board's maximum OT is 2), the track field, the notation."""

from __future__ import annotations

import tomllib

import pytest

from racebook.core.errors import NotationError, TrackDataError
from racebook.core.events import Event
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, End
from racebook.formulagp.battles import offer
from racebook.formulagp.events.overtakemode import OvertakeBankSet, OvertakeBankUsed
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.track import TRACKS, parse_track
from tests.formulagp.test_battles import built


def _race(where: dict[str, str], on: bool, mover: str = "Grey") -> Race:
    return built(dict(where.items()), {mover: ["G4", "G6", "R1"]}, mover=mover, rules=Rules(new_overtake_mode=on))


def _move(race: Race, car: str, frm: str, to: str, **turn: int) -> tuple[Event, ...]:
    """``car`` plays G4 and has driven from ``frm`` (its first space left) to ``to``; it ends its move."""
    race.apply(f"{car} play G4")
    s = race.state
    assert s.turn is not None
    start = s.track.pos(frm)
    s.cars[car].pos = s.track.pos(to)
    s.turn.mp_left, s.turn.seen = 0, ((start.tile, start.lane, start.space),)
    for k, v in turn.items():
        setattr(s.turn, k, v)
    race.refresh()
    return race.apply(End(car))


def _banks(events: tuple[Event, ...]) -> list[tuple[str, str, int, int]]:
    return [(e.car, e.caught, e.tiles, e.bank) for e in events if isinstance(e, OvertakeBankSet)]


@pytest.mark.parametrize("on", [False, True])
def test_catching_a_car_in_the_zone_banks_the_tiles_instead_of_the_drs_move(on: bool) -> None:
    """Grey comes from T25 into the zone on T26; Red is on T27, 1 tile ahead (its tile counted): off, the DRS move to
    the tile behind it (it is there already: no move) — so Red on T28 instead, 2 tiles: off, DRS moves Grey to T27;
    on, no DRS move and a bank of 2, which stays on its OT track after the turn."""
    race = _race({"Grey": "T25.2.1", "Red": "T28.3.1"}, on)
    events = _move(race, "Grey", "T25.2.1", "T26.2.1")
    grey = race.state.cars["Grey"]
    moved = [e for e in events if isinstance(e, ev.DrsMoved)]
    if not on:
        assert [(e.frm, e.to) for e in moved] == [("T26.2.1", "T27.2.2")] and not _banks(events)
        assert grey.ot == grey.ot_bank == 0 and " otb=" not in race.position()
        return
    assert not moved and race.state.track.name_of(grey.pos) == "T26.2.1"
    assert _banks(events) == [("Grey", "Red", 2, 2)]
    assert grey.ot_bank == 2 and grey.ot == 2  # §8.2's drop to 0 at the turn's end keeps the bank (15.13)
    ended = [e for e in events if isinstance(e, ev.TurnEnded)]
    assert ended and ended[-1].car == "Grey"
    assert " otb=2" in race.position() and format_state(parse_position(race.position())) == race.position()
    assert not problems(race.state)


@pytest.mark.parametrize(("red", "tiles", "bank"), [("T27.3.1", 1, 1), ("T29.1.1", 3, 2)])
def test_the_bank_is_the_tile_count_up_to_the_maximum_ot(red: str, tiles: int, bank: int) -> None:
    """15.13: "count the track tiles between your car and your opponent's car (including the tile where the opponent
    stops). Charge the OT indicator by that number, up to the maximum OT level of your car" (the teaching board: 2)."""
    race = _race({"Grey": "T25.2.1", "Red": red}, True)
    assert _banks(_move(race, "Grey", "T25.2.1", "T26.2.1")) == [("Grey", "Red", tiles, bank)]


@pytest.mark.parametrize(("frm", "to", "want"), [
    ("T25.2.1", "T29.2.1", [("Grey", "-", 0, 0)]),  # ends in the zone with nobody ahead in it: reset to 0
    ("T26.2.1", "T27.2.1", []),  # started in the zone: no entry, the bank kept
    ("T20.2.1", "T24.2.1", []),  # never reached the zone: the bank kept
])
def test_each_entry_resets_the_bank(frm: str, to: str, want: list[tuple[str, str, int, int]]) -> None:
    """15.13: "The OT charge is reset each time you enter the DRS zone ... If there is no other car in the DRS zone
    then OT is set to zero." Grey holds a bank of 2; Red is far ahead (T35)."""
    race = _race({"Grey": frm, "Red": "T35.2.1"}, True)
    race.state.cars["Grey"].ot_bank = race.state.cars["Grey"].ot = 2
    s = race.state
    assert s.turn is not None
    events = _move(race, "Grey", frm, to)
    assert _banks(events) == want
    assert s.cars["Grey"].ot_bank == (0 if want else 2)


def test_driving_through_the_zone_counts_every_tile_left() -> None:
    """The entry is read from the spaces the move left (``Turn.seen``): a move from T25 that left T27 and ended on
    T30 entered the zone."""
    race = _race({"Grey": "T25.2.1", "Red": "T35.2.1"}, True)
    race.state.cars["Grey"].ot_bank = 2
    race.apply("Grey play G4")
    s = race.state
    assert s.turn is not None
    s.turn.seen = tuple((s.track.tile(t).index, 2, 0) for t in ("T25", "T26", "T27", "T28", "T29"))
    s.cars["Grey"].pos, s.turn.mp_left = s.track.pos("T30.2.1"), 0
    race.refresh()
    assert _banks(race.apply(End("Grey"))) == [("Grey", "-", 0, 0)]


def test_no_bank_where_drs_would_be_inactive() -> None:
    """The control point acts only where DRS could (§11.6): not in race rounds 1-2."""
    race = built({"Grey": "T25.2.1", "Red": "T28.3.1"}, {"Grey": ["G4"]}, round_=2, rules=Rules(new_overtake_mode=True))
    assert not _banks(_move(race, "Grey", "T25.2.1", "T26.2.1"))
    assert race.state.cars["Grey"].ot_bank == 0


@pytest.mark.parametrize("on", [False, True])
def test_a_battle_uses_the_bank_once(on: bool) -> None:
    """Grey stopped at the front of T02 behind Red (T03, adjacent lane) with no MP left: its only OT is the bank of
    1 it carried into the turn. On: it may attack with it, and the battle uses it up (no regeneration after); off:
    the OT dropped to 0 at its last turn's end, no battle to declare."""
    race = _race({"Grey": "T02.2.2", "Red": "T03.3.1"}, on)
    s = race.state
    if on:
        s.cars["Grey"].ot_bank = s.cars["Grey"].ot = 1
    race.apply("Grey play G4")
    assert s.turn is not None
    s.turn.mp_left, s.turn.stopped = 0, True
    offer(s)  # a forced stop with a battle to declare (§13.2)
    race.refresh()
    attack = Attack("Grey", "Red")
    assert (attack in race.legal_actions()) is on
    if not on:
        return
    events = race.apply(attack)
    assert [(e.car, e.bank) for e in events if isinstance(e, OvertakeBankUsed)] == [("Grey", 1)]
    assert [e.ot for e in events if isinstance(e, ev.BattleDeclared)] == [1]
    assert s.cars["Grey"].ot_bank == 0 and " otb=" not in race.position()


def test_declining_a_battle_keeps_the_bank() -> None:
    """Only a battle uses the bank: a car that ends its move instead keeps it (§8.2's 0 applies to the OT charged)."""
    race = _race({"Grey": "T02.2.2", "Red": "T03.3.1"}, True)
    s = race.state
    s.cars["Grey"].ot_bank = s.cars["Grey"].ot = 1
    race.apply("Grey play G4")
    assert s.turn is not None
    s.turn.mp_left, s.turn.stopped = 0, True
    race.refresh()
    race.apply(End("Grey"))
    assert s.cars["Grey"].ot_bank == 1 and s.cars["Grey"].ot == 1


def _doc(name: str) -> dict[str, object]:
    with open(TRACKS / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def test_the_track_names_its_control_zone() -> None:
    """SCHEMA.md ``overtake_zone``: one of the track's DRS zones; absent, its only zone; none: no control point."""
    doc = _doc("teaching")
    assert parse_track(doc, "t.toml", "teaching").overtake_zone == "D1"
    del doc["overtake_zone"]
    assert parse_track(doc, "t.toml", "teaching").overtake_zone == "D1"  # the only zone
    doc["overtake_zone"] = "D9"
    with pytest.raises(TrackDataError, match="overtake_zone"):
        parse_track(doc, "t.toml", "teaching")
    bots = _doc("teaching_bots")
    assert parse_track(bots, "t.toml", "teaching_bots").overtake_zone == ""


def test_a_bad_otb_token_is_one_clean_error() -> None:
    race = _race({"Grey": "T25.2.1", "Red": "T28.3.1"}, True)
    race.state.cars["Grey"].ot_bank = 1
    text = race.position()
    assert " otb=1" in text
    with pytest.raises(NotationError) as e:
        parse_position(text.replace(" otb=1", " otb=x"))
    assert "otb=" in str(e.value) and "\n" not in str(e.value)
