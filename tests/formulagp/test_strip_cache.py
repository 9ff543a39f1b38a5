"""A framed stretch's layout (:func:`racebook.formulagp.views.layout.strip`) is built once and reused, as the whole
circuit's is (issue 36: an F2/F3 stepper click rebuilt the same stretch's geometry, 120+ ms, at every step): the same
stretch is the same object, another stretch or another track is another, and the pictures are unchanged."""

from __future__ import annotations

from racebook.formulagp import scenario
from racebook.formulagp.picture import race_svg
from racebook.formulagp.track import TRACKS, load_track, load_track_file
from racebook.formulagp.views import layout as lay


def test_the_same_stretch_is_built_once() -> None:
    track = load_track("teaching")
    a = lay.strip(track, [5, 6, 7])
    assert lay.strip(track, [5, 6, 7]) is a
    assert lay.strip(track, [6, 7, 8]) is not a
    other = load_track_file(TRACKS / "teaching.toml")  # another Track object: its own layouts
    assert lay.strip(other, [5, 6, 7]) is not a


def test_the_cache_is_bounded() -> None:
    track = load_track("teaching")
    for first in range(lay.STRIPS_KEPT + 10):
        lay.strip(track, [first % len(track.tiles)])
    assert len(lay._STRIPS) <= lay.STRIPS_KEPT


def test_pictures_are_the_same_built_or_reused() -> None:
    for sid in ("fgp_ex14", "fgp_ex19"):
        race = scenario.read(sid).race()
        for i in range(len(race.steps)):
            r = race.at(i)
            reused = race_svg(r)
            lay._STRIPS.clear()
            assert race_svg(r) == reused, (sid, i)
