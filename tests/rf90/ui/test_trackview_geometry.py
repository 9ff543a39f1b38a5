"""Issue 17: the bqplot track view draws the same geometry as the SVG renderer (racebook.rf90.trackpicture)."""

from __future__ import annotations

import pytest

pytest.importorskip("bqplot")

import racebook  # noqa: E402
from racebook.rf90.trackfile import load_track  # noqa: E402
from racebook.rf90.trackpicture import TrackPicture, car_letters  # noqa: E402
from racebook.rf90.ui import ScenarioPlayer, TrackView  # noqa: E402


@pytest.mark.parametrize("track_id", ["teaching", "silverstone", "monza"])
def test_the_view_draws_the_pictures_sections_and_labels(track_id: str) -> None:
    track = load_track(track_id)
    view = TrackView(track, width=1280)
    pic = TrackPicture(track, 1280 - 16, None)
    xs, ys = pic.geom.outline(track.sections[0].name)
    assert list(view.m_sections.x[0]) == pytest.approx(xs) and list(view.m_sections.y[0]) == pytest.approx(ys)
    names = [p for kind, p in pic.labels if kind == "section" and p is not None]
    assert list(view.m_section_labels.text) == [p.text for p in names] == [s.name for s in track.sections]
    x, y = pic.view.unit((names[0].x, names[0].y))
    assert (view.m_section_labels.x[0], view.m_section_labels.y[0]) == pytest.approx((x, y))
    assert view.layout.circuit == (track.layout is not None)


def test_markers_carry_letters_and_the_figure_is_built_once() -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex16"))
    view = player.view
    marks, figure = list(view.figure.marks), view.figure
    player.go(len(player.race.frames) - 1)
    letters = car_letters(view.positions)
    assert sorted(view.m_car_letters.text) == sorted(letters[c] for c in view.positions)
    assert view.figure is figure and list(view.figure.marks) == marks
    assert view.car_px >= 14
