"""Qualifying and the race start's special cases (digest §9.1–§9.3, §9.4 item 1, §9.5 item 6, §9.6; A7, A23, A38,
A41) on built positions: the engine's numbers with stacked hands and dice (the teaching faces: card LEDs G1–G3 0,
G4–G12 1, R1–R3 1, R4–R10 2, B 3, O 2, Tyre Wear 1, Option 1; counter-steer icons on G1–G3, R1–R3, P1–P3; WHITE
odd green, even red; Soft fresh bonus 3 + OT maximum 2 = a base of 5).

The rulebook gives no numbered example for qualifying or the race start (its examples start at the round, §10), so
there is no ``test_fgp_ex_…`` here; the rules are tested one by one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from racebook.core.errors import IllegalAction, SetupError
from racebook.core.visibility import TABLE, Committed, SealedEntry
from racebook.formulagp import events as ev
from racebook.formulagp import visibility as fgpvis
from racebook.formulagp.actions import Keep, NoPush, Qualify, Steer
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import Pace
from racebook.formulagp.qualify import choices
from racebook.formulagp.setup import new_race as _new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_incident_on_track import no_race_event_draws

CODES = Counter(c.code for c in cards().action)
BASE = 5  # Soft fresh tyre bonus 3 + the board's maximum OT 2 (§9.2 item 1)


def new_race(*args: Any, **kw: Any) -> Race:
    """A race that starts with qualifying, the Standard race (§9), unless ``qualifying=False`` is given."""
    return _new_race(*args, **{"qualifying": True, **kw})


def conserved(race: Race) -> None:
    for c in race.state.cars.values():
        assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id


def events_of(race: Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


def to_sealing(cars_: list[str], seed: int = 1, rules: Rules | None = None,
               hands: dict[str, list[str]] | None = None) -> Race:
    """A race with qualifying, the pit boxes in ``cars_``'s order (the first nearest the pit exit), past the draw
    (every car keeps), with ``hands`` given (cards taken from the car's own piles: each card stays in one place)."""
    race = new_race(cars_, seed, boxes=cars_, rules=rules)
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]
    assert race.phase is Phase.QUALIFY and race.state.qual.waiting == tuple(cars_)
    for car, codes in (hands or {}).items():
        set_hand(race, car, codes)
    return race


def set_hand(race: Race, car: str, codes: list[str]) -> None:
    c = race.state.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in codes:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)
    race.refresh()


def on_top(race: Race, car: str, codes: list[str]) -> None:
    """Stack ``car``'s deck: ``codes`` are the next cards drawn, first named first."""
    c = race.state.cars[car]
    for x in codes:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
    c.deck.pile += list(reversed(codes))
    race.refresh()


def qualify_all(race: Race, plays: dict[str, str]) -> None:
    for car in race.state.qual.sides:
        race.apply(f"{car} qualify {plays[car]}")


# ------------------------------------------------------------------ §9.1, §9.2: the draw, the sealed cards, the score
def test_qualifying_draws_four_plus_the_ers_leds_in_pit_box_order() -> None:
    """§9.1 item 1, §4.1 item 2: everyone draws 4 + the ERS LEDs (6 at full ERS) with the ERS return, by pit box."""
    race = new_race(["Grey", "Red", "Blue"], 3, boxes=["Blue", "Grey", "Red"])
    assert race.state.round == 0 and race.phase is Phase.DRAW
    assert events_of(race, ev.PitBoxes)[0].boxes == ("Blue", "Grey", "Red")
    assert [(e.car, len(e.cards)) for e in events_of(race, ev.Drew)] == [("Blue", 6), ("Grey", 6), ("Red", 6)]
    assert race.current_car == "Blue" and Keep("Blue") in race.legal_actions()


def test_the_pit_boxes_are_shuffled_when_not_given() -> None:
    """§4.1 item 2: the Pit Box tiles are placed at random (the race's seeded generator)."""
    orders = {new_race(["A", "B", "C", "D"], seed).state.boxes for seed in range(12)}
    assert len(orders) > 1 and all(sorted(o) == ["A", "B", "C", "D"] for o in orders)


def test_the_score_is_tyre_bonus_plus_max_ot_plus_leds_and_the_cards_are_discarded() -> None:
    """§9.1 item 4, §9.2 items 1, 3, 6: R4 + R5 (2 LEDs each) + a Tyre Wear card (+1 LED, +1 wear) + an Option card
    (1 LED, no EVENT) = 6 LEDs, 5 + 6 = 11; a BLUE card costs no ERS; every card played is discarded; the cards not
    played stay in hand for race round 1."""
    race = to_sealing(["Grey", "Red"], hands={"Grey": ["R4", "R5", "W1", "P4", "G1"], "Red": ["B1", "G7"]})
    qualify_all(race, {"Grey": "R4 R5 W1 P4", "Red": "B1"})
    s = race.state
    got = {e.car: e for e in events_of(race, ev.QualifyingRevealed)}
    assert (got["Grey"].leds, got["Grey"].score, got["Grey"].wear) == (6, BASE + 6, 3)
    assert (got["Red"].leds, got["Red"].score, s.cars["Red"].ers) == (3, BASE + 3, s.board.ers_max)
    assert s.cars["Grey"].hand == ["G1"] and s.cars["Red"].hand == ["G7"]
    assert s.cars["Grey"].deck.discards[-4:] == ["R4", "R5", "W1", "P4"]
    assert s.qual_push == ("Grey", "Red") and race.current_car == "Grey"
    conserved(race)


def test_nothing_is_shown_until_every_driver_has_sealed() -> None:
    """§9.2 items 2–3: the choices are sealed (a SealedRound): the cards stay in hand, another driver sees only that
    a car has sealed, in the state and in the log; the reveal shows them all."""
    race = to_sealing(["Grey", "Red", "Blue"], hands={"Grey": ["R4", "G1"]})
    race.apply("Grey qualify R4")
    s = race.state
    assert s.cars["Grey"].hand == ["R4", "G1"] and not events_of(race, ev.QualifyingRevealed)
    assert s.qual.view("Red") == {"Grey": Committed("Grey")} and s.qual.view("Grey") == {"Grey": "Grey qualify R4"}
    assert fgpvis.log_view(race, "Red")[-1] == SealedEntry("Grey")
    assert fgpvis.log_view(race, "Grey")[-1] == Qualify("Grey", ("R4",))
    assert [type(e) for e in race.steps[-1].events] == [ev.QualifyingSealed]
    with pytest.raises(IllegalAction):
        race.apply("Grey qualify G1")  # sealed once
    race.apply(race.legal_actions()[0])
    race.apply(race.legal_actions()[0])  # the last seal reveals everything
    assert len(events_of(race, ev.QualifyingRevealed)) == 3
    assert Qualify("Grey", ("R4",)) in fgpvis.log_view(race, TABLE)
    assert not any(isinstance(e, SealedEntry) for e in fgpvis.log_view(race, TABLE))


def test_a_position_mid_qualifying_round_trips_with_the_sealed_choices() -> None:
    race = to_sealing(["Grey", "Red"], hands={"Grey": ["R4", "G1"]})
    race.apply("Grey qualify R4")
    text = race.position()
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert back.state.qual.choice("Grey") == "Grey qualify R4"


def test_the_cards_combine_as_in_a_battle() -> None:
    """§9.1 item 3, §13.3: one movement card or a pair (ORANGE wild, BLUE + BLUE allowed), any Tyre Wear and Option
    cards; Tyre Wear cards alone are a play; an Option card only backs a primary card (A11); none is a play too."""
    race = to_sealing(["Grey", "Red"], hands={"Grey": ["B1", "B2", "O1", "G4", "R4", "W1", "P1", "F1"]})
    legal = {str(a) for a in race.legal_actions()}
    assert {"Grey qualify none", "Grey qualify B1 B2", "Grey qualify G4 O1", "Grey qualify R4 O1",
            "Grey qualify W1", "Grey qualify W1 P1", "Grey qualify B1 B2 W1 P1"} <= legal
    assert not {"Grey qualify P1", "Grey qualify G4 R4", "Grey qualify B1 O1", "Grey qualify G4 R4 B1",
                "Grey qualify F1", "Grey qualify G4 F1"} & legal
    for text, rule in (("Grey qualify P1", "§13.3"), ("Grey qualify G4 R4", "§13.3"), ("Grey qualify F1", "§9.1"),
                       ("Grey qualify G9", "§9.2"), ("Red qualify none", "§9.2"), ("Grey push", "§9.2")):
        verdict = race.explain(text)
        assert not verdict.legal and verdict.rule == rule, (text, verdict)


def test_alike_extra_cards_are_named_lowest_first() -> None:
    """Which of two alike Tyre Wear (or Option) cards is played changes nothing: the engine lists the lowest first;
    Option cards with different icons are not alike (a counter-steer card may be kept for the push)."""
    race = to_sealing(["Grey", "Red"], hands={"Grey": ["G4", "W2", "W1", "P1", "P4"]})
    texts = {str(a) for a in choices(race.state.cars["Grey"])}
    assert "Grey qualify G4 W1" in texts and "Grey qualify G4 W2" not in texts
    assert {"Grey qualify G4 P1", "Grey qualify G4 P4", "Grey qualify G4 W1 W2 P1 P4"} <= texts
    assert not race.explain("Grey qualify G4 W2").legal


# ------------------------------------------------------------------ §9.2 item 5, A38: the grid and its ties
def test_the_grid_by_score_ties_to_the_pit_box_and_no_card_at_the_back() -> None:
    """§9.2 item 5, §9.3, A38: the highest score on pole; a tie goes to the pit box nearer the pit exit; a car that
    played no card scores 0 (no base) and starts at the back, several of them by pit box; each on its grid place."""
    hands = {"A": ["G4"], "B": ["R4"], "C": ["G5"], "D": ["G1"], "E": ["G2"]}
    race = to_sealing(["A", "B", "C", "D", "E"], hands=hands)
    qualify_all(race, {"A": "G4", "B": "R4", "C": "G5", "D": "none", "E": "none"})
    for _ in range(3):
        race.apply(NoPush(race.current_car))  # type: ignore[arg-type]
    scores = {e.car: e.score for e in events_of(race, ev.QualifyingRevealed)}
    assert scores == {"A": BASE + 1, "B": BASE + 2, "C": BASE + 1, "D": 0, "E": 0}
    grid = events_of(race, ev.GridSet)[0]
    assert grid.grid == ("B", "A", "C", "D", "E") and grid.pit_lane == ()
    s = race.state
    assert s.grid == ("B", "A", "C", "D", "E") and list(s.cars) == list(s.grid)
    assert [s.cars[c].pos for c in s.grid] == list(s.track.grid[:5])
    assert s.qual_scores["D"].played is False


def test_only_cars_that_played_cards_are_asked_to_push() -> None:
    """A38: a car with no card has no score to push."""
    race = to_sealing(["A", "B", "C"], hands={"A": ["G4"], "B": ["G1"], "C": ["R4"]})
    qualify_all(race, {"A": "G4", "B": "none", "C": "R4"})
    assert race.state.qual_push == ("A", "C")


# ------------------------------------------------------------------ §9.2 item 4, A41: pushing the limit
def _pushing(face: str, hand_a: list[str], play_a: str) -> Race:
    race = to_sealing(["A", "B"], hands={"A": hand_a, "B": ["G4", "G5"]})
    qualify_all(race, {"A": play_a, "B": "G4"})
    race.state.stacked["white"] = [face]
    race.apply("A push")
    return race


def test_a_green_face_adds_its_value() -> None:
    """§9.2 item 4: a green face adds its number (3); the icon face counts 1."""
    race = _pushing("3", ["R4", "G1"], "R4")
    assert race.state.qual_scores["A"].score == BASE + 2 + 3
    race.apply("B nopush")
    assert race.state.grid[0] == "A"
    race = _pushing("1", ["R4", "G1"], "R4")
    assert race.state.qual_scores["A"].score == BASE + 2 + 1


def test_a_red_face_with_a_counter_steer_card_keeps_the_score_and_spends_the_card() -> None:
    """A41: on a red face the driver spends a counter-steer card of its choice (G1 or P1 here) and adds nothing."""
    race = _pushing("4", ["R4", "G1", "P1", "P4"], "R4")
    assert race.state.qual_steer == "A" and race.current_car == "A"
    assert set(race.legal_actions()) == {Steer("A", "G1"), Steer("A", "P1")}
    assert race.explain("A steer P4").rule == "§9.2"
    race.apply("A steer P1")
    s = race.state
    assert s.qual_scores["A"].score == BASE + 2 and not s.qual_scores["A"].crashed
    assert "P1" not in s.cars["A"].hand and s.cars["A"].deck.discards[-1] == "P1"
    assert events_of(race, ev.QualifyingSteered)[0].card == "P1"
    conserved(race)


def test_a_red_face_without_a_counter_steer_card_is_a_crash_and_a_pit_lane_start() -> None:
    """§9.2 item 4, §9.3, A41: no counter-steer card: score 0, the car starts from the pit lane, behind the grid."""
    race = _pushing("6", ["R4", "G4", "P4"], "R4")
    assert race.state.qual_scores["A"].crashed and race.state.qual_scores["A"].score == 0
    race.apply("B nopush")
    s = race.state
    grid = events_of(race, ev.GridSet)[0]
    assert grid.grid == ("B",) and grid.pit_lane == ("A",) and s.grid == ("B", "A")
    assert s.cars["A"].pit_start == 3 and s.track.name_of(s.cars["A"].pos) == "T02.4.2"
    assert events_of(race, ev.PitLaneStart)[0].round == 3


# ------------------------------------------------------------------ §9.4 item 1, §9.6: race round 1's cards
def _to_round_one(hands: dict[str, list[str]], plays: dict[str, str], seed: int = 1) -> Race:
    race = to_sealing(list(hands), seed, hands=hands)
    qualify_all(race, plays)
    while race.state.qual_push:
        race.apply(NoPush(race.current_car))  # type: ignore[arg-type]
    return race


def test_round_one_uses_the_cards_left_and_the_pole_keeps_one_of_three() -> None:
    """§9.4 item 1, §9.6: nobody draws in round 1; the pole looks at its top three cards, keeps one and puts the
    other two on top or at the bottom of its deck in any order (the lists read from the top down)."""
    race = _to_round_one({"A": ["R4", "G1", "W1"], "B": ["G4", "G5"]}, {"A": "R4", "B": "G4"})
    s = race.state
    assert s.round == 1 and s.pole_bonus == "A" and race.phase is Phase.QUALIFY
    on_top(race, "A", ["O1", "G7", "P2"])
    assert not [e for e in race.steps[-1].events if isinstance(e, ev.Drew)]
    assert s.cars["B"].hand == ["G5"] and s.cars["A"].hand == ["G1", "W1"]
    assert len(race.legal_actions()) == 18  # 3 to keep x 6 ways to put back two cards
    race.apply("A pole keep=O1 top=P2,G7 bottom=-")
    assert s.cars["A"].hand == ["G1", "W1", "O1"] and s.cars["A"].deck.pile[-2:] == ["G7", "P2"]
    assert race.phase is Phase.START and s.start.waiting == ("A", "B")
    conserved(race)


def test_the_pole_puts_cards_at_the_bottom() -> None:
    race = _to_round_one({"A": ["R4", "G1"], "B": ["G4", "G5"]}, {"A": "R4", "B": "G4"})
    on_top(race, "A", ["O1", "G7", "P2"])
    race.apply("A pole keep=G7 top=- bottom=P2,O1")
    pile = race.state.cars["A"].deck.pile
    assert pile[:2] == ["O1", "P2"] and "G7" in race.state.cars["A"].hand
    for bad in ("A pole keep=G7 top=- bottom=P2", "A pole keep=G9 top=O1 bottom=P2", "B pole keep=O1 top=- bottom=-"):
        assert not race.explain(bad).legal


def test_a_car_with_no_movement_card_left_is_stuck_in_neutral_and_moves_last() -> None:
    """§9.3: every movement card used in qualifying: the car draws one card at a time, discarding each that is not a
    movement card, until it draws one; it moves after all other cars in round 1, whatever its LEDs."""
    race = _to_round_one({"A": ["G4", "G6", "W1"], "B": ["B1", "W2"], "C": ["R4", "W3"]},
                         {"A": "G4", "B": "B1 W2", "C": "R4"})
    assert race.state.grid == ("B", "C", "A")
    on_top(race, "B", ["G1", "G2", "G3"])
    on_top(race, "C", ["W5", "P3", "B2"])  # C: two non-movement cards, then BLUE
    race.apply("B pole keep=G1 top=G2,G3 bottom=-")
    s = race.state
    stuck = [(e.car, e.card) for e in events_of(race, ev.StuckInNeutral)]
    assert stuck == [("C", "W5"), ("C", "P3"), ("C", "B2")] and s.cars["C"].neutral
    assert s.cars["C"].hand == ["W3", "B2"] and s.cars["C"].deck.discards[-2:] == ["W5", "P3"]
    assert not s.cars["A"].neutral and not s.cars["B"].neutral
    for text in ("B launch G1", "C launch B2", "A launch G6"):
        race.apply(text)
    assert events_of(race, ev.OrderSet)[-1].order == ("A", "B", "C")  # C's 3 LEDs count for nothing: stuck
    conserved(race)


# ------------------------------------------------------------------ §9.3, §9.5 item 6, A7: the pit-lane start
def _crashed_race(rules: Rules | None = None) -> Race:
    race = to_sealing(["A", "B", "C"], rules=rules, hands={"A": ["R4", "G4", "P4"], "B": ["G5", "G6"],
                                                          "C": ["G7", "G8"]})
    qualify_all(race, {"A": "R4", "B": "G5", "C": "G7"})
    race.state.stacked["white"] = ["6"]
    race.apply("A push")  # a red face, no counter-steer card: a crash
    race.apply("B nopush")
    race.apply("C nopush")
    no_race_event_draws(race.state)  # the drivers play Option cards: no Safety Car cuts a start round short
    return race


def _drive_to_round(race: Race, until: int) -> list[tuple[int, tuple[str, ...]]]:
    """Greedy drivers to the start of round ``until``; returns the driver sequence of each round before it (round
    ``until``'s own may be set in the same step when its draw phase asks nothing)."""
    drivers = {c: Greedy(i) for i, c in enumerate(race.state.cars)}
    while race.state.round < until:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
    return [(r, e.order) for r, e in _orders(race) if r < until]


def _orders(race: Race) -> list[tuple[int, ev.OrderSet]]:
    rnd, out = 0, []
    for e in race.events:
        if isinstance(e, ev.RoundStarted):
            rnd = e.round
        elif isinstance(e, ev.OrderSet):
            out.append((rnd, e))
    return out


@pytest.mark.parametrize("start_round", [3, 2])
def test_a7_the_crashed_car_starts_from_the_pit_lane_after_everyone_in_its_round(start_round: int) -> None:
    """§9.3, A7: a qualifying crash skips the rounds before its start round — round 3 by default (the crash rule
    [7.2]), round 2 with the house rule (the round-2 text [7.2.2] and the summary table) — then moves after every car
    on track, in 2nd gear, one card (no pair), forward off the pit-exit tile (no lateral step: the yellow line), on
    lap 1; before that no car meets it on track and it seals no start cards."""
    rules = Rules(pit_lane_start_round=start_round)
    race = _crashed_race(rules)
    assert race.state.cars["A"].pit_start == start_round and race.state.pole_bonus == "B"
    race.apply(race.legal_actions()[0])  # the pole's bonus card
    assert race.phase is Phase.START and race.state.start.sides == ("B", "C")  # A seals no start cards
    orders = _drive_to_round(race, start_round)
    for rnd, order in orders:
        assert "A" not in order, (rnd, order)
    drivers = {c: Greedy(i) for i, c in enumerate(race.state.cars)}
    while not (race.state.turn and race.state.turn.car == "A"):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    s = race.state
    assert s.round == start_round and _orders(race)[-1][1].order[-1] == "A"
    joined = events_of(race, ev.PitLaneJoined)[0]
    assert (joined.at, joined.lap) == ("T02.4.2", 1) and s.cars["A"].pit_start == 0
    assert s.turn is not None and s.turn.pit_exit
    set_hand(race, "A", ["G1", "G2", "R1"])
    legal = {str(a) for a in race.legal_actions()}
    assert "A play G1" in legal and "A play G1 G2" not in legal  # no pair leaving the pit lane (§16.5)
    assert not race.explain("A play G1 G2").legal
    race.apply("A play G1")
    cp = events_of(race, ev.CardsPlayed)[-1]
    assert cp.gear == 2 and cp.mp == s.board.speed(2, Pace(cp.pace)) + 3  # 2nd gear (the tyre bonus 3 on top)
    steps = [str(a) for a in race.legal_actions() if " to " in str(a)]
    assert steps == ["A to T03.4.1"]  # forward only: no lateral step across the yellow line on T02
    assert race.explain("A to T02.3.2").rule == "§9.3"
    race.apply("A to T03.4.1")
    conserved(race)


def test_a_car_on_the_pit_exit_space_keeps_the_starter_in_the_pit_lane_a_round_more() -> None:
    """§9.3, §16.5: the pit-lane starter joins at T02.4.2; with another car standing there when its turn comes
    (found by a property test: a starter that could not move on under the VSC), it waits a round more instead of
    joining onto that car (before: both on one space)."""
    race = _crashed_race(Rules())
    race.apply(race.legal_actions()[0])  # the pole's bonus card
    drivers = {c: Greedy(i) for i, c in enumerate(race.state.cars)}
    while not (race.state.round == 3 and race.state.turn and race.state.turn.car == "C"):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    s = race.state
    s.cars["B"].pos = s.track.pos("T02.4.2")  # B stands on the space A would join at
    s.order = (*[c for c in s.order if c != "A"], "A")
    race.refresh()
    while not (s.turn and s.turn.car == "A") and s.round == 3:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        if s.cars["B"].pos != s.track.pos("T02.4.2"):
            s.cars["B"].pos = s.track.pos("T02.4.2")
    blocked = events_of(race, ev.PitLaneExitBlocked)
    assert [(e.car, e.other, e.at, e.round) for e in blocked] == [("A", "B", "T02.4.2", 4)]
    assert s.cars["A"].pit_start == 4 and not events_of(race, ev.PitLaneJoined)
    assert "cannot leave the pit lane" in blocked[0].sentence()
    conserved(race)


def test_a7_the_house_rule_reads_2_or_3() -> None:
    with pytest.raises(SetupError):
        new_race(["A", "B"], 1, rules=Rules(pit_lane_start_round=4))
    assert "pit_lane_start_round=2" in new_race(["A", "B"], 1, rules=Rules(pit_lane_start_round=2)).position()


def test_every_car_crashed_the_rounds_pass_until_they_join() -> None:
    """No car on the grid (every one crashed): rounds 1–2 pass with no turn; all join from the pit lane in round 3."""
    race = to_sealing(["A", "B"], hands={"A": ["R4", "G4"], "B": ["R5", "G5"]})
    qualify_all(race, {"A": "R4", "B": "R5"})
    race.state.stacked["white"] = ["6", "4"]
    race.apply("A push")
    race.apply("B push")
    s = race.state
    assert events_of(race, ev.GridSet)[0].grid == () and s.round == 2  # round 1 passed with no turn
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]
    assert s.round == 3 and [(r, o.order) for r, o in _orders(race)] == [(1, ()), (2, ()), (3, ("A", "B"))]
    assert s.turn is not None and s.turn.car == "A" and s.turn.pit_exit
    conserved(race)


# ------------------------------------------------------------------ seeded races, drivers, set-up
@pytest.mark.parametrize("seed", range(30))
def test_seeded_races_with_qualifying_end_without_an_engine_error(seed: int) -> None:
    """Mixed greedy and random drivers, 2-6 cars, qualifying to the classification; every card in one place."""
    n = 2 + seed % 5
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    play_out(race, drivers, max_actions=20_000)  # type: ignore[arg-type]
    assert sorted(race.classification()) == sorted(cars_) and events_of(race, ev.GridSet)
    conserved(race)


@pytest.mark.parametrize("seed", range(10))
def test_greedy_keeps_a_movement_card_and_never_risks_a_crash(seed: int) -> None:
    """The greedy driver's qualifying (seeded): it is never stuck in neutral and never crashes."""
    cars_ = ["A", "B", "C", "D"]
    race = new_race(cars_, seed)
    drivers = {c: Greedy(seed + i) for i, c in enumerate(cars_)}
    while race.state.round < 2:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    assert not events_of(race, ev.StuckInNeutral) and events_of(race, ev.GridSet)[0].pit_lane == ()
    pushed = {e.car for e in events_of(race, ev.QualifyingPushed)}
    assert all(race.state.qual_scores[c].played for c in cars_) and pushed <= set(cars_)


def test_a_race_from_a_given_grid_has_no_qualifying() -> None:
    """``qualifying=False``: the players' order is the grid, round 1 draws (the race the older tests start)."""
    race = new_race(["A", "B"], 2, qualifying=False)
    s = race.state
    assert s.grid == ("A", "B") and not s.qualifying and s.round == 1 and not events_of(race, ev.PitBoxes)
    with pytest.raises(SetupError):
        new_race(["A", "B"], 2, qualifying=False, boxes=["B", "A"])
    with pytest.raises(SetupError):
        new_race(["A", "B"], 2, boxes=["A", "C"])
