"""What each player sees of a duel's face-down bids (§12.1), through racebook.core.visibility: Ex. 16 step by step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import racebook
from racebook.core.errors import IllegalAction
from racebook.core.visibility import TABLE, Committed, SealedEntry
from racebook.rf90 import events as ev
from racebook.rf90 import visibility
from racebook.rf90.actions import Bid


@pytest.fixture(scope="module")
def ex16() -> racebook.Race:
    return racebook.load_scenario("ex16").race


def test_a_bid_is_sealed_until_every_participant_has_bid(ex16: racebook.Race) -> None:
    """Ex. 16: Green bids R04 R13 first; until Blue bids, Blue and the table see two face-down cards, not which."""
    race = ex16.at(4)  # Green has bid, Blue has not
    ctx = race.duel
    assert ctx is not None and ctx.to_bid == ["Blue"] and ctx.sealed.waiting == ("Blue",)
    assert ctx.bids == {}  # nothing revealed yet
    assert ctx.sealed.view("Blue") == {"Green": Committed("Green")}
    assert ctx.sealed.view("Green") == {"Green": ("R04", "R13")}
    assert visibility.table_view(race.state, "Blue")["Green"].table == (visibility.FACE_DOWN,) * 2
    assert visibility.table_view(race.state, TABLE)["Green"].table == (visibility.FACE_DOWN,) * 2
    assert sorted(visibility.table_view(race.state, "Green")["Green"].table) == ["R04", "R13"]
    assert visibility.face_down_of(race.state, "Orange", ["Green", "Blue"]) == {"Green": 2, "Blue": 0}
    # a hand is its owner's alone: Blue sees how many cards Green holds, not which
    green_hand = visibility.table_view(race.state, "Blue")["Green"].hand
    assert green_hand and set(green_hand) == {visibility.IN_HAND}
    assert visibility.table_view(race.state, "Green")["Green"].hand == tuple(race.state.cars["Green"].hand)
    log = visibility.log_view(race, "Blue")
    assert log[3] == SealedEntry("Green") and visibility.log_view(race, "Green")[3] == Bid("Green", ("R04", "R13"))


def test_the_reveal_shows_every_bid_together(ex16: racebook.Race) -> None:
    race = ex16
    assert race.duel is None  # resolved
    for viewer in ("Blue", "Green", "Orange", TABLE):
        assert visibility.log_view(race, viewer)[3:5] == [Bid("Green", ("R04", "R13")), Bid("Blue", ("R14", "R22"))]
        assert visibility.face_down_of(race.state, viewer, race.state.cars) == dict.fromkeys(race.state.cars, 0)
    assert race.state.face_down == set()


def test_a_second_bid_by_the_same_car_is_refused(ex16: racebook.Race) -> None:
    race = ex16.at(4)
    ctx = race.duel
    assert ctx is not None
    with pytest.raises(IllegalAction, match="Green has already committed"):
        ctx.sealed.commit("Green", ("R01",))
    with pytest.raises(IllegalAction):
        race.apply("Green bid none")  # the race refuses it before the sealed round is asked
    assert ctx.sealed.choice("Green") == ("R04", "R13")


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


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), order_seed=st.integers(0, 1000))
def test_any_bid_order_gives_the_same_duel_and_nothing_shows_early(n: int, seed: int, order_seed: int) -> None:
    """§12.1–§12.2 through the sealed round: the same bids in any order resolve the same duel; until the reveal
    no other car (nor the table) sees a face-down card, and the log shows another car's bid sealed."""
    rnd = random.Random(seed)
    race = _duel_race(n, rnd)
    cars = list(race.state.cars_in("C"))
    race.apply(f"{cars[-1]} challenge")
    while race.current_car and any(a.verb == "join" for a in race.legal_actions()):
        race.apply(f"{race.current_car} join")
    assert race.duel is not None
    bidders = list(race.duel.to_bid)
    assert sorted(bidders) == sorted(cars)  # everyone joined: n sealed bids
    bids = {b: rnd.choice([a for a in race.legal_actions() if isinstance(a, Bid) and a.car == b and a.cards])
            for b in bidders}
    results = []
    for order in (bidders, random.Random(order_seed).sample(bidders, len(bidders))):
        r = race.clone()
        for k, b in enumerate(order):
            r.apply(bids[b])
            if k + 1 < len(order):  # not yet revealed
                down = r.state.face_down
                assert down == {c for x in order[: k + 1] for c in bids[x].cards}
                for viewer in [*r.state.cars, TABLE]:
                    seen = visibility.table_view(r.state, viewer)
                    for owner, v in seen.items():
                        if owner != viewer:
                            assert not down & set(v.table) and not set(v.hand) - {visibility.IN_HAND}
                    assert visibility.log_view(r, viewer)[-(k + 1):] == [
                        bids[x] if x == viewer else SealedEntry(x) for x in order[: k + 1]]
        results.append((r.state.to_dict(), [e.sentence() for e in r.events[len(race.events):]
                                            if not isinstance(e, ev.CardsFaceDown)]))
    assert results[0] == results[1]
