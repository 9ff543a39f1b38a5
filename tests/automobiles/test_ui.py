"""The Automobiles widgets without a display (issue 22): the board view draws the picture's numbers and is built
once, the race player steps, the zones, odds and buy panels answer a simulated click, and an error is one line."""

from __future__ import annotations

import pytest

pytest.importorskip("bqplot")

from browser_check import test_automobiles_board_views_in_lab  # noqa: E402, F401  (collected here; skips without chromium)

from racebook.automobiles import zones  # noqa: E402
from racebook.automobiles.actions import Buy, Pass  # noqa: E402
from racebook.automobiles.analysis.odds import at_least  # noqa: E402
from racebook.automobiles.board import load_board  # noqa: E402
from racebook.automobiles.boardgeom import BoardPicture  # noqa: E402
from racebook.automobiles.game import Race, frame_of  # noqa: E402
from racebook.automobiles.scenario import read  # noqa: E402
from racebook.automobiles.setup import new_state  # noqa: E402
from racebook.automobiles.ui import BoardView, BuyPanel, OddsPanel, RacePlayer, ZonesPanel  # noqa: E402


@pytest.mark.parametrize("board_id", ["teaching", "ladder"])
def test_the_view_draws_the_pictures_spaces(board_id: str) -> None:
    board = load_board(board_id)
    view = BoardView(board, width=980)
    pic = BoardPicture(board, 980 - 16, None)
    first = next(iter(board.spaces.values()))
    xs, ys = pic.geom.space_outline(first)
    assert list(view.m_spaces.x[0]) == pytest.approx(xs) and list(view.m_spaces.y[0]) == pytest.approx(ys)
    assert len(view.m_spaces.x) == len(board.spaces)
    shown = list(view.m_labels_dark.text) + list(view.m_labels_light.text)
    assert sorted(shown) == sorted(p.text for p in pic.space_labels)
    assert sorted(p.key for p in pic.space_labels) == sorted(f"space:{s}" for s in board.spaces)
    for p in pic.space_labels:  # the id, or where it does not fit (a corner's inner lane) its number in the lane
        assert p.text in (p.key[6:], p.key[6:].partition(".")[2])


def test_the_player_steps_and_the_figure_is_built_once() -> None:
    player = RacePlayer("auto_drafting")
    view, figure, marks = player.view, player.view.figure, list(player.view.figure.marks)
    assert player.stepper.position == 0 and player.stepper.count > 5
    player.stepper.b_last.click()
    assert player.stepper.position == player.stepper.count
    final = frame_of(player.race.state)
    assert set(view.positions) == set(final.cars)
    pic = view.picture
    for pid, (lane, progress) in final.cars.items():
        assert view.positions[pid] == pytest.approx(pic.geom.segment_point(lane, progress))
    player.stepper.b_prev.click()
    player.stepper.b_first.click()
    assert view.figure is figure and list(view.figure.marks) == marks and player.errors.text == ""
    assert player.zones is not None and set(player.zones.counts) == {"A", "B"}


def test_the_player_shows_cubes_on_the_track_and_a_move() -> None:
    race = read("auto_ex05_burnout").race()
    player = RacePlayer(race, position=None)
    assert player.stepper.position == player.stepper.count
    cubes = sum(len(p.track) for p in race.state.players.values())
    assert len(player.view.m_cubes.x) == cubes > 0
    r = read("auto_drafting").race(play=False)
    move = next(a for a in r.legal_actions() if getattr(a, "spaces", ()))
    view = BoardView(r.state.board)
    view.show_state(r.state, move.spaces)
    xs = view.picture.geom.space_outline(r.state.board.space_of(move.spaces[-1]))[0]
    assert view.move == move.spaces and list(view.m_move.x).count(xs[0]) >= 1
    assert len(view.m_route.x) == len(move.spaces) + 1


def test_stepping_onto_a_cube_placed_outlines_its_move() -> None:
    player = RacePlayer("auto_ex05_burnout", position=0)
    placed = next(i for i, e in enumerate(player.stepper.events, 1) if e.kind == "CubePlaced")
    player.go(placed)
    assert player.view.move == player.stepper.event.spaces == ("3.4", "3.5")
    player.stepper.b_first.click()
    assert player.view.move == ()


def test_the_zones_panel_counts_every_zone() -> None:
    race = read("auto_ex05_burnout").race()
    panel = ZonesPanel(race.state)
    for p in race.state.players.values():
        z = p.zones()
        assert panel.counts[p.id] == {"bag": zones.size(z["bag"]), "active": zones.size(z["active"]),
                                      "used": zones.size(z["used"]) + zones.size(z["track"]),
                                      "discard": zones.size(z["discard"])}
    assert "Discard" in panel.html.value


def test_the_odds_panel_answers_from_the_exact_odds() -> None:
    state = new_state(3, seed=2)
    panel = OddsPanel(state, "A", colour="W", k=2, n=7)
    p = state.players["A"]
    assert panel.chance == at_least(p.bag, p.discard, "W", 2, 7)
    panel.w_k.value = 5  # a simulated slider move
    assert panel.chance == at_least(p.bag, p.discard, "W", 5, 7)
    assert f"{float(panel.chance) * 100:.1f}%" in panel.answer.value
    assert len(panel.bars.y) == 8 and sum(panel.bars.y) == pytest.approx(1.0)
    assert panel.errors.text == ""


def test_the_buy_panel_offers_the_legal_buys_and_applies_one() -> None:
    race = Race(new_state(2, seed=5))
    panel = BuyPanel(race)
    legal = race.legal_actions()
    assert panel.actions == [a for a in legal if isinstance(a, Buy)] + [a for a in legal if isinstance(a, Pass)]
    heard = []
    panel.on_apply(lambda a, ev: heard.append(a))
    before = race.state.turn.money
    first = panel.actions[0]
    panel.buttons.children[0].click()
    assert heard == [first] and race.state.turn.money == before - race.state.comps.cost(first.cube)
    assert "buys" in panel.last.value and panel.errors.text == ""


def test_a_stale_button_shows_one_friendly_line() -> None:
    race = Race(new_state(2, seed=5))
    panel = BuyPanel(race)
    stale = panel.buttons.children[-1]  # "done (pass)" for the current player
    race.apply(panel.actions[-1])  # the race moved on behind the panel's back
    stale.click()
    text = panel.errors.text
    # a user's mistake (an IllegalAction): one line, the engine's own message, what is legal now, no traceback
    assert text.count("\n") == 1 and text.startswith("✗") and "Traceback" not in text
    assert "(got B pass)" in text and "legal now: A buy" in text


def test_the_experiment_panel_replays_races_live_and_redraws_its_charts() -> None:
    """A3's panel: the shipped run is drawn at once; ▶ Run replays the first races from their seeds (the progress bar
    counts them), finds the shipped finishing orders, and redraws the same charts from the live races."""
    from racebook.automobiles.analysis import purchases
    from racebook.automobiles.ui.experiments import ExperimentPanel

    panel = ExperimentPanel("fallbacks", races=2)
    assert "computed in advance" in panel.status.value and "python" not in panel.status.value  # issue 34 item 7
    place = panel.charts.children[0].children[1].marks[0]
    assert list(place.y) == [r.mean_place for r in purchases.summarise(panel.shipped)]
    panel.button.click()
    want = purchases.summarise(panel.shipped[:2])
    assert panel.progress.value == panel.progress.max == 2
    assert list(place.y) == [r.mean_place for r in want]
    assert "same finishing orders as the shipped run: yes" in panel.status.value
    assert panel.errors.output.outputs == ()


def test_the_experiment_panel_without_bqplot_draws_svg_and_redraws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A3 offline (issue 34 item 4): the three charts are SVG (racebook.ui.svgchart); the place bars' heights follow
    the shipped run, then the live replay."""
    import sys
    import xml.etree.ElementTree as ET

    from racebook.automobiles.analysis import purchases
    from racebook.automobiles.ui.experiments import ExperimentPanel

    def heights(svg: str) -> list[float]:
        ns = "{http://www.w3.org/2000/svg}"
        return [float(r.get("height", "0")) for r in ET.fromstring(svg).iter(f"{ns}rect")
                if r.find(f"{ns}title") is not None]

    monkeypatch.setitem(sys.modules, "bqplot", None)
    panel = ExperimentPanel("fallbacks", races=2)
    (win, place), (owned,) = panel.charts.children[0].children, panel.charts.children[1:]
    assert all(w.value.startswith("<svg") for w in (win, place, owned))
    shipped = [r.mean_place for r in purchases.summarise(panel.shipped)]
    drawn = heights(place.value)
    assert len(drawn) == len(shipped) and all(
        a * shipped[0] == pytest.approx(b * drawn[0], abs=0.2) for a, b in zip(drawn, shipped, strict=True))
    panel.button.click()
    live = [r.mean_place for r in purchases.summarise(panel.shipped[:2])]
    drawn = heights(place.value)
    assert all(a * live[0] == pytest.approx(b * drawn[0], abs=0.2) for a, b in zip(drawn, live, strict=True))
    assert "same finishing orders as the shipped run: yes" in panel.status.value
    assert "white" in owned.value and panel.errors.output.outputs == ()


def test_the_players_board_frames_each_step_and_the_checkbox_shows_the_whole_board() -> None:
    """Issue 33 item 5: the bqplot board frames the step (its scales are the framed picture's bounds, the cars of
    the step inside them, tokens of 18 px or more); the "whole circuit" checkbox shows the whole board and back."""
    player = RacePlayer("auto_drafting")
    view = player.view
    assert view.framed and player.whole is not None
    player.stepper.b_last.click()
    pic = view.picture
    assert pic.framed and pic.car_px >= 18
    bounds = (view.sx.min, view.sx.max, view.sy.min, view.sy.max)
    assert bounds == pytest.approx((pic.view.x0, pic.view.x1, pic.view.y0, pic.view.y1))
    turn = frame_of(player.race.state).turn or next(iter(view.positions))
    x, y = view.positions[turn]
    assert bounds[0] < x < bounds[1] and bounds[2] < y < bounds[3]
    player.whole.value = True
    whole = view.whole_picture.view
    assert view.picture is view.whole_picture
    assert (view.sx.min, view.sx.max) == pytest.approx((whole.x0, whole.x1))
    player.whole.value = False
    assert view.picture.framed and player.errors.text == ""
    assert RacePlayer("auto_drafting", framed=False).whole is None  # an unframed board: no toggle that does nothing
