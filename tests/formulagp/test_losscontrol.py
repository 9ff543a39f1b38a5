"""Loss of control, spins, off track, walls, collisions, RISK cards and rejoining (digest §7, §6.8, §18.1–§18.3,
§19.2) on built positions with stacked dice and cards: each outcome of the flow chart, the CONTROL phase's
decisions, the rejoining car's turn (last in the sequence, no tyre bonus, the 1st MP turns the car, the next one
rejoins), Example 21 in the engine (two RED dice), and the incident decks conserved over seeded random races."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction, NotationError
from racebook.formulagp import events as ev
from racebook.formulagp.actions import CounterSteer, FaceForward, Rejoin, Repair, Spin, parse
from racebook.formulagp.agents import RandomDriver
from racebook.formulagp.components import dice
from racebook.formulagp.game import Race
from racebook.formulagp.incidentcards import IncidentDeck, incident_cards
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, Resume, Turn
from racebook.formulagp.trackparts import Pos
from tests.formulagp.test_race import at_turn, conserved

RED_ICON = 13  # the teaching board's wear space with the RED die icon: a RED die every move (§14.1)
ALL_INCIDENT = Counter(c.code for c in incident_cards().cards)


def face(die: str, kind: str) -> str:
    faces = dice().yellow if die == "yellow" else dice().red
    return str(1 + [f.value for f in faces].index(kind))


GREEN, RED = "3", "2"  # WHITE faces: 3 green (one lane right), 2 red (one lane left) (A3's default map)
LOC = face("red", "loss_of_control")


def code_of(deck: IncidentDeck, name: str) -> str:
    return next(c.code for c in incident_cards().of(deck) if c.name == name)


def red_die_at_end(where: dict[str, str], hand: list[str], stacked: dict[str, list[str]], car: str = "Grey",
                   cards_: dict[str, list[str]] | None = None) -> tuple[Race, list[object]]:
    """``car``'s move is over at ``where[car]`` with its wear marker on the RED die icon: 'end' rolls the RED die
    (§14.1, §19.2) with the faces stacked; ``cards_`` stacks the incident decks."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), car, where, hand)
    s = race.state
    for other in s.cars.values():  # the other cars hold no Counter-steer card: a loss of control spins them
        if other.id != car:
            other.deck.pile += other.hand
            other.hand = ["G5"] if "G5" not in hand else ["G6"]
            (other.deck.pile if other.hand[0] in other.deck.pile else other.deck.discards).remove(other.hand[0])
    s.cars[car].wear = RED_ICON
    s.phase, s.turn = Phase.MOVE, Turn(car)
    s.stacked.update({k: list(v) for k, v in stacked.items()})
    for deck, codes in (cards_ or {}).items():
        s.card_stack[deck] = list(codes)
    race.refresh()
    return race, list(race.apply(f"{car} end"))


FAR = {"Red": "T30.1.1", "Blue": "T33.1.1"}


def kinds(events: list[object]) -> list[str]:
    return [type(e).__name__ for e in events]


# ------------------------------------------------------------------ spins (§18.1 Spin)
def test_a_spin_on_track_shifts_rotates_wears_stresses_and_calls_the_yellow_flag() -> None:
    race, events = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G5"], {"red": [LOC], "white": [GREEN]})
    grey = race.state.cars["Grey"]
    assert race.state.track.name_of(grey.pos) == "T03.3.1" and grey.spun and not grey.off
    assert grey.wear == RED_ICON + 1 and grey.stress == 2  # +1 wear, +1 stress (from the middle)
    assert "YellowFlagIncident" in kinds(events) and "IncidentCardDrawn" not in kinds(events)  # no DAMAGE on track
    assert race.state.phase is not Phase.CONTROL  # no Counter-steer card: no decision, it spins


def test_a_spin_off_track_draws_a_damage_card_and_the_car_rejoins_next_round() -> None:
    wing = code_of(IncidentDeck.DAMAGE, "Front wing damage")
    race, events = red_die_at_end({"Grey": "T05.3.1", **FAR}, ["G5"], {"red": [LOC], "white": [GREEN]},
                                  cards_={"damage": [wing]})
    grey = race.state.cars["Grey"]
    assert grey.off == "right" and grey.spun and grey.damage == [wing] and grey.out_round == 3
    drawn = next(e for e in events if isinstance(e, ev.IncidentCardDrawn))
    assert (drawn.deck, drawn.card) == ("DAMAGE", wing) and "YellowFlagIncident" in kinds(events)


def test_a_spin_into_a_wall_stays_on_its_space_rotated_and_damaged() -> None:
    race, events = red_die_at_end({"Grey": "T19.3.1", **FAR}, ["G5"], {"red": [LOC], "white": [GREEN]})
    grey = race.state.cars["Grey"]
    assert race.state.track.name_of(grey.pos) == "T19.3.1" and grey.spun and not grey.off
    assert len(grey.damage) + kinds(events).count("IncidentCardDrawn") >= 1 and "HitWall" in kinds(events)


def test_a_spin_into_a_car_is_a_collision_and_each_car_loses_control_once_per_event() -> None:
    """§18.3: each draws a DAMAGE card, the initiator takes a Penalty token and stays, the car hit loses control.
    Red (no Counter-steer card) spins; the WHITE die's red face sends it left into Grey: Red initiates that
    collision (a Penalty token), and Grey, whose loss of control began the event, does not lose control again."""
    race, events = red_die_at_end({"Grey": "T03.2.1", "Red": "T03.3.1", "Blue": "T33.1.1"}, ["G5"],
                                  {"red": [LOC], "white": [GREEN, RED]})
    s = race.state
    grey, red = s.cars["Grey"], s.cars["Red"]
    hits = [(e.car, e.other) for e in events if isinstance(e, ev.Collided)]
    assert hits == [("Grey", "Red"), ("Red", "Grey")] and grey.penalties == 1 and red.penalties == 1
    assert s.track.name_of(grey.pos) == "T03.2.1" and s.track.name_of(red.pos) == "T03.3.1"  # initiators stay
    assert [e.car for e in events if isinstance(e, ev.IncidentCardDrawn)] == ["Grey", "Red"]  # one damage a round
    assert [e.car for e in events if isinstance(e, ev.LostControl)] == ["Grey", "Red"]


# ------------------------------------------------------------------ counter-steer (§18.1: OffTrack_A, Wall_A)
def test_a_counter_steer_is_a_decision_then_one_lane_over_pointing_forward() -> None:
    race, events = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G1", "G5"], {"red": [LOC], "white": [RED]})
    s = race.state
    assert s.phase is Phase.CONTROL and race.current_car == "Grey"
    assert race.legal_actions() == [CounterSteer("Grey", "G1"), Spin("Grey")]
    verdict = race.explain(CounterSteer("Grey", "G5"))
    assert not verdict.legal and verdict.rule == "§18.1"
    with pytest.raises(IllegalAction):
        race.apply("Red spin")
    wear = s.cars["Grey"].wear
    race.apply("Grey countersteer G1")
    grey = s.cars["Grey"]
    assert s.track.name_of(grey.pos) == "T03.1.1" and not grey.spun and grey.wear == wear + 1
    assert "G1" in grey.deck.discards and s.phase is not Phase.CONTROL


def test_counter_steered_off_track_a_second_card_keeps_control_without_damage_or_yellow_flag() -> None:
    race, _ = red_die_at_end({"Grey": "T05.3.1", **FAR}, ["G1", "G2", "G5"], {"red": [LOC], "white": [GREEN]})
    race.apply("Grey countersteer G1")
    assert race.state.cars["Grey"].off == "right" and race.state.phase is Phase.CONTROL
    assert race.legal_actions() == [CounterSteer("Grey", "G2"), Spin("Grey")]
    events = race.apply("Grey countersteer G2")
    grey = race.state.cars["Grey"]
    assert "HeldOffTrack" in kinds(events) and not grey.spun and grey.off == "right" and grey.damage == []
    assert "YellowFlagIncident" not in kinds(events)


def test_counter_steered_off_track_without_a_second_card_spins_off() -> None:
    race, _ = red_die_at_end({"Grey": "T05.3.1", **FAR}, ["G1", "G5"], {"red": [LOC], "white": [GREEN]})
    events = race.apply("Grey countersteer G1")
    grey = race.state.cars["Grey"]
    assert grey.spun and grey.off == "right" and "YellowFlagIncident" in kinds(events)
    assert any(isinstance(e, ev.IncidentCardDrawn) and e.deck == "DAMAGE" for e in events)


def test_counter_steered_into_a_wall_draws_damage_and_no_spin() -> None:
    race, _ = red_die_at_end({"Grey": "T19.3.1", **FAR}, ["G1", "G5"], {"red": [LOC], "white": [GREEN]})
    events = race.apply("Grey countersteer G1")
    grey = race.state.cars["Grey"]
    assert "HitWall" in kinds(events) and not grey.spun and not grey.off
    assert any(isinstance(e, ev.IncidentCardDrawn) and e.deck == "DAMAGE" for e in events)


# ------------------------------------------------------------------ RISK cards (§6.8), the tricky corner (§11.7)
def test_a_risk_face_draws_a_risk_card_played_at_once() -> None:
    limits = code_of(IncidentDeck.RISK, "Track limits")
    race, events = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G5"], {"red": [face("red", "risk")]},
                                  cards_={"risk": [limits]})
    assert race.state.cars["Grey"].penalties == 1
    assert limits in race.state.incident_decks["risk"].discards  # played at once, then discarded
    flag = code_of(IncidentDeck.RISK, "Yellow Flag")
    race, events = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G5"], {"red": [face("red", "risk")]},
                                  cards_={"risk": [flag]})
    assert "YellowFlagIncident" in kinds(events)


def test_fgp_ex_21_tricky_corner_and_the_red_icon_roll_two_red_dice_the_corner_spins_onto_the_skids() -> None:
    """Example 21 (§19.2): ending on a skid-mark start space with the wear marker on the RED die icon → the RED die
    twice; the tricky corner's loss of control spins the car onto the end of the skid marks, off track (§11.7)."""
    race, events = red_die_at_end({"Grey": "T05.2.2", **FAR}, ["G1", "G5"],
                                  {"red": [LOC, face("red", "wear")]})
    rolled = [(e.die, e.face) for e in events if isinstance(e, ev.DieRolled)]
    assert rolled == [("red", "loss_of_control"), ("red", "wear")]
    grey = race.state.cars["Grey"]
    assert race.state.track.name_of(grey.pos) == "T05.1.3" and grey.spun and grey.off == "left"
    assert race.state.phase is not Phase.CONTROL  # no counter-steer on a tricky corner


# ------------------------------------------------------------------ rejoining (§18.2)
def _next_round(race: Race) -> None:
    """Play the other cars' turns until the spun car's turn (round N+1): it moves last."""
    guard = 0
    while race.state.turn is None or race.state.turn.car != "Grey" or race.state.round == 3:
        legal = race.legal_actions()
        race.apply(legal[0])
        guard += 1
        assert guard < 400


def test_a_spun_car_moves_last_turns_with_its_first_mp_and_has_no_tyre_bonus() -> None:
    race, _ = red_die_at_end({"Grey": "T03.2.1", **FAR}, ["G5"], {"red": [LOC], "white": [GREEN]})
    _next_round(race)
    s = race.state
    assert s.order[-1] == "Grey"
    play = next(a for a in race.legal_actions() if str(a).startswith("Grey play") and "+char" not in str(a))
    played = next(e for e in race.apply(play) if isinstance(e, ev.CardsPlayed))
    assert "tyre" not in played.breakdown  # on Soft tyres a move has a +3 or +2 tyre bonus (§10.3); not now
    assert race.legal_actions() == [FaceForward("Grey")]
    assert race.explain(parse("Grey charge")).rule == "§18.2"
    race.apply("Grey face")
    assert not s.cars["Grey"].spun and s.turn is not None and s.turn.mp_left == played.mp - 1


def test_ex20_pushed_off_track_the_rejoining_car_takes_a_penalty() -> None:
    """Example 20's other branch (§18.2 b, §11.3.1): Blue rejoins at the nearest space but Red is on it: Blue enters
    the space and pushes Red into the next lane; when Red goes off track (or collides) Blue takes a Penalty token.
    (The example's main case, Red pushed and still on track, is the scenario fgp_ex20: test_fgp_ex_20.)"""
    race = new_race(["Blue", "Red", "Grey"], 5)
    race = at_turn(race, "Blue", {"Blue": "T03.2.1", "Red": "T03.2.1", "Grey": "T33.1.1"}, ["G5"])
    s = race.state
    s.cars["Blue"].off = "left"  # off track beside T03.2.1 (its nearest space), pointing forward
    s.cars["Red"].pos = s.track.pos("T03.2.1")
    race.refresh()
    race.apply("Blue play G5")
    assert race.legal_actions() == [Rejoin("Blue")]
    events = race.apply("Blue rejoin")
    pushed = next(e for e in events if isinstance(e, ev.Pushed))
    assert (pushed.car, pushed.other, pushed.at, pushed.to) == ("Blue", "Red", "T03.2.1", "T03.3.1")
    assert s.track.name_of(s.cars["Blue"].pos) == "T03.2.1" and not s.cars["Blue"].off
    assert s.track.name_of(s.cars["Red"].pos) == "T03.3.1" and s.cars["Blue"].penalties == 0  # on track: no token
    # the same rejoin from the other side on T05 pushes Red off track (lane 4 is grass): Blue takes a Penalty token
    race = at_turn(new_race(["Blue", "Red", "Grey"], 5), "Blue",
                   {"Blue": "T05.3.1", "Red": "T05.3.1", "Grey": "T33.1.1"}, ["G5"])
    s = race.state
    s.cars["Blue"].off = "left"
    race.refresh()
    race.apply("Blue play G5")
    race.apply("Blue rejoin")
    assert s.cars["Red"].off == "right" and s.cars["Blue"].penalties == 1 and s.later == ["Red:off:Blue:0"]


def test_a_push_in_the_move_and_into_a_wall_is_a_collision() -> None:
    """§11.3.1: a lane change into an occupied space pushes; a push into a wall is a collision (§18.3)."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T19.2.1", "Red": "T19.3.1", "Blue": "T33.1.1"}, ["G5"])
    race.apply("Grey play G5")
    assert parse("Grey to T19.3.1") in race.legal_actions()
    events = race.apply("Grey to T19.3.1")
    s = race.state
    assert any(isinstance(e, ev.Collided) for e in events) and s.cars["Grey"].penalties == 1
    assert s.track.name_of(s.cars["Grey"].pos) == "T19.2.1"


@pytest.mark.parametrize(("once", "tokens"), [(True, 1), (False, 2)])
def test_a20_push_penalty_both_ways(once: bool, tokens: int) -> None:
    """A20: a car pushed off track that keeps control with a second counter-steer: one Penalty token for the pusher
    (the digest's reading) or two (one at the push, §11.3.1, one after the save, 13.4 a)."""
    from racebook.formulagp.options import Rules

    race = new_race(["Grey", "Red", "Blue"], 3, rules=Rules(push_penalty_once=once))
    race = at_turn(race, "Grey", {"Grey": "T05.2.1", "Red": "T05.3.1", "Blue": "T33.1.1"}, ["G5"])
    red = race.state.cars["Red"]
    red.deck.pile += red.hand
    red.hand = []
    for x in ("G1",):
        red.deck.pile.remove(x)
        red.hand.append(x)
    race.refresh()
    race.apply("Grey play G5")
    race.apply("Grey to T05.3.1")
    assert red.off == "right" and race.state.cars["Grey"].penalties == 1
    while race.state.phase is not Phase.CONTROL:
        race.apply(next(a for a in race.legal_actions() if str(a).split()[1] in ("to", "stop", "end")))
    assert race.current_car == "Red"
    race.apply("Red countersteer G1")
    assert race.state.cars["Grey"].penalties == tokens and red.off == "right" and not red.spun


# ------------------------------------------------------------------ properties: decks conserved, positions round-trip
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6))
def test_incident_cards_are_conserved_and_positions_round_trip(seed: int, n: int) -> None:
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed)
    driver = RandomDriver(seed)
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal, race.position()
        if race.state.phase is Phase.CONTROL or steps % 25 == 0:
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
            for car in race.state.cars:  # the new verbs, refused with a rule when not legal, nothing changed
                for odd in (CounterSteer(car, "G1"), CounterSteer(car, "R9"), Spin(car), FaceForward(car),
                            Rejoin(car), Repair(car, "FL1", ("G1",)), Repair(car, "FL2", ("W1", "G2"))):
                    if odd in legal:
                        continue
                    verdict = race.explain(odd)
                    assert not verdict.legal and verdict.rule.startswith("§") and verdict.reason
                    with pytest.raises(IllegalAction):
                        race.apply(odd)
                    assert race.position() == text
        race.apply(driver.choose(race))
        conserved(race)
        assert Counter(race.state.incident_cards_everywhere()) == ALL_INCIDENT
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)


def _hand(race: Race, car: str, hand: list[str]) -> None:
    c = race.state.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in hand:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)


def test_a_full_slipstream_space_pushes_the_lowest_white_die_a_free_shadow_is_taken() -> None:
    """§11.3.1: into a Slipstream space with a free shadow the mover takes it; with every shadow full, each car
    there rolls the WHITE die and the lowest is pushed (here off track beyond lane 1: a Penalty token)."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T06.2.1", "Red": "T06.1.1", "Blue": "T33.1.1"}, ["G5"])
    race.apply("Grey play G5")
    events = race.apply("Grey to T06.1.1")
    assert not any(isinstance(e, ev.Pushed) for e in events) and race.state.cars["Grey"].pos.shadow == 1
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T06.2.1", "Red": "T06.1.1", "Blue": "T06.1.1"}, ["G5"])
    s = race.state
    s.cars["Blue"].pos = Pos(s.cars["Blue"].pos.tile, 1, 0, 1)  # the second car shadow
    s.stacked["white"] = ["5", "2"]  # Red (front shadow) rolls 5, Blue 2: Blue is pushed
    race.refresh()
    race.apply("Grey play G5")
    events = race.apply("Grey to T06.1.1")
    pushed = next(e for e in events if isinstance(e, ev.Pushed))
    assert (pushed.other, s.cars["Blue"].off, s.cars["Grey"].penalties) == ("Blue", "left", 1)
    assert s.later == ["Blue:off:Grey:0"] and not s.cars["Red"].off


def test_a_spun_car_is_passed_freely() -> None:
    """§18.2: other cars pass a spun or off-track car without a battle (no forced stop behind it)."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T02.2.2", "Red": "T03.2.1", "Blue": "T33.1.1"}, ["G5"])
    race.state.cars["Red"].spun = True
    race.refresh()
    race.apply("Grey play G5")
    assert parse("Grey to T03.2.1") not in race.legal_actions()  # its space is taken
    assert parse("Grey to T03.3.1") not in race.legal_actions()  # no diagonal
    race.apply("Grey to T02.3.2")
    events = race.apply("Grey to T03.3.1")
    assert not any(isinstance(e, ev.ForcedStop) for e in events)
    assert parse("Grey to T03.3.2") in race.legal_actions()


def test_a_push_collision_waits_for_the_victims_decision_then_the_move_goes_on() -> None:
    """§18.3: the car pushed into a wall loses control at once; holding a Counter-steer card it decides in the
    CONTROL phase; then the pusher's move goes on with its MP left."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T19.2.1", "Red": "T19.3.1", "Blue": "T33.1.1"}, ["G5"])
    _hand(race, "Red", ["G1"])
    race.refresh()
    race.apply("Grey play G5")
    left = race.state.turn.mp_left if race.state.turn else 0
    race.apply("Grey to T19.3.1")
    assert race.state.phase is Phase.CONTROL and race.current_car == "Red" and race.state.resume == "move"
    race.state.stacked["white"] = [GREEN]  # Red counter-steers right: lane 4 is off, a wall (Wall_A)
    events = race.apply("Red countersteer G1")
    assert "HitWall" in kinds(events) and race.state.phase is Phase.MOVE and race.current_car == "Grey"
    assert race.state.turn is not None and race.state.turn.mp_left == left - 1


def test_where_the_play_resumes_is_a_typed_word_of_the_notation() -> None:
    """§18.1: the CONTROL phase's way back is a :class:`Resume` member; the notation writes its word and reads it back
    as the member, and refuses an unknown word with a one-line error."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey",
                   {"Grey": "T19.2.1", "Red": "T19.3.1", "Blue": "T33.1.1"}, ["G5"])
    _hand(race, "Red", ["G1"])
    race.refresh()
    race.apply("Grey play G5")
    race.apply("Grey to T19.3.1")
    text = format_state(race.state)
    assert race.state.resume is Resume.MOVE and " resume=move " in text
    assert parse_position(text).resume is Resume.MOVE
    with pytest.raises(NotationError, match="resume= is -, move, end, round, pit or battle"):
        parse_position(text.replace(" resume=move ", " resume=later "))
