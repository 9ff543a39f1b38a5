"""The Rookie BOTs' pure rules: the card data and its loader (§22.1, §22.5), the lane choice and blocked behaviour
(§22.9.1, rules/botlanes.py), the battle decisions, scores, matchups and the Slipstream minimum (§22.10,
rules/botbattle.py) and the qualifying score (§22.6, rules/botqualifying.py)."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.formulagp import provenance as pv
from racebook.formulagp.bots.cards import DATA, Aggression, Block, Decide, Shape, bot_cards, parse_bot_cards
from racebook.formulagp.components import dice
from racebook.formulagp.rules import botbattle, botlanes, botqualifying
from racebook.formulagp.rules.botbattle import Outcome
from racebook.formulagp.rules.botlanes import Blocked, Why
from racebook.formulagp.rules.qualifying import QualifyingScore, qualifying_grid
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Turn

from .rookie_helpers import EX28_TRACK

CARDS = bot_cards()
WHITE = dice().white
TEACHING = load_track("teaching")
DOC = load_toml(DATA / "bots.toml")


# ------------------------------------------------------------------ the data (§22.1, §22.5)
def test_the_stated_counts_and_every_value_has_a_provenance() -> None:
    assert len(CARDS.tactics) == 10  # §22.1: the 10 single-LED TACTICS cards are the Rookie TACTICS
    assert CARDS.sources["tactics.count"].startswith("digest §22.1")
    assert {s.name for s in CARDS.control.sides} == {"faster", "slower", "rain"}  # §22.5 b
    for path, src in CARDS.sources.items():
        assert pv.is_stated(src) or src.startswith(pv.INVENTED + ": "), path
    invented = [p for p, src in CARDS.sources.items() if not pv.is_stated(src)]
    assert "control.max_ot" in invented and "battle.cards" in invented and "tactics.cards" in invented
    # every symbol has carriers: aggression, blocked symbols, both tile types, both yellow arrows, keep-lane cards
    assert {b.aggression for b in CARDS.battle} == set(Aggression)
    assert {sym for t in CARDS.tactics for sym in t.blocked.values()} == set(Block)
    assert {t.shape for t in CARDS.tactics} == set(Shape) and {t.yellow for t in CARDS.tactics} == set(Turn)
    assert {t.lane for t in CARDS.tactics} == {0, 1, 2, 3, 4}
    assert {t.attack for t in CARDS.tactics} == set(Decide) == {t.defend for t in CARDS.tactics}
    for side in CARDS.control.sides:
        assert all(g <= r for g, r in side.mp.values())  # GREEN never faster than RED
    assert set(CARDS.examples) == {"28a", "28b", "28c", "28d", "28e", "30"}


def _bad_docs() -> Iterator[tuple[str, object, str]]:
    yield "schema", 2, "schema"
    yield "control.max_ot", -1, "control.max_ot"
    yield "control.side.0.name", "fast", "control.side"
    yield "control.side.0.mp.2", [5, 1], "control.side[0].mp.2"
    yield "control.side.0.mp", {"2": [1, 2]}, "control.side[0].mp"
    yield "tactics.count", 9, "tactics.cards"
    yield "tactics.cards.0.shape", "hairpin", "tactics.cards[0].shape"
    yield "tactics.cards.0.lane", 5, "tactics.cards[0].lane"
    yield "tactics.cards.0.blocked", {"surrender": [1, 2]}, "tactics.cards[0].blocked"
    yield "tactics.cards.0.blocked", {"surrender": [1, 1, 2, 3, 4, 5, 6]}, "tactics.cards[0].blocked.surrender"
    yield "tactics.cards.0.blocked", {"panic": [1, 2, 3, 4, 5, 6]}, "tactics.cards[0].blocked.panic"
    yield "tactics.cards.1.code", "TC1", "tactics.cards[1].code"
    yield "battle.cards.0.aggression", "furious", "battle.cards[0].aggression"
    yield "battle.cards.0.leds", "two", "battle.cards[0].leds"
    yield "battle.source", "made up", "battle.source"
    yield "battle.extra", 1, "battle.extra"


def _set(doc: dict, path: str, value: object) -> None:
    keys = path.split(".")
    here: object = doc
    for k in keys[:-1]:
        here = here[int(k)] if isinstance(here, list) else here[k]  # type: ignore[index]
    last = keys[-1]
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value  # type: ignore[index]


@pytest.mark.parametrize("path,value,field", list(_bad_docs()))
def test_bad_bot_data_is_one_data_error_naming_the_field(path: str, value: object, field: str) -> None:
    doc = copy.deepcopy(DOC)
    _set(doc, path, value)
    with pytest.raises(DataError) as e:
        parse_bot_cards(doc, "bots.toml")
    assert e.value.file == "bots.toml" and e.value.field == field, str(e.value)


# ------------------------------------------------------------------ lanes (§22.9.1)
def test_preferred_lane_counts_from_the_left_on_straights_and_the_inside_on_curves() -> None:
    tc = CARDS.tactics_card
    t03, t04, t07 = (TEACHING.pos(x).tile for x in ("T03.1.1", "T04.1.1", "T07.2.1"))
    assert botlanes.preferred_lane(TEACHING, t03, tc("TC1")) == 4  # far right
    assert botlanes.preferred_lane(TEACHING, t03, tc("TC4")) == 1  # far left
    assert botlanes.preferred_lane(TEACHING, t04, tc("TC1")) is None  # a straight card on a curve
    assert botlanes.preferred_lane(TEACHING, t04, tc("TC5")) == 3  # right-hander: lane 3 is the inside (4 is off)
    assert botlanes.preferred_lane(TEACHING, t07, tc("TC5")) == 1  # left-hander: the inside is lane 1
    assert botlanes.preferred_lane(TEACHING, t07, tc("TC3")) == 3  # the outside: lane 4 is off there
    assert botlanes.preferred_lane(TEACHING, t03, tc("TC9")) is None  # stay in lane


def test_forced_changes_follow_the_yellow_arrow_then_the_other_way() -> None:
    here = TEACHING.pos("T10.2.2")
    assert botlanes.yellow_first(TEACHING, here, Turn.RIGHT) == (3, 1)
    assert botlanes.yellow_first(TEACHING, here, Turn.LEFT) == (1, 3)
    edge = TEACHING.pos("T10.4.2")
    assert botlanes.yellow_first(TEACHING, edge, Turn.RIGHT) == (3,)  # at the edge: one lane toward the middle
    card = CARDS.tactics_card("TC1")  # yellow right
    end = TEACHING.pos("T03.4.2")  # lane 4 ends before T04
    ch = botlanes.choose(TEACHING, end, card, [TEACHING.pos("T03.3.2")], preference_spent=True)
    assert ch.why is Why.FORCED and ch.to == TEACHING.pos("T03.3.2")
    ch = botlanes.choose(TEACHING, end, card, [], preference_spent=True)
    assert ch.why is Why.STOP


def test_leaving_a_double_lane_space_takes_the_yellow_arrow_lane() -> None:
    here = TEACHING.pos("T09.2.2")  # the double-lane space of lanes 2-3
    ahead = TEACHING.forward(here)
    assert sorted(p.lane for p in ahead) == [2, 3]
    right = botlanes.choose(TEACHING, here, CARDS.tactics_card("TC10"), ahead, preference_spent=True)
    left = botlanes.choose(TEACHING, here, CARDS.tactics_card("TC9"), ahead, preference_spent=True)
    assert (right.why, right.to.lane if right.to else 0) == (Why.DOUBLE, 3)
    assert (left.why, left.to.lane if left.to else 0) == (Why.DOUBLE, 2)


def test_a_car_ahead_in_the_same_lane_sends_the_bot_beside_it_to_attack() -> None:
    here = TEACHING.pos("T10.2.2")
    beside = [TEACHING.pos("T10.3.2"), TEACHING.pos("T10.1.2")]
    card = CARDS.tactics_card("TC1")
    ch = botlanes.choose(TEACHING, here, card, beside, preference_spent=True, stop_ahead=True, same_lane_ahead=True)
    assert ch.why is Why.ATTACK and ch.to == TEACHING.pos("T10.3.2")
    ch = botlanes.choose(TEACHING, here, card, beside, preference_spent=True, stop_ahead=True)
    assert ch.why is Why.STOP


@pytest.mark.parametrize("face,ahead,can,want", [
    (None, True, True, Blocked.PUSH),  # no risk: no roll, a push
    (5, False, False, Blocked.PUSH),
    (3, True, True, Blocked.STRAIGHT),
    (3, False, True, Blocked.SURRENDER),  # not aggressive, the space ahead taken: surrender
    (3, False, False, Blocked.STOP),
    (1, True, True, Blocked.SURRENDER),
    (1, True, False, Blocked.STRAIGHT),  # no car left to wait for
])
def test_blocked_choice_reads_the_symbols(face: int | None, ahead: bool, can: bool, want: Blocked) -> None:
    assert botlanes.blocked_choice(CARDS.tactics_card("TC2"), face, ahead_free=ahead, can_surrender=can)[1] is want


@given(st.integers(0, 39), st.integers(1, 4), st.sampled_from([c.code for c in CARDS.tactics]))
def test_choose_only_picks_an_offered_step(tile: int, lane: int, code: str) -> None:
    t = TEACHING.tiles[tile]
    if not t.costs_mp or not t.racing(lane):
        return
    here = TEACHING.pos(f"{t.id}.{lane}.{len(t.spaces(lane))}")
    free = TEACHING.forward(here) + [p for ln in (lane - 1, lane + 1) if (p := TEACHING.lateral(here, ln))]
    for offered in (free, free[:1], []):
        ch = botlanes.choose(TEACHING, here, CARDS.tactics_card(code), offered)
        assert ch.to is None or ch.to in offered
        assert (ch.to is None) == (ch.why in (Why.STOP, Why.BLOCKED))


# ------------------------------------------------------------------ battles (§22.10)
def _feed(codes: list[str]):  # type: ignore[no-untyped-def]
    cards = [CARDS.battle_card(c) for c in codes]
    return lambda: cards.pop(0)


def _face(value: int):  # type: ignore[no-untyped-def]
    return lambda: WHITE[value - 1]


def test_the_battle_decision_reads_the_tactics_card_and_the_white_die() -> None:
    green, red = next(f for f in WHITE if f.colour.value == "green"), WHITE[5]
    assert botbattle.decides(Decide.YES, None)
    assert botbattle.decides(Decide.DIE, green) and not botbattle.decides(Decide.DIE, red)
    assert botbattle.decides(Decide.DIE, red, lapping=True)  # always attacks when lapping (§22.13.7)
    with pytest.raises(ValueError):
        botbattle.decides(Decide.DIE, None)


def test_the_aggression_symbols() -> None:
    b = CARDS.battle_card
    no = _feed([])
    assert botbattle.score(b("BC5"), no, no, 3) == botbattle.Score(2, 2, False, ("BC5",), ("BC5",))
    assert botbattle.score(b("BC11"), no, no, 3).aborted  # the cross
    die = botbattle.score(b("BC3"), no, _face(4), 3)
    assert (die.leds, die.aborted, die.die) == (1 + 4, False, 4)  # the die added
    assert botbattle.score(b("BC3"), no, _face(1), 3).aborted  # the icon face aborts (A24)
    assert not botbattle.score(b("BC3"), no, _face(3), 3).aborted
    assert botbattle.score(b("BC3"), no, _face(3), 3, abort_on_icon_only=False).aborted  # every green face
    joined = botbattle.score(b("BC7"), _feed(["BC12"]), no, 3)
    assert (joined.leds, joined.ot, joined.used) == (3 + 4, 2, ("BC7", "BC12"))  # the 1st card's OT
    lose = botbattle.score(b("BC8"), _feed(["BC2"]), no, 3, opponent_leds=5)
    assert (lose.leds, lose.ot, lose.used, lose.drawn) == (1, 1, ("BC2",), ("BC8", "BC2"))
    keep = botbattle.score(b("BC8"), no, no, 3, opponent_leds=2)
    assert keep.used == ("BC8",)
    best = botbattle.score(b("BC9"), _feed(["BC4", "BC5"]), no, 3)  # a tie on LEDs: the higher OT
    assert best.used == ("BC5",) and best.drawn == ("BC9", "BC4", "BC5")
    worst = botbattle.score(b("BC10"), _feed(["BC12", "BC2"]), no, 3)
    assert worst.used == ("BC2",) and worst.leds == 1
    assert botbattle.score(b("BC12"), no, no, 2).ot == 2  # capped by max OT


def test_matchups_for_a_rookie() -> None:
    no = _feed([])
    win = botbattle.score(CARDS.battle_card("BC12"), no, no, 3)
    tie = botbattle.score(CARDS.battle_card("BC5"), no, no, 3)
    r = botbattle.bot_attacks_player(win, 2, 3)
    assert (r.outcome, r.passes, r.ot) == (Outcome.WIN, True, 3)
    r = botbattle.bot_attacks_player(tie, 2, 3)  # a tie: +1 stress for the player; a Rookie never tries again
    assert (r.outcome, r.passes, r.player_stress, r.bot_again, r.new_tactics) == (Outcome.TIE, False, 1, False,
                                                                                   False)
    r = botbattle.player_attacks_bot(2, 2, tie)
    assert (r.outcome, r.player_stress, r.player_may_retry, r.bot_again) == (Outcome.TIE, 1, True, False)
    assert botbattle.player_attacks_bot(3, 2, tie).passes
    assert botbattle.player_attacks_bot(0, 2, None).passes  # the BOT does not defend
    assert not botbattle.player_attacks_bot(1, 2, tie).passes
    assert botbattle.bot_attacks_bot(win, tie, 3).passes
    assert not botbattle.bot_attacks_bot(tie, tie, 3).passes and not botbattle.bot_attacks_bot(tie, tie, 3).bot_again
    assert botbattle.bot_attacks_bot(tie, None, 3, slipstream=True).ot == 2


def test_position_to_attack() -> None:
    t = TEACHING
    opp = t.pos("T11.2.1")
    assert botbattle.in_position_to_attack(t, t.pos("T10.1.2"), opp, 0)  # adjacent lane, front space
    assert botbattle.in_position_to_attack(t, t.pos("T10.2.2"), opp, 1)  # same lane, 1 MP to change
    assert not botbattle.in_position_to_attack(t, t.pos("T10.2.2"), opp, 0)
    assert not botbattle.in_position_to_attack(t, t.pos("T10.1.1"), opp, 3)  # not the front space
    assert not botbattle.in_position_to_attack(t, t.pos("T10.4.2"), opp, 3)  # two lanes away: a free pass


# ------------------------------------------------------------------ qualifying (§22.6)
def test_rookie_qualifying_score_and_the_grid() -> None:
    card = CARDS.battle_card("BC7")
    got = botqualifying.rookie_score(CARDS.control, "faster", card)
    assert got == QualifyingScore(CARDS.control.max_ot + 2 + 3, True, False)
    slower = botqualifying.rookie_score(CARDS.control, "slower", card)
    assert slower.score == got.score - 1
    grid = qualifying_grid({"R": got, "P": QualifyingScore(7, True, False)}, {"R": 0, "P": 1})
    assert grid.grid == ("R", "P")


def test_the_ex28_circuit_is_a_valid_track() -> None:
    assert [t.id for t in EX28_TRACK.tiles][:4] == ["SF", "A1", "A2", "B1"]


# ------------------------------------------------------------------ pace (§22.8, §22.9)
def test_pace_rules() -> None:
    from racebook.formulagp.rules import botpace
    from racebook.formulagp.rules.botpace import Source

    green, red = WHITE[0], WHITE[1]
    assert botpace.pace_rule(1).source is Source.DIE and botpace.pace_rule(1).rule.startswith("§22.8.1")
    assert botpace.pace_rule(2).rule.startswith("§22.8.2")
    assert botpace.pace(botpace.pace_rule(2), green) == "green" and botpace.pace(botpace.pace_rule(1), red) == "red"
    assert botpace.pace(botpace.pace_rule(3)) == "red"  # BOTs mostly drive at RED pace
    assert botpace.pace_rule(5, w2w=True).source is Source.DIE
    assert botpace.pace(botpace.pace_rule(5, rejoining=True)) == "green"
    assert botpace.pace(botpace.pace_rule(1, yellow_zone=True)) == "green"
    assert botpace.pace(botpace.pace_rule(2, safety_car=True)) == "red"
    with pytest.raises(ValueError, match="roll"):
        botpace.pace(botpace.pace_rule(1))
