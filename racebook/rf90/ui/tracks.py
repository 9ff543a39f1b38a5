"""The track pickers' choices: every track file on the search path that has what a widget needs.

No widget keeps a list of track ids: a new ``tracks/rf90/<id>.toml`` (or one in ``$RACEBOOK_TRACKS``) shows up in
every picker whose ``needs`` it meets. ``needs`` looks at the track's data (its trajectories, its LB symbols, the
room on its grid), never at its id or name.
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.errors import TrackDataError
from racebook.rf90.track import Track
from racebook.rf90.trackfile import available_tracks, load_track

Needs = Callable[[Track], bool]


def pickable_tracks(needs: Needs | None = None) -> list[Track]:
    """The tracks of :func:`~racebook.rf90.trackfile.available_tracks` (sorted by id) that meet ``needs``.

    A file that does not load is left out of the pickers (``racebook tracks --check FILE`` says why).
    """
    out: list[Track] = []
    for tid in available_tracks():
        try:
            track = load_track(tid)
        except TrackDataError:
            continue
        if needs is None or needs(track):
            out.append(track)
    return out


def track_options(needs: Needs | None = None) -> list[tuple[str, str]]:
    """``(name, id)`` pairs for a picker: the track file's ``name`` is the label."""
    return [(t.name, t.id) for t in pickable_tracks(needs)]


def track_ids(needs: Needs | None = None) -> list[str]:
    """The ids alone, for a picker that shows ids."""
    return [t.id for t in pickable_tracks(needs)]


# What the widgets need, as data.
def has_trajectories(track: Track) -> bool:
    """Trajectories to choose from (§13.B)."""
    return bool(track.trajectories)


def has_late_braking(track: Track) -> bool:
    """At least one braking zone with the LB symbol (§13.F.1)."""
    return any(s.lb_modifier is not None for s in track.sections)


def has_corners(track: Track) -> bool:
    """Corners with a duel modifier, where duels happen (§12)."""
    return bool(track.corners)


def has_turn_indicator(track: Track) -> bool:
    """A Turn Indicator to plan refuelling on (§8, §10)."""
    return bool(track.turns.spaces)


def has_weather_table(track: Track) -> bool:
    """A weather table to read (§9)."""
    return bool(track.weather.spaces)


def grid_spaces(track: Track) -> int:
    """How many cars the starting grid holds (§7.2)."""
    return sum(slot.cars for slot in track.grid)
