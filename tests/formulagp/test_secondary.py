"""Card management before the move (racebook/formulagp/secondary.py) on built positions: secondary functions
(§5.1, Example 2 at engine level), Parameter tokens (§8.3), the no-movement-card ladder's steps a–e (§10.1 step 3)
and the forced discard when the hand limit falls (§8.1, A34); texts and positions round-trip."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import ActionSyntaxError, IllegalAction
from racebook.core.log import EventLog
from racebook.core.rng import Rng
from racebook.formulagp import events as ev
from racebook.formulagp.actions import (
    Clear,
    Discard,
    Extend,
    Ladder,
    OptionCard,
    Param,
    Play,
    Spend,
    To,
    parse,
)
from racebook.formulagp.components import cards
from racebook.formulagp.eventdeck import event_deck
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.rounds import begin_turn
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_race import at_turn, conserved


def position(hand: Sequence[str], *, where: str = "T10.2.1", ers: int | None = None, events: Sequence[str] = (),
             round_: int = 3, params: str = "WYR", ot: int = 0, wear: int | None = None) -> Race:
    """Car A's turn (PLAY phase) at ``where`` holding ``hand`` and the EVENT cards ``events``; B far away."""
    race = new_race(["A", "B"], 1)
    at_turn(race, "A", {"A": where, "B": "T30.2.1"}, list(hand), round_)
    s = race.state
    c = s.cars["A"]
    c.ers = c.ers if ers is None else ers
    c.params, c.ot = params, ot
    c.wear = c.wear if wear is None else wear
    for e in events:
        s.events.pile.remove(e)
        c.events.append(e)
    race.refresh()
    return race


def started(hand: Sequence[str], **kw: object) -> Race:
    """As :func:`position`, but the turn begins through the round's own start of a turn (the Draw Failure card and
    the ladder's step e run there)."""
    race = position(hand, **kw)  # type: ignore[arg-type]
    log = EventLog(None)
    race.state.turn = None
    begin_turn(race.state, log)
    race.refresh()
    race.test_events = log  # type: ignore[attr-defined]
    return race


def last(race: Race, kind: type) -> object:
    return [e for e in race.events if isinstance(e, kind)][-1]


# ------------------------------------------------------------------ secondary functions (§5.1)
def test_a_single_orange_card_spends_for_1_ot_never_above_the_maximum() -> None:
    race = position(["O1", "G1"])
    assert Spend("A", ("O1",)) in race.legal_actions()
    race.apply("A spend O1")
    c = race.state.cars["A"]
    assert c.ot == 1 and "O1" not in c.hand and "O1" in c.deck.discards
    e = last(race, ev.SecondarySpent)
    assert e.function == "plus_ot" and e.citation == "§5.1"  # type: ignore[attr-defined]
    full = position(["O1", "G1"], ot=race.state.board.ot_max)
    assert Spend("A", ("O1",)) not in full.legal_actions()
    v = full.explain(Spend("A", ("O1",)))
    assert not v.legal and v.rule == "§5.1" and "maximum" in v.reason
    conserved(race)


def test_two_matching_2x_cards_charge_1_ers_and_only_below_the_maximum() -> None:
    race = position(["G7", "R7", "G1"], ers=2)
    race.apply("A spend G7 R7")
    assert race.state.cars["A"].ers == 3
    full = position(["G7", "R7", "G1"], ers=4)
    assert Spend("A", ("G7", "R7")) not in full.legal_actions()
    assert full.explain(Spend("A", ("G7", "R7"))).rule == "§5.1"


def test_cards_whose_icons_differ_are_not_spent_together() -> None:
    race = position(["G4", "G7", "G1"])
    v = race.explain(Spend("A", ("G4", "G7"), ""))
    assert not v.legal and v.rule == "§5.1" and "match" in v.reason
    v = race.explain(Spend("A", ("G1",)))  # a counter-steer card saves a spin, not spent before the move
    assert not v.legal and v.rule == "§18.1"


def test_2x_plus_1_mp_adds_to_the_move() -> None:
    """§10.3 step 2.8: GREEN in 6th gear on fresh Softs is 5 MP (Example 10); two +1 MP cards make it 6."""
    race = position(["R4", "R5", "G1"])
    race.apply("A spend R4 R5")
    race.apply(Play("A", ("G1",)))
    played = last(race, ev.CardsPlayed)
    assert played.mp == 6 and "secondary" in played.breakdown  # type: ignore[attr-defined]
    assert race.state.turn is not None and race.state.turn.mp_left == 6


def test_2x_regains_a_tyre_wear_point() -> None:
    race = position(["G10", "G11", "G1"], wear=5)
    race.apply("A spend G10 G11")
    assert race.state.cars["A"].wear == 4


# ------------------------------------------------------------------ Parameter tokens (§8.3)
def test_yellow_and_red_parameters() -> None:
    race = position(["G1"], ers=3, ot=2)
    race.apply("A param yellow")
    c = race.state.cars["A"]
    assert c.ers == 4 and c.params == "WR"
    race.apply("A param red")
    assert c.ot == 3 > race.state.board.ot_max and c.params == "W"  # the Red Parameter may exceed the maximum
    v = race.explain(Param("A", "red"))
    assert not v.legal and v.rule == "§8.3"
    full = position(["G1"], ers=4)
    assert Param("A", "yellow") not in full.legal_actions()


def test_the_white_parameter_discards_any_cards_but_tyre_wear_and_draws_to_the_limit() -> None:
    race = position(["P1", "G1", "W1", "F1"], ers=4)
    c = race.state.cars["A"]
    assert Param("A", "white", ("G1", "P1")) in race.legal_actions()
    assert race.explain(Param("A", "white", ("W1",))).rule == "§8.3"
    assert race.explain(Param("A", "white", ("F1",))).rule == "§8.3"
    race.apply("A param white G1 P1")
    assert len(c.hand) == race.state.hand_limit(c) == 6 and "W1" in c.hand and "F1" in c.hand
    assert "W" not in c.params
    conserved(race)


# ------------------------------------------------------------------ the ladder (§10.1 step 3)
def test_ladder_choices_a_and_b_and_step_b_draws_a_card() -> None:
    race = started(["P1", "W1"], ers=4)
    legal = race.legal_actions()
    assert race.state.phase is Phase.PLAY and not any(isinstance(a, Play) for a in legal)
    assert Param("A", "white", ("P1",)) in legal  # a: the White Parameter
    assert Ladder("A", "P1") in legal and Ladder("A", "W1") in legal  # b: an Option or Tyre Wear card
    c = race.state.cars["A"]
    pile = len(c.deck.pile)
    race.apply("A ladder W1")
    e = last(race, ev.LadderStep)
    assert e.step == "b" and len(c.deck.pile) == pile - 1 and "W1" not in c.hand  # type: ignore[attr-defined]
    assert e.citation == "§10.1.3"
    conserved(race)


def test_ladder_b_with_an_option_card_draws_an_event_card_too() -> None:
    race = started(["P1"], ers=4, params="")
    race.state.events.pile.remove("E5")
    race.state.events.pile.append("E5")
    race.state.events_shuffled = True
    race.refresh()
    race.apply("A ladder P1")
    assert race.state.cars["A"].events == ["E5"]


def test_ladder_step_c_two_blue_cards_charge_the_ers_for_a_third() -> None:
    race = started(["B1", "B2", "B3"], ers=0, params="")
    legal = race.legal_actions()
    assert Spend("A", ("B1", "B2")) in legal and not any(isinstance(a, Play) for a in legal)
    race.apply("A spend B1 B2")
    assert race.state.cars["A"].ers == 1
    assert Play("A", ("B3",)) in race.legal_actions()
    race.apply("A play B3")
    assert race.state.cars["A"].ers == 0 and race.state.phase is Phase.MOVE


def test_ladder_step_d_a_blue_card_swapped_when_the_lane_ends() -> None:
    """T03 lane 4 ends before the right-hander: from its last space the first MP is a lane change, which BLUE
    forbids (§6.2)."""
    race = started(["B1", "B2"], where="T03.4.2", ers=4, params="")
    assert race.state.track.forward(race.state.cars["A"].pos) == []
    legal = race.legal_actions()
    assert Ladder("A", "B1") in legal and Play("A", ("B1",)) in legal  # the swap is a choice
    race.apply("A ladder B1")
    assert last(race, ev.LadderStep).step == "d"  # type: ignore[attr-defined]
    assert race.explain(Ladder("A", "G1")).rule == "§10.1.3"


def test_ladder_step_e_runs_by_itself_when_no_choice_is_left() -> None:
    race = started(["G7", "R7"], ers=4, params="")  # GREEN/RED cards are playable: no ladder at all
    assert not any(isinstance(e, ev.LadderSwap) for e in race.test_events)  # type: ignore[attr-defined]
    stuck = started(["F1"], ers=4, params="")  # the Draw Failure card is played first, nothing else is held
    events = stuck.test_events  # type: ignore[attr-defined]
    assert any(isinstance(e, ev.DrawFailurePlayed) for e in events)
    assert any(isinstance(e, ev.LadderSwap) for e in events)  # step e: discard and draw, one card at a time
    assert any(isinstance(a, Play) for a in stuck.legal_actions())


def test_a_step_that_leaves_no_choice_hands_over_to_step_e() -> None:
    race = started(["W1"], ers=4, params="")
    assert race.legal_actions() and Ladder("A", "W1") in race.legal_actions()
    race.apply("A clear W1")  # cleared without a draw: nothing left to choose
    assert any(isinstance(a, Play) for a in race.legal_actions())
    assert any(isinstance(e, ev.LadderSwap) for e in race.events)


# ------------------------------------------------------------------ the forced discard (§8.1, A34)
def test_a_blue_card_lowers_the_hand_limit_and_the_car_discards_at_once() -> None:
    """Example 3's pattern (§8.1): the ERS level with 2 LEDs drops to one with 0: the limit falls from 6 to 4."""
    race = position(["B1", "G1", "G2", "P1", "W1", "F1"], ers=2)
    race.apply("A play B1")
    s, c = race.state, race.state.cars["A"]
    assert s.phase is Phase.DISCARD and s.hand_limit(c) == 4 and len(c.hand) == 5
    legal = race.legal_actions()
    assert Discard("A", "G1") in legal and Discard("A", "P1") in legal
    assert Discard("A", "W1") not in legal and Discard("A", "F1") not in legal
    assert Clear("A", "W1") in legal  # A34: a Tyre Wear card is played and resolved instead
    assert race.explain(Discard("A", "W1")).rule == "§8.1"
    assert race.explain(To("A", "T10.2.2")).rule == "§8.1"
    wear = c.wear
    race.apply("A clear W1")
    assert c.wear == wear + 1 and s.phase is Phase.MOVE and len(c.hand) == 4
    assert last(race, ev.ForcedDiscard).citation == "§8.1, A34"  # type: ignore[attr-defined]
    conserved(race)


def test_a34_only_tyre_wear_and_draw_failure_over_the_limit_are_played() -> None:
    """A34: a forced discard that finds only Tyre Wear and Draw Failure cards: neither may be discarded; a Tyre Wear
    card is played and resolved (+1 wear), and the Draw Failure card stays for its own play."""
    race = position(["B1", "F1", "W1", "W2", "W3", "W4"], ers=2)
    race.apply("A play B1")
    c = race.state.cars["A"]
    assert race.state.phase is Phase.DISCARD
    legal = race.legal_actions()
    assert legal and all(isinstance(a, Clear) for a in legal)
    assert race.explain(Discard("A", "F1")).rule == "§8.1"
    race.apply("A clear W2")
    assert race.state.phase is Phase.MOVE and sorted(c.hand) == ["F1", "W1", "W3", "W4"]
    conserved(race)


def test_an_ers_extension_can_force_a_discard() -> None:
    """An ERS charge spent on an extension (§11.2.2) drops the level with 2 LEDs to one with 0 (§8.1)."""
    race = position(["G1", "G2", "G3", "G4", "R4", "R5", "R6"], where="T13.2.1", ers=2)
    c = race.state.cars["A"]
    race.apply("A play G1")
    t = race.state.turn
    assert t is not None and t.mp == 5
    while t.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To) and ".2." in a.to))
    assert race.state.track.name_of(c.pos) == "T15.2.2" and Extend("A", "ers") in race.legal_actions()
    race.apply("A extend ers")
    assert race.state.phase is Phase.DISCARD and len(c.hand) == 6 > race.state.hand_limit(c) == 4
    race.apply("A discard G2")
    assert race.state.phase is Phase.DISCARD
    race.apply("A discard G3")
    assert race.state.phase is Phase.MOVE and t.mp_left == 1


# ------------------------------------------------------------------ texts and positions
@pytest.mark.parametrize("text", ["A spend", "A spend O1 O2 O3", "A spend G1 white", "A spend X1", "A param",
                                  "A param blue", "A param red G1", "A option", "A option E1", "A event G1",
                                  "A event", "A ladder", "A ladder B1 B2", "A spend E0"])
def test_bad_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


def test_the_position_notation_keeps_parameters_events_and_the_forced_discard() -> None:
    race = position(["B1", "G1", "G2", "P1", "W1", "F1"], ers=2, events=["E7"], params="WR")
    race.state.cars["A"].overdue = ["E7"]
    race.apply("A play B1")
    line = format_state(race.state)
    back = parse_position(line)
    assert format_state(back) == line
    a = back.cars["A"]
    assert (a.params, a.events, a.overdue, back.phase, back.discard_resume) == (
        "WR", ["E7"], ["E7"], Phase.DISCARD, "move")
    old = " ".join(w for w in line.split() if not w.startswith(("par=", "evh=", "due=", "evp=", "evd=", "evx=",
                                                                   "evs=", "evr=", "rp=", "smp=", "emp=")))
    older = parse_position(old.replace(" discard ", " move "))  # a line written before these tokens existed
    assert older.cars["A"].params == "WYR" and not older.events_shuffled
    assert len(older.events.pile) == len(event_deck().codes)


def test_only_an_option_card_is_played_for_an_event_card() -> None:
    race = position(["P1", "G1"], round_=3)
    assert OptionCard("A", "P1") in race.legal_actions()
    with pytest.raises(IllegalAction) as e:
        race.apply(OptionCard("A", "G1"))
    assert e.value.rule == "§6.5"


# ------------------------------------------------------------------ properties and fuzz
ACTION_CODES = [c.code for c in cards().action]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from(ACTION_CODES), min_size=0, max_size=7, unique=True),
       held=st.lists(st.sampled_from(event_deck().codes), max_size=3, unique=True),
       ers=st.integers(0, 4), ot=st.integers(0, 2), params=st.sampled_from(["WYR", "W", "YR", ""]),
       wear=st.integers(0, 14), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=12))
def test_card_management_before_the_move_keeps_every_invariant(hand: list[str], held: list[str], ers: int, ot: int,
                                                               params: str, wear: int, picks: list[int]) -> None:
    """From any built hand before the move: every listed action applies, every card stays in one place, the action
    texts and the position notation round-trip, and the turn always reaches the move (or the discard) with something
    legal to do."""
    race = started(hand, ers=ers, events=held, params=params, ot=ot, wear=wear)
    conserved(race)
    for pick in picks:
        legal = race.legal_actions()
        assert legal, format_state(race.state)
        if race.state.phase is not Phase.PLAY:
            break
        a = legal[pick % len(legal)]
        assert parse(str(a)) == a
        race.apply(a)
        conserved(race)
        line = format_state(race.state)
        back = parse_position(line)
        assert format_state(back) == line
        assert Race(back).legal_actions() == race.legal_actions()


_VERBS = ["spend", "param", "option", "event", "ladder", "discard", "clear", "play"]


@pytest.mark.parametrize("seed", range(4))
def test_explain_refuses_any_card_management_text_with_a_rule(seed: int) -> None:
    rng = Rng(seed)
    race = started(["P1", "O1", "G4", "G7", "R7", "B1", "W1"], events=["E1", "E7"], ers=2, params="WY")
    words = ACTION_CODES + event_deck().codes + ["white", "yellow", "red", "blue", "X1", "E0"]
    for _ in range(400):
        text = " ".join(["A" if rng.below(5) else "B", _VERBS[rng.below(len(_VERBS))]]
                        + [words[rng.below(len(words))] for _ in range(rng.below(4))])
        try:
            a = parse(text)
        except ActionSyntaxError:
            continue
        v = race.explain(a)
        assert v.legal or (v.rule.startswith("§") and v.reason and "\n" not in v.reason), text
        if not v.legal:
            before = format_state(race.state)
            with pytest.raises(IllegalAction):
                race.apply(a)
            assert format_state(race.state) == before


def test_yellow_and_red_parameters_during_the_move_white_before_it() -> None:
    """§8.3 "at any time": the Yellow token charges the ERS during the move (here for an extension on a straight,
    §11.2.2); the White one's discard and draw come before the move (this engine's reading)."""
    race = position(["G1"], where="T13.2.1", ers=0)
    race.apply("A play G1")
    c, t = race.state.cars["A"], race.state.turn
    assert t is not None
    assert Param("A", "yellow") in race.legal_actions() and Param("A", "white") not in race.legal_actions()
    assert race.explain(Param("A", "white")).rule == "§8.3"
    while t.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To) and ".2." in a.to))
    assert Extend("A", "ers") not in race.legal_actions()  # the ERS is empty
    race.apply("A param yellow")
    assert c.ers == 1 and Extend("A", "ers") in race.legal_actions()
    assert Param("A", "red") not in race.legal_actions() and race.explain(Param("A", "red")).rule == "§8.3"
