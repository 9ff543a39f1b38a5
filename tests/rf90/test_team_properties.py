"""Property tests with teams in play (Expansion #1 §5): random legal games where robots are robot teammates and
humans team up (conftest.random_team_setup), on the teaching track and the four tracks the expansion is played on
(Monza, Monaco, Spa, Silverstone). After every action: no legal action raises (assistance cards included), cards
are conserved, each car is in exactly one place (tests/teamfuzz.py ``places``), the state passes the integrity
validator, every legal action round-trips through its text, and the race's save reloads exactly. Whole team races
from set-up (robot teammates with their own chits) are played to the flag by tests/rf90/fuzz/test_team_play_fuzz.py."""

from __future__ import annotations

import random
from itertools import chain

from conftest import random_team_setup
from hypothesis import given, settings
from ledger import all_cards
from teamfuzz import TEAM_TRACKS, places
from test_properties import SEEDS, SETTINGS, play, where

from racebook.rf90.actiontext import parse
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems
from racebook.rf90.scenario import build
from racebook.rf90.teamactions import Assist, NoAssist
from racebook.rf90.trackfile import load_track

TRACKS = ("teaching", *TEAM_TRACKS)


def _race(rnd: random.Random) -> Race:
    return build(random_team_setup(rnd, load_track(TRACKS[rnd.randrange(len(TRACKS))])))


@SETTINGS
@given(seed=SEEDS)
def test_with_teams_no_legal_action_raises_and_cards_are_conserved(seed: int) -> None:
    """§6.1 / §23 with teams: an assistance card goes from a hand to its discard pile, none appears or vanishes;
    applying any legal action never raises; each car is in exactly one place (an order list while it races on
    the track, none off the track, retired or out of fuel: issue 35)."""
    rnd = random.Random(seed)
    race = _race(rnd)
    total = len(all_cards(race.state))
    for action, _ in chain([(None, [])], play(race, rnd)):
        assert race.state.card_count() == total, where(race, action)
        assert places(race.state) == [], where(race, action)
        assert problems(race.state) == [], where(race, action)


@SETTINGS
@given(seed=SEEDS)
def test_with_teams_every_legal_action_round_trips_and_assistance_is_offered(seed: int) -> None:
    rnd = random.Random(seed)
    race = _race(rnd)
    for _ in range(120):
        legal = race.legal_actions()
        if not legal:
            return
        for a in legal:
            assert parse(str(a)) == a, a
        if any(isinstance(a, Assist | NoAssist) for a in legal):
            helpers = {a.car for a in legal}
            assert len(helpers) == 1 and race.current_car in helpers, where(race)
        race.apply(rnd.choice(legal))


@settings(SETTINGS, max_examples=6)
@given(seed=SEEDS)
def test_with_teams_a_save_reloads_exactly(seed: int) -> None:
    """After every action of a team game, the race's own save (which replays every action and validates the state
    it reaches) loads back to the same state and position."""
    rnd = random.Random(seed)
    race = _race(rnd)
    for action, _ in play(race, rnd, steps=45):
        again = Race.from_json(race.to_json(), frames=False)
        assert again.state.to_dict() == race.state.to_dict(), where(race, action)
        assert again.position() == race.position()


def test_the_random_team_games_do_reach_assistance_windows() -> None:
    """The property tests above are not vacuous: over a few games, assistance windows open and cards are used."""
    used = offered = 0
    for seed in range(12):
        rnd = random.Random(seed)
        race = _race(rnd)
        for _ in range(150):
            legal = race.legal_actions()
            if not legal:
                break
            offered += any(isinstance(a, NoAssist) for a in legal)
            action = rnd.choice(legal)
            used += isinstance(action, Assist)
            race.apply(action)
    assert offered > 0 and used > 0
