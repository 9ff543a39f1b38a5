"""The FormulaGP Race on the core platform: set-up, the turn machine's rules on built positions (MP, forced stop and
the OT cap, extend XOR reduce, BLUE and lane changes, the final round), and properties over seeded play-outs (every
legal action applies, cards conserved, actions and positions round-trip, explain refuses with a rule, races end)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import ActionSyntaxError, IllegalAction, NotationError, SaveDataError, SetupError
from racebook.core.rng import Rng
from racebook.core.visibility import TABLE, SealedEntry
from racebook.formulagp import events as ev
from racebook.formulagp import visibility as fgpvis
from racebook.formulagp.actions import (
    CLASSES,
    Attack,
    Attempt,
    Bid,
    BoxRepair,
    Brake,
    Charge,
    Clear,
    Discard,
    End,
    Extend,
    Keep,
    Ladder,
    Launch,
    Leave,
    NoPush,
    OptionCard,
    Param,
    PitIn,
    Play,
    PlayEvent,
    Pole,
    Push,
    Qualify,
    Return,
    Spend,
    Steer,
    Stop,
    To,
    TyreOption,
    Tyres,
    Wait,
    Yield,
    parse,
)
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.components import cards, dice
from racebook.formulagp.eventdeck import event_deck
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Phase, Turn

CODES = Counter(c.code for c in cards().action)
EVENT_CODES = Counter(event_deck().codes)


def conserved(race: Race) -> None:
    """Each car's 45 ACTION cards are each in exactly one place: hand, draw pile or discard pile; each EVENT card in
    one place: the EVENT deck, its discards, held by one car, or out of the game."""
    for c in race.state.cars.values():
        assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id
    assert Counter(race.state.events_everywhere()) == EVENT_CODES


def at_turn(race: Race, car: str, where: dict[str, str], hand: list[str], round_: int = 3) -> Race:
    """Edit ``race`` to ``car``'s turn in round ``round_`` with cars at ``where`` and ``hand`` (cards taken from the
    car's piles, so every card stays in one place); the other cars keep theirs."""
    s = race.state
    for cid, text in where.items():
        s.cars[cid].pos = s.track.pos(text)
    c = s.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in hand:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)
    s.round, s.phase, s.order, s.turn_index, s.turn = round_, Phase.PLAY, (car,), 0, Turn(car)
    race.refresh()
    return race


def test_setup_refuses_bad_fields() -> None:
    with pytest.raises(SetupError, match="§4.6"):
        new_state(["A"], 1)
    with pytest.raises(SetupError, match="§4.6"):
        new_state([f"C{i}" for i in range(7)], 1)
    with pytest.raises(SetupError, match="each car once"):
        new_state(["A", "A"], 1)
    with pytest.raises(SetupError, match="car id"):
        new_state(["A", "two words"], 1)


def test_the_race_starts_with_the_white_die_and_the_draw() -> None:
    race = new_race(["Grey", "Red"], 5, qualifying=False)
    kinds = [type(e) for e in race.events]
    assert kinds[:3] == [ev.PanelSide, ev.RoundStarted, ev.Drew]
    assert race.state.flag == 9 and race.phase is Phase.DRAW
    for c in race.state.cars.values():
        assert len(c.hand) == 6  # §10.1.1: 4 + the 2 LEDs beside ERS 4 (the teaching board)
    assert race.current_car == "Grey"
    assert Keep("Grey") in race.legal_actions()
    conserved(race)


def test_race_round_1_is_a_sealed_start_ordered_by_leds() -> None:
    """§9.4: every driver seals its start cards; nothing shows until all have; the most LEDs move first, a tie to
    the better grid place; each moves in 2nd gear with the cards it revealed."""
    race = new_race(["Grey", "Red", "Blue"], 7, qualifying=False)
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]
    assert race.phase is Phase.START and race.current_car == "Grey"
    legal = race.legal_actions()
    assert legal and all(isinstance(a, Launch) and a.car == "Grey" for a in legal)
    red_launch = Launch("Red", ("R1",))
    assert race.explain(red_launch).rule == "§9.4.3"
    chosen = {}
    for car in ("Grey", "Red", "Blue"):
        a = max(race.legal_actions(), key=lambda x: len(x.extras))  # type: ignore[attr-defined]
        chosen[car] = a
        sealed = race.apply(a)
        assert [type(e) for e in sealed][:1] == [ev.StartSealed]
        assert [f.name for f in fields(sealed[0])] == ["car"]  # the sealed cards are in no event field
        if car != "Blue":
            assert len(sealed) == 1  # nothing revealed before everyone has sealed
    revealed = [e for e in race.events if isinstance(e, ev.StartRevealed)]
    assert [e.car for e in revealed] == ["Grey", "Red", "Blue"]
    leds = {e.car: e.leds for e in revealed}
    for e in revealed:
        launch = chosen[e.car]
        assert e.leds == sum(cards().card(x).leds for x in launch.cards) + len(launch.extras)
    order = next(e for e in race.events if isinstance(e, ev.OrderSet))
    grid = {"Grey": 0, "Red": 1, "Blue": 2}
    assert list(order.order) == sorted(grid, key=lambda c: (-leds[c], grid[c])) and order.rule == "§9.4.3"
    played = next(e for e in race.events if isinstance(e, ev.CardsPlayed))
    assert played.car == order.order[0] and played.gear == 2
    conserved(race)


def test_fgp_green_in_6th_gear_on_fresh_softs_is_5_mp() -> None:
    """Example 10 through the engine: a GREEN card in 6th gear = 2 MP, +3 tyre bonus = 5 spaces (§10.3)."""
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T03.1.1", "Red": "T30.1.1"}, ["G1", "W1"])
    events = race.apply("Grey play G1")
    played = next(e for e in events if isinstance(e, ev.CardsPlayed))
    assert (played.gear, played.mp) == (6, 5)
    conserved(race)


def test_forced_stop_turns_leftover_mp_into_ot_with_the_cap() -> None:
    """Example 17's rule (§13.2): stopped by a car in the adjacent lane, leftover MP become OT up to the max (2)."""
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T02.2.2", "Red": "T03.3.1"}, ["R1"])
    race.apply("Grey play R1")  # 8th gear RED: 5 + 3 = 8 MP
    legal = race.legal_actions()
    assert To("Grey", "T03.2.1") not in legal and Stop("Grey") in legal
    verdict = race.explain("Grey to T03.2.1")
    assert not verdict.legal and verdict.rule == "§13.2"
    events = race.apply("Grey stop")
    stop = next(e for e in events if isinstance(e, ev.ForcedStop))
    assert (stop.mp, stop.ot, stop.lost) == (8, 2, 6)
    assert race.legal_actions() == [End("Grey")]  # no extension after a stop
    end = race.apply("Grey end")
    assert isinstance(end[0], ev.TurnEnded) and end[0].ot == 2 and race.state.cars["Grey"].ot == 0


def test_a_free_pass_with_an_empty_lane_between() -> None:
    """§13.1, Example 14: an empty lane between the cars: no stop."""
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T02.1.2", "Red": "T03.3.1"}, ["G1"])
    race.apply("Grey play G1")
    assert To("Grey", "T03.1.1") in race.legal_actions() and Stop("Grey") not in race.legal_actions()


def test_reduce_then_no_extension_and_blue_has_no_lane_change() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T38.2.1", "Red": "T20.2.1"}, ["B1", "W1"])
    race.state.cars["Grey"].ers = 3
    race.refresh()
    race.apply("Grey play B1")  # BLUE: 1 ERS, no lane change (§6.2)
    assert race.state.cars["Grey"].ers == 2
    assert all(a.to.split(".")[1] == "2" for a in race.legal_actions() if isinstance(a, To))
    assert Charge("Grey") not in race.legal_actions()  # §11.2.1: no charging in a turn a BLUE card was played
    race.apply("Grey brake W1")
    while any(isinstance(a, To) for a in race.legal_actions()):
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    legal = race.legal_actions()
    assert not any(isinstance(a, Extend) for a in legal)  # §11.2: reduced, so never extended
    assert race.explain("Grey extend ers").rule in ("§11.2", "§11.2.2")


def test_extension_on_a_straight_spends_ers() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T38.2.1", "Red": "T20.2.1"}, ["G1"])
    race.apply("Grey play G1")
    while race.state.turn and race.state.turn.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, To)))
    assert Extend("Grey", "ers") in race.legal_actions()
    ers = race.state.cars["Grey"].ers
    race.apply("Grey extend ers")
    assert race.state.cars["Grey"].ers == ers - 1 and race.state.turn is not None and race.state.turn.mp_left == 1


def test_the_final_round_is_when_the_leader_crosses_on_the_final_lap() -> None:
    """The first seeded greedy race from seed 3 on that ends by its final round (a race may also end under the Safety
    Car, §19.4.1, which races with spins reach)."""
    for seed in range(3, 40):
        race = new_race(["A", "B", "C"], seed, qualifying=False)
        play_out(race, {c: Greedy(i) for i, c in enumerate("ABC")})
        if any(isinstance(e, ev.FinalRound) for e in race.events):
            break
    kinds = [type(e) for e in race.events]
    assert ev.FinalLap in kinds and ev.FinalRound in kinds
    final = next(e for e in race.events if isinstance(e, ev.FinalRound))
    final_lap = next(i for i, e in enumerate(race.events) if isinstance(e, ev.FinalLap))
    assert kinds.index(ev.FinalRound) > final_lap
    assert race.classification()[0] == final.car or race.state.cars[final.car].penalties
    places = [e for e in race.events if isinstance(e, ev.Classified)]
    assert [p.position for p in places] == [1, 2, 3] and race.is_over and race.legal_actions() == []


# ------------------------------------------------------------------ action texts
ACTION_EXAMPLES = [Keep("A"), Launch("A", ("O1", "O2"), "red", ("W1", "P2")), Launch("B", ("G3",)),
                   Return("A", ("G1", "R10")), Discard("Grey", "P3"), Clear("A", "W8"),
                   Play("A", ("G1",)), Play("A", ("O1", "R2"), "red", True), Play("B", ("O1", "O2"), "green"),
                   To("A", "T05.2.1"), Charge("A"), Brake("A", "W2"), Extend("A", "ers"), Extend("A", "W3"),
                   Stop("A"), End("A"), Spend("A", ("O1",)), Spend("A", ("G7", "R7")),
                   Spend("Grey", ("G4", "E1"), "white"), Param("A", "yellow"), Param("A", "white", ("G1", "P2")),
                   Param("A", "white"), OptionCard("A", "P2"), PlayEvent("A", "E3"), Ladder("A", "B1")]
ACTION_EXAMPLES += [Attack("A", "B"), Attack("A", "Red", 3), Bid("A", ("B1", "B2", "W1", "P3"), True),
                    Bid("B", ("W2",)), Yield("B")]  # battles (§13.2, §13.3)
ACTION_EXAMPLES += [PitIn("A"), Tyres("A", "hard"), BoxRepair("A", "all"), BoxRepair("A", "D2"), Leave("A"),
                    Wait("A")]  # §16
ACTION_EXAMPLES += [Qualify("A", ("G1", "G2", "W1", "P3")), Qualify("B", ()), Push("A"), NoPush("B"), Steer("A", "P1"),
                    Pole("A", "G3", ("R2",), ("W1",)), Pole("B", "O1", (), ("G1", "W2"))]  # qualifying (§9)
ACTION_EXAMPLES += [Attempt("A"), Attempt("B", 3)]  # the Optional qualifying by die roll (§21 15.3)
ACTION_EXAMPLES += [TyreOption("A", "a"), TyreOption("B", "b")]  # the Optional limited tyre sets (§21 15.10)


@pytest.mark.parametrize("action", ACTION_EXAMPLES, ids=str)
def test_action_text_round_trips(action: object) -> None:
    assert parse(str(action)) == action


def test_every_verb_has_an_example() -> None:
    assert {type(a) for a in ACTION_EXAMPLES} == set(CLASSES)


@pytest.mark.parametrize("text", ["", "A", "A fly", "1A play G1", "A play", "A play G1 G2 G3", "A play X9",
                                  "A play O1", "A play G1=red", "A play O1=red O2=green", "A to T05", "A keep now",
                                  "A extend ers W1", "A return", "A discard", "A brake W1 W2", "A to T05.5.1",
                                  "A attack", "A attack B L5", "A attack B C", "A bid", "A bid +ers", "A bid X1",
                                  "A yield now"])
def test_bad_action_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_action_syntax_error(text: str) -> None:
    try:
        a = parse(text)
    except ActionSyntaxError:
        return
    assert parse(str(a)) == a


@pytest.mark.parametrize("text", ["", "fgp", "fgp x | y || -", "nonsense || -"])
def test_bad_positions_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text)


# ------------------------------------------------------------------ properties over seeded play-outs
def _odd_actions(race: Race, rng: Rng) -> list[object]:
    """Actions of every kind for every car, mostly not legal now."""
    cars_ = list(race.state.cars)
    out: list[object] = []
    for car in cars_:
        c = race.state.cars[car]
        some = sorted(CODES)
        card = some[rng.below(len(some))]
        out += [Keep(car), Return(car, (card,)), Discard(car, card), Clear(car, card), Play(car, (card,)),
                Charge(car), Brake(car, card), Extend(car, "ers"), Extend(car, card), Stop(car), End(car),
                To(car, race.state.track.name_of(c.pos))]
        out += [Attack(car, cars_[rng.below(len(cars_))]), Attack(car, cars_[0], 1 + rng.below(4)),
                Bid(car, (card,), bool(rng.below(2))), Yield(car)]  # battles (§13.2, §13.3)
        out += [Qualify(car, (card,)), Qualify(car, ()), Push(car), NoPush(car), Steer(car, card),
                Pole(car, card, (), ())]  # qualifying (§9)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), qualifying=st.booleans())
def test_properties_of_a_random_race(seed: int, n: int, qualifying: bool) -> None:
    """Every legal action applies (on a clone) without raising; cards are conserved after every action; a listed
    action's text parses back; explain refuses sampled illegal actions with a rule and apply leaves the race as it
    was; the position notation round-trips and continues alike; the race ends, and its save loads back."""
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed, qualifying=qualifying)
    driver = RandomDriver(seed)
    rng = Rng(seed + 1)
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal, race.position()
        for a in legal:
            assert parse(str(a)) == a
        if steps % 9 == 0:
            for a in legal:
                race.clone().apply(a)
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
            for odd in _odd_actions(race, rng):
                if odd in legal:
                    continue
                verdict = race.explain(odd)  # type: ignore[arg-type]
                assert not verdict.legal and verdict.rule.startswith("§") and verdict.reason
                with pytest.raises(IllegalAction):
                    race.apply(odd)  # type: ignore[arg-type]
                assert race.position() == text
        a = driver.choose(race)
        race.apply(a)
        conserved(race)
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)
    assert Race.from_json(race.to_json()).position() == race.position()


@pytest.mark.parametrize("qualifying", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_at_n_replays_the_same_position(seed: int, qualifying: bool) -> None:
    race = new_race(["A", "B", "C"], seed, frames=True, qualifying=qualifying)
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate("ABC")}
    for _ in range(150):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    mid = race.at(77)
    again = new_race(["A", "B", "C"], seed, qualifying=qualifying)
    for a in race.actions[:77]:
        again.apply(a)
    assert mid.position() == again.position()


@pytest.mark.parametrize("seed", range(60))
def test_seeded_races_end_without_an_engine_error(seed: int) -> None:
    """Mixed greedy and random drivers, 2-6 cars, to the classification."""
    n = 2 + seed % 5
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed, qualifying=False)  # the grid start; qualifying races: test_qualifying.py
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    play_out(race, drivers, max_actions=20_000)  # type: ignore[arg-type]
    assert sorted(race.classification()) == sorted(cars_)
    conserved(race)


# ------------------------------------------------------------------ saves and stacked dice
@pytest.mark.parametrize("qualifying", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_save_and_load_give_the_same_race(seed: int, qualifying: bool) -> None:
    race = new_race(["A", "B", "C"], seed, qualifying=qualifying)
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate("ABC")}
    for _ in range(120):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    back = Race.from_json(race.to_json())
    assert back.position() == race.position() and back.actions == race.actions
    assert back.legal_actions() == race.legal_actions()


@pytest.mark.parametrize("text,field", [("[]", "<json>"), ('{"format": "x"}', "format"),
                                        ('{"format": "racebook-formulagp-save-1"}', "initial")])
def test_bad_saves_are_save_data_errors(text: str, field: str) -> None:
    with pytest.raises(SaveDataError) as e:
        Race.from_json(text, file="bad.json")
    assert e.value.field == field and "\n" not in str(e.value)


def test_an_altered_save_is_refused() -> None:
    race = new_race(["A", "B"], 4)
    for _ in range(30):
        race.apply(Greedy(1).choose(race))
    data = json.loads(race.to_json())
    bad_action = dict(data, actions=data["actions"][:5] + ["A plai G1"] + data["actions"][6:])
    with pytest.raises(SaveDataError) as e:
        Race.from_json(json.dumps(bad_action))
    assert e.value.field == "actions[5]"
    bad_final = dict(data, final=data["final"].replace(" ot=0 ", " ot=1 ", 1))
    assert bad_final["final"] != data["final"]
    with pytest.raises(SaveDataError) as e:
        Race.from_json(json.dumps(bad_final))
    assert e.value.field == "final"


def test_a_stacked_white_die_picks_the_panel_side() -> None:
    """§4.2 a: the WHITE die's colour picks the panel side; a stacked face is rolled first (teaching faces: odd
    green, even red)."""
    for face, side in (("3", "green"), ("6", "red")):
        state = new_state(["A", "B"], 1)
        state.stacked["white"] = [face]
        race = Race(state)
        first = race.events[0]
        assert isinstance(first, ev.PanelSide) and (first.face, first.colour) == (int(face), side)
        assert race.state.stacked["white"] == []


def _random_text(rng: Rng, cars_: list[str]) -> str:
    def card() -> str:
        return "GRBOWPFX"[rng.below(8)] + str(1 + rng.below(99))

    verbs = ("keep", "return", "discard", "clear", "play", "launch", "to", "charge", "brake", "extend", "stop", "end",
             "attack", "bid", "yield", "qualify", "push", "nopush", "steer", "pole")
    car = (cars_ + ["Zed"])[rng.below(len(cars_) + 1)]
    verb = verbs[rng.below(len(verbs))]
    tile = ("T01", "T05", "T40", "SF", "DRS", "T99")[rng.below(6)]
    args = {"return": [card(), card()], "discard": [card()], "clear": [card()], "brake": [card()],
            "play": [card()] + ([card()] if rng.below(2) else []) + (["+char"] if rng.below(3) == 0 else []),
            "launch": [card(), "+" + "WP"[rng.below(2)] + str(1 + rng.below(12))],
            "to": [f"{tile}.{1 + rng.below(4)}.{1 + rng.below(4)}"], "extend": [("ers", card())[rng.below(2)]],
            "attack": [(cars_ + ["Zed"])[rng.below(len(cars_) + 1)]]
            + ([f"L{1 + rng.below(4)}"] if rng.below(2) else []),
            "bid": [card()] + ([card()] if rng.below(2) else []) + (["+ers"] if rng.below(2) else []),
            "qualify": [card() for _ in range(rng.below(4))] or ["none"], "steer": [card()],
            "pole": [f"keep={card()}", f"top={card()}", f"bottom={('-', card())[rng.below(2)]}"]}
    return " ".join([car, verb] + args.get(verb, []))


@pytest.mark.parametrize("seed", range(4))
def test_explain_refuses_any_parsed_action_with_a_rule(seed: int) -> None:
    """Fuzz (measured once over 30 races: 66,667 texts, no error): any action that parses and is not legal gets a
    verdict citing a section, and apply raises IllegalAction leaving the position as it was."""
    cars_ = [f"C{i}" for i in range(2 + seed)]
    race, driver, rng = new_race(cars_, seed), RandomDriver(seed), Rng(seed + 100)
    for k in range(400):
        if race.is_over:
            break
        if k % 10 == 0:
            before = race.position()
            for _ in range(25):
                try:
                    a = parse(_random_text(rng, cars_))
                except ActionSyntaxError:
                    continue
                if a in race.legal_actions():
                    continue
                verdict = race.explain(a)
                assert not verdict.legal and verdict.rule.startswith("§"), (str(a), verdict)
                with pytest.raises(IllegalAction):
                    race.apply(a)
            assert race.position() == before
        race.apply(driver.choose(race))


def test_what_each_player_sees_of_hands_and_the_sealed_start() -> None:
    """§5, §9.4.3: a hand is its owner's; another car's start cards stay sealed in the log until the reveal."""
    race = new_race(["Grey", "Red"], 11, qualifying=False)
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]
    grey_launch = race.legal_actions()[0]
    race.apply(grey_launch)
    hands = fgpvis.table_view(race.state, "Red")
    assert hands["Red"] == tuple(race.state.cars["Red"].hand)
    assert hands["Grey"] == (fgpvis.IN_HAND,) * len(race.state.cars["Grey"].hand)
    assert set(fgpvis.table_view(race.state, TABLE)["Red"]) == {fgpvis.IN_HAND}
    red_log = fgpvis.log_view(race, "Red")
    assert red_log[-1] == SealedEntry("Grey") and fgpvis.log_view(race, "Grey")[-1] == grey_launch
    race.apply(race.legal_actions()[0])  # Red seals: everything is revealed
    assert fgpvis.log_view(race, "Red")[-2] == grey_launch
    assert not any(isinstance(e, SealedEntry) for e in fgpvis.log_view(race, TABLE))


def _face(die: str, kind: str) -> str:
    faces = dice().yellow if die == "yellow" else dice().red
    return str(1 + [f.value for f in faces].index(kind))


def test_dice_after_the_move_tricky_corner_and_a_pair() -> None:
    """§19.2, §7: ending on a tricky corner's skid-mark start space owes the RED die; a movement pair owes the
    YELLOW die; stacked faces: RED tyre wear +1, YELLOW stress +1 (§15)."""
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T05.2.1", "Red": "T30.1.1"}, ["G1", "G2", "W1"])
    race.state.stacked.update({"red": [_face("red", "wear")], "yellow": [_face("yellow", "stress")]})
    race.state.cars["Grey"].ers = 0  # room to charge: the reduction stops the car on the skid marks
    race.refresh()
    race.apply("Grey play G1 G2")  # a pair: RED pace in 4th gear
    race.apply("Grey to T05.2.2")  # the skid-mark start space (2.2)
    while race.state.turn and race.state.turn.mp_left:  # stop here: reduce the rest (ERS, then Brake!)
        race.apply("Grey charge" if race.state.cars["Grey"].ers < 4 else "Grey brake W1")
    wear, stress = race.state.cars["Grey"].wear, race.state.cars["Grey"].stress
    events = race.apply("Grey end")
    rolled = [(e.die, e.face) for e in events if isinstance(e, ev.DieRolled)]
    assert rolled == [("red", "wear"), ("yellow", "stress")]
    assert race.state.cars["Grey"].wear == wear + 1 and race.state.cars["Grey"].stress == stress + 1


def test_a_single_green_card_relieves_stress_and_focus_adds_1_mp() -> None:
    race = at_turn(new_race(["Grey", "Red"], 1, qualifying=False), "Grey",
                   {"Grey": "T03.1.1", "Red": "T30.1.1"}, ["G1"])
    race.apply("Grey play G1")
    while race.state.turn and race.state.turn.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, (To, Stop))))
    events = race.apply("Grey end")
    moved = next(e for e in events if isinstance(e, ev.StressMoved))
    assert (moved.delta, moved.space) == (-1, "focus") and race.state.cars["Grey"].stress == 0
    race = at_turn(race, "Grey", {"Grey": "T03.1.1", "Red": "T30.1.1"}, ["G2"])
    played = next(e for e in race.apply("Grey play G2") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 6  # 2 + 3 tyre + 1 Focus (§15)
