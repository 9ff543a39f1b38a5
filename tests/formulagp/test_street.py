"""The Optional street circuits (digest §21, the original's 15.2; house rule ``street_circuit``: 0 off, 1 or 2 the
defender's LEDs): every edge a wall, two 'Close Call!' cards, the defender's +1 or +2 LEDs — each tested both ways."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.errors import SetupError
from racebook.formulagp import events as ev
from racebook.formulagp import integrity
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.incidentcards import IncidentDeck, incident_cards
from racebook.formulagp.losscontrol import shift
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules.pushing import PushOutcome, push
from racebook.formulagp.rules.street import defender_leds, removed_damage
from racebook.formulagp.setup import new_race, new_state
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
