"""What each player sees of a duel's face-down bids (§12.1), through racebook.core.visibility: Ex. 16 step by step."""

from __future__ import annotations

import pytest

import racebook
from racebook.core.errors import IllegalAction
from racebook.core.visibility import TABLE, Committed, SealedEntry
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
