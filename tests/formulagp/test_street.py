"""The Optional street circuits (digest §21, the original's 15.2; house rule ``street_circuit``: 0 off, 1 or 2 the
defender's LEDs): every edge a wall, two 'Close Call!' cards, the defender's +1 or +2 LEDs — each tested both ways;
a track file's ``street = true`` (``Track.street``, listed by ``racebook tracks``): informative, the switch decides."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from racebook.core.errors import SetupError, TrackDataError
from racebook.formulagp import events as ev
from racebook.formulagp import integrity, streetcircuit
from racebook.formulagp import track as trackmod
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.incidentcards import IncidentDeck, incident_cards
from racebook.formulagp.losscontrol import shift
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules.pushing import PushOutcome, push
from racebook.formulagp.rules.street import defender_leds, removed_damage
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.track import load_track, parse_track
from racebook.formulagp.trackfiles import describe_track
from racebook.formulagp.trackparts import Pos, Turn
from tests.formulagp.test_battles import adjacent_stop

ALL_INCIDENT = Counter(c.code for c in incident_cards().cards)


def test_the_pure_parts() -> None:
    close = [c.code for c in incident_cards().of(IncidentDeck.DAMAGE) if c.name == "Close Call!"]
    assert len(close) == 4  # the teaching deck (invented-for-teaching count)
    assert removed_damage(0) == () and removed_damage(1) == removed_damage(2) == tuple(close[2:])
    assert [defender_leds(n) for n in (0, 1, 2)] == [0, 1, 2] and defender_leds(2, defends=False) == 0


@pytest.mark.parametrize("street", [0, 1, 2])
def test_the_damage_deck_keeps_two_close_calls_and_every_card_is_counted(street: int) -> None:
    s = new_state(["A", "B"], 1, rules=Rules(street_circuit=street))
    d = s.incident_decks[IncidentDeck.DAMAGE.value]
    names = Counter(incident_cards().card(x).name for x in d.pile + d.discards)
    assert names["Close Call!"] == (2 if street else 4)
    assert len(d.pile + d.discards) == (14 if street else 16)
    assert Counter(s.incident_cards_everywhere()) == ALL_INCIDENT  # the two set aside are out of the game
    back = parse_position(format_state(s))
    assert back.rules == s.rules and back.incident_decks[IncidentDeck.DAMAGE.value].discards == d.discards


def test_a_bad_value_is_a_clean_setup_error() -> None:
    with pytest.raises(SetupError, match="street_circuit is 0"):
        new_state(["A", "B"], 1, rules=Rules(street_circuit=3))


def test_every_edge_is_a_wall() -> None:
    s = new_state(["A", "B"], 1)
    tile = next(t for t in s.track.tiles if Turn.RIGHT not in t.walls and all(t.racing(ln) for ln in (3, 4)))
    victim = Pos(tile.index, 4, 1)
    assert push(s.track, 3, victim).outcome is PushOutcome.OFF_TRACK
    assert push(s.track, 3, victim, all_walls=True).outcome is PushOutcome.WALL
    s.cars["A"].pos = victim
    assert shift(s, victim, "right", "A").outcome is PushOutcome.OFF_TRACK
    street = new_state(["A", "B"], 1, rules=Rules(street_circuit=1))
    street.cars["A"].pos = victim
    assert shift(street, victim, "right", "A").outcome is PushOutcome.WALL


@pytest.mark.parametrize(("street", "citation"), [(0, "§13.4.1"), (1, "§13.4.1"), (2, "§13.4.3")])
def test_the_defender_gets_one_or_two_leds(street: int, citation: str) -> None:
    """BLUE 3 + OT 2 = 5 against RED 2 + Option 1 = 3, + the street circuit's LEDs: a win, a win, a tie."""
    race = adjacent_stop(["B1"], ["R4", "P1"], rules=Rules(street_circuit=street))
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    events = race.apply("Red bid R4 P1")
    revealed = {e.car: e for e in events if isinstance(e, ev.BattleRevealed)}
    assert (revealed["Grey"].leds, revealed["Grey"].street_leds) == (5, 0)
    assert (revealed["Red"].leds, revealed["Red"].street_leds) == (3 + street, street)
    assert ("street circuit" in str(revealed["Red"])) == bool(street)
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert (result.defender_leds, result.citation) == (3 + street, citation)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_street_races_end_with_every_card_in_one_place(seed: int) -> None:
    race = new_race(["A", "B", "C", "D"], seed, qualifying=True, rules=Rules(street_circuit=1 + seed % 2),
                    bots=("C", "D") if seed else ())
    play_out(race, {c: (Greedy(seed) if seed % 2 else RandomDriver(seed)) for c in "ABCD"})
    assert race.is_over and integrity.problems(race.state) == []
    assert Counter(race.state.incident_cards_everywhere()) == ALL_INCIDENT
    assert not any(isinstance(e, ev.Shifted) and "off track" in str(e) for e in race.events)


# ------------------------------------------------------------------ a track file that declares a street circuit
def _street_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shipped tracks: the race circuit and ``street_short``, its copy saying ``street = true``."""
    text = (trackmod.TRACKS / "teaching_short.toml").read_text(encoding="utf-8")
    (tmp_path / "teaching_short.toml").write_text(text, encoding="utf-8")
    street = text.replace('name = "teaching_short"', 'name = "street_short"').replace("default_race = true\n",
                                                                                     "street = true\n")
    (tmp_path / "street_short.toml").write_text(street, encoding="utf-8")
    monkeypatch.setattr(trackmod, "TRACKS", tmp_path)
    monkeypatch.setattr(trackmod, "_INSTALLED", tmp_path / "none")
    trackmod.load_track.cache_clear()


def test_the_track_file_street_key_is_true_or_false_and_defaults_to_false() -> None:
    doc = {"schema": 1, "name": "x", "source": "invented-for-teaching: a test", "laps": 1,
           "grid": ["A1.1.1", "A2.1.1"],
           "tiles": [{"id": "SF", "feature": "finish"}]
           + [{"id": f"A{i}", "shape": "straight", "gear": 8, "lanes": ["n", "n", "n", "n"]} for i in range(1, 8)]
           + [{"id": "A8", "shape": "corner", "turn": "left", "gear": 4, "lanes": ["n", "n", "n", "n"]}],
           "pit": {"side": "right", "entry": "A7", "exit": "A1", "boxes": 2}}
    assert parse_track(doc, "x.toml", "x").street is False
    assert parse_track({**doc, "street": True}, "x.toml", "x").street is True
    assert parse_track({**doc, "street": False}, "x.toml", "x").street is False
    for bad in ("yes", 1, [True]):
        with pytest.raises(TrackDataError, match=r"x\.toml: street: .* is not true or false") as e:
            parse_track({**doc, "street": bad}, "x.toml", "x")
        assert "\n" not in str(e.value) and e.value.field == "street"
    assert not any(load_track(t).street for t in trackmod.track_ids())  # no shipped track says so (yet)


def test_a_street_track_is_listed_as_one_and_its_flag_leaves_the_switch_to_the_group(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _street_copy(tmp_path, monkeypatch)
    try:
        assert load_track("street_short").street and not load_track("teaching_short").street
        line = describe_track("street_short")
        assert "a street circuit (§21 15.2: play it with street_circuit = 1 or 2)" in line
        assert "street circuit" not in describe_track("teaching_short")
        # (b): the flag is informative; the group's switch decides, on this track as on any other
        off = new_state(["A", "B"], 5, track="street_short")
        assert off.rules.street_circuit == 0 and not streetcircuit.all_walls(off)
        assert Counter(off.incident_cards_everywhere()) == ALL_INCIDENT
        on = new_state(["A", "B"], 5, track="street_short", rules=Rules(street_circuit=1))
        assert streetcircuit.all_walls(on) and streetcircuit.defender_bonus(on, True) == 1
        damage = IncidentDeck.DAMAGE.value
        assert len(on.incident_decks[damage].discards) == len(off.incident_decks[damage].discards) - 2
        assert Counter(on.incident_cards_everywhere()) == ALL_INCIDENT
        # a seeded race on the street track with the switch off plays as on the same circuit unflagged
        plays = []
        for track in ("street_short", "teaching_short"):
            race = new_race(["A", "B", "C"], 7, track=track)
            play_out(race, {c: Greedy(7) for c in "ABC"})
            plays.append(([str(a) for a in race.actions], race.classification()))
        assert plays[0] == plays[1] and plays[0][1]
    finally:
        trackmod.load_track.cache_clear()
