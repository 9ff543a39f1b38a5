"""The board's track view (issue 22): the geometry of a loop board, its SVG (valid XML, every space drawn and
labelled, no label overlapping another or covering a car or cube), and ``_repr_svg_`` on the race and the state."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.board import board_ids, load_board
from racebook.automobiles.boardgeom import BoardGeometry, BoardPicture, car_letters
from racebook.automobiles.boardsvg import HEIGHT, LEGEND_PX, WIDTH, position_svg, race_svg, state_svg
from racebook.automobiles.game import Frame, Race, frame_of
from racebook.automobiles.scenario import read, scenario_ids
from racebook.automobiles.setup import new_state
from racebook.core.geometry import marker_box, overlaps

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("width") == str(WIDTH) and root.get("height") == str(HEIGHT)
    return root


def _greedy_frames(board: str, players: int, seed: int, steps: int) -> list[tuple[Race, Frame]]:
    """Positions of a greedy race every few steps, with cubes on the track (mid-turn) among them."""
    race = Race(new_state(players, seed=seed, board=board))
    driver = GreedyDriver()
    out = []
    for i in range(steps):
        if race.is_over:
            break
        race.apply(driver.choose(race, race.legal_actions()))
        if i % 7 == 0 or any(p.track for p in race.state.players.values()) and i % 3 == 0:
            out.append((race.clone(), frame_of(race.state)))
    return out


# ----------------------------------------------------------------- geometry
@pytest.mark.parametrize("board_id", board_ids())
def test_lane_1_is_inside_and_rows_run_clockwise_from_the_finish_line(board_id: str) -> None:
    board = load_board(board_id)
    g = BoardGeometry(board)
    for row in range(0, board.length, 5):
        inner, outer = g.segment_point(1, row), g.segment_point(board.lanes, row)
        assert math.hypot(*inner) < math.hypot(*outer)  # the loop is centred on the origin: lane 1 is nearer
    # clockwise (y up): the signed area of the rows' centres, lane 1, is negative
    pts = [g.segment_point(1, r) for r in range(board.length)]
    area = sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts))) / 2
    assert area < 0
    # progress wraps: a grid slot behind the line is drawn on its row
    slot = board.grid[0]
    assert g.segment_point(slot.lane, board.grid_progress(slot)) == pytest.approx(g.segment_point(slot.lane, slot.row))


def test_a_ribbon_is_a_closed_polygon_of_fixed_length() -> None:
    g = BoardGeometry(load_board("teaching"))
    xs, ys = g.ribbon(0.1, 0.2, -1.0, -0.3, 9)
    assert len(xs) == len(ys) == 19 and (xs[0], ys[0]) == (xs[-1], ys[-1])
    for sp in load_board("teaching").spaces.values():
        assert len(g.space_outline(sp)[0]) == 25  # every space the same length (one bqplot Lines mark)


# ----------------------------------------------------------------- labels
@pytest.mark.parametrize("board_id", board_ids())
def test_every_space_is_labelled_inside_the_picture_and_no_two_labels_overlap(board_id: str) -> None:
    board = load_board(board_id)
    pic = BoardPicture(board, WIDTH, HEIGHT - LEGEND_PX)
    assert sorted(p.text for p in pic.space_labels) == sorted(board.spaces)
    assert min(p.font for p in pic.space_labels) >= 8 and pic.car_px >= 14
    boxes = [p.box for p in pic.space_labels]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[1] >= 0 and a[2] <= WIDTH and a[3] <= HEIGHT - LEGEND_PX
        assert not any(overlaps(a, b) for b in boxes[i + 1:])


def _positions() -> list[tuple[str, object, Frame]]:
    out: list[tuple[str, object, Frame]] = []
    for sid in scenario_ids():
        race = read(sid).race()
        out.append((sid, race, frame_of(race.state)))
    for board in board_ids():
        out += [(f"{board} greedy", r, f) for r, f in _greedy_frames(board, 5, 4, 160)]
    return out


def test_car_labels_never_overlap_a_label_a_car_or_a_cube() -> None:
    pics = {b: BoardPicture(load_board(b), WIDTH, HEIGHT - LEGEND_PX) for b in board_ids()}
    with_cubes = 0
    for name, race, frame in _positions():
        state = race.state  # type: ignore[attr-defined]
        pic = pics[state.board.name]
        marks = pic.marks(frame, state.order)
        labels = pic.car_labels(marks)
        assert all(p is not None for p in labels), name
        assert sorted(p.text for p in labels if p is not None) == sorted(state.players), name
        boxes = [p.box for p in labels if p is not None]
        others = [p.box for p in pic.space_labels] + [marker_box(m.px, m.size) for m in marks]
        for i, a in enumerate(boxes):
            assert not any(overlaps(a, b) for b in boxes[i + 1:]), f"{name}: two car labels overlap"
            assert not any(overlaps(a, b) for b in others), f"{name}: a car label covers a space id, car or cube"
        shown = pic.visible_space_labels(marks)  # a car or cube hides the id of its space, and only that
        assert not any(overlaps(p.box, marker_box(m.px, m.size)) for p in shown for m in marks), name
        assert len(shown) >= len(pic.space_labels) - len(marks), name
        with_cubes += any(m.kind == "cube" for m in marks)
    assert with_cubes >= 5  # the positions include cubes on the track


# ----------------------------------------------------------------- SVG
@pytest.mark.parametrize("board_id", board_ids())
def test_every_board_draws_as_valid_svg(board_id: str) -> None:
    board = load_board(board_id)
    root = _parse(position_svg(board))
    spaces = [p for p in root.iter(SVG + "polygon") if "space" in (p.get("class") or "")]
    assert len(spaces) == len(board.spaces)
    fills = {p.get("data-space"): p.get("fill") for p in spaces}
    assert fills["1.1"] == {"W": "#ffffff", "L": "#c9c9c9", "D": "#6b6b6b", "K": "#1c1c1c"}[board.spaces["1.1"].colour]
    texts = {t.text for t in root.iter(SVG + "text")}
    assert set(board.spaces) <= texts and root.find(f"{SVG}title").text == board.name


@pytest.mark.parametrize("sid", scenario_ids())
def test_every_scenario_final_position_is_valid_svg_with_its_cars_and_cubes(sid: str) -> None:
    race = read(sid).race()
    root = _parse(race._repr_svg_())
    cars = [c for c in root.iter(SVG + "circle") if c.get("class") == "car"]
    assert sorted(c.find(f"{SVG}title").text for c in cars) == sorted(race.state.players)
    cubes = [r for r in root.iter(SVG + "rect") if (r.get("class") or "").startswith("cube")]
    assert len(cubes) == sum(len(p.track) for p in race.state.players.values())
    assert root.find(f"{SVG}title").text == race.position()
    assert ET.fromstring(race.state._repr_svg_()).tag == SVG + "svg"


def test_a_move_is_highlighted_from_the_last_cube_placed() -> None:
    race = read("auto_drafting").race(play=False)
    play = next(a for a in race.legal_actions() if getattr(a, "spaces", ()))
    root = _parse(race_svg(race, str(play)))
    moved = [p for p in root.iter(SVG + "polygon") if p.get("class") == "move"]
    assert len(moved) == len(play.spaces)
    route = [p for p in root.iter(SVG + "polyline") if p.get("class") == "route"]
    assert len(route) == 1 and len(route[0].get("points").split()) == len(play.spaces) + 1
    assert state_svg(race.state, play.spaces, title=race.position()) == race_svg(race, play)


def test_text_is_escaped_and_letters_tell_players_apart() -> None:
    svg = position_svg(load_board("ladder"), None, title='<b>&"x"</b>', info="<i>")
    root = _parse(svg)
    assert root.find(f"{SVG}title").text == '<b>&"x"</b>' and "<i>" in {t.text for t in root.iter(SVG + "text")}
    assert car_letters(["A", "B"]) == {"A": "A", "B": "B"}
    assert car_letters(["Red", "Rose", "Blue"]) == {"Red": "Re", "Rose": "Ro", "Blue": "B"}
