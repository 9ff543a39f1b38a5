"""No legal action ever raises (issue 14): many seeded random races, checked after every action (tests/racefuzz.py).

Random mid-race positions and whole races from set-up, on every shipped track, with random choices among all legal
actions; after every action the cards, wear tokens and chips balance and ``legal_actions()`` is not empty while the
race is unfinished. Bounded for ``make test``; ``make fuzz`` (RACEBOOK_FUZZ_SCALE=50) runs 50 times as many, and
``.venv/bin/python tests/racefuzz.py 3000`` hunts by hand.
"""

from __future__ import annotations

import pytest
from fuzzing import SCALE
from racefuzz import TRACKS, Tally, run

POSITIONS = 14  # random mid-race positions per track (x RACEBOOK_FUZZ_SCALE), played to the end
TRAJECTORIES = 8  # random positions with cars on (extreme) trajectories and Discard-Power cards, per track
FULL_RACES = 4  # whole races from set-up per track (x RACEBOOK_FUZZ_SCALE)


@pytest.mark.fuzz
@pytest.mark.parametrize("track", TRACKS)
def test_no_legal_action_raises_from_random_positions(track: str) -> None:
    """Random positions (conftest.random_setup) played to the end by random legal choices: no legal action
    raises, nothing is created or lost (§23, §2.2, §14), a decision is always offered until the race is over."""
    tally = Tally()
    for i in range(POSITIONS * SCALE):
        run("position", 7919 * i + 17, track, tally, texts=i % 4 == 0)
    assert tally.races == POSITIONS * SCALE and tally.actions > 50 * tally.races
    assert tally.verbs["play"] > 0 and tally.verbs["pay"] > 0


@pytest.mark.fuzz
@pytest.mark.parametrize("track", TRACKS)
def test_no_legal_action_raises_with_trajectories_and_discard_powers(track: str) -> None:
    """Random positions with most humans on trajectories (Extreme ones first, §13.D, §18.2) holding Discard-Power
    Track Cards (§19.3), played by a driver that declares trajectories and ETs when it can."""
    tally = Tally()
    for i in range(TRAJECTORIES * SCALE):
        run("trajectory", 6151 * i + 29, track, tally, texts=i % 4 == 0)
    assert tally.verbs["play trajectory"] > 0


@pytest.mark.fuzz
@pytest.mark.parametrize("track", TRACKS)
def test_no_legal_action_raises_in_whole_races_from_set_up(track: str) -> None:
    """Whole races from set-up (§6–§9: random drivers, skills, strategies, tyres, robots, house rules) played to
    the flag by random legal choices, with the same checks after every action."""
    tally = Tally()
    for i in range(FULL_RACES * SCALE):
        run("full", 104729 * i + 3, track, tally, texts=i % 2 == 0)
    assert tally.finished == tally.races == FULL_RACES * SCALE  # every race reaches §25


def test_et_discard_power_regression_survives_random_play(make_race) -> None:  # type: ignore[no-untyped-def]
    """Issue 14 bug 1's position (a car on an ET with T04 declared for its Discard Power) played on at random from
    every payment the engine offers: none raises."""
    from racefuzz import play

    for seed in range(12):
        race = make_race("teaching turn=5 lap=2 | D: Blue*@D.et1 | B: Red | A: Slow1",
                         {"Blue": {"hand": ["R60", "T04", "R10", "R29"], "target": "R88", "chips": 1},
                          "Red": {"hand": ["R20", "R30", "R11"], "target": "R40", "chips": 5},
                          "Slow1": {"kind": "robot", "robot": "slow"}}, deck=["R95"], seed=seed)
        race.apply("Blue start")
        race.apply("Blue play R60 +traj et=T04")
        play(race, seed, f"ET regression seed {seed}", kind="trajectory")
        assert race.is_over
