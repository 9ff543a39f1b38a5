"""The BOT rulebook's worked examples for Rookie BOTs (Appendix A): Example 28's five lane cases a–e ([BOT 2.2.3],
digest §22.9.1) and Example 30 (the Slipstream minimum OT, [BOT 3.3], §22.10.4). Each ``test_fgp_ex_…`` replays its
scenario (``racebook/formulagp/scenarios/fgp_ex28a_…`` to ``fgp_ex28e_…``, ``fgp_ex30_…``: the Rookie's turn resolved
by the engine as the scenario is read, ``Scenario.prelude``) and asserts the source's facts on the events and the
position, and on the pure rules it calls; 28b, 28c and 28e play on the shipped ``teaching_bots`` loop (the tiles the
teaching circuit lacks). The earlier built-position tests stay as ``test_example_…_on_a_built_position``."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loaders import toml_text

from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots.cards import Aggression, Block, bot_cards
from racebook.formulagp.components import dice
from racebook.formulagp.game import Race
from racebook.formulagp.rules import botbattle, botlanes
from racebook.formulagp.rules.botlanes import Blocked, Why
from racebook.formulagp.rules.pushing import PushOutcome, push
from racebook.formulagp.state import Phase

from .rookie_helpers import EX28_TRACK, bot_turn, run_bot

CARDS = bot_cards()


def _variant(tmp_path: Path, sid: str, edit: Callable[[dict[str, Any]], None]) -> fgp_scenario.Scenario:
    """Shipped scenario ``sid`` read from an edited copy (``edit`` changes its TOML document: a die face, a car's
    space), its actions dropped: the same reader and the same replay as ``racebook replay FILE``."""
    doc = tomllib.loads((fgp_scenario.SCENARIOS / f"{sid}.toml").read_text(encoding="utf-8"))
    edit(doc)
    doc["scenario"]["actions"] = []
    f = tmp_path / f"{sid}_{len(list(tmp_path.iterdir()))}.toml"
    f.write_text(toml_text(doc), encoding="utf-8")
    return fgp_scenario.read(f)


def _white(face: int) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        doc["dice"]["white"] = [face]
    return edit


def _scenario(sid: str) -> tuple[fgp_scenario.Scenario, Race]:
    """A shipped scenario (its BOT turns resolved as it is read: ``prelude``) and its race, every action applied."""
    sc = fgp_scenario.read(sid)
    return sc, sc.race()


def _lanes(log: list[object]) -> list[tuple[int, int, str]]:
    return [(e.frm, e.to, e.why) for e in log if isinstance(e, bev.BotLane)]


def _path(s: object, log: list[object]) -> list[str]:
    return [e.to for e in log if isinstance(e, ev.Moved)]


def test_example_28a_on_a_built_position() -> None:
    """28a (the scenario replay is ``test_fgp_ex_28a_…``): the BOT prefers the far-right lane on straights: at the
    start of its turn it changes first, so that it
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


def test_example_28b_on_a_built_position() -> None:
    """28b (the scenario replay is ``test_fgp_ex_28b_…``): the BOT prefers the second lane from the inside on curves.
    It stays in its lane, then changes so that it moves onto the next curve in lane 2 from the inside (T04 turns
    right: its racing lanes from the inside are 3, 2, 1). If its WHITE die roll makes it aggressive, it moves
    right into that lane and the car there is forced off track ([BOT 2.2.2], the player rules for changing lanes
    into an occupied space, §11.3.1)."""
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


def test_example_28c_on_a_built_position() -> None:
    """28c (the scenario replay is ``test_fgp_ex_28c_…``): the BOT prefers the far right on straights. It stays in its
    lane to the end of the curve, then changes for the next straight; that straight has only two lanes, so it
    takes the farthest right it can (lane 2)."""
    track = EX28_TRACK
    s = bot_turn(["R", "P"], ["R"], {"R": "B1.1.2", "P": "D2.1.1"}, "TC1", track=track)
    log = run_bot(s)
    assert _path(s, log) == ["B2.1.1", "B2.1.2", "B2.2.2", "C1.2.1"]
    assert [(a, b) for a, b, _ in _lanes(log)] == [(1, 2)]
    c1 = track.tiles[track.pos("C1.1.1").tile]
    assert [ln for ln in range(1, 5) if c1.racing(ln)] == [1, 2]
    assert botlanes.preferred_lane(track, c1.index, CARDS.tactics_card("TC1")) == 2


def test_example_28d_on_a_built_position() -> None:
    """28d (the scenario replay is ``test_fgp_ex_28d_…``): the BOT prefers the outside lane on curves. It changes to
    move onto the next curve in the last possible
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


def test_example_28e_on_a_built_position() -> None:
    """28e (the scenario replay is ``test_fgp_ex_28e_…``): a blocked BOT may move one lane right into the second-from-
    inside lane (forcing the other car off), continue straight ahead, or give up its place in the driver
    sequence and move after the other car — by its TACTICS card's symbols read against the WHITE die (TC2: faces
    1–2 surrender, 3–4 not aggressive, 5–6 aggressive)."""
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


def test_example_30_on_a_built_position() -> None:
    """Example 30 ([BOT 3.3]) on a built position (the scenario replay is ``test_fgp_ex_30_…``): a BOT attacking
    from a Slipstream space has at least 2 OT, the bonus not added: a win with 3 OT on its BATTLE card overtakes
    with 3; a win with 1 OT overtakes with 2."""
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


def test_fgp_ex_30_slipstream_minimum_two_ot(tmp_path: Path) -> None:
    """Example 30 ([BOT 3.3], §22.10.4): a BOT attacking from a Slipstream space has at least 2 OT, the Slipstream
    bonus not added: a win with 3 OT on its BATTLE card overtakes with 3; a win with 1 OT overtakes with 2.
    Scenario: fgp_ex30 — the engine drives the Rookie into the Slipstream shadow behind P, where it stops in position
    to attack with no OT from its MP; the WHITE die (green) makes it attack, P yields, the BOT draws BC6 (3 OT) and
    overtakes 3 spaces; the same file with BC4 (1 OT) overtakes 2."""
    sid = "fgp_ex30_slipstream_minimum_two_ot"
    sc, race = _scenario(sid)
    paced = next(e for e in sc.prelude if isinstance(e, bev.BotPaced))
    assert (paced.car, paced.pace, paced.gear, paced.mp) == ("R", "red", 4, 4)
    stop = next(e for e in sc.prelude if isinstance(e, bev.BotStopped))
    assert stop.at == "T06.1.1" and "Slipstream" in stop.why and stop.mp == 3
    s = sc.state
    r, p = s.cars["R"].pos, s.cars["P"].pos
    assert s.track.space(r).surface.value == "s" and (r.shadow, p.shadow) == (1, 0)
    assert botbattle.in_position_to_attack(s.track, r, p, 0)
    assert s.cars["R"].ot == 0 and s.phase is Phase.BATTLE and sc.race(play=False).current_car == "P"  # no OT from MP
    three, one = CARDS.battle_card("BC6"), CARDS.battle_card("BC4")
    assert (three.ot, one.ot) == (3, 1) and three.aggression is one.aggression is Aggression.LEDS
    max_ot = CARDS.control.max_ot
    never = lambda: (_ for _ in ()).throw(AssertionError("no draw"))  # noqa: E731
    for card, want in ((three, 3), (one, 2)):
        score = botbattle.score(card, never, never, max_ot)
        won = botbattle.bot_attacks_player(score, player_leds=0, max_ot=max_ot, slipstream=True)
        assert won.passes and won.ot == want
        assert botbattle.overtake_ot(card.ot, max_ot, slipstream=True) == want
        assert botbattle.overtake_ot(card.ot, max_ot) == card.ot  # not from a Slipstream space: the card's OT
    # the battle through the engine: the BOT's BATTLE card drawn at the reveal, the overtake by its OT (3, then 2)
    for source, card_code, ot, to in ((sc, "BC6", 3, "T07.2.1"), (None, "BC4", 2, "T06.2.2")):
        if source is None:
            def bc4(doc: dict[str, Any]) -> None:
                doc["bots"]["battle_draws"] = ["BC4"]

            source = _variant(tmp_path, sid, bc4)
        played = source.race()
        if not played.actions:
            played.apply("P yield")
        drawn = [e for e in played.events if isinstance(e, bev.BotBattled)]
        assert [(e.car, e.used, e.ot) for e in drawn] == [("R", (card_code,), CARDS.battle_card(card_code).ot)]
        won = [e for e in played.events if isinstance(e, ev.Overtook)]
        assert [(e.car, e.frm, e.to, e.ot) for e in won] == [("R", "T06.1.1", to, ot)]
        assert played.state.track.name_of(played.state.cars["R"].pos) == to

def test_fgp_ex_28a_far_right_on_straights_changes_first_then_where_its_lane_ends() -> None:
    """Example 28a ([BOT 2.2.3]): the BOT prefers the far-right lane on straights. At the start of its turn it
    changes lanes first, so that it moves onto the next straight in the far-right lane; it changes again where its lane
    ends before the corner (forced: its yellow arrow points right, at the edge, so it goes one lane toward the middle).
    Scenario: fgp_ex28a (TC1, the Rookie on T02's lane 2)."""
    sc, race = _scenario("fgp_ex28a_far_right_on_straights_then_where_the_lane_ends")
    card = CARDS.tactics_card("TC1")
    assert (card.shape.value, card.lane, card.yellow.value) == ("straight", 4, "right")
    s, log = race.state, list(sc.prelude)
    assert _path(s, log) == ["T02.3.2", "T02.4.2", "T03.4.1", "T03.4.2", "T03.3.2", "T04.3.1"]
    lanes = _lanes(log)
    assert [(a, b) for a, b, _ in lanes] == [(2, 3), (3, 4), (4, 3)]  # changes first, then where the lane ends
    assert "lane 4 of T03" in lanes[0][2] and lanes[2][2] == Why.FORCED.value
    assert s.track.space(s.track.pos("T03.4.2")).surface.value == "k"
    assert not s.track.tiles[s.track.pos("T04.1.1").tile].racing(4)  # the kerb lane ends before the corner
    assert s.track.name_of(s.cars["R"].pos) == "T04.3.1" and race.current_car == "P"


def test_fgp_ex_28d_outside_of_curves_once_per_turn() -> None:
    """Example 28d ([BOT 2.2.3]): the BOT prefers the outside lane on curves. It changes lanes so that it moves onto the
    next curve in the last possible outside lane (T20 turns right with racing lanes 2 and 3: the outside is lane 2);
    it moves to its preferred lane only once per turn, so it does not move out again for the corner after (T21, whose
    outside is lane 3). Scenario: fgp_ex28d (TC3, the Rookie on T19's lane 3)."""
    sc, race = _scenario("fgp_ex28d_outside_of_curves_once_per_turn")
    card = CARDS.tactics_card("TC3")
    assert (card.shape.value, card.lane) == ("curve", 4)
    s, log = race.state, list(sc.prelude)
    assert _path(s, log) == ["T19.2.2", "T20.2.1", "T20.2.2", "T21.2.1"]
    t20, t21 = (s.track.pos(x).tile for x in ("T20.2.1", "T21.2.1"))
    assert botlanes.preferred_lane(s.track, t20, card) == 2
    assert botlanes.preferred_lane(s.track, t21, card) == 3  # would be out again: not this turn
    assert [(a, b) for a, b, _ in _lanes(log)] == [(3, 2)]
    assert s.track.name_of(s.cars["R"].pos) == "T21.2.1" and race.current_car == "P"


def test_fgp_ex_28e_a_blocked_bot_pushes_goes_straight_on_or_gives_up_its_place(tmp_path: Path) -> None:
    """Example 28e ([BOT 2.2.3], [BOT 2.2.1]): a blocked BOT may move right one lane into the second lane from the
    inside of the corner (and force the other car off the track), continue straight ahead, or give up the driver
    sequence this round and move after the other car — by its TACTICS card's symbols read against the WHITE die
    (TC2: faces 1-2 give up the place, 3-4 not aggressive, 5-6 aggressive). Scenario: fgp_ex28e (the die on 1: it
    gives up its place, P moves, then the Rookie, into its preferred lane); the same file with the die on 3 and 5.
    Aggressive (the die on 5): the engine's push (the player rules) forces P off track beside A2.3.2; the push's
    outcome — off track — is also asserted on the pushing rule."""
    sid = "fgp_ex28e_a_blocked_bot_gives_up_its_place"
    card = CARDS.tactics_card("TC2")
    assert {f: card.blocked[f] for f in (1, 3, 5)} == {1: Block.SURRENDER, 3: Block.NOT_AGGRESSIVE,
                                                       5: Block.AGGRESSIVE}
    sc, race = _scenario(sid)
    assert sc.state.track_id == "teaching_bots"
    blocked = next(e for e in sc.prelude if isinstance(e, bev.BotBlocked))
    assert (blocked.lane, blocked.other, blocked.symbol) == (3, "P", "surrender") and "shows 1" in blocked.roll
    gave = next(e for e in sc.prelude if isinstance(e, bev.BotSurrendered))
    assert gave.order == ("P", "R") and sc.state.turn is not None and sc.state.turn.car == "P"
    assert sc.state.track.name_of(sc.state.cars["R"].pos) == "A2.2.2"  # it has not moved
    after = [e for e in race.events if isinstance(e, (ev.TurnStarted, bev.BotPaced))]
    assert [e.car for e in after] == ["R", "R"]  # the Rookie moves after P, this round
    later = _path(race.state, list(race.events))
    r_moves = later[later.index("C1.2.1") + 1:]
    assert r_moves[:2] == ["A2.3.2", "B1.3.1"]  # then into its preferred lane 3 for B1, now free
    outcomes = {}
    for face in (3, 5):
        v = _variant(tmp_path, sid, _white(face))
        b = next(e for e in v.prelude if isinstance(e, bev.BotBlocked))
        outcomes[face] = (b.symbol, v.state.order, (_path(v.state, list(v.prelude)) or ["A2.2.2"])[0])
        assert f"shows {face}" in b.roll
        pushed = [(e.car, e.other, e.at) for e in v.prelude if isinstance(e, ev.Pushed)]
        assert pushed == ([("R", "P", "A2.3.2")] if face == 5 else [])
        assert v.state.cars["P"].off == ("right" if face == 5 else "")  # aggressive: P forced off track
    # not aggressive: straight on into the clear space ahead, lane 2 of the curve
    assert outcomes[3] == ("not_aggressive", ("R", "P"), "B1.2.1")
    # aggressive: a push into lane 3 forcing the car off track (the engine's, and the pushing rule's answer; see 28b)
    assert outcomes[5] == ("aggressive", ("R", "P"), "A2.3.2")
    assert push(EX28_TRACK, 2, EX28_TRACK.pos("A2.3.2")).outcome is PushOutcome.OFF_TRACK
    assert botlanes.blocked_choice(card, 5, ahead_free=True, can_surrender=True)[1] is Blocked.PUSH
    assert botlanes.blocked_choice(card, 3, ahead_free=True, can_surrender=True)[1] is Blocked.STRAIGHT
    assert botlanes.blocked_choice(card, 1, ahead_free=True, can_surrender=True)[1] is Blocked.SURRENDER


def test_fgp_ex_28b_second_lane_from_the_inside_of_curves_and_the_aggressive_push_off(tmp_path: Path) -> None:
    """Example 28b ([BOT 2.2.3], [BOT 2.2.2]): the BOT prefers the second lane from the inside of the corner on
    curves. It stays in its lane and changes lanes to move onto the next curve in that lane (B1 turns right: its lanes
    from the inside are 4, 3, …: lane 3). If its WHITE die roll makes it aggressive, it changes lanes to the right to
    enter the corner in its preferred lane, and the car in that lane is forced off track (the player rules for
    changing lanes into an occupied space, §11.3.1). Scenario: fgp_ex28b (teaching_bots loop, TC2, P in A2's lane 3
    at the track edge, the die on 5); the same file with P out of the way. The engine's push (the player rules,
    pushes.push_into) forces P off track beside A2.3.2, and the Rookie takes no Penalty token (§22.13.8); the push's
    outcome is also asserted on the pushing rule."""
    sid = "fgp_ex28b_second_lane_from_the_inside_and_the_aggressive_push"
    card = CARDS.tactics_card("TC2")
    assert (card.shape.value, card.lane) == ("curve", 2)
    sc, race = _scenario(sid)
    track = sc.state.track
    assert sc.state.track_id == "teaching_bots"
    assert botlanes.preferred_lane(track, track.pos("B1.1.1").tile, card) == 3  # B1 turns right: lanes 4, 3, …
    log = list(sc.prelude)
    assert _path(sc.state, log)[0] == "A2.2.2"  # it stays in its lane to the front of the straight
    blocked = next(e for e in log if isinstance(e, bev.BotBlocked))
    assert (blocked.at, blocked.lane, blocked.other, blocked.symbol) == ("A2.2.2", 3, "P", "aggressive")
    assert "shows 5" in blocked.roll and card.blocked[5] is Block.AGGRESSIVE
    pushes = [e for e in log if isinstance(e, ev.Pushed)]
    assert [(e.car, e.other, e.at) for e in pushes] == [("R", "P", "A2.3.2")]  # the aggressive lane change pushes P
    assert _path(sc.state, log)[:2] == ["A2.2.2", "A2.3.2"]  # into the preferred lane 3 before the corner
    p_car, r_car = sc.state.cars["P"], sc.state.cars["R"]
    assert p_car.off == "right" and track.name_of(p_car.pos) == "A2.3.2"  # forced off track beside its space
    assert r_car.penalties == 0 and p_car.penalties == 0  # a Rookie never gets a penalty (§22.13.8)
    assert botlanes.blocked_choice(card, 5, ahead_free=True, can_surrender=False) == (Block.AGGRESSIVE, Blocked.PUSH)
    pushed = push(track, 2, track.pos("A2.3.2"))
    assert pushed.outcome is PushOutcome.OFF_TRACK  # lane 4 is off on A2: the car in lane 3 is forced off track
    assert not track.tiles[track.pos("A2.1.1").tile].racing(4)

    def away(doc: dict[str, Any]) -> None:
        doc["car"][1]["at"] = "D2.1.1"

    clear = _variant(tmp_path, sid, away)
    assert _path(clear.state, list(clear.prelude))[:3] == ["A2.2.2", "A2.3.2", "B1.3.1"]
    assert [(a, b) for a, b, _ in _lanes(list(clear.prelude))] == [(2, 3)]  # one change, just before the corner
    assert not any(isinstance(e, bev.BotBlocked) for e in clear.prelude)


def test_fgp_ex_28c_far_right_on_a_two_lane_straight_after_the_curve() -> None:
    """Example 28c ([BOT 2.2.3]): the BOT prefers the far right lane on straights. It stays in its lane until the end
    of the curve, then changes lanes to move onto the next straight in the right lane; that straight has just two
    lanes, so it moves to the farthest right lane possible (lane 2). Scenario: fgp_ex28c (teaching_bots loop, TC1)."""
    sc, race = _scenario("fgp_ex28c_far_right_on_a_two_lane_straight")
    track = sc.state.track
    log = list(sc.prelude)
    assert _path(sc.state, log) == ["B2.1.1", "B2.1.2", "B2.2.2", "C1.2.1"]  # its lane to the end of the curve
    assert [(a, b) for a, b, _ in _lanes(log)] == [(1, 2)]
    c1 = track.tiles[track.pos("C1.1.1").tile]
    assert c1.straight and [ln for ln in range(1, 5) if c1.racing(ln)] == [1, 2]
    assert botlanes.preferred_lane(track, c1.index, CARDS.tactics_card("TC1")) == 2
    assert track.name_of(race.state.cars["R"].pos) == "C1.2.1" and race.current_car == "P"
