"""racebook.rf90.ui.latebraking and the off-track routes of the track view, headless (§13.F.1, §18, §19.3).

The widgets are built without a browser and their traits inspected; the numbers must be the engine's.
"""

from __future__ import annotations

import math

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")

import racebook  # noqa: E402
from racebook.rf90.analysis import odds  # noqa: E402
from racebook.rf90.game import frame_of  # noqa: E402
from racebook.rf90.ui import TrackView  # noqa: E402
from racebook.rf90.ui.latebraking import (  # noqa: E402
    LateBrakingPanel,
    LateBrakingPlayer,
    describe_route,
    route_steps,
)
from racebook.rf90.ui.trackview import DEFAULT_MARGINS, ROUTE_MARGINS  # noqa: E402


def before_lb(name: str) -> racebook.Race:
    sc = racebook.rf90.scenario.load(name, play=False)
    race = sc.race
    for a in sc.actions:
        if "late-brake" in a:
            break
        race.apply(a)
    return race


def forced_robot_lb() -> racebook.Race:
    """§15.4 / AMB-29: Blue holds the orange pawn and forces the Fast robot to late-brake (70 - 20 = 50)."""
    r = racebook.rf90.scenario.build({
        "scenario": {"id": "t", "track": "silverstone", "seed": 3,
                     "position": "silverstone turn=6 lap=2 | Priory: Red*{played} | Vale: Fast1 | Stowe: Blue{played}"},
        "cars": {"Fast1": {"kind": "robot", "robot": "fast"}, "Blue": {"target": "R88", "hand": ["R10"]},
                 "Red": {"target": "R87"}},
        "race": {"orange": "Blue"}, "deck": {"stack": ["R61", "R31"]}})
    r.apply("Blue force Fast1 lb")
    return r


def near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < 1e-9


# ---------------------------------------------------------------- reading routes
def test_describe_route_lists_every_path() -> None:
    text = describe_route(racebook.load_track("monza"), "Ascari-brake")
    assert text.splitlines() == [
        "ascari-lb (manual):",
        "  normal test -20 → pass → pay 1 tyre chip(s), no cards (§18.1), -2 MP next turn (time loss) → re-entry "
        "point beside Ascari-2",
        "  normal test -20 → fail → draw 2 wear token(s), -3 MP next turn (time loss) → re-entry point beside "
        "Ascari-2",
    ]
    assert "Crash Out" in describe_route(racebook.load_track("silverstone"), "Stowe-brake")
    with pytest.raises(ValueError, match="no LB symbol"):
        describe_route(racebook.load_track("monza"), "Ascari-1")


def test_route_steps_follow_ex_34() -> None:
    """The failed LB puts Blue on the first test; the passed recovery test moves him to the green arrow's
    symbols; on the re-entry point the episode ends and the whole trail stays."""
    race = racebook.load_scenario("ex34").race
    steps = route_steps(race)
    assert len(steps) == len(race.events)
    kinds = [(e.kind, getattr(e, "rule", "")) for e in race.events]
    lb = kinds.index(("CheckTest", "§13.F.1"))
    rec = kinds.index(("CheckTest", "§18.1"))
    assert all(s is None for s in steps[:lb])
    assert steps[lb].node == "t1" and steps[lb].trail == ("t1",) and steps[lb].route == "ascari-lb"
    assert steps[rec].node == "pass" and steps[rec].trail == ("t1", "pass")
    placed = next(i for i, f in enumerate(race.frames) if "Blue" in f.off_track)
    assert steps[placed].node is None and steps[placed].trail == ("t1", "pass", "in")
    assert steps[-1] == steps[placed]


def test_route_steps_follow_an_et_chart_and_a_forced_robot() -> None:
    race = racebook.load_scenario("ex33").race
    steps = [s for s in route_steps(race) if s is not None]
    assert steps[0].route == "lesmo1-et" and steps[0].zone == "Lesmo1-exit"
    # the failed ET, then the car leaving the ET spot (§18.2) — both at the recovery test — then its result
    assert [s.node for s in steps[:4]] == ["t1", "t1", "pass", "pass"]
    assert steps[-1].node is None and steps[-1].trail == ("t1", "pass", "back")
    robot = [s for s in route_steps(forced_robot_lb()) if s is not None]
    assert robot[0].car == "Fast1" and robot[0].route == "abbey-lb" and robot[-1].trail == ("t1", "pass", "in-Abbey")


# ---------------------------------------------------------------- the track view
def test_show_route_draws_tests_arrows_reentry_and_retire() -> None:
    track = racebook.load_track("silverstone")
    view = TrackView(track)
    assert view.margins == DEFAULT_MARGINS
    view.show_route("Stowe-brake")  # a braking zone: its off-track route
    assert view.routes == ("stowe-lb",) and view.margins == ROUTE_MARGINS
    assert list(view.m_route_tests.colors) == ["#111"]  # one blind test: black disc (§13.D.2)
    assert len(view.m_route_retire.x) == 1 and len(view.m_reentry.x) == 1
    assert "Crash Out" in list(view.m_route_labels.text) and "-20" in list(view.m_route_labels.text)
    assert set(view.reentry_xy) == {"Stowe-exit"}
    view.show_route(["copse-lb", "Becketts-2.et1" if any(t.id == "Becketts-2.et1" for t in track.trajectories)
                     else "becketts-et"])
    assert view.routes == ("copse-lb", "becketts-et")
    assert sorted(view.m_route_tests.colors) == sorted(["white", "#111", "#111"])
    assert "SC" in " ".join(view.m_route_labels.text)
    assert "becketts-et" in view.route_legend.value and "ET recovery chart" in view.route_legend.value
    view.show_route(None)
    assert view.routes == () and len(view.m_route.x) == 0 and view.margins == DEFAULT_MARGINS
    assert view.route_legend.value == ""
    with pytest.raises(ValueError, match="no LB symbol"):
        view.show_route("Copse")


def test_route_nodes_lie_outside_the_band_and_reentry_beside_its_section() -> None:
    track = racebook.load_track("monza")
    view = TrackView(track)
    view.show_route("ascari-lb")
    lay = view.layout
    for (_rid, nid), (x, y) in view.route_xy.items():
        r = math.hypot(x, y)
        assert r > 0, nid
    assert near(view.reentry_xy["Ascari-2"], lay.at("Ascari-2", 0.5, 1.6))


def test_off_track_cars_wait_on_the_reentry_point() -> None:
    """§18.5: a car at the re-entry point is drawn there (and labelled 'off track'), with or without a route."""
    race = racebook.load_scenario("ex34").race
    view = TrackView(race.state.track, race.state.cars)
    view.show(frame_of(race.state))
    assert near(view.positions["Blue"], view.layout.at("Ascari-2", 0.5, 1.6))
    assert "Blue (off track)" in list(view.m_car_labels.text)
    assert len(view.m_reentry.x) == 1
    view.show_route("Ascari-brake")
    view.show(frame_of(race.state))
    assert near(view.positions["Blue"], view.reentry_xy["Ascari-2"])


def test_player_moves_the_car_along_the_route() -> None:
    sc = racebook.load_scenario("ex34")
    p = LateBrakingPlayer(sc)
    assert p.view.routes == ("ascari-lb",) and not p.errors.errors
    kinds = [(e.kind, getattr(e, "rule", "")) for e in p.race.events]
    lb = kinds.index(("CheckTest", "§13.F.1")) + 1  # stepper positions are 1-based
    rec = kinds.index(("CheckTest", "§18.1")) + 1
    p.go(lb - 1)
    assert len(p.view.m_route_trail.x) == 0
    p.go(lb)
    assert near(p.view.positions["Blue"], p.view.route_xy[("ascari-lb", "t1")])
    p.go(rec)
    assert near(p.view.positions["Blue"], p.view.route_xy[("ascari-lb", "pass")])
    assert len(p.view.m_route_trail.x) == 2  # braking zone → t1 → pass
    p.go(p.stepper.count)
    assert near(p.view.positions["Blue"], p.view.reentry_xy["Ascari-2"])
    assert len(p.view.m_route_trail.x) == 3
    assert not p.errors.errors


def test_player_draws_a_chosen_route_for_a_successful_late_braking() -> None:
    p = LateBrakingPlayer(racebook.load_scenario("ex38"), route="Stowe-brake")
    assert p.view.routes == ("stowe-lb",)
    p.go(p.stepper.count)
    assert p.view._cursor is None and not p.errors.errors


# ---------------------------------------------------------------- the panel
def test_panel_opens_on_the_race_and_matches_the_engine() -> None:
    race = before_lb("ex34")
    panel = LateBrakingPanel(race)
    s = race.state
    expected = odds.late_braking_now(s, s.cars["Blue"])
    assert panel.result == expected
    assert panel.w_track.value == "monza" and panel.w_zone.value == "Ascari-brake"
    assert (panel.w_tc.value, panel.w_lb.value) == (77, -10)
    text = panel.report()
    assert "target 67 = TC 77 -10 LB" in text and "P(success) = 68.8 % (64/93)" in text
    gains, costs, probs = panel.bar_values()
    assert list(panel.bars_v.y) == pytest.approx(gains + costs)
    assert list(panel.bars_p.y) == pytest.approx(probs)
    assert probs[0] == pytest.approx(float(expected.p_success) * 100)
    assert not panel.errors.errors


def test_panel_controls_update_in_place() -> None:
    panel = LateBrakingPanel(before_lb("ex34"))
    fig, bars = panel.fig_v, panel.bars_v
    panel.set(rain=True)
    assert panel.result is not None and panel.result.target == 47
    panel.set(reflexes=True)
    assert panel.result.target == 67
    panel.set(track="silverstone")
    assert panel.w_zone.value == "Copse-brake" and panel.w_lb.value == -10
    assert [v for _, v in panel.w_zone.options] == ["Copse-brake", "Stowe-brake", "Abbey-brake", "Priory-brake",
                                                    "Woodcote-brake"]
    panel.set(zone="Stowe-brake", rain=False, reflexes=False, tc=55)
    assert panel.w_lb.value == -20 and panel.result.target == 35  # Ex. 38's risky 55 - 20
    assert panel.result.on_failure.p_retire > 0
    assert panel.view is not None and panel.view.routes == ("stowe-lb",)
    panel.set(hazard=True, empty=True)
    assert panel.result.sections_on_success == 2
    panel.set(empty=False)
    assert panel.result.sections_on_success == 1
    panel.set(lb=0)
    assert panel.result.target == 55
    assert panel.fig_v is fig and panel.bars_v is bars
    with pytest.raises(KeyError, match="unknown control"):
        panel.set(weather="rain")
    assert not panel.errors.errors


def test_panel_without_a_race_uses_the_whole_deck() -> None:
    panel = LateBrakingPanel(track="teaching", show_track=False)
    assert panel.view is None and panel.w_zone.value == "K"
    r = panel.result
    assert r is not None and r.pool_size == 98 and r.target == 60  # TC 70 (no panel) - 10
    assert r.p_success == odds.p_at_most([c for c in range(1, 100) if c != 70], 60)


def test_panel_and_player_without_bqplot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebooks 05a/05b offline (issue 34 item 4): the panel's two bar charts are SVG with the same heights' order,
    its track view is the SVG view; the late-braking player steps with the SVG view."""
    import sys
    import xml.etree.ElementTree as ET

    from racebook.rf90.ui.svgview import SvgTrackView

    monkeypatch.setitem(sys.modules, "bqplot", None)
    panel = LateBrakingPanel()
    assert panel.bars_v is None and isinstance(panel.view, SvgTrackView)
    gains, costs, probs = panel.bar_values()
    svg = "{http://www.w3.org/2000/svg}"
    for fig, values in ((panel.fig_v, gains + costs), (panel.fig_p, probs)):
        bars = [r for r in ET.fromstring(fig.value).iter(f"{svg}rect") if r.find(f"{svg}title") is not None]
        heights = [float(b.get("height", "0")) for b in bars]
        assert len(bars) == len(values) and sorted(range(len(values)), key=heights.__getitem__) == sorted(
            range(len(values)), key=values.__getitem__)
    before = panel.fig_p.value
    panel.w_tc.value = 30
    assert panel.fig_p.value != before and panel.bar_values()[2][0] < probs[0]
    player = LateBrakingPlayer(racebook.load_scenario("ex34"))
    assert isinstance(player.view, SvgTrackView)
    first = player.view.picture.value
    player.go(player.stepper.count)
    assert player.view.picture.value != first and not player.errors.errors
