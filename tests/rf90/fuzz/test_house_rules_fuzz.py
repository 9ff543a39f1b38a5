"""Fuzz: random legal games under every combination of the house-rule switches (racebook.rf90.options.Rules).

The three switches of issue 13 (lone_challenger_bids, duel_modifier_spares_group_front, leader_token_same_lap)
change who leads, who lays duel cards and who is spared a modifier; whatever the combination, a game of random
legal actions must raise nothing, keep every card in exactly one place (§6.1, §23), conserve the wear tokens
(§2.2), and replay identically from its saved actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.rf90.game import Race
from racebook.rf90.options import IntermediateRow
from racebook.rf90.scenario import build

try:
    from fuzzing import fuzz_settings
except ImportError:  # pragma: no cover - run from another rootdir
    from tests.fuzzing import fuzz_settings

STEPS = 120
RULES = st.fixed_dictionaries({
    "intermediate_row": st.sampled_from([r.value for r in IntermediateRow]),
    "trajectories_at_start": st.booleans(),
    "last_turn_easy_passing": st.booleans(),
    "lucky_discard_mandatory": st.booleans(),
    "lone_challenger_bids": st.booleans(),
    "duel_modifier_spares_group_front": st.booleans(),
    "leader_token_same_lap": st.booleans(),
})


def _located(race: Race) -> list[str]:
    s = race.state
    out: list[str] = []
    for deck in (s.race_deck, s.track_deck):
        out += deck.pile + deck.discards
    for car in s.cars.values():
        out += car.hand + car.frozen + car.table + ([car.target] if car.target else [])
    return out


@pytest.mark.fuzz
@fuzz_settings(12)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rules=RULES)
def test_random_games_under_any_house_rules_keep_the_books(random_race_setup: Callable[[random.Random],
                                                                                       dict[str, Any]],
                                                           seed: int, rules: dict[str, Any]) -> None:
    rnd = random.Random(seed)
    raw = random_race_setup(rnd)
    raw["rules"] = rules
    race = build(raw)
    cards = set(race.state.cards.codes()) | set(race.state.track_cards.codes())
    wear = race.state.wear_count()
    for _ in range(STEPS):
        legal = race.legal_actions()
        if not legal:
            break
        action = rnd.choice(legal)
        race.apply(action)
        seen = Counter(_located(race))
        assert not [c for c, n in seen.items() if n > 1], (seed, rules, str(action), race.position())
        assert set(race.state.card_locations()) == cards, (seed, rules, str(action))
        assert race.state.wear_count() == wear, (seed, rules, str(action))
    again = Race.from_json(race.to_json())
    assert again.position() == race.position() and again.state.rules == race.state.rules
