"""A Pro BOT's undefended attacks (digest §22.10.4 [BOT 3.3], §22.13.7 [BOT 6.7]): the chained attack after a winning
overtake that ends in a Slipstream space behind another car (each clause: Pro only, the TACTICS card's decision, a new
BATTLE card, the car ahead can't defend, the card's OT never less than 2, no free space beside, overtaking barred), a
Pro's lapping attempt (no battle decision, a BATTLE card, no defence, the Blue Flag; an aborted card stays), and
seeded Advanced races with two Pro BOTs to the flag. Built positions on the teaching circuit: T06.1.1 is a Slipstream
space of two shadows, T05.1.3 the front space of the tile behind it."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.battles import bot_overtakes
from racebook.formulagp.bots import attack, prochain, rookie
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import prochainevents as cev
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode, Phase, RaceState, Turn

from .rookie_helpers import with_tactics

PRO_CODES = Counter([x.code for x in pro_cards().tactics] + [x.code for x in pro_cards().strategy])
BOT_CODES = Counter([x.code for x in bot_cards().tactics] + [x.code for x in bot_cards().battle])
ACTION_CODES = Counter(c.code for c in cards().action)


def conserved(s: RaceState) -> None:
    """Every Pro card, every shared BOT card and each player's 45 ACTION cards in exactly one place."""
    for c in s.cars.values():
        if c.bot:
            assert not c.hand and not c.deck.pile and not c.deck.discards, c.id
        else:
            assert Counter(c.hand + c.deck.pile + c.deck.discards) == ACTION_CODES, c.id
    assert Counter(s.pro.cards()) == PRO_CODES
    assert Counter(s.bots.cards()) == BOT_CODES


def _tactics(s: RaceState, car: str, code: str) -> None:
    """The Pro BOT ``car`` reads TACTICS card ``code`` (its own goes back to the deck: each card in one place)."""
    pb = s.pro.bots[car]
    deck = s.pro.tactics_deck
    (deck.pile if code in deck.pile else deck.discards).remove(code)
    deck.pile.append(pb.tactics)
    pb.tactics = code


def _hand(s: RaceState, car: str, codes: list[str]) -> None:
    c = s.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in codes:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)


def _state(where: dict[str, str], *, pros: tuple[str, ...] = ("P",), bots: tuple[str, ...] = (),
           card: str = "PT1") -> RaceState:
    """P's turn in round 3 (the order P, then the others), the cars at ``where``; the Pro BOTs read ``card`` (PT1:
    attacks with no die, yellow arrow right, no hazard)."""
    cars_ = list(where)
    s = new_state(cars_, 3, pros=list(pros), bots=list(bots))
    for car, text in where.items():
        s.cars[car].pos = s.track.pos(text)
    for car in pros:
        _tactics(s, car, card)
    s.round, s.phase, s.order, s.turn_index = 3, Phase.MOVE, tuple(cars_), 0
    s.turn = Turn(cars_[0])
    return s


def _of(log: EventLog | list, kind: type) -> list:
    return [e for e in log if isinstance(e, kind)]


# ------------------------------------------------------------------ the chained attack (§22.10.4)
@pytest.mark.parametrize("battle,ot,to", [(["BC4"], 2, "T06.2.2"), (["BC6"], 3, "T07.2.1")])
def test_fgp_ex_30_a_pros_chained_attack_uses_the_new_cards_ot_never_less_than_2(battle: list[str], ot: int,
                                                                                  to: str) -> None:
    """P's overtake (1 OT) ends in the Slipstream shadow behind B: P attacks B too with a new BATTLE card; B can't
    defend (no card of B's, no decision asked); BC4 shows 1 OT → 2 (the Slipstream minimum, Example 30's second
    case); BC6 shows 3 → 3 (the +2 not added). The first OT point steps into lane 2 (the yellow arrow's side)."""
    s = _state({"P": "T05.1.3", "B": "T06.1.1"})
    s.stacked["battle"] = list(battle)
    log = EventLog(None)
    bot_overtakes(s, s.cars["P"], 1, 0, log)
    decided = _of(log, cev.ProChainDecided)
    assert len(decided) == 1 and decided[0].opponent == "B" and "lane 2" in decided[0].does
    assert decided[0].citation.startswith("§22.10.4")
    res = _of(log, cev.ProUndefended)
    assert [(e.opponent, e.what, e.card, e.ot) for e in res] == [("B", "chained attack", battle[0], ot)]
    took = _of(log, ev.Overtook)
    assert [(e.frm, e.ot) for e in took] == [("T05.1.3", 1), ("T06.1.1", ot)]
    assert s.track.name_of(s.cars["P"].pos) == to and s.cars["P"].ot == 0
    assert [e.car for e in _of(log, bev.BotBattled)] == ["P"]  # B draws nothing: it can't defend
    conserved(s)


def test_a_rookie_never_makes_a_chained_attack() -> None:
    s = _state({"R": "T05.1.3", "B": "T06.1.1"}, pros=(), bots=("R",))
    s.stacked["battle"] = ["BC6"]
    log = EventLog(None)
    bot_overtakes(s, s.cars["R"], 1, 0, log)
    assert not _of(log, cev.ProChainDecided) and not _of(log, bev.BotBattled) and s.stacked["battle"] == ["BC6"]
    assert s.track.name_of(s.cars["R"].pos) == "T06.1.1"


@pytest.mark.parametrize("white,attacks", [(["1"], True), (["2"], False)])
def test_the_chained_attack_is_decided_by_the_pros_tactics_card(white: list[str], attacks: bool) -> None:
    """PT2 shows the die for an attack (§22.10.2 item 2): green → the chained attack; red → it aborts and stays in the
    Slipstream shadow behind B, no BATTLE card drawn."""
    s = _state({"P": "T05.1.3", "B": "T06.1.1"}, card="PT2")
    s.stacked["white"] = list(white)
    s.stacked["battle"] = ["BC6"]
    log = EventLog(None)
    bot_overtakes(s, s.cars["P"], 1, 0, log)
    decided = _of(log, cev.ProChainDecided)
    assert len(decided) == 1 and ("green" in decided[0].decision) is attacks
    assert ("aborts" in decided[0].does) is not attacks
    assert bool(_of(log, cev.ProUndefended)) is attacks and (s.stacked["battle"] == []) is attacks
    assert (s.track.name_of(s.cars["P"].pos) == "T06.1.1") is not attacks
    conserved(s)


def test_a_battle_card_that_aborts_leaves_the_pro_behind_the_car() -> None:
    """BC11 (the cross): the chained attack is not possible; P stays in the Slipstream shadow behind B."""
    s = _state({"P": "T05.1.3", "B": "T06.1.1"})
    s.stacked["battle"] = ["BC11"]
    log = EventLog(None)
    bot_overtakes(s, s.cars["P"], 1, 0, log)
    res = _of(log, cev.ProUndefended)
    assert len(res) == 1 and res[0].ot == 0 and "aborts" in res[0].sentence()
    assert s.track.name_of(s.cars["P"].pos) == "T06.1.1" and len(_of(log, ev.Overtook)) == 1
    conserved(s)


def test_no_chained_attack_without_a_free_space_beside_or_under_the_safety_car() -> None:
    """A25: the first OT point steps into the space beside: taken (A on T06.2.1) → no attack, nothing drawn. Under
    the Safety Car (§19.4.2) no overtaking: the Pro is held."""
    s = _state({"P": "T05.1.3", "B": "T06.1.1", "A": "T06.2.1"})
    s.stacked["battle"] = ["BC6"]
    log = EventLog(None)
    bot_overtakes(s, s.cars["P"], 1, 0, log)
    assert not _of(log, cev.ProChainDecided) and s.stacked["battle"] == ["BC6"]
    s2 = _state({"P": "T05.1.3", "B": "T06.1.1"})
    s2.sc_tile = 20
    log2 = EventLog(None)
    bot_overtakes(s2, s2.cars["P"], 1, 0, log2)
    held = _of(log2, bev.BotHeld)
    assert len(held) == 1 and held[0].opponent == "B" and "Safety Car" in held[0].why
    assert not _of(log2, cev.ProChainDecided)


def test_the_chained_attack_after_a_pro_beats_a_player_needs_no_action_from_the_car_ahead() -> None:
    """The whole turn: P (in position beside A) attacks A; A bids G1 (0 LEDs); P draws BC4 (2 LEDs, 1 OT) and wins,
    its overtake ends behind B in the Slipstream space; the chained attack draws BC6 (3 OT) at once: B (a player) is
    not asked; the overtake steps into lane 2 and stops behind A (2 OT lost); then A's turn, and the race runs on to the
    flag with every card in one place."""
    s = _state({"P": "T05.1.3", "A": "T06.2.2", "B": "T06.1.1"})
    _hand(s, "A", ["G1", "R4"])
    s.stacked["battle"] = ["BC4", "BC6"]
    assert attack.start(s, s.cars["P"], EventLog(None))
    race = Race(s)
    n = len(race.events)
    race.apply("A bid G1")
    log = list(race.events)[n:]
    assert _of(log, ev.BattleResolved)[0].result == "the attacker wins"
    assert [(e.opponent, e.card, e.ot) for e in _of(log, cev.ProUndefended)] == [("B", "BC6", 3)]
    assert [(e.frm, e.to, e.lost) for e in _of(log, ev.Overtook)] == [("T05.1.3", "T06.1.1", 0),
                                                                     ("T06.1.1", "T06.2.1", 2)]
    assert s.phase is not Phase.BATTLE and race.current_car == "A"
    conserved(s)
    line = format_state(s)
    assert format_state(parse_position(line)) == line
    drivers = {"A": RandomDriver(1), "B": RandomDriver(2)}
    while not race.is_over:  # the race goes on to the flag after the chain
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race.state)
    assert sorted(race.classification()) == ["A", "B", "P"]


# ------------------------------------------------------------------ the lapping attempt (§22.13.7)
def _lapping(card: str = "PT2") -> RaceState:
    """P (a Pro, a lap ahead) stopped in the Slipstream shadow behind A (a player) on T06.1.1: in position to lap it;
    B on A's lap far behind. PT2 shows the die for an attack (never rolled when lapping)."""
    s = _state({"P": "T06.1.1", "A": "T06.1.1", "B": "T02.2.1"}, card=card)
    s.cars["A"].pos = s.track.pos("T06.1.1")
    p = s.cars["P"]
    p.pos = type(p.pos)(p.pos.tile, p.pos.lane, p.pos.space, 1)
    p.lap = s.cars["A"].lap + 1
    s.stacked["white"] = ["2"]  # red: it would abort if it were rolled
    return s


@pytest.mark.parametrize("battle,passes", [(["BC12"], True), (["BC11"], False)])
def test_a_pros_lapping_attempt_passes_or_stays_by_its_battle_card(battle: list[str], passes: bool) -> None:
    """§22.13.7 [BOT 6.7]: no battle decision (PT2's die is not rolled), a BATTLE card — A is not asked for cards
    (§19.7.1: the car being lapped can't defend) —; BC12 (3 OT): P overtakes and A gets its Blue Flag; BC11 (the
    cross): the attack is not possible, P stays behind A and no Blue Flag."""
    s = _lapping()
    s.stacked["battle"] = list(battle)
    log = EventLog(None)
    assert not attack.start(s, s.cars["P"], log)
    assert s.phase is not Phase.BATTLE and s.battle is None and not s.bids.is_open
    decided = _of(log, bev.BotAttackDecided)
    assert len(decided) == 1 and "lapping" in decided[0].decision and s.stacked["white"] == ["2"]
    res = _of(log, cev.ProUndefended)
    assert [(e.what, e.opponent, e.ot > 0) for e in res] == [("lapping attempt", "A", passes)]
    assert res[0].citation.startswith("§22.13.7")
    assert bool(_of(log, ev.Overtook)) is passes and (s.cars["A"].blue == 1) is passes
    assert bool(_of(log, ev.Lapped)) is passes
    assert (s.track.name_of(s.cars["P"].pos) == "T06.1.1") is not passes
    assert s.cars["A"].attempts == (0 if passes else 1)  # the failed attempt's marker (§19.7.3)
    conserved(s)


def test_a_pros_second_failed_lapping_attempt_lets_every_car_move_around_the_slower_car() -> None:
    """§22.13.7 "later attempts follow the player rules" (§19.7.3): A already marked once; the Pro's card aborts
    again (BC11) → the double marker: next round every car moves around A freely."""
    s = _lapping()
    s.cars["A"].attempts = 1
    s.stacked["battle"] = ["BC11"]
    log = EventLog(None)
    attack.start(s, s.cars["P"], log)
    assert (s.cars["A"].attempts, s.cars["A"].free_round) == (2, s.round + 1)
    assert len(_of(log, ev.LappingFailed)) == 1


def test_a_rookie_lapping_a_player_still_battles() -> None:
    """The Standard races are unchanged: a Rookie lapping a player decides without the die and opens the battle, the
    player's cards first (test_rookie_phases); a Pro in the same place draws at once."""
    s = _state({"R": "T06.1.1", "A": "T06.1.1"}, pros=(), bots=("R",))
    with_tactics(s, "TC9")
    r = s.cars["R"]
    r.pos = type(r.pos)(r.pos.tile, r.pos.lane, r.pos.space, 1)
    r.lap = 1
    log = EventLog(None)
    assert attack.start(s, r, log) and s.phase is Phase.BATTLE and not _of(log, cev.ProUndefended)


# ------------------------------------------------------------------ seeded races (the properties)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(3, 6), rookies=st.integers(0, 1))
def test_properties_of_advanced_races_with_two_pro_bots(seed: int, n: int, rookies: int) -> None:
    """Advanced races with 2 Pro BOTs (and a Rookie or none) to the flag: every card in one place after every action,
    a Pro never offered an action, every undefended attack's OT at least 2 from a Slipstream space (a chained attack)
    and never above the max OT; the notation round-trips; the race ends with every car classified."""
    cars_ = [f"C{i}" for i in range(n)]
    pros = cars_[-2:]
    bots = cars_[-3:-2] if rookies and n > 3 else []
    race = new_race(cars_, seed, pros=pros, bots=bots, mode=Mode.ADVANCED)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        assert race.current_car not in pros and race.current_car not in bots
        if steps % 29 == 0:
            text = race.position()
            assert format_state(parse_position(text)) == text
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race.state)
        steps += 1
        assert steps < 20_000
    for e in _of(race.events, cev.ProUndefended):
        assert e.ot == 0 or 1 <= e.ot <= 3
        if e.what == "chained attack":
            assert e.ot == 0 or e.ot >= 2
    assert sorted(race.classification()) == sorted(cars_)


def test_side_step_prefers_the_yellow_arrow() -> None:
    """The lane change before an attack (and a Slipstream attack's first OT point, A25) goes to the free space beside,
    the yellow arrow's side first: PT4 (left) from lane 2 → lane 1; PT1 (right) → lane 3."""
    for card, lane in (("PT4", 1), ("PT1", 3)):
        s = _state({"P": "T05.2.2", "A": "T02.2.1"}, card=card)
        step = prochain.side_step(s, s.cars["P"])
        assert step is not None and step.lane == lane


@pytest.mark.parametrize("battle,lapped", [(["BC12"], True), (["BC11"], False)])
def test_a_pro_sets_up_the_lapping_beside_the_slower_car_then_attempts_it(battle: list[str], lapped: bool) -> None:
    """§22.13.7 [BOT 6.7], the whole Pro BOT turn: A (a lap down) blocks P's lane on the next tile; P (PT1, yellow
    arrow right) changes lane toward its yellow arrow to end one tile behind A in the adjacent lane (T03.3.2), makes
    no battle decision and draws its BATTLE card: BC12 → it passes with 3 OT to T06, A gets a Blue Flag; BC11 → it
    stays on the tile behind A, no Blue Flag: a failed attempt marks A (§19.7.3, the players' procedure)."""
    s = _state({"P": "T03.2.1", "A": "T04.2.1"})
    s.cars["P"].lap = 1
    s.phase = Phase.PLAY
    s.stacked["battle"] = list(battle)
    log = EventLog(None)
    rookie.begin(s, log)
    lane = [e for e in _of(log, bev.BotLane) if e.car == "P"]
    assert [(e.frm, e.to) for e in lane] == [(2, 3)] and "attack" in lane[0].why
    res = _of(log, cev.ProUndefended)
    assert [(e.what, bool(e.ot)) for e in res] == [("lapping attempt", lapped)]
    assert (s.cars["A"].blue == 1) is lapped and not _of(log, ev.BattleResolved)
    assert s.track.name_of(s.cars["P"].pos) == ("T06.3.1" if lapped else "T03.3.2")
    assert (s.cars["A"].attempts == 1) is not lapped
    conserved(s)
