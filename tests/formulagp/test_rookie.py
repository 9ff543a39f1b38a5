"""Rookie BOTs in the race (digest §22.1, §22.5, §22.7, §22.8, §22.9, §22.13): set-up, the race start, a BOT's
turn resolved by the rules (never an action offered), the Rookie clauses, the house rules, the notation and saves,
and properties over seeded races of players (computer-driven) and Rookies mixed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction, SetupError
from racebook.formulagp import events as ev
from racebook.formulagp.actions import End, Keep, Play, To
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import rookie
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.bots.table import SHARED
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules import botbattle
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Phase

from .rookie_helpers import BOT_CODES, bot_turn, run_bot

CODES = Counter(c.code for c in cards().action)
CONTROL = bot_cards().control


def conserved(race: Race) -> None:
    """Each player's 45 ACTION cards and every BOT card are each in exactly one place."""
    s = race.state
    for c in s.cars.values():
        if c.bot:
            assert not c.hand and not c.deck.pile and not c.deck.discards, c.id
        else:
            assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id
    if any(c.bot for c in s.cars.values()):
        assert Counter(s.bots.cards()) == BOT_CODES


# ------------------------------------------------------------------ set-up (§22.5)
def test_setup_makes_rookies_with_one_shared_tactics_card() -> None:
    race = new_race(["A", "R1", "B", "R2"], 4, bots=["R1", "R2"])
    s = race.state
    assert [c.bot for c in s.cars.values()] == ["", "rookie", "", "rookie"]
    assert list(s.bots.tactics) == [SHARED] and s.bots.tactics_of("R1") == s.bots.tactics_of("R2")
    drawn = [(e.car, e.deck, e.card) for e in race.events if isinstance(e, bev.BotCardDrawn)]
    assert drawn == [("Rookies", "TACTICS", s.bots.tactics[SHARED])]
    assert s.bots.side == "faster"
    conserved(race)
    assert race.current_car in ("A", "B")  # a BOT never has a decision
    assert "bot=rookie" in race.position() and "bside=faster" in race.position()


def test_each_rookie_draws_its_own_tactics_card_with_the_house_rule() -> None:
    race = new_race(["A", "R1", "R2"], 4, bots=["R1", "R2"], rules=Rules(rookie_tactics_each=True))
    s = race.state
    assert sorted(s.bots.tactics) == ["R1", "R2"] and s.bots.tactics["R1"] != s.bots.tactics["R2"]
    drawn = [(e.car, e.card) for e in race.events if isinstance(e, bev.BotCardDrawn)]
    assert drawn == [("R1", s.bots.tactics["R1"]), ("R2", s.bots.tactics["R2"])]
    assert Counter(s.bots.cards()) == BOT_CODES


def test_races_without_bots_are_unchanged() -> None:
    race = new_race(["A", "B"], 5)
    assert "bside=" not in race.position() and "bot=" not in race.position()
    assert not race.state.bots.active


@pytest.mark.parametrize("kw,match", [({"bots": ["Z"]}, "§22.5"), ({"bots": ["A", "A"]}, "§22.5"),
                                      ({"bots": ["A"], "bot_side": "rain"}, "§22.5")])
def test_setup_refuses_bad_bots(kw: dict, match: str) -> None:
    with pytest.raises(SetupError, match=match):
        new_state(["A", "B"], 1, **kw)


def test_a_stacked_card_not_in_its_deck_is_a_clean_error() -> None:
    s = new_state(["A", "R"], 1, bots=["R"])
    s.stacked["battle"] = ["BC99"]
    with pytest.raises(SetupError, match="BC99"):
        rookie.draw(s, "battle")


# ------------------------------------------------------------------ the race start (§22.8)
def _to_start(race: Race) -> None:
    from racebook.formulagp.actions import Keep

    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]


def test_round_1_bots_draw_a_battle_card_pole_plus_two_and_ties_to_the_grid() -> None:
    """§22.8.1: after the players' reveal each BOT draws a BATTLE card; its LEDs (+2 on pole) place it among the
    players; a tie goes to the better grid place; the cards are discarded at the end of round 1."""
    race = new_race(["R1", "A", "R2"], 3, bots=["R1", "R2"])
    s = race.state
    s.stacked["battle"] = ["BC1", "BC12"]  # R1 (pole): 0 + 2 LEDs; R2: 4 LEDs
    s.stacked["white"] = ["1", "1"]  # both BOTs GREEN pace in round 1
    _to_start(race)
    launch = min(race.legal_actions(), key=lambda a: (len(a.extras), str(a)))  # type: ignore[attr-defined]
    race.apply(launch)
    leds = {e.car: (e.leds, e.pole) for e in race.events if isinstance(e, bev.BotStartLeds)}
    assert leds == {"R1": (2, 2), "R2": (4, 0)}
    order = next(e for e in race.events if isinstance(e, ev.OrderSet))
    a_leds = next(e.leds for e in race.events if isinstance(e, ev.StartRevealed))
    want = sorted(["R1", "A", "R2"], key=lambda c: (-{"R1": 2, "R2": 4, "A": a_leds}[c], ["R1", "A", "R2"].index(c)))
    assert order.order == tuple(want) and order.rule == "§9.4.3"
    assert sorted(s.bots.start_cards) == ["R1", "R2"]
    paced = [e for e in race.events if isinstance(e, bev.BotPaced)]
    assert {(e.car, e.pace, e.gear, e.mp) for e in paced} <= {("R1", "green", 2, 1), ("R2", "green", 2, 1)}
    conserved(race)
    drivers = {"A": Greedy(1)}
    while s.round < 2:
        race.apply(drivers["A"].choose(race))
    assert not s.bots.start_cards and any(isinstance(e, bev.BotStartDiscarded) for e in race.events)
    conserved(race)


@pytest.mark.parametrize("face,pace,mp", [("2", "red", 3), ("5", "green", 1)])
def test_rounds_1_and_2_pace_by_the_white_die(face: str, pace: str, mp: int) -> None:
    """§22.8: the WHITE die's colour is the pace (green GREEN, red RED); round 1 in 2nd gear, round 2 the tile's."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T10.2.1", "P": "T20.2.1"}, "TC9", round_=1)
    s.stacked["white"] = [face]
    paced = next(e for e in run_bot(s) if isinstance(e, bev.BotPaced))
    assert (paced.pace, paced.gear, paced.mp) == (pace, 2, mp) and paced.rule.startswith("§22.8.1")
    s = bot_turn(["R", "P"], ["R"], {"R": "T10.2.1", "P": "T20.2.1"}, "TC9", round_=2)
    s.stacked["white"] = [face]
    paced = next(e for e in run_bot(s) if isinstance(e, bev.BotPaced))
    assert (paced.pace, paced.gear, paced.mp) == (pace, 6, CONTROL.side("faster").speed(6, pace))
    assert paced.rule.startswith("§22.8.2")


def test_from_round_3_red_pace_the_tiles_gear_and_the_control_cards_side() -> None:
    s = bot_turn(["R", "P"], ["R"], {"R": "T10.2.1", "P": "T20.2.1"}, "TC9")
    s.stacked["white"] = ["5"]  # not rolled
    s.bots.side = "slower"
    paced = next(e for e in run_bot(s) if isinstance(e, bev.BotPaced))
    assert (paced.pace, paced.gear, paced.mp, paced.side) == ("red", 6, 4, "slower")
    assert s.stacked["white"] == ["5"]


# ------------------------------------------------------------------ the Rookie clauses (§22.1, §22.13)
def test_a_rookie_rolls_no_red_die_takes_no_wear_stress_ot_or_penalty() -> None:
    """§22.13.1: a Rookie never rolls the RED die (here it ends on T05's tricky-corner skid start); §22.13.3: no tyre
    wear (RED-pace lane changes cost it none); no stress; no OT from MP ([BOT 3.2.1]); no penalties."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T04.3.1", "P": "T20.2.1"}, "TC2")
    s.bots.side = "slower"  # 3 MP in 4th gear: to the skid marks
    c = s.cars["R"]
    before = (c.wear, c.stress, c.penalties, c.ers)
    log = run_bot(s)
    moves = [e for e in log if isinstance(e, ev.Moved)]
    assert moves and any(m.how == "lane change" for m in moves)
    assert s.track.name_of(c.pos) == "T05.2.2"  # T05's skid marks start on 2.2 (§11.7)
    assert not [e for e in log if isinstance(e, (ev.DieRolled, ev.StressMoved))]
    assert (c.wear, c.stress, c.penalties, c.ers) == before and c.ot == 0


def test_a_forced_stop_gives_a_bot_no_ot() -> None:
    s = bot_turn(["R", "P"], ["R"], {"R": "T10.2.1", "P": "T11.2.1"}, "TC9")
    log = run_bot(s)
    stop = next(e for e in log if isinstance(e, bev.BotStopped))
    assert stop.at.startswith("T10.") and "next tile" in stop.why
    assert not [e for e in log if isinstance(e, ev.ForcedStop)] and s.cars["R"].ot == 0
    # in the car's lane: one lane over (its yellow arrow, left) to attack from beside it ([BOT 3.2.1])
    lanes = [e for e in log if isinstance(e, bev.BotLane)]
    assert lanes and lanes[0].frm == 2 and lanes[0].to == 1
    assert botbattle.in_position_to_attack(s.track, s.cars["R"].pos, s.cars["P"].pos, 0)


def test_a_rookie_keeps_its_tactics_card_all_race() -> None:
    race = new_race(["A", "R1", "R2"], 8, bots=["R1", "R2"])
    first = dict(race.state.bots.tactics)
    play_out(race, {"A": Greedy(8)})
    assert race.state.bots.tactics == first


def test_a_race_of_rookies_only_runs_to_the_flag_in_the_engine() -> None:
    race = new_race(["R1", "R2", "R3", "R4", "R5", "R6"], 2, bots=["R1", "R2", "R3", "R4", "R5", "R6"])
    assert race.is_over and sorted(race.classification()) == ["R1", "R2", "R3", "R4", "R5", "R6"]
    assert not race.actions and race.legal_actions() == []
    conserved(race)


def test_the_abort_switch_reads_a_die_card_both_ways() -> None:
    card = bot_cards().battle_card("BC3")
    green3 = race_face = new_state(["A", "B"], 1).white_face(2)  # the 3 face: green, not the icon
    assert green3.value == 3 and race_face.colour.value == "green" and not green3.icon
    for rules, aborted in ((Rules(), False), (Rules(bot_abort_on_icon_only=False), True)):
        got = botbattle.score(card, lambda: card, lambda: green3, CONTROL.max_ot,
                              abort_on_icon_only=rules.bot_abort_on_icon_only)
        assert got.aborted is aborted


# ------------------------------------------------------------------ notation, saves, surrender
def test_a_surrender_is_in_the_position_and_the_bot_moves_later() -> None:
    from .rookie_helpers import EX28_TRACK

    s = bot_turn(["R", "P"], ["R"], {"R": "A2.2.2", "P": "A2.3.2"}, "TC2", track=EX28_TRACK)
    s.stacked["white"] = ["1"]
    run_bot(s)
    assert s.order == ("P", "R") and s.bots.waited == ["R"] and s.turn is not None and s.turn.car == "P"


def test_positions_with_bots_round_trip_and_saves_load() -> None:
    race = new_race(["A", "R1", "B", "R2"], 11, bots=["R1", "R2"])
    drivers = {"A": Greedy(1), "B": RandomDriver(2)}
    for i in range(400):
        if race.is_over:
            break
        if i % 25 == 0:
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    assert Race.from_json(race.to_json()).position() == race.position()


# ------------------------------------------------------------------ properties over seeded races
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), k=st.integers(1, 6), each=st.booleans())
def test_properties_of_races_with_bots(seed: int, n: int, k: int, each: bool) -> None:
    """Every legal action applies (on a clone); every ACTION and BOT card is in one place after every action; the
    position notation round-trips and continues alike; the Rookies keep their TACTICS card; the race ends."""
    cars_ = [f"C{i}" for i in range(n)]
    bots = cars_[-min(k, n):]
    race = new_race(cars_, seed, bots=bots, rules=Rules(rookie_tactics_each=each))
    tactics = dict(race.state.bots.tactics)
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal and race.current_car not in bots
        if steps % 11 == 0:
            for a in legal:
                race.clone().apply(a)
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
            for bot in bots:  # a BOT is never offered an action: each one naming it is refused with a rule
                for odd in (Keep(bot), Play(bot, ("G1",)), To(bot, race.state.track.name_of(race.state.cars[bot].pos)),
                            End(bot)):
                    verdict = race.explain(odd)
                    assert not verdict.legal and verdict.rule.startswith("§") and verdict.reason
                    with pytest.raises(IllegalAction):
                        race.apply(odd)
                    assert race.position() == text
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)
    assert race.state.bots.tactics == tactics


@pytest.mark.parametrize("seed", range(30))
def test_seeded_mixed_races_end_without_an_engine_error(seed: int) -> None:
    """Greedy players and Rookies, 2-6 cars, 1 to all BOTs, to the classification."""
    n = 2 + seed % 5
    cars_ = [f"C{i}" for i in range(n)]
    bots = cars_[seed % n:] if seed % 2 else cars_[: 1 + seed % n]
    race = new_race(cars_, seed, bots=bots)
    play_out(race, {c: Greedy(seed + i) for i, c in enumerate(cars_) if c not in bots}, max_actions=20_000)
    assert sorted(race.classification()) == sorted(cars_)
    conserved(race)


def test_a_stacked_tactics_card_is_the_one_drawn_at_the_start() -> None:
    s = new_state(["A", "R"], 3, bots=["R"])
    s.stacked["tactics"] = ["TC8"]
    race = Race(s)
    assert race.state.bots.tactics == {SHARED: "TC8"}


@pytest.mark.parametrize("old,new", [("bside=faster", "bside=fast"), ("btac=*:", "btac=*:TC99,x:"),
                                     ("bbr=0", "bbr=x"), ("bside=faster", "bsid=faster")])
def test_bad_bot_words_in_a_position_are_notation_errors(old: str, new: str) -> None:
    from racebook.core.errors import NotationError

    text = new_race(["A", "R"], 3, bots=["R"]).position()
    assert old in text
    with pytest.raises(NotationError):
        parse_position(text.replace(old, new, 1))


# ------------------------------------------------------------------ a BOT's side of a battle (§22.10)
def test_a_bots_battle_side_draws_from_its_deck_and_discards() -> None:
    """The battle phase's call for a BOT side: the TACTICS decision (TC1 attacks with no die, defends on a green
    WHITE face), the BATTLE card(s) drawn from the BOTs' deck (stackable), every card drawn discarded after."""
    s = new_state(["A", "R"], 5, bots=["R"])
    from .rookie_helpers import with_tactics

    with_tactics(s, "TC1")
    log: list[object] = []
    s.stacked["battle"] = ["BC7", "BC12"]  # two cards joined: 3 + 4 LEDs, the first card's OT
    got = rookie.battle_side(s, "R", attacking=True, opponent_leds=2, log=log)  # type: ignore[arg-type]
    assert got is not None and (got.leds, got.ot, got.used) == (7, 2, ("BC7", "BC12"))
    assert s.bots.battle_deck.discards[-2:] == ["BC7", "BC12"] and Counter(s.bots.cards()) == BOT_CODES
    s.stacked["white"] = ["6"]  # TC1 defends on the die: a red face aborts
    assert rookie.battle_side(s, "R", attacking=False, opponent_leds=3, log=log) is None  # type: ignore[arg-type]
    s.stacked["white"] = ["3"]
    s.stacked["battle"] = ["BC8", "BC2"]  # "lose": it would lose with 3 LEDs against 5, so the 2nd card instead
    got = rookie.battle_side(s, "R", attacking=False, opponent_leds=5, log=log)  # type: ignore[arg-type]
    assert got is not None and got.used == ("BC2",) and got.drawn == ("BC8", "BC2")
    assert [type(e).__name__ for e in log] == ["BotBattled"] * 3
    assert Counter(s.bots.cards()) == BOT_CODES


def test_a_rookies_qualifying_score_draws_one_battle_card() -> None:
    """§22.6 ([BOT 1.5.2]): max OT + the chosen side's LEDs + one BATTLE card's LEDs; the card is discarded."""
    s = new_state(["A", "R"], 5, bots=["R"], bot_side="slower")
    s.stacked["battle"] = ["BC12"]
    log: list[object] = []
    got = rookie.qualify(s, "R", log)  # type: ignore[arg-type]
    assert got.score == CONTROL.max_ot + CONTROL.side("slower").leds + 4 and got.played and not got.crashed
    assert s.bots.battle_deck.discards[-1] == "BC12" and Counter(s.bots.cards()) == BOT_CODES
    assert isinstance(log[0], bev.BotQualified) and log[0].score == got.score


def test_a_player_attacking_a_rookie_meets_its_battle_card_at_the_reveal() -> None:
    """§22.10.2 [BOT 3.2]: a Rookie defending decides nothing at the table: once the attacker has sealed, its side
    is sealed for it, and at the reveal its TACTICS card and BATTLE card(s) answer the attacker's LEDs. The first of
    the seeded 6-car races (C0–C2 Rookies, greedy players) in which a player attacks a Rookie; the table never waits
    on a Rookie."""
    cars_ = [f"C{i}" for i in range(6)]
    bots = {"C0", "C1", "C2"}
    done: list[ev.BattleResolved] = []
    for seed in range(10, 60):
        race = new_race(cars_, seed, bots=sorted(bots))
        drivers = {c: Greedy(seed + i) for i, c in enumerate(cars_) if c not in bots}
        while not race.is_over and not done:
            car = race.current_car
            assert car not in bots, f"the table waits on the Rookie {car} ({race.phase})"
            race.apply(drivers[car].choose(race))
            done = [e for e in race.events if isinstance(e, ev.BattleResolved) and e.defender in bots]
        if done:
            break
    assert done, "no player attacked a Rookie in seeds 10-59"
    resolved = done[0]
    events = list(race.events)
    i = events.index(resolved)
    defend = [e for e in events[:i] if isinstance(e, bev.BotBattled) and e.car == resolved.defender]
    revealed = [e for e in events[:i] if isinstance(e, ev.BattleRevealed) and e.car == resolved.defender]
    assert defend and defend[-1].role == "defends" and revealed
    assert resolved.defender_leds == revealed[-1].leds == (defend[-1].leds if revealed[-1].defends else 0)
