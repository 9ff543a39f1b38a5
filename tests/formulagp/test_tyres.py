"""Tyre wear during the race (digest §14.1, §6.4) and the Cold Tyres token (§16.5, A35): every wear change goes
through ``tyrewear.wear_by`` and logs the wear-track icons it reaches; the tyre-bonus state full / lower / removed;
worn-out tyres (no bonus, no Tyre Wear extension or Brake!, Tyre Wear cards may be discarded to the hand limit); the
RED die icon (a RED die after every move); new tyres at a stop; −2 LED for Cold Tyres, attacking or defending."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Discard, Extend
from racebook.formulagp.hand import discardable
from racebook.formulagp.playerboard import Tyre, TyreState, load_board
from racebook.formulagp.rounds import legal_draw
from racebook.formulagp.rules.tyres import COLD_TYRES_LED, TyreEvent, cold_tyres_led, fit
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from racebook.formulagp.tyrewear import bonus_state, wear_by, worn_out
from tests.formulagp.test_race import at_turn, conserved

BOARD = load_board("teaching")


def _icons(log: EventLog) -> list[str]:
    return [e.what for e in log if isinstance(e, ev.TyreIcon)]


def test_soft_wear_fires_each_icon_once_as_the_marker_reaches_it() -> None:
    """The teaching board (invented-for-teaching): S/M degraded at 6, Soft worn out at 8, the RED die icon at 13."""
    race = new_race(["Grey", "Red"], 1)
    s = race.state
    c = s.cars["Grey"]
    assert (c.tyre, c.wear, bonus_state(s, c)) == (Tyre.SOFT, 2, "full")
    log = EventLog(None)
    wear_by(s, c, 4, log)  # 2 -> 6: degraded
    assert _icons(log) == [TyreEvent.DEGRADED.value] and bonus_state(s, c) == "lower"
    assert log[0].bonus == 2  # the token's lower side: +2 (Example 10's +3 on the fresh side)
    log.clear()
    wear_by(s, c, 1, log)  # 7: no icon
    assert not log
    wear_by(s, c, 1, log)  # 8: worn out
    assert _icons(log) == [TyreEvent.WORN_OUT.value] and bonus_state(s, c) == "removed" and worn_out(s, c)
    assert log[0].bonus == 0
    log.clear()
    wear_by(s, c, 5, log)  # 13: the RED die icon
    assert _icons(log) == [TyreEvent.RED_DIE.value] and s.board.red_die_every_move(c.wear)
    log.clear()
    wear_by(s, c, 10, log)  # the marker stops on the last space of the track
    assert c.wear == BOARD.wear_length - 1 and not log


def test_regaining_wear_back_past_a_flip_undoes_it_but_not_before_the_track() -> None:
    race = new_race(["Grey", "Red"], 1)
    s = race.state
    c = s.cars["Grey"]
    c.wear = 6
    log = EventLog(None)
    wear_by(s, c, -1, log)
    assert _icons(log) == [TyreEvent.RESTORED.value] and bonus_state(s, c) == "full"
    wear_by(s, c, -20, log)
    assert c.wear == 0  # may go behind the start position, never before the start of the track


def test_hard_tyres_ignore_the_soft_medium_icons() -> None:
    race = new_race(["Grey", "Red"], 1, tyre=Tyre.HARD)
    s = race.state
    c = s.cars["Grey"]
    log = EventLog(None)
    wear_by(s, c, 8, log)  # 0 -> 8: past sm_degraded (6) and soft_worn (8)
    assert not log and bonus_state(s, c) == "full"
    wear_by(s, c, 1, log)  # 9: H/W degraded
    assert _icons(log) == [TyreEvent.DEGRADED.value]


def test_engine_wear_from_a_tyre_wear_card_reaches_an_icon() -> None:
    """Clearing a Tyre Wear card (+1 wear, §10.3 step 1) at wear 5 reaches the degraded icon: the engine logs it."""
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T03.1.1", "Red": "T30.1.1"}, ["G1", "W1"])
    race.state.cars["Grey"].wear = 5
    race.refresh()
    events = race.apply("Grey clear W1")
    assert [e.what for e in events if isinstance(e, ev.TyreIcon)] == [TyreEvent.DEGRADED.value]
    played = next(e for e in race.apply("Grey play G1") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 2 + 2  # GREEN in 6th gear + the lower side of the Tyre Bonus token
    conserved(race)


def test_worn_out_tyres_no_tyre_wear_extension_and_no_bonus() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T05.1.1", "Red": "T30.1.1"}, ["G1", "W1"])
    race.state.cars["Grey"].wear = 8
    race.refresh()
    played = next(e for e in race.apply("Grey play G1") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 1  # GREEN in 4th gear, no tyre bonus
    race.apply(next(a for a in race.legal_actions() if type(a).__name__ == "To"))
    assert Extend("Grey", "W1") not in race.legal_actions()
    assert race.explain("Grey extend W1").rule == "§14.1"


def test_worn_out_tyres_let_tyre_wear_cards_be_discarded_to_the_hand_limit() -> None:
    """§14.1, §6.4: with worn-out tyres Tyre Wear cards may be discarded (never the Draw Failure card)."""
    race = new_race(["Grey", "Red"], 1)
    s = race.state
    c = s.cars["Grey"]
    c.deck.pile += c.hand
    c.hand = []
    for x in ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"]:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)
    assert discardable(c, s) == [] and discardable(c) == []
    c.wear = 8
    assert discardable(c, s) == c.hand
    s.phase = Phase.DRAW
    assert Discard("Grey", "W1") in legal_draw(s)
    conserved(race)


def test_the_red_die_icon_rolls_the_red_die_after_every_move() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T01.2.1", "Red": "T30.1.1"}, ["G1"])
    race.state.cars["Grey"].wear = 13
    race.refresh()
    race.apply("Grey play G1")
    while race.state.turn and race.state.turn.mp_left:
        race.apply(next(a for a in race.legal_actions() if type(a).__name__ in ("To", "Stop")))
    events = race.apply("Grey end")
    assert [e.die for e in events if isinstance(e, ev.DieRolled)] == ["red"]


def test_new_tyres_at_a_stop_go_to_their_start_position() -> None:
    for tyre, start in ((Tyre.SOFT, 2), (Tyre.MEDIUM, 2), (Tyre.HARD, 0)):
        got = fit(BOARD, tyre)
        assert (got.wear, got.state) == (start, TyreState.FRESH)


def test_cold_tyres_are_minus_2_led_attacking_or_defending() -> None:
    assert COLD_TYRES_LED == -2
    assert [cold_tyres_led(n) for n in (0, 1, 2)] == [0, -2, -2]
    with pytest.raises(ValueError, match="§16.5"):
        cold_tyres_led(-1)
