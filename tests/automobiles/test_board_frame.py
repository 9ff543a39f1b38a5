"""Automobiles' board view frames the action (issue 33 item 5): the rows of each step with their neighbours, car
tokens of at least 18 displayed px, a whole-board toggle; the shared arithmetic is racebook.core.framing's."""

from __future__ import annotations

import pytest

from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.board import board_ids, load_board
from racebook.automobiles.boardframe import FRAMED_CAR_PX, focus_of, framed_picture, step_rows
from racebook.automobiles.boardgeom import picture
from racebook.automobiles.boardsvg import position_svg, race_svg
from racebook.automobiles.game import Race, frame_of
from racebook.automobiles.setup import new_state
from racebook.automobiles.ui.svgboard import SvgBoardView
from racebook.core.framing import bring_in, keep_inside


def _steps(board: str, seed: int, count: int = 120) -> list[tuple[object, object, str | None]]:
    """(position before, position after, the car that acted) of a greedy race's first ``count`` actions."""
    race = Race(new_state(4, seed=seed, board=board))
    driver = GreedyDriver()
    out = []
    for _ in range(count):
        if race.is_over:
            break
        before, car = frame_of(race.state), race.current_car
        race.apply(driver.choose(race, race.legal_actions()))
        out.append((before, frame_of(race.state), car))
    return out


@pytest.mark.parametrize("board_id", board_ids())
@pytest.mark.parametrize("width", [470, 980, 1280])
def test_a_framed_picture_shows_every_car_that_moved_and_the_car_to_play(board_id: str, width: int) -> None:
    board = load_board(board_id)
    height = round(width * 686 / 1280)
    geom = picture(board, width, height).geom
    moved = 0
    for before, after, _car in _steps(board_id, 5):
        rows, home = focus_of(board, after, before)
        pic = framed_picture(board, width, height, rows, home, geom=geom)
        assert pic.framed and pic.car_px >= FRAMED_CAR_PX  # tokens readable once shown
        went = {pid for pid, at in after.cars.items() if before.cars[pid] != at}  # type: ignore[attr-defined]
        for pid in went or {after.turn} - {None}:  # type: ignore[attr-defined]
            at = after.cars[pid]  # type: ignore[attr-defined]
            assert pic.shown(pic.px(geom.segment_point(*at)), -pic.car_px / 2), (pid, at, rows)
        moved += len(went)
    assert moved > 10


def test_the_step_rows_are_the_moves_and_the_cubes_of_the_turn() -> None:
    board = load_board("teaching")
    race = Race(new_state(3, seed=2))
    driver = GreedyDriver()
    while not any(p.track for p in race.state.players.values()):
        race.apply(driver.choose(race, race.legal_actions()))
    frame = frame_of(race.state)
    rows, home = step_rows(board, frame, frame)
    placed = [board.space_of(sid) for _, sid in frame.track[frame.turn]]
    assert {sp.end % board.length for sp in placed} <= set(rows) and home
    assert set(home) <= set(rows)


def test_keep_inside_moves_a_frame_into_the_whole_picture() -> None:
    assert keep_inside((-3.0, -1.0, 0.0, 1.0), (-2.0, 2.0, -1.0, 1.0)) == (-2.0, 0.0, 0.0, 1.0)
    assert keep_inside((0.0, 6.0, 0.5, 1.5), (-2.0, 2.0, -1.0, 1.0)) == (-3.0, 3.0, 0.0, 1.0)
    assert bring_in((0.0, 2.0, 0.0, 1.0), (2.5, 3.0, 0.2, 0.4)) == (1.0, 3.0, 0.0, 1.0)
    assert bring_in((0.0, 1.0, 0.0, 1.0), (0.0, 3.0, 0.2, 0.4)) == (1.0, 2.0, 0.0, 1.0)


def test_the_svg_view_frames_each_step_and_the_toggle_shows_the_whole_board() -> None:
    race = Race(new_state(4, seed=4, board="ladder"))
    driver = GreedyDriver()
    for _ in range(30):
        race.apply(driver.choose(race, race.legal_actions()))
    view = SvgBoardView(race.state.board, width=470, order=race.state.order, framed=True)
    view.show(frame_of(race.state), info="x")
    framed = view.widget.value
    assert view.focus is not None and len(view.focus[0]) < race.state.board.length
    assert framed.count('class="space') < len(race.state.board.spaces)  # only what the frame shows
    view.set_whole(True)
    whole = position_svg(race.state.board, frame_of(race.state), order=race.state.order, info="x", width=470,
                         height=view.height)
    assert view.widget.value == whole and whole.count('class="space') == len(race.state.board.spaces)
    view.set_whole(False)
    assert view.widget.value == framed
    assert view.picture_widget is view.widget


def test_race_svg_frames_on_request_and_stays_whole_by_default() -> None:
    race = Race(new_state(3, seed=1))
    assert race_svg(race) == race._repr_svg_() if hasattr(race, "_repr_svg_") else True
    assert race_svg(race, whole=False) != race_svg(race)
