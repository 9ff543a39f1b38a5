"""Issue 16 (speed): what the engine keeps instead of recomputing stays equal to the value recomputed from scratch.

- the activation sweeps (§11.3), built once per (track, FAS section, split) and shared: after any sequence of legal
  actions the sweep of the position equals the sweep recomputed from the rules' words; ``next_to_play``, which looks
  only at the groups of sections holding a car still to play, names the turn a walk over the whole sweep names;
- ``Track.index_of`` (one dict lookup) equals the section's own ``index`` on every track, and ``Track.trajectory``
  (one dict lookup) finds what a scan of the track's trajectories finds;
- the robot refuel chits read once per version of the file equal a fresh read.
"""

from __future__ import annotations

import random

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.rf90.analysis.simulate import COLOURS, robots_for
from racebook.rf90.game import Race
from racebook.rf90.rules import activation, qualifying
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.state import YELLOW_FLAG, Activation, RaceState
from racebook.rf90.trackfile import available_tracks, load_track

TRACKS = tuple(available_tracks())


def sweep_from_scratch(state: RaceState) -> list[Activation]:
    """§11.3 read literally: backwards around the loop from the FAS; the leader's section split when cars are ahead
    of him there (§11.2 case 3); from the last section with no leader on the track; from where an off-track leader
    lost control (§18.4)."""
    track = state.track
    n = len(track)
    names = [s.name for s in track.sections]
    if state.leader is None or not state.cars[state.leader].on_track:
        return [Activation(names[i]) for i in reversed(range(n))]
    if state.fas_anchor is not None:
        i0 = track.section(state.fas_anchor).index
        return [Activation(names[(i0 - k) % n]) for k in range(n)]
    lead = state.cars[state.leader]
    i0 = track.section(lead.section).index
    lst = state.order[lead.section]
    split = state.leader in lst and any(c != YELLOW_FLAG for c in lst[:lst.index(state.leader)])
    out = [Activation(lead.section, "leader" if split else "whole")]
    out += [Activation(names[(i0 - k) % n]) for k in range(1, n)]
    return out + ([Activation(lead.section, "ahead")] if split else [])


def test_index_of_is_the_sections_index() -> None:
    for tid in TRACKS:
        track = load_track(tid)
        assert [track.index_of(s.name) for s in track.sections] == [s.index for s in track.sections]


def test_trajectory_lookup_finds_what_a_scan_finds() -> None:
    for tid in TRACKS:
        track = load_track(tid)
        for t in track.trajectories:
            assert track.trajectory(t.id) is next(x for x in track.trajectories if x.id == t.id)
        with pytest.raises(KeyError, match="no trajectory"):
            track.trajectory("no-such-trajectory")


@fuzz_settings(12)
@given(track=st.sampled_from(TRACKS), players=st.integers(0, 4), seed=st.integers(0, 2**16), steps=st.integers(1, 120))
def test_sweep_equals_the_sweep_recomputed_after_any_legal_actions(track: str, players: int, seed: int,
                                                                  steps: int) -> None:
    drivers = [Driver(COLOURS[i]) for i in range(players)]
    robots = robots_for(players) if players else robots_for(2)
    race = Race(new_race(load_track(track), drivers, robots, seed=seed).state, frames=False)
    rnd = random.Random(seed)
    for _ in range(steps):
        assert activation.sweep(race.state) == sweep_from_scratch(race.state)
        legal = race.legal_actions()
        if not legal:
            break
        race.apply(rnd.choice(legal))
    assert activation.sweep(race.state) == sweep_from_scratch(race.state)


def test_default_robot_chits_equal_a_fresh_read() -> None:
    assert qualifying._default_chits() == qualifying.load_robot_chits()
    assert qualifying._default_chits() is qualifying._default_chits()  # read once while the file is unchanged


def next_by_full_sweep(state: RaceState) -> activation.Next | None:
    """§11 read as a walk over every group of the sweep (what ``next_to_play`` did before it looked only at the
    sections holding a car still to play)."""
    cars, lead = state.cars, state.leader
    if state.sc is not None or (lead is not None and cars[lead].on_track and not cars[lead].played
                                and cars[lead].off_track is None):
        return activation.next_to_play(state)  # the Safety Car's race order; the leader alone: no sweep walked
    lead_section = cars[lead].section if lead else None
    for act in activation.sweep(state):
        for cid in activation.cars_of(state, act):
            if cars[cid].on_track and not cars[cid].played:
                if act.part == "ahead":
                    return activation.Next(act, cid, "ahead of the leader in his section: played last", "§11.2 case 3")
                if act.section == lead_section:
                    return activation.Next(act, cid, "the leader's section again, now that the leader has played",
                                           "§11.2 case 1")
                return activation.Next(act, cid, "first section behind the FAS with cars still to play", "§11.1")
    return None


@fuzz_settings(12)
@given(track=st.sampled_from(TRACKS), players=st.integers(0, 4), seed=st.integers(0, 2**16), steps=st.integers(1, 150))
def test_next_to_play_equals_a_walk_over_the_whole_sweep(track: str, players: int, seed: int, steps: int) -> None:
    drivers = [Driver(COLOURS[i]) for i in range(players)]
    robots = robots_for(players) if players else robots_for(2)
    race = Race(new_race(load_track(track), drivers, robots, seed=seed).state, frames=False)
    rnd = random.Random(seed)
    for _ in range(steps):
        assert activation.next_to_play(race.state) == next_by_full_sweep(race.state)
        legal = race.legal_actions()
        if not legal:
            break
        race.apply(rnd.choice(legal))
    assert activation.next_to_play(race.state) == next_by_full_sweep(race.state)
