"""Exact odds by enumeration (racebook.rf90.analysis.odds): blind tests, duels against robots, late braking."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import racebook
from racebook.rf90.analysis import odds


def _ex31_before_lb() -> racebook.Race:
    sc = racebook.rf90.scenario.load("ex31", play=False)
    race = sc.race
    for a in sc.actions[:-1]:
        race.apply(a)
    return race


def test_unseen_excludes_what_the_viewer_can_see() -> None:
    race = _ex31_before_lb()
    s = race.state
    pool = set(odds.unseen(s, "Blue"))
    assert not pool & set(s.cars["Blue"].hand)
    assert s.cars["Blue"].target not in pool
    assert not pool & set(s.race_deck.discards)
    assert pool <= set(s.cards.codes())


def test_blind_test_probability_is_the_share_of_unseen_cards_at_or_below_the_target() -> None:
    """§13.D.2: success when check ≤ target; Ex. 31: TC (88) - 20 = 68."""
    race = _ex31_before_lb()
    s = race.state
    target, p = odds.blind_test(s, s.cars["Blue"], -20)
    assert target == 68
    pool = [s.card(c).check for c in odds.unseen(s, "Blue")]
    assert p == Fraction(sum(1 for c in pool if c <= 68), len(pool))


def test_duel_odds_enumerate_every_pair() -> None:
    """§17.2: a robot bids the top two Race Cards; the odds count every unordered pair of unseen cards."""
    race = _ex31_before_lb()
    s = race.state
    mps = [s.card(c).mp for c in odds.unseen(s, "Blue")]
    d = odds.duel_vs_robot(s, "Blue", 5, -1)
    pairs = list(combinations(mps, 2))
    assert d.pairs == len(pairs)
    assert d.win == Fraction(sum(1 for a, b in pairs if 5 > a + b - 1), len(pairs))
    assert d.win + d.tie + d.lose == 1


def test_late_braking_odds_match_ex_31() -> None:
    race = _ex31_before_lb()
    s = race.state
    o = odds.late_braking(s, s.cars["Blue"])
    assert o.target == 68 and o.sections_on_success == 1 and o.cars_passed == 2
    assert o.expected_sections == o.p_success
    # Blue holds (01), which passes any Normal recovery test: the Abbey route's green arrow for sure
    assert o.on_failure.tyres == 1 and o.on_failure.time_loss == 2 and o.on_failure.p_retire == 0


def test_late_braking_odds_without_a_sure_hand_card() -> None:
    """With no sure card in hand the recovery test is a blind draw, enumerated exactly."""
    race = _ex31_before_lb()
    s = race.state
    blue = s.cars["Blue"]
    blue.hand = [c for c in blue.hand if s.card(c).check > 90]
    o = odds.late_braking(s, blue)
    assert 0 < o.on_failure.damage < 2 and 2 < o.on_failure.time_loss < 3
