"""The Optional Safety Car variants (digest §21; the original's 15.11.1, 15.11.2): the first 'Safety Car' EVENT card
an Option card draws goes back into the draw pile, reshuffled, and the driver draws again, the second time it is kept
(``sc_card_shuffle_back``); under the Safety Car a player drives 6 spaces a turn and plays no card
(``faster_safety_car``). Both readings of each switch, the notation, conservation, and races with them on."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp import eventdeck
from racebook.formulagp.actions import End, OptionCard, Play, To
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.eventdeck import EventEffect, event_card
from racebook.formulagp.events.scperiod import FasterSafetyCarMove, SafetyCarCardBack
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rounds import begin_turn
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase
from tests.formulagp.test_race import at_turn

SC = next(c.code for c in eventdeck.event_deck().cards if c.effect is EventEffect.SAFETY_CAR)


def _option_turn(on: bool, mode: Mode = Mode.STANDARD) -> Race:
    race = new_race(["Grey", "Red"], 6, mode=mode, rules=Rules(sc_card_shuffle_back=on))
    at_turn(race, "Grey", {"Grey": "T10.2.1", "Red": "T20.2.1"}, ["P1", "P2", "G7"])
    eventdeck.stack(race.state, [SC])
    race.refresh()
    return race


def test_off_the_safety_car_card_is_drawn_as_usual() -> None:
    race = _option_turn(False)
    race.apply(OptionCard("Grey", "P1"))
    assert race.state.cars["Grey"].events == [SC] and not race.state.sc_card_back
    assert " scb=" not in race.position()


@pytest.mark.parametrize("mode", [Mode.STANDARD, Mode.ADVANCED])
def test_on_the_first_safety_car_card_goes_back_and_the_second_is_kept(mode: Mode) -> None:
    race = _option_turn(True, mode)
    s = race.state
    race.apply(OptionCard("Grey", "P1"))
    held = s.cars["Grey"].events
    assert len(held) == 1 and held[0] != SC and SC in s.events.pile and s.sc_card_back
    back = [e for e in race.steps[-1].events if isinstance(e, SafetyCarCardBack)]
    assert [(e.card, e.drawn) for e in back] == [(SC, held[0])]
    assert " scb=1" in race.position() and format_state(parse_position(race.position())) == race.position()
    eventdeck.stack(s, [SC])
    race.refresh()
    race.apply(OptionCard("Grey", "P2"))  # the second time: kept, to be played as normal
    assert SC in s.cars["Grey"].events and event_card(SC).effect is EventEffect.SAFETY_CAR
    assert not problems(s) and Counter(s.events_everywhere()) == Counter(
        eventdeck.event_deck().advanced_codes if mode.advanced else eventdeck.event_deck().codes)


@pytest.mark.parametrize("on", [False, True])
def test_the_faster_safety_car_drives_6_spaces_with_no_card(on: bool) -> None:
    """15.11.2: "Players don't use any cards during a Safety Car, each car will drive 6 spaces per turn instead"."""
    race = new_race(["Grey", "Red"], 6, rules=Rules(faster_safety_car=on))
    at_turn(race, "Grey", {"Grey": "T10.2.1", "Red": "T30.2.1"}, ["G7", "W1"])
    s = race.state
    s.sc_tile, s.sc_until, s.turn = s.track.tile("T25").index, s.flag + 2, None
    log = EventLog()
    begin_turn(s, log)
    race.refresh()
    moves = [e for e in log if isinstance(e, FasterSafetyCarMove)]
    if not on:
        assert not moves and s.phase is Phase.PLAY and any(isinstance(a, Play) for a in race.legal_actions())
        return
    assert [(e.car, e.spaces) for e in moves] == [("Grey", 6)] and s.phase is Phase.MOVE
    assert s.turn is not None and s.turn.mp_left == 6 and s.turn.cards == ()
    for _ in range(6):
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    assert s.track.name_of(s.cars["Grey"].pos) == "T13.2.1" and s.cars["Grey"].hand == ["G7", "W1"]
    assert End("Grey") in race.legal_actions()


def test_a_bad_scb_token_is_one_clean_error() -> None:
    text = _option_turn(True).position()
    head, sep, rest = text.partition(" | ")
    with pytest.raises(NotationError) as e:
        parse_position(f"{head} scb=2{sep}{rest}")
    assert "scb=" in str(e.value) and "\n" not in str(e.value)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5), st.booleans())
def test_races_with_the_shuffle_back_keep_the_invariants_and_end(seed: int, n: int, advanced: bool) -> None:
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, mode=Mode.ADVANCED if advanced else Mode.STANDARD,
                    rules=Rules(sc_card_shuffle_back=True, faster_safety_car=True))
    drivers = {c: (RandomDriver(seed + i) if (i + seed) % 2 else Greedy(seed + i)) for i, c in enumerate(cars)}
    steps = 0
    while not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
        if steps % 71 == 0:
            assert not problems(race.state)
            assert format_state(parse_position(race.position())) == race.position()
    assert sorted(race.classification()) == sorted(cars)
