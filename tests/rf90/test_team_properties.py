"""Property tests with teams in play (Expansion #1 §5): random legal games where robots are robot teammates and
humans team up (conftest.random_team_setup). No legal action raises (assistance cards included), cards are
conserved, every reached state passes the integrity validator, every legal action round-trips through its text,
and a save reloads exactly."""

from __future__ import annotations

import random
from itertools import chain

from conftest import random_team_setup
from hypothesis import given, settings
from ledger import all_cards
from test_properties import SEEDS, SETTINGS, play, where

from racebook.rf90.actions import parse
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems
from racebook.rf90.scenario import build
from racebook.rf90.teamactions import Assist, NoAssist


def _race(rnd: random.Random) -> Race:
    return build(random_team_setup(rnd))


@SETTINGS
@given(seed=SEEDS)
def test_with_teams_no_legal_action_raises_and_cards_are_conserved(seed: int) -> None:
    """§6.1 / §23 with teams: an assistance card goes from a hand to its discard pile, none appears or vanishes;
    applying any legal action never raises."""
    rnd = random.Random(seed)
    race = _race(rnd)
    total = len(all_cards(race.state))
    for action, _ in chain([(None, [])], play(race, rnd)):
        assert race.state.card_count() == total, where(race, action)
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


@settings(SETTINGS, max_examples=8)
@given(seed=SEEDS)
def test_with_teams_a_save_reloads_exactly(seed: int) -> None:
    rnd = random.Random(seed)
    race = _race(rnd)
    for i, _ in enumerate(play(race, rnd, steps=60)):
        if i % 15 == 14:
            again = Race.from_json(race.to_json(), frames=False)
            assert again.state.to_dict() == race.state.to_dict(), where(race)
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
