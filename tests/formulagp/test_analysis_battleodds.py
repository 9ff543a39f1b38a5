"""Exact battle odds (racebook.formulagp.analysis.battleodds, §13.3, §13.4): LED totals equal the engine's reveal,
small hand-checkable cases, the hypergeometric grouping against every actual hand, Example 17's attack, the viewer
filter (the opponent's real hand is never read) and a seeded Monte-Carlo run through the engine."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from racebook.core.errors import IllegalAction
from racebook.formulagp import battles
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import Bid
from racebook.formulagp.analysis import battleodds as bo
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race

EX17 = "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"


def _stopped() -> Race:
    """Example 17 after the forced stop: Orange (OT 2, the cap) may attack Green (adjacent lane)."""
    sc = fgp_scenario.read(EX17)
    race = sc.race(play=False)
    for a in sc.actions[:sc.actions.index("Orange end")]:
        race.apply(a)
    return race


def _declared() -> Race:
    race = _stopped()
    race.apply("Orange attack Green")
    return race


def _others(*keep: str) -> list[str]:
    return [c.code for c in cards().action if c.code not in keep]


def _rows(o: bo.BattleOdds) -> dict[str, bo.BidOdds]:
    return {b.bid: b for b in o.bids}


def test_bid_leds_are_the_engines_reveal() -> None:
    race = _declared()
    s = race.state
    for att in battles.bids(s, "Orange"):
        for dfn in battles.bids(s, "Green"):
            r = race.clone()
            r.apply(att)
            r.apply(dfn)
            shown = {e.car: e.leds for e in r.events if isinstance(e, ev.BattleRevealed)}
            assert bo.bid_leds(s, "Orange", att, True) == shown["Orange"]
            expected = bo.bid_leds(s, "Green", dfn, False)
            assert (expected if expected is not None else 0) == shown["Green"]


def test_one_unseen_card_of_two_hand_checked() -> None:
    """Green holds 1 card, B1 (3 LEDs) or G1 (0 LEDs), each 1/2; its ERS (4 of 4) adds 2. Orange: W1 (1 LED) + OT 2
    (2 LEDs) = 3, +ERS = 5. Strongest Green: 5 or 2."""
    race = _declared()
    race.state.cars["Green"].hand = ["B1"]
    o = bo.battle_odds(race, "Orange", memory=bo.Memory.NONE, known_out=_others("B1", "G1"))
    assert (o.hand, o.pool, o.opponent_leds) == (1, 2, {2: Fraction(1, 2), 5: Fraction(1, 2)})
    rows = _rows(o)
    assert (rows["Orange bid W1"].overtake, rows["Orange bid W1"].fail) == (Fraction(1, 2), Fraction(1, 2))
    assert (rows["Orange bid W1 +ers"].overtake, rows["Orange bid W1 +ers"].tie) == (Fraction(1, 2), Fraction(1, 2))
    assert o.best().bid == "Orange bid W1"  # the same chance; a tie is a failed attack and +1 stress (§13.4.3)
    race.state.cars["Green"].ers = 0  # no charge to spend: 3 or 0
    o = bo.battle_odds(race, "Orange", memory=bo.Memory.NONE, known_out=_others("B1", "G1"))
    assert o.opponent_leds == {0: Fraction(1, 2), 3: Fraction(1, 2)}
    assert _rows(o)["Orange bid W1"].tie == Fraction(1, 2)


def test_the_uniform_model_hand_checked() -> None:
    """Green holds G1 (0 LEDs), ERS 0: its legal choices are 'bid G1' and 'yield', each 1/2 under the uniform model."""
    race = _declared()
    race.state.cars["Green"].ers = 0
    race.state.cars["Green"].hand = ["G1"]
    o = bo.battle_odds(race, "Orange", model=bo.uniform, memory=bo.Memory.NONE, known_out=_others("G1"))
    assert o.opponent_leds == {None: Fraction(1, 2), 0: Fraction(1, 2)}
    assert all(b.overtake == 1 for b in o.bids)  # 3 or 5 LEDs against 0 or no defence


def test_hypergeometric_grouping_equals_every_actual_hand() -> None:
    """Example 17 (§13.2: Orange stopped with OT 2, the cap): Green's 2 unseen cards from its 45, by brute force over
    all C(45, 2) = 990 actual hands through the engine's bid list, equal the grouped hypergeometric answer."""
    race = _declared()
    o = bo.battle_odds(race, "Orange")
    s = race.clone().state
    green = s.cars["Green"]
    pool = bo.unseen_pool(s, "Orange", "Green")
    assert len(pool) == 45 and o.pool == 45 and o.hand == 2
    tally: dict[int | None, int] = {}
    hands = list(combinations(pool, 2))
    for hand in hands:
        green.hand = list(hand)
        totals = [bo.bid_leds(s, "Green", b, False) for b in battles.bids(s, "Green")]
        (t, _), = bo.strongest(totals).items()
        tally[t] = tally.get(t, 0) + 1
    assert o.opponent_leds == {t: Fraction(n, len(hands)) for t, n in tally.items()}
    rows = _rows(o)
    assert all(b.overtake + b.tie + b.fail == 1 for b in o.bids)
    assert rows["Orange bid W1 +ers"].overtake > rows["Orange bid W1"].overtake  # the ERS charge's 2 LEDs (§8.1)
    assert o.best().bid == "Orange bid W1 +ers" and "overtake" in o.sentence()


def test_the_attack_may_be_priced_before_it_is_declared() -> None:
    race = _stopped()
    before = race.position()
    assert bo.battle_odds(race, "Orange").bids == bo.battle_odds(_declared(), "Orange").bids
    assert race.position() == before


def test_the_opponents_real_hand_is_never_read() -> None:
    a, b = _declared(), _declared()
    b.state.cars["Green"].hand = ["B1", "B2"]  # the same count, other cards
    assert bo.battle_odds(a, "Orange").bids == bo.battle_odds(b, "Orange").bids


def test_memory_takes_the_discards_out_and_a_declared_attacker_holds_a_card() -> None:
    race = _declared()
    o = bo.battle_odds(race, "Green")  # Green defends against Orange's 1 unseen card; G1 is in Orange's discards
    assert (o.role, o.hand, o.pool) == ("defender", 1, 44)
    assert None not in o.opponent_leds and sum(o.opponent_leds.values()) == 1  # it declared, so it can bid
    assert bo.battle_odds(race, "Green", memory=bo.Memory.NONE).pool == 45
    assert _rows(o)["Green yield"].overtake == 1


def test_refusals() -> None:
    race = _declared()
    with pytest.raises(IllegalAction, match="not in the battle"):
        bo.battle_odds(race, "Blue")
    sc = fgp_scenario.read("fgp_ex10_green_in_sixth_gear")
    with pytest.raises(IllegalAction, match="no battle"):
        bo.battle_odds(sc.race(play=False), "Grey")
    with pytest.raises(ValueError, match="named twice"):
        bo.unseen_pool(race.state, "Orange", "Green", bo.Memory.NONE, ["G1", "G1"])


def test_monte_carlo_through_the_engine_agrees() -> None:
    """Seeded: Green's hand drawn from its unseen cards, Orange bids W1 +ers, Green its strongest bid, the battle
    resolved by the engine; 400 draws land within 4 standard errors of the exact chances."""
    race = _declared()
    o = bo.battle_odds(race, "Orange")
    exact = _rows(o)["Orange bid W1 +ers"]
    pool = bo.unseen_pool(race.state, "Orange", "Green")
    rng = random.Random(17)
    n, seen = 400, {"over": 0, "tie": 0, "fail": 0}
    for _ in range(n):
        r = race.clone()
        green = r.state.cars["Green"]
        green.hand = rng.sample(pool, 2)
        r.apply("Orange bid W1 +ers")
        choices = [b for b in r.legal_actions()]
        best = max(choices, key=lambda b: -1 if not isinstance(b, Bid) else bo.bid_leds(r.state, "Green", b, False))
        r.apply(best)
        res = next(e for e in r.events if isinstance(e, ev.BattleResolved))
        key = "tie" if "tie" in res.result else "over" if "succeeds" in res.result else "fail"
        seen[key] += 1
    for key, p in (("over", exact.overtake), ("tie", exact.tie), ("fail", exact.fail)):
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[key] / n - float(p)) <= 4 * se + 1e-9, (key, seen, p)


# ------------------------------------------------------------------ the fast path (by kinds) against brute force
def _brute(race: Race, viewer: str, model: bo.Model, memory: bo.Memory, known_out: tuple[str, ...] = ()
           ) -> dict[int | None, Fraction]:
    """The opponent's total over every actual hand (card codes, C(pool, hand)) through the engine's bid list."""
    o = bo.battle_odds(race, viewer, model=model, memory=memory, known_out=known_out, reference=True)
    r = race.clone()
    if r.state.battle is None:
        r.apply(f"{o.attacker} attack {o.defender}")
    s = r.state
    other = s.cars[o.opponent]
    attacking = o.opponent == o.attacker
    tally: dict[int | None, Fraction] = {}
    kept = 0
    for hand in combinations(bo.unseen_pool(s, viewer, o.opponent, memory, known_out), o.hand):
        other.hand = list(hand)
        totals = [bo.bid_leds(s, o.opponent, b, attacking) for b in battles.bids(s, o.opponent)]
        if attacking and not totals:
            continue
        kept += 1
        for t, q in model(totals).items():
            tally[t] = tally.get(t, Fraction(0)) + q
    return {t: p / kept for t, p in tally.items()}


def _positions() -> list[tuple[str, Race, str]]:
    """Several positions of Example 17's battle: hands of 1–5 unseen cards, either side, a Stressed or an empty-ERS
    opponent, Cold Tyres, the Option card house rule off."""
    out = []
    for n in (1, 3, 5):
        r = _declared()
        r.state.cars["Green"].hand = [c.code for c in cards().action][-n:]
        out.append((f"Orange against {n}", r, "Orange"))
    r = _declared()
    r.state.cars["Green"].hand = ["G2", "R3", "B1", "P1"]
    r.state.cars["Green"].stress = 2  # Stressed: no pairs (§15)
    r.state.cars["Green"].ers = 0
    out.append(("a Stressed defender, ERS empty", r, "Orange"))
    r = _declared()
    r.state.cars["Orange"].hand = ["W1", "G5", "R7", "O1"]
    r.state.cars["Orange"].cold = 2  # Cold Tyres −2 (A35)
    out.append(("Green defends against a cold attacker", r, "Green"))
    r = _stopped()
    r.state.rules = replace(r.state.rules, option_backs_any_card=False)
    r.state.cars["Green"].hand = ["G2", "P1", "P2", "W2", "W3"]
    out.append(("an Option backs a movement card only (A11)", r, "Orange"))
    return out


@pytest.mark.parametrize("model", [bo.strongest, bo.uniform], ids=["strongest", "uniform"])
def test_the_fast_path_equals_the_engine_reference(model: bo.Model) -> None:
    """Exact Fractions: the kind-multiset polynomial equals each multiset put through the engine's bid list — the
    opponent's distribution, every bid's odds, the number of hands."""
    for name, race, viewer in _positions():
        for memory in bo.Memory:
            fast = bo.battle_odds(race, viewer, model=model, memory=memory)
            ref = bo.battle_odds(race, viewer, model=model, memory=memory, reference=True)
            assert fast == ref, name
            assert sum(fast.opponent_leds.values()) == 1


@pytest.mark.parametrize("model", [bo.strongest, bo.uniform], ids=["strongest", "uniform"])
def test_the_fast_path_equals_every_actual_hand(model: bo.Model) -> None:
    """Brute force over the actual card codes: 2 unseen cards of the whole pool, 3 of a pool cut to 20 cards (the rest
    known out), attacker and defender, Stressed."""
    out = tuple(c.code for c in cards().action if c.code not in (
        "G1 G2 G4 G7 G10 R1 R4 R8 B1 B2 O1 O3 W1 W2 W5 P1 P2 P6 F1 R10".split()))
    for name, race, viewer in _positions():
        n = len(race.state.cars["Green" if viewer == "Orange" else "Orange"].hand)
        if n > 3:
            race.state.cars["Green" if viewer == "Orange" else "Orange"].hand = ["G1", "R4", "W1"][:3]
        known = () if n <= 2 else tuple(x for x in out if x not in race.state.cars["Orange"].deck.discards)
        memory = bo.Memory.NONE if known else bo.Memory.DISCARDS
        fast = bo.battle_odds(race, viewer, model=model, memory=memory, known_out=known)
        assert fast.opponent_leds == _brute(race, viewer, model, memory, known), name


def test_cold_tyres_count_in_the_leds() -> None:
    """A35: the Cold Tyres token's −2 is in the engine's reveal and in bid_leds."""
    race = _declared()
    race.state.cars["Orange"].cold = 2
    s = race.state
    att = battles.bids(s, "Orange")[0]
    r = race.clone()
    r.apply(att)
    r.apply("Green yield")
    shown = {e.car: e.leds for e in r.events if isinstance(e, ev.BattleRevealed)}
    assert bo.bid_leds(s, "Orange", att, True) == shown["Orange"] == bo.bid_leds(_declared().state, "Orange", att,
                                                                                    True) - 2


def test_a_model_that_reads_every_total_gets_the_same_strongest_answer() -> None:
    """``strongest`` says it reads only the highest total, so the fast path hands it only that; the same choice
    written as a model that does not say so (every total handed over) gives the same exact odds."""
    def plain_strongest(totals: bo.Totals) -> dict[int | None, Fraction]:
        return bo.strongest(totals)

    assert not hasattr(plain_strongest, "reads_only_the_strongest")
    for name, race, viewer in _positions():
        a = bo.battle_odds(race, viewer)
        b = bo.battle_odds(race, viewer, model=plain_strongest)
        assert (a.opponent_leds, a.bids, a.hands) == (b.opponent_leds, b.bids, b.hands), name
