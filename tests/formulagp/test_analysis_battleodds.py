"""Exact battle odds (racebook.formulagp.analysis.battleodds, §13.3, §13.4): LED totals equal the engine's reveal,
small hand-checkable cases, the hypergeometric grouping against every actual hand, Example 17's attack, the viewer
filter (the opponent's real hand is never read) and a seeded Monte-Carlo run through the engine."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction
from racebook.formulagp import battles, eventdeck
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import Bid
from racebook.formulagp.analysis import battleodds as bo
from racebook.formulagp.analysis import unseenextras as ue
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


# ------------------------------------------------------------------ unseen EVENT cards and the driver skill (issue 37)
def _hold(race: Race, car: str, *codes: str) -> None:
    """``car`` holds the EVENT cards ``codes`` face down (§6.7), taken from the EVENT draw pile."""
    s = race.state
    for x in codes:
        s.events.pile.remove(x)
        s.cars[car].events.append(x)


def _all_events_but(*keep: str) -> tuple[str, ...]:
    return tuple(x for x in eventdeck.event_deck().codes if x not in keep)


def _shifted(dist: dict[int | None, Fraction], by: int) -> dict[int | None, Fraction]:
    return {None if t is None else t + by: p for t, p in dist.items()}


def _mix(*parts: tuple[Fraction, dict[int | None, Fraction]]) -> dict[int | None, Fraction]:
    out: dict[int | None, Fraction] = {}
    for w, dist in parts:
        for t, p in dist.items():
            out[t] = out.get(t, Fraction(0)) + w * p
    return {t: p for t, p in out.items() if p}


def _chances(mine: int, dist: dict[int | None, Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """The attacker's (over, tie, fail) with ``mine`` LEDs against the defender's distribution (§13.4)."""
    over = sum((p for t, p in dist.items() if t is None or mine > t), Fraction(0))
    tie = sum((p for t, p in dist.items() if t == mine), Fraction(0))
    return over, tie, 1 - over - tie


def test_the_unseen_event_pool() -> None:
    """The EVENT cards Orange cannot place: the deck's 30 less its own held cards; with a memory also the EVENT
    discard pile and the cards removed from the game (§6.7, §19.4.2); Green's count is public, its cards are not."""
    race = _declared()
    _hold(race, "Orange", "E6")
    _hold(race, "Green", "E2", "E9")
    s = race.state
    s.events.pile.remove("E5")
    s.events.discard("E5")
    s.events.pile.remove("E3")
    s.events_out.append("E3")
    assert len(ue.unseen_events(s, "Orange", "Green", remember=False)) == 29
    pool = ue.unseen_events(s, "Orange", "Green", remember=True)
    assert len(pool) == 27 and not {"E3", "E5", "E6"} & set(pool) and {"E2", "E9"} <= set(pool)
    o = bo.battle_odds(race, "Orange")
    assert (o.events, o.event_pool) == (2, 27)
    assert (bo.battle_odds(race, "Orange", memory=bo.Memory.NONE).event_pool) == 29
    with pytest.raises(ValueError, match="named twice"):
        ue.unseen_events(s, "Orange", "Green", remember=True, known_out=["E5"])
    other = _declared()
    _hold(other, "Orange", "E6")
    _hold(other, "Green", "E1", "E4")  # the same count, other cards: the same odds
    other.state.events.pile.remove("E5")
    other.state.events.discard("E5")
    other.state.events.pile.remove("E3")
    other.state.events_out.append("E3")
    assert bo.battle_odds(other, "Orange") == o


def test_a_held_battle_event_card_changes_the_odds_by_its_leds() -> None:
    """Green holds one EVENT card face down, 'Late Braking' (E6, +2 LEDs in a battle, §13.3 item 3) or 'Clean Air'
    (E5, nothing in a battle), each 1/2 as far as Orange knows: Green's strongest total is its total without EVENT
    cards, or 2 more — each 1/2; each of Orange's bids moves by exactly that mixture."""
    base = bo.battle_odds(_declared(), "Orange")
    race = _declared()
    _hold(race, "Green", "E5")
    o = bo.battle_odds(race, "Orange", known_events=_all_events_but("E5", "E6"))
    half = Fraction(1, 2)
    assert (o.events, o.event_pool, o.hands) == (1, 2, 2 * base.hands)
    assert o.opponent_leds == _mix((half, base.opponent_leds), (half, _shifted(base.opponent_leds, 2)))
    for row in o.bids:
        assert row.leds is not None
        without = _chances(row.leds, base.opponent_leds)
        late = _chances(row.leds, _shifted(base.opponent_leds, 2))
        assert (row.overtake, row.tie, row.fail) == tuple(half * a + half * b for a, b in zip(without, late,
                                                                                             strict=True))
    w1 = _rows(o)["Orange bid W1 +ers"]
    assert w1.overtake < _rows(base)["Orange bid W1 +ers"].overtake
    assert o == bo.battle_odds(race, "Orange", known_events=_all_events_but("E5", "E6"), reference=True)
    # knowing nothing more: E6 is 1 of the 30 cards Orange cannot place
    full = bo.battle_odds(race, "Orange")
    assert full.opponent_leds == _mix((Fraction(29, 30), base.opponent_leds),
                                      (Fraction(1, 30), _shifted(base.opponent_leds, 2)))
    # Orange holds E6 itself: Green cannot hold it, and Orange's own bids may lay it (+2)
    mine = _declared()
    _hold(mine, "Orange", "E6")
    _hold(mine, "Green", "E5")
    m = bo.battle_odds(mine, "Orange")
    assert m.opponent_leds == base.opponent_leds and m.event_pool == 29
    assert _rows(m)["Orange bid W1 E6 +ers"].leds == _rows(m)["Orange bid W1 +ers"].leds + 2  # type: ignore[operator]
    # in the EVENT discard pile (remembered) it is out too
    gone = _declared()
    gone.state.events.pile.remove("E6")
    gone.state.events.discard("E6")
    _hold(gone, "Green", "E5")
    assert bo.battle_odds(gone, "Orange").opponent_leds == base.opponent_leds
    assert bo.battle_odds(gone, "Orange", memory=bo.Memory.NONE).event_pool == 30


def test_the_opponents_driver_skill_both_ways() -> None:
    """Green's DRIVER card is public (§4.6, the original's 5.1.2): D2 'Wall of Steel', +2 LEDs defending (N30,
    ``invented-for-teaching``). ``driver_skills`` off (the default): no skill. On: every total of Green's 2 LEDs more,
    Orange's own skill (D1, attacking +2) among its bids; once used this game round, none (§6.8)."""
    base = bo.battle_odds(_declared(), "Orange")
    assert base.skill == 0 and not any("+skill" in b.bid for b in base.bids)
    race = _declared()
    race.state.rules = replace(race.state.rules, driver_skills=True)
    o = bo.battle_odds(race, "Orange")
    assert o.skill == 2 and "driver skill +2" in o.sentence()
    assert o.opponent_leds == _shifted(base.opponent_leds, 2)
    assert _rows(o)["Orange bid W1 +ers +skill"].leds == _rows(o)["Orange bid W1 +ers"].leds + 2  # type: ignore[operator]
    for model in (bo.strongest, bo.uniform):
        assert bo.battle_odds(race, "Orange", model=model) == bo.battle_odds(race, "Orange", model=model,
                                                                             reference=True)
    race.state.cars["Green"].skill_round = race.state.round  # used this round (sk=)
    used = bo.battle_odds(race, "Orange")
    assert used.skill == 0 and used.opponent_leds == base.opponent_leds
    # Green viewing the attacker: Orange's D1 attacks with +2 (switch on), not with the switch off
    on = _declared()
    on.state.rules = replace(on.state.rules, driver_skills=True)
    off_view, on_view = bo.battle_odds(_declared(), "Green"), bo.battle_odds(on, "Green")
    assert on_view.skill == 2 and on_view.opponent_leds == _shifted(off_view.opponent_leds, 2)


def _brute_extras(race: Race, viewer: str, model: bo.Model, known_out: tuple[str, ...],
                  known_events: tuple[str, ...]) -> tuple[dict[int | None, Fraction], bo.BattleOdds]:
    """The opponent's total over every actual hand × every actual set of held EVENT cards (codes), each through the
    engine's bid list (with its EVENT cards and skill) and :func:`bo.bid_leds`; each pair equally likely."""
    o = bo.battle_odds(race, viewer, model=model, memory=bo.Memory.NONE, known_out=known_out,
                       known_events=known_events)
    s = race.clone().state
    other = s.cars[o.opponent]
    attacking = o.opponent == o.attacker
    tally: dict[int | None, Fraction] = {}
    kept = 0
    hands = bo.unseen_pool(s, viewer, o.opponent, bo.Memory.NONE, known_out)
    held = ue.unseen_events(s, viewer, o.opponent, False, known_events)
    assert (len(hands), len(held)) == (o.pool, o.event_pool)
    for hand in combinations(hands, o.hand):
        for events in combinations(held, o.events):
            other.hand, other.events = list(hand), list(events)
            totals = [bo.bid_leds(s, o.opponent, b, attacking) for b in battles.bids(s, o.opponent)]
            if attacking and not totals:
                continue
            kept += 1
            for t, q in model(totals).items():
                tally[t] = tally.get(t, Fraction(0)) + q
    return {t: p / kept for t, p in tally.items()}, o


ACTION_CODES = [c.code for c in cards().action]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_exact_odds_equal_brute_force_over_unseen_cards_and_events(data: st.DataObject) -> None:
    """Hypothesis, small positions: a few unseen ACTION cards and EVENT cards ('Late Braking' among them or not),
    either side viewing, the skill switch both ways, a used skill, both models — the fast path and the reference equal
    the brute force over every actual hand and held set of EVENT cards."""
    viewer = data.draw(st.sampled_from(["Orange", "Green"]), "viewer")
    opponent = "Green" if viewer == "Orange" else "Orange"
    race = _declared()
    s = race.state
    if data.draw(st.booleans(), "skills"):
        s.rules = replace(s.rules, driver_skills=True)
        if data.draw(st.booleans(), "skill used"):
            s.cars[opponent].skill_round = s.round
    apool = data.draw(st.lists(st.sampled_from(ACTION_CODES), min_size=3, max_size=6, unique=True), "pool")
    if viewer == "Green":
        apool = [*apool, "W2"]  # the declared attacker holds a battle card in some hand
    n = data.draw(st.integers(1, 2), "hand")
    s.cars[opponent].hand = apool[:n]
    epool = data.draw(st.lists(st.sampled_from(_all_events_but("E6")), min_size=1, max_size=4, unique=True),
                      "event pool")
    e6 = data.draw(st.sampled_from(["unseen", "the viewer's", "elsewhere"]), "'Late Braking'")
    if e6 == "unseen":
        epool.insert(data.draw(st.integers(0, len(epool)), "where"), "E6")
    k = data.draw(st.integers(0, min(2, len(epool))), "held")
    _hold(race, opponent, *epool[:k])
    if e6 == "the viewer's":
        _hold(race, viewer, "E6")
    known_out = tuple(x for x in ACTION_CODES if x not in apool)
    known_events = tuple(x for x in eventdeck.event_deck().codes if x not in epool and x not in s.cars[viewer].events)
    model = data.draw(st.sampled_from([bo.strongest, bo.uniform]), "model")
    brute, fast = _brute_extras(race, viewer, model, known_out, known_events)
    assert fast.opponent_leds == brute
    ref = bo.battle_odds(race, viewer, model=model, memory=bo.Memory.NONE, known_out=known_out,
                         known_events=known_events, reference=True)
    assert ref == fast


def _deck_with_battle_cards() -> eventdeck.EventDeck:
    """The teaching deck with E13–E16 made battle cards (+2, +2, +1, +3): a test deck, so that held sets mix equal and
    different amounts (the shipped deck has one battle card)."""
    deck = eventdeck.event_deck()
    amounts = {"E13": 2, "E14": 2, "E15": 1, "E16": 3}
    return replace(deck, cards=tuple(replace(c, effect=eventdeck.EventEffect.BATTLE, amount=amounts[c.code])
                                     if c.code in amounts else c for c in deck.cards))


@pytest.mark.parametrize("model", [bo.strongest, bo.uniform], ids=["strongest", "uniform"])
def test_grouping_by_battle_leds_is_exact_with_several_battle_cards(model: bo.Model,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Green holds 2 of 6 unseen EVENT cards (E6, E13, E14 +2 each; E15 +1; E16 +3; E1 none), skills on: the grouped
    answer (fast and reference) equals the brute force over the C(6, 2) actual sets."""
    deck = _deck_with_battle_cards()
    monkeypatch.setattr(eventdeck, "event_deck", lambda: deck)
    monkeypatch.setattr(eventdeck, "_by_code", lambda: {c.code: c for c in deck.cards})
    race = _declared()
    race.state.rules = replace(race.state.rules, driver_skills=True)
    _hold(race, "Green", "E1", "E13")
    keep = ("E1", "E6", "E13", "E14", "E15", "E16")
    apool = ("G1", "R4", "W1", "B2", "O3")
    race.state.cars["Green"].hand = list(apool[:2])
    known_out = tuple(x for x in ACTION_CODES if x not in apool)
    brute, fast = _brute_extras(race, "Orange", model, known_out, _all_events_but(*keep))
    assert fast.opponent_leds == brute and (fast.events, fast.event_pool) == (2, 6)
    groups = ue.event_hands(list(keep), 2)  # by battle LEDs: {0}, {1}, {2, 2, 2}, {3} — 7 pairs of LEDs, 15 sets
    assert len(groups) == 7 and sum(ways for _, ways in groups) == 15
    assert bo.battle_odds(race, "Orange", model=model, memory=bo.Memory.NONE, known_out=known_out,
                          known_events=_all_events_but(*keep), reference=True) == fast


def test_a_model_that_reads_every_total_gets_the_same_uniform_answer() -> None:
    """``uniform`` says it picks each listed bid equally, so the fast path sums the shares itself (the held EVENT
    groups and the skill applied to the sums); the same choice written as a plain model (each hand's totals handed
    over, the extras multiplied into each hand) gives the same exact odds — with and without unseen extras."""
    def plain_uniform(totals: bo.Totals) -> dict[int | None, Fraction]:
        return bo.uniform(totals)

    assert not hasattr(plain_uniform, "picks_each_bid_equally")
    positions = _positions()
    for _, race, viewer in positions[:3]:
        extra = race.clone()
        extra.state.rules = replace(extra.state.rules, driver_skills=True)
        _hold(extra, "Green" if viewer == "Orange" else "Orange", "E1", "E2")
        positions.append(("with two held EVENT cards and skills", extra, viewer))
    for name, race, viewer in positions:
        a = bo.battle_odds(race, viewer, model=bo.uniform)
        b = bo.battle_odds(race, viewer, model=plain_uniform)
        assert (a.opponent_leds, a.bids, a.hands) == (b.opponent_leds, b.bids, b.hands), name
