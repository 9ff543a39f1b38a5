"""Property tests for duels (§12.2 ties, §12.3 one chance per section per Game Turn)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import Bid
from racebook.rf90.rules import duel

NAMES = ["Blue", "Green", "Orange", "Red"]


def _duel_race(n: int, rnd: random.Random) -> racebook.Race:
    cars = NAMES[:n]
    deck = [f"R{i:02d}" for i in range(1, 100)]
    rnd.shuffle(deck)
    spec = {c: {"hand": [deck.pop() for _ in range(4)], "target": deck.pop()} for c in cars}
    return racebook.rf90.scenario.build({
        "scenario": {"id": "p", "track": "teaching", "seed": rnd.randrange(10_000),
                     "position": f"teaching turn=4 lap=2 | A: Lead*{{played}} | C: {' '.join(cars)}"},
        "cars": {**spec, "Lead": {"hand": [deck.pop()], "target": deck.pop()}},
    })


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_ties_damage_each_tied_car_once_and_keep_their_order(n: int, seed: int) -> None:
    rnd = random.Random(seed)
    race = _duel_race(n, rnd)
    s = race.state
    before = list(s.cars_in("C"))
    wear0 = {c: len(s.cars[c].wear) for c in before}
    race.apply(f"{before[-1]} challenge")
    while race.current_car and any(a.verb == "join" for a in race.legal_actions()):
        race.apply(f"{race.current_car} join")
    while any(isinstance(a, Bid) for a in race.legal_actions()):
        bids = [a for a in race.legal_actions() if isinstance(a, Bid) and a.cards]
        race.apply(rnd.choice(bids))
    reveals = {e.car: e.total for e in race.events if isinstance(e, ev.DuelReveal)}
    after = s.cars_in("C")
    totals = sorted(reveals.values())
    for c, t in reveals.items():
        tied = [x for x, v in reveals.items() if v == t]
        expected = 1 if len(tied) > 1 else 0
        assert len(s.cars[c].wear) - wear0[c] == expected or not s.cars[c].on_track
    for t in set(totals):
        tied = [x for x in before if reveals.get(x) == t]
        if len(tied) > 1:
            assert [x for x in after if x in tied] == tied  # order kept among tied cars
    order = [x for x in after if x in reveals]
    assert [reveals[x] for x in order] == sorted((reveals[x] for x in order), reverse=True)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), challenge=st.booleans())
def test_one_duel_chance_per_section_per_game_turn(n: int, seed: int, challenge: bool) -> None:
    """Whatever happened at the first activation, a car asked there is never asked again in that section this
    Game Turn, accepted or declined (§12.3, AMB-39)."""
    rnd = random.Random(seed)
    race = _duel_race(n, rnd)
    s = race.state
    asked = set(s.cars_in("C"))
    act = s.activation
    assert act is not None
    last = s.cars_in("C")[-1]
    if challenge:
        race.apply(f"{last} challenge")
        while race.current_car and any(a.verb in ("join", "decline") for a in race.legal_actions()):
            race.apply(rnd.choice([a for a in race.legal_actions() if a.verb in ("join", "decline")]))
        while any(isinstance(a, Bid) for a in race.legal_actions()):
            race.apply(rnd.choice([a for a in race.legal_actions() if isinstance(a, Bid)]))
    else:
        while race.duel is not None:
            race.apply(f"{race.current_car} no-challenge")
    assert duel.start(s, act, s.cars_in("C"), []) is None
    assert all((c, duel.chance_key(act)) in s.duel_chances for c in asked)
