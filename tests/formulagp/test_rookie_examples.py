"""The BOT rulebook's worked examples for Rookie BOTs (Appendix A): Example 28's five lane cases a–e ([BOT 2.2.3],
digest §22.9.1) and Example 30 (the Slipstream minimum OT, [BOT 3.3], §22.10.4), asserting the source's facts on
the engine (a BOT's turn resolved by the rules) and on the pure rules it calls."""

from __future__ import annotations

from racebook.formulagp import events as ev
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots.cards import Aggression, Block, bot_cards
from racebook.formulagp.components import dice
from racebook.formulagp.rules import botbattle, botlanes
from racebook.formulagp.rules.botlanes import Blocked, Why
from racebook.formulagp.rules.pushing import PushOutcome, push
from racebook.formulagp.state import Phase

from .rookie_helpers import EX28_TRACK, bot_turn, run_bot

CARDS = bot_cards()


def _lanes(log: list[object]) -> list[tuple[int, int, str]]:
    return [(e.frm, e.to, e.why) for e in log if isinstance(e, bev.BotLane)]


def _path(s: object, log: list[object]) -> list[str]:
    from racebook.formulagp import events as ev

    return [e.to for e in log if isinstance(e, ev.Moved)]


def test_fgp_ex_28a_far_right_on_straights_changes_first_then_where_its_lane_ends() -> None:
    """28a: the BOT prefers the far-right lane on straights: at the start of its turn it changes first, so that it
    moves onto the next straight in the far-right lane; it changes again where its lane ends on the kerb before the
    corner (forced: its yellow arrow points right, at the edge, so it goes one lane toward the middle)."""
    card = CARDS.tactics_card("TC1")
    assert (card.shape.value, card.lane, card.yellow.value) == ("straight", 4, "right")
    s = bot_turn(["R", "P"], ["R"], {"R": "T02.2.2", "P": "T20.2.1"}, "TC1")
    log = run_bot(s)
    assert _path(s, log) == ["T02.3.2", "T02.4.2", "T03.4.1", "T03.4.2", "T03.3.2", "T04.3.1"]
    lanes = _lanes(log)
    assert [(a, b) for a, b, _ in lanes] == [(2, 3), (3, 4), (4, 3)]
    assert "lane 4 of T03" in lanes[0][2] and lanes[2][2] == Why.FORCED.value
    assert s.track.space(s.track.pos("T03.4.2")).surface.value == "k"
    assert not s.track.tiles[s.track.pos("T04.1.1").tile].racing(4)  # the kerb lane ends before the corner


def test_fgp_ex_28b_second_lane_from_the_inside_of_curves_and_the_aggressive_push_off() -> None:
    """28b: the BOT prefers the second lane from the inside on curves. It stays in its lane, then changes so that
    it moves onto the next curve in lane 2 from the inside (T04 turns right: its racing lanes from the inside are
    3, 2, 1). If its WHITE die roll makes it aggressive, it moves right into that lane and the car there is forced
    off track ([BOT 2.2.2], the player rules for changing lanes into an occupied space, §11.3.1)."""
    card = CARDS.tactics_card("TC2")
    assert (card.shape.value, card.lane) == ("curve", 2)
    s = bot_turn(["R", "P"], ["R"], {"R": "T02.1.2", "P": "T20.2.1"}, "TC2")
    log = run_bot(s)
    assert _path(s, log)[:3] == ["T03.1.1", "T03.1.2", "T03.2.2"]  # in its lane to T03's front, then one change
    assert s.track.name_of(s.cars["R"].pos).startswith("T05.2")  # entered T04 in lane 2 and kept it on T05
    assert [(a, b) for a, b, _ in _lanes(log)] == [(1, 2)]
    assert botlanes.preferred_lane(s.track, s.track.pos("T04.1.1").tile, card) == 2

    # the aggressive push-off: a car holds the preferred lane beside the BOT, at a track edge
    track = EX28_TRACK
    bot, victim = track.pos("A2.2.2"), track.pos("A2.3.2")
    assert botlanes.preferred_lane(track, track.pos("B1.1.1").tile, card) == 3  # B1 turns right: lanes 4, 3, …
    ch = botlanes.choose(track, bot, card, [track.pos("B1.2.1")], taken_beside={3})
    assert ch.why is Why.BLOCKED and ch.lane == 3
    pushed = push(track, bot.lane, victim)
    assert pushed.outcome is PushOutcome.OFF_TRACK  # a risk: the WHITE die decides
    aggressive = [f for f, sym in card.blocked.items() if sym is Block.AGGRESSIVE]
    assert aggressive and botlanes.blocked_choice(card, aggressive[0], ahead_free=True, can_surrender=False) == (
        Block.AGGRESSIVE, Blocked.PUSH)
    # the engine reads the same die face and pushes through §11.3.1's rules (racebook.formulagp.pushes)
    s = bot_turn(["R", "P"], ["R"], {"R": "A2.2.2", "P": "A2.3.2"}, "TC2", track=track)
    s.stacked["white"] = [str(aggressive[0])]
    log = run_bot(s)
    blocked = next(e for e in log if isinstance(e, bev.BotBlocked))
    assert (blocked.lane, blocked.other, blocked.symbol) == (3, "P", "aggressive")
    assert f"shows {aggressive[0]}" in blocked.roll
    pushed_ev = next(e for e in log if isinstance(e, ev.Pushed))  # 28b: "forces the car there off track"
    assert (pushed_ev.car, pushed_ev.other, pushed_ev.at) == ("R", "P", "A2.3.2") and "off track" in pushed_ev.outcome
    assert s.cars["P"].off == "right" and s.cars["R"].penalties == 0  # a Rookie never takes a penalty (§22.13.8)
    assert any(isinstance(e, ev.Moved) and e.car == "R" and (e.frm, e.to) == ("A2.2.2", "A2.3.2") for e in log)


def test_fgp_ex_28c_far_right_on_a_two_lane_straight_after_the_curve() -> None:
    """28c: the BOT prefers the far right on straights. It stays in its lane to the end of the curve, then changes
    for the next straight; that straight has only two lanes, so it takes the farthest right it can (lane 2)."""
    track = EX28_TRACK
    s = bot_turn(["R", "P"], ["R"], {"R": "B1.1.2", "P": "D2.1.1"}, "TC1", track=track)
    log = run_bot(s)
    assert _path(s, log) == ["B2.1.1", "B2.1.2", "B2.2.2", "C1.2.1"]
    assert [(a, b) for a, b, _ in _lanes(log)] == [(1, 2)]
    c1 = track.tiles[track.pos("C1.1.1").tile]
    assert [ln for ln in range(1, 5) if c1.racing(ln)] == [1, 2]
    assert botlanes.preferred_lane(track, c1.index, CARDS.tactics_card("TC1")) == 2


def test_fgp_ex_28d_outside_of_curves_once_per_turn() -> None:
    """28d: the BOT prefers the outside lane on curves. It changes to move onto the next curve in the last possible
    outside lane (T20 turns right with racing lanes 2 and 3: the outside is lane 2); it moves to its preferred lane
    only once per turn, so it does not move out again for the corner after (T21, whose outside is lane 3)."""
    card = CARDS.tactics_card("TC3")
    assert (card.shape.value, card.lane) == ("curve", 4)
    s = bot_turn(["R", "P"], ["R"], {"R": "T19.3.2", "P": "T01.1.1"}, "TC3")
    log = run_bot(s)
    assert _path(s, log) == ["T19.2.2", "T20.2.1", "T20.2.2", "T21.2.1"]
    t20, t21 = (s.track.pos(x).tile for x in ("T20.2.1", "T21.2.1"))
    assert botlanes.preferred_lane(s.track, t20, card) == 2
    assert botlanes.preferred_lane(s.track, t21, card) == 3  # would be out again: not this turn
    assert [(a, b) for a, b, _ in _lanes(log)] == [(3, 2)]


def test_fgp_ex_28e_a_blocked_bot_pushes_goes_straight_on_or_gives_up_its_place() -> None:
    """28e: a blocked BOT may move one lane right into the second-from-inside lane (forcing the other car off),
    continue straight ahead, or give up its place in the driver sequence and move after the other car — by its
    TACTICS card's symbols read against the WHITE die (TC2: faces 1–2 surrender, 3–4 not aggressive, 5–6
    aggressive)."""
    card = CARDS.tactics_card("TC2")
    assert {f: card.blocked[f] for f in (1, 3, 5)} == {1: Block.SURRENDER, 3: Block.NOT_AGGRESSIVE,
                                                       5: Block.AGGRESSIVE}
    outcomes = {}
    for face in (1, 3, 5):
        s = bot_turn(["R", "P"], ["R"], {"R": "A2.2.2", "P": "A2.3.2"}, "TC2", track=EX28_TRACK)
        s.stacked["white"] = [str(face)]
        log = run_bot(s)
        blocked = next(e for e in log if isinstance(e, bev.BotBlocked))
        outcomes[face] = (blocked.symbol, s.order, s.turn.car if s.turn else None,
                          (_path(s, log) or ["A2.2.2"])[0])
    # surrender: it moves after the other car of its tile, which plays now; the BOT has not moved
    assert outcomes[1] == ("surrender", ("P", "R"), "P", "A2.2.2")
    # not aggressive: straight on into the clear space ahead, lane 2 of the curve
    assert outcomes[3][0] == "not_aggressive" and outcomes[3][1] == ("R", "P")
    assert outcomes[3][3] == "B1.2.1"
    # aggressive: a push into lane 3 forcing the car off track (the pushing rule's answer; see 28b)
    assert outcomes[5][0] == "aggressive"
    assert push(EX28_TRACK, 2, EX28_TRACK.pos("A2.3.2")).outcome is PushOutcome.OFF_TRACK
    assert botlanes.blocked_choice(card, 5, ahead_free=True, can_surrender=True)[1] is Blocked.PUSH
    assert botlanes.blocked_choice(card, 3, ahead_free=True, can_surrender=True)[1] is Blocked.STRAIGHT
    assert botlanes.blocked_choice(card, 1, ahead_free=True, can_surrender=True)[1] is Blocked.SURRENDER


def test_fgp_ex_30_slipstream_minimum_two_ot() -> None:
    """Example 30 ([BOT 3.3]): a BOT attacking from a Slipstream space has at least 2 OT, the bonus not added: a
    win with 3 OT on its BATTLE card overtakes with 3; a win with 1 OT overtakes with 2."""
    three, one = CARDS.battle_card("BC6"), CARDS.battle_card("BC4")
    assert (three.ot, one.ot) == (3, 1) and three.aggression is one.aggression is Aggression.LEDS
    max_ot = CARDS.control.max_ot
    never = lambda: (_ for _ in ()).throw(AssertionError("no draw"))  # noqa: E731
    for card, want in ((three, 3), (one, 2)):
        sc = botbattle.score(card, never, never, max_ot)
        result = botbattle.bot_attacks_player(sc, player_leds=0, max_ot=max_ot, slipstream=True)
        assert result.passes and result.ot == want
        assert botbattle.overtake_ot(card.ot, max_ot, slipstream=True) == want
        assert botbattle.overtake_ot(card.ot, max_ot) == card.ot  # not from a Slipstream space: the card's OT
    # the engine puts a BOT into the Slipstream shadow behind a car: it stops there, in position to attack
    s = bot_turn(["R", "P"], ["R"], {"R": "T05.1.3", "P": "T06.1.1"}, "TC9")
    log = run_bot(s)
    stop = next(e for e in log if isinstance(e, bev.BotStopped))
    assert stop.at == "T06.1.1" and "Slipstream" in stop.why
    r, p = s.cars["R"].pos, s.cars["P"].pos
    assert r.shadow == 1 and botbattle.in_position_to_attack(s.track, r, p, 0)
    assert s.cars["R"].ot == 0  # no OT from MP
    # in position, its TACTICS card (TC9: the die, a green 1) makes it attack: the battle waits for P's cards only,
    # the first OT point into the free lane beside (§22.10.2, §22.10.4; before the attacks were wired: P's turn)
    assert s.phase is Phase.BATTLE and s.battle is not None and (s.battle.attacker, s.battle.defender) == ("R", "P")
    assert s.battle.lane == 2 and s.bids.waiting == ("P",)
    assert dice().white[0].icon
