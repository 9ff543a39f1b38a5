"""racebook.core.geometry: the game-agnostic track geometry and label placer (issue 17)."""

from __future__ import annotations

import math

import pytest

from racebook.core.geometry import (
    CentreLine,
    LabelRequest,
    TrackGeometry,
    Viewport,
    box_at,
    inside,
    overlaps,
    place_labels,
    rounded_rect,
    self_overlap,
    signed_area,
    smooth,
    superellipse,
)

SQUARE_CW = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)]  # y up: up, right, down = clockwise


def _close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.dist(a, b) < tol


def test_centre_line_length_and_arc_length_lookup() -> None:
    line = CentreLine(SQUARE_CW + [SQUARE_CW[0]])  # a repeated first point closes the loop, nothing more
    assert len(line.pts) == 4 and line.length == pytest.approx(4.0)
    assert _close(line.raw(0.0), (0.0, 0.0)) and _close(line.raw(0.125), (0.0, 0.5))
    assert _close(line.raw(0.5), (1.0, 1.0)) and _close(line.raw(1.125), (0.0, 0.5))  # wraps


@pytest.mark.parametrize("pts", [SQUARE_CW, SQUARE_CW[::-1]])
def test_the_outward_normal_points_away_from_the_loop_whichever_way_it_runs(pts: list) -> None:
    line = CentreLine(pts)
    for u in (0.05, 0.3, 0.55, 0.8):
        (x, y), (nx, ny) = line.raw(u), line.normal(u)
        assert (x - 0.5) * nx + (y - 0.5) * ny > 0  # from the centre of the square outwards


def test_too_few_points_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        CentreLine([(0.0, 0.0), (1.0, 0.0)])


def test_schematic_loops_are_clockwise_and_the_right_size() -> None:
    for pts in (rounded_rect(2.0, 1.0, 0.3, 400), superellipse(2.0, 1.0, 4.0, 400)):
        assert signed_area(pts) < 0  # clockwise, y up
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        assert max(xs) == pytest.approx(1.0, abs=0.01) and max(ys) == pytest.approx(0.5, abs=0.01)


def test_smoothing_keeps_a_loop_closed_and_inside_its_polygon() -> None:
    pts = smooth(SQUARE_CW, 3)
    assert len(pts) == 4 * 2 ** 3
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pts)


def _geom(lanes: tuple = ((0.0,), (0.5, -0.5))) -> TrackGeometry:
    spans = [("A", 0.0, 0.25), ("B", 0.25, 0.5), ("C", 0.5, 0.75), ("D", 0.75, 1.0)]
    return TrackGeometry(CentreLine(SQUARE_CW), spans, half_band=0.1, gap=0.0, lanes=lanes)


def test_spans_points_and_outlines() -> None:
    g = _geom()
    assert g.names == ("A", "B", "C", "D") and g.length("A") == pytest.approx(1.0)
    assert _close(g.at("A", 0.5), (0.0, 0.5)) and _close(g.at("A", 0.5, 1.0), (-0.1, 0.5))  # outer = left here
    xs, ys = g.outline("B", samples=8)
    assert len(xs) == 2 * 8 + 1 and (xs[0], ys[0]) == (xs[-1], ys[-1])
    assert all(-0.11 <= y <= 1.11 for y in ys)


def test_slots_keep_race_order_front_to_back_and_use_the_lanes() -> None:
    g = _geom()
    front, back = g.slot("A", 0, 2, 0.01), g.slot("A", 1, 2, 0.01)
    assert front[1] > back[1]  # span A runs up: the front car is higher
    crowded = [g.slot("A", k, 12, 0.2) for k in range(12)]
    assert len({round(p[0], 6) for p in crowded}) == 2  # two lanes across the band
    assert _close(g.lane_point("A", 0.5, 0, 2), (0.05, 0.5)) and _close(g.lane_point("A", 0.5, 1, 2), (-0.05, 0.5))


def test_chevrons_and_finish_line() -> None:
    g = _geom()
    tip = g.chevron("B", 0.0, 0.1)[1]
    assert tip[0] > g.at("B", 0.0)[0]  # span B runs right: the tip points ahead
    (x0, x1), (y0, y1) = g.finish_line()  # across the band where span A begins
    assert _close(((x0 + x1) / 2, (y0 + y1) / 2), g.point(0.0)) and math.dist((x0, y0), (x1, y1)) == pytest.approx(0.25)


def test_viewport_round_trip_and_y_down() -> None:
    v = Viewport.fit((-1.0, 1.0, -0.5, 0.5), 1280, 720)
    assert v.scale == pytest.approx(640.0)
    top, bottom = v.px((0.0, 0.5)), v.px((0.0, -0.5))
    assert top[1] < bottom[1] and top[0] == pytest.approx(640.0)
    assert _close(v.unit(v.px((0.3, -0.2))), (0.3, -0.2))


def test_self_overlap_finds_parts_closer_than_the_band() -> None:
    hairpin = [(0.0, 0.0), (10.0, 0.0), (10.0, 0.3), (0.0, 0.3)]
    assert self_overlap(CentreLine(hairpin), 0.5) is not None
    assert self_overlap(CentreLine(hairpin), 0.2) is None


def test_labels_never_overlap_each_other_nor_obstacles_and_stay_inside() -> None:
    area = (0.0, 0.0, 400.0, 300.0)
    obstacles = [(100.0, 100.0, 140.0, 140.0), (195.0, 145.0, 205.0, 155.0)]
    reqs = [LabelRequest(f"k{i}", f"label {i}", 16, (200.0, 150.0), (1.0, 0.0)) for i in range(20)]
    placed = place_labels(reqs, obstacles, area)
    boxes = [p.box for p in placed if p is not None]
    assert len(boxes) == 20
    assert all(inside(b, area) and not any(overlaps(b, o) for o in obstacles) for b in boxes)
    assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert placed[0] is not None and not placed[0].displaced  # the first one gets its preferred spot


def test_a_label_with_no_room_is_left_out_rather_than_overlapping() -> None:
    area = (0.0, 0.0, 100.0, 30.0)  # room for one "label" (54 × 19 px), not two
    placed = place_labels([LabelRequest("a", "label", 16, (50, 5), (0, 1))] * 3, [], area)
    assert placed[0] is not None and placed[1] is None and placed[2] is None
    assert box_at(50, 15, "x", 10)[0] < 50


def test_huge_coordinates_never_make_the_sampler_hang() -> None:
    """Issue 35 item 8: a coordinate of 1e19 made ``samples`` (and the overlap check built on it) take length / step
    points: billions. The sampler is bounded whatever the numbers; the loaders refuse such drawings anyway."""
    import time

    from racebook.core.geometry import MAX_SAMPLES, CentreLine, self_overlap
    t = time.process_time()
    line = CentreLine([(0.0, 0.0), (0.0, 1.0), (1e19, 1.0), (1.0, 0.0)])
    assert len(line.samples(0.02)) == MAX_SAMPLES and len(line.samples(0.0)) == MAX_SAMPLES
    self_overlap(line, 0.06)
    assert time.process_time() - t < 10
