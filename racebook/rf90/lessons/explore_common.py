"""What the explorations of notebooks 06 and 08 share: the player car of their small states, the step cap, the
player car's driving choice, and the track lookup (an id or a :class:`~racebook.rf90.track.Track`).
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.rf90.actions import BLIND, Action, Discard, LeaderCheck, NoFlag, NoLateBrake, Occupy, Pay, Test, Weather
from racebook.rf90.track import Track
from racebook.rf90.trackfile import load_track

CAR = "Blue"
"""The player car of the small states built here."""

MAX_STEPS = 60


def _track(track: Track | str) -> Track:
    return track if isinstance(track, Track) else load_track(track)


def choose(legal: Sequence[Action]) -> Action:
    """The driver's decision: decline every optional extra, pay with chips first, test with blind draws."""
    for a in legal:
        if isinstance(a, (NoFlag, NoLateBrake)) or (isinstance(a, Weather) and a.step == 0) \
                or (isinstance(a, Occupy) and a.trajectory is None):
            return a
    for a in legal:
        if isinstance(a, (Test, LeaderCheck)) and a.using == BLIND:
            return a
    for a in legal:
        if isinstance(a, (Pay, Discard)):
            return a
    return legal[0]
