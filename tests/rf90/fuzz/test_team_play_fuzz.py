"""Whole team races played at random, checked after every action (issue 35 item 1; tests/teamfuzz.py).

Team races from set-up (``racebook.rf90.teams.team_race``: robot teammates with their own refuel chits, human
teams, basic and advanced line-ups) and random mid-race team positions, on Monza, Monaco, Spa and Silverstone, played
to the flag by random legal choices. After every action: each car in exactly one place, the integrity validator,
the state's dict round trip, cards (§23), wear (§2.2) and chips (§14); the race's save loads back every 50 actions
and at the end. Bounded for ``make test``; ``make fuzz`` (RACEBOOK_FUZZ_SCALE=50) runs 50 times as many, and
``.venv/bin/python tests/teamfuzz.py 3000`` measures by hand.
"""

from __future__ import annotations

import pytest
from fuzzing import SCALE
from racefuzz import Tally
from teamfuzz import TEAM_TRACKS, run

FULL_RACES = 1  # whole team races from set-up per track (x RACEBOOK_FUZZ_SCALE)
POSITIONS = 1  # random mid-race team positions per track (x RACEBOOK_FUZZ_SCALE)


@pytest.mark.fuzz
@pytest.mark.parametrize("track", TEAM_TRACKS)
def test_team_races_keep_each_car_in_one_place_and_their_saves_load(track: str) -> None:
    tally = Tally()
    for i in range(FULL_RACES * SCALE):
        run("team_full", 2 * (7919 * i + 11), track, tally)
    for i in range(POSITIONS * SCALE):
        run("team_position", 2 * (6151 * i + 5) + 1, track, tally)
    assert tally.races == tally.finished == (FULL_RACES + POSITIONS) * SCALE
    assert tally.verbs["assist"] > 0 and tally.actions > 100 * tally.races
