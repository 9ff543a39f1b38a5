"""The Optional Photo Finish (digest §17.2.2 item 7, §21 15.8; the BOTs' BOT 7.5, §22.14; house rule
``photo_finish``): the pure rules, built end-of-race positions both ways (two cars on one tile at the flag), a BOT
contender's green and red WHITE die, "only one has a movement card wins at once", "none has a card: draw and play",
the notation, and seeded races with the rule on (hypothesis)."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from racebook.core.errors import NotationError
from racebook.formulagp import events as ev
from racebook.formulagp import integrity
from racebook.formulagp.actions import End, Play
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.events import photofinish as pev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.photofinish import GUARD
from racebook.formulagp.rules.classification import Finish, Finisher, classify, photo_contenders, photo_leaders
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_race import at_turn

ON = Rules(photo_finish=True)


def test_the_pure_rules_contenders_leaders_and_the_photo_order() -> None:
    """Penalties first (5 tiles a token), a spun car excluded, lapped cars out; the photo order goes first."""
    fin = [Finisher("A", 100, 1), Finisher("B", 105, 0, penalties=1), Finisher("C", 100, 2, finish=Finish.SPUN),
           Finisher("D", 100, 3, finish=Finish.LAPPED), Finisher("E", 99, 4)]
    assert photo_contenders(fin) == ("B", "A")  # in driver sequence; C spun, D lapped, E a tile behind
    assert photo_contenders([Finisher("A", 100, 0), Finisher("B", 99, 1)]) == ("A",)  # no photo finish
    assert photo_leaders({"B": 103, "A": 103, "E": 101}) == ("B", "A")
    assert [c.car for c in classify(fin)] == ["A", "B", "E", "C", "D"]  # B, penalised, lands behind A (§17.2.1)
    assert [c.car for c in classify(fin, photo=("B", "A"))] == ["B", "A", "E", "C", "D"]
    with pytest.raises(ValueError, match="photo finish"):
        classify(fin, photo=("A", "A"))


def _take(race: Race, car: str, cards: list[str]) -> None:
    """``car`` holds ``cards`` (taken from its piles, so every card stays in one place)."""
    c = race.state.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in cards:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)


def _at_flag(rules: Rules, hands: dict[str, list[str]], tops: dict[str, str] | None = None,
             bots: tuple[str, ...] = (), where: tuple[str, str] = ("T05.1.1", "T05.2.1"), seed: int = 3) -> Race:
    """The final round, Grey and Red over the line on one tile (``where``, lap 2), Red's turn: the race's last (Red
    plays G1 and has no MP left, :func:`_last_move`). ``hands``: the cards each keeps; ``tops``: a deck's top card;
    ``bots``: Grey may be a Rookie BOT."""
    race = at_turn(new_race(["Grey", "Red"], seed, rules=rules, bots=bots), "Red",
                   {"Grey": where[0], "Red": where[1]}, ["G1"] + hands.get("Red", []), round_=16)
    if "Grey" not in bots:
        _take(race, "Grey", hands.get("Grey", []))
    for car, code in (tops or {}).items():
        pile = race.state.cars[car].deck.pile
        pile.remove(code)
        pile.append(code)  # the top of the pile is its end
    s = race.state
    s.flag, s.final_lap, s.final_round = s.final_lap_at, True, True
    for c in s.cars.values():
        c.lap, c.crossed_final = 2, True
    s.order, s.turn_index = ("Grey", "Red"), 1
    race.refresh()
    return race


def _last_move(race: Race) -> None:
    """Red's last turn of the race: G1, then no MP left: End."""
    race.apply("Red play G1")
    assert race.state.turn is not None
    race.state.turn.mp_left = 0
    race.refresh()
    race.apply(End("Red"))


def _of(race: Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


def _play_out(race: Race) -> None:
    for _ in range(400):
        if race.is_over:
            return
        race.apply(Greedy(1).choose(race))
    raise AssertionError("the photo finish did not end")


def test_off_the_driver_sequence_orders_the_tile() -> None:
    race = _at_flag(Rules(), {"Grey": ["B1"], "Red": ["G2"]})
    _last_move(race)
    assert race.is_over and not _of(race, pev.PhotoFinish)
    placed = [e.car for e in _of(race, ev.Classified)]
    assert placed == list(race.classification())
    assert set(placed) == {"Grey", "Red"}


def test_on_both_move_in_extra_turns_until_one_is_ahead() -> None:
    """Both hold a movement card: the extra turn in driver sequence through the normal state API (the PLAY phase's
    legal plays); the blue pace goes farther than the green one."""
    race = _at_flag(ON, {"Grey": ["B1"], "Red": ["G2"]})
    _last_move(race)
    assert not race.is_over and race.phase is Phase.PLAY
    started = _of(race, pev.PhotoFinish)
    assert len(started) == 1 and set(started[0].cars) == {"Grey", "Red"}
    first = _of(race, pev.PhotoFinishRound)[0]
    assert set(first.movers) == {"Grey", "Red"} and race.current_car == first.movers[0]
    assert any(isinstance(a, Play) for a in race.legal_actions()) and race.current_car is not None
    line = race.position()
    assert " pf=1/" in line and format_state(parse_position(line)) == line
    assert _of(race, ev.CardsShown)  # the penalties were revealed first, once
    shown = len(_of(race, ev.CardsShown))
    _play_out(race)
    assert len(_of(race, ev.CardsShown)) == shown
    won = _of(race, pev.PhotoFinishWon)
    assert len(won) == 1 and race.classification()[0] == won[0].car
    assert [e.car for e in _of(race, ev.Classified)] == list(race.classification())
    assert integrity.problems(race.state) == [] and " pf=" not in race.position()


def test_only_one_with_a_movement_card_moves_and_wins_at_once() -> None:
    """Grey holds only a Tyre Wear card: Red alone has a movement card, moves and wins (no draw for Grey)."""
    race = _at_flag(ON, {"Grey": ["W3"], "Red": ["G2"]})
    _last_move(race)
    rnd = _of(race, pev.PhotoFinishRound)
    assert [r.movers for r in rnd] == [("Red",)] and "wins at once" in str(rnd[0])
    assert race.current_car == "Red" and " pf=1/" in race.position() and "/Red" in race.position()
    _play_out(race)
    assert race.classification()[0] == "Red"
    assert _of(race, pev.PhotoFinishWon)[0].how.startswith("only it could move")
    assert race.state.cars["Grey"].hand == ["W3"] and not _of(race, pev.PhotoFinishDraw)


def test_none_with_a_card_each_draws_the_top_card_and_plays_it() -> None:
    """Neither holds a movement card: each draws its deck's top card; Grey draws a movement card (R1), Red a Tyre
    Wear card (W1): Grey alone can move, so it moves and wins."""
    race = _at_flag(ON, {"Grey": ["W3"], "Red": []}, tops={"Grey": "R1", "Red": "W1"})
    _last_move(race)
    drew = {e.car: e.card for e in _of(race, pev.PhotoFinishDraw)}
    assert drew == {"Grey": "R1", "Red": "W1"}
    assert [r.movers for r in _of(race, pev.PhotoFinishRound)] == [("Grey",)]
    assert race.current_car == "Grey" and Play("Grey", ("R1",)) in race.legal_actions()
    _play_out(race)
    assert race.classification()[0] == "Grey"
    assert Counter(race.state.cards_everywhere()) == Counter(parse_position(race.position()).cards_everywhere())


@pytest.mark.parametrize(("face", "moves"), [("3", True), ("4", False)])
def test_a_bot_contender_rolls_the_white_die_green_moves_red_does_not(face: str, moves: bool) -> None:
    """BOT 7.5 (§22.14): Grey, a Rookie BOT, rolls the WHITE die (stacked): green (3) = it has MP and makes its
    normal BOT move; red (4) = no MP. Red holds a movement card: with the BOT's red face it alone moves and wins."""
    race = _at_flag(ON, {"Red": ["G2"]}, bots=("Grey",))
    race.state.stacked["white"] = [face]
    _last_move(race)
    die = _of(race, pev.PhotoFinishDie)
    assert [(d.car, d.face, d.mp) for d in die] == [("Grey", int(face), moves)]
    assert "MP available" in str(die[0]) if moves else "no MP" in str(die[0])
    movers = _of(race, pev.PhotoFinishRound)[0].movers
    assert set(movers) == ({"Grey", "Red"} if moves else {"Red"})
    if moves and movers[0] == "Grey":  # the BOT's turn is resolved by its rules: a BotPaced event, then Red's turn
        assert any(isinstance(e, ev.OrderSet) for e in race.events)
    _play_out(race)
    assert race.is_over and len(_of(race, pev.PhotoFinishWon)) + len(_of(race, pev.PhotoFinishUndecided)) == 1
    if not moves:
        assert race.classification()[0] == "Red"


def test_a_pro_bot_level_again_plays_another_extra_turn_then_moves_alone() -> None:
    """BOT 7.5 for a Pro BOT (stacked WHITE 5, then 1: green twice): extra turn 1, both move and end on one tile
    again (Grey's normal Pro move, Red's G2); extra turn 2, Red holds no card left and Grey alone can move: it moves
    and wins at once. The penalty icons are revealed once."""
    race = at_turn(new_race(["Grey", "Red"], 3, rules=ON, pros=("Grey",)), "Red",
                   {"Grey": "T05.1.1", "Red": "T05.2.1"}, ["G1", "G2"], round_=16)
    s = race.state
    s.flag, s.final_lap, s.final_round = s.final_lap_at, True, True
    for c in s.cars.values():
        c.lap, c.crossed_final = 2, True
    s.order, s.turn_index = ("Grey", "Red"), 1
    s.stacked["white"] = ["5", "1"]
    race.refresh()
    _last_move(race)
    _play_out(race)
    assert [(d.face, d.mp) for d in _of(race, pev.PhotoFinishDie)] == [(5, True), (1, True)]
    assert [set(r.movers) for r in _of(race, pev.PhotoFinishRound)] == [{"Grey", "Red"}, {"Grey"}]
    assert [set(e.cars) for e in _of(race, pev.PhotoFinishTied)] == [{"Grey", "Red"}]
    assert race.classification() == ("Grey", "Red") and len(_of(race, ev.CardsShown)) == 2


def test_a_bad_pf_token_is_a_clean_notation_error() -> None:
    race = _at_flag(ON, {"Grey": ["B1"], "Red": ["G2"]})
    _last_move(race)
    line = race.position()
    for bad in ("pf=1/Grey/Grey", "pf=x/Grey,Red/Red", "pf=1/Grey,Red/-", "pf=1/Grey,Red"):
        with pytest.raises(NotationError, match="pf="):
            parse_position(" ".join(bad if w.startswith("pf=") else w for w in line.split(" ")))


def test_the_engine_guard_ends_an_undecided_photo_finish_by_the_driver_sequence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No winner within the guard (here 2 extra turns: the BOT's die red twice, Red drawing two Tyre Wear cards):
    the driver sequence decides, as with the rule off (an engine limit, not a rule)."""
    assert GUARD >= 10
    monkeypatch.setattr("racebook.formulagp.photofinish.GUARD", 2)
    race = _at_flag(ON, {"Red": []}, bots=("Grey",))
    pile = race.state.cars["Red"].deck.pile
    for code in ("W2", "W1"):  # W1 on top, then W2
        pile.remove(code)
        pile.append(code)
    race.state.stacked["white"] = ["2", "4"]
    _last_move(race)
    assert race.is_over
    assert [e.card for e in _of(race, pev.PhotoFinishDraw)] == ["W1", "W2"]
    assert [d.mp for d in _of(race, pev.PhotoFinishDie)] == [False, False]
    assert len(_of(race, pev.PhotoFinishUndecided)) == 1 and not _of(race, pev.PhotoFinishWon)
    off = _at_flag(Rules(), {"Red": []}, bots=("Grey",))
    _last_move(off)
    assert race.classification() == off.classification()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), grey=st.integers(0, 3), red=st.integers(0, 2), bot=st.booleans(),
       lanes=st.sampled_from([("T05.1.1", "T05.2.1"), ("T05.2.1", "T05.1.1"), ("T12.1.1", "T12.2.1")]))
@example(seed=1217, grey=0, red=1, bot=False, lanes=("T05.1.1", "T05.2.1"))  # a penalty icon in hand: no photo
def test_built_photo_finishes_end_classified_and_conserve_cards(seed: int, grey: int, red: int, bot: bool,
                                                                lanes: tuple[str, str]) -> None:
    """Two cars on one tile at the flag with seeded hands (none to a few cards, movement or not) and decks, Grey a
    player or a Rookie BOT: the photo finish always ends with one winner ahead of the other (or the engine guard),
    a full classification that puts it first, the cards each in one place and the notation round-tripping."""
    probe = new_race(["Grey", "Red"], seed)
    rng = Random(seed)
    hands = {"Grey": rng.sample(sorted(probe.state.cars["Grey"].deck.pile), grey),
             "Red": rng.sample(sorted(x for x in probe.state.cars["Red"].deck.pile if x != "G1"), red)}
    race = _at_flag(ON, hands, bots=("Grey",) if bot else (), where=lanes, seed=seed)
    decks = Counter(race.state.cards_everywhere())
    _last_move(race)
    drivers = {"Grey": RandomDriver(seed), "Red": RandomDriver(seed + 1)}
    n = 0
    while not race.is_over:
        line = race.position()
        assert format_state(parse_position(line)) == line
        car = race.current_car
        assert car is not None
        race.apply(drivers[car].choose(race))
        assert Counter(race.state.cards_everywhere()) == decks
        n += 1
        assert n < 2_000
    assert sorted(race.classification()) == ["Grey", "Red"] and not race.state.photo
    if not _of(race, pev.PhotoFinish):  # a penalty icon revealed in a hand put one car back (§17.2.1): no tie
        assert race.state.cars["Grey"].penalties != race.state.cars["Red"].penalties
        return
    assert len(_of(race, pev.PhotoFinish)) == 1
    won, undecided = _of(race, pev.PhotoFinishWon), _of(race, pev.PhotoFinishUndecided)
    assert len(won) + len(undecided) == 1
    if won:
        assert race.classification()[0] == won[0].car
        rounds = _of(race, pev.PhotoFinishRound)
        if len(rounds[-1].movers) > 1:  # not "alone": the winner ended ahead of the other (after penalties)
            first, second = (e for e in _of(race, ev.Classified))
            assert first.distance > second.distance


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), bots=st.booleans(), greedy=st.booleans())
@example(seed=1, bots=True, greedy=True)  # a race whose flag falls on a photo finish
def test_seeded_races_with_the_photo_finish_end_classified_and_conserve_cards(seed: int, bots: bool,
                                                                              greedy: bool) -> None:
    """Photo finish on: every seeded race ends with a full classification; the cards stay each in one place and
    the position notation round-trips at every step of the extra turns."""
    cars = ("A", "B", "C", "D")
    race = new_race(cars, seed, rules=ON, bots=("D",) if bots else ())
    decks = Counter(race.state.cards_everywhere())
    drivers = {c: (Greedy(seed) if greedy else RandomDriver(seed)) for c in cars}
    n = 0
    while not race.is_over:
        car = race.current_car
        assert car is not None
        if race.state.photo:
            line = race.position()
            assert format_state(parse_position(line)) == line
        race.apply(drivers[car].choose(race))
        assert Counter(race.state.cards_everywhere()) == decks
        n += 1
        assert n < 20_000
    assert sorted(race.classification()) == sorted(cars)
    assert [e.car for e in _of(race, ev.Classified)] == list(race.classification())
    assert not race.state.photo
