"""Penalty tokens (racebook/formulagp/penalties.py): given during the race (§17.3), by the 'Investigation' EVENT
card (§17.4) and at the end-of-race reveal (§17.2.1), where they cost 5 tiles each in the classification."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import penalties
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.rounds import finish
from racebook.formulagp.rules.classification import TILES_PER_TOKEN
from tests.formulagp.test_race import conserved
from tests.formulagp.test_secondary import position


def test_give_puts_tokens_on_the_pit_box_tile_and_nothing_for_zero() -> None:
    race = position(["G1"])
    s, c = race.state, race.state.cars["A"]
    log = EventLog(None)
    penalties.give(s, c, 0, "nothing", "§17.3", log)
    assert log == [] and c.penalties == 0
    penalties.give(s, c, 2, "a collision caused", "§18.3", log)
    assert c.penalties == 2 and log[0].total == 2 and log[0].citation == "§18.3"


def test_investigation_every_car_shows_its_event_cards() -> None:
    """§17.4: the 'Investigation' card (E1) makes every car show the EVENT cards it holds; each penalty icon on
    them is one Penalty token — the player's own held cards included."""
    race = position(["G1"], events=["E1", "E11", "E5"])
    s = race.state
    b = s.cars["B"]
    for code in ("E7", "E2"):  # B holds two cards with one penalty icon each ('apply immediately' ones)
        s.events.pile.remove(code)
        b.events.append(code)
    race.refresh()
    race.apply("A event E1")
    shown = {e.car: e for e in race.events if isinstance(e, ev.CardsShown)}
    assert shown["A"].cards == ("E11", "E5") and shown["A"].icons == 1 and shown["A"].citation == "§17.4"
    assert shown["B"].cards == ("E7", "E2") and shown["B"].icons == 2
    assert (s.cars["A"].penalties, b.penalties) == (1, 2)
    assert b.events == ["E7", "E2"]  # shown, not taken
    conserved(race)


def test_the_end_of_race_reveal_counts_penalty_icons_and_costs_5_tiles_each() -> None:
    """§17.2.1: every card left in hand and every EVENT card held is shown; each penalty icon = +1 Penalty token,
    added to those of the race; then 5 tiles back per token. A and B side by side on T20; A holds 'Sponsor Duty'
    (E11, the red penalty icon) and had one token already: 2 tokens, 10 tiles back, so B wins."""
    race = position(["G1"], where="T20.2.1", events=["E11"])
    s = race.state
    s.cars["B"].pos = s.track.pos("T19.2.1")
    s.cars["A"].penalties = 1
    for c in s.cars.values():
        c.crossed_final = True
    log = EventLog(None)
    finish(s, log)
    shown = [e for e in log if isinstance(e, ev.CardsShown) and e.car == "A"][0]
    assert shown.citation == "§17.2.1" and "E11" in shown.cards and shown.icons == 1
    assert s.cars["A"].penalties == 2
    assert s.result == ("B", "A")
    places = {e.car: e for e in log if isinstance(e, ev.Classified)}
    assert places["B"].distance - places["A"].distance == 2 * TILES_PER_TOKEN - 1


def test_a_draw_failure_card_in_hand_at_the_end_counts_its_icon() -> None:
    race = position(["F1", "G1"])
    log = EventLog(None)
    for c in race.state.cars.values():
        c.crossed_final = True
    finish(race.state, log)
    assert race.state.cars["A"].penalties == 1
    assert last_of(log, "A").icons == 1


def last_of(log: EventLog, car: str) -> ev.CardsShown:
    return [e for e in log if isinstance(e, ev.CardsShown) and e.car == car][-1]


def test_a_race_ends_with_the_reveal() -> None:
    race = position(["G1"])
    play_out(race, {"A": Greedy(1), "B": Greedy(2)})
    shown = [e for e in race.events if isinstance(e, ev.CardsShown)]
    assert {e.car for e in shown if e.citation == "§17.2.1"} == {"A", "B"}
