"""Which sections RF90's track view frames: those of the current step, with their neighbours (issue 33 item 5).

A step is one event and the position right after it (a :class:`racebook.rf90.frame.Frame`). Its sections are read
from the frames and the event's fields, never from its sentence: the section of the event's car before and after,
a section the event names (``section``, e.g. SectionActivated), the active (sub)section, and every section whose
cars changed between the position before and the position after (a pass, a car that went off or came back). With no
event (the start position) the sections of every car. :func:`framed_sections` adds the neighbours
(:func:`racebook.core.framing.run`); :func:`view_bounds` turns them into the bounds a picture fits
(:func:`racebook.core.framing.frame_bounds`), at a scale where the band holds the car tokens. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from racebook.core import framing
from racebook.core.framing import Bounds
from racebook.rf90 import trackpicture as tp
from racebook.rf90.state import YELLOW_FLAG
from racebook.rf90.trackgeom import layout_for

MARGIN = 1  # neighbours shown before and after the step's sections
LEAST = 4  # the fewest sections a frame shows
MOST = 11  # a step spread over more sections: the event's car and its neighbours instead
FRAMED_CAR_MAX = 26.0  # a framed view's car tokens at most this wide, displayed
ROOM = 2.6  # half-bands of room beside the band for the labels (section names inside, corner names outside)


def where_cars(frame: Any) -> dict[str, str]:
    """car -> the section it is in (or beside, off track) in ``frame``."""
    out = {c: sec for sec, items in getattr(frame, "order", {}).items() for c in items if c != YELLOW_FLAG}
    for car, sec in (getattr(frame, "off_track", {}) or {}).items():
        out.setdefault(car, sec)
    return out


def step_sections(track: Any, frame: Any, event: Any = None, before: Any = None) -> tuple[list[str], list[str]]:
    """(the sections of the step, the home sections: the event's car's and the active one, else the leader's), in
    race order."""
    names = {s.name for s in track.sections}
    now = where_cars(frame) if frame is not None else {}
    was = where_cars(before) if before is not None else {}
    home: set[str] = set()
    car = getattr(event, "car_id", None) if event is not None else None
    for where in (now, was):
        if car and car in where:
            home.add(where[car])
    section = getattr(event, "section", None) if event is not None else None
    if isinstance(section, str):
        home.add(section)
    active = getattr(frame, "activation", None) if frame is not None else None
    if active is not None:
        home.add(active.section)
    wanted = set(home)
    if before is not None:
        for c in set(now) | set(was):
            if now.get(c) != was.get(c):
                wanted |= {s for s in (now.get(c), was.get(c)) if s}
        wanted |= {s for s in set(getattr(frame, "order", {})) | set(getattr(before, "order", {}))
                   if tuple(getattr(frame, "order", {}).get(s, ())) != tuple(getattr(before, "order", {}).get(s, ()))}
    if not wanted:
        wanted = set(now.values())
    if not home:  # nothing names a car or a section: the leader's (else the front car's) stays in view
        lead = getattr(frame, "leader", None) if frame is not None else None
        order = [s.name for s in track.sections]
        first = next((now[c] for c in (lead,) if c in now), None) or next(
            (s for s in reversed(order) if s in set(now.values())), None)
        if first is not None:
            home.add(first)
            wanted.add(first)
    order = [s.name for s in track.sections]
    return ([s for s in order if s in wanted and s in names], [s for s in order if s in home and s in names])


def framed_sections(track: Any, sections: Iterable[str], home: Iterable[str] = ()) -> list[str]:
    """``sections`` with :data:`MARGIN` neighbours each side, at least :data:`LEAST`; wider than :data:`MOST`,
    the ``home`` sections and their neighbours."""
    index = {s.name: i for i, s in enumerate(track.sections)}
    idx = [index[s] for s in sections if s in index]
    if not idx:
        return [s.name for s in track.sections]
    run = framing.run(idx, len(index), margin=MARGIN, least=LEAST, most=MOST,
                      home=[index[s] for s in home if s in index])
    return [track.sections[i].name for i in run]


def view_bounds(geom: Any, sections: Iterable[str], width: float, height: float, *, car_px: float,
                most_px: float, home: Iterable[str] = ()) -> Bounds:
    """The bounds (track units) a ``width`` × ``height`` px picture frames ``sections`` with: their bands and room
    for the labels, at a scale where the band is at least ``car_px`` wide (a car token fits it) and at most
    ``most_px`` wide (a short stretch is not blown up), centred on ``home`` when the stretch is too long."""
    pts: list[tuple[float, float]] = []
    for name in sections:
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            pts += [geom.at(name, t, ROOM), geom.at(name, t, -ROOM)]
    homes = [geom.at(name, 0.5) for name in home]
    centre = (sum(p[0] for p in homes) / len(homes), sum(p[1] for p in homes) / len(homes)) if homes else None
    band = 2 * geom.half_band
    return framing.frame_bounds(framing.bounds_of(pts), width, height, min_scale=car_px / (band * 0.9),
                                max_scale=most_px / band, home=centre)


def focus_of(track: Any, frame: Any, event: Any = None, before: Any = None) -> tuple[list[str], list[str]]:
    """(the framed sections, the home sections) of a step: :func:`step_sections` with their neighbours."""
    wanted, home = step_sections(track, frame, event, before)
    return framed_sections(track, wanted, home), home


def framed_picture(track: Any, width: float, height: float, sections: Iterable[str], home: Iterable[str] = (),
                   display_width: float | None = None, geom: Any = None) -> Any:
    """A :class:`racebook.rf90.trackpicture.TrackPicture` framing ``sections`` (see :func:`focus_of`) at ``width``
    × ``height`` px, its car tokens at least :data:`racebook.rf90.trackpicture.FRAMED_CAR_PX` wide once the
    picture is shown ``display_width`` px wide (default: ``width``); ``geom``: the track's layout when the caller has
    it (:func:`racebook.rf90.trackgeom.layout_for`)."""
    geom = geom if geom is not None else layout_for(track)
    shrink = width / (display_width or width)  # picture px per displayed px
    least = tp.FRAMED_CAR_PX * shrink + 1.0
    most = max(least, FRAMED_CAR_MAX * shrink)
    bounds = view_bounds(geom, list(sections), width, height, car_px=least * 1.05,
                         most_px=tp.FRAMED_BAND_PX * shrink, home=list(home))
    scale = min(width / (bounds[1] - bounds[0]), height / (bounds[3] - bounds[2]))
    car_px = max(least, min(most, geom.half_band * 2 * scale * 0.8))
    return tp.TrackPicture(track, width, height, bounds=bounds, car_px=car_px, geom=geom)
