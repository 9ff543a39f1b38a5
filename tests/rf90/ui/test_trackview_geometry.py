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


@pytest.mark.parametrize("sid", ["ex31", "ex34", "x1_02"])
def test_the_player_frames_each_step_with_readable_tokens_and_a_whole_circuit_toggle(sid: str) -> None:
    """Issue 33 item 5: the scenario player's bqplot view frames each step (only the sections in view are named),
    its car tokens are squares (never the trajectory marks' circles and diamonds) at least 18 px wide, the Leader
    ring lies under the cars, and ▶ comes right after the picture; the checkbox shows the whole circuit."""
    from racebook.rf90.trackpicture import FRAMED_CAR_PX
    from racebook.rf90.ui import colours

    player = ScenarioPlayer(racebook.load_scenario(sid))
    view = player.view
    names = {s.name for s in view.track.sections}
    marks = list(view.figure.marks)
    assert marks.index(view.m_leader) < marks.index(view.m_humans) and marks.index(view.m_teams) < \
        marks.index(view.m_robots)
    assert {view.m_humans.marker, view.m_robots.marker}.isdisjoint({view.m_traj_std.marker, view.m_traj_et.marker})
    assert colours.HUMAN_MARKER == "square"
    children = list(player.widget.children)
    assert children[1] is view.figure and player.stepper.b_next in children[2].children[0].children
    assert player.whole in children[2].children
    for p in range(player.stepper.count + 1):
        player.go(p)
        assert view.picture.framed and view.car_px >= FRAMED_CAR_PX, (sid, p)
        assert view.m_humans.default_size >= FRAMED_CAR_PX ** 2
        shown = set(view.m_section_labels.text)
        assert shown == view.picture.shown and shown < names, (sid, p)
        assert view.figure.layout.height == f"{view.height}px"
        for sec, items in view.frame.order.items():  # the cars where the SVG picture puts them at this scale
            for k, car in enumerate(items):
                if car in view.positions:
                    want = view.layout.slot(sec, k, len(items), view.picture.car_size)
                    assert view.positions[car] == pytest.approx(want), (sid, p, car)
    player.whole.value = True
    assert set(view.m_section_labels.text) == names and not view.picture.framed
    player.whole.value = False
    assert view.picture.framed and set(view.m_section_labels.text) < names


def test_the_quiz_late_braking_and_race_table_views_draw_18_px_tokens_under_no_ring() -> None:
    """Issue 33 item 5: the views that show the whole circuit (the activation quiz, notebook 05's late-braking panel
    and player with its whole-circuit toggle, the race table) draw car tokens at least 18 px wide, letters on
    them, and every ring (the Leader's, a team's) under the cars."""
    from racebook.rf90.trackpicture import FRAMED_CAR_PX
    from racebook.rf90.ui.fullrace import RaceTable
    from racebook.rf90.ui.latebraking import LateBrakingPanel, LateBrakingPlayer
    from racebook.rf90.ui.quiz import ActivationQuiz

    player = LateBrakingPlayer(racebook.load_scenario("ex31").race)
    player.view.set_whole(True)
    table = RaceTable()
    table.start()
    views = {"quiz": ActivationQuiz().view, "late-braking panel": LateBrakingPanel().view,
             "late-braking player, whole circuit": player.view, "race table": table.view}
    for name, view in views.items():
        assert view.car_px >= FRAMED_CAR_PX, (name, view.car_px)
        assert view.m_humans.default_size >= FRAMED_CAR_PX ** 2, name
        marks = view.figure.marks
        assert max(marks.index(view.m_leader), marks.index(view.m_teams)) < \
            min(marks.index(view.m_humans), marks.index(view.m_robots), marks.index(view.m_car_letters)), name
