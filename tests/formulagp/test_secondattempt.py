"""The [ADV] second attempt after a tied battle (digest §13.4.3, the original's 9.4.3) and the optional Defending
Position (§21 15.7.2): the offer in an Advanced race only, its −1 OT, the new sealed battle from the cards left in
each hand, the switches SA1 (``second_attempt_once``), SA2 (``second_attempt_plays_movement``) and
``defending_position`` both ways, the notation of the offer and the block, the action texts, and a hypothesis
property over Advanced races with the rules on (every legal action applies, every card in one place, races end)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from racebook.core.errors import ActionSyntaxError
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, Bid, End, parse
from racebook.formulagp.actions.secondattempt import Block, NoBlock
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.components import CardType, cards
from racebook.formulagp.events import secondattempt as sev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules import secondattempt as sa
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase, Turn

CODES = Counter(c.code for c in cards().action)


def conserved(race: Race) -> None:
    for c in race.state.cars.values():
        assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id


def tie(attacker: list[str], defender: list[str], *, mode: Mode = Mode.ADVANCED, rules: Rules | None = None,
        red: bool = False) -> Race:
    """Grey (T02 lane 2) plays R1 and stops behind Red (T03 lane 3): OT 2 (``red``: +1 by the Red Parameter, 3);
    it attacks with R4 (2 LEDs + the OT level's 2 = 4), Red defends with B1 P1 (3 + 1 = 4): a tie (§13.4.3)."""
    race = new_race(["Grey", "Red"], 1, mode=mode, rules=rules) if rules else new_race(["Grey", "Red"], 1, mode=mode)
    s = race.state
    s.cars["Grey"].pos, s.cars["Red"].pos = s.track.pos("T02.2.2"), s.track.pos("T03.3.1")
    for cid, hand in (("Grey", ["R1", "R4", *attacker]), ("Red", ["B1", "P1", *defender])):
        c = s.cars[cid]
        c.deck.pile += c.hand
        c.hand = []
        for x in hand:
            (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
            c.hand.append(x)
        c.stress = 1
    s.round, s.phase, s.order, s.turn_index, s.turn = 5, Phase.PLAY, ("Grey",), 0, Turn("Grey")
    race.refresh()
    race.apply("Grey play R1")
    race.apply("Grey stop")
    race.apply("Grey attack Red")
    if red:
        race.apply("Grey param red")
    race.apply("Grey bid R4")
    events = race.apply("Red bid B1 P1")
    assert next(e for e in events if isinstance(e, ev.BattleResolved)).citation == "§13.4.3"
    return race


def test_a_standard_race_has_no_second_attempt() -> None:
    """§13.4.3: the second attempt is [ADV]; a Standard race's tie ends the move as before."""
    race = tie(["G4"], ["R2"], mode=Mode.STANDARD)
    assert race.state.battle is None and race.state.cars["Grey"].ot == 0
    assert not any(isinstance(e, sev.SecondAttemptOffered) for e in race.events)


def test_the_tie_offers_a_second_attempt_with_one_ot_less_from_the_cards_left() -> None:
    """§13.4.3 [ADV]: both +1 stress, the played cards discarded, then 'attack again' (OT 2 -> 1) or end; the new
    battle is sealed by both sides (attacker first) from the cards left in hand; its attacker's OT level LEDs are
    those of 1 OT."""
    race = tie(["G4"], ["R2"])
    s = race.state
    assert s.cars["Grey"].stress == 2 and s.cars["Red"].stress == 2  # +1 each (§13.4.3)
    assert "R4" in s.cars["Grey"].deck.discards and "B1" in s.cars["Red"].deck.discards
    assert race.current_car == "Grey" and race.legal_actions() == [Attack("Grey", "Red"), End("Grey")]
    offered = next(e for e in race.events if isinstance(e, sev.SecondAttemptOffered))
    assert (offered.attacker, offered.defender, offered.ot) == ("Grey", "Red", 1)
    declared = race.apply("Grey attack Red")
    assert isinstance(declared[0], ev.BattleDeclared) and declared[0].ot == 1
    assert s.cars["Grey"].ot == 1 and s.bids.waiting == ("Grey", "Red") and s.battle is not None
    assert s.battle.tries == 1
    legal = race.legal_actions()
    assert legal and all(isinstance(a, Bid) and a.car == "Grey" for a in legal)  # no OT boost before it (§13.2 c)
    assert all(set(a.cards) <= {"G4"} for a in legal if isinstance(a, Bid))
    race.apply("Grey bid G4")
    assert race.current_car == "Red"
    events = race.apply("Red bid R2")
    att = next(e for e in events if isinstance(e, ev.BattleRevealed) and e.role == "attacker")
    assert att.ot_leds == race.state.board.ot_level_leds(1)
    conserved(race)


def test_ending_instead_drops_the_ot_and_ends_the_move() -> None:
    race = tie(["G4"], ["R2"])
    race.apply("Grey end")
    assert race.state.battle is None and race.state.cars["Grey"].ot == 0
    assert race.state.turn is None or race.state.turn.car != "Grey"


def test_no_second_attempt_without_a_movement_card_or_an_ot_point_left() -> None:
    """§13.4.3: 'If the attacker does not have a movement card to play, they cannot attack again'; the −1 must leave
    1 OT."""
    race = tie(["W1"], ["R2"])
    assert race.state.battle is None and race.state.cars["Grey"].ot == 0
    assert sa.may_try_again(advanced=True, tie=True, retried=False, once=True, ot=2, hand=[CardType.GREEN])
    assert not sa.may_try_again(advanced=True, tie=True, retried=False, once=True, ot=1, hand=[CardType.GREEN])
    assert not sa.may_try_again(advanced=True, tie=True, retried=False, once=True, ot=2, hand=[CardType.TYRE_WEAR])
    assert not sa.may_try_again(advanced=False, tie=True, retried=False, once=True, ot=2, hand=[CardType.GREEN])
    assert not sa.may_try_again(advanced=True, tie=True, retried=True, once=True, ot=3, hand=[CardType.GREEN])
    assert sa.may_try_again(advanced=True, tie=True, retried=True, once=False, ot=3, hand=[CardType.GREEN])


def _tie_again(race: Race) -> tuple[ev.Event, ...]:
    """The second attempt ties too: G4's LEDs + the OT level's are matched by a defender's card of that total."""
    race.apply("Grey attack Red")
    race.apply("Grey bid G4")
    s = race.state
    grey = cards().card("G4").leds + s.board.ot_level_leds(s.cars["Grey"].ot)
    match = next(x for x in s.cars["Red"].hand if cards().card(x).leds == grey)
    return race.apply(f"Red bid {match}")


@pytest.mark.parametrize("once", [True, False])
def test_sa1_one_second_attempt_or_one_after_each_tie(once: bool) -> None:
    """SA1: a tie on the second attempt ends the battle (true) or offers another (false), OT 3 -> 2 -> 1."""
    board = new_race(["A", "B"], 1).state.board
    assert cards().card("G4").leds + board.ot_level_leds(2) == cards().card("B2").leds  # 1 + 2 = 3
    race = tie(["G4", "G5"], ["B2"], rules=Rules(second_attempt_once=once), red=True)
    assert race.state.cars["Grey"].ot == 3 and race.legal_actions()[0] == Attack("Grey", "Red")
    events = _tie_again(race)
    assert next(e for e in events if isinstance(e, ev.BattleResolved)).citation == "§13.4.3"
    again = [e for e in events if isinstance(e, sev.SecondAttemptOffered)]
    if once:
        assert not again and race.state.battle is None and race.state.cars["Grey"].ot == 0
    else:
        assert again and again[0].ot == 1 and race.legal_actions() == [Attack("Grey", "Red"), End("Grey")]
        assert race.state.battle is not None and race.state.battle.tries == 1


@pytest.mark.parametrize("plays", [True, False])
def test_sa2_the_second_attack_lays_a_movement_card_or_any_bid(plays: bool) -> None:
    """SA2: with G4 and W2 in hand, a second attack 'W2' alone is refused (true) or listed (false)."""
    race = tie(["G4", "W2"], ["R2"], rules=Rules(second_attempt_plays_movement=plays))
    race.apply("Grey attack Red")
    bids = [a for a in race.legal_actions() if isinstance(a, Bid)]
    alone = Bid("Grey", ("W2",))
    assert (alone in bids) is (not plays)
    assert Bid("Grey", ("G4",)) in bids
    if plays:
        verdict = race.explain(alone)
        assert not verdict.legal and verdict.rule == "§13.4.3" and "movement card" in verdict.reason


@pytest.mark.parametrize("option", [False, True])
def test_defending_position_both_ways(option: bool) -> None:
    """§21 15.7.2: off — the attacker's offer at once; on — the defender first: 'block <GREEN/RED/ORANGE>' (+1 wear
    for the attacker, no second attempt, the card to the discard pile) or 'noblock' (the offer follows)."""
    race = tie(["G4"], ["R2", "B2"], rules=Rules(defending_position=option))
    if not option:
        assert race.current_car == "Grey" and race.legal_actions() == [Attack("Grey", "Red"), End("Grey")]
        return
    assert race.current_car == "Red"
    assert race.legal_actions() == [Block("Red", "R2"), NoBlock("Red")]  # not B2: BLUE does not block
    text = race.position()
    assert text.split(" bt=")[1].split(" ")[0] == "Grey,Red,0,-,rk"
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    other = race.clone()
    wear = race.state.cars["Grey"].wear
    events = race.apply("Red block R2")
    blocked = next(e for e in events if isinstance(e, sev.Blocked))
    assert blocked.wear == wear + 1 == race.state.cars["Grey"].wear
    assert "R2" in race.state.cars["Red"].deck.discards and race.state.battle is None
    assert race.state.cars["Grey"].ot == 0
    conserved(race)
    other.apply("Red noblock")
    assert other.current_car == "Grey" and other.legal_actions() == [Attack("Grey", "Red"), End("Grey")]


def test_the_greedy_defender_blocks_with_its_least_valuable_card() -> None:
    """§21 15.7.2: the computer player blocks whenever it can (the attacker +1 wear, no second attempt that could pass
    it), with the slowest card (§6.2: GREEN before ORANGE before RED), then the fewest LEDs — not at random."""
    race = tie(["G4"], ["R2", "G7", "G1", "B2"], rules=Rules(defending_position=True))
    blocks = {str(a) for a in race.legal_actions()}
    assert {"Red block R2", "Red block G1", "Red block G7", "Red noblock"} <= blocks
    leds = {x: c.leds for c in cards().action for x in ("G1", "G7") if c.code == x}
    cheapest = min(("G1", "G7"), key=lambda x: (leds[x], x))
    for seed in range(6):  # the same answer whatever the driver's seed
        assert str(Greedy(seed).choose(race)) == f"Red block {cheapest}"
    only_blue = tie(["G4"], ["B2"], rules=Rules(defending_position=True))
    assert only_blue.current_car == "Grey"  # no card to block with: no block decision at all


def test_no_block_after_a_slipstream_attack() -> None:
    """§21 15.7.2: 'If the attacker started the battle from a Slipstream space, the defender cannot block.'"""
    assert not sa.may_block(option_on=True, tie=True, slipstream=True, hand=[CardType.GREEN])
    assert sa.may_block(option_on=True, tie=True, slipstream=False, hand=[CardType.ORANGE])
    assert not sa.may_block(option_on=True, tie=True, slipstream=False, hand=[CardType.BLUE, CardType.TYRE_WEAR])
    assert not sa.may_block(option_on=False, tie=True, slipstream=False, hand=[CardType.GREEN])


def test_the_offer_and_the_attempt_round_trip_in_the_notation() -> None:
    race = tie(["G4"], ["R2"])
    for step in ("", "Grey attack Red", "Grey bid G4"):
        if step:
            race.apply(step)
        text = race.position()
        back = Race(parse_position(text))
        assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert "t1" in race.position().split(" bt=")[1].split(" ")[0]


@pytest.mark.parametrize("text", ["Red block G3", "Red noblock"])
def test_action_texts_round_trip(text: str) -> None:
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["Red block", "Red block G3 G4", "Red block X1", "Red noblock G3"])
def test_bad_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


ON = Rules(second_attempt_once=False, defending_position=True)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), greedy=st.booleans())
@example(seed=890, n=3, greedy=True)  # a tie whose stress die made the attacker lose control: no second attempt
def test_advanced_races_with_the_rules_on_end_conserve_and_round_trip(seed: int, n: int, greedy: bool) -> None:
    """Advanced races with SA1 off and the Defending Position on: every listed action applies, the second attempt's
    positions round-trip in the notation, every card stays in one place, the race ends."""
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed, mode=Mode.ADVANCED, rules=ON)
    drivers = {c: (Greedy(seed + i) if greedy and i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        b = race.state.battle
        if b is not None and (b.tries or b.blocking or (b.retry and not race.state.cars[b.defender].bot)):
            text = race.position()
            assert format_state(parse_position(text)) == text
            conserved(race)
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
    conserved(race)
    assert sorted(race.classification()) == sorted(cars_)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), once=st.booleans(), plays=st.booleans(), block=st.booleans())
def test_from_a_tie_random_play_goes_on_to_the_flag(seed: int, once: bool, plays: bool, block: bool) -> None:
    """Ties are rare in random races (the property above may meet none): from the built tie, with every switch
    combination, random drivers choose the block, the second attempt and its cards, then race to the flag: every
    listed action applies, the positions round-trip, every card stays in one place, the race ends."""
    race = tie(["G4", "G5", "W2"], ["R2", "B2", "O1"],
               rules=Rules(second_attempt_once=once, second_attempt_plays_movement=plays, defending_position=block))
    assert race.state.battle is not None and race.state.battle.retry
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate(race.state.cars)}
    steps = 0
    while not race.is_over:
        if race.state.battle is not None:
            for a in race.legal_actions():
                race.clone().apply(a)
            text = race.position()
            assert format_state(parse_position(text)) == text
            conserved(race)
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
    conserved(race)
    assert sorted(race.classification()) == ["Grey", "Red"]


# ------------------------------------------------------------------ the battle odds (analysis.battleodds)
def _odds_race(rules: Rules | None = None, mode: Mode = Mode.ADVANCED) -> Race:
    """Grey (OT 2: 2 LEDs) holds W1 G4 and attacks Red, whose 2 cards are unseen among B1 G1 G2; no ERS, no
    stress."""
    from racebook.formulagp.state import Phase, Turn

    race = new_race(["Grey", "Red"], 1, mode=mode, rules=rules) if rules else new_race(["Grey", "Red"], 1, mode=mode)
    s = race.state
    s.cars["Grey"].pos, s.cars["Red"].pos = s.track.pos("T02.2.2"), s.track.pos("T03.3.1")
    for cid, hand in (("Grey", ["R1", "W1", "G4"]), ("Red", ["B1", "G1"])):
        c = s.cars[cid]
        c.deck.pile += c.hand
        c.hand = []
        for x in hand:
            (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
            c.hand.append(x)
        c.ers, c.stress = 0, 0
    s.round, s.phase, s.order, s.turn_index, s.turn = 5, Phase.PLAY, ("Grey",), 0, Turn("Grey")
    race.refresh()
    race.apply("Grey play R1")
    race.apply("Grey stop")
    race.apply("Grey attack Red")
    return race


def _odds(race: Race) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    from racebook.formulagp.analysis import battleodds as bo

    out = bo.battle_odds(race, "Grey", memory=bo.Memory.NONE,
                         known_out=[c.code for c in cards().action if c.code not in ("B1", "G1", "G2")])
    return {b.bid.split(" ", 1)[1]: (b.overtake, b.tie, b.second) for b in out.bids}


def test_the_odds_count_the_second_attempt_hand_checked() -> None:
    """Red's 2 cards from B1 G1 G2: {B1, G…} 2/3 (strongest B1, 3 LEDs), {G1, G2} 1/3 (a GREEN pair, 0). Grey's W1
    (1 + OT 2 = 3) overtakes 1/3 and ties 2/3; after the tie it attacks again with G4 and 1 OT (1 + 1 = 2) against
    Red's G card left (0): the second attempt wins, so 2/3. G4 alone ties alike but leaves only W1: no movement card,
    no second attempt (§13.4.3). W1 G4 (4 LEDs) overtakes at once."""
    rows = _odds(_odds_race())
    assert rows["bid W1"] == (Fraction(1, 3), Fraction(2, 3), Fraction(2, 3))
    assert rows["bid G4"] == (Fraction(1, 3), Fraction(2, 3), Fraction(0))
    assert rows["bid G4 W1"] == (Fraction(1), Fraction(0), Fraction(0))


def test_the_odds_with_the_defending_position_and_in_a_standard_race() -> None:
    """§21 15.7.2: Red keeps a GREEN card after the tie and the model's defender blocks: no second chance; a
    Standard race has no second attempt."""
    assert _odds(_odds_race(Rules(defending_position=True)))["bid W1"][2] == 0
    assert _odds(_odds_race(mode=Mode.STANDARD))["bid W1"] == (Fraction(1, 3), Fraction(2, 3), Fraction(0))
